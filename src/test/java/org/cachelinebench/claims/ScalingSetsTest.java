package org.cachelinebench.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.cachelinebench.harness.pin.CpuTopology;
import org.cachelinebench.harness.pin.Place;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scaling profile's points: which a machine runs and the one line naming those it skips; every point with its
 * A/A control; none of it in the CI or full profiles.
 */
class ScalingSetsTest {
    @TempDir
    Path tmp;

    @Test
    void aTwoVcpuVmRunsTheTwoCpuPointsUnderOneL3AndSaysWhatItSkips() throws Exception {
        CpuTopology vm = CpuTopology.read(fake(tmp, 2, "0", "0-1", false));
        ScalingSets.Plan plan = ScalingSets.plan(vm, List.of(0, 1));
        assertEquals(List.of("scaling-ipi-l3-2", "scaling-execl-l3-2", "scaling-readers-l3-2"), plan.profile().sets());
        assertEquals("scaling: runs l3 at 2 CPUs; skipped: smt (place=smt: this machine has no two CPUs that share a "
                + "core (cpus 0-1 are 2 cores)); l3 from 4 CPUs (place=l3: 4 threads need 4 cores under one L3; this "
                + "machine has at most 2 (L3s of cpus 0-1)); socket (place=socket: this machine has no socket with two "
                + "L3 caches (each socket has 1): it would be place=l3); all (place=all: this machine has one socket "
                + "(physical_package_id 0): it would be place=socket or place=l3)", plan.skipped());
        assertFalse(plan.skipped().contains("\n"));
    }

    @Test
    void sixteenCpusWithSmtFitTheBudget() throws Exception {
        CpuTopology t = CpuTopology.read(fake(tmp, 16, "0", "0-15", true));
        ScalingSets.Plan plan = ScalingSets.plan(t, rangeTo(15));
        Profile p = plan.profile();
        // smt at 2..16 and l3 at 2..8: 7 points of 5 + 3 + 3 forks
        assertEquals(7 * 3, p.sets().size());
        int forks = p.sets().stream().mapToInt(id -> Suite.set(id).variants().size()).sum();
        assertEquals(7 * 11, forks);
        double seconds = p.rounds() * forks * (p.forkOverheadSeconds()
                + (p.warmup().count() * p.warmup().millis() + p.measurement().count() * p.measurement().millis()) / 1000.0);
        assertTrue(seconds <= 20 * 60 && seconds <= p.budgetSeconds(), seconds + " s");
    }

    @Test
    void everyPointHasItsAaControlAndRunsItsThreads() {
        for (ComparisonSet s : ScalingSets.SETS) {
            ScalingSets.Point point = ScalingSets.Point.of(s.id());
            assertNotNull(point, s.id());
            for (Variant v : s.variants()) {
                assertEquals(point.cpus(), v.threads(), s.id() + " " + v.id());
                assertEquals(point.place().value(), v.params().get(Place.PARAM), s.id() + " " + v.id());
            }
            List<Claim> claims = ScalingSets.CLAIMS.stream().filter(c -> c.set().equals(s.id())).toList();
            assertTrue(claims.stream().anyMatch(c -> c.subject().endsWith(ScalingSets.AGAIN)), s.id() + " has an A/A");
            for (Claim c : claims) {
                assertFalse(c.expect().checked(), c.id() + " gates nothing");
                Variant subject = s.variant(c.subject());
                Variant reference = s.variant(c.reference());
                if (c.subject().endsWith(ScalingSets.AGAIN)) {
                    assertEquals(reference.params(), subject.params(), c.id() + ": the same variant twice");
                }
            }
            assertNotNull(Suite.set(s.id()));
        }
    }

    @Test
    void theDefaultProfilesRunNoneOfIt() {
        for (Profile p : Suite.PROFILES) {
            assertTrue(p.sets().stream().noneMatch(id -> id.startsWith("scaling-")), p.name());
        }
        assertThrows(IllegalArgumentException.class, () -> Suite.profile("scale"));
    }

    private static List<Integer> rangeTo(int last) {
        return java.util.stream.IntStream.rangeClosed(0, last).boxed().toList();
    }

    /**
     * A sysfs tree of {@code cpus} CPUs in one package and one L3; with {@code smt}, cpu N and N + cpus/2 are
     * siblings (written here as harness.pin.FakeSysfs does).
     */
    static Path fake(Path root, int cpus, String pkg, String l3, boolean smt) throws Exception {
        for (int cpu = 0; cpu < cpus; cpu++) {
            int core = smt ? cpu % (cpus / 2) : cpu;
            String siblings = smt ? core + "," + (core + cpus / 2) : String.valueOf(cpu);
            Path dir = root.resolve("cpu" + cpu);
            write(dir.resolve("topology/core_id"), core + "\n");
            write(dir.resolve("topology/physical_package_id"), pkg + "\n");
            write(dir.resolve("topology/core_cpus_list"), siblings + "\n");
            write(dir.resolve("cache/index3/level"), "3\n");
            write(dir.resolve("cache/index3/shared_cpu_list"), l3 + "\n");
            write(dir.resolve("cache/index3/coherency_line_size"), "64\n");
        }
        return root;
    }

    private static void write(Path file, String text) throws Exception {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
