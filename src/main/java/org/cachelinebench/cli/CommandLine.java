package org.cachelinebench.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import joptsimple.OptionException;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;

/**
 * The command line of every command of the suite, on jopt-simple (which JMH brings): long options
 * {@code --name VALUE} or {@code --name=VALUE}, flags {@code --name}, {@code -h}/{@code --help} everywhere,
 * {@code --} to end the options; a one-letter option is {@code -X VALUE} or {@code -XVALUE}, as a compiler's
 * {@code -D}. An option given twice keeps its last value, so a script's defaults can be overridden by
 * appending; an option meant to be repeated is read with {@link Parsed#values}. Abbreviations are refused: a script that says {@code --thr} today must not mean
 * something else when an option is added.
 *
 * <p>Every problem is an {@link IllegalArgumentException} with one line naming the option, which the command
 * prints before it exits with status 2.
 */
public final class CommandLine {
    private static final String HELP = "help";

    private enum Kind { FLAG, VALUE, RAW_VALUE }

    private final String usage;
    private final OptionParser parser = new OptionParser(false);
    private final Map<String, Kind> kinds = new LinkedHashMap<>();
    private final Map<String, OptionSpec<?>> specs = new LinkedHashMap<>();

    /** A command whose {@code --help} prints {@code usage}. */
    public CommandLine(String usage) {
        this.usage = usage;
        specs.put(HELP, parser.acceptsAll(List.of("h", HELP)));
        kinds.put(HELP, Kind.FLAG);
        kinds.put("h", Kind.FLAG);
    }

    /** The text {@code --help} prints. */
    public String usage() {
        return usage;
    }

    /** A flag, {@code --name}. */
    public CommandLine flag(String name) {
        return declare(name, Kind.FLAG);
    }

    /**
     * An option with a value, {@code --name VALUE} (a one-letter name: {@code -X VALUE} or {@code -XVALUE}); a
     * value that starts with {@code -} there is a missing one.
     */
    public CommandLine value(String name) {
        return declare(name, Kind.VALUE);
    }

    /** An option whose value may itself start with {@code --}, such as JVM flags. */
    public CommandLine rawValue(String name) {
        return declare(name, Kind.RAW_VALUE);
    }

    private CommandLine declare(String name, Kind kind) {
        if (kinds.containsKey(name)) {
            throw new IllegalStateException("option --" + name + " declared twice");
        }
        kinds.put(name, kind);
        specs.put(name, kind == Kind.FLAG ? parser.accepts(name) : parser.accepts(name).withRequiredArg());
        return this;
    }

    /** Parses {@code args}; throws an {@link IllegalArgumentException} with one line for the first problem. */
    public Parsed parse(String... args) {
        if (asksForHelp(args)) {
            return new Parsed(null, List.of(), true);
        }
        OptionSet set;
        try {
            set = parser.parse(normalise(args));
        } catch (OptionException e) {
            String name = e.options().isEmpty() ? "?" : e.options().get(0);
            Kind kind = kinds.get(name);
            if (kind == null) {
                throw new IllegalArgumentException("unknown option " + dashed(name) + " (see --help)");
            }
            if (kind != Kind.FLAG) {
                throw new IllegalArgumentException(dashed(name) + " needs a value (see --help)");
            }
            throw new IllegalArgumentException(dashed(name) + ": " + e.getMessage() + " (see --help)");
        }
        List<String> positional = new ArrayList<>();
        set.nonOptionArguments().forEach(a -> positional.add(String.valueOf(a)));
        return new Parsed(set, positional, false);
    }

    /** {@code -h} or {@code --help} before any {@code --}: the usage, whatever else is wrong. */
    private static boolean asksForHelp(String[] args) {
        for (String a : args) {
            if (a.equals("--")) {
                return false;
            }
            if (a.equals("-h") || a.equals("--" + HELP)) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code --name=VALUE} becomes {@code --name VALUE}, so that an empty value stays empty (jopt-simple would
     * take the next argument instead); a flag given a value, and a value that is another option, are refused.
     */
    private String[] normalise(String[] args) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--")) {
                for (int j = i; j < args.length; j++) {
                    out.add(args[j]);
                }
                break;
            }
            if (!a.startsWith("--")) {
                if (a.length() == 2 && a.charAt(0) == '-' && kinds.get(a.substring(1)) == Kind.VALUE
                        && i + 1 < args.length && args[i + 1].startsWith("-")) {
                    throw new IllegalArgumentException(a + " needs a value (see --help)");
                }
                out.add(a);
                continue;
            }
            int eq = a.indexOf('=');
            String name = a.substring(2, eq < 0 ? a.length() : eq);
            Kind kind = kinds.get(name);
            if (eq >= 0 && kind == Kind.FLAG) {
                throw new IllegalArgumentException("--" + name + " takes no value (see --help)");
            }
            if (eq >= 0 && kind != null) {
                out.add("--" + name);
                out.add(a.substring(eq + 1));
                continue;
            }
            out.add(a);
            if (kind == Kind.VALUE && i + 1 < args.length && args[i + 1].startsWith("--")) {
                throw new IllegalArgumentException(a + " needs a value (see --help)");
            }
        }
        return out.toArray(String[]::new);
    }

    private static String dashed(String name) {
        return (name.length() == 1 ? "-" : "--") + name;
    }

    /** What a command line said. */
    public final class Parsed {
        private final OptionSet set;
        private final List<String> positional;
        private final boolean help;

        private Parsed(OptionSet set, List<String> positional, boolean help) {
            this.set = set;
            this.positional = List.copyOf(positional);
            this.help = help;
        }

        /** True when {@code -h} or {@code --help} was given: print {@link #usage()}, exit 0. */
        public boolean help() {
            return help;
        }

        /** Whether a flag (or an option with a value) was given. */
        public boolean has(String name) {
            return set != null && set.has(spec(name));
        }

        /** The option's value, the last one when it was given more than once; null when it was not given. */
        public String value(String name) {
            if (kinds.get(name) == Kind.FLAG) {
                throw new IllegalStateException("--" + name + " is a flag");
            }
            if (set == null) {
                return null;
            }
            List<?> values = set.valuesOf(spec(name));
            return values.isEmpty() ? null : String.valueOf(values.get(values.size() - 1));
        }

        /** Every value of an option given more than once, in order; empty when it was not given. */
        public List<String> values(String name) {
            if (kinds.get(name) == Kind.FLAG) {
                throw new IllegalStateException("--" + name + " is a flag");
            }
            List<String> out = new ArrayList<>();
            if (set != null) {
                set.valuesOf(spec(name)).forEach(v -> out.add(String.valueOf(v)));
            }
            return out;
        }

        /**
         * The option's value read by {@code parse}, null when it was not given; a value {@code parse} refuses
         * (an {@link IllegalArgumentException}) is a problem named after the option: "--warmup 'x' is not ...".
         */
        public <T> T value(String name, Function<String, T> parse) {
            String v = value(name);
            if (v == null) {
                return null;
            }
            try {
                return parse.apply(v);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(dashed(name) + " " + e.getMessage());
            }
        }

        /** The option's value as a whole number in {@code min..max}; null when it was not given. */
        public Integer intValue(String name, int min, int max) {
            String v = value(name);
            if (v == null) {
                return null;
            }
            try {
                int n = Integer.parseInt(v);
                if (n >= min && n <= max) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException(dashed(name) + " " + v + ": not a whole number in " + min + ".." + max);
        }

        /** The arguments that are not options, in order. */
        public List<String> positional() {
            return positional;
        }

        private OptionSpec<?> spec(String name) {
            OptionSpec<?> s = specs.get(name);
            if (s == null) {
                throw new IllegalStateException("no option --" + name + " declared");
            }
            return s;
        }
    }
}
