package org.cachelinebench.model.ipi;

import java.util.concurrent.TimeUnit;

/**
 * How a model thread waits for the other CPU: {@link Thread#onSpinWait()} (x86 {@code PAUSE}, the
 * kernel's {@code cpu_relax()}) while the wait is short, then {@link Thread#yield()} once it has lasted
 * {@value #YIELD_AFTER_MICROS} microseconds.
 *
 * <p>Rule: spin as the kernel does, but yield after a limit far above the round trip being measured, because
 * here the other side is a thread the OS may have descheduled, and a thread that only spins burns its whole time
 * slice first. The limit is time, not a PAUSE count (a PAUSE costs very different cycles on different cores),
 * read only every {@value #CHECK_EVERY} spins; the yields are counted ({@link #yields()}) so a report can say
 * the fallback was used (docs/reading-the-output.md).
 *
 * <p>One instance per thread; not thread-safe.
 */
public final class SpinWait {
    /** A wait this long gives up the CPU at every further step. */
    public static final long YIELD_AFTER_MICROS = 20;
    /** Spins between clock reads. */
    static final int CHECK_EVERY = 128;
    private static final long YIELD_AFTER_NANOS = TimeUnit.MICROSECONDS.toNanos(YIELD_AFTER_MICROS);
    private static final int YIELDING = -1;

    private long waitStart;
    private long yields;

    /**
     * One step of a wait loop, called after each failed check; returns the new state, which the caller
     * passes back in (start with 0).
     * <pre>
     * int spins = 0;
     * while (!condition) {
     *     if (control.stopMeasurement) return false;
     *     spins = spin.pause(spins);
     * }
     * </pre>
     */
    public int pause(int spins) {
        if (spins == YIELDING) {
            yields++;
            Thread.yield();
            return YIELDING;
        }
        int n = spins + 1;
        if ((n & (CHECK_EVERY - 1)) == 0) {
            long now = System.nanoTime();
            if (n == CHECK_EVERY) {
                waitStart = now;
            } else if (now - waitStart >= YIELD_AFTER_NANOS) {
                yields++;
                Thread.yield();
                return YIELDING;
            }
        }
        Thread.onSpinWait();
        return n;
    }

    /** Times this waiter gave up the CPU since the last {@link #resetYields()}. */
    public long yields() {
        return yields;
    }

    public void resetYields() {
        yields = 0;
    }
}
