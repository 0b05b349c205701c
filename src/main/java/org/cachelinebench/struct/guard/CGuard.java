package org.cachelinebench.struct.guard;

/**
 * The guard as C11 {@code _Static_assert}s on {@code offsetof}, {@code sizeof} and {@code _Alignof}, for
 * gcc and clang alike. The asserts state what {@link Lines} evaluates: with the type aligned to a line
 * they compare line indexes; aligned to less, it may start at any multiple of its alignment into a
 * line, and they state distances that hold at every such start. A first assert keeps the alignment
 * they assume. Each message names the struct, the two fields and their roles.
 */
final class CGuard {
    private CGuard() {}

    /** The macros the asserts use, once per translation unit. */
    static final String MACROS = String.join("\n",
            "#ifndef LINE_GUARD_APART",
            "/* One past the last byte of member M of T. */",
            "#define LINE_GUARD_END(T, M) (offsetof(T, M) + sizeof(((T *)0)->M))",
            "/*",
            " * A ends a whole line before B begins wherever T starts at a multiple of STEP (a power of two",
            " * dividing LINE): from the STEP-aligned block holding A's last byte to B's first byte is a line.",
            " */",
            "#define LINE_GUARD_BEFORE(T, A, B, STEP, LINE) \\",
            "\t(offsetof(T, B) >= LINE_GUARD_END(T, A) && \\",
            "\t offsetof(T, B) - (LINE_GUARD_END(T, A) - 1) / (STEP) * (STEP) >= (LINE))",
            "/* A and B share no LINE-byte line, whichever comes first. */",
            "#define LINE_GUARD_APART(T, A, B, STEP, LINE) \\",
            "\t(LINE_GUARD_BEFORE(T, A, B, STEP, LINE) || LINE_GUARD_BEFORE(T, B, A, STEP, LINE))",
            "/* M lies inside one STEP-aligned block of T, so inside one line wherever T starts. */",
            "#define LINE_GUARD_WHOLE(T, M, STEP) (offsetof(T, M) % (STEP) + sizeof(((T *)0)->M) <= (STEP))",
            "#endif",
            "");

    /** The guard's text: a comment saying what it holds and where it goes, the macros, the asserts. */
    static String text(GuardPlan plan) {
        String t = plan.typeName();
        int step = plan.step(), line = plan.lineSize();
        StringBuilder sb = new StringBuilder("/*\n");
        sb.append(" * Layout guard of ").append(t).append(" for the roles in ").append(plan.rolesFile())
                .append(", on ").append(line).append("-byte lines\n");
        sb.append(" * (benchmarks/struct --guard c, for its ").append(plan.layoutName()).append(" layout).")
                .append(" Paste it after the struct's definition, in a\n");
        sb.append(" * file every build compiles (C11 _Static_assert).\n");
        sb.append(step == line
                ? " * " + t + " is aligned to " + line + " bytes: the asserts compare lines counted from its start.\n"
                : " * " + t + " is aligned to " + step + " bytes, so it may start at any multiple of " + step
                        + " into a line: the asserts\n * state distances that hold at every such start.\n");
        sb.append(plan.notes(" * "));
        sb.append(" */\n#include <stddef.h>\n\n").append(MACROS).append('\n');
        sb.append(assertion("_Alignof(" + t + ") >= " + step, t + " must be aligned to at least " + step
                + " bytes: the asserts below assume it"));
        for (GuardPlan.Pair p : plan.apart()) {
            sb.append(assertion("LINE_GUARD_APART(" + t + ", " + p.a() + ", " + p.b() + ", " + step + ", " + line + ")",
                    t + ": " + p.need().describe() + " must not share a " + line + "-byte line"));
        }
        for (GuardPlan.Keep k : plan.whole()) {
            if (k.designator() == null) {
                sb.append(assertion("_Alignof(" + t + ") >= sizeof(" + t + ")", t + " (" + k.need().side()
                        + ") must lie in one " + line + "-byte line wherever it starts: aligned to its size"));
            } else {
                sb.append(assertion("LINE_GUARD_WHOLE(" + t + ", " + k.designator() + ", " + step + ")", t + ": "
                        + k.need().member() + " (" + k.need().side() + ") must not straddle a " + line + "-byte line"));
            }
        }
        return sb.toString();
    }

    private static String assertion(String condition, String message) {
        return "_Static_assert(" + condition + ",\n\t\"" + GuardPlan.escaped(message) + "\");\n";
    }

}
