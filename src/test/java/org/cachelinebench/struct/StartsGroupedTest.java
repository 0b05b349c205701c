package org.cachelinebench.struct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import com.google.gson.JsonArray;
import com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cachelinebench.struct.analysis.Hazards;
import org.cachelinebench.struct.report.Report;
import org.cachelinebench.struct.report.ReportJson;
import org.cachelinebench.struct.report.ReportPrinter;

/**
 * A Java object may start at any 8-aligned byte of a line, so {@code --class} looks at every start: each
 * distinct false-sharing pair is printed once with the starts at which it occurs, and the JSON keeps each
 * start's lines.
 */
class StartsGroupedTest {
    /** Six fields: two counters per direction and two read-mostly settings. */
    static final class Counters {
        long rxPackets;
        long rxBytes;
        long txPackets;
        long txBytes;
        int mtu;
        int flags;
    }

    @TempDir
    Path dir;

    @Test
    void eachHazardOnceWithItsStarts() throws Exception {
        Path roles = dir.resolve("c.roles");
        Files.writeString(roles, "rx writes rxPackets rxBytes\nrx reads mtu\ntx writes txPackets txBytes\ntx reads mtu flags\n",
                StandardCharsets.UTF_8);
        Report r = StructTool.analyseJava(StructOptions.parse(new String[] {"--class", Counters.class.getName(),
            "--roles", roles.toString()}));
        String out = ReportPrinter.print(r);
        String hazards = out.substring(out.indexOf("/* hazards:"), out.indexOf("/* suggested layout */"));
        int starts = r.original().starts().size();
        assertTrue(starts > 1, out);
        // Every start's lines counted: the write-write pair occurs where some rx and tx counter share a line.
        int wwStarts = (int) r.original().hazards().falseSharing().stream()
                .filter(s -> s.pairs().stream().anyMatch(p -> p.kind() == Hazards.Kind.WRITE_WRITE))
                .flatMap(s -> s.starts().stream()).distinct().count();
        assertTrue(wwStarts > 0, out);
        assertTrue(hazards.contains("false sharing, rx/tx write-write: at " + wwStarts + " of " + starts + " starts; "), hazards);
        assertEquals(1, hazards.lines().filter(l -> l.startsWith("false sharing, rx/tx write-write")).count(), hazards);
        assertEquals(0, hazards.lines().filter(l -> l.startsWith("  write-")).count(), hazards);
        // At most one line per kind and ordered pair of roles.
        assertTrue(hazards.lines().filter(l -> l.startsWith("false sharing")).count() <= 3, hazards);
        JsonArray perStart = JsonParser.parseString(ReportJson.toJson(r)).getAsJsonObject().getAsJsonObject("original")
                .getAsJsonObject("hazards").getAsJsonArray("falseSharing");
        assertEquals(r.original().hazards().falseSharing().size(), perStart.size());
        assertTrue(perStart.size() > 3, "the JSON keeps each start's lines: " + perStart);
    }
}
