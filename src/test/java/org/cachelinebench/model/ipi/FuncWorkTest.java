package org.cachelinebench.model.ipi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;

import org.junit.jupiter.api.Test;

/** {@code work}: the C program's chain, step for step, and its parameter's bounds. */
class FuncWorkTest {
    static final Path C_SOURCE = Paths.get(System.getProperty("user.dir")).resolve("benchmarks/c/interleaved.c");

    @Test
    void theChainIsTheCProgramsMultiplyAddRepeated() {
        long x = 0x0123456789ABCDEFL;
        assertEquals(x, FuncWork.chain(x, 0));
        assertEquals(x * FuncWork.MULTIPLIER + FuncWork.INCREMENT, FuncWork.chain(x, 1));
        long stepwise = x;
        for (int i = 0; i < 100; i++) {
            stepwise = stepwise * FuncWork.MULTIPLIER + FuncWork.INCREMENT;
        }
        assertEquals(stepwise, FuncWork.chain(x, 100));
    }

    /** The same constants, in the same statement, as benchmarks/c/interleaved.c's work_chain. */
    @Test
    void theConstantsAreTheCPrograms() throws IOException {
        String c = Files.readString(C_SOURCE);
        String step = String.format(Locale.ROOT, "x = x * 0x%XULL + 0x%XULL;", FuncWork.MULTIPLIER, FuncWork.INCREMENT);
        assertTrue(c.contains(step), "work_chain in " + C_SOURCE + " is not: " + step);
        assertTrue(c.contains("#define MAX_WORK " + FuncWork.MAX + "L"), "MAX_WORK");
    }

    @Test
    void theParameterTakesWholeNumbersUpToTheCProgramsMaximum() {
        assertEquals(0, FuncWork.parse("0"));
        assertEquals(100, FuncWork.parse(" 100 "));
        assertEquals(FuncWork.MAX, FuncWork.parse(Long.toString(FuncWork.MAX)));
        for (String bad : new String[] {"-1", "1000000001", "lots", "1.5", ""}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FuncWork.parse(bad));
            assertEquals("work must be a whole number in 0..1000000000, not '" + bad + "'", e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
        }
    }

    /** func(info)'s work goes to the receiver's log, and only there; its result is the chain from func's result. */
    @Test
    void theReceiverSumsTheChainFromFuncsResult() {
        ReceiverLog log = new ReceiverLog(7);
        log.call(CsdFunctions.pick(0), 0);
        log.call(CsdFunctions.pick(1), 1);
        long expected = FuncWork.chain(CsdFunctions.call(CsdFunctions.pick(0), 0), 7)
                + FuncWork.chain(CsdFunctions.call(CsdFunctions.pick(1), 1), 7);
        assertEquals(expected, log.workResult);
        assertEquals(CsdFunctions.call(CsdFunctions.pick(0), 0) + CsdFunctions.call(CsdFunctions.pick(1), 1), log.checksum);
        ReceiverLog none = new ReceiverLog();
        none.call(CsdFunctions.pick(0), 0);
        assertEquals(0, none.workResult, "no work, no chain");
        assertThrows(IllegalArgumentException.class, () -> new ReceiverLog(-1));
    }
}
