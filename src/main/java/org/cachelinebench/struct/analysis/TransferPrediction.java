package org.cachelinebench.struct.analysis;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.cachelinebench.coherence.Caches;
import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.Prefetch;
import org.cachelinebench.coherence.Protocol;
import org.cachelinebench.coherence.Schedule;
import org.cachelinebench.coherence.Traffic;
import org.cachelinebench.coherence.role.Rate;
import org.cachelinebench.coherence.role.RolePrediction;

/**
 * The line moves the coherence model predicts for one layout and the tool's roles: per operation of each role,
 * and per round (one operation of every thread of every role), from {@link RolePrediction} (MESI, the tool's line
 * size, the threads taking turns one operation each). A role's accesses run in the roles file's order; a write is a
 * read-modify-write, as the roles file says; a rate above one counts as one, since repeats within an operation hit
 * the line the first access brought. Where the placement allows several starts, each number is the mean over them,
 * every start equally likely. The suggester compares layouts by {@link #perRound()}: what the machine moves,
 * whichever role pays for it.
 *
 * <p>A line move is a miss another cache holds the line for ({@link org.cachelinebench.coherence.Traffic#lineMoves()}):
 * a transfer, where another core's modified copy supplies it (perf c2c's HITM), or a shared read, where the other
 * copies are clean and the shared cache serves it. Both are misses the other roles' use of the line caused, which
 * a layout that keeps the fields apart removes, so both count; transfers alone would call a layout better for
 * turning a transfer into a shared read that still misses.
 *
 * @param perOperation line moves per operation of each role, in the roles file's order
 * @param transfers    the part of {@code perOperation} that are transfers (a dirty copy, HITM), per role
 * @param upgrades     upgrades per operation of each role: writes that take a line back from its readers without
 *                     moving its data (not transfers, but not free either)
 * @param perRound     line moves per round
 * @param starts       how many starts the numbers are the mean of
 * @param model        the model, in words
 */
public record TransferPrediction(Map<String, Double> perOperation, Map<String, Double> transfers,
                                 Map<String, Double> upgrades, double perRound, int starts, String model) {
    /** What a line move is, for the report. */
    public static final String COUNTS = "a line move is a miss another cache holds the line for: a transfer from a"
            + " modified copy (HITM) or a shared read of a clean one";

    /** Two predictions closer than this are equal: the counts are whole misses over thousands of rounds. */
    public static final double SAME = 1e-9;

    public TransferPrediction {
        perOperation = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(perOperation));
        transfers = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(transfers));
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
        Map<String, Double> perOperation = new LinkedHashMap<>(), transfers = new LinkedHashMap<>(),
                upgrades = new LinkedHashMap<>();
        double perRound = 0;
        for (int start : starts) {
            RolePrediction.Result result = RolePrediction.predict(List.copyOf(fields.values()), start, model, m);
            for (Roles.Role r : roles.roles()) {
                Traffic t = result.perRoleOperation().get(r.name());
                perOperation.merge(r.name(), t.lineMoves() / starts.size(), Double::sum);
                transfers.merge(r.name(), t.transfers() / starts.size(), Double::sum);
                upgrades.merge(r.name(), t.upgrades() / starts.size(), Double::sum);
            }
            perRound += result.perRoundByLine().values().stream().mapToDouble(Traffic::lineMoves).sum() / starts.size();
        }
        return new TransferPrediction(perOperation, transfers, upgrades, perRound, starts.size(),
                "MESI, " + lineSize + "-byte lines, the roles' threads taking turns one operation each; " + COUNTS);
    }

    /** Negative when this predicts fewer line moves per round than {@code o}, 0 when as many, positive when more. */
    public int compareTo(TransferPrediction o) {
        return Math.abs(perRound - o.perRound) < SAME ? 0 : Double.compare(perRound, o.perRound);
    }

    /** "producer 1.00, consumer 1.00; 2.00 per round; of them transfers: producer 0.75, consumer 1.00". */
    public String describe() {
        return byRole(perOperation) + "; " + number(perRound) + " per round; of them transfers: " + byRole(transfers);
    }

    private static String byRole(Map<String, Double> numbers) {
        List<String> parts = new java.util.ArrayList<>();
        numbers.forEach((role, t) -> parts.add(role + " " + number(t)));
        return String.join(", ", parts);
    }

    public static String number(double t) {
        return String.format(Locale.ROOT, "%.2f", t);
    }
}
