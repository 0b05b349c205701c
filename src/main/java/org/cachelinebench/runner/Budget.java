package org.cachelinebench.runner;

import java.util.List;
import java.util.Locale;

import org.cachelinebench.claims.ComparisonSet;
import org.cachelinebench.claims.Profile;
import org.cachelinebench.claims.Variant;
import org.cachelinebench.runner.fork.ForkRecord;

/**
 * Time budget of a plan, printed before it runs, and the measured cost printed after it.
 *
 * <p>A fork costs its warmup and measurement plus an overhead: starting a JVM, JMH's handshake with it,
 * the benchmark's setup and teardown. The profile assumes that overhead; the run measures it (wall time of
 * a fork minus warmup and measurement) so the assumption can be corrected.
 */
public final class Budget {
    private Budget() {}

    public static double forkSeconds(Profile profile, PairedSession.Plan plan) {
        return profile.forkOverheadSeconds() + (plan.warmup().totalMillis() + plan.measurement().totalMillis()) / 1000.0;
    }

    public static String describe(Profile profile, PairedSession.Plan plan) {
        double fork = forkSeconds(profile, plan);
        double total = fork * plan.forks();
        StringBuilder sb = new StringBuilder();
        sb.append(plan.cap() == plan.rounds()
                ? String.format(Locale.ROOT, "profile %s: %d rounds x %d forks = %d forks (", profile.name(),
                        plan.rounds(), plan.forksPerRound(), plan.forks())
                : String.format(Locale.ROOT, "profile %s: at most %d rounds x %d forks + %d rounds x %d forks (the"
                        + " floor set and one undecided set past %d rounds) = %d forks (", profile.name(), plan.rounds(),
                        plan.forksPerRound(), plan.cap() - plan.rounds(), plan.extensionForksPerRound(), plan.rounds(),
                        plan.forks()));
        for (int i = 0; i < plan.sets().size(); i++) {
            ComparisonSet s = plan.sets().get(i);
            sb.append(i == 0 ? "" : ", ").append(s.id()).append(' ').append(s.variants().size());
        }
        sb.append(")\n");
        sb.append(String.format(Locale.ROOT,
                "budget: a fork = %.1f s start (assumed: JVM, JMH, setup) + %.1f s warmup (%s) + %.1f s measurement (%s)"
                        + " = %.1f s; %d forks = %.0f s (%.1f min) of the profile's %d s",
                profile.forkOverheadSeconds(), plan.warmup().totalMillis() / 1000.0, plan.warmup(),
                plan.measurement().totalMillis() / 1000.0, plan.measurement(), fork, plan.forks(), total,
                total / 60, profile.budgetSeconds()));
        if (total > profile.budgetSeconds()) {
            sb.append("\nWARNING: this plan exceeds the profile's budget; use fewer --rounds or --only");
        }
        return sb.toString();
    }

    /** The run order: one line a round (paired), or one line a variant (sequential). */
    public static String order(PairedSession.Plan plan) {
        StringBuilder sb = new StringBuilder();
        if (plan.order() == PairedSession.Order.SEQUENTIAL) {
            for (ComparisonSet s : plan.sets()) {
                for (Variant v : s.variants()) {
                    sb.append(String.format(Locale.ROOT, "%s: %s x %d%n", s.id(), v.id(), plan.rounds()));
                }
            }
            return sb.toString();
        }
        int round = -1;
        String set = null;
        for (PairedSession.Slot slot : plan.schedule()) {
            if (slot.round() != round) {
                sb.append(round < 0 ? "" : "\n").append(String.format(Locale.ROOT, "round %d:", slot.round() + 1));
                round = slot.round();
                set = null;
            }
            if (!slot.set().id().equals(set)) {
                set = slot.set().id();
                sb.append("  ").append(set).append(':');
            }
            sb.append(' ').append(slot.variant().id());
        }
        return sb.append('\n').toString();
    }

    public static double meanOverheadSeconds(List<ForkRecord> records, PairedSession.Plan plan) {
        return records.stream().mapToDouble(r -> r.wallSeconds() - plan.warmup().totalMillis() / 1000.0
                - (r.result().measureEndMillis() - r.result().measureStartMillis()) / 1000.0).average().orElse(0);
    }

    public static String measured(List<ForkRecord> records, PairedSession.Plan plan) {
        if (records.isEmpty()) {
            return "measured: no forks";
        }
        double elapsed = (records.get(records.size() - 1).endMillis() - records.get(0).startMillis()) / 1000.0;
        double mean = records.stream().mapToDouble(ForkRecord::wallSeconds).average().orElse(0);
        int rounds = records.stream().mapToInt(ForkRecord::round).max().orElse(-1) + 1;
        return String.format(Locale.ROOT, "measured: %d of %d rounds, %d forks in %.0f s; a fork took %.1f s, of "
                + "which %.1f s beyond warmup and measurement", rounds, plan.cap(), records.size(), elapsed, mean,
                meanOverheadSeconds(records, plan));
    }
}
