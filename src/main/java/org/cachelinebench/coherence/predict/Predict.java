package org.cachelinebench.coherence.predict;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.ScalingSets;
import org.cachelinebench.claims.Suite;
import org.cachelinebench.cli.CommandLine;
import org.cachelinebench.cli.TextTable;
import org.cachelinebench.coherence.CpuList;
import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.Prefetch;
import org.cachelinebench.coherence.Protocol;
import org.cachelinebench.coherence.Schedule;
import org.cachelinebench.coherence.Traffic;
import org.cachelinebench.coherence.claim.ClaimPrediction;
import org.cachelinebench.coherence.claim.Predictions;
import org.cachelinebench.coherence.role.RolePrediction;
import org.cachelinebench.coherence.role.RoleSpec;
import org.cachelinebench.coherence.scenario.Shape;
import org.cachelinebench.coherence.scenario.Shapes;

/**
 * {@code benchmarks/predict}: the predicted line transfers of every comparison of the suite (or the named ones),
 * each side's per operation, the difference, the difference in line round trips, and how measurement is known to
 * differ; with {@code --cpus}, the predicted curves of the many-CPU shapes, with {@code --chart} their PNGs, and
 * with {@code --out} a result folder of them ({@link CurveFolder}).
 * Exit 0 done, 2 bad input or a trace that failed (one line).
 */
public final class Predict {
    private Predict() {}

    static final String USAGE = String.join("\n",
            "usage: benchmarks/predict [--claim ID]... [--cpus LIST [--curve NAME]... [--chart DIR] [--out DIR [--overwrite]]]",
            "       benchmarks/predict --struct NAME --roles TEXT [--start N] [--per ROLE]",
            "       benchmarks/predict --execl-rate --processes LIST [--background N] [--seed S] [--execs N]",
            "       benchmarks/predict --against RUN_DIR   (first: a saved run's gated comparisons, predicted against measured)",
            "                          [--coherence mesi|moesi] [--prefetch none|adjacent-line]",
            "                          [--schedule burst|round-robin|random:SEED] [--quantum N] [--line-size 64|128]",
            "  --claim ID       only this comparison (repeatable); default: every comparison of the suite",
            "  --cpus LIST      also the predicted curves at these CPU counts, e.g. 2,4,8,16 or 2,4,...,224",
            "  --curve NAME     only this shape's curve (repeatable): " + String.join(", ",
                    Shapes.ALL.stream().map(Shape::name).toList()),
            "  --chart DIR      write each curve as DIR/predicted-NAME.png",
            "  --out DIR        also write each curve as DIR/predicted-NAME.md and .json (and .png with --chart DIR),",
            "                   and DIR/README.md: the command, the commit, the time; never over an existing file",
            "  --overwrite      with --out: replace files that exist",
            "  --struct NAME    a modelled struct (as benchmarks/layout names it), with --roles instead of the suite:",
            "  --roles TEXT     'ROLE[*CPUS] reads|writes|rmw FIELD [RATE]; ...', RATE a fraction such as 1/64",
            "  --start N        the struct's first byte N bytes into a line (default 0)",
            "  --per ROLE       print only this role's transfers per operation",
            "  --coherence P    the protocol of the caches (default mesi)",
            "  --prefetch F     adjacent-line: a miss also fetches the other line of its 128-byte pair",
            "  --schedule S     the interleaving of the traced threads (default burst; see docs/coherence.md)",
            "  --quantum N      a burst's longest turn, in accesses (default " + Schedule.DEFAULT_QUANTUM + ")");

    /** The most CPUs of a scaling point that the whole suite's table traces: the whole table in seconds. */
    static final int TABLE_CPUS = 8;

    public static void main(String[] args) {
        System.exit(run(System.out, System.err, args));
    }

    /** The command without {@code System.exit}: returns the exit status. */
    static int run(PrintStream out, PrintStream err, String... args) {
        if (List.of(args).contains("--execl-rate")) {
            return ExeclRate.run(out, err, args);
        }
        CommandLine cli = new CommandLine(USAGE).value("claim").value("cpus").value("curve").value("chart")
                .value("coherence").value("prefetch").value("schedule").value("quantum").value("line-size")
                .value("struct").value("roles").value("start").value("per").value("out").flag("overwrite");
        Model model;
        List<Claim> claims;
        List<Integer> cpus;
        List<Shape> shapes;
        Path chartDir;
        Path outDir;
        boolean wholeSuite;
        try {
            CommandLine.Parsed p = cli.parse(args);
            if (p.help()) {
                out.println(USAGE);
                return 0;
            }
            if (!p.positional().isEmpty()) {
                throw new IllegalArgumentException("unexpected argument '" + p.positional().get(0) + "'");
            }
            int quantum = p.has("quantum") ? p.intValue("quantum", 1, 1_000_000) : Schedule.DEFAULT_QUANTUM;
            Schedule schedule = p.has("schedule") ? p.value("schedule", s -> schedule(s, quantum)) : Schedule.burst(quantum);
            int lineSize = p.has("line-size") ? p.intValue("line-size", 16, 4096) : Model.DEFAULT.lineSize();
            model = new Model(p.has("coherence") ? p.value("coherence", Protocol::parse) : Protocol.MESI,
                    p.has("prefetch") ? p.value("prefetch", Prefetch::parse) : Prefetch.NONE, schedule, lineSize);
            if (p.has("struct") || p.has("roles")) {
                return structMode(out, p, model);
            }
            claims = new ArrayList<>();
            for (String id : p.values("claim")) {
                Claim c = Suite.claim(id);
                if (c == null) {
                    throw new IllegalArgumentException("--claim " + id + ": no such comparison in the suite");
                }
                claims.add(c);
            }
            wholeSuite = claims.isEmpty();
            if (wholeSuite) {
                claims = Suite.COMPARISONS;
            }
            cpus = p.has("cpus") ? p.value("cpus", CpuList::parse) : List.of();
            shapes = new ArrayList<>();
            for (String name : p.values("curve")) {
                shapes.add(Shapes.parse(name));
            }
            if (!shapes.isEmpty() && cpus.isEmpty()) {
                throw new IllegalArgumentException("--curve needs --cpus");
            }
            if (shapes.isEmpty()) {
                shapes = cpus.isEmpty() ? List.of() : Shapes.ALL;
            }
            outDir = p.has("out") ? Path.of(p.value("out")) : null;
            chartDir = p.has("chart") ? Path.of(p.value("chart")) : null;
            if (chartDir != null && (cpus.isEmpty() || !Files.isDirectory(chartDir) && !chartDir.equals(outDir))) {
                throw new IllegalArgumentException(cpus.isEmpty() ? "--chart needs --cpus"
                        : "--chart " + chartDir + ": not a directory");
            }
            if (outDir != null) {
                if (cpus.isEmpty()) {
                    throw new IllegalArgumentException("--out needs --cpus");
                }
                if (chartDir != null && !chartDir.equals(outDir)) {
                    throw new IllegalArgumentException("with --out DIR, --chart names the same DIR (or is left out)");
                }
                Path there = CurveFolder.existing(CurveFolder.files(outDir, shapes, chartDir != null));
                if (there != null && !p.has("overwrite")) {
                    throw new IllegalArgumentException("--out " + outDir + ": " + there
                            + " exists (--overwrite replaces it)");
                }
            } else if (p.has("overwrite")) {
                throw new IllegalArgumentException("--overwrite goes with --out");
            }
        } catch (IllegalArgumentException e) {
            err.println("predict: " + e.getMessage());
            return 2;
        }
        try {
            out.print(table(new Predictions(model), claims, wholeSuite));
            Map<Shape, Map<String, Map<Integer, Double>>> curves = new LinkedHashMap<>();
            for (Shape shape : shapes) {
                Map<String, Map<Integer, Double>> curve = curve(shape, cpus, model);
                curves.put(shape, curve);
                out.println();
                out.print(curveTable(shape, curve, cpus));
                if (chartDir != null && outDir == null) {
                    Path png = chartDir.resolve("predicted-" + shape.name() + ".png");
                    CurveChart.write(shape, curve, model.describe(), png);
                    out.println("# chart: " + png);
                }
            }
            if (outDir != null) {
                for (Path f : CurveFolder.write(outDir, curves, cpus, model, chartDir != null, command(args))) {
                    out.println("# written: " + f);
                }
            }
            return 0;
        } catch (IllegalStateException | IOException e) {
            err.println("predict: " + e.getMessage());
            return 2;
        }
    }

    /** The command as a shell would take it back: arguments with blanks or quotes single-quoted. */
    static String command(String... args) {
        StringBuilder sb = new StringBuilder("benchmarks/predict");
        for (String a : args) {
            sb.append(' ').append(a.matches("[A-Za-z0-9_./:,=+@%-]+") ? a : "'" + a.replace("'", "'\\''") + "'");
        }
        return sb.toString();
    }

    /** {@code --struct NAME --roles TEXT}: the roles' transfers per operation on one modelled struct. */
    private static int structMode(PrintStream out, CommandLine.Parsed p, Model model) {
        if (!p.has("struct") || !p.has("roles")) {
            throw new IllegalArgumentException("--struct and --roles go together");
        }
        String name = p.value("struct");
        List<RolePrediction.Field> fields = RolePrediction.fields(StructCatalog.parse(name));
        List<RolePrediction.Role> roles = RoleSpec.parse(p.value("roles"), fields);
        int start = p.has("start") ? p.intValue("start", 0, model.lineSize() - 1) : 0;
        RolePrediction.Result r = RolePrediction.predict(fields, start, roles, model);
        if (p.has("per")) {
            out.println(number(r.transfers(p.value("per"))));
            return 0;
        }
        TextTable t = new TextTable("role", "CPUs", "transfers", "shared reads", "memory reads", "invalidations",
                "upgrades").alignRight(1, 2, 3, 4, 5, 6);
        for (RolePrediction.Role role : roles) {
            Traffic x = r.perRoleOperation().get(role.name());
            t.add(role.name(), Integer.toString(role.cpus()), number(x.transfers()), number(x.sharedReads()),
                    number(x.memoryReads()), number(x.invalidations()), number(x.upgrades()));
        }
        out.println("# " + name + " at byte " + start + " of a line, per operation of each role: " + model.describe());
        out.print(t);
        return 0;
    }

    /** "burst", "round-robin" or "random:SEED". */
    static Schedule schedule(String s, int quantum) {
        if (s.equals("burst")) {
            return Schedule.burst(quantum);
        }
        if (s.equals("round-robin")) {
            return Schedule.ROUND_ROBIN;
        }
        if (s.startsWith("random:")) {
            try {
                return Schedule.random(Long.parseLong(s.substring("random:".length())));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + s + "': the seed is not a whole number");
            }
        }
        throw new IllegalArgumentException("'" + s + "' is not burst, round-robin or random:SEED");
    }

    /** The comparisons' table, headed by the model. */
    static String table(Predictions predictions, List<Claim> claims) {
        return table(predictions, claims, false);
    }

    /**
     * The table of {@code claims}; in the whole suite's ({@code wholeSuite}), a scaling point above
     * {@link #TABLE_CPUS} CPUs is named, not traced: its trace takes up to minutes, and its row is one option away.
     */
    static String table(Predictions predictions, List<Claim> claims, boolean wholeSuite) {
        TextTable t = new TextTable("comparison", "unit", "subject", "reference", "extra", "extra round trips",
                "extra upgrades", "how measurement differs").alignRight(2, 3, 4, 5, 6);
        for (Claim c : claims) {
            ScalingSets.Point point = ScalingSets.Point.of(c.set());
            if (wholeSuite && point != null && point.cpus() > TABLE_CPUS) {
                t.add(c.id(), "", "", "", "", "", "", "traced on request, being " + point.cpus() + " CPUs: --claim "
                        + c.id());
                continue;
            }
            ClaimPrediction p = predictions.of(c);
            if (Double.isNaN(p.subject())) {
                t.add(c.id(), "", "", "", "", "", "", p.differs());
            } else {
                t.add(c.id(), p.unit(), number(p.subject()), number(p.reference()), ClaimPrediction.signed(p.extra()),
                        ClaimPrediction.signed(p.extraRoundTrips()), ClaimPrediction.signed(p.extraUpgrades()),
                        p.differs());
            }
        }
        return "# predicted line transfers per operation: " + predictions.model().describe()
                + "; a line round trip (the floor) is " + number(predictions.floorTransfers())
                + " transfers (docs/coherence.md)\n" + t;
    }

    /** Every series of {@code shape} at every CPU count it runs at, the points traced on every core. */
    static Map<String, Map<Integer, Double>> curve(Shape shape, List<Integer> cpus, Model model) {
        record Point(String series, int cpus) {}
        List<Point> points = new ArrayList<>();
        for (String series : shape.series()) {
            for (int n : cpus) {
                if (n >= shape.minCpus() && n <= shape.maxCpus()) {
                    points.add(new Point(series, n));
                }
            }
        }
        Map<Point, Double> values = Points.traced(points, Point::cpus, p -> shape.transfers(p.series(), p.cpus(), model));
        Map<String, Map<Integer, Double>> out = new LinkedHashMap<>();
        for (String series : shape.series()) {
            out.put(series, new LinkedHashMap<>());
        }
        values.forEach((p, v) -> out.get(p.series()).put(p.cpus(), v));
        return out;
    }

    static String curveTable(Shape shape, Map<String, Map<Integer, Double>> curve, List<Integer> cpus) {
        List<String> header = new ArrayList<>();
        header.add("CPUs");
        header.addAll(curve.keySet());
        TextTable t = new TextTable(header.toArray(String[]::new));
        int[] right = new int[header.size()];
        for (int i = 0; i < right.length; i++) {
            right[i] = i;
        }
        t.alignRight(right);
        for (int n : cpus) {
            if (n < shape.minCpus() || n > shape.maxCpus()) {
                continue;
            }
            List<String> row = new ArrayList<>();
            row.add(Integer.toString(n));
            curve.values().forEach(points -> row.add(number(points.get(n))));
            t.add(row.toArray(String[]::new));
        }
        boolean cut = cpus.stream().anyMatch(n -> n > shape.maxCpus());
        return "# curve " + shape.name() + ": " + shape.title() + "; transfers " + shape.unit()
                + (cut ? "; traced up to " + shape.maxCpus() + " CPUs" : "") + "\n" + t;
    }

    static String number(double x) {
        return String.format(Locale.ROOT, "%.2f", Math.abs(x) < 0.005 ? 0.0 : x);
    }
}
