package org.cachelinebench.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;

import org.cachelinebench.harness.ParamHook;
import org.cachelinebench.model.percpu.KernelConfig;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;

/** Every @Param value the benchmarks declare passes their checkParam; bad ones fail, naming the value. */
class PercpuParamsTest {
    private static final List<Class<?>> BENCHMARKS =
            List.of(ChunkFalseSharing.class, ChunkSymmetric.class, ChunkObjectFalseSharing.class);

    @Test
    void everyDeclaredValuePassesAndEveryAdvertisedConfigToo() throws Exception {
        for (Class<?> b : BENCHMARKS) {
            Method check = b.getMethod("checkParam", String.class, String.class);
            assertTrue(Modifier.isStatic(check.getModifiers()), b + " checkParam is static");
            for (Field f : b.getFields()) {
                Param p = f.getAnnotation(Param.class);
                if (p == null) {
                    continue;
                }
                for (String v : p.value()) {
                    assertEquals(null, ParamHook.problem(b.getName(), f.getName(), v), b.getSimpleName() + " "
                            + f.getName() + "=" + v);
                }
                // A hook that accepted anything would pass the loop above: it must refuse what no default is.
                String problem = ParamHook.problem(b.getName(), f.getName(), "no-such-value");
                assertTrue(problem != null && problem.contains("'no-such-value'"),
                        b.getSimpleName() + " " + f.getName() + "=no-such-value: " + problem);
            }
            // A name the class does not declare is left to the caller: benchmarks.jar refuses a -p that no
            // selected benchmark declares (PercpuBenchmarksIT).
        }
        for (KernelConfig c : KernelConfig.values()) {
            for (Class<?> b : List.of(ChunkFalseSharing.class, ChunkSymmetric.class)) {
                assertEquals(null, ParamHook.problem(b.getName(), "config", c.label()), b.getSimpleName() + " " + c);
            }
        }
    }

    @Test
    void badValuesAreNamed() {
        for (String bad : List.of("v7", "", "V6.4-RC4")) {
            for (Class<?> b : BENCHMARKS) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> invoke(b.getMethod("checkParam", String.class, String.class), "layout", bad));
                assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
            }
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ChunkSymmetric.checkParam("config", "+lockdep"));
        assertTrue(e.getMessage().contains("'+lockdep'"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ChunkObjectFalseSharing.checkParam("layout", "v6.5-merged"));
        assertEquals("layout must be 'v6.4-rc4', 'v2-reorder', 'v6.5-merged', 'save-memory', 'save-memory-hole' or"
                        + " 'running-kernel', not 'v7'",
                assertThrows(IllegalArgumentException.class, () -> ChunkFalseSharing.checkParam("layout", "v7")).getMessage());
    }

    /** An occupancy is 1 to the areas a block holds; anything else is one line naming the value. */
    @Test
    void impossibleOccupanciesAreNamed() {
        for (String good : List.of("1", "8", "64", "512", "1024")) {
            ChunkInterleaved.checkParam("live", good);
            ChunkFalseSharing.checkParam("live", good);
            ChunkObjectInterleaved.checkParam("live", good);
            ChunkObjectFalseSharing.checkParam("live", good);
        }
        for (String bad : List.of("0", "-1", "1025", "eight", "")) {
            for (java.util.function.BiConsumer<String, String> check : List.<java.util.function.BiConsumer<String, String>>of(
                    ChunkInterleaved::checkParam, ChunkObjectInterleaved::checkParam, ChunkObjectFalseSharing::checkParam)) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> check.accept("live", bad));
                assertEquals("live must be an occupancy from 1 to 1024 (areas a block holds), not '" + bad + "'",
                        e.getMessage());
            }
        }
    }

    @Test
    void setUpRejectsWhatCheckParamRejects() {
        ChunkFalseSharing b = new ChunkFalseSharing();
        b.layout = "v7";
        b.config = "default";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::setUp);
        assertTrue(e.getMessage().contains("'v7'"), e.getMessage());
    }

    private static void invoke(Method m, String name, String value) throws Exception {
        try {
            m.invoke(null, name, value);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof Exception) {
                throw (Exception) e.getCause();
            }
            throw e;
        }
    }
}
