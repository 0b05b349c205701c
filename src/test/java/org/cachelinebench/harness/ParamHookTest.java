package org.cachelinebench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The two hooks a benchmark class may declare: a refusal is its one line, no hook is no refusal, a bug is not bad input. */
class ParamHookTest {
    public static final class NeedsAWidget {
        public static void checkParam(String name, String value) {
            if (!value.equals("round")) {
                throw new IllegalArgumentException(name + " must be 'round', not '" + value + "'");
            }
        }

        public static void checkMachine() {
            throw new IllegalArgumentException("no widget on this machine");
        }
    }

    public static final class Broken {
        public static void checkMachine() {
            throw new IllegalStateException("a bug");
        }
    }

    @Test
    void aRefusalIsItsOneLine() {
        assertEquals("no widget on this machine", ParamHook.machineProblem(NeedsAWidget.class.getName()));
        assertEquals("shape must be 'round', not 'square'", ParamHook.problem(NeedsAWidget.class.getName(), "shape", "square"));
        assertNull(ParamHook.problem(NeedsAWidget.class.getName(), "shape", "round"));
    }

    @Test
    void noHookRefusesNothing() {
        assertNull(ParamHook.machineProblem(ParamHookTest.class.getName()));
        assertNull(ParamHook.problem(Broken.class.getName(), "shape", "square"));
    }

    @Test
    void anythingButIllegalArgumentIsABug() {
        assertThrows(IllegalStateException.class, () -> ParamHook.machineProblem(Broken.class.getName()));
    }
}
