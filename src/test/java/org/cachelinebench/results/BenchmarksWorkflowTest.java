package org.cachelinebench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.cachelinebench.results.BenchmarkActionJson.Better;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * .github/workflows/benchmarks.yml parses as YAML and has the steps its comments promise, in order: check out,
 * JDKs 17 and 25, the test gate, the benchmark gate (failing on every exit but 0, unless warn-only is asked for), results/latest kept as an artifact even on failure, and on pushes to
 * main the history of the files {@link BenchmarkActionJson} writes, each with the tool that reads it.
 */
class BenchmarksWorkflowTest {
    static final Path WORKFLOW = Path.of(".github/workflows/benchmarks.yml");

    @Test
    void triggersOnPushToMainPullRequestsAndByHand() throws Exception {
        Map<String, Object> on = map(workflow(), "on");
        assertEquals(List.of("main"), map(on, "push").get("branches"));
        assertTrue(on.containsKey("pull_request"));
        assertTrue(on.containsKey("workflow_dispatch"));
    }

    @Test
    void stepsBuildTestGateKeepAndChartInThatOrder() throws Exception {
        Map<String, Object> job = map(map(workflow(), "jobs"), "gate");
        assertEquals("write", map(job, "permissions").get("contents"), "the history steps push to gh-pages");
        List<Map<String, Object>> steps = steps(job);
        List<String> order = new ArrayList<>();

        Map<String, Object> checkout = step(steps, s -> uses(s).startsWith("actions/checkout@"));
        order.add("checkout");
        Map<String, Object> java = step(steps, s -> uses(s).startsWith("actions/setup-java@"));
        assertEquals("temurin", map(java, "with").get("distribution"));
        assertEquals(List.of("17", "25"), String.valueOf(map(java, "with").get("java-version")).lines().toList(),
                "17 for the gate, 25 for the tests that need continuations");
        assertEquals("maven", map(java, "with").get("cache"));
        Map<String, Object> verify = step(steps, s -> run(s).equals("mvn -B verify"));
        Map<String, Object> gate = step(steps, s -> run(s).contains("benchmarks/ci || status=$?"));
        assertFalse(gate.containsKey("continue-on-error"), "the gate's exit code decides the job");
        assertTrue(run(gate).contains("if [ \"$status\" -eq 3 ]; then") && run(gate).contains("::error ")
                && run(gate).endsWith("exit \"$status\""), "every status but 0 fails the job: " + run(gate));
        assertTrue(run(gate).contains("if [ \"$WARN_ONLY\" = \"true\" ]; then") && run(gate).contains("::warning "),
                "no verdict (3) warns only when asked: " + run(gate));
        assertTrue(String.valueOf(map(gate, "env").get("WARN_ONLY")).contains("inputs.warn_only"), gate.toString());
        assertEquals("boolean", map(map(map(map(workflow(), "on"), "workflow_dispatch"), "inputs"), "warn_only")
                .get("type"));
        Map<String, Object> upload = step(steps, s -> uses(s).startsWith("actions/upload-artifact@"));
        assertEquals("results/latest", map(upload, "with").get("path"));
        assertEquals("${{ always() }}", upload.get("if"), "kept when the gate fails too");

        List<Map<String, Object>> history = steps.stream()
                .filter(s -> uses(s).equals("benchmark-action/github-action-benchmark@v1")).toList();
        assertEquals(2, history.size());
        for (Better b : Better.values()) {
            Map<String, Object> h = step(history, s -> b.tool().equals(map(s, "with").get("tool")));
            Map<String, Object> with = map(h, "with");
            assertEquals("results/latest/" + b.file(), with.get("output-file-path"));
            assertEquals("gh-pages", with.get("gh-pages-branch"));
            assertEquals(true, with.get("auto-push"));
            assertEquals(true, with.get("comment-on-alert"));
            assertEquals(false, with.get("fail-on-alert"), "benchmarks/ci decides pass/fail, not the history");
            assertTrue(String.valueOf(with.get("alert-threshold")).matches("\\d+%"), with.toString());
            assertEquals("${{ secrets.GITHUB_TOKEN }}", with.get("github-token"));
            String condition = String.valueOf(h.get("if"));
            assertTrue(condition.contains("github.event_name == 'push'") && condition.contains("refs/heads/main")
                    && condition.contains("hashFiles('results/latest/" + b.file() + "')"), condition);
        }

        List<Integer> at = List.of(steps.indexOf(checkout), steps.indexOf(java), steps.indexOf(verify),
                steps.indexOf(gate), steps.indexOf(upload), steps.indexOf(history.get(0)), steps.indexOf(history.get(1)));
        List<Integer> sorted = new ArrayList<>(at);
        sorted.sort(null);
        assertEquals(sorted, at, "checkout, setup-java, mvn verify, benchmarks/ci, upload, history");
        assertTrue(Files.isExecutable(Path.of("benchmarks/ci")), "the gate step runs benchmarks/ci directly");
    }

    // --- helpers -----------------------------------------------------------------------------------------------

    private static Map<String, Object> workflow() throws Exception {
        // YAML 1.1 (SnakeYAML) reads a bare `on` key as the boolean true; GitHub reads it as "on". Say it as GitHub.
        Object root = new Yaml(new LoaderOptions()).load(Files.readString(WORKFLOW));
        assertTrue(root instanceof Map, WORKFLOW + " is a mapping");
        Map<String, Object> out = new java.util.LinkedHashMap<>();
        ((Map<?, ?>) root).forEach((k, v) -> out.put(Boolean.TRUE.equals(k) ? "on" : String.valueOf(k), v));
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Map<String, Object> parent, String key) {
        Object v = parent.get(key);
        if (v == null && parent.containsKey(key)) {
            return Map.of();   // `pull_request:` with nothing after it
        }
        assertTrue(v instanceof Map, key + " is a mapping in " + parent.keySet());
        return (Map<String, Object>) v;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> steps(Map<String, Object> job) {
        Object v = job.get("steps");
        assertTrue(v instanceof List, "steps is a list");
        return (List<Map<String, Object>>) v;
    }

    private static Map<String, Object> step(List<Map<String, Object>> steps,
                                            java.util.function.Predicate<Map<String, Object>> which) {
        List<Map<String, Object>> found = steps.stream().filter(which).toList();
        assertEquals(1, found.size(), "exactly one such step in " + steps);
        return found.get(0);
    }

    private static String uses(Map<String, Object> step) {
        return String.valueOf(step.getOrDefault("uses", ""));
    }

    private static String run(Map<String, Object> step) {
        return String.valueOf(step.getOrDefault("run", "")).strip();
    }
}
