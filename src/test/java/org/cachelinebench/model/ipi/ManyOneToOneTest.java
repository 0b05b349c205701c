package org.cachelinebench.model.ipi;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicReference;

import org.cachelinebench.model.layout.Memory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openjdk.jmh.infra.Control;

/**
 * One sender and one target of smp_call_function_many_cond() leave, after every step of every call, the same bytes in
 * the same lines as IpiInterleaved's csd on the current layout with the doorbell (IpiMailbox): queue head, doorbell
 * and csd, word for word, pointers taken relative to the queue head. So the many-CPU benchmark at 1 x 1 runs the
 * single-target comparison's memory protocol on the same geometry: line-aligned (align 64 from byte 0), size-aligned
 * (32 from byte 32) and straddled (8 from byte 48).
 */
class ManyOneToOneTest {
    private static final int LINES = 6;

    @ParameterizedTest(name = "{0}, align {1}, start {2}")
    @CsvSource({"async, 64, 0", "async, 32, 32", "async, 8, 48", "sync, 64, 0", "sync, 32, 32", "sync, 8, 48"})
    @Timeout(value = 60, unit = SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
    void everyStepLeavesTheSameWords(String mode, int align, int start) throws Exception {
        IpiMode m = IpiMode.parse(mode);
        CsdBlock block = CsdBlock.allocate();
        IpiMailbox single = IpiMailbox.in(block, CsdLayout.CURRENT, m, start, true, 0);
        PercpuCsdUnits units = PercpuCsdUnits.allocate(1, 1, align, start, block.lineSize());
        CallMany many = CallMany.on(units, m, true, 0);
        for (int call = 0; call < 3; call++) {
            long[] queuedSingle = sendAndSnapshot(() -> single.send(new Control(), new SpinWait()),
                    block.memory(), block.head(), block.doorbell());
            long[] queuedMany = sendAndSnapshot(() -> many.send(0, new Control(), new SpinWait()),
                    units.memory(), units.queue(0), units.doorbell(0));
            assertArrayEquals(queuedSingle, queuedMany, "call " + call + ", queued and the IPI sent");
            Thread singleSender = pendingSender;
            assertEquals(1, single.receive(new Control(), new SpinWait()));
            join(singleSender);
            Thread manySender = pendingManySender;
            assertEquals(1, many.receive(0, new Control(), new SpinWait()));
            join(manySender);
            assertArrayEquals(words(block.memory(), block.head()), words(units.memory(), units.queue(0)),
                    "call " + call + ", handled and unlocked");
            pendingSender = null;
            pendingManySender = null;
        }
        assertEquals(null, single.check(true));
        assertEquals(null, many.check(true));
    }

    private Thread pendingSender;
    private Thread pendingManySender;

    /**
     * Starts the call on a thread of its own (a sync call waits for its unlock), waits until the doorbell rings (the
     * call's last store before any wait), and returns the words then.
     */
    private long[] sendAndSnapshot(Runnable send, Memory m, int head, int doorbell) throws Exception {
        AtomicReference<Throwable> failed = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                send.run();
            } catch (Throwable e) {
                failed.set(e);
            }
        });
        t.setDaemon(true);
        t.start();
        long deadline = System.nanoTime() + SECONDS.toNanos(30);
        while (m.getIntAcquire(doorbell) == 0) {
            assertTrue(System.nanoTime() < deadline, "the doorbell never rang");
            Thread.onSpinWait();
        }
        if (pendingSender == null) {
            pendingSender = t;
        } else {
            pendingManySender = t;
        }
        return words(m, head);
    }

    private static void join(Thread t) throws InterruptedException {
        t.join(30_000);
        assertTrue(!t.isAlive(), "the sender returned");
    }

    /** The 8-byte words of lines 0..5 from {@code head}, a word that points into them made relative to {@code head}. */
    private static long[] words(Memory m, int head) {
        int bytes = LINES * m.lineSize();
        long[] out = new long[bytes / Long.BYTES];
        for (int i = 0; i < out.length; i++) {
            long w = m.getLongVolatile(head + i * Long.BYTES);
            out[i] = w >= head + m.lineSize() && w < head + bytes ? w - head : w;
        }
        return out;
    }
}
