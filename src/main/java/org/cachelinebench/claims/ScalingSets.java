package org.cachelinebench.claims;

import static org.cachelinebench.claims.Expect.Direction.FASTER;
import static org.cachelinebench.claims.Expect.Direction.SIMILAR;
import static org.cachelinebench.claims.Expect.Direction.SLOWER;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.cachelinebench.benchmarks.scaling.ChunkExecl;
import org.cachelinebench.benchmarks.scaling.IpiMany;
import org.cachelinebench.harness.pin.CpuTopology;
import org.cachelinebench.harness.pin.Place;
import org.cachelinebench.harness.pin.ThreadPinning;
import org.cachelinebench.harness.pin.ThreadPlacement;

/**
 * The scaling profile's sets and claims: each many-CPU comparison at N = 2, 4, 8, ... CPUs, per placement
 * class ({@link Place}), every point a set of forks paired round by round with its A/A control. Data, and the one
 * computation of which points this machine can run. Informational only: nothing here gates.
 * <ul>
 *   <li>{@code scaling-ipi-CLASS-N}: {@link IpiMany}, N/2 senders calling the same N/2 targets
 *       ({@code smp_call_function_many_cond()} with no condition, the kernel's IPIs); the line-aligned
 *       csds (align 64) the reference, size-aligned (mainline's 32, first csd at byte 0: two senders per line),
 *       straddled (v4.13's 8 from byte 48), the one-line floor and line-aligned again (A/A); metric calls/us.</li>
 *   <li>{@code scaling-execl-CLASS-N}: {@link ChunkExecl}, every CPU an allocator (execl); v6.4-rc4 against
 *       v6.5-merged, and v6.5-merged again (A/A); metric the allocators' execls/us.</li>
 *   <li>{@code scaling-readers-CLASS-N}: {@link ChunkExecl}, one allocator and N-1 readers (the 2023 report's
 *       question: does the effect grow with readers?); metric the readers' pcpu_chunk_addr()/us.</li>
 * </ul>
 */
public final class ScalingSets {
    private ScalingSets() {}

    public static final String PROFILE = "scaling";
    static final String IPI_MANY = IpiMany.class.getName() + ".call";
    static final String EXECL = ChunkExecl.class.getName() + ".execl";
    public static final String CALLS = "calls";
    static final String ALLOCATOR = "allocator";
    static final String READER = "reader";

    /** The CPU counts of the curve: powers of two from 2. */
    public static final List<Integer> CPUS = List.of(2, 4, 8, 16, 32, 64, 128);
    /** The placement classes, nearest first. */
    public static final List<Place> CLASSES = List.of(Place.SMT, Place.L3, Place.SOCKET, Place.ALL);
    /** The workloads, as set-id prefixes. */
    public static final String IPI = "scaling-ipi";
    public static final String EXECL_SET = "scaling-execl";
    public static final String READERS = "scaling-readers";
    public static final List<String> WORKLOADS = List.of(IPI, EXECL_SET, READERS);

    public static final String LINE_ALIGNED = "line-aligned";
    public static final String SIZE_ALIGNED = "size-aligned";
    public static final String STRADDLED = "straddled";
    public static final String FLOOR = "floor";
    public static final String AGAIN = "-again";
    public static final String OLD = "v6.4-rc4";
    public static final String MERGED = "v6.5-merged";

    public static final List<ComparisonSet> SETS = sets();
    public static final List<Claim> CLAIMS = claims();

    /** The set of {@code workload} at {@code cpus} CPUs placed by {@code place}: "scaling-ipi-l3-4". */
    public static String id(String workload, Place place, int cpus) {
        return workload + "-" + place.value() + "-" + cpus;
    }

    /** A point of the curve, read back from a set id; null for an id that is not a scaling set's. */
    public record Point(String workload, Place place, int cpus) {
        public static Point of(String setId) {
            for (String w : WORKLOADS) {
                if (setId.startsWith(w + "-")) {
                    String[] rest = setId.substring(w.length() + 1).split("-");
                    if (rest.length == 2) {
                        try {
                            return new Point(w, Place.parse(rest[0]), Integer.parseInt(rest[1]));
                        } catch (IllegalArgumentException e) {
                            return null;
                        }
                    }
                }
            }
            return null;
        }
    }

    private static List<ComparisonSet> sets() {
        List<ComparisonSet> out = new ArrayList<>();
        for (Place place : CLASSES) {
            for (int n : CPUS) {
                out.add(ipi(place, n));
                out.add(execl(EXECL_SET, place, n, ChunkExecl.ALL));
                out.add(execl(READERS, place, n, "1"));
            }
        }
        return List.copyOf(out);
    }

    private static ComparisonSet ipi(Place place, int n) {
        List<Variant> v = new ArrayList<>();
        v.add(many(LINE_ALIGNED, place, n, "64", "0", IpiMany.KERNEL));
        v.add(many(SIZE_ALIGNED, place, n, "32", "0", IpiMany.KERNEL));
        v.add(many(STRADDLED, place, n, "8", "48", IpiMany.KERNEL));
        v.add(many(FLOOR, place, n, "64", "0", IpiMany.FLOOR));
        v.add(again(v.get(0)));
        return new ComparisonSet(id(IPI, place, n), "smp_call_function_many_cond() with no condition, " + n / 2
                + " senders to " + n / 2
                + " targets, place=" + place.value() + ": the csds' alignment in the targets' per-cpu units", v);
    }

    private static Variant many(String id, Place place, int n, String align, String start, String protocol) {
        return new Variant(id, IPI_MANY, params(IpiMany.SENDERS, String.valueOf(n / 2), IpiMany.TARGETS,
                String.valueOf(n / 2), IpiMany.ALIGN, align, IpiMany.START, start, "mode", "sync", IpiMany.PROTOCOL,
                protocol, Place.PARAM, place.value()), n);
    }

    private static ComparisonSet execl(String workload, Place place, int n, String allocators) {
        List<Variant> v = new ArrayList<>();
        for (String layout : List.of(OLD, MERGED)) {
            v.add(new Variant(layout, EXECL, params("layout", layout, ChunkExecl.ALLOCATORS, allocators,
                    Place.PARAM, place.value()), n));
        }
        v.add(again(v.get(1)));
        String shape = allocators.equals(ChunkExecl.ALL) ? "every CPU allocates (execl)"
                : "one allocator, " + (n - 1) + " reader(s)";
        return new ComparisonSet(id(workload, place, n), "pcpu_chunk on " + n + " CPUs, place=" + place.value() + ": "
                + shape, v);
    }

    private static Variant again(Variant v) {
        return new Variant(v.id() + AGAIN, v.benchmark(), v.params(), v.threads());
    }

    private static List<Claim> claims() {
        List<Claim> c = new ArrayList<>();
        for (ComparisonSet s : SETS) {
            Point p = Point.of(s.id());
            String at = " (" + p.cpus() + " CPUs, place=" + p.place().value() + ")";
            if (p.workload().equals(IPI)) {
                c.add(new Claim(s.id(), SIZE_ALIGNED, LINE_ALIGNED, CALLS, Expect.info(SIMILAR), "mainline's 32-byte "
                        + "csds (" + (p.cpus() >= 4 ? "two senders per line of a target's unit" : "one sender: no line "
                        + "shared") + ") against one per line" + at));
                c.add(new Claim(s.id(), STRADDLED, LINE_ALIGNED, CALLS, Expect.info(SLOWER),
                        "v4.13's 8-byte-aligned csds, every other one straddling, against one per line" + at));
                c.add(new Claim(s.id(), FLOOR, LINE_ALIGNED, CALLS, Expect.info(FASTER),
                        "one line per target and back (the floor) against a line-aligned call" + at));
                c.add(new Claim(s.id(), LINE_ALIGNED + AGAIN, LINE_ALIGNED, CALLS, Expect.info(SIMILAR),
                        "A/A control: line-aligned against itself" + at));
            } else {
                String metric = p.workload().equals(EXECL_SET) ? ALLOCATOR : READER;
                c.add(new Claim(s.id(), OLD, MERGED, metric, Expect.info(SLOWER), (metric.equals(ALLOCATOR)
                        ? "execl's pcpu_alloc/free_percpu" : "base_addr readers beside one allocator")
                        + " slower while base_addr shares a line with free_bytes and chunk_md" + at));
                c.add(new Claim(s.id(), MERGED + AGAIN, MERGED, metric, Expect.info(SIMILAR),
                        "A/A control: v6.5-merged against itself" + at));
            }
        }
        return List.copyOf(c);
    }

    /**
     * The profile on this machine: the points whose placement it can give, 4 rounds, each fork 1 x 500 ms warmup and
     * 2 x 500 ms measurement. On 16 CPUs with SMT and one L3 (smt at 2-16, l3 at 2-8: 7 points of 11 forks) that is
     * 4 x 77 x 3 s = 15.4 min. Prints to stderr, in one line, which points it skips and why.
     *
     * @throws IllegalArgumentException one line, when no point fits (pinning unavailable, or one CPU)
     */
    public static Profile thisMachine() {
        String why = ThreadPinning.unavailableReason();
        if (why != null) {
            throw new IllegalArgumentException("profile scaling pins its threads, which is not possible here: " + why);
        }
        CpuTopology topology;
        try {
            topology = CpuTopology.system();
        } catch (IllegalStateException e) {
            throw new IllegalArgumentException("profile scaling needs the CPU topology: " + e.getMessage());
        }
        Plan plan = plan(topology, ThreadPinning.allowedCpus());
        System.err.println(plan.skipped());
        return plan.profile();
    }

    /** What runs and what is skipped on a machine. */
    public record Plan(Profile profile, String skipped) {}

    /** The plan for {@code topology}, for a process allowed {@code allowed} (tests give fake machines). */
    public static Plan plan(CpuTopology topology, List<Integer> allowed) {
        List<String> sets = new ArrayList<>();
        List<String> runs = new ArrayList<>();
        List<String> skips = new ArrayList<>();
        for (Place place : CLASSES) {
            List<Integer> fit = new ArrayList<>();
            String firstRefusal = null;
            int firstSkipped = 0;
            for (int n : CPUS) {
                try {
                    ThreadPlacement.of(place, n, topology, allowed);
                    fit.add(n);
                    for (String w : WORKLOADS) {
                        sets.add(id(w, place, n));
                    }
                } catch (IllegalArgumentException e) {
                    if (firstRefusal == null) {
                        firstRefusal = e.getMessage();
                        firstSkipped = n;
                    }
                }
            }
            if (!fit.isEmpty()) {
                runs.add(place.value() + " at " + list(fit));
            }
            if (firstRefusal != null) {
                skips.add((fit.isEmpty() ? place.value() : place.value() + " from " + firstSkipped + " CPUs")
                        + " (" + firstRefusal + ")");
            }
        }
        if (sets.isEmpty()) {
            throw new IllegalArgumentException("profile scaling: no point fits this machine: " + String.join("; ", skips));
        }
        String skipped = "scaling: runs " + String.join(", ", runs) + " CPUs; skipped: "
                + (skips.isEmpty() ? "none" : String.join("; ", skips));
        return new Plan(new Profile(PROFILE, sets, 4, new IterationSpec(1, 500), new IterationSpec(2, 500), 1200, 1.5),
                skipped);
    }

    private static String list(List<Integer> ns) {
        StringBuilder sb = new StringBuilder();
        for (int n : ns) {
            sb.append(sb.length() == 0 ? "" : ",").append(n);
        }
        return sb.toString();
    }

    private static Map<String, String> params(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }
}
