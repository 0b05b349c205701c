package org.cachelinebench.report.paired;

/**
 * Size in bytes of the csd the offset sweep moves through a line, so the chart can mark the offsets at which
 * it straddles. Null while the IPI model is not part of the build.
 */
final class CsdSize {
    private CsdSize() {}

    static Integer bytes() {
        return null;
    }
}
