package org.cachelinebench.struct.guard;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.cachelinebench.struct.StructTool;

/** One run of benchmarks/struct's command in this JVM: its exit status, stdout and stderr. */
record GuardRun(int status, String out, String err) {
    static GuardRun of(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int status = StructTool.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), null);
        return new GuardRun(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
