package org.cachelinebench.struct;

import java.util.List;
import java.util.Objects;

import org.cachelinebench.claims.IterationSpec;
import org.cachelinebench.cli.CommandLine;
import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.struct.analysis.StartPlacement;
import org.cachelinebench.struct.c.InputError;
import org.cachelinebench.struct.c.PaholeCommand;
import org.cachelinebench.struct.guard.Guard;

/** The command line of {@code benchmarks/struct}, on the suite's one parser ({@link CommandLine}). */
final class StructOptions {
    static final String USAGE = String.join("\n",
            "usage: benchmarks/struct FILE.h [STRUCT] [options]",
            "       benchmarks/struct --pahole FILE [STRUCT] [options]",
            "       benchmarks/struct --object FILE STRUCT [options]",
            "       benchmarks/struct --btf STRUCT [--btf-file FILE] [options]",
            "       benchmarks/struct --class NAME [--classpath PATH] [options]",
            "",
            "Prints STRUCT (default: the last struct in FILE.h) as pahole does, each member tagged with the roles",
            "that read or write it; the hazards (lines written by one role and touched by another, members and",
            "role's fields that straddle a line); a suggested layout as C text, with its own layout and hazards.",
            "",
            "  --pahole FILE       the struct as pahole printed it (pahole -C STRUCT, -E optional) instead of a header",
            "  --object FILE       an object file or vmlinux with DWARF: runs pahole -E -C STRUCT on it (needs pahole:",
            "                      apt-get install dwarves)",
            "  --btf STRUCT        the struct from BTF: the running kernel's (" + PaholeCommand.RUNNING_KERNEL_BTF + ") unless",
            "                      --btf-file names a vmlinux or a BTF blob; runs pahole -F btf -E -C STRUCT (needs pahole)",
            "  --btf-file FILE     a vmlinux (ELF with .BTF) or a raw BTF blob, for --btf",
            "  --roles FILE        who reads and writes what, one line each: ROLE reads|writes FIELD... [RATE],",
            "                      ROLE threads N; FIELD is a member, a.b, a.*, *, or an array element a[3];",
            "                      RATE is accesses per operation, a fraction such as 1/64 (default 1)",
            "  --line N            line size: 64 (default), or 128 for adjacent-line prefetch pairs",
            "  --placement P       line (default: the struct starts on a line), any (every 8-aligned start),",
            "                      or N (it starts N bytes into a line)",
            "  -D NAME[=VALUE]     define a macro for #ifdef / #if (repeatable; also -DNAME)",
            "  --measure           run original and suggestion off-heap, one thread per role instance, in paired",
            "                      rounds with an A/A control and the one-line floor; prints each role's",
            "                      throughput ratio suggested/original",
            "  --rounds N          rounds for --measure (default 6)",
            "  --warmup CxT        warmup iterations per fork (default 1x500ms)",
            "  --measurement CxT   measurement iterations per fork (default 3x500ms)",
            "  --json OUT          also write everything as JSON to OUT",
            "  --guard FORM        print only the assertions that keep what the roles need: c (C11 _Static_assert),",
            "                      kernel (__cacheline_group_begin/end markers and a check function), junit (a JUnit 5",
            "                      test on JOL, with --class); needs --roles",
            "  --guard-for L       the layout they hold: suggested (default) or original",
            "  --class NAME        a Java class on the class path instead of a C file (its JOL layout on this JVM)",
            "  --classpath PATH    where to find it (besides this jar)",
            "  --help              this text",
            "",
            "Options take their value as --name VALUE or --name=VALUE.",
            "",
            "Exit status: 0 done; 1 --measure ran at least 3 rounds and no role was at least 1.10x faster with the",
            "suggestion; 2 bad input (one line naming the file, line and column).");

    private static final CommandLine COMMAND_LINE = new CommandLine(USAGE)
            .value("roles").value("line").value("placement").value("D").flag("measure").value("rounds")
            .value("warmup").value("measurement").value("json").value("class").value("classpath")
            .value("pahole").value("object").value("guard").value("guard-for").value("btf").value("btf-file");

    String file;
    /** The pahole text or object file the struct comes from instead of a header (then {@code file} is it). */
    String pahole;
    String object;
    /** --btf: the struct's name in BTF, read from {@code btfFile}. */
    String btf;
    String btfFile = PaholeCommand.RUNNING_KERNEL_BTF;
    String struct;
    String javaClass;
    String classpath;
    String roles;
    int lineSize = CacheLine.DEFAULT_SIZE;
    StartPlacement placement = StartPlacement.LINE;
    List<String> defines = List.of();
    boolean measure;
    int rounds = 6;
    IterationSpec warmup = new IterationSpec(1, 500);
    IterationSpec measurement = new IterationSpec(3, 500);
    String json;
    /** --guard: the form of the guard to print instead of the report, or null. */
    Guard.Form guard;
    Guard.Target guardFor = Guard.Target.SUGGESTED;
    boolean help;

    /** The options, or an {@link InputError} of the command line ("struct: ...") naming the first problem. */
    static StructOptions parse(String[] args) throws InputError {
        try {
            return parse(COMMAND_LINE.parse(args));
        } catch (IllegalArgumentException e) {
            throw new InputError("struct", 0, 0, e.getMessage());
        }
    }

    private static StructOptions parse(CommandLine.Parsed p) throws InputError {
        StructOptions o = new StructOptions();
        o.help = p.help();
        if (o.help) {
            return o;
        }
        o.roles = p.value("roles");
        if (p.value("line") != null) {
            o.lineSize = CacheLine.validate(p.value("line"), "--line");
            if (o.lineSize != 64 && o.lineSize != 128) {
                throw new InputError("struct", 0, 0, "--line " + o.lineSize + ": the tool looks at 64-byte lines or"
                        + " 128-byte pairs, --line 64 or --line 128");
            }
        }
        StartPlacement placement = p.value("placement", StartPlacement::parse);
        o.defines = p.values("D");
        o.measure = p.has("measure");
        o.rounds = Objects.requireNonNullElse(p.intValue("rounds", 1, 1000), o.rounds);
        o.warmup = Objects.requireNonNullElse(p.value("warmup", IterationSpec::parse), o.warmup);
        o.measurement = Objects.requireNonNullElse(p.value("measurement", IterationSpec::parse), o.measurement);
        o.json = p.value("json");
        if (o.json != null && o.json.isEmpty()) {
            throw new InputError("struct", 0, 0, "--json needs a file name");
        }
        o.guard = p.value("guard", Guard.Form::parse);
        Guard.Target guardFor = p.value("guard-for", Guard.Target::parse);
        if (o.guard == null && guardFor != null) {
            throw new InputError("struct", 0, 0, "--guard-for goes with --guard");
        }
        if (o.guard != null) {
            o.guardFor = guardFor == null ? o.guardFor : guardFor;
            if (o.roles == null) {
                throw new InputError("struct", 0, 0, "--guard needs --roles: a guard keeps what the roles need");
            }
            if (o.measure || o.json != null) {
                throw new InputError("struct", 0, 0, "--guard prints the guard alone: drop " + (o.measure ? "--measure" : "--json"));
            }
        }
        o.javaClass = p.value("class");
        o.classpath = p.value("classpath");
        List<String> positional = p.positional();
        if (o.javaClass != null) {
            if (!positional.isEmpty()) {
                throw new InputError("struct", 0, 0, "--class takes no header file (got '" + positional.get(0) + "')");
            }
            if (o.measure) {
                throw new InputError("struct", 0, 0, "--measure runs C layouts only; for a Java class, compare its "
                        + "variants with JMH as ChunkObjectFalseSharing does");
            }
            if (!o.defines.isEmpty()) {
                throw new InputError("struct", 0, 0, "-D applies to C headers, not to --class");
            }
            // A Java object starts wherever the heap put it.
            o.placement = placement != null ? placement : StartPlacement.ANY;
            return o;
        }
        if (placement != null) {
            o.placement = placement;
        }
        if (o.classpath != null) {
            throw new InputError("struct", 0, 0, "--classpath goes with --class");
        }
        o.pahole = p.value("pahole");
        o.object = p.value("object");
        o.btf = p.value("btf");
        if (p.value("btf-file") != null && o.btf == null) {
            throw new InputError("struct", 0, 0, "--btf-file goes with --btf STRUCT");
        }
        if (o.btf != null) {
            if (o.pahole != null || o.object != null) {
                throw new InputError("struct", 0, 0, "--btf gives the struct, and so does " + (o.pahole != null ? "--pahole" : "--object")
                        + ": name one");
            }
            if (o.btf.isBlank()) {
                throw new InputError("struct", 0, 0, "--btf needs the struct's name");
            }
            if (!o.defines.isEmpty()) {
                throw new InputError("struct", 0, 0, "-D applies to C headers; --btf reads what the compiler laid out");
            }
            if (!positional.isEmpty()) {
                throw new InputError("struct", 0, 0, "unexpected argument '" + positional.get(0) + "' (--btf names the struct)");
            }
            o.btfFile = p.value("btf-file") != null ? p.value("btf-file") : o.btfFile;
            o.file = o.btfFile;
            o.struct = o.btf;
            return atLine(o);
        }
        if (o.pahole != null || o.object != null) {
            String option = o.pahole != null ? "--pahole" : "--object";
            if (o.pahole != null && o.object != null) {
                throw new InputError("struct", 0, 0, "--pahole and --object each give the struct: name one");
            }
            if (!o.defines.isEmpty()) {
                throw new InputError("struct", 0, 0, "-D applies to C headers; " + option + " reads what the compiler laid out");
            }
            if (positional.size() > 1) {
                throw new InputError("struct", 0, 0, "unexpected argument '" + positional.get(1) + "' (see --help)");
            }
            if (o.object != null && positional.isEmpty()) {
                throw new InputError("struct", 0, 0, "--object needs the struct's name: benchmarks/struct --object FILE STRUCT");
            }
            o.file = o.pahole != null ? o.pahole : o.object;
            o.struct = positional.isEmpty() ? null : positional.get(0);
            return atLine(o);
        }
        if (positional.isEmpty()) {
            throw new InputError("struct", 0, 0, "no header file given (see --help)");
        }
        if (positional.size() > 2) {
            throw new InputError("struct", 0, 0, "unexpected argument '" + positional.get(2) + "' (see --help)");
        }
        o.file = positional.get(0);
        o.struct = positional.size() > 1 ? positional.get(1) : null;
        return atLine(o);
    }

    private static StructOptions atLine(StructOptions o) throws InputError {
        if (o.placement.mode().equals("at") && o.placement.offset() >= o.lineSize) {
            throw new InputError("struct", 0, 0, "--placement " + o.placement.offset() + " is not inside a "
                    + o.lineSize + "-byte line");
        }
        return o;
    }
}
