package org.cachelinebench.harness.chunk;

import org.cachelinebench.harness.interleave.Follower;
import org.cachelinebench.harness.interleave.Interleaving;
import org.cachelinebench.model.ipi.SpinWait;
import org.cachelinebench.model.percpu.OffHeapPcpuChunk;
import org.cachelinebench.model.percpu.PcpuAllocator;
import org.cachelinebench.model.percpu.PcpuChunkFields;
import org.cachelinebench.model.percpu.PcpuLock;
import org.openjdk.jmh.annotations.CompilerControl;
import org.openjdk.jmh.infra.Control;

/**
 * The {@code pcpu_chunk} workload, written once for every benchmark that runs it (ChunkFalseSharing on the
 * off-heap struct, ChunkObjectFalseSharing on the Java objects, ChunkSymmetric's alloc-read-free) and for the
 * coherence traces: readers compute
 * {@code pcpu_chunk_addr()} without the lock, allocators allocate or free an area under {@code pcpu_lock}.
 *
 * <p>The loops take the chunk as {@link PcpuChunkFields}, and a fork only ever passes one implementation, so
 * each call site sees one type: inlined into the benchmark method, a loop knows the exact type (the off-heap
 * struct is a final class). Every method here is inlined by force ({@link CompilerControl}), so the compiled
 * benchmark is what it was when each benchmark held its own copy: a step called a thousand times per loop is
 * compiled on its own first, and its code is then too big for the JIT to inline into the loop by itself.
 */
public final class PcpuChunkWorkload {
    private PcpuChunkWorkload() {}

    /** Operations per benchmark call: JMH's per-call cost must not dilute the effect (@OperationsPerInvocation). */
    public static final int OPS = 1024;

    /** A reader's loop: one {@code pcpu_chunk_addr()} per entry of {@code unitPageOffsets}, summed. No lock. */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public static long sumChunkAddrs(PcpuChunkFields chunk, long[] unitPageOffsets) {
        long sum = 0;
        for (long unitPageOffset : unitPageOffsets) {
            sum += PcpuAllocator.chunkAddr(chunk, unitPageOffset);
        }
        return sum;
    }

    /**
     * An allocator's loop: {@link #OPS} steps, each under the lock, allocating areas and freeing them at the
     * occupancy of {@code area} ({@link PendingArea}). Returns early when the measurement stops while it waits for
     * the lock; the held areas are freed later.
     */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public static void allocateOrFree(PcpuChunkFields chunk, PcpuLock lock, PendingArea area, Control control) {
        for (int i = 0; i < OPS; i++) {
            if (!allocateOrFreeOnce(chunk, lock, area, control)) {
                return;
            }
        }
    }

    /**
     * One step of the allocator's loop: frees the oldest held area while freeing, else allocates one. False when the
     * measurement stopped while it waited for the lock (nothing changed).
     */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public static boolean allocateOrFreeOnce(PcpuChunkFields chunk, PcpuLock lock, PendingArea area, Control control) {
        if (!area.freeing()) {
            int bitOff = allocLocked(chunk, lock, control);
            if (bitOff == NONE) {
                return false;
            }
            area.add(PcpuAllocator.afterAlloc(chunk, bitOff));
        } else {
            if (!freeLocked(chunk, lock, area.oldest(), control)) {
                return false;
            }
            area.removeOldest();
        }
        return true;
    }

    /**
     * The allocator's steps in one slice of an interleaved schedule, on the slice's chunk, lock and area, looked up
     * once by the caller: {@link #allocateOrFreeOnce} until the follower's {@code clock} says the slice or its round is
     * over ({@link Follower#steppedInSlice}: after every step, one volatile load of the open slice). False when the
     * measurement stopped while a step waited for the lock. Inlined into {@link #allocateOrFreeInSlice}, whose chunk
     * parameter is a class; the JIT may also compile this loop on-stack on its own, which is sound only where one
     * class reaches it (a fork of an off-heap benchmark): ChunkObjectHandle writes the loop in each class's method.
     */
    @CompilerControl(CompilerControl.Mode.INLINE)
    static boolean stepsInSlice(PcpuChunkFields chunk, PcpuLock lock, PendingArea area, Control stop, Follower clock,
            Interleaving run, SpinWait spin) {
        boolean inSlice = true;
        while (inSlice) {   // the loop's first block is this test: the JIT compiles a loop's first block twice
            if (!allocateOrFreeOnce(chunk, lock, area, stop)) {
                return false;
            }
            inSlice = clock.steppedInSlice(run, stop, spin);
        }
        return true;
    }

    /**
     * {@link #stepsInSlice} on the off-heap struct, a compilation of its own: the slice's loop alone, with the chunk's
     * class known and the whole step inlined once, then the slice check, inside the JIT's budget (8,000 inlined
     * bytecodes, 18,000 nodes), which a step compiled twice over had overrun (PrintInlining: parts of the second copy
     * became calls). The budget is spent in bytecode order, so bytecode added to the step can push the slice check
     * out of line again (PrintInlining: "size > DesiredMethodLimit" at steppedInSlice, and the spills of a call on
     * every step); the step and its check take about 7,300 (Positions keeps a raw access at 9).
     */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public static boolean allocateOrFreeInSlice(OffHeapPcpuChunk chunk, PcpuLock lock, PendingArea area, Control stop,
            Follower clock, Interleaving run, SpinWait spin) {
        return stepsInSlice(chunk, lock, area, stop, clock, run, spin);
    }

    /** What {@link #allocLocked} returns when the measurement stopped while it waited for the lock. */
    public static final int NONE = -1;

    /**
     * pcpu_alloc()'s part under {@code pcpu_lock} ({@link PcpuAllocator#allocArea}): returns the new area's bit
     * offset, or {@link #NONE} when the measurement stopped while waiting for the lock.
     */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public static int allocLocked(PcpuChunkFields chunk, PcpuLock lock, Control control) {
        if (!lock.lock(control)) {
            return NONE;
        }
        int bitOff = PcpuAllocator.allocArea(chunk, PcpuAllocator.AREA_BITS);
        lock.unlock();
        return bitOff;
    }

    /**
     * free_percpu() of the area at percpu pointer {@code ptr}: the offset from {@code base_addr} before the lock (as
     * current kernels compute it), then {@link PcpuAllocator#freeArea} under it; false when the measurement stopped
     * while waiting.
     */
    @CompilerControl(CompilerControl.Mode.INLINE)
    public static boolean freeLocked(PcpuChunkFields chunk, PcpuLock lock, long ptr, Control control) {
        int bitOff = PcpuAllocator.freeOffset(chunk, ptr);
        if (!lock.lock(control)) {
            return false;
        }
        PcpuAllocator.freeArea(chunk, bitOff, PcpuAllocator.AREA_BITS);
        lock.unlock();
        return true;
    }
}
