package org.cachelinebench.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonObject;
import org.cachelinebench.harness.pin.CpuTopology;
import org.cachelinebench.harness.pin.Place;
import org.cachelinebench.harness.pin.ThreadPinning;
import org.cachelinebench.harness.pin.ThreadPlacement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The many-CPU benchmarks as a user runs them, briefly: more threads than this machine's 2 vCPUs finish (the waits
 * yield and poll the stop), each fork prints its units' lines and its placement, the counters are reported, and a
 * wrong thread count or place is refused in one line. Never speed.
 */
class ScalingBenchmarksIT {
    static final String SCALING = "^org\\.cachelinebench\\.benchmarks\\.scaling\\.";
    static final List<String> SHORT = List.of("-f", "1", "-wi", "1", "-w", "200ms", "-i", "1", "-r", "200ms");

    /** Why this machine cannot place two threads so, or null when it can (or cannot pin at all). */
    private static String lacks(Place place) {
        if (ThreadPinning.unavailableReason() != null) {
            return null;
        }
        try {
            ThreadPlacement.of(place, 2, CpuTopology.system(), ThreadPinning.allowedCpus());
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    @Test
    void threeSendersOnTwoVcpusFinish(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("result.json");
        List<String> args = new ArrayList<>(List.of(SCALING + "IpiMany\\."));
        args.addAll(SHORT);
        args.addAll(List.of("-t", "4", "-p", "senders=3", "-p", "targets=1", "-p", "align=8", "-p", "start=48",
                "-rf", "json", "-rff", json.toString()));
        IpiBenchmarksIT.Run r = IpiBenchmarksIT.run(List.of(), args, dir, 120);
        assertEquals(0, r.exit, r.describe());
        assertTrue(r.stdout.contains("# IpiMany smp_call_function_many_cond, sync, doorbell IPI: align 8, first csd at "
                + "byte 48 of its line, 3 sender(s), 1 target(s): lines of target 0's unit: line 3 senders 0; line 4 "
                + "senders 0,1,2; line 5 senders 2; straddling: senders 0,2"), r.describe());
        assertTrue(r.stdout.contains("# place=off: 4 threads, not pinned"), r.describe());
        Map<String, JsonObject> entries = IpiBenchmarksIT.entries(json);
        assertEquals(1, entries.size(), entries.keySet().toString());
        JsonObject e = entries.values().iterator().next();
        assertTrue(e.getAsJsonObject("secondaryMetrics").has("calls"), e.toString());
    }

    @Test
    void execlWithReadersFinishesPinnedUnderOneL3(@TempDir Path dir) throws Exception {
        List<String> args = new ArrayList<>(List.of(SCALING + "ChunkExecl\\."));
        args.addAll(SHORT);
        args.addAll(List.of("-t", "3", "-p", "allocators=1", "-p", "layout=v6.4-rc4"));
        IpiBenchmarksIT.Run r = IpiBenchmarksIT.run(List.of(), args, dir, 120);
        assertEquals(0, r.exit, r.describe());
        assertTrue(r.stdout.contains("# execl: 1 allocator(s) (pcpu_alloc + free_percpu), 2 reader(s)"), r.describe());
    }

    @Test
    void aWrongThreadCountFailsTheForkInOneLineAndABadPlaceBeforeIt(@TempDir Path dir) throws Exception {
        List<String> args = new ArrayList<>(List.of(SCALING + "IpiMany\\."));
        args.addAll(SHORT);
        args.addAll(List.of("-t", "2", "-p", "senders=2", "-p", "targets=2"));
        IpiBenchmarksIT.Run r = IpiBenchmarksIT.run(List.of(), args, dir, 60);
        assertNotEquals(0, r.exit, r.describe());
        assertTrue(r.stdout.contains("senders=2 targets=2 needs -t 4, not -t 2"), r.describe());

        IpiBenchmarksIT.Run bad = IpiBenchmarksIT.run(List.of(), List.of(SCALING + "IpiMany\\.", "-p", "place=near"), dir, 60);
        assertEquals(2, bad.exit, bad.describe());
        assertEquals("benchmarks.jar: -p place=near: place must be 'off', 'smt', 'l3', 'socket' or 'all', not 'near'",
                bad.stderr.strip(), bad.describe());

        // A class this machine lacks is refused before any fork, in one line naming the machine's facts.
        for (Place place : List.of(Place.SMT, Place.SOCKET, Place.ALL)) {
            String lacks = lacks(place);
            if (lacks != null) {
                IpiBenchmarksIT.Run refused = IpiBenchmarksIT.run(List.of(),
                        List.of(SCALING + "IpiMany\\.", "-p", "place=" + place.value()), dir, 60);
                assertEquals(2, refused.exit, refused.describe());
                assertEquals("benchmarks.jar: -p place=" + place.value() + ": " + lacks, refused.stderr.strip());
            }
        }
    }
}
