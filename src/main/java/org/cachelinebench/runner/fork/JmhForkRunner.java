package org.cachelinebench.runner.fork;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.cachelinebench.claims.IterationSpec;
import org.cachelinebench.claims.Variant;
import org.cachelinebench.harness.ParamHook;
import org.cachelinebench.results.JmhResult.Header;
import org.cachelinebench.results.JmhResult.Iterations;
import org.cachelinebench.results.JmhResult.Jvm;
import org.cachelinebench.results.JmhResult.Metric;
import org.cachelinebench.results.JmhResult.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.profile.ProfilerFactory;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.BenchmarkResultMetaData;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.ProfilerConfig;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs one fork through JMH's Runner API: {@code -f 1 -wi W -w T -i M -r T} plus the variant's
 * {@code -p} values and, when it sets one, its {@code -t} thread count, failing on error, and reads back every
 * iteration of every metric and the fork's measurement window.
 *
 * <p>JVM: {@code jvm} replaces the forks' java executable; {@code jvmArgs}, when given, replace the VM flags
 * the forks would otherwise inherit from this JVM (JMH's default), while a benchmark's own
 * {@code @Fork(jvmArgsAppend/Prepend)} still apply. Profilers ({@code -prof NAME[:OPTS]}, JMH's spelling) run
 * in every fork; their rows come back as secondary metrics beside the benchmark's own.
 */
public final class JmhForkRunner implements ForkRunner {
    private final String jvm;
    private final List<String> jvmArgs;
    private final boolean verbose;
    private final boolean quiet;
    private final List<String> profilers;
    private final Map<String, String> resolved = new LinkedHashMap<>();

    /**
     * @param jvm     java executable for the forks, or null for this JVM's
     * @param jvmArgs VM flags for the forks, or null to inherit this JVM's
     * @param verbose show JMH's own output for every fork
     */
    public JmhForkRunner(String jvm, List<String> jvmArgs, boolean verbose) {
        this(jvm, jvmArgs, verbose, List.of());
    }

    /** @param profilers JMH profilers for every fork, as {@code -prof} takes them: "gc", "stack:lines=5" */
    public JmhForkRunner(String jvm, List<String> jvmArgs, boolean verbose, List<String> profilers) {
        this(jvm, jvmArgs, verbose, profilers, false);
    }

    /**
     * @param quiet keep each fork's own output (a benchmark's "#" lines, JMH's) off the console: it goes to a
     *              temporary file, removed after the fork
     */
    public JmhForkRunner(String jvm, List<String> jvmArgs, boolean verbose, List<String> profilers, boolean quiet) {
        this.quiet = quiet;
        this.jvm = jvm;
        this.jvmArgs = jvmArgs == null ? null : List.copyOf(jvmArgs);
        this.verbose = verbose;
        this.profilers = List.copyOf(profilers);
    }

    /**
     * Every variant's benchmark must be in this jar's benchmark list, declare each param it is given, and
     * accept each value through its class's {@code checkParam} (the same hook {@code benchmarks.jar}'s Main
     * calls), so a typo fails in one line before the first fork instead of minutes into the run. Every profiler
     * must be one JMH can start here (a name it knows, options it accepts, {@code perf} and counters for
     * {@code perfnorm}/{@code perfc2c}), for the same reason.
     */
    @Override
    public void validate(Collection<Variant> variants) {
        for (String prof : profilers) {
            try {
                ProfilerFactory.getProfilerOrException(profilerConfig(prof));
            } catch (ProfilerException e) {
                String why = e.getMessage() == null ? e.toString() : e.getMessage().strip()
                        .replaceAll("\\s*\\R\\s*(?=[\\])])", "").replaceAll("\\s*\\R\\s*", " | ");
                throw new IllegalArgumentException("--prof " + prof + ": " + why);
            }
        }
        OutputFormat silent = OutputFormatFactory.createFormatInstance(
                new PrintStream(PrintStream.nullOutputStream()), VerboseMode.SILENT);
        BenchmarkList list;
        java.util.Set<BenchmarkListEntry> all;
        try {
            list = BenchmarkList.defaultList();
            all = list.getAll(silent, List.of());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("no JMH benchmark list on the class path (run from target/benchmarks.jar)");
        }
        for (Variant v : variants) {
            BenchmarkListEntry entry = find(all, v.benchmark());
            resolved.put(v.benchmark(), entry.getUsername());
            Map<String, String[]> declared = entry.getParams().hasValue() ? entry.getParams().get() : Map.of();
            for (Map.Entry<String, String> p : v.params().entrySet()) {
                if (!declared.containsKey(p.getKey())) {
                    throw new IllegalArgumentException(entry.getUsername() + " has no @Param '" + p.getKey()
                            + "' (it has: " + String.join(", ", declared.keySet()) + ")");
                }
                String problem = ParamHook.problem(entry.getUserClassQName(), p.getKey(), p.getValue());
                if (problem != null) {
                    throw new IllegalArgumentException(entry.getUsername() + " -p " + p.getKey() + "=" + p.getValue()
                            + ": " + problem);
                }
            }
        }
    }

    /** The entry named exactly, or the only benchmark of the named class. */
    private static BenchmarkListEntry find(java.util.Set<BenchmarkListEntry> all, String name) {
        List<BenchmarkListEntry> ofClass = new ArrayList<>();
        for (BenchmarkListEntry e : all) {
            if (e.getUsername().equals(name)) {
                return e;
            }
            if (e.getUserClassQName().equals(name)) {
                ofClass.add(e);
            }
        }
        if (ofClass.size() == 1) {
            return ofClass.get(0);
        }
        if (ofClass.isEmpty()) {
            throw new IllegalArgumentException("benchmark " + name + " is not in this jar (is its branch merged? "
                    + "rebuild with mvn -DskipTests package)");
        }
        throw new IllegalArgumentException("class " + name + " holds " + ofClass.size()
                + " benchmarks; name one of them");
    }

    @Override
    public ForkResult run(Variant variant, IterationSpec warmup, IterationSpec measurement) throws Exception {
        String name = resolved.getOrDefault(variant.benchmark(), variant.benchmark());
        ChainedOptionsBuilder b = new OptionsBuilder()
                .include("^" + Pattern.quote(name) + "$")
                .forks(1)
                .warmupForks(0)
                .warmupIterations(warmup.count())
                .warmupTime(TimeValue.milliseconds(warmup.millis()))
                .measurementIterations(measurement.count())
                .measurementTime(TimeValue.milliseconds(measurement.millis()))
                .shouldFailOnError(true)
                // An iteration that overruns ten times its length (at least 10 s) is a hang: JMH interrupts it.
                .timeout(TimeValue.milliseconds(Math.max(10_000, 10 * Math.max(warmup.millis(), measurement.millis()))))
                .verbosity(verbose ? VerboseMode.NORMAL : VerboseMode.SILENT);
        variant.params().forEach(b::param);
        if (variant.threads() != Variant.OWN_THREADS) {
            b.threads(variant.threads());
        }
        if (jvm != null) {
            b.jvm(jvm);
        }
        if (jvmArgs != null) {
            b.jvmArgs(jvmArgs.toArray(String[]::new));
        }
        for (String prof : profilers) {
            ProfilerConfig p = profilerConfig(prof);
            b.addProfiler(p.getKlass(), p.getOpts());
        }
        RunResult run;
        Path log = quiet ? Files.createTempFile("cacheline-fork", ".txt") : null;
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        try (PrintStream toLog = log == null ? null : new PrintStream(Files.newOutputStream(log), true)) {
            if (toLog != null) {
                // JMH writes what a fork prints straight to this JVM's System.out and System.err.
                System.setOut(toLog);
                System.setErr(toLog);
            }
            run = new Runner(b.build()).runSingle();
        } catch (RunnerException e) {
            if (log != null) {
                System.setErr(stderr);
                stderr.print(tail(log));
            }
            Integer status = forkExitStatus(e);
            if (status != null) {
                throw new ForkDiedException(name, status, e);
            }
            throw e;
        } finally {
            System.setOut(stdout);
            System.setErr(stderr);
            if (log != null) {
                Files.deleteIfExists(log);
            }
        }
        if (run == null) {
            throw new IllegalStateException("JMH returned no result for " + name);
        }
        return toForkResult(run);
    }

    /** The last lines of a quiet fork's output, for the console when the fork failed. */
    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size())) + "\n";
        } catch (java.io.IOException | RuntimeException e) {
            return "";
        }
    }

    /**
     * A fork whose JVM ended with a non-zero status before it reported a result: killed (137 is SIGKILL, as from
     * the kernel's OOM killer), crashed (134) or exited. The message names the benchmark and the status.
     */
    public static final class ForkDiedException extends Exception {
        private static final long serialVersionUID = 1L;

        ForkDiedException(String benchmark, int status, Throwable cause) {
            super(benchmark + ": its fork's JVM died with exit status " + status + describe(status)
                    + " before it reported a result", cause);
        }

        private static String describe(int status) {
            if (status <= 128) {
                return "";
            }
            return " (killed by signal " + (status - 128) + (status == 137 ? ", e.g. by the OOM killer" : "") + ")";
        }
    }

    /** JMH's words for a fork that died ({@code Runner.doFork} of JMH 1.37). */
    private static final Pattern FORK_DIED = Pattern.compile("Forked VM failed with exit code (-?\\d+)");

    /**
     * The exit status of a fork that died, when {@code e} says one did, else null: JMH puts its words in a cause
     * or, when the fork's link broke first, in an exception suppressed by one.
     */
    static Integer forkExitStatus(Throwable e) {
        if (e == null) {
            return null;
        }
        java.util.regex.Matcher m = FORK_DIED.matcher(String.valueOf(e.getMessage()));
        if (m.find()) {
            return Integer.valueOf(m.group(1));
        }
        for (Throwable s : e.getSuppressed()) {
            Integer status = forkExitStatus(s);
            if (status != null) {
                return status;
            }
        }
        return e.getCause() == e ? null : forkExitStatus(e.getCause());
    }

    /** "NAME[:OPTS]", as JMH's {@code -prof} splits it: the name, and the options after the first colon. */
    static ProfilerConfig profilerConfig(String spec) {
        int colon = spec.indexOf(':');
        return colon < 0 ? new ProfilerConfig(spec, "")
                : new ProfilerConfig(spec.substring(0, colon), spec.substring(colon + 1));
    }

    /** Reads one fork's result: every iteration of every metric, and when it measured. */
    public static ForkResult toForkResult(RunResult run) {
        BenchmarkParams p = run.getParams();
        if (run.getBenchmarkResults().size() != 1) {
            throw new IllegalStateException("expected one fork, got " + run.getBenchmarkResults().size());
        }
        BenchmarkResult fork = run.getBenchmarkResults().iterator().next();
        Collection<IterationResult> iterations = fork.getIterationResults();
        double[] primary = iterations.stream().mapToDouble(i -> i.getPrimaryResult().getScore()).toArray();
        Map<String, Metric> secondaries = new LinkedHashMap<>();
        for (Map.Entry<String, Result> s : fork.getSecondaryResults().entrySet()) {
            double[] values = iterations.stream()
                    .map(i -> i.getSecondaryResults().get(s.getKey()))
                    .filter(r -> r != null)
                    .mapToDouble(Result::getScore).toArray();
            if (values.length > 0) {
                secondaries.put(s.getKey(), Metric.ofFork(s.getValue().getScoreUnit(), values));
            }
        }
        Map<String, String> params = new LinkedHashMap<>();
        for (String k : p.getParamsKeys()) {
            params.put(k, p.getParam(k));
        }
        Jvm jvm = new Jvm(p.getJvm(), new ArrayList<>(p.getJvmArgs()), p.getJdkVersion(), p.getVmName(), p.getVmVersion(),
                p.getJmhVersion());
        Header info = new Header(p.getBenchmark(), Mode.ofLabel(p.getMode().shortLabel()), p.getThreads(), params,
                iterations(p.getWarmup()), iterations(p.getMeasurement()), jvm);
        BenchmarkResultMetaData md = fork.getMetadata();
        long start, end;
        if (md != null && md.getMeasurementTime() > 0 && md.getStopTime() >= md.getMeasurementTime()) {
            start = md.getMeasurementTime();
            end = md.getStopTime();
        } else {
            throw new IllegalStateException("JMH reported no measurement window for " + p.getBenchmark());
        }
        return new ForkResult(info, Metric.ofFork(fork.getPrimaryResult().getScoreUnit(), primary), secondaries,
                start, end);
    }

    private static Iterations iterations(IterationParams p) {
        return Iterations.ofMillis(p.getCount(), p.getTime().convertTo(TimeUnit.MILLISECONDS));
    }
}
