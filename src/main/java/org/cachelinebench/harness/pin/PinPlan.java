package org.cachelinebench.harness.pin;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.cachelinebench.harness.pin.CpuTopology.Cpu;
import org.cachelinebench.harness.pin.CpuTopology.Relation;

/**
 * Which CPU each thread of a pinned benchmark gets, from {@code pin} and {@code cpus}:
 * <ul>
 *   <li>{@code pin=off}, no {@code cpus}: nothing is pinned;</li>
 *   <li>{@code pin=on}: thread {@code t} of group {@code g} on the allowed CPU number {@code g * threads + t}
 *       (wrapping around), in the order of {@code Cpus_allowed_list};</li>
 *   <li>{@code pin=same-core|same-l3|cross-l3}: each group of two threads on its own pair of allowed CPUs so
 *       related, the first such pairs in CPU order that share no CPU;</li>
 *   <li>{@code cpus=A:B}: the group's first thread on A, its second on B, whatever the relation; with
 *       {@code pin=same-core|same-l3|cross-l3} the pair must also have that relation.</li>
 * </ul>
 * A group's threads are in JMH's {@code -tg} order: its methods sorted by name, so in this suite's ping-pongs
 * the receiver is first and the sender second.
 *
 * <p>What cannot be had is refused with an {@link IllegalArgumentException} whose message is one line naming the
 * machine's facts ("this machine has no two CPUs that share a core: cpus 0 and 1 are separate cores (core_id 0,
 * 1)"), before any fork when it comes through a benchmark's {@code checkParam}.
 */
public final class PinPlan {
    private final Pin pin;
    private final CpuTopology topology;
    private final List<Integer> allowed;
    /** The pairs for relation and explicit plans; empty for {@code off} and {@code on}. */
    private final List<int[]> pairs;
    private final boolean explicit;

    private PinPlan(Pin pin, CpuTopology topology, List<Integer> allowed, List<int[]> pairs, boolean explicit) {
        this.pin = pin;
        this.topology = topology;
        this.allowed = List.copyOf(allowed);
        this.pairs = List.copyOf(pairs);
        this.explicit = explicit;
    }

    /**
     * The plan for {@code pin} and a {@code cpus} value ("" or {@code A:B}) on {@code topology}, for a process
     * that may run on {@code allowed}. {@code topology} may be null for {@code pin=on} without {@code cpus}.
     *
     * @throws IllegalArgumentException one line, when the CPUs are not there or not so related
     */
    public static PinPlan of(Pin pin, String cpus, CpuTopology topology, List<Integer> allowed) {
        int[] given = parseCpus(cpus);
        if (topology == null && (given != null || pin.relation() != null)) {
            throw new IllegalArgumentException((given != null ? "cpus=" + cpus.trim() : "pin=" + pin.value())
                    + " needs the CPU topology from sysfs");
        }
        if (given != null) {
            for (int cpu : given) {
                if (topology.cpu(cpu).isEmpty()) {
                    throw new IllegalArgumentException("cpu " + cpu + " is not on this machine (cpus "
                            + CpuTopology.formatRanges(ids(topology)) + ")");
                }
                if (!allowed.contains(cpu)) {
                    throw new IllegalArgumentException("cpu " + cpu + " is not allowed for this process (Cpus_allowed_list "
                            + CpuTopology.formatRanges(allowed) + ")");
                }
            }
            Relation r = topology.relation(given[0], given[1]);
            if (pin.relation() != null && r != pin.relation()) {
                throw new IllegalArgumentException("pin=" + pin.value() + " asks for " + pin.relation().description()
                        + ", but cpus " + given[0] + " and " + given[1] + " are " + topology.describe(given[0], given[1]));
            }
            return new PinPlan(pin, topology, allowed, List.of(given), true);
        }
        if (pin.relation() == null) {
            return new PinPlan(pin, topology, allowed, List.of(), false);
        }
        List<Integer> candidates = allowed.stream().filter(id -> topology.cpu(id).isPresent()).toList();
        List<int[]> pairs = disjointPairs(topology, candidates, pin.relation());
        if (pairs.isEmpty()) {
            throw new IllegalArgumentException(whyNone(pin.relation(), topology, candidates));
        }
        return new PinPlan(pin, topology, allowed, pairs, false);
    }

    /**
     * A {@code cpus} value: null when empty, else the two CPUs of {@code A:B}.
     *
     * @throws IllegalArgumentException one line, for anything but two distinct CPU numbers
     */
    public static int[] parseCpus(String value) {
        String v = value == null ? "" : value.trim();
        if (v.isEmpty()) {
            return null;
        }
        String[] parts = v.split(":", -1);
        String form = "cpus takes two CPUs as A:B (JMH splits -p values at commas, so -p cpus=0,2 is two values), not '"
                + v + "'";
        if (parts.length != 2) {
            throw new IllegalArgumentException(form);
        }
        int[] out = new int[2];
        for (int i = 0; i < 2; i++) {
            try {
                out[i] = Integer.parseInt(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(form);
            }
            if (out[i] < 0) {
                throw new IllegalArgumentException(form);
            }
        }
        if (out[0] == out[1]) {
            throw new IllegalArgumentException("cpus " + v + ": the two threads need two different CPUs");
        }
        return out;
    }

    /** True when this plan pins any thread. */
    public boolean pins() {
        return pin != Pin.OFF || explicit;
    }

    /**
     * The CPU for thread {@code thread} of group {@code group}, whose groups have {@code threadsPerGroup}
     * threads each; -1 when nothing is pinned.
     *
     * @throws IllegalStateException one line, when the plan has no CPU for that thread
     */
    public int cpuFor(int group, int threadsPerGroup, int thread) {
        if (!pins()) {
            return -1;
        }
        if (pairs.isEmpty()) { // pin=on
            if (threadsPerGroup > allowed.size()) {
                throw new IllegalStateException("pin=on: a group of " + threadsPerGroup
                        + " threads cannot get distinct CPUs from " + ThreadPinning.formatCpuList(allowed));
            }
            return allowed.get((group * threadsPerGroup + thread) % allowed.size());
        }
        if (threadsPerGroup != 2) {
            throw new IllegalStateException(what() + " pins a pair of threads, not a group of " + threadsPerGroup);
        }
        if (group >= pairs.size()) {
            throw new IllegalStateException(what() + " has " + pairs.size() + " pair(s) of CPUs here, not one for group "
                    + (group + 1) + ": run fewer groups");
        }
        return pairs.get(group)[thread];
    }

    /** The pair of the first group: its CPUs and their relation; null when nothing is pinned. */
    public int[] firstPair() {
        if (!pins()) {
            return null;
        }
        if (!pairs.isEmpty()) {
            return pairs.get(0).clone();
        }
        return allowed.size() < 2 ? null : new int[] {allowed.get(0), allowed.get(1)};
    }

    /**
     * One line for the fork's output: what was asked, and where the first group's two threads run and how those
     * CPUs relate, e.g. "pin=same-l3: cpus 0 and 1 for the group's threads in -tg order (separate cores sharing an
     * L3: ...)".
     */
    public String describe() {
        if (!pins()) {
            return "pin=off: threads not pinned";
        }
        int[] p = firstPair();
        if (p == null) {
            return what() + ": one allowed CPU, " + ThreadPinning.formatCpuList(allowed);
        }
        String relation = topology == null ? "relation unknown: no CPU topology in sysfs"
                : topology.cpu(p[0]).isPresent() && topology.cpu(p[1]).isPresent() ? topology.describe(p[0], p[1])
                : "relation unknown: not in " + topology.root();
        return what() + ": cpus " + p[0] + " and " + p[1] + " for the group's threads in -tg order (" + relation + ")";
    }

    private String what() {
        return explicit ? "cpus=" + pairs.get(0)[0] + ":" + pairs.get(0)[1]
                + (pin.relation() != null ? " (pin=" + pin.value() + ")" : "") : "pin=" + pin.value();
    }

    private static List<int[]> disjointPairs(CpuTopology topology, List<Integer> cpus, Relation wanted) {
        List<int[]> out = new ArrayList<>();
        Set<Integer> used = new HashSet<>();
        for (int i = 0; i < cpus.size(); i++) {
            int a = cpus.get(i);
            if (used.contains(a)) {
                continue;
            }
            for (int j = i + 1; j < cpus.size(); j++) {
                int b = cpus.get(j);
                if (!used.contains(b) && topology.relation(a, b) == wanted) {
                    out.add(new int[] {a, b});
                    used.add(a);
                    used.add(b);
                    break;
                }
            }
        }
        return out;
    }

    /** Why no two of {@code cpus} have the relation, in the machine's own terms. */
    static String whyNone(Relation wanted, CpuTopology topology, List<Integer> cpus) {
        boolean all = cpus.equals(ids(topology));
        String who = all ? "this machine has" : "the CPUs this process may use (" + CpuTopology.formatRanges(cpus) + ") have";
        if (cpus.size() < 2) {
            return who + " fewer than two CPUs";
        }
        String two = cpus.size() == 2 ? "cpus " + cpus.get(0) + " and " + cpus.get(1) : null;
        List<Cpu> described = cpus.stream().map(id -> topology.cpu(id).orElseThrow()).toList();
        switch (wanted) {
            case SAME_CORE: {
                String facts = described.size() > 8 ? "each core_cpus_list names one of them"
                        : "core_id " + described.stream().map(c -> String.valueOf(c.coreId())).collect(Collectors.joining(", "));
                if (described.size() <= 8 && described.stream().map(Cpu::packageId).distinct().count() > 1) {
                    facts += "; physical_package_id "
                            + described.stream().map(c -> String.valueOf(c.packageId())).collect(Collectors.joining(", "));
                }
                return who + " no two CPUs that share a core: " + (two != null ? two + " are separate cores"
                        : "cpus " + CpuTopology.formatRanges(cpus) + " are all separate cores") + " (" + facts + ")";
            }
            case SAME_L3: {
                String head = who + " no two separate cores that share an L3: ";
                List<List<Integer>> l3s = topology.l3Groups(cpus);
                if (l3s.isEmpty()) {
                    return head + "sysfs describes no L3 cache (no cache/index*/level 3 under " + topology.root() + "/cpu*)";
                }
                if (topology.cores(cpus).size() == 1) {
                    return head + (two != null ? two + " are" : "cpus " + CpuTopology.formatRanges(cpus) + " are all")
                            + " threads of one core";
                }
                return head + "each L3 holds one core of them (L3s of cpus " + groups(l3s) + ")";
            }
            case CROSS_L3: {
                String head = who + " no two CPUs in different L3 caches: ";
                List<List<Integer>> l3s = topology.l3Groups(cpus);
                if (l3s.isEmpty()) {
                    return head + "sysfs describes no L3 cache (no cache/index*/level 3 under " + topology.root() + "/cpu*)";
                }
                List<Integer> shared = described.get(0).l3Cpus();
                return head + (two != null ? two + " share one L3" : "cpus " + CpuTopology.formatRanges(cpus) + " all share one L3")
                        + " (shared_cpu_list " + CpuTopology.formatRanges(shared) + ")";
            }
            default:
                throw new IllegalArgumentException("no pin value asks for " + wanted);
        }
    }

    private static String groups(List<List<Integer>> groups) {
        return groups.stream().map(CpuTopology::formatRanges).collect(Collectors.joining("; "));
    }

    private static List<Integer> ids(CpuTopology topology) {
        return topology.cpus().stream().map(Cpu::id).toList();
    }
}
