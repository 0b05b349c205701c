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
import org.cachelinebench.model.percpu.PcpuAllocatorMemory;
import org.cachelinebench.model.percpu.PcpuChunkFields;
import org.cachelinebench.model.percpu.PcpuChunkMembers;
import org.cachelinebench.model.percpu.PcpuLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The coherence model's trace of a Java {@code pcpu_chunk} class ({@link ObjectChunk}) makes the accesses the class
 * makes, in the same order and as many: the same allocator steps, at occupancies that turn the block and the chunk's
 * slot over on every step (live=1), on few (live=3) and at the gated chunk sets' occupancy (live=8), run on the class
 * itself behind {@link ChunkAccessRecorder} and on the trace's memory, where each access is named by the field JOL
 * places at its offset (any access to {@code populated[]}'s own memory is {@code populated}). Every load and store
 * counts, repeated ones too: {@code list}'s two stores and {@code populated}'s two loads are two on both sides. A trace
 * with one access taken out (the {@code nr_empty_pop_pages} store, or the {@code populated[]} word's loads) fails the
 * comparison.
 */
class ObjectChunkTraceTest {
    private static final int STEPS = 24;
    /** The occupancies: every step, a few steps, and ChunkSets' gated live=8 (24 steps: one and a half periods). */
    private static final int[] LIVE = {1, 3, 8};

    /** An access taken out of the traced chunk, for the comparison to catch; NONE is the chunk as it is. */
    enum Fault { NONE, NR_EMPTY_POP_PAGES_STORE, POPULATED_LOADS }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void theTraceMakesTheClassesAccessesInOrder(Variant variant) throws Exception {
        for (int live : LIVE) {
            List<Touch> expected = classes(variant, live);
            List<Touch> actual = traced(variant, live, Fault.NONE);
            assertTrue(expected.contains(new Touch("list", Kind.WRITES)), "the steps change the chunk's slot");
            assertTrue(expected.contains(new Touch("nr_empty_pop_pages", Kind.WRITES)), "and its block's emptiness");
            int at = firstDifference(expected, actual);
            String where = variant.label() + " at live=" + live + ", access " + at + " of " + expected.size();
            assertEquals(window(expected, at), window(actual, at), where + " (the class's, then the trace's)");
            assertEquals(expected.size(), actual.size(), where);
        }
    }

    @ParameterizedTest
    @EnumSource(value = Fault.class, names = "NONE", mode = EnumSource.Mode.EXCLUDE)
    void aTraceWithAnAccessTakenOutFails(Fault fault) throws Exception {
        for (int live : LIVE) {
            List<Touch> expected = classes(Variant.UNPADDED, live);
            int at = firstDifference(expected, traced(Variant.UNPADDED, live, fault));
            assertTrue(at >= 0, fault + " at live=" + live + ": the comparison must see it");
            Touch missing = expected.get(at);
            assertEquals(fault == Fault.POPULATED_LOADS ? new Touch("populated", Kind.READS)
                    : new Touch("nr_empty_pop_pages", Kind.WRITES), missing, fault + " at live=" + live + ", access " + at);
        }
    }

    /** The accesses the class itself makes over {@link #STEPS} steps at {@code live}. */
    private static List<Touch> classes(Variant variant, int live) throws Exception {
        ChunkAccessRecorder real = new ChunkAccessRecorder(variant.create());
        run(real, live);
        return real.sequence();
    }

    /** The accesses the trace's chunk of the class makes over the same steps, {@code fault} put in. */
    private static List<Touch> traced(Variant variant, int live, Fault fault) {
        Log log = new Log();
        Model model = Model.DEFAULT;
        Trace trace = model.trace(1);
        TracedMemory lines = trace.memory(ChunkTrace.CHUNK_LINES, false);
        TracedMemory arrayLines = trace.memory(1, false);
        TracedPcpuChunk traced = ObjectChunk.in(log.over(lines, true), lines, log.over(arrayLines, false),
                variant, model.lineSize());
        PcpuChunkFields chunk = fault == Fault.NONE ? traced : faulty(traced, fault);
        log.accesses.clear();
        run(chunk, live);
        return named(log.accesses, variant, ObjectChunk.start(variant, model.lineSize()));
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

    /** {@code chunk} with {@code fault}'s access taken out of its members; every other access passed through. */
    private static PcpuChunkFields faulty(TracedPcpuChunk chunk, Fault fault) {
        PcpuChunkMembers m = chunk.members();
        long populated = m.populatedWord(0);     // read before the log is cleared: every page populated
        PcpuChunkMembers members = new PcpuChunkMembers() {
            @Override public void initialise() { m.initialise(); }
            @Override public PcpuAllocatorMemory metadata() { return m.metadata(); }
            @Override public int nrPages() { return m.nrPages(); }
            @Override public boolean isolated() { return m.isolated(); }
            @Override public int nrEmptyPopPages() { return m.nrEmptyPopPages(); }

            @Override
            public void setNrEmptyPopPages(int value) {
                if (fault != Fault.NR_EMPTY_POP_PAGES_STORE) {
                    m.setNrEmptyPopPages(value);
                }
            }

            @Override public long listNext() { return m.listNext(); }
            @Override public long listPrev() { return m.listPrev(); }
            @Override public long listAddress() { return m.listAddress(); }
            @Override public void setList(long head) { m.setList(head); }
            @Override public long allocMap() { return m.allocMap(); }
            @Override public long boundMap() { return m.boundMap(); }
            @Override public long mdBlocks() { return m.mdBlocks(); }
            @Override public boolean hasObjExts() { return m.hasObjExts(); }
            @Override public long objExts() { return m.objExts(); }

            @Override
            public long populatedWord(int page) {
                return fault == Fault.POPULATED_LOADS ? populated : m.populatedWord(page);
            }
        };
        return new PcpuChunkFields() {
            @Override public int getInt(int member) { return chunk.getInt(member); }
            @Override public void setInt(int member, int value) { chunk.setInt(member, value); }
            @Override public long baseAddrOnce() { return chunk.baseAddrOnce(); }
            @Override public PcpuChunkMembers members() { return members; }
            @Override public void statsAreaAlloc(int size) { chunk.statsAreaAlloc(size); }
            @Override public void statsAreaDealloc() { chunk.statsAreaDealloc(); }
        };
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
