package org.cachelinebench.coherence.scenario;

import java.util.List;
import org.cachelinebench.coherence.Model;

/**
 * A workload traced at any CPU count, for a predicted curve: its series (the layouts compared), the unit and role
 * its transfers are counted in, and its trace at {@code cpus} CPUs. A new many-CPU model joins the curves by
 * implementing this: build its memory from {@code model.trace(cpus).memory(...)} (the model's code written
 * against {@code model.layout.Memory}), run one body per CPU with
 * {@link org.cachelinebench.coherence.Trace#run}, and return the
 * {@link org.cachelinebench.coherence.Traced} of its operations.
 */
public interface Shape {
    /** The name {@code --curve} takes, e.g. "pcpu-readers". */
    String name();

    /** One line: what runs on the CPUs. */
    String title();

    /** What one operation is, e.g. "per allocator step". */
    String unit();

    /** The series, e.g. the layouts, in the order a chart draws them. */
    List<String> series();

    /** The smallest CPU count the shape runs with. */
    int minCpus();

    /** The largest CPU count the shape traces in reasonable time; larger counts are left out of its curve. */
    int maxCpus();

    /** The transfers per operation of {@code series} at {@code cpus} CPUs. */
    double transfers(String series, int cpus, Model model);
}
