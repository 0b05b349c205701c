package org.cachelinebench.coherence.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;

import org.junit.jupiter.api.Test;

/** {@code --execl-rate}: a row per process count; bad input one line and exit 2; the nearest measured live. */
class ExeclRateTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return Predict.run(new PrintStream(out, true), new PrintStream(err, true), args);
    }

    @Test
    void printsARowPerProcessCount() {
        assertEquals(0, run("--execl-rate", "--processes", "1,8", "--execs", "100"));
        String[] lines = out.toString().split("\n");
        assertEquals(4, lines.length, out.toString());
        assertTrue(lines[2].trim().startsWith("1 ") && lines[2].contains(" 400 "), lines[2]);
    }

    @Test
    void badInputIsOneLineAndExitTwo() {
        for (String[] args : new String[][] {{"--execl-rate"}, {"--execl-rate", "--processes", "8,x"},
                {"--execl-rate", "--processes", "8", "--seed", "s"}, {"--execl-rate", "--processes", "5000"}}) {
            err.reset();
            assertEquals(2, run(args), String.join(" ", args));
            assertEquals(1, err.toString().strip().split("\n").length, err.toString());
        }
    }

    @Test
    void theNearestLiveIsTheMeasuredOccupancyOfTheNearestRate() {
        assertEquals("1", ExeclRate.nearestLive(1.0));
        assertEquals("8", ExeclRate.nearestLive(0.1));
        assertEquals("64", ExeclRate.nearestLive(1.0 / 60));
        assertEquals("512 or sparser", ExeclRate.nearestLive(0));
    }
}
