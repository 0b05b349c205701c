package org.cachelinebench.model.ipi;

import java.util.ArrayList;
import java.util.List;

import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.layout.LineAlignedMemory;
import org.cachelinebench.model.layout.Memory;
import org.cachelinebench.model.layout.Placement;

/**
 * The per-cpu memory {@code smp_call_function_many_cond()} runs in, for S senders and T targets, placed as the
 * per-cpu allocator places it.
 *
 * <p>Each sending CPU's {@code cfd->csd} is one {@code alloc_percpu(call_single_data_t)}: an area at the same
 * offset of every CPU's unit, and {@code per_cpu_ptr(cfd->csd, T)} is the one in target T's unit. Which areas are
 * neighbours is assumed, not known ({@link CsdAllocationOrder}): {@code adjacent} takes consecutive senders'
 * allocations to be consecutive, each rounded up to the type's alignment, so that in T's unit sender s's csd lies
 * at {@code start + s * stride}, {@code stride} = the csd's size rounded up to {@code align}; that needs their
 * {@code smpcfd_prepare_cpu()} calls to come one after another with no hole for first-fit to reuse, which does not
 * hold for the boot CPU's, allocated by {@code call_function_init()} early in {@code start_kernel()}
 * ({@code boot-apart} puts sender 0 alone on a line after the others). With {@code align} 8 (v4.13's
 * {@code struct call_single_data}) some csds straddle two lines; with 32 (mainline's {@code call_single_data_t})
 * two adjacent senders share a line; with 64 (the 2017 series) each has its own.
 *
 * <pre>
 * target T's unit, lines counted from the unit's origin (on a 2-line boundary, proven from the real address):
 * line 0   call_single_queue (DEFINE_PER_CPU_SHARED_ALIGNED), alone in its line
 * line 1   the doorbell word (the stand-in for an interrupt, {@link IdleTask}), alone
 * line 2   T's idle task's thread_info flags, which an idle T polls ({@link IdleTask}), alone
 * line 3.. the senders' csds for T, from byte {@code start} of line 3 on (boot-apart: sender 0 alone in the line
 *          after the others')
 * then at least one unused line, and as many more as make the unit an even number of lines
 * </pre>
 * Units follow one another in one block, as CPUs' units do in a chunk (further apart there); no line holds
 * bytes of two units.
 */
public final class PercpuCsdUnits {
    static final int HEAD_LINE = CsdBlock.HEAD_LINE;
    static final int DOORBELL_LINE = CsdBlock.DOORBELL_LINE;
    static final int CSD_LINE = CsdBlock.CSD_LINE;
    /** The line of the idle task's {@code thread_info->flags}: CsdBlock's unused line 2. */
    static final int FLAGS_LINE = 2;
    /** The csd is {@code call_single_data_t}: the current layout (32 bytes, as v4.13's). */
    public static final CsdLayout LAYOUT = CsdLayout.CURRENT;

    private final Memory memory;
    private final int origin;
    private final int lineSize;
    private final int senders;
    private final int targets;
    private final int align;
    private final int start;
    private final int stride;
    private final int unitBytes;
    private final CsdAllocationOrder order;

    private PercpuCsdUnits(Memory memory, int origin, int senders, int targets, int align, int start,
                           CsdAllocationOrder order, int unitLines) {
        this.order = order;
        this.memory = memory;
        this.origin = origin;
        this.lineSize = memory.lineSize();
        this.senders = senders;
        this.targets = targets;
        this.align = align;
        this.start = start;
        this.stride = stride(align);
        this.unitBytes = unitLines * lineSize;
    }

    /** The distance between consecutive allocations of a csd aligned to {@code align}. */
    public static int stride(int align) {
        int size = LAYOUT.struct().size();
        return (size + align - 1) / align * align;
    }

    /**
     * Units for {@code senders} senders and {@code targets} targets, the first csd at byte {@code start} of its
     * line, aligned to {@code align} (8, 32 or 64), on lines of {@code lineSize}.
     *
     * @throws IllegalArgumentException one line, for counts below 1, an alignment not 8, 32 or 64, or a start
     *                                  that is not a multiple of it inside the line
     */
    public static PercpuCsdUnits allocate(int senders, int targets, int align, int start, int lineSize) {
        return allocate(senders, targets, align, start, CsdAllocationOrder.ADJACENT, lineSize);
    }

    /** {@link #allocate(int, int, int, int, int)} with the senders' areas placed by {@code order}. */
    public static PercpuCsdUnits allocate(int senders, int targets, int align, int start, CsdAllocationOrder order,
                                          int lineSize) {
        return on(LineAlignedMemory.allocate(lines(senders, targets, align, start, order, lineSize), lineSize),
                senders, targets, align, start, order);
    }

    /** Senders in the adjacent run from {@code start}: all, or all but the boot CPU. */
    private static int adjacentSenders(int senders, CsdAllocationOrder order) {
        return order == CsdAllocationOrder.BOOT_APART ? senders - 1 : senders;
    }

    /** Lines of the adjacent run of csds from {@code start}. */
    private static int runLines(int senders, int align, int start, CsdAllocationOrder order, int lineSize) {
        return (start + adjacentSenders(senders, order) * stride(align) + lineSize - 1) / lineSize;
    }

    /**
     * Lines of one target's unit: the head, doorbell and flags lines, the csds (boot-apart: the boot CPU's in a line
     * after the run), one unused line, rounded to even.
     */
    private static int unitLines(int senders, int align, int start, CsdAllocationOrder order, int lineSize) {
        int csdLines = runLines(senders, align, start, order, lineSize)
                + (order == CsdAllocationOrder.BOOT_APART ? 1 : 0);
        int unitLines = CSD_LINE + csdLines + 1;
        return unitLines + unitLines % 2;
    }

    /** The lines a memory must have for {@link #on}: every unit, and one for the origin's 2-line boundary. */
    public static int lines(int senders, int targets, int align, int start, int lineSize) {
        return lines(senders, targets, align, start, CsdAllocationOrder.ADJACENT, lineSize);
    }

    /** {@link #lines(int, int, int, int, int)} for the senders' areas placed by {@code order}. */
    public static int lines(int senders, int targets, int align, int start, CsdAllocationOrder order, int lineSize) {
        check(senders, targets, align, start, lineSize);
        return Math.multiplyExact(targets, unitLines(senders, align, start, order, lineSize)) + 1;
    }

    /**
     * The units laid out in {@code m} (zeroed, at least {@link #lines} lines of its line size), as
     * {@link #allocate} lays them out in memory of its own: for a recording memory that traces the protocol's
     * accesses.
     */
    public static PercpuCsdUnits on(Memory m, int senders, int targets, int align, int start) {
        return on(m, senders, targets, align, start, CsdAllocationOrder.ADJACENT);
    }

    /** {@link #on(Memory, int, int, int, int)} with the senders' areas placed by {@code order}. */
    public static PercpuCsdUnits on(Memory m, int senders, int targets, int align, int start,
                                    CsdAllocationOrder order) {
        int lineSize = m.lineSize();
        int needed = lines(senders, targets, align, start, order, lineSize);
        if (m.capacity() < needed * lineSize) {
            throw new IllegalArgumentException(m.capacity() + " bytes: the units need " + needed + " lines of "
                    + lineSize);
        }
        int unitLines = unitLines(senders, align, start, order, lineSize);
        int origin = m.addressModulo(0, 2 * lineSize) == 0 ? 0 : lineSize;
        if (m.addressModulo(origin, 2 * lineSize) != 0) {
            throw new IllegalStateException("no " + 2 * lineSize + "-byte boundary at byte " + origin + " of the units");
        }
        return new PercpuCsdUnits(m, origin, senders, targets, align, start, order, unitLines);
    }

    public static PercpuCsdUnits allocate(int senders, int targets, int align, int start) {
        return allocate(senders, targets, align, start, CacheLine.SIZE);
    }

    /** The checks of {@link #allocate}, for a parameter check before anything is allocated. */
    public static void check(int senders, int targets, int align, int start, int lineSize) {
        if (senders < 1 || targets < 1) {
            throw new IllegalArgumentException("need at least one sender and one target, not " + senders + " and " + targets);
        }
        if (align != 8 && align != 32 && align != 64) {
            throw new IllegalArgumentException("align " + align + " is not 8 (v4.13), 32 (mainline) or 64 (the 2017 series)");
        }
        if (start < 0 || start >= lineSize || start % align != 0) {
            throw new IllegalArgumentException("start " + start + " is not a multiple of align " + align + " inside a "
                    + lineSize + "-byte line");
        }
    }

    public Memory memory() { return memory; }
    public int senders() { return senders; }
    public int targets() { return targets; }
    public int align() { return align; }
    public int start() { return start; }
    public int lineSize() { return lineSize; }
    public CsdAllocationOrder order() { return order; }

    private int unit(int target) {
        if (target < 0 || target >= targets) {
            throw new IllegalArgumentException("target " + target + " outside 0.." + (targets - 1));
        }
        return origin + target * unitBytes;
    }

    /** Byte index of target {@code target}'s {@code call_single_queue}. */
    public int queue(int target) {
        return unit(target) + HEAD_LINE * lineSize;
    }

    /** Byte index of target {@code target}'s doorbell word. */
    public int doorbell(int target) {
        return unit(target) + DOORBELL_LINE * lineSize;
    }

    /** Byte index of target {@code target}'s idle task's {@code thread_info->flags}. */
    public int flags(int target) {
        return unit(target) + FLAGS_LINE * lineSize;
    }

    /** Byte index of {@code per_cpu_ptr(cfd->csd, target)} of sender {@code sender}, placed by the order. */
    public int csd(int sender, int target) {
        if (sender < 0 || sender >= senders) {
            throw new IllegalArgumentException("sender " + sender + " outside 0.." + (senders - 1));
        }
        int csdLines = unit(target) + CSD_LINE * lineSize;
        if (order == CsdAllocationOrder.BOOT_APART) {
            return sender == 0 ? csdLines + runLines(senders, align, start, order, lineSize) * lineSize + start
                    : csdLines + start + (sender - 1) * stride;
        }
        return csdLines + start + sender * stride;
    }

    /** Where sender {@code sender}'s csd for {@code target} falls, from the real address. */
    public Placement place(int sender, int target) {
        return memory.place(csd(sender, target), LAYOUT.struct().size());
    }

    /** The line of the target's unit (counted from the unit's origin) holding byte {@code index}. */
    public int unitLine(int target, int index) {
        if (memory.addressModulo(unit(target), 2 * lineSize) != 0) {
            throw new IllegalStateException("unit " + target + " is not on a " + 2 * lineSize + "-byte boundary");
        }
        return (index - unit(target)) / lineSize;
    }

    /** The senders whose csd for {@code target} spans two lines, from the real addresses. */
    public List<Integer> straddling(int target) {
        List<Integer> out = new ArrayList<>();
        for (int s = 0; s < senders; s++) {
            if (place(s, target).straddles()) {
                out.add(s);
            }
        }
        return out;
    }

    /** The senders with a byte of their csd for {@code target} in the unit's line {@code line}. */
    public List<Integer> sendersInLine(int target, int line) {
        List<Integer> out = new ArrayList<>();
        for (int s = 0; s < senders; s++) {
            int first = unitLine(target, csd(s, target));
            int last = unitLine(target, csd(s, target) + LAYOUT.struct().size() - 1);
            if (first <= line && line <= last) {
                out.add(s);
            }
        }
        return out;
    }

    /** The most senders whose csds for one target share a line. */
    public int mostSendersPerLine() {
        int most = 0;
        for (int line = CSD_LINE; line * lineSize < unitBytes; line++) {
            most = Math.max(most, sendersInLine(0, line).size());
        }
        return most;
    }

    /** Zeroes every unit: unlocked csds, empty queues, silent doorbells. Only with every thread stopped. */
    public void clear() {
        for (int i = 0; i + Long.BYTES <= memory.capacity(); i += Long.BYTES) {
            memory.setLongVolatile(i, 0L);
        }
    }

    /**
     * One line for a fork's output, from the real addresses of target 0's unit (every unit is laid out alike), e.g.
     * "align 32, first csd at byte 0: per line of target 0's unit: line 3 senders 0,1; line 4 senders 2,3;
     * straddling: none".
     */
    public String describe() {
        StringBuilder sb = new StringBuilder("align ").append(align).append(", first csd at byte ").append(start)
                .append(" of its line, ").append(senders).append(" sender(s), ").append(targets)
                .append(" target(s): lines of target 0's unit:");
        String sep = " ";
        for (int line = CSD_LINE; line * lineSize < unitBytes; line++) {
            List<Integer> in = sendersInLine(0, line);
            if (!in.isEmpty()) {
                sb.append(sep).append("line ").append(line).append(" senders ").append(join(in));
                sep = "; ";
            }
        }
        List<Integer> straddling = straddling(0);
        sb.append("; straddling: ").append(straddling.isEmpty() ? "none" : "senders " + join(straddling))
                .append("; queue head in line ").append(HEAD_LINE).append(", doorbell in line ").append(DOORBELL_LINE)
                .append(", idle flags in line ").append(FLAGS_LINE).append("; csds ").append(order.value())
                .append(" (assumed)");
        return sb.toString();
    }

    private static String join(List<Integer> ids) {
        StringBuilder sb = new StringBuilder();
        for (int id : ids) {
            sb.append(sb.length() == 0 ? "" : ",").append(id);
        }
        return sb.toString();
    }
}
