package org.cachelinebench.struct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cachelinebench.struct.report.Report;
import org.cachelinebench.struct.report.ReportPrinter;

/**
 * A kernel net_cachelines table as the roles file: its two fast-path columns are roles tx and rx,
 * read_mostly a read, read_write a write; the report sets the table against tcp_sock's
 * __cacheline_group markers (pahole's tcp_sock from a 6.18 kernel, checked in).
 */
class NetCachelinesTest {
    static final Path PAHOLE = BtfTest.PAHOLE;

    /** The one analysis both tests read (tcp_sock's suggestion takes seconds). */
    private static Report withTable;

    static synchronized Report withTable() throws Exception {
        if (withTable == null) {
            withTable = tcpSock(PAHOLE.resolve("tcp_sock-cachelines.rst"));
        }
        return withTable;
    }

    static Report tcpSock(Path table) throws Exception {
        return StructTool.analyse(StructOptions.parse(new String[] {"--pahole", PAHOLE.resolve("tcp_sock.txt").toString(),
                "tcp_sock", "--roles", table.toString()}));
    }

    @Test
    void columnsAreRolesAndCellsAreAccesses() throws Exception {
        Report r = withTable();
        assertEquals("/* w: tx */", r.roles().memberTag("segs_out"));
        assertEquals("/* w: rx; r: tx */", r.roles().memberTag("rcv_nxt"));
        assertEquals("/* w: tx; r: rx */", r.roles().memberTag("snd_nxt"));
        assertEquals("/* r: rx */", r.roles().memberTag("rate_delivered"));
        assertEquals("", r.roles().memberTag("dsack_dups"), "an empty row is no access");
    }

    @Test
    void theTableAgainstTheGroupMarkers() throws Exception {
        Report r = withTable();
        String out = ReportPrinter.print(r);
        assertTrue(out.contains("/* the net_cachelines table against the struct's __cacheline_group markers */"), out);
        assertTrue(r.table().contains("first_tx_mstamp: in tcp_sock_write_rx, the table has tx writing (touched by tx,"
                + " in a rx group)"), r.table().toString());
        assertTrue(r.table().contains("rate_delivered: in tcp_sock_write_rx, the table has rx reading (only read, in a"
                + " write group)"), r.table().toString());
        assertTrue(r.table().contains("rows naming no member of struct tcp_sock (1; their roles are left out):"
                + " recvmsg_inq_missing"), r.table().toString());
        String unnamed = r.table().stream().filter(t -> t.startsWith("members the table does not name")).findFirst().orElseThrow();
        java.util.List<String> names = java.util.Arrays.stream(unnamed.substring(unnamed.indexOf(": ") + 2).split(", "))
                .map(n -> n.replaceFirst(" \\(in .*\\)$", "")).toList();
        assertTrue(names.contains("inet_conn") && names.contains("rack") && names.contains("data_segs_out"), unnamed);
        assertTrue(!names.contains("segs_out") && !names.contains("dsack_dups"), unnamed);
        // segs_out (tx writes, in tcp_sock_write_tx) and max_window (tx reads, in tcp_sock_read_tx) agree with their groups.
        assertTrue(r.table().stream().noneMatch(t -> t.startsWith("segs_out:") || t.startsWith("max_window:")), r.table().toString());
    }

    @Test
    void aCellThatIsNoAccessIsOneLine(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("t.rst");
        Files.writeString(bad, Files.readString(PAHOLE.resolve("tcp_sock-cachelines.rst"))
                .replaceFirst("(segs_out\\s+)read_write", "$1read_often"));
        BadInputTest.Run r = BadInputTest.exec("--pahole", PAHOLE.resolve("tcp_sock.txt").toString(), "tcp_sock",
                "--roles", bad.toString());
        assertEquals(2, r.code());
        assertEquals(bad + ":7:55: 'read_often' is not an access: read_mostly, read_write, write_mostly or empty\n", r.err());
    }
}
