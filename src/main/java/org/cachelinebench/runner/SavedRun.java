package org.cachelinebench.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Suite;

/**
 * A run directory read back (summary.json, metadata.json), with every claim's rounds as {@link Judgment} needs
 * them, so the gate can be judged again offline ({@link Regate}).
 *
 * <p>Summaries of format 2 carry each claim's rounds with their floors. Those of format 1 carry the samples in
 * round order and, on the interleaved claims, each round's floor; from them the rounds are rebuilt when every
 * round is there (a comparison of forks: one sample a round; an interleaved one: the same number of iterations a
 * round), each fork claim's round taking the floor of the {@link Suite#FLOOR_SET} claims' round. Otherwise the
 * samples stand as rounds without a floor.
 */
public final class SavedRun {
    private final Path dir;
    private final Summary summary;
    private final Metadata metadata;
    private final Map<Integer, Double> roundFloors;

    private SavedRun(Path dir, Summary summary, Metadata metadata) {
        this.dir = dir;
        this.summary = summary;
        this.metadata = metadata;
        this.roundFloors = roundFloors(summary);
    }

    /**
     * Reads {@code dir}.
     *
     * @throws IllegalArgumentException one line naming the directory and what is wrong with it
     */
    public static SavedRun read(Path dir) {
        Path summaryFile = dir.resolve(ResultStore.SUMMARY_JSON);
        Path metadataFile = dir.resolve(ResultStore.METADATA);
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException(dir + ": no such run directory");
        }
        for (Path f : List.of(summaryFile, metadataFile)) {
            if (!Files.isRegularFile(f)) {
                throw new IllegalArgumentException(dir + ": no " + f.getFileName() + " (not a run directory of the "
                        + "paired runner)");
            }
        }
        SavedRun run;
        try {
            run = new SavedRun(dir, Summary.read(summaryFile), Metadata.read(metadataFile));
        } catch (IOException e) {
            throw new IllegalArgumentException(dir + ": cannot read: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(PairedSession.oneLine(e).replaceFirst("^IllegalArgumentException: ", ""),
                    e);
        }
        run.checkRatios();
        return run;
    }

    /**
     * Every round's ratio is a positive number: a NaN, an infinity or a ratio of 0 or less in a summary has no log,
     * and a verdict on it would be a verdict on nothing.
     *
     * @throws IllegalArgumentException naming the run, the claim and the round
     */
    private void checkRatios() {
        for (Summary.Entry e : summary.comparisons()) {
            if (!e.measured()) {
                continue;
            }
            for (Judgment.Round r : rounds(e)) {
                for (double x : r.ratios()) {
                    if (!(x > 0) || !Double.isFinite(x)) {
                        throw new IllegalArgumentException(dir + ": " + e.id() + " round " + (r.round() + 1)
                                + " holds the ratio " + x + ", not a positive number");
                    }
                }
            }
        }
    }

    /** A run from its parts (tests, and runs just measured). */
    public static SavedRun of(Path dir, Summary summary, Metadata metadata) {
        return new SavedRun(dir, summary, metadata);
    }

    public Path dir() {
        return dir;
    }

    public Summary summary() {
        return summary;
    }

    public Metadata metadata() {
        return metadata;
    }

    /** The git commit the run measured (from its machine facts), or "unknown". */
    public String commit() {
        return metadata.machine() == null || metadata.machine().gitCommit() == null ? "unknown"
                : metadata.machine().gitCommit();
    }

    /** Each 0-based round's floor in ns, for the rounds that measured one. */
    public Map<Integer, Double> roundFloors() {
        return roundFloors;
    }

    /** The entry of claim {@code id}, or null. */
    public Summary.Entry entry(String id) {
        for (Summary.Entry e : summary.comparisons()) {
            if (e.id().equals(id)) {
                return e;
            }
        }
        return null;
    }

    /** The rounds behind {@code e}, with their samples and floors. */
    public List<Judgment.Round> rounds(Summary.Entry e) {
        List<Judgment.Round> out = new ArrayList<>();
        if (e.byRound() != null) {
            for (Summary.Round r : e.byRound()) {
                out.add(new Judgment.Round(r.round() - 1, r.ratios(), r.floorNanos() == null ? Double.NaN : r.floorNanos()));
            }
            return out;
        }
        double[] ratios = e.ratios() == null ? new double[0] : e.ratios();
        int rounds = e.rounds();
        boolean complete = rounds == summary.rounds() && rounds > 0 && ratios.length % rounds == 0;
        if (!complete) {
            for (int i = 0; i < ratios.length; i++) {
                out.add(new Judgment.Round(i, new double[] {ratios[i]}, Double.NaN));
            }
            return out;
        }
        int perRound = ratios.length / rounds;
        List<Double> ownFloors = e.floorNanosByRound();
        for (int round = 0; round < rounds; round++) {
            double[] samples = Arrays.copyOfRange(ratios, round * perRound, (round + 1) * perRound);
            double floor;
            if (Claim.INTERLEAVED.equals(e.metric())) {
                floor = ownFloors != null && ownFloors.size() == rounds && ownFloors.get(round) != null
                        ? ownFloors.get(round) : Double.NaN;
            } else {
                floor = roundFloors.getOrDefault(round, Double.NaN);
            }
            out.add(new Judgment.Round(round, samples, floor));
        }
        return out;
    }

    /** Format 2: the summary's round states; format 1: the floors of the floor set's interleaved claims. */
    private static Map<Integer, Double> roundFloors(Summary s) {
        Map<Integer, Double> floors = new HashMap<>();
        if (s.roundStates() != null && !s.roundStates().isEmpty()) {
            for (Summary.RoundState r : s.roundStates()) {
                if (r.floorNanos() != null) {
                    floors.put(r.round() - 1, r.floorNanos());
                }
            }
            return floors;
        }
        if (s.format() != Summary.FORMAT_1) {
            return floors;
        }
        for (Summary.Entry e : s.comparisons()) {
            List<Double> f = e.floorNanosByRound();
            if (e.set().equals(Suite.FLOOR_SET) && Claim.INTERLEAVED.equals(e.metric()) && f != null
                    && f.size() == s.rounds()) {
                for (int round = 0; round < f.size(); round++) {
                    if (f.get(round) != null) {
                        floors.put(round, f.get(round));
                    }
                }
                return floors;
            }
        }
        return floors;
    }
}
