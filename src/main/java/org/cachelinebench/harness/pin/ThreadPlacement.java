package org.cachelinebench.harness.pin;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.cachelinebench.harness.pin.CpuTopology.Cpu;

/**
 * The CPUs of N threads placed by a {@link Place} class, thread {@code i} on {@code cpus().get(i)}, chosen from the
 * allowed CPUs in CPU order as sysfs describes them ({@link CpuTopology}). What the machine cannot give is refused
 * with an {@link IllegalArgumentException} whose message is one line of the machine's facts, e.g. "place=smt: this
 * machine has no two CPUs that share a core (cpus 0-1 are 2 cores)".
 *
 * @param place    the class
 * @param cpus     one CPU per thread, in thread order
 * @param describe one line for the fork's output: the class, the CPUs and the caches or sockets they span
 */
public record ThreadPlacement(Place place, List<Integer> cpus, String describe) {
    public ThreadPlacement {
        cpus = List.copyOf(cpus);
    }

    /** The placement of {@code threads} threads by {@code place} on {@code topology}, for a process allowed {@code allowed}. */
    public static ThreadPlacement of(Place place, int threads, CpuTopology topology, List<Integer> allowed) {
        if (threads < 1) {
            throw new IllegalArgumentException("place=" + place.value() + " needs at least one thread, not " + threads);
        }
        if (place == Place.OFF) {
            return new ThreadPlacement(place, List.of(), "place=off: " + threads + " threads, not pinned");
        }
        List<Integer> candidates = allowed.stream().filter(id -> topology.cpu(id).isPresent()).sorted().toList();
        String where = candidates.equals(ids(topology)) ? "this machine has"
                : "the CPUs this process may use (" + CpuTopology.formatRanges(candidates) + ") have";
        List<List<Integer>> cores = topology.cores(candidates);
        String head = "place=" + place.value() + ": ";
        List<Integer> cpus;
        String span;
        switch (place) {
            case SMT: {
                List<List<Integer>> smt = cores.stream().filter(c -> c.size() >= 2).toList();
                if (smt.isEmpty()) {
                    throw new IllegalArgumentException(head + where + " no two CPUs that share a core (cpus "
                            + CpuTopology.formatRanges(candidates) + " are " + cores.size() + " cores)");
                }
                cpus = take(flatten(smt), threads, head, where + " " + smt.stream().mapToInt(List::size).sum()
                        + " CPUs in cores with SMT siblings");
                span = "SMT siblings, " + (threads + 1) / 2 + " or more cores";
                break;
            }
            case L3: {
                List<List<Integer>> l3s = topology.l3Groups(candidates);
                if (l3s.isEmpty()) {
                    throw new IllegalArgumentException(head + "sysfs describes no L3 cache (no cache/index*/level 3 under "
                            + topology.root() + "/cpu*)");
                }
                List<Integer> chosen = null;
                int most = 0;
                for (List<Integer> l3 : l3s) {
                    List<Integer> oneEach = firstOfEach(topology.cores(l3));
                    most = Math.max(most, oneEach.size());
                    if (chosen == null && oneEach.size() >= threads) {
                        chosen = oneEach;
                    }
                }
                if (chosen == null) {
                    throw new IllegalArgumentException(head + threads + " threads need " + threads + " cores under one L3; "
                            + where + " at most " + most + " (L3s of cpus " + groups(l3s) + ")");
                }
                cpus = chosen.subList(0, threads);
                span = "cores under one L3 (shared_cpu_list " + CpuTopology.formatRanges(topology.cpu(cpus.get(0))
                        .orElseThrow().l3Cpus()) + ")";
                break;
            }
            case SOCKET: {
                Map<Integer, List<Integer>> sockets = bySocket(topology, candidates);
                List<Integer> chosen = null;
                int mostL3s = 0;
                int chosenSocket = -1;
                for (Map.Entry<Integer, List<Integer>> s : sockets.entrySet()) {
                    List<List<Integer>> l3s = topology.l3Groups(s.getValue());
                    mostL3s = Math.max(mostL3s, l3s.size());
                    if (l3s.size() >= 2) {
                        List<List<Integer>> perL3 = l3s.stream().map(l3 -> firstOfEach(topology.cores(l3))).toList();
                        List<Integer> rr = roundRobin(perL3);
                        if (chosen == null && rr.size() >= threads) {
                            chosen = rr;
                            chosenSocket = s.getKey();
                        }
                    }
                }
                if (mostL3s < 2) {
                    throw new IllegalArgumentException(head + where + " no socket with two L3 caches (each socket has "
                            + mostL3s + "): it would be place=l3");
                }
                if (chosen == null) {
                    throw new IllegalArgumentException(head + threads + " threads need " + threads
                            + " cores in one socket with two or more L3s; " + where + " fewer");
                }
                cpus = chosen.subList(0, threads);
                span = "cores of socket " + chosenSocket + ", its L3s in turn";
                break;
            }
            case ALL: {
                Map<Integer, List<Integer>> sockets = bySocket(topology, candidates);
                if (sockets.size() < 2) {
                    throw new IllegalArgumentException(head + where + " one socket (physical_package_id "
                            + sockets.keySet().iterator().next() + "): it would be place=socket or place=l3");
                }
                List<List<Integer>> perSocket = new ArrayList<>();
                sockets.values().forEach(c -> perSocket.add(firstOfEach(topology.cores(c))));
                List<Integer> rr = roundRobin(perSocket);
                cpus = take(rr, threads, head, where + " " + rr.size() + " cores");
                span = "cores of " + sockets.size() + " sockets in turn";
                break;
            }
            default:
                throw new AssertionError(place);
        }
        return new ThreadPlacement(place, cpus, head + threads + " threads on cpus " + cpus.stream()
                .map(String::valueOf).collect(Collectors.joining(",")) + " (" + span + ")");
    }

    /** The CPU of thread {@code thread}; -1 when not pinned. */
    public int cpuFor(int thread) {
        if (place == Place.OFF) {
            return -1;
        }
        if (thread < 0 || thread >= cpus.size()) {
            throw new IllegalStateException("place=" + place.value() + " placed " + cpus.size() + " threads, not thread "
                    + thread);
        }
        return cpus.get(thread);
    }

    private static List<Integer> take(List<Integer> from, int n, String head, String have) {
        if (from.size() < n) {
            throw new IllegalArgumentException(head + n + " threads need " + n + " CPUs so placed; " + have);
        }
        return from.subList(0, n);
    }

    private static List<Integer> flatten(List<List<Integer>> groups) {
        List<Integer> out = new ArrayList<>();
        groups.forEach(out::addAll);
        return out;
    }

    /** One CPU of each core: its first. */
    private static List<Integer> firstOfEach(List<List<Integer>> cores) {
        return cores.stream().map(c -> c.get(0)).toList();
    }

    /** The first of each list, then the second of each, and so on. */
    private static List<Integer> roundRobin(List<List<Integer>> lists) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; ; i++) {
            boolean any = false;
            for (List<Integer> l : lists) {
                if (i < l.size()) {
                    out.add(l.get(i));
                    any = true;
                }
            }
            if (!any) {
                return out;
            }
        }
    }

    private static Map<Integer, List<Integer>> bySocket(CpuTopology topology, List<Integer> cpus) {
        Map<Integer, List<Integer>> out = new TreeMap<>();
        for (int id : cpus) {
            out.computeIfAbsent(topology.cpu(id).orElseThrow().packageId(), k -> new ArrayList<>()).add(id);
        }
        return out;
    }

    private static String groups(List<List<Integer>> groups) {
        return groups.stream().map(CpuTopology::formatRanges).collect(Collectors.joining("; "));
    }

    private static List<Integer> ids(CpuTopology topology) {
        return topology.cpus().stream().map(Cpu::id).toList();
    }
}
