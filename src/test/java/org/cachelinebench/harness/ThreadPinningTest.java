package org.cachelinebench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

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
    void threadIdsAreThisProcessesTasks() throws Exception {
        assumeTrue(Files.isSymbolicLink(Path.of("/proc/thread-self")), "no /proc/thread-self (not Linux 3.17+)");
        int mine = ThreadPinning.currentThreadId();
        assertTrue(Files.isDirectory(Path.of("/proc/self/task/" + mine)), "TID " + mine + " is a task of this process");
        AtomicReference<Integer> other = new AtomicReference<>();
        Thread t = new Thread(() -> other.set(ThreadPinning.currentThreadId()));
        t.start();
        t.join();
        assertNotEquals(mine, (int) other.get());
    }

    /** Pins a fresh thread (never the test runner's) and checks the kernel's word for it. */
    @Test
    void pinsOneThreadAndLeavesTheOthers() throws Exception {
        String why = ThreadPinning.unavailableReason();
        assumeTrue(why == null, "pinning unavailable here: " + why);
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
        t.join();
        assertTrue(seen.get() instanceof List, String.valueOf(seen.get()));
        List<?> r = (List<?>) seen.get();
        assertEquals(List.of(target), r.get(0));
        assertEquals(before, r.get(1));
        assertEquals(before, ThreadPinning.allowedCpus(), "the test thread was not touched");
    }

    @Test
    void unavailabilityIsOneLine() {
        String why = ThreadPinning.unavailableReason();
        if (why != null) {
            assertTrue(!why.contains("\n"), why);
        } else {
            assertNull(why);
        }
    }
}
