package org.cachelinebench.struct;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

import org.cachelinebench.cli.EntryPoint;
import org.cachelinebench.model.layout.Pahole;
import org.cachelinebench.model.layout.StructLayout;
import org.cachelinebench.runner.fork.ForkRunner;
import org.cachelinebench.runner.fork.JmhForkRunner;
import org.cachelinebench.runner.PairedSession;
import org.cachelinebench.struct.analysis.AccessSpec;
import org.cachelinebench.struct.analysis.FieldIndex;
import org.cachelinebench.struct.analysis.Grouping;
import org.cachelinebench.struct.analysis.Hazards;
import org.cachelinebench.struct.analysis.JavaSuggester;
import org.cachelinebench.struct.analysis.JolLayout;
import org.cachelinebench.struct.analysis.NetCachelines;
import org.cachelinebench.struct.analysis.Roles;
import org.cachelinebench.struct.analysis.StartPlacement;
import org.cachelinebench.struct.analysis.Suggester;
import org.cachelinebench.struct.analysis.TransferPrediction;
import org.cachelinebench.struct.c.CHeader;
import org.cachelinebench.struct.c.InputError;
import org.cachelinebench.struct.c.PaholeCommand;
import org.cachelinebench.struct.c.PaholeText;
import org.cachelinebench.struct.c.Struct;
import org.cachelinebench.struct.guard.Guard;
import org.cachelinebench.struct.measure.StructMeasure;
import org.cachelinebench.struct.report.Report;
import org.cachelinebench.struct.report.ReportJson;
import org.cachelinebench.struct.report.ReportPrinter;

/**
 * {@code benchmarks/struct}: does <em>your</em> struct have a false-sharing or straddling problem, and
 * what should it look like? Reads a C header (or a Java class with {@code --class}) and a roles file,
 * prints the layout with who touches what, the hazards, a suggested layout with its own, and with
 * {@code --measure} both layouts measured on this machine. See {@link StructOptions#USAGE}.
 *
 * <p>Exit status: 0 done; 1 {@code --measure} judged the suggestion not better; 2 bad input, one line
 * on stderr naming the file, line and column, and nothing written.
 */
public final class StructTool {
    private StructTool() {}

    public static void main(String[] args) {
        EntryPoint.exit("struct", () -> run(args, System.out, System.err, new JmhForkRunner(null, null, false)));
    }

    public static int run(String[] args, PrintStream out, PrintStream err, ForkRunner runner) {
        StructOptions o;
        Report report;
        try {
            o = StructOptions.parse(args);
            if (o.help) {
                out.println(StructOptions.USAGE);
                return 0;
            }
            if (o.guard != null) {
                out.print(o.javaClass != null ? Guard.java(o.guard, o.guardFor, analyseJava(o), o.roles) : guard(o));
                out.flush();
                return 0;
            }
            report = o.javaClass != null ? analyseJava(o) : analyse(o);
        } catch (InputError e) {
            err.println(e.getMessage());
            return 2;
        }
        if (o.measure) {
            if (report.roles().isEmpty()) {
                err.println("struct: --measure needs --roles: without roles nothing runs");
                return 2;
            } else if (!report.suggestion().changed()) {
                err.println("struct: nothing to measure: the suggested layout is the original");
            } else {
                AccessSpec before = AccessSpec.of(report.original().size(), report.lineSize(), report.original().roles());
                Report.View s = report.suggestion().view();
                AccessSpec after = AccessSpec.of(s.size(), report.lineSize(), s.roles());
                try {
                    report = report.withMeasurement(StructMeasure.run(report.roles(), before, after, o.rounds,
                            o.warmup, o.measurement, runner, err));
                } catch (PairedSession.ForkFailedException | IllegalArgumentException e) {
                    err.println("struct: " + e.getMessage());
                    return 2;
                }
            }
        }
        if (o.json != null) {
            try {
                ReportJson.write(report, Path.of(o.json));
            } catch (IOException e) {
                err.println("struct: cannot write " + o.json + ": " + e.getMessage());
                return 2;
            }
        }
        out.print(ReportPrinter.print(report));
        out.flush();
        return report.measurement() != null && report.measurement().notBetter() ? 1 : 0;
    }

    /** The C side: header, struct, roles, hazards, suggestion. */
    static Report analyse(StructOptions o) throws InputError {
        return analyseC(o).report();
    }

    /** A C struct's report, with the struct as read and the suggestion parsed back (the original where unchanged). */
    private record Analysis(Report report, Struct original, Struct suggested) {}

    /** --guard for a C struct: the guard's text. */
    private static String guard(StructOptions o) throws InputError {
        Analysis a = analyseC(o);
        return Guard.c(o.guard, o.guardFor, a.report(), a.original(), a.suggested(), o.roles);
    }

    private static Analysis analyseC(StructOptions o) throws InputError {
        CHeader header;
        Struct s;
        List<String> sourceNotes = List.of();
        if (o.btf != null) {
            PaholeCommand.BtfText btf = PaholeCommand.btf(o.btfFile, o.btf);
            PaholeText.Read read;
            try {
                read = PaholeText.read(o.file, btf.text(), o.struct);
            } catch (InputError e) {
                throw btf.tooOld().isEmpty() ? e : new InputError(o.file, 0, 0, btf.tooOld() + "; its text of " + o.struct
                        + " does not read back: " + e.getMessage());
            }
            header = read.header();
            s = read.struct();
            sourceNotes = read.notes();
        } else if (o.pahole != null || o.object != null) {
            String text = o.pahole != null ? InputError.readText(Path.of(o.pahole), o.pahole)
                    : PaholeCommand.layout(o.object, o.struct);
            PaholeText.Read read = PaholeText.read(o.file, text, o.struct);
            header = read.header();
            s = read.struct();
            sourceNotes = read.notes();
        } else {
            header = CHeader.read(Path.of(o.file), o.file, o.defines);
            s = header.find(o.struct);
        }
        FieldIndex fields = FieldIndex.of(s.layout());
        Roles roles = Roles.none();
        List<String> table = List.of();
        if (o.roles != null) {
            String text = InputError.readText(Path.of(o.roles), o.roles);
            if (NetCachelines.isTable(text)) {
                NetCachelines t = NetCachelines.parse(o.roles, text);
                roles = Roles.parse(o.roles + " (as roles)", t.rolesText(fields), fields, s.name());
                table = t.findings(s.layout(), s.name());
            } else {
                roles = Roles.parse(o.roles, text, fields, s.name());
            }
        }
        StructLayout layout = s.layout();
        if (o.placement.mode().equals("at") && o.placement.offset() % Math.min(layout.align(), o.lineSize) != 0) {
            throw new InputError("struct", 0, 0, s.name() + " is aligned to " + layout.align() + ": it cannot start "
                    + o.placement.offset() + " bytes into a line");
        }
        Report.View original = view(s, roles, o.lineSize, o.placement);
        Suggester.Result suggestion = Suggester.suggest(header, s, roles, o.lineSize, o.placement);
        Report.View suggested = original;
        if (suggestion.changed()) {
            FieldIndex f = FieldIndex.of(suggestion.struct().layout());
            suggested = view(suggestion.struct(), roles.on(f), o.lineSize, o.placement);
        }
        Suggester.Smallest least = Suggester.smallestChange(header, s, roles, o.lineSize, o.placement);
        Report.Smallest smallest = null;
        if (least != null) {
            FieldIndex f = FieldIndex.of(least.struct().layout());
            smallest = new Report.Smallest(least.text(), least.moved(), view(least.struct(), roles.on(f), o.lineSize, o.placement),
                    least.proven());
        }
        return new Analysis(new Report(o.file, "C", o.lineSize, sourceNotes, roles, original,
                new Report.Suggestion(suggestion.text(), suggestion.changed(), suggested, suggestion.notes(),
                        suggestion.candidates().size(), smallest), null, table), s, suggestion.changed() ? suggestion.struct() : s);
    }

    /** The Java side: a class's JOL layout on this JVM, roles, hazards, suggestion. */
    static Report analyseJava(StructOptions o) throws InputError {
        Class<?> type = JolLayout.load(o.javaClass, o.classpath);
        JolLayout layout = JolLayout.of(type);
        String what = "class " + layout.name();
        Roles roles = o.roles == null ? Roles.none() : Roles.read(Path.of(o.roles), o.roles, layout.index(), what);
        Report.View original = view(layout, roles, o.lineSize, o.placement);
        boolean needed = !original.hazards().falseSharing().isEmpty();
        if (!needed) {
            List<String> notes = new java.util.ArrayList<>(new Grouping(layout.index(), roles, true).notes());
            if (!original.hazards().straddles().isEmpty()) {
                notes.add("a Java object starts wherever the heap puts it (8-byte aligned): which of its fields"
                        + " straddle a line depends on that, not on their order");
            }
            return new Report(o.javaClass, "Java", o.lineSize, List.of(), roles, original,
                    new Report.Suggestion("", false, original, notes, 0, null), null);
        }
        JavaSuggester.Result s = JavaSuggester.suggest(layout, roles, o.lineSize, o.placement, o.classpath,
                type.getClassLoader() == null ? StructTool.class.getClassLoader() : type.getClassLoader());
        Report.View suggested = s.layout() == null ? null : view(s.layout(), roles, o.lineSize, o.placement);
        return new Report(o.javaClass, "Java", o.lineSize, List.of(), roles, original,
                new Report.Suggestion(s.text(), true, suggested, s.notes(), 1, null), null);
    }

    static Report.View view(JolLayout layout, Roles roles, int lineSize, StartPlacement placement) {
        FieldIndex fields = layout.index();
        Roles bound = roles.on(fields);
        List<Integer> starts = placement.of(layout.align(), lineSize);
        String where = placement.describe(layout.align(), lineSize) + (starts.size() > 1 ? "; printed as if at a line start" : "");
        Hazards hazards = Hazards.find(fields, bound, "class " + layout.name(), layout.size(), lineSize, starts);
        return new Report.View("class " + layout.name(), layout.print(lineSize, bound), fields, bound, layout.size(),
                layout.align(), where, starts, hazards, TransferPrediction.of(bound, lineSize, starts));
    }

    /** A C layout with its tags and hazards. */
    static Report.View view(Struct s, Roles roles, int lineSize, StartPlacement placement) {
        StructLayout layout = s.layout();
        FieldIndex fields = FieldIndex.of(layout);
        Roles bound = roles.on(fields);
        List<Integer> starts = placement.of(layout.align(), lineSize);
        int printedStart = starts.size() == 1 ? starts.get(0) : 0;
        String text = Pahole.format(layout, lineSize, printedStart,
                m -> bound.memberTag(m.isAnonymous() ? "" : m.name()));
        String where = placement.describe(layout.align(), lineSize)
                + (starts.size() > 1 ? "; printed as if at a line start" : "");
        Hazards hazards = Hazards.find(fields, bound, s.name(), layout.size(), lineSize, starts);
        return new Report.View(s.name(), text, fields, bound, layout.size(), layout.align(), where, starts, hazards,
                TransferPrediction.of(bound, lineSize, starts));
    }
}
