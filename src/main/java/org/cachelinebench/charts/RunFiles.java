package org.cachelinebench.charts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.cachelinebench.runner.Metadata;
import org.cachelinebench.runner.ResultStore;
import org.cachelinebench.runner.Summary;

/**
 * A saved run's two files, {@code summary.json} and {@code metadata.json}, read together: a report needs both, and a
 * folder holding only one is no run.
 */
record RunFiles(Summary summary, Metadata metadata) {
    /** True when {@code dir} holds both files. */
    static boolean in(Path dir) {
        return Files.isRegularFile(dir.resolve(ResultStore.SUMMARY_JSON))
                && Files.isRegularFile(dir.resolve(ResultStore.METADATA));
    }

    /** The run in {@code dir}; one line naming what is missing and {@code howToMakeOne} when it is not there. */
    static RunFiles read(Path dir, String howToMakeOne) throws IOException {
        if (!in(dir)) {
            throw new IllegalArgumentException("no run in " + dir + " (needs " + ResultStore.SUMMARY_JSON + " and "
                    + ResultStore.METADATA + "; " + howToMakeOne + ")");
        }
        return new RunFiles(Summary.read(dir.resolve(ResultStore.SUMMARY_JSON)),
                Metadata.read(dir.resolve(ResultStore.METADATA)));
    }
}
