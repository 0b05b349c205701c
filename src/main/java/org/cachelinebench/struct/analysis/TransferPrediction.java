package org.cachelinebench.struct.analysis;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.cachelinebench.coherence.Caches;
import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.Prefetch;
import org.cachelinebench.coherence.Protocol;
import org.cachelinebench.coherence.Rate;
import org.cachelinebench.coherence.RolePrediction;
import org.cachelinebench.coherence.Schedule;

/**
 * The line transfers the coherence model predicts for one layout and the tool's roles: per operation of each role,
 * and per round (one operation of every thread of every role), from {@link RolePrediction} (MESI, the tool's line
 * size, the threads taking turns one operation each). A role's accesses run in the roles file's order; a write is a
 * read-modify-write, as the roles file says; a rate above one counts as one, since repeats within an operation hit
 * the line the first access brought. Where the placement allows several starts, each number is the mean over them,
 * every start equally likely. The suggester compares layouts by {@link #perRound()}: what the machine moves,
 * whichever role pays for it.
 *
 * @param perOperation transfers per operation of each role, in the roles file's order
 * @param upgrades     upgrades per operation of each role: writes that take a line back from its readers without
 *                     moving its data (not transfers, but not free either)
 * @param perRound     transfers per round
 * @param starts       how many starts the numbers are the mean of
 * @param model        the model, in words
 */
public record TransferPrediction(Map<String, Double> perOperation, Map<String, Double> upgrades, double perRound,
                                 int starts, String model) {
    /** Two predictions closer than this are equal: the counts are whole transfers over thousands of rounds. */
    public static final double SAME = 1e-9;

    public TransferPrediction {
        perOperation = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(perOperation));
        upgrades = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(upgrades));
    }

    /** The prediction for {@code roles} (bound to one layout's fields) at each of {@code starts}; null without roles. */
    public static TransferPrediction of(Roles roles, int lineSize, List<Integer> starts) {
        if (roles.isEmpty()) {
            return null;
        }
        Map<String, RolePrediction.Field> fields = new LinkedHashMap<>();
        List<RolePrediction.Role> model = new java.util.ArrayList<>();
        for (Roles.Role r : roles.roles()) {
            List<RolePrediction.Access> accesses = new java.util.ArrayList<>();
            for (Roles.Access a : r.accesses().values()) {
                FieldIndex.Field f = a.field();
                fields.putIfAbsent(f.path(), new RolePrediction.Field(f.path(), f.start(), Math.max(1, f.size())));
                Roles.Rate rate = a.rate();
                accesses.add(new RolePrediction.Access(f.path(), a.write() ? Caches.Kind.RMW : Caches.Kind.READ,
                        rate.numerator() >= rate.denominator() ? Rate.ALWAYS : new Rate(rate.numerator(), rate.denominator())));
            }
            model.add(new RolePrediction.Role(r.name(), r.threads(), accesses));
        }
        Model m = new Model(Protocol.MESI, Prefetch.NONE, Schedule.ROUND_ROBIN, lineSize);
        Map<String, Double> perOperation = new LinkedHashMap<>(), upgrades = new LinkedHashMap<>();
        double perRound = 0;
        for (int start : starts) {
            RolePrediction.Result result = RolePrediction.predict(List.copyOf(fields.values()), start, model, m);
            for (Roles.Role r : roles.roles()) {
                perOperation.merge(r.name(), result.transfers(r.name()) / starts.size(), Double::sum);
                upgrades.merge(r.name(), result.perRoleOperation().get(r.name()).upgrades() / starts.size(), Double::sum);
            }
            perRound += result.transfersPerRound() / starts.size();
        }
        return new TransferPrediction(perOperation, upgrades, perRound, starts.size(),
                "MESI, " + lineSize + "-byte lines, the roles' threads taking turns one operation each");
    }

    /** Negative when this predicts fewer transfers per round than {@code o}, 0 when as many, positive when more. */
    public int compareTo(TransferPrediction o) {
        return Math.abs(perRound - o.perRound) < SAME ? 0 : Double.compare(perRound, o.perRound);
    }

    /** "producer 1.00, consumer 1.00; 2.00 per round". */
    public String describe() {
        List<String> parts = new java.util.ArrayList<>();
        perOperation.forEach((role, t) -> parts.add(role + " " + number(t)));
        return String.join(", ", parts) + "; " + number(perRound) + " per round";
    }

    public static String number(double t) {
        return String.format(Locale.ROOT, "%.2f", t);
    }
}
