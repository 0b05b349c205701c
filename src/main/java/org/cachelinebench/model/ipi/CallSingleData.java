package org.cachelinebench.model.ipi;

import java.util.List;

import org.cachelinebench.model.layout.CType;
import org.cachelinebench.model.layout.StructLayout;

/**
 * The kernel's {@code call_single_data} (csd) and the structs it is built from, laid out by the C rules
 * of {@link StructLayout} from their member lists, as the headers declare them (x86-64).
 *
 * <pre>
 * include/linux/llist.h:      struct llist_node { struct llist_node *next; };
 *
 * include/linux/smp.h, v4.13: struct call_single_data {
 *                                 struct llist_node llist;
 *                                 smp_call_func_t func;
 *                                 void *info;
 *                                 unsigned int flags;
 *                             };
 *
 * 966a967116e6 (v4.14):       struct __call_single_data { the same four members };
 *                             typedef struct __call_single_data call_single_data_t
 *                                     __aligned(sizeof(struct __call_single_data));
 *
 * include/linux/smp_types.h:  struct __call_single_node {
 *   (current)                     struct llist_node llist;
 *                                 union { unsigned int u_flags; atomic_t a_flags; };
 *                                 u16 src, dst;            (CONFIG_64BIT)
 *                             };
 * include/linux/smp.h:        struct __call_single_data {
 *   (current)                     struct __call_single_node node;
 *                                 smp_call_func_t func;
 *                                 void *info;
 *                             };
 *                             typedef struct __call_single_data call_single_data_t
 *                                     __aligned(sizeof(struct __call_single_data));
 * </pre>
 *
 * The union in {@code __call_single_node} is modelled as its {@code unsigned int u_flags} arm: both arms
 * are 4 bytes with 4-byte alignment, so the layout is the same, and smp.c uses {@code u_flags}.
 */
public final class CallSingleData {
    private CallSingleData() {}

    /** {@code typedef void (*smp_call_func_t)(void *info);} a function pointer. */
    public static final CType SMP_CALL_FUNC_T = CType.pointer("smp_call_func_t");

    /** {@code struct llist_node}: one pointer. */
    public static final StructLayout LLIST_NODE = StructLayout.builder("llist_node")
            .field(CType.pointer("struct llist_node *"), "next")
            .build();

    /** {@code struct llist_head}: the receiving CPU's {@code call_single_queue}. */
    public static final StructLayout LLIST_HEAD = StructLayout.builder("llist_head")
            .field(CType.pointer("struct llist_node *"), "first")
            .build();

    /** v4.13 {@code struct call_single_data}: 28 bytes of members, 32 with padding, aligned to 8 only. */
    public static final StructLayout V4_13 = StructLayout.builder("call_single_data")
            .field(CType.struct(LLIST_NODE), "llist")
            .field(SMP_CALL_FUNC_T, "func")
            .field(CType.VOID_PTR, "info")
            .field(CType.UNSIGNED_INT, "flags")
            .build();

    /** v4.14 (966a967116e6): the v4.13 members renamed {@code struct __call_single_data}. */
    public static final StructLayout V4_14 = StructLayout.builder("__call_single_data")
            .field(CType.struct(LLIST_NODE), "llist")
            .field(SMP_CALL_FUNC_T, "func")
            .field(CType.VOID_PTR, "info")
            .field(CType.UNSIGNED_INT, "flags")
            .build();

    /** v4.14 {@code call_single_data_t}: aligned to its own size, so it can never straddle a line. */
    public static final StructLayout V4_14_T = V4_14.typedefAligned("call_single_data_t", V4_14.size());

    /** Current {@code struct __call_single_node} (include/linux/smp_types.h), 64-bit. */
    public static final StructLayout CALL_SINGLE_NODE = StructLayout.builder("__call_single_node")
            .field(CType.struct(LLIST_NODE), "llist")
            .field(CType.UNSIGNED_INT, "u_flags")
            .field(CType.U16, "src")
            .field(CType.U16, "dst")
            .build();

    /** Current {@code struct __call_single_data} (include/linux/smp.h). */
    public static final StructLayout CURRENT = StructLayout.builder("__call_single_data")
            .field(CType.struct(CALL_SINGLE_NODE), "node")
            .field(SMP_CALL_FUNC_T, "func")
            .field(CType.VOID_PTR, "info")
            .build();

    /** Current {@code call_single_data_t}: {@link #CURRENT} aligned to its size. */
    public static final StructLayout CURRENT_T = CURRENT.typedefAligned("call_single_data_t", CURRENT.size());

    /** A layout with the name and source a printout should show above it. */
    public record Named(String name, String source, StructLayout layout) {}

    /** Every layout above, nested structs first, for {@code benchmarks/layout} to print with Pahole. */
    public static final List<Named> LAYOUTS = List.of(
            new Named("llist_node", "include/linux/llist.h", LLIST_NODE),
            new Named("llist_head", "include/linux/llist.h (the receiver's call_single_queue)", LLIST_HEAD),
            new Named("v4.13", "include/linux/smp.h at v4.13: struct call_single_data", V4_13),
            new Named("v4.14", "966a967116e6 (v4.14): struct __call_single_data", V4_14),
            new Named("v4.14 typedef", "966a967116e6 (v4.14): call_single_data_t", V4_14_T),
            new Named("__call_single_node", "include/linux/smp_types.h (current)", CALL_SINGLE_NODE),
            new Named("current", "include/linux/smp.h (current): struct __call_single_data", CURRENT),
            new Named("current typedef", "include/linux/smp.h (current): call_single_data_t", CURRENT_T));

    /** {@link #LAYOUTS}, as a method for callers that prefer one. */
    public static List<Named> layouts() {
        return LAYOUTS;
    }
}
