package org.cachelinebench.struct;

import java.util.ArrayList;
import java.util.List;

import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.claims.IterationSpec;

/** The command line of {@code benchmarks/struct}. */
final class StructOptions {
    static final String USAGE = String.join("\n",
            "usage: benchmarks/struct FILE.h [STRUCT] [options]",
            "       benchmarks/struct --class NAME [--classpath PATH] [options]",
            "",
            "Prints STRUCT (default: the last struct in FILE.h) as pahole does, each member tagged with the roles",
            "that read or write it; the hazards (lines written by one role and touched by another, members and",
            "role's fields that straddle a line); a suggested layout as C text, with its own layout and hazards.",
            "",
            "  --roles FILE        who reads and writes what, one line each: ROLE reads|writes FIELD...,",
            "                      ROLE threads N; FIELD is a member, a.b, a.* or *",
            "  --line N            line size: 64 (default), or 128 for adjacent-line prefetch pairs",
            "  --placement P       line (default: the struct starts on a line), any (every 8-aligned start),",
            "                      or N (it starts N bytes into a line)",
            "  -D NAME[=VALUE]     define a macro for #ifdef / #if",
            "  --measure           run original and suggestion off-heap, one thread per role instance, in paired",
            "                      rounds with an A/A control and the one-line floor; prints each role's",
            "                      throughput ratio suggested/original",
            "  --rounds N          rounds for --measure (default 6)",
            "  --warmup CxT        warmup iterations per fork (default 1x500ms)",
            "  --measurement CxT   measurement iterations per fork (default 3x500ms)",
            "  --json OUT          also write everything as JSON to OUT",
            "  --class NAME        a Java class on the class path instead of a C file (its JOL layout on this JVM)",
            "  --classpath PATH    where to find it (besides this jar)",
            "",
            "Exit status: 0 done; 1 --measure ran at least 3 rounds and no role was at least 1.10x faster with the",
            "suggestion; 2 bad input (one line naming the file, line and column).");

    String file;
    String struct;
    String javaClass;
    String classpath;
    String roles;
    int lineSize = CacheLine.DEFAULT_SIZE;
    Starts placement = Starts.LINE;
    boolean placementGiven;
    final List<String> defines = new ArrayList<>();
    boolean measure;
    int rounds = 6;
    IterationSpec warmup = new IterationSpec(1, 500);
    IterationSpec measurement = new IterationSpec(3, 500);
    String json;
    boolean help;

    static StructOptions parse(String[] args) throws InputError {
        StructOptions o = new StructOptions();
        List<String> positional = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            try {
                switch (a) {
                    case "--help":
                    case "-h":
                        o.help = true;
                        break;
                    case "--roles":
                        o.roles = value(args, ++i, a);
                        break;
                    case "--line":
                        o.lineSize = CacheLine.validate(value(args, ++i, a), "--line");
                        break;
                    case "--placement":
                        o.placement = Starts.parse(value(args, ++i, a));
                        o.placementGiven = true;
                        break;
                    case "-D":
                        o.defines.add(value(args, ++i, a));
                        break;
                    case "--measure":
                        o.measure = true;
                        break;
                    case "--rounds":
                        o.rounds = Integer.parseInt(value(args, ++i, a));
                        if (o.rounds < 1 || o.rounds > 1000) {
                            throw new IllegalArgumentException("--rounds must be 1..1000");
                        }
                        break;
                    case "--warmup":
                        o.warmup = IterationSpec.parse(value(args, ++i, a));
                        break;
                    case "--measurement":
                        o.measurement = IterationSpec.parse(value(args, ++i, a));
                        break;
                    case "--json":
                        o.json = value(args, ++i, a);
                        break;
                    case "--class":
                        o.javaClass = value(args, ++i, a);
                        break;
                    case "--classpath":
                        o.classpath = value(args, ++i, a);
                        break;
                    default:
                        if (a.startsWith("-D") && a.length() > 2) {
                            o.defines.add(a.substring(2));
                        } else if (a.startsWith("-") && a.length() > 1) {
                            throw new IllegalArgumentException("unknown option " + a + " (see --help)");
                        } else {
                            positional.add(a);
                        }
                }
            } catch (NumberFormatException e) {
                throw new InputError("struct", 0, 0, a + " needs a number, not '" + args[i] + "'");
            } catch (IllegalArgumentException e) {
                throw new InputError("struct", 0, 0, e.getMessage());
            }
        }
        if (o.help) {
            return o;
        }
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
            if (!o.placementGiven) {
                o.placement = Starts.ANY;        // a Java object starts wherever the heap put it
            }
            return o;
        }
        if (o.classpath != null) {
            throw new InputError("struct", 0, 0, "--classpath goes with --class");
        }
        if (positional.isEmpty()) {
            throw new InputError("struct", 0, 0, "no header file given (see --help)");
        }
        if (positional.size() > 2) {
            throw new InputError("struct", 0, 0, "unexpected argument '" + positional.get(2) + "' (see --help)");
        }
        o.file = positional.get(0);
        o.struct = positional.size() > 1 ? positional.get(1) : null;
        if (o.placement.mode().equals("at") && o.placement.offset() >= o.lineSize) {
            throw new InputError("struct", 0, 0, "--placement " + o.placement.offset() + " is not inside a "
                    + o.lineSize + "-byte line");
        }
        return o;
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }
}
