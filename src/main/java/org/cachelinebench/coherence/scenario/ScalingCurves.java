package org.cachelinebench.coherence.scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.cachelinebench.claims.ScalingSets;
import org.cachelinebench.coherence.CpuList;
import org.cachelinebench.coherence.Model;

/**
 * The predicted curve beside each comparison of the scaling profile: the extra transfers per operation of its
 * subject over its reference, traced by the shape that runs its benchmark's workload ({@link Shapes#CSD_MANY} for
 * IpiMany, {@link Shapes#PCPU_SYMMETRIC} for every CPU allocating, {@link Shapes#PCPU_EXECL_READERS} for one
 * allocator and readers), at CPU counts of the caller's choice; each point is the trace that the comparison's own
 * row carries at its CPUs ({@link ScalingScenarios}). A side the shape has no series for (the floor) has no curve
 * rather than a zero one; an A/A control has none either, being 0 by construction.
 */
public final class ScalingCurves {
    private ScalingCurves() {}

    /**
     * A predicted curve.
     *
     * @param shape  the shape traced
     * @param unit   what one operation is, as the shape counts it
     * @param extra  CPUs to the subject's transfers minus the reference's, per operation, in increasing CPUs
     */
    public record Curve(String shape, String unit, Map<Integer, Double> extra) {
        public Curve {
            extra = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(extra));
        }
    }

    /**
     * The curve of {@code subject} against {@code reference} in the scaling {@code workload} (a
     * {@link ScalingSets#WORKLOADS} prefix) at those of {@code cpus} the shape traces; null when no shape predicts
     * that pair.
     */
    public static Curve of(String workload, String subject, String reference, List<Integer> cpus, Model model) {
        Shape shape = shape(workload);
        String s = series(workload, subject);
        String r = series(workload, reference);
        if (shape == null || s == null || r == null || subject.endsWith(ScalingSets.AGAIN)) {
            return null;
        }
        Map<Integer, Double> extra = new LinkedHashMap<>();
        for (int n : cpus) {
            if (n >= shape.minCpus() && n <= shape.maxCpus() && (shape != Shapes.CSD_MANY || n % 2 == 0)) {
                extra.put(n, shape.transfers(s, n, model) - shape.transfers(r, n, model));
            }
        }
        return new Curve(shape.name(), shape.unit(), extra);
    }

    /** A list of CPU counts as {@code --cpus} takes it: {@code 2,4,8} or {@code 2,4,...,64}. */
    public static List<Integer> cpus(String text) {
        return CpuList.parse(text);
    }

    private static Shape shape(String workload) {
        return switch (workload) {
            case ScalingSets.IPI -> Shapes.CSD_MANY;
            case ScalingSets.EXECL_SET -> Shapes.PCPU_SYMMETRIC;
            case ScalingSets.READERS -> Shapes.PCPU_EXECL_READERS;
            default -> null;
        };
    }

    /** The shape's series for a scaling side, or null. */
    private static String series(String workload, String side) {
        if (workload.equals(ScalingSets.IPI)) {
            return switch (side) {
                case ScalingSets.LINE_ALIGNED -> CsdManyShape.LINE_ALIGNED;
                case ScalingSets.SIZE_ALIGNED -> CsdManyShape.SIZE_ALIGNED;
                case ScalingSets.STRADDLED -> CsdManyShape.STRADDLED;
                default -> null;
            };
        }
        return side.equals(ScalingSets.OLD) || side.equals(ScalingSets.MERGED) ? side : null;
    }
}
