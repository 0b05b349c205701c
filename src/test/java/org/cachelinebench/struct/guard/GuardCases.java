package org.cachelinebench.struct.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.cachelinebench.struct.analysis.FieldIndex;
import org.cachelinebench.struct.analysis.Roles;
import org.cachelinebench.struct.analysis.StartPlacement;
import org.cachelinebench.struct.analysis.Suggester;
import org.cachelinebench.struct.c.CHeader;
import org.cachelinebench.struct.c.Struct;

/**
 * The struct tool's own C cases, each with its guard emitted by the command and the C text gcc compiles
 * it against: the header as declared, and the header with the struct replaced by the suggestion.
 */
final class GuardCases {
    private GuardCases() {}

    static final Path STRUCT = Path.of("src/test/resources/org/cachelinebench/struct");
    static final Path CLASSIC = STRUCT.resolve("classic");
    static final Path EXAMPLES = Path.of("benchmarks/examples");
    static final Path KERNEL = Path.of("src/test/resources/org/cachelinebench/model/percpu/kernel");

    /** A header and roles; {@code target} is the layout the guard is for. */
    record Case(String name, Path header, String struct, List<String> defines, Path roles, String target) {
        List<String> args(String form) {
            List<String> a = new ArrayList<>(List.of(header.toString()));
            if (struct != null) {
                a.add(struct);
            }
            defines.forEach(d -> a.addAll(List.of("-D", d)));
            a.addAll(List.of("--roles", roles.toString(), "--guard", form, "--guard-for", target));
            return a;
        }

        /** The guard the command prints; it must exit 0. */
        String guard(String form) {
            GuardRun r = GuardRun.of(args(form).toArray(String[]::new));
            assertEquals(0, r.status(), name + ": " + r.err());
            return r.out();
        }

        CHeader read() throws Exception {
            return CHeader.read(header, header.toString(), defines);
        }

        Struct original() throws Exception {
            return read().find(struct);
        }

        Roles roles(Struct s) throws Exception {
            return Roles.read(roles, roles.toString(), FieldIndex.of(s.layout()), s.name());
        }

        /** The suggestion's struct, parsed back (the original where it is unchanged). */
        Suggester.Result suggestion() throws Exception {
            CHeader h = read();
            Struct s = h.find(struct);
            return Suggester.suggest(h, s, roles(s), 64, StartPlacement.LINE);
        }

        /** The header as gcc reads it: the kernel includes the tool skips left out. */
        String text() throws IOException {
            return Files.readString(header, StandardCharsets.UTF_8).replaceAll("(?m)^#include <linux/.*$", "");
        }

        /** The header with the struct's definition replaced by the suggestion's text. */
        String suggestedText() throws Exception {
            String text = text();
            String declared = original().decl().text();
            String suggested = suggestion().text().strip();
            suggested = suggested.substring(0, suggested.length() - 1);       // its ';' follows in the header
            if (!text.contains(declared)) {
                throw new IllegalStateException(name + ": the header does not hold its struct's text verbatim");
            }
            return text.replace(declared, suggested);
        }
    }

    /** struct pcpu_chunk as mm/percpu-internal.h had it in {@code version}, with the types it uses. */
    static Path pcpuHeader(Path dir, String version) throws IOException {
        Path h = dir.resolve("pcpu_chunk-" + version + ".h");
        Files.writeString(h, "struct list_head {\n\tstruct list_head *next, *prev;\n};\nstruct obj_cgroup;\n\n"
                + Files.readString(KERNEL.resolve("percpu-internal-" + version + ".h"), StandardCharsets.UTF_8),
                StandardCharsets.UTF_8);
        return h;
    }

    /**
     * The 2023 fix's roles with the allocator's occupancy writes (list and nr_empty_pop_pages at 1/8): what
     * pcpu_chunk.roles says, which PcpuChunkAccessTest checks against the access table.
     */
    static Path pcpuRoles() {
        return STRUCT.resolve("pcpu_chunk.roles");
    }

    /** The cases whose suggestion keeps what their roles need, the guard for the suggestion. */
    static List<Case> suggested() {
        List<Case> out = new ArrayList<>();
        out.add(new Case("spsc", EXAMPLES.resolve("spsc.h"), null, List.of(), EXAMPLES.resolve("spsc.roles"), "suggested"));
        out.add(new Case("conn", EXAMPLES.resolve("conn.h"), null, List.of(), EXAMPLES.resolve("conn.roles"), "suggested"));
        out.add(new Case("pcpu-v6.4-rc4", STRUCT.resolve("pcpu_chunk-v6.4-rc4.h"), "pcpu_chunk", List.of("CONFIG_MEMCG_KMEM"),
                STRUCT.resolve("pcpu_chunk.roles"), "suggested"));
        out.add(new Case("pcpu-v6.4-rc4-hints", STRUCT.resolve("pcpu_chunk-v6.4-rc4.h"), "pcpu_chunk",
                List.of("CONFIG_MEMCG_KMEM"), STRUCT.resolve("pcpu_chunk-hints.roles"), "suggested"));
        // mpsc is not here: no layout moves fewer lines for its four producers, so its suggestion is the original.
        out.add(classic("netq", "netq"));
        out.add(classic("limiter", "limiter-own"));
        out.add(classic("limiter", "limiter-shared"));
        return out;
    }

    static Case classic(String header, String roles) {
        return new Case(roles, CLASSIC.resolve(header + ".h"), null, List.of(), CLASSIC.resolve(roles + ".roles"), "suggested");
    }
}
