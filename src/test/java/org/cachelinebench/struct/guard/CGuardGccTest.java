package org.cachelinebench.struct.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.cachelinebench.model.layout.StructLayout;
import org.cachelinebench.struct.analysis.FieldIndex;
import org.cachelinebench.struct.c.CHeader;
import org.cachelinebench.testing.Gcc;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --guard c} on the tool's own cases, compiled: each guard compiles against the layout it is for
 * and fails against the other one, and gcc's failures are exactly the asserts this test's own reading of
 * each condition predicts for that layout, each message naming the struct, the pair and their roles.
 * One gcc call compiles every passing file, one every failing file (and the same with clang where it is
 * installed).
 */
class CGuardGccTest {
    static final Path PRELUDE = GuardCases.STRUCT.resolve("corpus/prelude.h");

    /**
     * A file gcc compiles: the header's text (read with {@code defines}, here at its top, so that one gcc call
     * takes every file) and the guard after it, and the layout the header declares.
     */
    record Unit(String name, List<String> defines, String header, StructLayout layout, String guard) {
        String text(String prelude) {
            StringBuilder sb = new StringBuilder();
            defines.forEach(d -> sb.append("#define ").append(d).append(" 1\n"));
            return sb + prelude + header + "\n" + guard;
        }
    }

    private static final Pattern ASSERT = Pattern.compile("_Static_assert\\((.*?),\\n\\t\"(.*?)\"\\);", Pattern.DOTALL);

    /** The messages of the asserts in {@code guard} that fail on {@code layout}, by this test's reading of each condition. */
    static Set<String> predictedFailures(String guard, StructLayout layout) {
        FieldIndex f = FieldIndex.of(layout);
        Set<String> out = new TreeSet<>();
        Matcher m = ASSERT.matcher(guard);
        while (m.find()) {
            String cond = m.group(1), message = m.group(2).replace("\\\"", "\"");
            String[] a = cond.replaceAll("^\\w+\\(|\\)$", "").split(",\\s*");
            boolean holds;
            if (cond.startsWith("LINE_GUARD_APART(")) {
                FieldIndex.Field x = field(f, a[1]), y = field(f, a[2]);
                holds = Lines.apart(x.start(), x.end(), y.start(), y.end(), Integer.parseInt(a[3]), Integer.parseInt(a[4]));
            } else if (cond.startsWith("LINE_GUARD_WHOLE(")) {
                FieldIndex.Field x = field(f, a[1]);
                holds = Lines.whole(x.start(), x.end(), Integer.parseInt(a[2]));
            } else if (cond.matches("_Alignof\\(.*\\) >= sizeof\\(.*\\)")) {
                holds = layout.align() >= layout.size();
            } else if (cond.matches("_Alignof\\(.*\\) >= \\d+")) {
                holds = layout.align() >= Integer.parseInt(cond.replaceAll(".*>= ", ""));
            } else {
                throw new AssertionError("an assert this test cannot read: " + cond);
            }
            if (!holds) {
                out.add(message);
            }
        }
        assertTrue(guard.contains("_Static_assert"), "no assert in:\n" + guard);
        return out;
    }

    private static FieldIndex.Field field(FieldIndex f, String designator) {
        return f.field(designator.endsWith("[0]") && f.field(designator) == null
                ? designator.substring(0, designator.length() - 3) : designator);
    }

    /** Compiles the units in one call of {@code compiler}; returns the failed asserts' messages per unit, or throws when it must pass. */
    static Map<String, Set<String>> compile(String compiler, String prelude, List<Unit> units, Path dir, boolean mustPass)
            throws Exception {
        List<String> command = new ArrayList<>(List.of(compiler, "-std=gnu11", "-fsyntax-only", "-w"));
        for (Unit u : units) {
            Path file = dir.resolve(u.name() + ".c");
            Files.writeString(file, u.text(prelude), StandardCharsets.UTF_8);
            command.add(file.toString());
        }
        Map<String, Set<String>> failed = new LinkedHashMap<>();
        units.forEach(u -> failed.put(u.name(), new TreeSet<>()));
        if (mustPass) {
            Gcc.run(command, dir);
            return failed;
        }
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Gcc.run(command, dir));
        String output = e.getMessage();
        assertTrue(output.contains(" exited 1:"), output);
        Matcher m = Pattern.compile("(?m)^(?:.*/)?([\\w.-]+)\\.c:\\d+:\\d+: error: static assertion failed: \"(.*)\"$").matcher(output);
        while (m.find()) {
            failed.get(m.group(1)).add(m.group(2).replace("\\\"", "\""));
        }
        return failed;
    }

    static String onPath(String name) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, name))) {
                return Path.of(d, name).toString();
            }
        }
        return null;
    }

    @Test
    void guardsCompileOnTheirLayoutAndFailOnTheOtherNamingThePair(@TempDir Path dir) throws Exception {
        String gcc = Gcc.require();
        String prelude = Files.readString(PRELUDE, StandardCharsets.UTF_8) + "\n";
        List<Unit> passing = new ArrayList<>(), failing = new ArrayList<>();
        for (GuardCases.Case c : GuardCases.suggested()) {
            String guard = c.guard("c");
            passing.add(new Unit("s-" + c.name(), c.defines(), c.suggestedText(), c.suggestion().struct().layout(), guard));
            failing.add(new Unit("o-" + c.name(), c.defines(), c.text(), c.original().layout(), guard));
        }
        // v6.5-merged guarded as it is, and the same guard against v6.4-rc4: what reverting the fix would do.
        Path v65 = GuardCases.pcpuHeader(dir, "v6.5"), v64 = GuardCases.pcpuHeader(dir, "v6.4-rc4");
        GuardCases.Case merged = new GuardCases.Case("pcpu-v6.5", v65, "pcpu_chunk", List.of("CONFIG_MEMCG_KMEM"),
                GuardCases.pcpuRoles(), "original");
        String guard = merged.guard("c");
        passing.add(new Unit("s-pcpu-v6.5", merged.defines(), merged.text(), merged.original().layout(), guard));
        StructLayout reverted = CHeader.read(v64, v64.toString(), merged.defines()).find("pcpu_chunk").layout();
        failing.add(new Unit("o-pcpu-v6.5-reverted", merged.defines(), Files.readString(v64, StandardCharsets.UTF_8), reverted, guard));
        for (Unit s : passing) {
            assertEquals(Set.of(), predictedFailures(s.guard(), s.layout()), s.name() + ": the guard's own layout breaks it");
        }
        List<String> compilers = new ArrayList<>(List.of(gcc));
        if (onPath("clang") != null) {
            compilers.add(onPath("clang"));
        }
        for (String compiler : compilers) {
            compile(compiler, prelude, passing, dir, true);
            Map<String, Set<String>> failed = compile(compiler, prelude, failing, dir, false);
            for (Unit o : failing) {
                Set<String> predicted = predictedFailures(o.guard(), o.layout());
                assertEquals(predicted, failed.get(o.name()), compiler + ", " + o.name());
                assertTrue(predicted.stream().anyMatch(msg -> msg.contains(") and ") && msg.contains("must not share a 64-byte line")),
                        o.name() + ": no pair fails: " + predicted);
            }
        }
        assertFalse(guard.contains("Not asserted"), "v6.5-merged keeps everything the roles need:\n" + guard);
    }
}
