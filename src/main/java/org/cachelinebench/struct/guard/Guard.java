package org.cachelinebench.struct.guard;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.cachelinebench.model.layout.StructLayout;
import org.cachelinebench.struct.analysis.FieldIndex;
import org.cachelinebench.struct.c.InputError;
import org.cachelinebench.struct.c.Struct;
import org.cachelinebench.struct.report.Report;

/**
 * {@code benchmarks/struct ... --guard c|kernel|junit [--guard-for original|suggested]}: the assertions
 * that keep what the roles need ({@link LineRequirements}) in the layout asked for, as C11 asserts ({@link CGuard}),
 * kernel cacheline groups ({@link KernelGuard}) or a JUnit test on JOL ({@link JUnitGuard}). What the
 * layout breaks is left out and said in the guard's comment; roles that need nothing, or a layout that
 * keeps none of it, are bad input (one line, exit 2).
 */
public final class Guard {
    private Guard() {}

    /** The forms a guard takes. */
    public enum Form {
        C, KERNEL, JUNIT;

        /** "c", "kernel" or "junit". */
        public static Form parse(String text) {
            for (Form f : values()) {
                if (f.name().toLowerCase(Locale.ROOT).equals(text)) {
                    return f;
                }
            }
            throw new IllegalArgumentException("must be c, kernel or junit, not '" + text + "'");
        }

        public String option() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The layout a guard is for: the struct as declared, or the suggestion. */
    public enum Target {
        ORIGINAL, SUGGESTED;

        /** "original" or "suggested". */
        public static Target parse(String text) {
            for (Target t : values()) {
                if (t.name().toLowerCase(Locale.ROOT).equals(text)) {
                    return t;
                }
            }
            throw new IllegalArgumentException("must be original or suggested, not '" + text + "'");
        }

        String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * The C guard ({@code c} or {@code kernel}) of a C report: {@code original} is the struct as read,
     * {@code suggested} the suggestion parsed back (the original where it is unchanged).
     */
    public static String c(Form form, Target target, Report report, Struct original, Struct suggested, String rolesFile)
            throws InputError {
        if (form == Form.JUNIT) {
            throw bad("--guard junit writes a test of a Java class (--class); for C, --guard c or --guard kernel");
        }
        StructLayout o = original.layout();
        int natural = 1;
        for (StructLayout.Member m : o.members()) {
            natural = Math.max(natural, m.type().align());
        }
        LineRequirements needs = LineRequirements.of(report.original().fields(), report.original().roles(), o.size(),
                report.lineSize(), u -> o.members().get(u).type().align() < o.members().get(u).size(), natural);
        Struct guarded = target == Target.ORIGINAL ? original : suggested;
        FieldIndex fields = target == Target.ORIGINAL ? report.original().fields() : FieldIndex.of(guarded.layout());
        GuardPlan plan = plan(needs, target, report, guarded.name(), fields, guarded.layout().size(),
                Lines.step(guarded.layout().align(), report.lineSize()), CNames.of(guarded.layout())::designator, rolesFile);
        return form == Form.C ? CGuard.text(plan) : KernelGuard.text(plan, guarded, fields, report.original().roles().on(fields));
    }

    /** The JUnit guard of a Java report ({@code --class}). */
    public static String java(Form form, Target target, Report report, String rolesFile) throws InputError {
        if (form != Form.JUNIT) {
            throw bad("--guard " + form.option() + " writes C asserts; for a Java class, --guard junit");
        }
        LineRequirements needs = LineRequirements.of(report.original().fields(), report.original().roles(),
                report.original().size(), report.lineSize(), u -> false, Integer.MAX_VALUE);
        Report.View view = target == Target.ORIGINAL ? report.original() : report.suggestion().view();
        if (view == null) {
            throw bad("the suggested classes could not be laid out on this JVM (see the report's notes): "
                    + "compile them and run --guard junit --guard-for original on the result");
        }
        String originalName = report.original().name().substring("class ".length());
        String name = view.name().substring("class ".length());
        if (target == Target.SUGGESTED) {
            int dot = originalName.lastIndexOf('.');
            name = (dot < 0 ? "" : originalName.substring(0, dot + 1)) + name;
        }
        java.util.function.Function<String, String> jolName = target == Target.ORIGINAL ? p -> p : p -> p.replace('.', '_');
        GuardPlan plan = plan(needs, target, report, name, view.fields(), view.size(), JUnitGuard.STEP, jolName, rolesFile);
        return JUnitGuard.text(plan, name);
    }

    /** The needs the layout keeps, named as the form names fields ({@code names}: null for a field it cannot name). */
    private static GuardPlan plan(LineRequirements needs, Target target, Report report, String typeName,
                                  FieldIndex fields, int size, int step,
                                  java.util.function.Function<String, String> names, String rolesFile)
            throws InputError {
        if (needs.isEmpty()) {
            throw bad("no assertion needed: the roles in " + rolesFile + " keep no two fields of " + typeName
                    + " from sharing a line (no field one role writes is touched by another) and no member from straddling one");
        }
        int line = report.lineSize();
        LineRequirements.Kept kept = needs.on(fields, size, step, line);
        List<GuardPlan.Pair> apart = new ArrayList<>();
        List<GuardPlan.Keep> whole = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (LineRequirements.Apart p : kept.apart()) {
            String a = names.apply(p.a()), b = names.apply(p.b());
            if (a == null || b == null) {
                notes.add(p.describe() + ": a bit-field has no offset C can name");
            } else {
                apart.add(new GuardPlan.Pair(p, a, b));
            }
        }
        for (LineRequirements.Whole w : kept.whole()) {
            String d = w.member() == null ? null : names.apply(w.member());
            if (w.member() != null && d == null) {
                notes.add(w.member() + ": a bit-field has no offset C can name");
            } else {
                whole.add(new GuardPlan.Keep(w, d));
            }
        }
        String at = step == line ? "" : " at some " + step + "-aligned start";
        for (LineRequirements.Apart p : kept.brokenApart()) {
            notes.add(p.describe() + ": this layout puts them in one " + line + "-byte line" + at);
        }
        for (LineRequirements.Whole w : kept.brokenWhole()) {
            notes.add((w.member() == null ? typeName : w.member()) + " (" + w.side() + "): this layout lets it straddle a line" + at);
        }
        GuardPlan plan = new GuardPlan(typeName, target.word(), rolesFile, line, step, List.copyOf(apart), List.copyOf(whole),
                List.copyOf(notes));
        if (plan.isEmpty()) {
            String other = target == Target.ORIGINAL ? "; the suggested layout is guarded with --guard-for suggested"
                    : report.suggestion().changed() ? "" : "; the suggestion is the original: its notes say why";
            throw bad("nothing to guard: the " + target.word() + " layout of " + typeName + " keeps none of what the roles need ("
                    + needs.apart().size() + " pairs in different lines, " + needs.whole().size() + " kept in one line)" + other);
        }
        return plan;
    }

    private static InputError bad(String problem) {
        return new InputError("struct", 0, 0, problem);
    }
}
