package org.cachelinebench.harness.pin;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.cachelinebench.testing.MachineAssumption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;

class ThreadPinningTest {

    @Test
    void parsesAndFormatsKernelCpuLists() {
        assertEquals(List.of(0, 1, 2, 3, 8, 10, 11), ThreadPinning.parseCpuList(" 0-3,8,10-11\n"));
        assertEquals(List.of(), ThreadPinning.parseCpuList(""));
        assertEquals("0,1,5", ThreadPinning.formatCpuList(List.of(0, 1, 5)));
        assertThrows(IllegalArgumentException.class, () -> ThreadPinning.parseCpuList("3-1"));
        assertThrows(IllegalArgumentException.class, () -> ThreadPinning.parseCpuList("a"));
    }

    @Test
    void pinParamParsesOnlyOffAndOn() {
        assertEquals(Pin.OFF, Pin.parse("off"));
        assertEquals(Pin.ON, Pin.parse("on"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Pin.parse("maybe"));
        assertTrue(e.getMessage().contains("'maybe'"));
        Pin.check("off");
    }

    @Test
    @Timeout(value = 60, unit = SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
    void threadIdsAreThisProcessesTasks() throws Exception {
        MachineAssumption.require(Files.isSymbolicLink(Path.of("/proc/thread-self")), "no /proc/thread-self (not Linux 3.17+)");
        int mine = ThreadPinning.currentThreadId();
        assertTrue(Files.isDirectory(Path.of("/proc/self/task/" + mine)), "TID " + mine + " is a task of this process");
        AtomicReference<Integer> other = new AtomicReference<>();
        Thread t = new Thread(() -> other.set(ThreadPinning.currentThreadId()));
        t.start();
        t.join(10_000);
        assertFalse(t.isAlive(), "the other thread ended");
        assertNotEquals(mine, (int) other.get());
    }

    /** Pins a fresh thread (never the test runner's) and checks the kernel's word for it. */
    @Test
    @Timeout(value = 60, unit = SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
    void pinsOneThreadAndLeavesTheOthers() throws Exception {
        String why = ThreadPinning.unavailableReason();
        MachineAssumption.require(why == null, "pinning unavailable here: " + why);
        Pin.check("on");
        List<Integer> before = ThreadPinning.allowedCpus();
        int target = before.get(before.size() - 1);
        AtomicReference<Object> seen = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                ThreadPinning.pinCurrentThread(target);
                List<Integer> pinned = ThreadPinning.allowedCpus();
                ThreadPinning.pinCurrentThread(before);
                seen.set(List.of(pinned, ThreadPinning.allowedCpus()));
            } catch (Throwable e) {
                seen.set(e);
            }
        });
        t.start();
        t.join(30_000);                 // taskset runs twice, each bounded by ThreadPinning's own timeout
        assertFalse(t.isAlive(), "the pinned thread ended");
        assertTrue(seen.get() instanceof List, String.valueOf(seen.get()));
        List<?> r = (List<?>) seen.get();
        assertEquals(List.of(target), r.get(0));
        assertEquals(before, r.get(1));
        assertEquals(before, ThreadPinning.allowedCpus(), "the test thread was not touched");
    }

    /**
     * The reason is null exactly when the machine offers what pinning needs, read here from other
     * sources than ThreadPinning's: the {@code Cpus_allowed} bit mask (not the list) and the shell's
     * {@code command -v}. A reason is one line, and it is what {@code -p pin=on} reports.
     */
    @Test
    @Timeout(value = 60, unit = SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
    void theReasonIsNullExactlyWhenTheMachineAllowsPinning() throws Exception {
        Path threadSelf = Path.of("/proc/thread-self");
        boolean procfs = Files.isSymbolicLink(threadSelf);
        int cpus = procfs ? allowedCpusFromMask(threadSelf.resolve("status")) : 0;
        Process p = new ProcessBuilder("sh", "-c", "command -v taskset").redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(30, SECONDS), "sh -c 'command -v taskset' did not finish");
        boolean taskset = p.exitValue() == 0;

        String why = ThreadPinning.unavailableReason();
        assertEquals(procfs && cpus >= 2 && taskset, why == null, "reason: " + why + " (/proc/thread-self: " + procfs
                + ", CPUs allowed: " + cpus + ", taskset on PATH: " + taskset + ")");
        if (why == null) {
            Pin.check("on");
        } else {
            assertFalse(why.isBlank() || why.contains("\n"), why);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Pin.check("on"));
            assertEquals("pin=on is not possible here: " + why, e.getMessage());
        }
    }

    /** Bits set in the hexadecimal {@code Cpus_allowed} mask, e.g. "ff,ffffffff". */
    private static int allowedCpusFromMask(Path status) throws Exception {
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("Cpus_allowed:")) {
                return new BigInteger(line.substring(line.indexOf(':') + 1).trim().replace(",", ""), 16).bitCount();
            }
        }
        throw new AssertionError(status + " has no Cpus_allowed line");
    }
}
