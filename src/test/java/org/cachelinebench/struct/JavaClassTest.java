package org.cachelinebench.struct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cachelinebench.struct.report.Report;
import org.cachelinebench.struct.report.ReportPrinter;

/**
 * {@code --class}: the suite's unpadded Java pcpu_chunk, read with JOL on this JVM. Its readers share
 * a line with the allocator's fields at some start (asserted as a relation, never an offset: the JVM
 * decides the order); the suggested padding classes, compiled and laid out here, share none at any.
 */
class JavaClassTest {
    static final String ROLES = String.join("\n",
            "allocator writes freeBytes chunkMdScanHint chunkMdScanHintStart chunkMdContigHint",
            "allocator writes chunkMdContigHintStart chunkMdLeftFree chunkMdRightFree chunkMdFirstFree",
            "reader reads baseAddr", "");

    @Test
    void unpaddedChunkSharesALineAndThePaddingClassesDoNot(@TempDir Path dir) throws Exception {
        Path roles = dir.resolve("chunk.roles");
        Files.writeString(roles, ROLES, StandardCharsets.UTF_8);
        StructOptions o = StructOptions.parse(new String[] {"--class", "org.cachelinebench.model.percpu.UnpaddedPcpuChunk",
            "--roles", roles.toString()});
        Report r = StructTool.analyseJava(o);
        assertEquals("Java", r.language());
        assertEquals(8, r.original().starts().size(), "a Java object may start at any 8-byte boundary of a line");
        assertFalse(r.original().hazards().falseSharing().isEmpty());
        assertTrue(r.suggestion().changed());
        Report.View v = r.suggestion().view();
        assertNotNull(v, "this JDK has a compiler: the suggestion must have been laid out here; notes: " + r.suggestion().notes());
        assertTrue(v.hazards().falseSharing().isEmpty(), ReportPrinter.print(r));
        // The model agrees: the reader's line moves at some start of the original, at none of the suggestion's.
        assertTrue(r.original().predicted().perOperation().get("reader") > 0, ReportPrinter.print(r));
        assertEquals(0.0, v.predicted().perOperation().get("reader"), 1e-9, ReportPrinter.print(r));
        String text = r.suggestion().text();
        assertTrue(text.contains("extends UnpaddedPcpuChunkPad1"), text);
        assertTrue(text.contains("@jdk.internal.vm.annotation.Contended(\"g0\") int freeBytes;"), text);
        // Every field of the original is in the suggestion once.
        assertEquals(r.original().fields().fields().size(), v.fields().fields().stream()
                .filter(f -> !f.path().matches("p\\d+_\\d{3}")).count());
    }

    @Test
    void aClassWithoutRolesHasNothingToSeparate() throws Exception {
        StructOptions o = StructOptions.parse(new String[] {"--class", "org.cachelinebench.model.percpu.PaddedPcpuChunk"});
        Report r = StructTool.analyseJava(o);
        assertTrue(r.original().hazards().falseSharing().isEmpty());
        assertFalse(r.suggestion().changed());
        assertTrue(ReportPrinter.print(r).startsWith("/* class org.cachelinebench.model.percpu.PaddedPcpuChunk"));
    }
}
