package org.cachelinebench.runner;

import java.io.PrintStream;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.Set;
import java.util.function.Function;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.InterleavedReference;
import org.cachelinebench.claims.ComparisonSet;
import org.cachelinebench.claims.IterationSpec;
import org.cachelinebench.claims.Suite;
import org.cachelinebench.claims.Variant;
import org.cachelinebench.cli.EntryPoint;
import org.cachelinebench.harness.CounterNames;
import org.cachelinebench.harness.LayoutCheck;
import org.cachelinebench.harness.MovedDuringIteration;
import org.cachelinebench.harness.Thrown;
import org.cachelinebench.results.JmhResult;
import org.cachelinebench.results.JmhResult.Metric;
import org.cachelinebench.runner.fork.ForkRunner;
import org.cachelinebench.runner.fork.ForkRecord;
import org.cachelinebench.runner.fork.ForkResult;
import org.cachelinebench.runner.fork.InterleavedFork;
import org.cachelinebench.runner.fork.RoundOrder;

/**
 * Runs the rounds: in every round, every set runs each of its variants once, back to back, in the order
 * {@link RoundOrder} gives for that round. Sets take turns within a round, so each set's rounds spread
 * over the whole session and see whatever states the machine passes through, instead of one set meeting
 * only the good minutes and another only the bad.
 */
public final class PairedSession {

    /** The order forks run in. */
    public enum Order {
        /** Rounds: every variant of a set once, back to back, rotated and reversed round by round. */
        PAIRED,
        /**
         * Each variant's forks all in a row, then the next variant's, as a JMH run over {@code @Param}
         * values does. Not for results: it exists so the gain of pairing can be measured on the same machine
         * with the same statistics ("round" i is then the i-th fork of each variant).
         */
        SEQUENTIAL
    }

    /**
     * What to run.
     *
     * @param sets        the sets, already cut down to the variants the selected comparisons need
     * @param rounds      number of rounds every set may run
     * @param warmup      warmup iterations per fork
     * @param measurement measurement iterations per fork
     * @param order       paired (the point of this runner) or sequential (to measure what pairing buys)
     * @param cap         the last round a set with an undecided gated claim may run ({@link Stopping}); at least
     *                    {@code rounds}
     */
    public record Plan(List<ComparisonSet> sets, int rounds, IterationSpec warmup, IterationSpec measurement,
                       Order order, int cap) {
        public Plan {
            sets = List.copyOf(sets);
            if (rounds < 1) {
                throw new IllegalArgumentException("rounds must be at least 1");
            }
            if (cap < rounds) {
                throw new IllegalArgumentException("the round cap " + cap + " is below the " + rounds + " rounds");
            }
        }

        public Plan(List<ComparisonSet> sets, int rounds, IterationSpec warmup, IterationSpec measurement,
                    Order order) {
            this(sets, rounds, warmup, measurement, order, rounds);
        }

        public Plan(List<ComparisonSet> sets, int rounds, IterationSpec warmup, IterationSpec measurement) {
            this(sets, rounds, warmup, measurement, Order.PAIRED);
        }

        public int forksPerRound() {
            return sets.stream().mapToInt(s -> s.variants().size()).sum();
        }

        /** The most forks a round past {@code rounds} runs: the floor set's and the largest other set's. */
        public int extensionForksPerRound() {
            return stopping().extensionForks(sets.stream().map(ComparisonSet::id).toList(),
                    id -> sets.stream().filter(s -> s.id().equals(id)).mapToInt(s -> s.variants().size()).sum());
        }

        /** The most forks the plan can run: every set for {@code rounds}, then the extension to {@code cap}. */
        public int forks() {
            return rounds * forksPerRound() + (cap - rounds) * extensionForksPerRound();
        }

        /** The plan's stopping rule. */
        public Stopping stopping() {
            return Stopping.of(rounds, cap);
        }

        /** Every fork of the plan, in run order. */
        public List<Slot> schedule() {
            List<Slot> slots = new ArrayList<>();
            if (order == Order.SEQUENTIAL) {
                for (ComparisonSet set : sets) {
                    for (int v = 0; v < set.variants().size(); v++) {
                        for (int round = 0; round < rounds; round++) {
                            slots.add(new Slot(round, set, v, set.variants().get(v)));
                        }
                    }
                }
                return slots;
            }
            for (int round = 0; round < rounds; round++) {
                for (ComparisonSet set : sets) {
                    int[] order = RoundOrder.of(set.variants().size(), round);
                    for (int slot = 0; slot < order.length; slot++) {
                        slots.add(new Slot(round, set, slot, set.variants().get(order[slot])));
                    }
                }
            }
            return slots;
        }
    }

    /** One fork of a plan: its round, set, position within the set's round, and variant. */
    public record Slot(int round, ComparisonSet set, int position, Variant variant) {}

    /** Thrown when a fork fails; names the fork. */
    public static final class ForkFailedException extends Exception {
        ForkFailedException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    static final String RESULT_INDENT = "        = ";
    private static final DateTimeFormatter CLOCK =
            DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT).withZone(ZoneId.systemDefault());

    private final ForkRunner runner;
    private final LongSupplier clockMillis;
    private final PrintStream out;
    /** The claims whose interleaved sides a fork's result line shows. */
    private final List<Claim> claims;
    /** Forks that failed their layout check, in run order. */
    private final List<LayoutFailure> layoutFailures = new ArrayList<>();
    /** Rounds the last run stopped after when its claims were decided early; 0 when it ran them all. */
    private int stoppedAfter;

    /**
     * How often a fork whose Java object the collector moved during an iteration runs again before the run fails:
     * the move is the collector's, not the layout's, and a second fork chooses its objects afresh.
     */
    static final int MOVED_RERUNS = 2;

    public PairedSession(ForkRunner runner, LongSupplier clockMillis, PrintStream out) {
        this(runner, clockMillis, out, List.of());
    }

    public PairedSession(ForkRunner runner, LongSupplier clockMillis, PrintStream out, List<Claim> claims) {
        this.runner = runner;
        this.clockMillis = clockMillis;
        this.out = out;
        this.claims = List.copyOf(claims);
    }

    /**
     * Runs the whole plan; stops at the first failing fork, except a fork that failed its layout check
     * ({@link LayoutCheck}): that one is recorded ({@link #layoutFailures}) and the rest run.
     */
    public List<ForkRecord> run(Plan plan) throws ForkFailedException {
        return run(plan, Set.of(), records -> Set.of());
    }

    /**
     * Runs the plan round by round, each round's sets chosen by its stopping rule ({@link Plan#stopping()}): at each
     * look {@code undecided} says which of the {@code gating} sets still have a gated claim undecided by the records
     * so far. Paired order only; a sequential plan runs every fork.
     */
    public List<ForkRecord> run(Plan plan, Set<String> gating, Function<List<ForkRecord>, Set<String>> undecided)
            throws ForkFailedException {
        List<ForkRecord> records = new ArrayList<>();
        stoppedAfter = 0;
        Progress progress = new Progress(clockMillis.getAsLong(), plan.forks());
        if (plan.order() != Order.PAIRED) {
            for (Slot slot : plan.schedule()) {
                fork(plan, slot, records, progress);
            }
            return records;
        }
        Stopping rule = plan.stopping();
        List<ComparisonSet> running = plan.sets();
        for (int round = 0; ; round++) {
            if (round > 0) {
                List<String> ids = running.stream().map(ComparisonSet::id).toList();
                Set<String> open = rule.look(round) ? undecided.apply(List.copyOf(records)) : Set.of();
                List<String> next = rule.next(round, ids, gating, open);
                announce(plan, round, ids, gating, open, next);
                if (next.isEmpty()) {
                    return records;
                }
                running = running.stream().filter(s -> next.contains(s.id())).toList();
            }
            for (ComparisonSet set : running) {
                int[] order = RoundOrder.of(set.variants().size(), round);
                for (int position = 0; position < order.length; position++) {
                    fork(plan, new Slot(round, set, position, set.variants().get(order[position])), records, progress);
                }
            }
        }
    }

    /** The line a look prints when it stops the run or some of its sets, or takes sets past the plan's rounds. */
    private void announce(Plan plan, int done, List<String> ran, Set<String> gating, Set<String> open,
                          List<String> next) {
        List<String> undecidedHere = ran.stream().filter(open::contains).toList();
        if (next.isEmpty()) {
            if (undecidedHere.isEmpty() && ran.stream().anyMatch(gating::contains) && done < plan.cap()) {
                out.printf(Locale.ROOT, "every gated claim decided after %d of %d rounds: stopping%n", done,
                        plan.cap());
                stoppedAfter = done;
            } else if (!undecidedHere.isEmpty() && done < plan.cap()) {
                out.printf(Locale.ROOT, "undecided after %d rounds: %s; stopping (past %d rounds only one set besides "
                        + "%s runs on)%n", done, String.join(", ", undecidedHere), plan.rounds(), Suite.FLOOR_SET);
            }
            return;
        }
        List<String> stopped = ran.stream().filter(s -> !next.contains(s) && gating.contains(s) && !open.contains(s))
                .toList();
        if (!stopped.isEmpty()) {
            out.printf(Locale.ROOT, "every gated claim of %s decided after %d rounds: %s no more forks%n",
                    String.join(", ", stopped), done, stopped.size() == 1 ? "it runs" : "they run");
        }
        if (done == plan.rounds()) {
            out.printf(Locale.ROOT, "undecided after %d rounds: %s; running on to %d rounds with %s%n", done,
                    String.join(", ", undecidedHere), plan.cap(), String.join(", ", next));
        }
    }

    /** When the first fork started, how many forks the plan may run and how many started: a fork line's progress. */
    private static final class Progress {
        final long first;
        final int forks;
        int done;

        Progress(long first, int forks) {
            this.first = first;
            this.forks = forks;
        }
    }

    /** Runs one fork and adds its record; a layout failure is recorded instead, a failing fork ends the session. */
    private void fork(Plan plan, Slot slot, List<ForkRecord> records, Progress progress) throws ForkFailedException {
        Variant variant = slot.variant();
        String set = slot.set().id();
        long start = clockMillis.getAsLong();
        // A line of its own: a fork may print its own lines (setup reports) before its result.
        out.printf(Locale.ROOT, "[%3d/%d] round %d/%d  %-16s %-18s %s  %s%n", progress.done + 1, progress.forks,
                slot.round() + 1, slot.round() < plan.rounds() ? plan.rounds() : plan.cap(), set, variant.id(),
                CLOCK.format(Instant.ofEpochMilli(start)), progress(start - progress.first, progress.done,
                        progress.forks));
        progress.done++;
        out.flush();
        ForkResult result = null;
        for (int attempt = 0; result == null; attempt++) {
            try {
                result = runner.run(variant, plan.warmup(), plan.measurement());
            } catch (Exception e) {
                LayoutCheck.Failed layout = LayoutCheck.in(e);
                if (layout != null) {
                    out.println(RESULT_INDENT + layout.getMessage());
                    layoutFailures.add(new LayoutFailure(slot.round(), set, variant.id(), layout.getMessage()));
                    return;
                }
                MovedDuringIteration moved = Thrown.find(e, MovedDuringIteration.class);
                if (moved != null && attempt < MOVED_RERUNS) {
                    out.println(RESULT_INDENT + "run again: " + moved.getMessage());
                    start = clockMillis.getAsLong();
                    continue;
                }
                out.println(RESULT_INDENT + "FAILED");
                throw new ForkFailedException("fork failed: round " + (slot.round() + 1) + ", " + set + "/"
                        + variant.id() + " (" + variant.describe() + "): " + oneLine(e), e);
            }
        }
        long end = clockMillis.getAsLong();
        ForkRecord record = new ForkRecord(slot.round(), set, variant.id(), slot.position(), start, end, result);
        records.add(record);
        out.println(RESULT_INDENT + describe(record, claims));
    }

    /** Rounds the last {@link #run} stopped after because every gated claim was decided; 0 when it ran them all. */
    public int stoppedAfter() {
        return stoppedAfter;
    }

    /** The forks of the last {@link #run} that failed their layout check. */
    public List<LayoutFailure> layoutFailures() {
        return List.copyOf(layoutFailures);
    }

    /**
     * "elapsed 00:01:10, ETA 00:03:30", as JMH's "Run progress" line: the time since the first fork started, and
     * what the forks left need at the mean wall time of the forks done so far (their runs and what lies between
     * them); before the first fork ends there is no mean, only the elapsed time.
     */
    static String progress(long elapsedMillis, int forksDone, int forks) {
        String elapsed = "elapsed " + hms(elapsedMillis);
        if (forksDone == 0) {
            return elapsed;
        }
        double perFork = (double) elapsedMillis / forksDone;
        return elapsed + ", ETA " + hms(Math.round(perFork * (forks - forksDone)));
    }

    /** hh:mm:ss, JMH's spelling of an ETA. */
    static String hms(long millis) {
        long s = Math.max(0, Math.round(millis / 1000.0));
        return String.format(Locale.ROOT, "%02d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }

    /**
     * The fork's result line: for a fork of an interleaved variant, the floor's ns per call over the fork's
     * measurement iterations (from the sums) and every claim's ratio with its extra line transfers, the median over
     * those iterations of each one's median over its cycles ("floor 61.0 ns/call  straddled/line-aligned 1.071
     * (+0.16 lines)  ...  (3.1 s)"; no lines for the floor, their unit); otherwise its scores. An interleaved line
     * whose counters do not add up says so, and the analysis after the last fork names the problem.
     */
    static String describe(ForkRecord r, List<Claim> claims) {
        List<Claim> sides = claims.stream()
                .filter(c -> c.interleaved() && c.set().equals(r.set()) && c.variant().equals(r.variant())).toList();
        if (sides.isEmpty() || !InterleavedFork.isInterleaved(r.result().jmh())) {
            return describe(r);
        }
        JmhResult f = r.result().jmh();
        double[] cycles = f.metric(CounterNames.CYCLES).iterations();
        boolean withFloor = InterleavedReference.hasFloor(f.benchmark());
        StringBuilder sb = new StringBuilder(withFloor ? String.format(Locale.ROOT, "floor %.1f ns/call",
                InterleavedFork.totalNanosPerCall(f, Claim.FLOOR_SIDE)) : "no floor");
        for (Claim c : sides) {
            sb.append("  ").append(c.subject()).append('/').append(c.reference())
                    .append(c.role() == null ? "" : " " + c.role()).append(' ');
            try {
                double ratio = overIterations(f, InterleavedFork.ratioCounter(f, c, c.id()), cycles);
                sb.append(String.format(Locale.ROOT, "%.3f", ratio));
                if (withFloor && !c.subject().equals(Claim.FLOOR_SIDE)) {
                    sb.append(String.format(Locale.ROOT, " (%+.2f lines)",
                            overIterations(f, CounterNames.extra(c.counterSide(c.subject())), cycles)));
                }
            } catch (IllegalArgumentException e) {
                sb.append("no ratio");
            }
        }
        long notLogged = InterleavedFork.cyclesNotLogged(f);
        return sb.append(String.format(Locale.ROOT, "  (%.0f cycles%s, %.1f s)",
                java.util.Arrays.stream(cycles).sum(), notLogged == 0 ? "" : ", " + notLogged + " not logged",
                r.wallSeconds())).toString();
    }

    /** The median over the iterations that completed a cycle of a side's per-iteration median; NaN for none. */
    private static double overIterations(JmhResult f, String counter, double[] cycles) {
        double[] v = java.util.Arrays.stream(InterleavedFork.medians(f, counter, cycles, counter))
                .filter(x -> !Double.isNaN(x)).toArray();
        return v.length == 0 ? Double.NaN : InterleavedFork.median(v);
    }

    /**
     * "sender 1.234e+06 receiver 1.233e+06 total 2.467e+06 ops/s (3.1 s)": the benchmark's own rows; a profiler's
     * ({@code --prof}: gc.alloc.rate, ...), named with a dot or a dash, stay in runs.json.
     */
    static String describe(ForkRecord r) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, Metric> e : r.result().secondaries().entrySet()) {
            if (e.getKey().contains(".") || e.getKey().contains("-")) {
                continue;
            }
            sb.append(e.getKey()).append(' ').append(String.format(Locale.ROOT, "%.4g", e.getValue().score())).append("  ");
        }
        Metric primary = r.result().primary();
        sb.append(r.result().secondaries().isEmpty() ? "" : "total ")
                .append(String.format(Locale.ROOT, "%.4g %s", primary.score(), primary.unit()))
                .append(String.format(Locale.ROOT, "  (%.1f s)", r.wallSeconds()));
        return sb.toString();
    }

    /** The exception and its causes in one line, a message's line breaks shown as " | " (a fork's output keeps its shape). */
    public static String oneLine(Throwable e) {
        return EntryPoint.oneLine(e, " | ");
    }
}
