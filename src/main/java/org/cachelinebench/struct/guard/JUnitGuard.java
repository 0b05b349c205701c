package org.cachelinebench.struct.guard;

/**
 * The guard as a JUnit 5 test class that reads the layout with JOL only ({@code ClassLayout.parseClass})
 * on the JVM that runs it. A Java object starts at any 8-aligned address, so it asserts what
 * {@link Lines} evaluates at step 8: distances that hold at every such start. Its {@code check(Class)}
 * is public, so the same assertions run on any class with the same field names. Each message names the
 * two fields and their roles.
 */
final class JUnitGuard {
    private JUnitGuard() {}

    /** Java objects start at any multiple of this. */
    static final int STEP = 8;

    /**
     * The test class for the class {@code binaryName} ("a.b.Outer$Inner"), named after its simple name
     * with "LayoutGuardTest", in the class's package.
     */
    static String text(GuardPlan plan, String binaryName) {
        int dot = binaryName.lastIndexOf('.');
        String pkg = dot < 0 ? "" : binaryName.substring(0, dot);
        String local = binaryName.substring(dot + 1);
        String simple = local.substring(local.lastIndexOf('$') + 1);
        String test = simple + "LayoutGuardTest";
        StringBuilder sb = new StringBuilder();
        if (!pkg.isEmpty()) {
            sb.append("package ").append(pkg).append(";\n\n");
        }
        sb.append("import static org.junit.jupiter.api.Assertions.assertTrue;\n");
        sb.append("import static org.junit.jupiter.api.Assertions.fail;\n\n");
        sb.append("import java.util.HashMap;\nimport java.util.Map;\n\n");
        sb.append("import org.junit.jupiter.api.Test;\n");
        sb.append("import org.openjdk.jol.info.ClassLayout;\nimport org.openjdk.jol.info.FieldLayout;\n\n");
        sb.append("/**\n");
        sb.append(" * Layout guard of ").append(local.replace('$', '.')).append(" for the roles in ").append(plan.rolesFile())
                .append(", on ").append(plan.lineSize()).append("-byte lines\n");
        sb.append(" * (benchmarks/struct --guard junit, for its ").append(plan.layoutName())
                .append(" layout): the fields each role writes stay out of the lines of\n");
        sb.append(" * the fields other roles touch, in the layout of the JVM that runs it, as JOL reads it. An object\n");
        sb.append(" * starts at any 8-aligned address, so it asserts distances that hold at every such start.\n");
        sb.append(" * Needs JUnit 5 and org.openjdk.jol:jol-core on the test class path.\n");
        sb.append(plan.notes(" * "));
        sb.append(" */\n");
        sb.append("class ").append(test).append(" {\n");
        sb.append("    static final int LINE = ").append(plan.lineSize()).append(";\n");
        sb.append("    /** Objects start at any multiple of STEP bytes. */\n");
        sb.append("    static final int STEP = ").append(STEP).append(";\n\n");
        sb.append("    @Test\n    void rolesKeepTheirLines() {\n        check(").append(local.replace('$', '.'))
                .append(".class);\n    }\n\n");
        sb.append("    /** The separations, on {@code type}'s layout on this JVM. */\n");
        sb.append("    public static void check(Class<?> type) {\n");
        sb.append("        Map<String, FieldLayout> fields = fields(type);\n");
        for (GuardPlan.Pair p : plan.apart()) {
            sb.append("        apart(fields, \"").append(GuardPlan.escaped(p.a())).append("\", \"").append(GuardPlan.escaped(p.b()))
                    .append("\",\n                \"").append(GuardPlan.escaped(p.need().describe())).append("\");\n");
        }
        sb.append("    }\n\n");
        sb.append(String.join("\n",
                "    /** The instance fields by name; a name two classes of the hierarchy declare, as Host.name. */",
                "    static Map<String, FieldLayout> fields(Class<?> type) {",
                "        Map<String, Integer> count = new HashMap<>();",
                "        for (FieldLayout f : ClassLayout.parseClass(type).fields()) {",
                "            count.merge(f.name(), 1, Integer::sum);",
                "        }",
                "        Map<String, FieldLayout> out = new HashMap<>();",
                "        for (FieldLayout f : ClassLayout.parseClass(type).fields()) {",
                "            String host = f.hostClass().substring(f.hostClass().lastIndexOf('.') + 1);",
                "            out.put(count.get(f.name()) > 1 ? host + \".\" + f.name() : f.name(), f);",
                "        }",
                "        return out;",
                "    }",
                "",
                "    static void apart(Map<String, FieldLayout> fields, String a, String b, String what) {",
                "        FieldLayout x = field(fields, a), y = field(fields, b);",
                "        assertTrue(before(x, y) || before(y, x), () -> what + \" must not share a \" + LINE",
                "                + \"-byte line: \" + a + \" is at \" + x.offset() + \", \" + b + \" at \" + y.offset()",
                "                + \" (objects start at any multiple of \" + STEP + \" bytes)\");",
                "    }",
                "",
                "    /** x ends a whole line before y begins wherever the object starts: from x's last STEP block to y is a line. */",
                "    static boolean before(FieldLayout x, FieldLayout y) {",
                "        long end = x.offset() + x.size();",
                "        return y.offset() >= end && y.offset() - (end - 1) / STEP * STEP >= LINE;",
                "    }",
                "",
                "    static FieldLayout field(Map<String, FieldLayout> fields, String name) {",
                "        FieldLayout f = fields.get(name);",
                "        if (f == null) {",
                "            fail(name + \" is no instance field of the class: the guard no longer matches it\");",
                "        }",
                "        return f;",
                "    }",
                "}",
                ""));
        return sb.toString();
    }

}
