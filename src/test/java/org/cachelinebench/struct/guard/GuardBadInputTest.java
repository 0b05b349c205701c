package org.cachelinebench.struct.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Bad input to --guard: one line on stderr, nothing on stdout, exit status 2. */
class GuardBadInputTest {
    static void bad(String expected, String... args) {
        GuardRun r = GuardRun.of(args);
        assertEquals(2, r.status(), r.out() + r.err());
        assertEquals("", r.out());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith(expected), r.err());
    }

    static final String SPSC = "benchmarks/examples/spsc.h";
    static final String ROLES = "benchmarks/examples/spsc.roles";

    @Test
    void eachBadInputIsOneLine() {
        bad("struct: --guard needs --roles", SPSC, "--guard", "c");
        bad("struct: --guard must be c, kernel or junit, not 'rust'", SPSC, "--roles", ROLES, "--guard", "rust");
        bad("struct: --guard-for must be original or suggested, not 'both'", SPSC, "--roles", ROLES, "--guard", "c",
                "--guard-for", "both");
        bad("struct: --guard-for goes with --guard", SPSC, "--roles", ROLES, "--guard-for", "original");
        bad("struct: --guard prints the guard alone: drop --measure", SPSC, "--roles", ROLES, "--guard", "c", "--measure");
        bad("struct: --guard junit writes a test of a Java class", SPSC, "--roles", ROLES, "--guard", "junit");
    }

    @Test
    void aCFormOfAJavaClassIsRefused(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path roles = dir.resolve("chunk.roles");
        java.nio.file.Files.writeString(roles, "allocator writes freeBytes\nreader reads baseAddr\n");
        bad("struct: --guard c writes C asserts; for a Java class, --guard junit", "--class",
                "org.cachelinebench.model.percpu.PaddedPcpuChunk", "--roles", roles.toString(), "--guard", "c");
    }

    @Test
    void rolesThatAskForNothingNeedNoAssertion(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        // One role: nothing it touches moves between threads.
        java.nio.file.Path roles = dir.resolve("producer.roles");
        java.nio.file.Files.writeString(roles, "producer writes head tail_cache\nproducer reads tail mask slots\n");
        bad("struct: no assertion needed: ", SPSC, "--roles", roles.toString(), "--guard", "c");
        // Two roles that only read: no line moves.
        java.nio.file.Files.writeString(roles, "a reads head tail\nb reads head tail mask\n");
        bad("struct: no assertion needed: ", SPSC, "--roles", roles.toString(), "--guard", "kernel");
    }

    @Test
    void aLayoutThatKeepsNothingHasNothingToGuard() {
        bad("struct: nothing to guard: the original layout of struct spsc_ring keeps none of what the roles need (12 pairs in different lines, 0 kept in one line)",
                SPSC, "--roles", ROLES, "--guard", "kernel", "--guard-for", "original");
        // Per-thread counters in one array: no order of members separates the elements.
        bad("struct: nothing to guard: the suggested layout of struct counters keeps none of what the roles need",
                GuardCases.CLASSIC.resolve("counters.h").toString(), "--roles",
                GuardCases.CLASSIC.resolve("counters.roles").toString(), "--guard", "c");
    }
}
