package org.cachelinebench.struct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cachelinebench.struct.report.Report;
import org.cachelinebench.testing.Gcc;

/** A type defined inline at one member and used at a later one is defined first in the suggestion too. */
class SuggestedTextCompilesTest {
    @TempDir
    Path dir;

    @Test
    void anInlineDefinitionComesBeforeItsFirstUse() throws Exception {
        Gcc.require();
        String header = "struct d3c {\n\tlong b_hot;\n\tstruct pair17 { long p; long q; } first;\n\tlong a_hot;\n"
                + "\tstruct pair17 second;\n};\n";
        Path h = dir.resolve("d3c.h"), roles = dir.resolve("d3c.roles");
        Files.writeString(h, header, StandardCharsets.UTF_8);
        Files.writeString(roles, "A writes first.p a_hot\nB writes b_hot second.q\n", StandardCharsets.UTF_8);
        Report r = StructTool.analyse(StructOptions.parse(new String[] {h.toString(), "--roles", roles.toString()}));
        String text = r.suggestion().text();
        assertTrue(r.suggestion().changed(), text);
        // second comes first in the suggestion, so the definition moves to it.
        assertTrue(text.indexOf("second") < text.indexOf("first"), text);
        String program = text + "\n#include <stdio.h>\n#include <stddef.h>\nint main(void)\n{\n"
                + "\tprintf(\"0 sizeof %zu\\n\", sizeof(struct d3c));\n"
                + "\tprintf(\"0 first %zu\\n\", offsetof(struct d3c, first));\n\treturn 0;\n}\n";
        Map<String, Long> gcc = StructCorpusGccTest.run(program, dir, List.of());
        assertEquals((long) r.suggestion().view().size(), gcc.get("0 sizeof"));
        assertEquals((long) r.suggestion().view().fields().field("first").start(), gcc.get("0 first"));
    }
}
