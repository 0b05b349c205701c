package org.cachelinebench.struct.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.cachelinebench.model.percpu.ContendedPcpuChunk;
import org.cachelinebench.model.percpu.PaddedPcpuChunk;
import org.cachelinebench.model.percpu.UnpaddedPcpuChunk;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --guard junit}, compiled here and run: the guard of each classic class's suggestion passes on the
 * suggested padding classes (compiled with it) and fails on the unpadded class, naming a pair; the guard
 * of the Java pcpu_chunk passes on the padded and the {@code @Contended} class (the test JVMs run with
 * -XX:-RestrictContended) and fails on the unpadded one. Tagged layout: .ci/run runs it again with
 * uncompressed oops and with compact object headers.
 */
@Tag("layout")
class JUnitGuardTest {
    static final String CLASSIC = "org.cachelinebench.struct.ClassicClasses$";

    @TempDir
    Path dir;

    /** The emitted test's class, compiled from {@code sources} (file name to text) on the test class path. */
    Class<?> compile(String testClass, List<String[]> sources) throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        Path src = Files.createDirectories(dir.resolve("src")), out = Files.createDirectories(dir.resolve("classes"));
        List<java.io.File> files = new ArrayList<>();
        for (String[] s : sources) {
            Path f = src.resolve(s[0]);
            Files.writeString(f, s[1], StandardCharsets.UTF_8);
            files.add(f.toFile());
        }
        StringWriter log = new StringWriter();
        boolean ok = javac.getTask(log, null, null, List.of("-d", out.toString(), "-proc:none", "-cp",
                System.getProperty("java.class.path")), null,
                javac.getStandardFileManager(null, null, StandardCharsets.UTF_8).getJavaFileObjects(files.toArray(java.io.File[]::new)))
                .call();
        assertTrue(ok, log.toString());
        URLClassLoader loader = new URLClassLoader(new URL[] {out.toUri().toURL()}, getClass().getClassLoader());
        return Class.forName(testClass, true, loader);
    }

    /** Runs the emitted @Test method, which checks the class it was written for. */
    static void runTest(Class<?> test) throws Exception {
        var c = test.getDeclaredConstructor();
        c.setAccessible(true);
        Method m = test.getDeclaredMethod("rolesKeepTheirLines");
        m.setAccessible(true);
        m.invoke(c.newInstance());
    }

    /** The emitted {@code check(Class)}: public in a package-private class. */
    static Method checkMethod(Class<?> test) throws Exception {
        Method check = test.getDeclaredMethod("check", Class.class);
        check.setAccessible(true);
        return check;
    }

    /** The failure of the emitted check on {@code type}. */
    static String failure(Class<?> test, Class<?> type) throws Exception {
        Method check = checkMethod(test);
        InvocationTargetException e = assertThrows(InvocationTargetException.class, () -> check.invoke(null, type),
                type.getName() + " passed the guard");
        assertInstanceOf(AssertionError.class, e.getCause()); // JUnit's assertion failures are AssertionErrors
        return e.getCause().getMessage();
    }

    static void check(Class<?> test, Class<?> type) throws Exception {
        checkMethod(test).invoke(null, type);
    }

    Path roles(String text) throws Exception {
        Path f = Files.createTempFile(dir, "roles", ".roles");
        Files.writeString(f, text, StandardCharsets.UTF_8);
        return f;
    }

    /** Emits the guard of a classic class's suggestion, compiles it with the suggested padding classes, runs both ways. */
    void classic(String simple, String rolesText, String failingPair) throws Exception {
        String roles = roles(rolesText).toString();
        GuardRun guard = GuardRun.of("--class", CLASSIC + simple, "--roles", roles, "--guard", "junit");
        assertEquals(0, guard.status(), guard.err());
        GuardRun report = GuardRun.of("--class", CLASSIC + simple, "--roles", roles);
        String text = report.out();
        int from = text.indexOf("// padding classes"), to = text.indexOf("// or, with @Contended");
        assertTrue(from >= 0 && to > from, text);
        String padded = text.substring(text.indexOf('\n', from) + 1, to);
        String suggested = "ClassicClasses_" + simple;
        Class<?> test = compile("org.cachelinebench.struct." + suggested + "LayoutGuardTest", List.of(
                new String[] {suggested + ".java", "package org.cachelinebench.struct;\n" + padded},
                new String[] {"Guard.java", guard.out()}));
        runTest(test);
        String message = failure(test, Class.forName(CLASSIC + simple));
        assertTrue(message.contains(failingPair) && message.contains("must not share a 64-byte line"), message);
    }

    @Test
    void classicSuggestionsPassAndTheUnpaddedClassesFail() throws Exception {
        classic("SpscRing", String.join("\n", "producer writes head tailCache", "producer reads tail 1/64",
                "producer reads mask slots", "consumer writes tail headCache", "consumer reads head 1/64",
                "consumer reads mask slots", ""), "(written by producer) and ");
        classic("MpscQueue", String.join("\n", "producer threads 4", "producer writes tail headCache",
                "producer reads head 1/64", "producer reads mask slots", "consumer writes head", "consumer reads tail",
                "consumer reads mask slots", ""), "(written by ");
        classic("NetqStats", String.join("\n", "rx writes rxPackets rxBytes rxDropped", "rx reads dev mtu",
                "tx writes txPackets txBytes txDropped", "tx reads dev mtu",
                "stats reads rxPackets rxBytes rxDropped txPackets txBytes txDropped 1/1000", ""), "(written by rx) and ");
        classic("Limiter", String.join("\n", "counter writes hits", "counter reads limit shift", "dropper writes drops", ""),
                "hits (written by counter) and drops (written by dropper)");
        classic("Limiter", String.join("\n", "counter writes hits", "counter reads limit shift", "dropper writes drops",
                "dropper reads limit shift", ""), "(written by ");
        classic("Counters", String.join("\n", "t0 writes count0", "t1 writes count1", "t2 writes count2", "t3 writes count3",
                "summer reads count0 count1 count2 count3 1/1000", ""), "count0 (written by t0) and count1 (written by t1)");
    }

    @Test
    void javaPcpuChunkGuardPassesPaddedAndContendedAndFailsUnpadded() throws Exception {
        String roles = roles(String.join("\n", "allocator writes freeBytes chunkMdScanHint chunkMdScanHintStart",
                "allocator writes chunkMdContigHint chunkMdContigHintStart chunkMdLeftFree chunkMdRightFree",
                "allocator writes chunkMdFirstFree chunkMdNrBits", "reader reads baseAddr", "")).toString();
        GuardRun guard = GuardRun.of("--class", PaddedPcpuChunk.class.getName(), "--roles", roles, "--guard", "junit",
                "--guard-for", "original");
        assertEquals(0, guard.status(), guard.err());
        Class<?> test = compile("org.cachelinebench.model.percpu.PaddedPcpuChunkLayoutGuardTest",
                List.<String[]>of(new String[] {"Guard.java", guard.out()}));
        runTest(test);
        check(test, ContendedPcpuChunk.class);
        String message = failure(test, UnpaddedPcpuChunk.class);
        assertTrue(message.contains("(written by allocator) and baseAddr (read by reader) must not share a 64-byte line"), message);
        GuardRun unpadded = GuardRun.of("--class", UnpaddedPcpuChunk.class.getName(), "--roles", roles, "--guard", "junit",
                "--guard-for", "original");
        assertEquals(2, unpadded.status(), unpadded.out());
        assertTrue(unpadded.err().startsWith("struct: nothing to guard: the original layout of "), unpadded.err());
    }
}
