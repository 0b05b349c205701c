package org.cachelinebench;

/**
 * Entry point of {@code target/benchmarks.jar}: JMH's own command line, every option accepted,
 * after a check of this suite's {@code -p} values so that a typo fails at once with one line.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) throws Exception {
        org.openjdk.jmh.Main.main(args);
    }
}
