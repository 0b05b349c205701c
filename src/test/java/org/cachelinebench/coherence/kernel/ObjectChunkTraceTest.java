package org.cachelinebench.coherence.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.cachelinebench.coherence.Caches;
import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.ObservedMemory;
import org.cachelinebench.coherence.Trace;
import org.cachelinebench.coherence.TracedMemory;
import org.cachelinebench.harness.chunk.PcpuChunkWorkload;
import org.cachelinebench.harness.chunk.PendingArea;
import org.cachelinebench.model.layout.Memory;
import org.cachelinebench.model.layout.ObjectFields.FieldSlot;
import org.cachelinebench.model.percpu.ChunkAccessRecorder;
import org.cachelinebench.model.percpu.ChunkAccessRecorder.Touch;
import org.cachelinebench.model.percpu.ChunkObjects;
import org.cachelinebench.model.percpu.ChunkObjects.Variant;
import org.cachelinebench.model.percpu.PcpuChunkAccess.Kind;
import org.cachelinebench.model.percpu.PcpuChunkFields;
import org.cachelinebench.model.percpu.PcpuLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The coherence model's trace of a Java {@code pcpu_chunk} class ({@link ObjectChunk}) makes the accesses the class
 * makes, in the same order: the same allocator steps, at occupancies that turn the block and the chunk's slot over
 * on every step (live=1) and on few (live=3), run on the class itself behind {@link ChunkAccessRecorder} and on the
 * trace's memory, where each access is named by the field JOL places at its offset (any access to
 * {@code populated[]}'s own memory is {@code populated}). A run of accesses to one member of one kind counts once
 * on both sides: the recorder sees a call, the memory its loads and stores ({@code list}'s two words, the
 * {@code populated} reference and the array's word).
 */
class ObjectChunkTraceTest {
    private static final int STEPS = 24;

    @ParameterizedTest
    @EnumSource(Variant.class)
    void theTraceMakesTheClassesAccessesInOrder(Variant variant) throws Exception {
        for (int live : new int[] {1, 3}) {
            ChunkAccessRecorder real = new ChunkAccessRecorder(variant.create());
            Log log = new Log();
            Model model = Model.DEFAULT;
            Trace trace = model.trace(1);
            TracedMemory lines = trace.memory(ChunkTrace.CHUNK_LINES, false);
            TracedMemory arrayLines = trace.memory(1, false);
            TracedPcpuChunk traced = ObjectChunk.in(log.over(lines, true), lines, log.over(arrayLines, false),
                    variant, model.lineSize());
            log.accesses.clear();
            run(real, live);
            run(traced, live);

            List<Touch> expected = runs(real.sequence());
            List<Touch> actual = runs(named(log.accesses, variant, ObjectChunk.start(variant, model.lineSize())));
            assertTrue(expected.contains(new Touch("list", Kind.WRITES)), "the steps change the chunk's slot");
            assertTrue(expected.contains(new Touch("nr_empty_pop_pages", Kind.WRITES)), "and its block's emptiness");
            int at = firstDifference(expected, actual);
            String where = variant.label() + " at live=" + live + ", access " + at;
            assertEquals(window(expected, at), window(actual, at), where + " (the class's, then the trace's)");
        }
    }

    /** {@link #STEPS} of the allocator's loop at occupancy {@code live}, on an uncontended lock. */
    private static void run(PcpuChunkFields chunk, int live) {
        PcpuLock lock = new PcpuLock();
        PendingArea area = new PendingArea();
        area.occupy(live);
        for (int i = 0; i < STEPS; i++) {
            assertTrue(PcpuChunkWorkload.allocateOrFreeOnce(chunk, lock, area, null));
        }
    }

    /** Each logged access by the table's name of the field at its offset. */
    private static List<Touch> named(List<Access> accesses, Variant variant, int start) {
        Map<String, FieldSlot> fields = ChunkObjects.fields(variant.type());
        List<Touch> out = new ArrayList<>();
        for (Access a : accesses) {
            out.add(new Touch(a.inObject() ? fieldAt(fields, a.index() - start) : "populated", a.kind()));
        }
        return out;
    }

    private static String fieldAt(Map<String, FieldSlot> fields, int offset) {
        for (FieldSlot s : fields.values()) {
            if (offset >= s.offset() && offset < s.end()) {
                String kernel = ChunkObjects.KERNEL_MEMBERS.get(s.name());
                if (kernel == null) {
                    throw new AssertionError("an access at +" + offset + " touches " + s.name() + ", no member");
                }
                return ChunkAccessRecorder.tableName(kernel);
            }
        }
        throw new AssertionError("an access at +" + offset + " touches no field");
    }

    /** The first index where the two differ (one ending counts), or -1. */
    private static int firstDifference(List<Touch> a, List<Touch> b) {
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            if (i >= a.size() || i >= b.size() || !a.get(i).equals(b.get(i))) {
                return i;
            }
        }
        return -1;
    }

    /** A few touches from {@code at} on, for a short message; none for -1. */
    private static List<Touch> window(List<Touch> touches, int at) {
        return at < 0 ? List.of() : touches.subList(Math.min(at, touches.size()), Math.min(at + 4, touches.size()));
    }

    /** The sequence with each run of equal touches counted once. */
    private static List<Touch> runs(List<Touch> touches) {
        List<Touch> out = new ArrayList<>();
        for (Touch t : touches) {
            if (out.isEmpty() || !out.get(out.size() - 1).equals(t)) {
                out.add(t);
            }
        }
        return out;
    }

    /** One access to the object's memory or the array's: its byte index and whether it loaded or stored. */
    private record Access(boolean inObject, int index, Kind kind) {}

    /** The accesses of the memories it sees through, in one order. */
    private static final class Log {
        final List<Access> accesses = new ArrayList<>();

        Memory over(Memory inner, boolean object) {
            return new SeeThrough(inner, object, accesses);
        }
    }

    /** A memory that notes every access before passing it to the memory underneath. */
    private static final class SeeThrough extends ObservedMemory {
        private final boolean object;
        private final List<Access> log;

        SeeThrough(Memory inner, boolean object, List<Access> log) {
            super(inner);
            this.object = object;
            this.log = log;
        }

        @Override
        protected int before(int i, Caches.Kind kind, boolean acquire) {
            // The chunk's allocator makes no atomic access: one here is a fault of the trace.
            if (kind == Caches.Kind.RMW) {
                throw new UnsupportedOperationException("an atomic access at " + i);
            }
            log.add(new Access(object, i, kind == Caches.Kind.READ ? Kind.READS : Kind.WRITES));
            return 0;
        }
    }
}
