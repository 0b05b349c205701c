package org.cachelinebench.harness.pin;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.cachelinebench.testing.MachineAssumption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.annotations.Param;

/** Which CPUs each pin value and cpus=A:B choose on fake machines, and the one line when there are none. */
class PinPlanTest {
    @TempDir
    Path tmp;

    // --- a 2-vCPU VM: two cores under one L3 -----------------------------------------------------------------

    @Test
    void onATwoVcpuVmOnlySameL3HasAPair() {
        CpuTopology vm = CpuTopology.read(FakeSysfs.twoVcpuVm(tmp));
        List<Integer> all = List.of(0, 1);
        assertEquals("this machine has no two CPUs that share a core: cpus 0 and 1 are separate cores (core_id 0, 1)",
                refused(() -> PinPlan.of(Pin.SAME_CORE, "", vm, all)));
        assertEquals("this machine has no two CPUs in different L3 caches: cpus 0 and 1 share one L3 "
                + "(shared_cpu_list 0-1)", refused(() -> PinPlan.of(Pin.CROSS_L3, "", vm, all)));
        PinPlan sameL3 = PinPlan.of(Pin.SAME_L3, "", vm, all);
        assertArrayEquals(new int[] {0, 1}, sameL3.firstPair());
        assertEquals(0, sameL3.cpuFor(0, 2, 0));
        assertEquals(1, sameL3.cpuFor(0, 2, 1));
        assertEquals("pin=same-l3: cpus 0 and 1 for the group's threads in -tg order (separate cores sharing an L3: core_id 0, 1; "
                + "L3 shared by cpus 0-1)", sameL3.describe());
        IllegalStateException second = assertThrows(IllegalStateException.class, () -> sameL3.cpuFor(1, 2, 0));
        assertEquals("pin=same-l3 has 1 pair(s) of CPUs here, not one for group 2: run fewer groups", second.getMessage());
        IllegalStateException three = assertThrows(IllegalStateException.class, () -> sameL3.cpuFor(0, 3, 0));
        assertEquals("pin=same-l3 pins a pair of threads, not a group of 3", three.getMessage());
    }

    // --- SMT: 4 cores x 2 threads, one L3 ----------------------------------------------------------------------

    @Test
    void onAnSmtMachineSameCoreTakesSiblingsAndEachGroupItsOwnCore() {
        CpuTopology smt = CpuTopology.read(FakeSysfs.smt(tmp));
        List<Integer> all = FakeSysfs.range(0, 7);
        PinPlan sameCore = PinPlan.of(Pin.SAME_CORE, "", smt, all);
        assertEquals(List.of(0, 4, 1, 5, 2, 6, 3, 7), cpus(sameCore, 4));
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), cpus(PinPlan.of(Pin.SAME_L3, "", smt, all), 4));
        assertEquals("this machine has no two CPUs in different L3 caches: cpus 0-7 all share one L3 "
                + "(shared_cpu_list 0-7)", refused(() -> PinPlan.of(Pin.CROSS_L3, "", smt, all)));
        // A process allowed one thread of each core has no siblings to pin to.
        assertEquals("the CPUs this process may use (0-3) have no two CPUs that share a core: cpus 0-3 are all "
                + "separate cores (core_id 0, 1, 2, 3)", refused(() -> PinPlan.of(Pin.SAME_CORE, "", smt, List.of(0, 1, 2, 3))));
        // ... and a process allowed only the two threads of one core no two cores.
        assertEquals("the CPUs this process may use (0,4) have no two separate cores that share an L3: cpus 0 and 4 "
                + "are threads of one core", refused(() -> PinPlan.of(Pin.SAME_L3, "", smt, List.of(0, 4))));
    }

    // --- two L3s (two CCXs) ------------------------------------------------------------------------------------

    @Test
    void onATwoL3MachineCrossL3PairsCoresOfBothCaches() {
        CpuTopology ccx = CpuTopology.read(FakeSysfs.twoL3(tmp));
        List<Integer> all = FakeSysfs.range(0, 7);
        assertEquals(List.of(0, 4, 1, 5, 2, 6, 3, 7), cpus(PinPlan.of(Pin.CROSS_L3, "", ccx, all), 4));
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), cpus(PinPlan.of(Pin.SAME_L3, "", ccx, all), 4));
        assertEquals("this machine has no two CPUs that share a core: cpus 0-7 are all separate cores "
                + "(core_id 0, 1, 2, 3, 4, 5, 6, 7)", refused(() -> PinPlan.of(Pin.SAME_CORE, "", ccx, all)));
        assertEquals("the CPUs this process may use (0,4) have no two separate cores that share an L3: each L3 holds "
                + "one core of them (L3s of cpus 0; 4)", refused(() -> PinPlan.of(Pin.SAME_L3, "", ccx, List.of(0, 4))));
        assertEquals("pin=cross-l3: cpus 0 and 4 for the group's threads in -tg order (separate L3 caches: core_id 0, 4; L3s of "
                + "cpus 0-3 and 4-7)", PinPlan.of(Pin.CROSS_L3, "", ccx, all).describe());
    }

    @Test
    void withoutAnL3InSysfsNeitherL3ValueCanBeMet() {
        CpuTopology bare = CpuTopology.read(FakeSysfs.machine(tmp, 2, c -> c, c -> 0, String::valueOf, c -> null));
        String why = refused(() -> PinPlan.of(Pin.SAME_L3, "", bare, List.of(0, 1)));
        assertTrue(why.startsWith("this machine has no two separate cores that share an L3: sysfs describes no L3 cache"), why);
        why = refused(() -> PinPlan.of(Pin.CROSS_L3, "", bare, List.of(0, 1)));
        assertTrue(why.startsWith("this machine has no two CPUs in different L3 caches: sysfs describes no L3 cache"), why);
        assertEquals(List.of(0, 1), cpus(PinPlan.of(Pin.ON, "", bare, List.of(0, 1)), 1));
    }

    // --- cpus=A:B ----------------------------------------------------------------------------------------------

    @Test
    void cpusNamesThePairAndPinChecksItsRelation() {
        CpuTopology ccx = CpuTopology.read(FakeSysfs.twoL3(tmp));
        List<Integer> all = FakeSysfs.range(0, 7);
        PinPlan given = PinPlan.of(Pin.OFF, " 6:2 ", ccx, all);
        assertTrue(given.pins(), "cpus pins even with the default pin=off");
        assertEquals(List.of(6, 2), cpus(given, 1));
        assertEquals("cpus=6:2: cpus 6 and 2 for the group's threads in -tg order (separate L3 caches: core_id 6, 2; L3s of cpus "
                + "4-7 and 0-3)", given.describe());
        assertEquals(List.of(6, 2), cpus(PinPlan.of(Pin.CROSS_L3, "6:2", ccx, all), 1));
        assertEquals("pin=same-l3 asks for separate cores sharing an L3, but cpus 6 and 2 are separate L3 caches: "
                + "core_id 6, 2; L3s of cpus 4-7 and 0-3", refused(() -> PinPlan.of(Pin.SAME_L3, "6:2", ccx, all)));
        assertEquals("cpu 9 is not on this machine (cpus 0-7)", refused(() -> PinPlan.of(Pin.OFF, "0:9", ccx, all)));
        assertEquals("cpu 5 is not allowed for this process (Cpus_allowed_list 0-3)",
                refused(() -> PinPlan.of(Pin.OFF, "0:5", ccx, List.of(0, 1, 2, 3))));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> given.cpuFor(1, 2, 0));
        assertEquals("cpus=6:2 has 1 pair(s) of CPUs here, not one for group 2: run fewer groups", e.getMessage());
    }

    @Test
    void cpusTakesExactlyTwoDistinctNumbersJoinedByAColon() {
        assertNull(PinPlan.parseCpus(""));
        assertNull(PinPlan.parseCpus("  "));
        assertArrayEquals(new int[] {3, 11}, PinPlan.parseCpus("3:11"));
        for (String bad : List.of("0", "1", "0,1", "a:b", "1:2:3", ":1", "-1:2")) {
            String why = refused(() -> PinPlan.parseCpus(bad));
            assertTrue(why.startsWith("cpus takes two CPUs as A:B (JMH splits -p values at commas"), why);
            assertTrue(why.endsWith("not '" + bad + "'"), why);
        }
        assertEquals("cpus 1:1: the two threads need two different CPUs", refused(() -> PinPlan.parseCpus("1:1")));
    }

    // --- on and off, as before ---------------------------------------------------------------------------------

    @Test
    void onTakesTheAllowedCpusInOrderAndWrapsAround() {
        CpuTopology ccx = CpuTopology.read(FakeSysfs.twoL3(tmp));
        PinPlan on = PinPlan.of(Pin.ON, "", ccx, List.of(1, 3, 5));
        assertEquals(List.of(1, 3, 5, 1, 3, 5), cpus(on, 3));
        assertArrayEquals(new int[] {1, 3}, on.firstPair());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> on.cpuFor(0, 4, 0));
        assertEquals("pin=on: a group of 4 threads cannot get distinct CPUs from 1,3,5", e.getMessage());
        PinPlan noTopology = PinPlan.of(Pin.ON, "", null, List.of(0, 1));
        assertEquals("pin=on: cpus 0 and 1 for the group's threads in -tg order (relation unknown: no CPU topology in sysfs)",
                noTopology.describe());
        assertEquals("pin=same-core needs the CPU topology from sysfs",
                refused(() -> PinPlan.of(Pin.SAME_CORE, "", null, List.of(0, 1))));
    }

    @Test
    void offPinsNothing() {
        PinPlan off = PinPlan.of(Pin.OFF, "", CpuTopology.read(FakeSysfs.twoVcpuVm(tmp)), List.of(0, 1));
        assertFalse(off.pins());
        assertEquals(-1, off.cpuFor(0, 2, 1));
        assertNull(off.firstPair());
        assertEquals("pin=off: threads not pinned", off.describe());
    }

    // --- the parameters ----------------------------------------------------------------------------------------

    @Test
    void pinParsesEveryValueAndNamesThemWhenWrong() throws Exception {
        for (Pin p : Pin.values()) {
            assertEquals(p, Pin.parse(p.value()));
        }
        assertEquals(CpuTopology.Relation.SAME_CORE, Pin.SAME_CORE.relation());
        assertEquals(CpuTopology.Relation.SAME_L3, Pin.SAME_L3.relation());
        assertEquals(CpuTopology.Relation.CROSS_L3, Pin.CROSS_L3.relation());
        assertNull(Pin.ON.relation());
        String why = refused(() -> Pin.parse("smt"));
        for (Pin p : Pin.values()) {
            assertTrue(why.contains(p.value()), why);
        }
        assertEquals(List.of(""), Arrays.asList(param("cpus").value()), "cpus defaults to empty: chosen by pin");
        assertEquals(List.of("off"), Arrays.asList(param("pin").value()));
        Pin.checkCpus("");
        Pin.check("off");
    }

    /**
     * On this machine, a relation value is refused exactly when no two allowed CPUs have it, read here straight
     * from sysfs's thread_siblings_list and the L3's shared_cpu_list; the message is one line.
     */
    @Test
    void thisMachineRefusesExactlyTheRelationsItLacks() throws Exception {
        String unavailable = ThreadPinning.unavailableReason();
        MachineAssumption.require(unavailable == null, "pinning unavailable here: " + unavailable);
        List<Integer> allowed = ThreadPinning.allowedCpus();
        boolean siblings = false, sharedL3 = false, crossL3 = false;
        for (int a : allowed) {
            Path cpu = CpuTopology.SYSFS.resolve("cpu" + a);
            List<Integer> core = ThreadPinning.parseCpuList(Files.readString(cpu.resolve("topology/thread_siblings_list")));
            List<Integer> l3 = l3Of(cpu);
            for (int b : allowed) {
                if (a == b) {
                    continue;
                }
                siblings |= core.contains(b);
                if (!core.contains(b) && l3 != null) {
                    sharedL3 |= l3.contains(b);
                    crossL3 |= !l3.contains(b) && l3Of(CpuTopology.SYSFS.resolve("cpu" + b)) != null;
                }
            }
        }
        assertAcceptedIff(siblings, "same-core");
        assertAcceptedIff(sharedL3, "same-l3");
        assertAcceptedIff(crossL3, "cross-l3");
        Pin.checkCpus(allowed.get(0) + ":" + allowed.get(1));
        String why = refused(() -> Pin.checkCpus(allowed.get(0) + ":100000"));
        assertTrue(why.startsWith("cpu 100000 is not on this machine"), why);
    }

    private static void assertAcceptedIff(boolean exists, String value) {
        if (exists) {
            Pin.check(value);
        } else {
            String why = refused(() -> Pin.check(value));
            assertTrue(why.startsWith("this machine has no two") || why.startsWith("the CPUs this process may use"), why);
        }
    }

    private static List<Integer> l3Of(Path cpu) throws Exception {
        Path cache = cpu.resolve("cache");
        if (!Files.isDirectory(cache)) {
            return null;
        }
        try (var indexes = Files.list(cache)) {
            for (Path index : indexes.filter(p -> p.getFileName().toString().startsWith("index")).toList()) {
                if (Files.readString(index.resolve("level")).strip().equals("3")) {
                    return ThreadPinning.parseCpuList(Files.readString(index.resolve("shared_cpu_list")));
                }
            }
        }
        return null;
    }

    // --- helpers -----------------------------------------------------------------------------------------------

    /** The CPUs of threads 0 and 1 of groups 0..groups-1. */
    // --- one socket with two L3s and SMT; two sockets ------------------------------------------------------------

    @Test
    void oneSocketWithTwoL3sAndSmtHasEveryRelation() {
        CpuTopology t = CpuTopology.read(FakeSysfs.oneSocketTwoL3Smt(tmp));
        List<Integer> all = FakeSysfs.range(0, 15);
        assertEquals(List.of(0, 8, 1, 9), cpus(PinPlan.of(Pin.SAME_CORE, "", t, all), 2));
        assertEquals(List.of(0, 1, 2, 3), cpus(PinPlan.of(Pin.SAME_L3, "", t, all), 2));
        assertEquals(List.of(0, 4, 1, 5), cpus(PinPlan.of(Pin.CROSS_L3, "", t, all), 2));
    }

    @Test
    void twoSocketsCrossTheirL3sBetweenSockets() {
        CpuTopology t = CpuTopology.read(FakeSysfs.twoSocketsSmt(tmp));
        List<Integer> all = FakeSysfs.range(0, 15);
        PinPlan cross = PinPlan.of(Pin.CROSS_L3, "", t, all);
        assertEquals(List.of(0, 4, 1, 5), cpus(cross, 2));
        assertEquals("pin=cross-l3: cpus 0 and 4 for the group's threads in -tg order (separate L3 caches: core_id 0, 0, "
                + "packages 0, 1; L3s of cpus 0-3,8-11 and 4-7,12-15)", cross.describe());
        assertEquals(List.of(0, 8), cpus(PinPlan.of(Pin.SAME_CORE, "", t, all), 1));
    }

    private static List<Integer> cpus(PinPlan plan, int groups) {
        List<Integer> out = new ArrayList<>();
        for (int g = 0; g < groups; g++) {
            out.add(plan.cpuFor(g, 2, 0));
            out.add(plan.cpuFor(g, 2, 1));
        }
        return out;
    }

    /** The message of the IllegalArgumentException {@code call} throws, checked to be one line. */
    private static String refused(Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertFalse(e.getMessage().isBlank() || e.getMessage().contains("\n"), e.getMessage());
        return e.getMessage();
    }

    private static Param param(String field) throws Exception {
        return PinnedThread.class.getField(field).getAnnotation(Param.class);
    }
}
