package org.cachelinebench.runner.fork;

import java.util.ArrayList;
import java.util.List;

import org.cachelinebench.claims.ComparisonSet;
import org.cachelinebench.claims.Variant;
import org.cachelinebench.harness.pin.CpuTopology;
import org.cachelinebench.harness.pin.Pin;
import org.cachelinebench.harness.pin.PinPlan;
import org.cachelinebench.harness.pin.ThreadPinning;

/**
 * Where each variant's threads ran, for metadata.json: its {@code pin} and {@code cpus} values and the pair of
 * CPUs they give on this machine with how those relate. The forks compute the same plan from the same sysfs and
 * allowed CPUs ({@link PinPlan}), so the host's answer is theirs.
 *
 * @param set      set id
 * @param variant  variant id
 * @param pin      its {@code pin} value; "off" when the benchmark has none (it never pins)
 * @param cpus     its {@code cpus} value, "" when not given
 * @param chosen   the first group's two CPUs in -tg order; null when nothing is pinned
 * @param relation how they relate (e.g. "separate cores sharing an L3"); null when nothing is pinned
 * @param plan     the plan in one line, as the fork prints it, or why it could not be made here
 */
public record Pinning(String set, String variant, String pin, String cpus, List<Integer> chosen, String relation,
                      String plan) {

    /** The pinning of every variant of {@code sets} on this machine. */
    public static List<Pinning> of(List<ComparisonSet> sets) {
        CpuTopology topology;
        try {
            topology = CpuTopology.read(CpuTopology.SYSFS);
        } catch (RuntimeException e) {
            topology = null;
        }
        List<Integer> allowed;
        try {
            allowed = ThreadPinning.allowedCpus();
        } catch (RuntimeException e) {
            allowed = List.of();
        }
        List<Pinning> out = new ArrayList<>();
        for (ComparisonSet s : sets) {
            for (Variant v : s.variants()) {
                out.add(of(s.id(), v, topology, allowed));
            }
        }
        return out;
    }

    static Pinning of(String set, Variant v, CpuTopology topology, List<Integer> allowed) {
        String pin = v.params().get(Pin.PARAM);
        String cpus = v.params().getOrDefault(Pin.CPUS_PARAM, "");
        if (pin == null && cpus.isBlank()) {
            return new Pinning(set, v.id(), Pin.OFF.value(), "", null, null, "no pin param: threads not pinned");
        }
        try {
            PinPlan plan = PinPlan.of(Pin.parse(pin == null ? Pin.OFF.value() : pin), cpus, topology, allowed);
            int[] pair = plan.firstPair();
            String relation = pair == null || topology == null || topology.cpu(pair[0]).isEmpty()
                    || topology.cpu(pair[1]).isEmpty() ? null : topology.relation(pair[0], pair[1]).description();
            return new Pinning(set, v.id(), pin == null ? Pin.OFF.value() : pin, cpus,
                    pair == null ? null : List.of(pair[0], pair[1]), relation, plan.describe());
        } catch (IllegalArgumentException | IllegalStateException e) {
            return new Pinning(set, v.id(), pin == null ? Pin.OFF.value() : pin, cpus, null, null,
                    "not available here: " + e.getMessage());
        }
    }
}
