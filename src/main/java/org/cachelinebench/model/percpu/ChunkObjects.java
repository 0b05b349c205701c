package org.cachelinebench.model.percpu;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.layout.EnumParam;
import org.cachelinebench.model.layout.HeapAddresses;
import org.cachelinebench.model.layout.ObjectFields;
import org.cachelinebench.model.layout.ObjectFields.FieldSlot;
import org.cachelinebench.model.layout.StructLayout;

/**
 * The Java-object variants of {@code struct pcpu_chunk}, which of their fields play which role, and
 * where the running JVM put them (read with JOL: the JVM, not the source, decides field order).
 */
public final class ChunkObjects {
    /** The field every reader loads. */
    public static final String BASE_ADDR = "baseAddr";

    /**
     * The kernel struct the Java classes spell: the default config (no stats counters, {@code obj_cgroups}
     * present), whose members they all have, in v6.4-rc4's order (only the member set is used here).
     */
    public static final StructLayout KERNEL_LAYOUT = PcpuChunkLayouts.pcpuChunk(ChunkVersion.V6_4_RC4, KernelConfig.DEFAULT);

    /** Every Java field that spells a kernel member, with the member's name (a leaf: "list.next", "chunk_md.nr_bits"). */
    public static final Map<String, String> KERNEL_MEMBERS = kernelMembers();

    /**
     * The fields the allocator writes on the alloc/free steps (all under {@code pcpu_lock}), with the kernel's names:
     * derived from the access table ({@link PcpuChunkAccess#writtenOnAllocFreePath}), so a member the table says the
     * allocator writes is one the padding must keep from {@code baseAddr}, whatever it is called.
     */
    public static final Map<String, String> WRITTEN_UNDER_LOCK = writtenUnderLock();

    private ChunkObjects() {}

    private static Map<String, String> kernelMembers() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("listNext", "list.next");
        m.put("listPrev", "list.prev");
        m.put("freeBytes", "free_bytes");
        m.put("chunkMdScanHint", "chunk_md.scan_hint");
        m.put("chunkMdScanHintStart", "chunk_md.scan_hint_start");
        m.put("chunkMdContigHint", "chunk_md.contig_hint");
        m.put("chunkMdContigHintStart", "chunk_md.contig_hint_start");
        m.put("chunkMdLeftFree", "chunk_md.left_free");
        m.put("chunkMdRightFree", "chunk_md.right_free");
        m.put("chunkMdFirstFree", "chunk_md.first_free");
        m.put("chunkMdNrBits", "chunk_md.nr_bits");
        m.put(BASE_ADDR, PcpuChunkLayouts.BASE_ADDR);
        m.put("allocMap", "alloc_map");
        m.put("boundMap", "bound_map");
        m.put("mdBlocks", "md_blocks");
        m.put("data", "data");
        m.put("immutable", "immutable");
        m.put("isolated", "isolated");
        m.put("startOffset", "start_offset");
        m.put("endOffset", "end_offset");
        m.put("objCgroups", PcpuChunkLayouts.OBJ_CGROUPS);
        m.put("nrPages", "nr_pages");
        m.put("nrPopulated", "nr_populated");
        m.put("nrEmptyPopPages", PcpuChunkLayouts.NR_EMPTY_POP_PAGES);
        m.put("populated", "populated");
        return Collections.unmodifiableMap(m);
    }

    /** The Java field that spells kernel member {@code kernel} (a leaf of {@link #KERNEL_MEMBERS}). */
    public static String javaField(String kernel) {
        for (Map.Entry<String, String> e : KERNEL_MEMBERS.entrySet()) {
            if (e.getValue().equals(kernel)) {
                return e.getKey();
            }
        }
        throw new IllegalArgumentException("no Java field spells pcpu_chunk member " + kernel);
    }

    private static Map<String, String> writtenUnderLock() {
        Set<String> written = Set.copyOf(PcpuChunkAccess.writtenOnAllocFreePath(KERNEL_LAYOUT));
        Map<String, String> m = new LinkedHashMap<>();
        KERNEL_MEMBERS.forEach((java, kernel) -> {
            if (written.contains(kernel)) {
                m.put(java, kernel);
            }
        });
        return Collections.unmodifiableMap(m);
    }

    /** The three ways to write the struct in Java; the {@code @Param layout} values of ChunkObjectFalseSharing. */
    public enum Variant {
        UNPADDED("unpadded", UnpaddedPcpuChunk.class, UnpaddedPcpuChunk::new, false),
        PADDED("padded", PaddedPcpuChunk.class, PaddedPcpuChunk::new, true),
        CONTENDED("contended", ContendedPcpuChunk.class, ContendedPcpuChunk::new, true);

        private final String label;
        private final Class<? extends PcpuChunkFields> type;
        private final Supplier<PcpuChunkFields> factory;
        private final boolean separates;

        Variant(String label, Class<? extends PcpuChunkFields> type, Supplier<PcpuChunkFields> factory,
                boolean separates) {
            this.label = label;
            this.type = type;
            this.factory = factory;
            this.separates = separates;
        }

        public String label() { return label; }
        public Class<? extends PcpuChunkFields> type() { return type; }
        public PcpuChunkFields create() { return factory.get(); }

        /** True for the fixed layouts, which must keep baseAddr off the written fields' lines wherever the object lands. */
        public boolean separates() { return separates; }

        /** Parses a {@code @Param layout} value; the message names the bad value and the good ones. */
        public static Variant parse(String value) {
            return EnumParam.parse("layout", values(), Variant::label, value);
        }
    }

    /** Every instance field of {@code type} and its superclasses, by name, at the offsets JOL reads from the JVM. */
    public static Map<String, FieldSlot> fields(Class<?> type) {
        return ObjectFields.fields(type);
    }

    /**
     * Bytes between {@code baseAddr} and the nearest field written under the lock, on whichever side:
     * at least a line means no placement of the object can put them on one line.
     */
    public static long gapWrittenToBaseAddr(Class<?> type) {
        Map<String, FieldSlot> f = fields(type);
        FieldSlot base = f.get(BASE_ADDR);
        long gap = Long.MAX_VALUE;
        for (String w : WRITTEN_UNDER_LOCK.keySet()) {
            FieldSlot s = f.get(w);
            long g = s.offset() < base.offset() ? base.offset() - s.end() : s.offset() - base.end();
            gap = Math.min(gap, g);
        }
        return gap;
    }

    /** The written fields that share a {@code lineSize} line with {@code baseAddr} for an object at {@code address}. */
    public static List<String> writtenSharingBaseAddrLine(Class<?> type, long address, int lineSize) {
        Map<String, FieldSlot> f = fields(type);
        FieldSlot base = f.get(BASE_ADDR);
        List<String> out = new ArrayList<>();
        for (String w : WRITTEN_UNDER_LOCK.keySet()) {
            FieldSlot s = f.get(w);
            if (CacheLine.shareLine(address + base.offset(), base.size(), address + s.offset(), s.size(), lineSize)) {
                out.add(w);
            }
        }
        return out;
    }

    /** The same, for a live object at its current address. */
    public static List<String> writtenSharingBaseAddrLine(Object o, int lineSize) {
        return writtenSharingBaseAddrLine(o.getClass(), HeapAddresses.addressOf(o), lineSize);
    }

    /**
     * Of the 8-byte-aligned places an object can start at within a line ({@code lineSize / 8} of them),
     * how many put {@code baseAddr} on a line with a written field.
     */
    public static int sharingPlacements(Class<?> type, int lineSize) {
        int n = 0;
        for (int start = 0; start < lineSize; start += 8) {
            if (!writtenSharingBaseAddrLine(type, start, lineSize).isEmpty()) {
                n++;
            }
        }
        return n;
    }

    /** "baseAddr +16, listNext +40, freeBytes +12, ...": baseAddr and every written field, for messages. */
    public static String describeOffsets(Class<?> type) {
        Map<String, FieldSlot> f = fields(type);
        StringBuilder sb = new StringBuilder(BASE_ADDR + " +" + f.get(BASE_ADDR).offset());
        for (String w : WRITTEN_UNDER_LOCK.keySet()) {
            sb.append(", ").append(w).append(" +").append(f.get(w).offset());
        }
        return sb.toString();
    }
}
