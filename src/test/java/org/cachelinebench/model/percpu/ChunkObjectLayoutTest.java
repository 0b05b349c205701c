package org.cachelinebench.model.percpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.sun.management.HotSpotDiagnosticMXBean;

import org.cachelinebench.model.layout.HeapAddresses;
import org.cachelinebench.model.layout.ObjectFields.FieldSlot;
import org.cachelinebench.model.percpu.ChunkObjects.Variant;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;
import org.openjdk.jol.vm.VM;

/**
 * The Java classes as the running JVM lays them out (JOL), asserted as gaps and line relations, never
 * as absolute offsets: headers are 12 bytes on JDK 17, 8 with compact headers, and references 4 or 8.
 * Run on JDK 17 and 25, with and without -XX:+UseCompactObjectHeaders and -XX:-UseCompressedOops.
 */
@Tag("layout")
class ChunkObjectLayoutTest {
    /** What the fixed classes must keep between baseAddr and a written field: HotSpot's @Contended width. */
    static final int PAD = 128;

    @Test
    void theUnpaddedClassPutsBaseAddrRightNextToTheWrittenFields() {
        Class<?> c = UnpaddedPcpuChunk.class;
        long gap = ChunkObjects.gapWrittenToBaseAddr(c);
        assertTrue(gap < 8, "baseAddr and a written field are adjacent (gap " + gap + "): " + ChunkObjects.describeOffsets(c)
                + "\n" + ClassLayout.parseClass(c).toPrintable());
        int sharing = ChunkObjects.sharingPlacements(c, 64);
        assertTrue(sharing >= 64 / 8 - 1, "of the 8 places an object can start in a 64-byte line, " + sharing
                + " put baseAddr on a written field's line: " + ChunkObjects.describeOffsets(c));
    }

    @Test
    void theFixedClassesKeepAtLeast128BytesBetweenBaseAddrAndEveryWrittenField() {
        for (Variant v : List.of(Variant.PADDED, Variant.CONTENDED)) {
            long gap = ChunkObjects.gapWrittenToBaseAddr(v.type());
            assertTrue(gap >= PAD, v.label() + ": gap " + gap + " < " + PAD + ": " + ChunkObjects.describeOffsets(v.type())
                    + (v == Variant.CONTENDED ? " (run with -XX:-RestrictContended)" : "")
                    + "\n" + ClassLayout.parseClass(v.type()).toPrintable());
            for (int line : new int[] {64, 128}) {
                assertEquals(0, ChunkObjects.sharingPlacements(v.type(), line), v.label() + ", " + line + "-byte lines");
            }
        }
    }

    @Test
    void paddingByteFieldsAllLieBetweenTheWrittenFieldsAndBaseAddr() {
        Map<String, FieldSlot> f = ChunkObjects.fields(PaddedPcpuChunk.class);
        long lastWritten = ChunkObjects.WRITTEN_UNDER_LOCK.keySet().stream().mapToLong(w -> f.get(w).end()).max().getAsLong();
        long base = f.get(ChunkObjects.BASE_ADDR).offset();
        int pads = 0;
        for (FieldSlot s : f.values()) {
            if (s.name().matches("p\\d{3}")) {
                pads++;
                assertTrue(s.offset() >= lastWritten && s.end() <= base,
                        s.name() + " at +" + s.offset() + " is not between the written fields (end +" + lastWritten
                                + ") and baseAddr (+" + base + "): a superclass gap took it");
            }
        }
        assertEquals(PAD, pads);
    }

    @Test
    void theThreeClassesHaveTheSameMembers() {
        Map<String, String> unpadded = memberTypes(UnpaddedPcpuChunk.class);
        assertEquals(unpadded, memberTypes(PaddedPcpuChunk.class));
        assertEquals(unpadded, memberTypes(ContendedPcpuChunk.class));
        assertTrue(unpadded.keySet().containsAll(ChunkObjects.WRITTEN_UNDER_LOCK.keySet()));
    }

    /**
     * JOL's addresses need a correction factor on some heaps (see {@link HeapAddresses}); where the JVM's
     * own flags decide the factor, the checked one must be it. Then, at a live object's address, the
     * written fields on baseAddr's line are worked out here from JOL's instance layout and plain
     * division, and must be what {@link ChunkObjects} reports at that address.
     */
    @Test
    void jolsAddressesAreCheckedAndTheLiveRelationsFollowTheOffsets() {
        long scale = HeapAddresses.checkScale();
        assertTrue(scale == 1 || scale == 8, "scale " + scale);
        HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        boolean compressedOops = Boolean.parseBoolean(hotspot.getVMOption("UseCompressedOops").getValue());
        if (!compressedOops || Runtime.getRuntime().maxMemory() > 4L << 30) {
            // Full-width references, or a heap too large to end below 4 GB: references are not unscaled.
            assertEquals(1, scale, "compressed oops " + compressedOops + ", max heap " + Runtime.getRuntime().maxMemory());
        }
        for (Variant v : Variant.values()) {
            PcpuChunkFields o = v.create();
            long address = HeapAddresses.addressOf(o);
            assertEquals(0, address % VM.current().objectAlignment(), v.label() + " at 0x" + Long.toHexString(address));
            Map<String, long[]> lines = new TreeMap<>();     // field -> first and last line it touches
            for (FieldLayout f : ClassLayout.parseInstance(o).fields()) {
                long start = address + f.offset();
                lines.put(f.name(), new long[] {start / 64, (start + f.size() - 1) / 64});
            }
            long[] base = lines.get(ChunkObjects.BASE_ADDR);
            List<String> expected = new ArrayList<>();
            for (String w : ChunkObjects.WRITTEN_UNDER_LOCK.keySet()) {
                long[] l = lines.get(w);
                if (l[0] <= base[1] && base[0] <= l[1]) {
                    expected.add(w);
                }
            }
            assertEquals(expected, ChunkObjects.writtenSharingBaseAddrLine(v.type(), address, 64),
                    v.label() + " at 0x" + Long.toHexString(address));
            if (v.separates()) {
                assertEquals(List.of(), expected, v.label());
            }
        }
    }

    @Test
    void theModelWritesTheSameFieldsInEveryClass() {
        for (Variant v : Variant.values()) {
            PcpuChunkFields o = v.create();
            assertEquals(PcpuAllocator.CHUNK_BASE_ADDR, o.baseAddrOnce());
            int bitOff = PcpuAllocator.allocArea(o, PcpuAllocator.AREA_BITS);
            assertEquals((PcpuAllocator.CHUNK_PAGES << PcpuAllocator.PAGE_SHIFT) - PcpuAllocator.AREA_SIZE,
                    o.getInt(PcpuChunkFields.FREE_BYTES));
            PcpuAllocator.freeArea(o, bitOff, PcpuAllocator.AREA_BITS);
            PcpuChunkFields fresh = v.create();
            for (int m = 0; m <= PcpuChunkFields.NR_BITS; m++) {
                assertEquals(fresh.getInt(m), o.getInt(m), v.label() + " " + PcpuChunkFields.KERNEL_NAMES.get(m));
            }
        }
    }

    @Test
    void variantNamesParse() {
        for (Variant v : Variant.values()) {
            assertEquals(v, Variant.parse(v.label()));
        }
        assertFalse(Variant.UNPADDED.separates());
    }

    /** Field name to type, without the padding. */
    private static Map<String, String> memberTypes(Class<?> type) {
        Map<String, String> out = new TreeMap<>();
        for (Class<?> c = type; c != Object.class; c = c.getSuperclass()) {
            for (java.lang.reflect.Field f : c.getDeclaredFields()) {
                if (!java.lang.reflect.Modifier.isStatic(f.getModifiers()) && !f.getName().matches("p\\d{3}")) {
                    out.put(f.getName(), f.getType().getName());
                }
            }
        }
        return out;
    }
}
