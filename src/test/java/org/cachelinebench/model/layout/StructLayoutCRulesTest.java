package org.cachelinebench.model.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The layout core against C's rules for x86-64: small structs whose offsets, holes, padding, size and
 * alignment are worked out by hand below from the rules (natural alignment, struct alignment = largest
 * member alignment, size rounded up to it), then the same structs compiled by gcc when it is on PATH.
 */
class StructLayoutCRulesTest {

    /** struct mix { char c; int i; long l; }: 3-byte hole after c. */
    static final StructLayout MIX = StructLayout.builder("mix")
            .field(CType.CHAR, "c").field(CType.INT, "i").field(CType.LONG, "l").build();

    /** struct tail { long l; char c; }: 7 bytes of trailing padding. */
    static final StructLayout TAIL = StructLayout.builder("tail")
            .field(CType.LONG, "l").field(CType.CHAR, "c").build();

    /** struct shorts { char a; u16 s; char b; }: align 2, 1-byte hole, 1 byte padding. */
    static final StructLayout SHORTS = StructLayout.builder("shorts")
            .field(CType.CHAR, "a").field(CType.U16, "s").field(CType.CHAR, "b").build();

    /** struct outer { char c; struct mix inner; int x; }: nested struct aligned to 8. */
    static final StructLayout OUTER = StructLayout.builder("outer")
            .field(CType.CHAR, "c").field(CType.struct(MIX), "inner").field(CType.INT, "x").build();

    /** struct hot { int a; long b __aligned__(64); int c; }: a member attribute raises its alignment. */
    static final StructLayout HOT = StructLayout.builder("hot")
            .field(CType.INT, "a").fieldAligned(CType.LONG, "b", 64).field(CType.INT, "c").build();

    /** struct boxed { int a; } __aligned(32): the type attribute pads the size. */
    static final StructLayout BOXED = StructLayout.builder("boxed").field(CType.INT, "a").aligned(32).build();

    /** struct holder { char c; struct boxed b; }: an aligned type as a member. */
    static final StructLayout HOLDER = StructLayout.builder("holder")
            .field(CType.CHAR, "c").field(CType.struct(BOXED), "b").build();

    /** struct flex { long x; char c; int tail[]; }: flexible array at its element's alignment, no size. */
    static final StructLayout FLEX = StructLayout.builder("flex")
            .field(CType.LONG, "x").field(CType.CHAR, "c").flexibleArray(CType.INT, "tail").build();

    /** struct arr { char c; int v[3]; unsigned long *p; }. */
    static final StructLayout ARR = StructLayout.builder("arr")
            .field(CType.CHAR, "c").field(CType.array(CType.INT, 3), "v")
            .field(CType.pointer("unsigned long *"), "p").build();

    /** typedef struct mix mix_t __aligned(64): alignment 64, size still 16 (gcc). */
    static final StructLayout MIX_T = MIX.typedefAligned("mix_t", 64);

    /** struct wrap { char c; mix_t m; int y; }: the typedef's alignment places m, its size ends it. */
    static final StructLayout WRAP = StructLayout.builder("wrap")
            .field(CType.CHAR, "c").field(CType.struct(MIX_T), "m").field(CType.INT, "y").build();

    static final List<StructLayout> ALL = List.of(MIX, TAIL, SHORTS, OUTER, HOT, BOXED, HOLDER, FLEX, ARR, MIX_T, WRAP);

    @Test
    void holesPaddingSizeAndAlignmentFollowTheRules() {
        assertOffsets(MIX, "c", 0, "i", 4, "l", 8);
        assertShape(MIX, 16, 8, 13, 0);
        assertEquals(List.of(new StructLayout.Hole(1, 3, MIX.member("i"))), MIX.holes());

        assertOffsets(TAIL, "l", 0, "c", 8);
        assertShape(TAIL, 16, 8, 9, 7);
        assertEquals(List.of(), TAIL.holes());

        assertOffsets(SHORTS, "a", 0, "s", 2, "b", 4);
        assertShape(SHORTS, 6, 2, 4, 1);
    }

    @Test
    void nestedStructIsPlacedAtItsAlignmentAndPathsDescend() {
        assertOffsets(OUTER, "c", 0, "inner", 8, "inner.c", 8, "inner.i", 12, "inner.l", 16, "x", 24);
        assertShape(OUTER, 32, 8, 1 + 16 + 4, 4);
        assertEquals(1, OUTER.holes().size());
        assertEquals(7, OUTER.holes().get(0).size());
    }

    @Test
    void memberAlignedAttributeRaisesAlignmentOfMemberAndStruct() {
        assertOffsets(HOT, "a", 0, "b", 64, "c", 72);
        assertShape(HOT, 128, 64, 16, 52);
        assertEquals(60, HOT.holes().get(0).size());
    }

    @Test
    void alignedTypePadsItsSizeAndPlacesItsUsers() {
        assertShape(BOXED, 32, 32, 4, 28);
        assertOffsets(HOLDER, "c", 0, "b", 32, "b.a", 32);
        assertShape(HOLDER, 64, 32, 33, 0);
    }

    @Test
    void typedefAlignmentRaisesAlignmentButNotSize() {
        assertEquals(16, MIX_T.size());
        assertEquals(64, MIX_T.align());
        assertEquals(64, MIX_T.typeAlignAttr());
        assertEquals("mix_t", MIX_T.typeName());
        assertOffsets(WRAP, "c", 0, "m", 64, "m.l", 72, "y", 80);
        assertShape(WRAP, 128, 64, 1 + 16 + 4, 44);
    }

    @Test
    void flexibleArrayTakesElementAlignmentAndNoSize() {
        assertOffsets(FLEX, "x", 0, "c", 8, "tail", 12);
        assertShape(FLEX, 16, 8, 9, 4);          // tail[] adds nothing: the struct ends at 12, padded to 16
        assertEquals(3, FLEX.holes().get(0).size());
        assertThrows(IllegalArgumentException.class, () -> StructLayout.builder("bad")
                .flexibleArray(CType.INT, "t").field(CType.INT, "after"));
    }

    @Test
    void arraysAndPointers() {
        assertOffsets(ARR, "c", 0, "v", 4, "p", 16);
        assertShape(ARR, 24, 8, 1 + 12 + 8, 0);
    }

    @Test
    void paholeFormatShowsHoleSummaryAndLastLine() {
        String expected = ""
                + "struct mix {\n"
                + "\tchar                       c;                    /*     0     1 */\n"
                + "\n"
                + "\t/* XXX 3 bytes hole, try to pack */\n"
                + "\n"
                + "\tint                        i;                    /*     4     4 */\n"
                + "\tlong                       l;                    /*     8     8 */\n"
                + "\n"
                + "\t/* size: 16, cachelines: 1, members: 3 */\n"
                + "\t/* sum members: 13, holes: 1, sum holes: 3 */\n"
                + "\t/* last cacheline: 16 bytes */\n"
                + "};\n";
        assertEquals(expected, Pahole.format(MIX, 64));
    }

    @Test
    void paholeFormatMarksLineBoundaryInsideAHole() {
        String expected = ""
                + "struct hot {\n"
                + "\tint                        a;                    /*     0     4 */\n"
                + "\n"
                + "\t/* XXX 60 bytes hole, try to pack */\n"
                + "\n"
                + "\t/* --- cacheline 1 boundary (64 bytes) --- */\n"
                + "\tlong                       b __attribute__((__aligned__(64))); /*    64     8 */\n"
                + "\tint                        c;                    /*    72     4 */\n"
                + "\n"
                + "\t/* size: 128, cachelines: 2, members: 3 */\n"
                + "\t/* sum members: 16, holes: 1, sum holes: 60 */\n"
                + "\t/* padding: 52 */\n"
                + "\t/* forced alignments: 1, forced holes: 1, sum forced holes: 60 */\n"
                + "};\n";
        assertEquals(expected, Pahole.format(HOT, 64));
    }

    /** Every struct above, compiled by gcc: sizeof, _Alignof and offsetof must equal the Java layout. */
    @Test
    void gccAgrees(@TempDir Path dir) throws Exception {
        CStructProgram.assertGccAgrees(ALL, dir);
    }

    private static void assertOffsets(StructLayout s, Object... pathOffset) {
        for (int i = 0; i < pathOffset.length; i += 2) {
            String path = (String) pathOffset[i];
            assertEquals((int) (Integer) pathOffset[i + 1], s.offsetOf(path), s.typeName() + "." + path);
        }
    }

    private static void assertShape(StructLayout s, int size, int align, int sumMembers, int padding) {
        assertEquals(size, s.size(), s.typeName() + " size");
        assertEquals(align, s.align(), s.typeName() + " align");
        assertEquals(sumMembers, s.sumMembers(), s.typeName() + " sum members");
        assertEquals(padding, s.trailingPadding(), s.typeName() + " trailing padding");
    }
}
