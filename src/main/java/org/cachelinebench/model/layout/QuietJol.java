package org.cachelinebench.model.layout;

import java.io.PrintStream;

import org.openjdk.jol.vm.VM;
import org.openjdk.jol.vm.VirtualMachine;

/**
 * JOL's one virtual machine, started with its warnings ("# WARNING: Unable to attach Serviceability Agent") sent to
 * stderr: JOL prints them on stdout the first time it is asked, and stdout is where the tools write their reports, so
 * a warning would become a report's first line. Every use of JOL in the main code goes through {@link #vm()}
 * ({@code QuietJolTest} checks that).
 */
public final class QuietJol {
    private QuietJol() {}

    private static VirtualMachine vm;

    /** JOL's {@code VM.current()}, its first call made with stdout pointing at stderr. */
    public static synchronized VirtualMachine vm() {
        if (vm == null) {
            PrintStream out = System.out;
            System.setOut(System.err);
            try {
                vm = VM.current();
            } finally {
                System.setOut(out);
            }
        }
        return vm;
    }
}
