package org.cachelinebench.harness.ipi;

import org.cachelinebench.harness.pin.Pin;
import org.cachelinebench.model.ipi.CsdLayout;
import org.cachelinebench.model.ipi.CsdPlacement;
import org.cachelinebench.model.ipi.FuncWork;
import org.cachelinebench.model.ipi.IpiMode;
import org.cachelinebench.model.ipi.IpiProtocol;

/**
 * The {@code @Param} values the IPI benchmarks share, checked in one place so that {@code checkParam} (run by the
 * suite's Main before any fork) gives every benchmark the same message for the same parameter.
 */
public final class IpiParams {
    private IpiParams() {}

    /** Throws IllegalArgumentException naming the problem when {@code value} is not a valid {@code name}; other names pass. */
    public static void check(String name, String value) {
        switch (name) {
            case CsdPlacement.PARAM -> CsdPlacement.parse(value);
            case IpiMode.PARAM -> IpiMode.parse(value);
            case CsdLayout.PARAM -> CsdLayout.parse(value);
            case IpiProtocol.PARAM -> IpiProtocol.parse(value);
            case FuncWork.PARAM -> FuncWork.parse(value);
            case Pin.PARAM -> Pin.check(value);
            case Pin.CPUS_PARAM -> Pin.checkCpus(value);
            default -> {
                // not an IPI parameter: the benchmark's own, or refused by Main
            }
        }
    }
}
