package org.cachelinebench.model.ipi;

import static org.cachelinebench.model.ipi.RecordingMemory.Kind.LOAD;
import static org.cachelinebench.model.ipi.RecordingMemory.Kind.RMW;
import static org.cachelinebench.model.ipi.RecordingMemory.Kind.STORE;
import static org.cachelinebench.model.ipi.RecordingMemory.Strength.ACQUIRE;
import static org.cachelinebench.model.ipi.RecordingMemory.Strength.OPAQUE;
import static org.cachelinebench.model.ipi.RecordingMemory.Strength.PLAIN;
import static org.cachelinebench.model.ipi.RecordingMemory.Strength.RELEASE;
import static org.cachelinebench.model.ipi.RecordingMemory.Strength.VOLATILE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.cachelinebench.model.ipi.RecordingMemory.Access;
import org.cachelinebench.model.ipi.RecordingMemory.Kind;
import org.cachelinebench.model.ipi.RecordingMemory.Strength;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Control;

/**
 * One {@code smp_call_function_many()} call from each of two senders to one idle target, traced access by access
 * from {@link CallMany}'s code (kernel protocol, async, mainline's 32-byte csds: both senders' csds in one line),
 * against the kernel's sequence written out below from the source: current kernel/smp.c
 * ({@code smp_call_function_many_cond}, {@code csd_lock}, {@code csd_unlock}, {@code __flush_smp_call_function_queue},
 * {@code flush_smp_call_function_queue}), include/linux/llist.h ({@code llist_add_batch}, {@code llist_empty},
 * {@code llist_del_all}), lib/llist.c ({@code llist_reverse_order}), kernel/sched/core.c ({@code set_nr_if_polling})
 * and kernel/sched/idle.c ({@code do_idle}). Sender 0 runs entirely between sender 1's load of the queue head and
 * its {@code try_cmpxchg}, so that sender 1's exchange fails once and retries.
 *
 * <p>Left out of both, being lines only their own CPU touches: the sender's {@code cfd} (cpumasks, the
 * {@code cfd->csd} pointer) and the flush's {@code atomic_set_release(trigger_backtrace, 1)}. The model's own
 * access, marked as such: the stand-in word of an interrupt, checked in the target's idle loop.
 */
class ManyCallAccessesTest {
    private static final int LINE = 64;

    @Test
    void twoSendersOneIdleTargetMatchTheKernelAccessByAccess() {
        int lines = PercpuCsdUnits.lines(2, 1, 32, 0, LINE);
        RecordingMemory m = new RecordingMemory(lines, LINE);
        PercpuCsdUnits units = PercpuCsdUnits.on(m, 2, 1, 32, 0);
        CallMany many = CallMany.on(units, IpiMode.ASYNC, false, 0);
        Names names = new Names(units);
        assertEquals(units.place(0, 0).firstLine(), units.place(1, 0).firstLine(), "both csds in one line");

        Control stopped = new Control();
        stopped.stopMeasurement = true;
        m.cpu("T");
        assertEquals(0, many.receive(0, stopped, new SpinWait()));          // idle, nothing queued yet

        m.before(a -> a.cpu().equals("S1") && a.kind() == RMW && a.index() == units.queue(0), () -> {
            m.cpu("S0");
            assertTrue(many.send(0, new Control(), new SpinWait()));
        });
        m.cpu("S1");
        assertTrue(many.send(1, new Control(), new SpinWait()));
        m.cpu("T");
        assertEquals(2, many.receive(0, new Control(), new SpinWait()));
        List<Access> recorded = List.copyOf(m.accesses());
        assertNull(many.check(true));

        List<String> kernel = new ArrayList<>();
        // do_idle(): __current_set_polling() (set_bit: one locked RMW), then while (!need_resched()) polls the flags.
        k(kernel, "T", "flags", RMW, VOLATILE);
        k(kernel, "T", "flags", LOAD, OPAQUE);
        k(kernel, "T", "interrupt (model's stand-in)", LOAD, ACQUIRE);
        // Sender 1: smp_call_function_many_cond() for its one target.
        lockAndFill(kernel, "S1", "csd1");
        // llist_add(): llist_add_batch(): first = READ_ONCE(head->first); new_last->next = first; try_cmpxchg ...
        k(kernel, "S1", "call_single_queue.first", LOAD, OPAQUE);
        k(kernel, "S1", "csd1.node.llist.next", STORE, PLAIN);
        // ... sender 0's whole call comes in here:
        lockAndFill(kernel, "S0", "csd0");
        k(kernel, "S0", "call_single_queue.first", LOAD, OPAQUE);
        k(kernel, "S0", "csd0.node.llist.next", STORE, PLAIN);
        k(kernel, "S0", "call_single_queue.first", RMW, VOLATILE);         // succeeds: the queue was empty
        // nr_cpus == 1: send_call_function_single_ipi(): set_nr_if_polling(): READ_ONCE(ti->flags), try_cmpxchg.
        k(kernel, "S0", "flags", LOAD, OPAQUE);
        k(kernel, "S0", "flags", RMW, VOLATILE);
        // ... sender 1's try_cmpxchg fails, hands back sender 0's node; the retry stores it, with no reload.
        k(kernel, "S1", "call_single_queue.first", RMW, VOLATILE);
        k(kernel, "S1", "csd1.node.llist.next", STORE, PLAIN);
        k(kernel, "S1", "call_single_queue.first", RMW, VOLATILE);         // succeeds: not empty, so no IPI
        // The target: need_resched() is true; do_idle(): __current_clr_polling() (clear_bit: one locked RMW).
        k(kernel, "T", "flags", LOAD, OPAQUE);
        k(kernel, "T", "flags", RMW, VOLATILE);
        // flush_smp_call_function_queue(): llist_empty(), then __flush_smp_call_function_queue(): llist_del_all().
        k(kernel, "T", "call_single_queue.first", LOAD, OPAQUE);
        k(kernel, "T", "call_single_queue.first", RMW, VOLATILE);
        // llist_reverse_order(): per node, next = node->next; node->next = new_head. The list is csd1 -> csd0.
        k(kernel, "T", "csd1.node.llist.next", LOAD, PLAIN);
        k(kernel, "T", "csd1.node.llist.next", STORE, PLAIN);
        k(kernel, "T", "csd0.node.llist.next", LOAD, PLAIN);
        k(kernel, "T", "csd0.node.llist.next", STORE, PLAIN);
        // First pass, llist_for_each_entry_safe(): the next pointer, then CSD_TYPE(csd): neither is SYNC.
        for (String csd : List.of("csd0", "csd1")) {
            k(kernel, "T", csd + ".node.llist.next", LOAD, PLAIN);
            k(kernel, "T", csd + ".node.u_flags", LOAD, PLAIN);
        }
        // Second pass: next, CSD_TYPE; ASYNC: func, info; csd_unlock(): WARN_ON's load, smp_store_release(flags, 0).
        for (String csd : List.of("csd0", "csd1")) {
            k(kernel, "T", csd + ".node.llist.next", LOAD, PLAIN);
            k(kernel, "T", csd + ".node.u_flags", LOAD, PLAIN);
            k(kernel, "T", csd + ".func", LOAD, PLAIN);
            k(kernel, "T", csd + ".info", LOAD, PLAIN);
            k(kernel, "T", csd + ".node.u_flags", LOAD, PLAIN);
            k(kernel, "T", csd + ".node.u_flags", STORE, RELEASE);
        }
        // schedule_idle(): clear_tsk_need_resched() (one locked RMW).
        k(kernel, "T", "flags", RMW, VOLATILE);

        List<String> traced = new ArrayList<>();
        for (Access a : recorded) {
            traced.add(a.cpu() + " " + names.of(a.index()) + " " + a.kind() + " " + a.strength());
        }
        assertEquals(String.join("\n", kernel), String.join("\n", traced));
    }

    /**
     * {@code csd_lock()}: {@code csd_lock_wait()} ({@code smp_cond_load_acquire} of the flags, unlocked at once),
     * {@code csd->node.u_flags |= CSD_FLAG_LOCK} (a plain load and store), {@code smp_wmb()} (no access); async, so no
     * {@code CSD_TYPE_SYNC}; then {@code csd->func = func; csd->info = info;}.
     */
    private static void lockAndFill(List<String> kernel, String cpu, String csd) {
        k(kernel, cpu, csd + ".node.u_flags", LOAD, ACQUIRE);
        k(kernel, cpu, csd + ".node.u_flags", LOAD, PLAIN);
        k(kernel, cpu, csd + ".node.u_flags", STORE, PLAIN);
        k(kernel, cpu, csd + ".func", STORE, PLAIN);
        k(kernel, cpu, csd + ".info", STORE, PLAIN);
    }

    private static void k(List<String> kernel, String cpu, String member, Kind kind, Strength strength) {
        kernel.add(cpu + " " + member + " " + kind + " " + strength);
    }

    /** What each byte index of the units is, for one target. */
    private record Names(PercpuCsdUnits units) {
        String of(int index) {
            if (index == units.queue(0)) {
                return "call_single_queue.first";
            }
            if (index == units.flags(0)) {
                return "flags";
            }
            if (index == units.doorbell(0)) {
                return "interrupt (model's stand-in)";
            }
            for (int s = 0; s < units.senders(); s++) {
                int off = index - units.csd(s, 0);
                String member = off == SmpCurrent.NODE_LLIST_NEXT ? "node.llist.next"
                        : off == SmpCurrent.NODE_U_FLAGS ? "node.u_flags"
                        : off == SmpCurrent.FUNC ? "func"
                        : off == SmpCurrent.INFO ? "info" : null;
                if (member != null) {
                    return "csd" + s + "." + member;
                }
            }
            return "byte " + index;
        }
    }
}
