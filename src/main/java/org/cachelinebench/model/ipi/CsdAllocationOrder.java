package org.cachelinebench.model.ipi;

import org.cachelinebench.model.layout.EnumParam;

/**
 * The {@code placement} parameter: where the senders' {@code cfd->csd} areas lie relative to one another in every
 * CPU's per-cpu unit. An assumption, not a fact the suite can read: the per-cpu allocator places each
 * {@code alloc_percpu(call_single_data_t)} first-fit, at the same offset of every unit, so neighbours depend on
 * what was allocated and freed before.
 * <ul>
 *   <li>{@code adjacent}: every sender's area right after the previous sender's, as if their
 *       {@code smpcfd_prepare_cpu()} calls came one after another with no hole to fill: sender s at
 *       {@code start + s * stride} of its target's csd lines.</li>
 *   <li>{@code boot-apart}: the boot CPU (sender 0) apart, alone at {@code start} of a line of its own after the
 *       others, and senders 1.. adjacent from {@code start}. The boot CPU's {@code cfd->csd} comes from
 *       {@code call_function_init()} in {@code start_kernel()}, many allocations before the other CPUs'
 *       {@code CPUHP_SMPCFD_PREPARE}, so its neighbours are unrelated allocations (the model leaves them unused).</li>
 * </ul>
 */
public enum CsdAllocationOrder {
    ADJACENT("adjacent"),
    BOOT_APART("boot-apart");

    public static final String PARAM = "placement";

    private final String value;

    CsdAllocationOrder(String value) {
        this.value = value;
    }

    public String value() { return value; }

    public static CsdAllocationOrder parse(String value) {
        return EnumParam.parse(PARAM, values(), CsdAllocationOrder::value, value);
    }
}
