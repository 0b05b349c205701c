package org.cachelinebench.model.ipi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import org.cachelinebench.model.layout.CStructProgram;
import org.cachelinebench.model.layout.Pahole;
import org.cachelinebench.model.layout.StructLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The csd layouts as computed from the headers' member lists, as pahole would print them, and as gcc lays them out. */
class CallSingleDataTest {

    @Test
    void v4_13IsThirtyTwoBytesButOnlyEightAligned() {
        StructLayout s = CallSingleData.V4_13;
        assertEquals("struct call_single_data", s.typeName());
        assertEquals(0, s.offsetOf("llist"));
        assertEquals(0, s.offsetOf("llist.next"));
        assertEquals(8, s.offsetOf("func"));
        assertEquals(16, s.offsetOf("info"));
        assertEquals(24, s.offsetOf("flags"));
        assertEquals(28, s.sumMembers());
        assertEquals(4, s.trailingPadding());
        assertEquals(32, s.size());
        assertEquals(8, s.align());
        assertTrue(s.holes().isEmpty());
    }

    @Test
    void v4_14TypedefIsAlignedToItsSize() {
        assertEquals("struct __call_single_data", CallSingleData.V4_14.typeName());
        assertEquals(8, CallSingleData.V4_14.align());
        StructLayout t = CallSingleData.V4_14_T;
        assertEquals("call_single_data_t", t.typeName());
        assertEquals(32, t.size());
        assertEquals(32, t.align());
        assertEquals(CallSingleData.V4_13.offsetOf("flags"), t.offsetOf("flags"));
    }

    @Test
    void currentLayoutMovesFlagsIntoTheNode() {
        StructLayout node = CallSingleData.CALL_SINGLE_NODE;
        assertEquals(0, node.offsetOf("llist"));
        assertEquals(8, node.offsetOf("u_flags"));
        assertEquals(12, node.offsetOf("src"));
        assertEquals(14, node.offsetOf("dst"));
        assertEquals(16, node.size());
        assertEquals(8, node.align());

        StructLayout s = CallSingleData.CURRENT;
        assertEquals(0, s.offsetOf("node"));
        assertEquals(0, s.offsetOf("node.llist.next"));
        assertEquals(8, s.offsetOf("node.u_flags"));
        assertEquals(16, s.offsetOf("func"));
        assertEquals(24, s.offsetOf("info"));
        assertEquals(32, s.size());
        assertEquals(8, s.align());
        assertEquals(0, s.trailingPadding());

        StructLayout t = CallSingleData.CURRENT_T;
        assertEquals(32, t.size());
        assertEquals(32, t.align());
    }

    @Test
    void modelOffsetsAreTheLayoutsOffsets() {
        assertEquals(CallSingleData.V4_13.offsetOf("flags"), SmpV4_13.FLAGS);
        assertEquals(CallSingleData.V4_13.offsetOf("func"), SmpV4_13.FUNC);
        assertEquals(CallSingleData.V4_13.offsetOf("info"), SmpV4_13.INFO);
        assertEquals(CallSingleData.CURRENT_T.offsetOf("node.u_flags"), SmpCurrent.NODE_U_FLAGS);
        assertEquals(CallSingleData.CURRENT_T.offsetOf("func"), SmpCurrent.FUNC);
        assertEquals(CallSingleData.CURRENT_T.offsetOf("info"), SmpCurrent.INFO);
        assertEquals(0, Llist.NEXT);
        assertEquals(0, Llist.FIRST);
    }

    @Test
    void catalogListsEveryLayoutNestedFirst() {
        List<String> names = CallSingleData.layouts().stream().map(CallSingleData.Named::name).collect(Collectors.toList());
        assertEquals(List.of("llist_node", "llist_head", "v4.13", "v4.14", "v4.14 typedef", "__call_single_node",
                "current", "current typedef"), names);
    }

    @Test
    void paholeV4_13OnALine() {
        String expected = ""
                + "struct call_single_data {\n"
                + "\tstruct llist_node          llist;                /*     0     8 */\n"
                + "\tsmp_call_func_t            func;                 /*     8     8 */\n"
                + "\tvoid *                     info;                 /*    16     8 */\n"
                + "\tunsigned int               flags;                /*    24     4 */\n"
                + "\n"
                + "\t/* size: 32, cachelines: 1, members: 4 */\n"
                + "\t/* padding: 4 */\n"
                + "\t/* last cacheline: 32 bytes */\n"
                + "};\n";
        assertEquals(expected, Pahole.format(CallSingleData.V4_13, 64));
    }

    @Test
    void paholeV4_13StraddledShowsTheBoundaryBetweenFuncAndInfo() {
        String expected = ""
                + "struct call_single_data {\n"
                + "\tstruct llist_node          llist;                /*     0     8 */\n"
                + "\tsmp_call_func_t            func;                 /*     8     8 */\n"
                + "\t/* --- cacheline 1 boundary (16 bytes) --- */\n"
                + "\tvoid *                     info;                 /*    16     8 */\n"
                + "\tunsigned int               flags;                /*    24     4 */\n"
                + "\n"
                + "\t/* size: 32, cachelines: 2, members: 4 */\n"
                + "\t/* padding: 4 */\n"
                + "\t/* last cacheline: 16 bytes */\n"
                + "};\n";
        assertEquals(expected, Pahole.format(CallSingleData.V4_13, 64, 48));
    }

    @Test
    void paholeV4_13SizeAlignedEndsOnTheLine() {
        String expected = ""
                + "struct call_single_data {\n"
                + "\tstruct llist_node          llist;                /*     0     8 */\n"
                + "\tsmp_call_func_t            func;                 /*     8     8 */\n"
                + "\tvoid *                     info;                 /*    16     8 */\n"
                + "\tunsigned int               flags;                /*    24     4 */\n"
                + "\n"
                + "\t/* size: 32, cachelines: 1, members: 4 */\n"
                + "\t/* padding: 4 */\n"
                + "};\n";
        assertEquals(expected, Pahole.format(CallSingleData.V4_13, 64, 32));
    }

    @Test
    void paholeCurrentNodeAndTypedef() {
        String node = ""
                + "struct __call_single_node {\n"
                + "\tstruct llist_node          llist;                /*     0     8 */\n"
                + "\tunsigned int               u_flags;              /*     8     4 */\n"
                + "\tu16                        src;                  /*    12     2 */\n"
                + "\tu16                        dst;                  /*    14     2 */\n"
                + "\n"
                + "\t/* size: 16, cachelines: 1, members: 4 */\n"
                + "\t/* last cacheline: 16 bytes */\n"
                + "};\n";
        assertEquals(node, Pahole.format(CallSingleData.CALL_SINGLE_NODE, 64));
        String typedef = ""
                + "typedef struct __call_single_data {\n"
                + "\tstruct __call_single_node  node;                 /*     0    16 */\n"
                + "\tsmp_call_func_t            func;                 /*    16     8 */\n"
                + "\tvoid *                     info;                 /*    24     8 */\n"
                + "\n"
                + "\t/* size: 32, cachelines: 1, members: 3 */\n"
                + "\t/* last cacheline: 32 bytes */\n"
                + "} call_single_data_t __attribute__((__aligned__(32)));\n";
        assertEquals(typedef, Pahole.format(CallSingleData.CURRENT_T, 64));
    }

    @Test
    void gccAgreesOnEveryCatalogLayout(@TempDir Path dir) throws Exception {
        List<StructLayout> all = CallSingleData.LAYOUTS.stream().map(CallSingleData.Named::layout)
                .collect(Collectors.toList());
        CStructProgram.assertGccAgrees(all, dir);
    }
}
