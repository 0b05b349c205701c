package org.cachelinebench.model.percpu;


import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.layout.Memory;
import org.cachelinebench.model.layout.Positions;
import org.cachelinebench.model.layout.Placement;
import org.cachelinebench.model.layout.RawMemory;
import org.openjdk.jmh.annotations.CompilerControl;
import org.openjdk.jmh.infra.Control;

/**
 * {@code pcpu_lock}: a test-and-test-and-set spin lock whose word has a line to itself, so that taking
 * it moves no line the compared layouts hold.
 *
 * <p>Acquire is a compare-and-set from 0 to 1 (the kernel's {@code atomic_try_cmpxchg_acquire()}; a
 * {@code lock cmpxchg} on x86 either way), spinning on plain-opaque reads while it is held; release is a
 * release store of 0 ({@code smp_store_release()}). The word sits in the middle line of three, so the
 * neighbour an adjacent-line prefetcher pairs it with is one of ours and unused.
 *
 * <p>The spin polls JMH's {@link Control#stopMeasurement}: in a benchmark with more threads than
 * cores the holder may be descheduled, and a waiter must not keep an iteration from ending. That is why the
 * benchmarks' lock is not the kernel's queued spinlock, whose queued waiter cannot leave; the coherence model
 * traces the kernel's ({@code coherence.QueuedSpinlock}, the one subclass, which no benchmark loads).
 */
public class PcpuLock {
    /** Lines the lock's memory holds; the word is at the start of the middle one. */
    public static final int LINES = 3;

    private final Memory memory;
    private final int word;
    /** The word is at its position, origin + one line ({@link Positions}). */
    private final Positions positions;
    private final long wordAt;

    public PcpuLock() {
        this(CacheLine.SIZE);
    }

    public PcpuLock(int lineSize) {
        this(RawMemory.allocate(LINES, lineSize));
    }

    /** The lock on {@code memory} of {@link #LINES} lines: off-heap for the benchmarks, or a recording memory. */
    public PcpuLock(Memory memory) {
        this.memory = memory;
        word = memory.lineSize();
        positions = Positions.of(memory);
        wordAt = Positions.origin(memory) + word;
        Placement p = placement();
        if (p.startInLine() != 0 || p.straddles()) {
            throw new IllegalStateException("pcpu_lock word is not alone at the start of a line: " + p.describe());
        }
    }

    /** Where the lock word is, from its real address. */
    public Placement placement() {
        return memory.place(word, Integer.BYTES);
    }

    /**
     * Takes the lock; returns false, without it, when {@code control} (may be null) says the
     * measurement has stopped while waiting.
     */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public boolean lock(Control control) {
        while (!positions.compareAndSetInt(wordAt, 0, 1)) {
            while (positions.getIntOpaque(wordAt) != 0) {
                if (control != null && control.stopMeasurement) {
                    return false;
                }
                Thread.onSpinWait();
            }
        }
        return true;
    }

    @CompilerControl(CompilerControl.Mode.INLINE)
    public void unlock() {
        positions.setIntRelease(wordAt, 0);
    }

    /** True while some thread holds the lock. */
    public boolean isLocked() {
        return memory.getIntVolatile(word) != 0;
    }
}
