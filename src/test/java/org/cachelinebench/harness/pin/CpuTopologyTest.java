package org.cachelinebench.harness.pin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.cachelinebench.harness.pin.CpuTopology.Cpu;
import org.cachelinebench.harness.pin.CpuTopology.Relation;
import org.cachelinebench.testing.MachineAssumption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The topology read from fake sysfs trees of three kinds of machine, and from this machine's own. */
class CpuTopologyTest {
    @TempDir
    Path tmp;

    @Test
    void aTwoVcpuVmHasTwoCoresUnderOneL3() {
        CpuTopology t = CpuTopology.read(FakeSysfs.twoVcpuVm(tmp));
        assertEquals(List.of(0, 1), ids(t));
        assertEquals(Relation.SAME_L3, t.relation(0, 1));
        assertEquals(Relation.SAME_L3, t.relation(1, 0));
        assertEquals(List.of(List.of(0), List.of(1)), t.cores(List.of(0, 1)));
        assertEquals(List.of(List.of(0, 1)), t.l3Groups(List.of(0, 1)));
        assertEquals("separate cores sharing an L3: core_id 0, 1; L3 shared by cpus 0-1", t.describe(0, 1));
        assertEquals(64, t.cpu(0).orElseThrow().lineSize());
    }

    @Test
    void smtSiblingsShareACoreAndOtherCoresShareTheL3() {
        CpuTopology t = CpuTopology.read(FakeSysfs.smt(tmp));
        assertEquals(Relation.SAME_CORE, t.relation(0, 4));
        assertEquals(Relation.SAME_CORE, t.relation(7, 3));
        assertEquals(Relation.SAME_L3, t.relation(0, 1));
        assertEquals(Relation.SAME_L3, t.relation(0, 5));
        assertEquals(List.of(List.of(0, 4), List.of(1, 5), List.of(2, 6), List.of(3, 7)), t.cores(FakeSysfs.range(0, 7)));
        assertEquals(List.of(List.of(0), List.of(1)), t.cores(List.of(0, 1)), "only the CPUs asked about");
        assertEquals("same core (SMT siblings): core_id 0, 0; L3 shared by cpus 0-7", t.describe(0, 4));
    }

    @Test
    void twoL3sAreCrossedBetweenTheirCores() {
        CpuTopology t = CpuTopology.read(FakeSysfs.twoL3(tmp));
        assertEquals(Relation.SAME_L3, t.relation(0, 3));
        assertEquals(Relation.CROSS_L3, t.relation(3, 4));
        assertEquals(List.of(List.of(0, 1, 2, 3), List.of(4, 5, 6, 7)), t.l3Groups(FakeSysfs.range(0, 7)));
        assertEquals("separate L3 caches: core_id 3, 4; L3s of cpus 0-3 and 4-7", t.describe(3, 4));
    }

    @Test
    void coreIdRepeatsAcrossSocketsAndIsNotTakenForOneCore() {
        CpuTopology t = CpuTopology.read(FakeSysfs.twoSockets(tmp));
        assertEquals(0, t.cpu(0).orElseThrow().coreId());
        assertEquals(0, t.cpu(2).orElseThrow().coreId());
        assertEquals(Relation.CROSS_L3, t.relation(0, 2));
        assertEquals("separate L3 caches: core_id 0, 0, packages 0, 1; L3s of cpus 0-1 and 2-3", t.describe(0, 2));
    }

    @Test
    void olderKernelsNameTheCoreInThreadSiblingsList() {
        Path root = FakeSysfs.smt(tmp);
        for (int cpu = 0; cpu < 8; cpu++) {
            FakeSysfs.delete(root.resolve("cpu" + cpu + "/topology/core_cpus_list"));
        }
        CpuTopology t = CpuTopology.read(root);
        assertEquals(Relation.SAME_CORE, t.relation(1, 5));
        assertEquals(List.of(1, 5), t.cpu(5).orElseThrow().coreCpus());
    }

    @Test
    void withoutAnL3SeparateCoresAreAllThatIsKnown() {
        Path root = FakeSysfs.machine(tmp, 2, c -> c, c -> 0, String::valueOf, c -> null);
        CpuTopology t = CpuTopology.read(root);
        assertFalse(t.cpu(0).orElseThrow().hasL3());
        assertEquals(Relation.SEPARATE_CORES, t.relation(0, 1));
        assertEquals(List.of(), t.l3Groups(List.of(0, 1)));
        assertEquals("separate cores (no L3 in sysfs): core_id 0, 1", t.describe(0, 1));
    }

    @Test
    void anOfflineCpuWithoutTopologyIsLeftOut() throws Exception {
        Path root = FakeSysfs.twoL3(tmp);
        Files.createDirectories(root.resolve("cpu8"));   // offline: Linux removes its topology directory
        Files.createDirectories(root.resolve("cpufreq"));
        CpuTopology t = CpuTopology.read(root);
        assertEquals(FakeSysfs.range(0, 7), ids(t));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> t.relation(0, 8));
        assertEquals("cpu 8 is not on this machine (cpus 0-7)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> t.relation(3, 3));
    }

    @Test
    void aBrokenTreeIsOneLineNamingTheFile() {
        IllegalStateException empty = assertThrows(IllegalStateException.class, () -> CpuTopology.read(tmp));
        assertEquals(tmp + " describes no CPU (no cpuN/topology/core_id)", empty.getMessage());
        Path root = FakeSysfs.twoVcpuVm(tmp);
        FakeSysfs.write(root.resolve("cpu1/topology/core_id"), "one\n");
        IllegalStateException bad = assertThrows(IllegalStateException.class, () -> CpuTopology.read(root));
        assertEquals(root.resolve("cpu1/topology/core_id") + ": 'one' is not a number", bad.getMessage());
    }

    @Test
    void rangesAreWrittenAsTheKernelWritesThem() {
        assertEquals("0-3,8,10-11", CpuTopology.formatRanges(List.of(11, 0, 1, 2, 3, 8, 10)));
        assertEquals("5", CpuTopology.formatRanges(List.of(5)));
        assertEquals("", CpuTopology.formatRanges(List.of()));
    }

    /**
     * This machine's sysfs, read back against the files themselves: every online CPU is there, and two CPUs are
     * called one core exactly when thread_siblings_list says so.
     */
    @Test
    void thisMachinesTopologyMatchesItsSysfs() throws Exception {
        Path online = CpuTopology.SYSFS.resolve("online");
        MachineAssumption.require(Files.isReadable(online), "no " + online + " (not Linux)");
        CpuTopology t = CpuTopology.system();
        assertEquals(ThreadPinning.parseCpuList(Files.readString(online)), ids(t));
        for (Cpu a : t.cpus()) {
            List<Integer> siblings = ThreadPinning.parseCpuList(
                    Files.readString(CpuTopology.SYSFS.resolve("cpu" + a.id() + "/topology/thread_siblings_list")));
            for (Cpu b : t.cpus()) {
                if (a.id() != b.id()) {
                    assertEquals(siblings.contains(b.id()), t.relation(a.id(), b.id()) == Relation.SAME_CORE,
                            "cpus " + a.id() + ", " + b.id());
                }
            }
        }
        assertTrue(t.cpus().stream().allMatch(c -> c.coreCpus().contains(c.id())));
    }

    private static List<Integer> ids(CpuTopology t) {
        List<Integer> out = new ArrayList<>();
        t.cpus().forEach(c -> out.add(c.id()));
        return out;
    }
}
