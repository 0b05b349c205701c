package org.cachelinebench.struct;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.cachelinebench.runner.ForkResult;
import org.cachelinebench.runner.ForkRunner;
import org.cachelinebench.claims.IterationSpec;
import org.cachelinebench.runner.JmhForkRunner;
import org.cachelinebench.results.JmhResult.Header;
import org.cachelinebench.results.JmhResult.Iterations;
import org.cachelinebench.results.JmhResult.Jvm;
import org.cachelinebench.results.JmhResult.Metric;
import org.cachelinebench.results.JmhResult.Mode;
import org.cachelinebench.claims.Variant;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.BenchmarkResultMetaData;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The paired runner's JMH fork, with one thing {@link JmhForkRunner} has no option for: a thread count.
 * {@link StructAccessBenchmark} runs one thread per role instance, which only the roles file knows, so
 * its variants run with {@code -t} set from their spec; any other benchmark (LineFloor) runs with its
 * own thread counts. Validation is {@link JmhForkRunner}'s. The fork's options and the reading of its
 * result are {@link JmhForkRunner#run}'s, repeated here because they are not reachable from outside
 * its package.
 */
final class StructForkRunner implements ForkRunner {
    private final JmhForkRunner checks = new JmhForkRunner(null, null, false);

    @Override
    public void validate(Collection<Variant> variants) {
        checks.validate(variants);
    }

    @Override
    public ForkResult run(Variant variant, IterationSpec warmup, IterationSpec measurement) throws Exception {
        ChainedOptionsBuilder b = new OptionsBuilder()
                .include("^" + Pattern.quote(variant.benchmark()) + "(\\.[A-Za-z_]\\w*)?$")
                .forks(1)
                .warmupForks(0)
                .warmupIterations(warmup.count())
                .warmupTime(TimeValue.milliseconds(warmup.millis()))
                .measurementIterations(measurement.count())
                .measurementTime(TimeValue.milliseconds(measurement.millis()))
                .shouldFailOnError(true)
                // An iteration that overruns ten times its length (at least 10 s) is a hang: JMH interrupts it.
                .timeout(TimeValue.milliseconds(Math.max(10_000, 10 * Math.max(warmup.millis(), measurement.millis()))))
                .verbosity(VerboseMode.SILENT);
        variant.params().forEach(b::param);
        String spec = variant.params().get("spec");
        if (variant.benchmark().equals(StructAccessBenchmark.class.getName()) && spec != null) {
            b.threads(AccessSpec.parse(spec).threads());
        }
        RunResult run = new Runner(b.build()).runSingle();
        if (run == null) {
            throw new IllegalStateException("JMH returned no result for " + variant.benchmark());
        }
        return toForkResult(run);
    }

    /** One fork's result: every iteration of every metric, and when it measured (as JmhForkRunner reads it). */
    private static ForkResult toForkResult(RunResult run) {
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
        Jvm jvm = new Jvm(p.getJvm(), new ArrayList<>(p.getJvmArgs()), p.getJdkVersion(), p.getVmName(),
                p.getVmVersion(), p.getJmhVersion());
        Header info = new Header(p.getBenchmark(), Mode.ofLabel(p.getMode().shortLabel()), p.getThreads(), params,
                Iterations.ofMillis(p.getWarmup().getCount(), p.getWarmup().getTime().convertTo(TimeUnit.MILLISECONDS)),
                Iterations.ofMillis(p.getMeasurement().getCount(), p.getMeasurement().getTime().convertTo(TimeUnit.MILLISECONDS)),
                jvm);
        BenchmarkResultMetaData md = fork.getMetadata();
        if (md == null || md.getMeasurementTime() <= 0 || md.getStopTime() < md.getMeasurementTime()) {
            throw new IllegalStateException("JMH reported no measurement window for " + p.getBenchmark());
        }
        return new ForkResult(info, Metric.ofFork(fork.getPrimaryResult().getScoreUnit(), primary), secondaries,
                md.getMeasurementTime(), md.getStopTime());
    }
}
