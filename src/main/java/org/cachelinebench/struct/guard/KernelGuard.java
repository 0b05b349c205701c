package org.cachelinebench.struct.guard;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.cachelinebench.model.layout.StructLayout;
import org.cachelinebench.struct.analysis.FieldIndex;
import org.cachelinebench.struct.analysis.Roles;
import org.cachelinebench.struct.c.MemberDecl;
import org.cachelinebench.struct.c.Struct;

/**
 * The guard as the kernel writes one (include/linux/cache.h; net/core/dev.c's net_dev_struct_check(),
 * net/ipv4/tcp.c's tcp_struct_check()): the struct with {@code __cacheline_group_begin(NAME)} and
 * {@code __cacheline_group_end(NAME)} around each run of members the same roles write (or, unwritten,
 * read), and a check function of {@code CACHELINE_ASSERT_GROUP_MEMBER} and
 * {@code CACHELINE_ASSERT_GROUP_SIZE} lines for the file that owns the struct. Those assert membership
 * only; that a writer's group shares no line with another role's group is one more assert per pair of
 * groups, {@code CACHELINE_ASSERT_GROUPS_APART}, defined beside the check on the markers' offsets with
 * the distance rule of {@link Lines}. A group's begin marker takes its first member's alignment where
 * that member has an alignment attribute or padding before it (as tcp_sock's write_rx group does), so
 * that the marker's offset is the member's.
 */
final class KernelGuard {
    private KernelGuard() {}

    /** A run of members with the same key, as units of the layout. */
    private record Group(String name, Key key, int first, int last) {}

    /** Who a unit's line belongs to: the roles that write it, or (none writing) those that read it. */
    private record Key(List<String> writers, List<String> readers) {
        /** "write_allocator", "read_producer_consumer". */
        String name() {
            return writers.isEmpty() ? "read_" + String.join("_", readers) : "write_" + String.join("_", writers);
        }

        String describe() {
            return writers.isEmpty() ? "read by " + String.join(", ", readers) : "written by " + String.join(", ", writers);
        }

        boolean touched() {
            return !writers.isEmpty() || !readers.isEmpty();
        }
    }

    static final String APART_MACROS = String.join("\n",
            "/*",
            " * Not in include/linux/cache.h: groups A and B of TYPE share no cache line, wherever TYPE starts at",
            " * a multiple of STEP (a power of two dividing LINE): from the STEP-aligned block holding the last",
            " * byte of the earlier group to the first byte of the later one is a line. With STEP the line",
            " * size this compares line indexes.",
            " */",
            "#define CACHELINE_GROUP_BEFORE(TYPE, A, B, STEP, LINE) \\",
            "\t(offsetof(TYPE, __cacheline_group_begin__##B) >= offsetof(TYPE, __cacheline_group_end__##A) && \\",
            "\t offsetof(TYPE, __cacheline_group_begin__##B) - \\",
            "\t (offsetof(TYPE, __cacheline_group_end__##A) - 1) / (STEP) * (STEP) >= (LINE))",
            "#define CACHELINE_ASSERT_GROUPS_APART(TYPE, A, B, STEP, LINE) \\",
            "\tBUILD_BUG_ON(!(CACHELINE_GROUP_BEFORE(TYPE, A, B, STEP, LINE) || \\",
            "\t\t       CACHELINE_GROUP_BEFORE(TYPE, B, A, STEP, LINE)))",
            "");

    /**
     * The marked-up struct and the check function for {@code s}, the layout the plan is for; {@code fields}
     * and {@code roles} are bound to it. Members the markers cannot go around go to the plan's notes.
     */
    static String text(GuardPlan plan, Struct s, FieldIndex fields, Roles roles) {
        StructLayout layout = s.layout();
        String type = plan.typeName();
        String tag = type.substring(type.indexOf(' ') + 1);
        List<MemberDecl> decls = new ArrayList<>();
        for (MemberDecl m : s.decl().members()) {
            if (!(m.isBitField() && m.name().isEmpty())) {
                decls.add(m);                               // the layout's members: unnamed bit-fields take no name
            }
        }
        List<Group> groups = groups(tag, fields, roles);
        List<String> notes = new ArrayList<>(plan.notAsserted());
        GroupMarkup markup = new GroupMarkup(s.decl().text());
        int declStart = declarationStart(s);
        List<Group> marked = new ArrayList<>();
        for (Group g : groups) {
            try {
                GroupMarkup.Span first = markup.span(decls.get(g.first()).at().start() - declStart);
                GroupMarkup.Span last = markup.span(decls.get(g.last()).at().start() - declStart);
                if (!markup.balanced(first.begin(), last.end()) || (g.first() > 0
                        && markup.span(decls.get(g.first() - 1).at().start() - declStart).end() > first.begin())) {
                    throw new IllegalArgumentException("an #if block or a declaration of several members");
                }
                markup.insert(first.begin(), first.indent() + "__cacheline_group_begin(" + g.name() + ")"
                        + beginAlignment(layout, decls, g.first()) + ";");
                markup.insert(last.end(), last.indent() + "__cacheline_group_end(" + g.name() + ");");
                marked.add(g);
            } catch (IllegalArgumentException e) {
                notes.add("group " + g.name() + " (" + describe(fields, g) + "): the markers cannot go around it ("
                        + e.getMessage() + ")");
            }
        }
        String line = plan.lineSize() == 64 ? "SMP_CACHE_BYTES" : plan.lineSize() / 64 + " * SMP_CACHE_BYTES";
        String step = plan.step() == plan.lineSize() ? line : Integer.toString(plan.step());
        Set<List<Group>> apart = new LinkedHashSet<>();
        for (GuardPlan.Pair p : plan.apart()) {
            Group a = groupOf(marked, fields.field(p.need().a()).unit()), b = groupOf(marked, fields.field(p.need().b()).unit());
            if (a == null || b == null) {
                notes.add(p.need().describe() + ": not in two marked groups");
            } else if (!Lines.apart(start(layout, a), end(layout, a), start(layout, b), end(layout, b), plan.step(),
                    plan.lineSize())) {
                notes.add(p.need().describe() + ": groups " + a.name() + " and " + b.name() + " share a line in this layout");
            } else {
                apart.add(a.first() < b.first() ? List.of(a, b) : List.of(b, a));
            }
        }
        StringBuilder sb = new StringBuilder("/*\n");
        sb.append(" * Cacheline groups of ").append(type).append(" for the roles in ").append(plan.rolesFile())
                .append(" (benchmarks/struct --guard kernel,\n");
        sb.append(" * for its ").append(plan.layoutName()).append(" layout). First the struct with")
                .append(" __cacheline_group_begin/end() around each role's members,\n");
        sb.append(" * for the header that declares it: the markers are zero-size members, the layout does not change.\n");
        sb.append(" * Then a check function for the .c file that owns the struct, called once from its init code, as\n");
        sb.append(" * net_dev_init() calls net_dev_struct_check(). CACHELINE_ASSERT_GROUP_MEMBER() asserts membership\n");
        sb.append(" * only; CACHELINE_ASSERT_GROUPS_APART(), defined there, asserts that a writer's group shares no\n");
        sb.append(" * line with the groups of the other roles that touch its line's fields (with CONFIG_SMP: without\n");
        sb.append(" * it ____cacheline_aligned_in_smp aligns nothing and no line is shared).\n");
        sb.append(notesText(notes));
        sb.append(" */\n\n");
        sb.append(markup.result()).append(";\n\n");
        sb.append(APART_MACROS).append('\n');
        sb.append("static void __init ").append(tag).append("_struct_check(void)\n{\n");
        CNames names = CNames.of(layout);
        for (Group g : marked) {
            sb.append("\t/* ").append(g.key().describe()).append(" */\n");
            for (int u = g.first(); u <= g.last(); u++) {
                FieldIndex.Unit unit = fields.units().get(u);
                if (touched(roles, u) && !unit.name().isEmpty() && !layout.members().get(u).isBitField()) {
                    sb.append("\tCACHELINE_ASSERT_GROUP_MEMBER(").append(type).append(", ").append(g.name()).append(", ")
                            .append(names.designator(unit.name())).append(");\n");
                }
            }
            sb.append("\tCACHELINE_ASSERT_GROUP_SIZE(").append(type).append(", ").append(g.name()).append(", ")
                    .append(end(layout, g) - start(layout, g)).append(");\n");
        }
        if (!apart.isEmpty()) {
            sb.append("#ifdef CONFIG_SMP\n");
            sb.append("\tBUILD_BUG_ON(__alignof__(").append(type).append(") < ").append(step).append(");\n");
            for (List<Group> p : apart) {
                sb.append("\tCACHELINE_ASSERT_GROUPS_APART(").append(type).append(", ").append(p.get(0).name()).append(",\n\t\t\t\t      ")
                        .append(p.get(1).name()).append(", ").append(step).append(", ").append(line).append(");\n");
            }
            sb.append("#endif\n");
        }
        sb.append("}\n");
        return sb.toString();
    }

    /**
     * Where the declaration's text begins in its source: the declaration is known by its tag's token (or,
     * untagged, its keyword's), the text begins at the keyword, and the tag is the first word after it.
     */
    private static int declarationStart(Struct s) {
        String text = s.decl().text(), at = s.decl().at().text();
        if (text.startsWith(at)) {
            return s.decl().at().start();
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\b" + java.util.regex.Pattern.quote(at) + "\\b").matcher(text);
        if (!m.find(s.decl().keyword().length())) {
            throw new IllegalStateException("no tag " + at + " in " + text);
        }
        return s.decl().at().start() - m.start();
    }

    private static String notesText(List<String> notes) {
        return new GuardPlan("", "", "", 0, 0, List.of(), List.of(), notes).notes(" * ");
    }

    /** What a group holds, for notes: its members the roles touch. */
    private static String describe(FieldIndex fields, Group g) {
        List<String> names = new ArrayList<>();
        for (int u = g.first(); u <= g.last(); u++) {
            names.add(fields.units().get(u).label(fields));
        }
        return String.join(", ", names);
    }

    private static Group groupOf(List<Group> groups, int unit) {
        for (Group g : groups) {
            if (g.first() <= unit && unit <= g.last()) {
                return g;
            }
        }
        return null;
    }

    private static int start(StructLayout layout, Group g) {
        return layout.members().get(g.first()).start();
    }

    private static int end(StructLayout layout, Group g) {
        int end = 0;
        for (int u = g.first(); u <= g.last(); u++) {
            end = Math.max(end, layout.members().get(u).end());
        }
        return end;
    }

    /**
     * The attribute the begin marker takes: the first member's own alignment attribute, or its
     * alignment where padding precedes it; "" when the marker falls on the member's offset anyway.
     */
    private static String beginAlignment(StructLayout layout, List<MemberDecl> decls, int unit) {
        StructLayout.Member m = layout.members().get(unit);
        int attr = decls.get(unit).alignAttr();
        int previousEnd = unit == 0 ? 0 : layout.members().get(unit - 1).end();
        int align = attr > 0 ? attr : previousEnd < m.start() ? m.align() : 0;
        if (align == 0) {
            return "";
        }
        return align == 64 ? " ____cacheline_aligned_in_smp" : " __aligned(" + align + ")";
    }

    private static boolean touched(Roles roles, int unit) {
        return key(roles, unit).touched();
    }

    private static Key key(Roles roles, int unit) {
        List<String> writers = new ArrayList<>(), readers = new ArrayList<>();
        for (Roles.Role r : roles.roles()) {
            boolean touches = false, writes = false;
            for (Roles.Access a : r.accesses().values()) {
                if (a.field().unit() == unit) {
                    touches = true;
                    writes |= a.write();
                }
            }
            if (touches) {
                (writes ? writers : readers).add(r.name());
            }
        }
        return new Key(List.copyOf(writers), writers.isEmpty() ? List.copyOf(readers) : List.of());
    }

    /** Runs of units with the same key, members no role touches inside a run going with it. */
    private static List<Group> groups(String tag, FieldIndex fields, Roles roles) {
        List<Group> out = new ArrayList<>();
        Map<Key, Integer> uses = new LinkedHashMap<>();
        Key key = null;
        int first = -1, last = -1;
        for (FieldIndex.Unit u : fields.units()) {
            Key k = key(roles, u.index());
            if (!k.touched()) {
                continue;
            }
            if (!k.equals(key)) {
                if (key != null) {
                    out.add(group(tag, key, first, last, uses));
                }
                key = k;
                first = u.index();
            }
            last = u.index();
        }
        if (key != null) {
            out.add(group(tag, key, first, last, uses));
        }
        return out;
    }

    private static Group group(String tag, Key key, int first, int last, Map<Key, Integer> uses) {
        int n = uses.merge(key, 1, Integer::sum);
        return new Group(tag + "_" + key.name() + (n > 1 ? "_" + n : ""), key, first, last);
    }
}
