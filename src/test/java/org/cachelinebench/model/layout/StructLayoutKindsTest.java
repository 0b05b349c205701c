package org.cachelinebench.model.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The layout core's unions, bit-fields, packed structs and anonymous members, worked out by hand from
 * gcc's x86-64 rules (checked against gcc itself, with many more cases, by the struct tool's corpus
 * test), and how pahole prints them.
 */
class StructLayoutKindsTest {

    /** union number { int i; long l; char bytes[12]; }: every member at 0, size 16 (12 rounded to 8). */
    static final StructLayout NUMBER = StructLayout.union("number")
            .field(CType.INT, "i").field(CType.LONG, "l").field(CType.array(CType.CHAR, 12), "bytes").build();

    /** struct node { struct node *next; union { unsigned int u_flags; int a_flags; }; u16 src, dst; }. */
    static final StructLayout NODE = StructLayout.builder("node")
            .field(CType.pointer("struct node *"), "next")
            .member(CType.struct(StructLayout.union("")
                    .field(CType.UNSIGNED_INT, "u_flags").field(CType.INT, "a_flags").build()), "", 0, false)
            .field(CType.U16, "src").field(CType.U16, "dst").build();

    /**
     * struct flags { char a[3]; int b:12; short c:9; short d:9; }: b would cross the int at 0 (bits
     * 24..35), so it starts the int at 4 (bits 32..43); c would cross the short at 4 (bits 44..52), so it
     * starts the short at 6 (bits 48..56); d would cross that one too (57..65): the short at 8, bits
     * 64..72. The members end in byte 9; size 10 rounded up to the int's 4: 12.
     */
    static final StructLayout FLAGS = StructLayout.builder("flags")
            .field(CType.array(CType.CHAR, 3), "a")
            .bitField(CType.INT, "b", 12, 0, false)
            .bitField(CType.scalar("short", 2), "c", 9, 0, false)
            .bitField(CType.scalar("short", 2), "d", 9, 0, false)
            .build();

    /** struct wire { u8 type; u32 length; u16 port; } __packed: no holes, alignment 1, size 7. */
    static final StructLayout WIRE = StructLayout.builder("wire").packed()
            .field(CType.scalar("u8", 1), "type").field(CType.scalar("u32", 4), "length").field(CType.U16, "port").build();

    @Test
    void unionMembersShareOffsetZero() {
        assertEquals(16, NUMBER.size());
        assertEquals(8, NUMBER.align());
        for (StructLayout.Member m : NUMBER.members()) {
            assertEquals(0, m.offset(), m.name());
        }
        assertEquals("union number", NUMBER.typeName());
    }

    @Test
    void anonymousMembersAreFoundByTheirOwnNames() {
        assertEquals(8, NODE.offsetOf("u_flags"));
        assertEquals(8, NODE.offsetOf("a_flags"));
        assertEquals(12, NODE.offsetOf("src"));
        assertEquals(16, NODE.size());
        assertThrows(IllegalArgumentException.class, () -> StructLayout.builder("dup").field(CType.INT, "u_flags")
                .member(NODE.members().get(1).type(), "", 0, false));
    }

    @Test
    void bitFieldsGoToTheNextUnitOfTheirTypeWhenTheyWouldCrossOne() {
        assertEquals(32, FLAGS.member("b").firstBit());
        assertEquals(48, FLAGS.member("c").firstBit());
        assertEquals(64, FLAGS.member("d").firstBit());
        assertEquals(12, FLAGS.size());
        assertEquals(4, FLAGS.align());
        assertThrows(IllegalArgumentException.class, () -> StructLayout.builder("wide").bitField(CType.CHAR, "x", 9, 0, false));
    }

    @Test
    void packedStructsHaveNoHoles() {
        assertEquals(List.of(0, 1, 5), WIRE.members().stream().map(StructLayout.Member::offset).toList());
        assertEquals(7, WIRE.size());
        assertEquals(1, WIRE.align());
    }

    @Test
    void paholePrintsAnonymousUnionsInPlaceAndBitFieldsWithTheirBits() {
        String expected = ""
                + "struct node {\n"
                + "\tstruct node *              next;                 /*     0     8 */\n"
                + "\tunion {\n"
                + "\t\tunsigned int       u_flags;              /*     8     4 */ /* hot */\n"
                + "\t\tint                a_flags;              /*     8     4 */\n"
                + "\t};                                               /*     8     4 */\n"
                + "\tu16                        src;                  /*    12     2 */\n"
                + "\tu16                        dst;                  /*    14     2 */\n"
                + "\n"
                + "\t/* size: 16, cachelines: 1, members: 4 */\n"
                + "\t/* last cacheline: 16 bytes */\n"
                + "};\n";
        assertEquals(expected, Pahole.format(NODE, 64, 0, m -> m.name().equals("u_flags") ? "/* hot */" : ""));
        String flags = ""
                + "struct flags {\n"
                + "\tchar                       a[3];                 /*     0     3 */\n"
                + "\n"
                + "\t/* XXX 1 byte hole, try to pack */\n"
                + "\n"
                + "\tint                        b:12;                 /*     4: 0  4 */\n"
                + "\n"
                + "\t/* XXX 4 bits hole, try to pack */\n"
                + "\n"
                + "\tshort                      c:9;                  /*     6: 0  2 */\n"
                + "\n"
                + "\t/* XXX 7 bits hole, try to pack */\n"
                + "\n"
                + "\tshort                      d:9;                  /*     8: 0  2 */\n"
                + "\n"
                + "\t/* size: 12, cachelines: 1, members: 4 */\n"
                + "\t/* sum members: 3, holes: 1, sum holes: 1 */\n"
                + "\t/* sum bitfield members: 30 bits, bit holes: 2, sum bit holes: 11 bits */\n"
                + "\t/* padding: 2 */\n"
                + "\t/* bit_padding: 7 bits */\n"
                + "\t/* last cacheline: 12 bytes */\n"
                + "};\n";
        assertEquals(flags, Pahole.format(FLAGS, 64));
    }
}
