package org.cachelinebench.harness.pin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which CPUs each place class gives N threads on fake machines, and the one line when a machine lacks it. */
class ThreadPlacementTest {
    @TempDir
    Path tmp;

    private static final List<Integer> ALL16 = FakeSysfs.range(0, 15);

    @Test
    void oneSocketWithTwoL3sAndSmt() {
        CpuTopology t = CpuTopology.read(FakeSysfs.oneSocketTwoL3Smt(tmp));
        assertEquals(List.of(0, 8, 1, 9), cpus(Place.SMT, 4, t, ALL16), "both threads of a core before the next");
        assertEquals(ALL16.size(), cpus(Place.SMT, 16, t, ALL16).size());
        assertEquals(List.of(0, 1, 2, 3), cpus(Place.L3, 4, t, ALL16), "one thread per core, one L3");
        assertEquals(List.of(0, 4, 1, 5), cpus(Place.SOCKET, 4, t, ALL16), "the socket's two L3s in turn");
        assertEquals(List.of(0, 4, 1, 5, 2, 6, 3, 7), cpus(Place.SOCKET, 8, t, ALL16));
        assertEquals("place=l3: 8 threads need 8 cores under one L3; this machine has at most 4 (L3s of cpus "
                + "0-3,8-11; 4-7,12-15)", refused(Place.L3, 8, t, ALL16));
        assertEquals("place=all: this machine has one socket (physical_package_id 0): it would be place=socket or "
                + "place=l3", refused(Place.ALL, 2, t, ALL16));
        assertEquals("place=smt: 32 threads need 32 CPUs so placed; this machine has 16 CPUs in cores with SMT siblings",
                refused(Place.SMT, 32, t, ALL16));
        assertEquals("place=socket: 4 threads on cpus 0,4,1,5 (cores of socket 0, its L3s in turn)",
                ThreadPlacement.of(Place.SOCKET, 4, t, ALL16).describe());
    }

    @Test
    void twoSocketsOfOneL3Each() {
        CpuTopology t = CpuTopology.read(FakeSysfs.twoSocketsSmt(tmp));
        assertEquals(List.of(0, 4, 1, 5), cpus(Place.ALL, 4, t, ALL16), "the sockets in turn");
        assertEquals(List.of(0, 4, 1, 5, 2, 6, 3, 7), cpus(Place.ALL, 8, t, ALL16));
        assertEquals(List.of(0, 1), cpus(Place.L3, 2, t, ALL16));
        assertEquals("place=socket: this machine has no socket with two L3 caches (each socket has 1): it would be "
                + "place=l3", refused(Place.SOCKET, 2, t, ALL16));
        assertEquals("place=all: 16 threads need 16 CPUs so placed; this machine has 8 cores",
                refused(Place.ALL, 16, t, ALL16));
        assertEquals("place=all: 4 threads on cpus 0,4,1,5 (cores of 2 sockets in turn)",
                ThreadPlacement.of(Place.ALL, 4, t, ALL16).describe());
    }

    @Test
    void aTwoVcpuVmHasOnlyL3AtTwo() {
        CpuTopology t = CpuTopology.read(FakeSysfs.twoVcpuVm(tmp));
        List<Integer> both = List.of(0, 1);
        assertEquals(both, cpus(Place.L3, 2, t, both));
        assertEquals("place=smt: this machine has no two CPUs that share a core (cpus 0-1 are 2 cores)",
                refused(Place.SMT, 2, t, both));
        assertEquals("place=l3: 4 threads need 4 cores under one L3; this machine has at most 2 (L3s of cpus 0-1)",
                refused(Place.L3, 4, t, both));
        assertEquals("place=socket: this machine has no socket with two L3 caches (each socket has 1): it would be "
                + "place=l3", refused(Place.SOCKET, 2, t, both));
    }

    @Test
    void aProcessAllowedFewerCpusIsPlacedAmongThem() {
        CpuTopology t = CpuTopology.read(FakeSysfs.oneSocketTwoL3Smt(tmp));
        assertEquals("place=smt: the CPUs this process may use (0-7) have no two CPUs that share a core (cpus 0-7 are "
                + "8 cores)", refused(Place.SMT, 2, t, FakeSysfs.range(0, 7)));
        assertEquals(List.of(4, 5), cpus(Place.L3, 2, t, FakeSysfs.range(4, 7)));
    }

    @Test
    void offPinsNothingAndThreadsArePlacedInOrder() {
        CpuTopology t = CpuTopology.read(FakeSysfs.oneSocketTwoL3Smt(tmp));
        ThreadPlacement off = ThreadPlacement.of(Place.OFF, 3, t, ALL16);
        assertEquals(-1, off.cpuFor(2));
        ThreadPlacement l3 = ThreadPlacement.of(Place.L3, 3, t, ALL16);
        assertEquals(2, l3.cpuFor(2));
        assertEquals("place=l3 placed 3 threads, not thread 3",
                assertThrows(IllegalStateException.class, () -> l3.cpuFor(3)).getMessage());
        assertEquals("place must be 'off', 'smt', 'l3', 'socket' or 'all', not 'near'",
                assertThrows(IllegalArgumentException.class, () -> Place.parse("near")).getMessage());
    }

    private static List<Integer> cpus(Place p, int n, CpuTopology t, List<Integer> allowed) {
        return ThreadPlacement.of(p, n, t, allowed).cpus();
    }

    private static String refused(Place p, int n, CpuTopology t, List<Integer> allowed) {
        return assertThrows(IllegalArgumentException.class, () -> ThreadPlacement.of(p, n, t, allowed)).getMessage();
    }
}
