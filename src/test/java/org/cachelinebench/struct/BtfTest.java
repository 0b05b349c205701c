package org.cachelinebench.struct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cachelinebench.model.layout.StructLayout;
import org.cachelinebench.struct.c.CHeader;
import org.cachelinebench.struct.c.InputError;
import org.cachelinebench.struct.c.PaholeCommand;
import org.cachelinebench.struct.c.PaholeText;
import org.cachelinebench.struct.report.Report;
import org.cachelinebench.struct.report.ReportPrinter;
import org.cachelinebench.testing.Gcc;

/**
 * {@code --btf}: a struct from BTF, the running kernel's or a file's. The kernel's structs come from
 * checked-in pahole output (pahole 1.24 on a 6.18 kernel's BTF), never from the machine's kernel; a BTF
 * blob and an object with .BTF are built here by gcc, {@code pahole -J} and objcopy. Bad input is one line:
 * no BTF, no pahole, a pahole too old for the BTF, a struct the BTF lacks.
 */
class BtfTest {
    static final Path PAHOLE = Path.of("src/test/resources/org/cachelinebench/struct/pahole");

    /** A cache-line group marker as the kernel writes it (aligned, zero-size), and an aligned flexible array. */
    static final String GROUPED = String.join("\n",
            "struct grouped {",
            "\tint a;",
            "\tunsigned char __cacheline_group_begin__g_write[0] __attribute__((aligned(64)));",
            "\tlong w;",
            "\tlong v;",
            "\tunsigned char __cacheline_group_end__g_write[0];",
            "\tchar tail;",
            "\tlong flex[] __attribute__((aligned(16)));",
            "};",
            "");

    @TempDir
    Path dir;

    @Test
    void tcpSockLoadsWithItsAlignedGroupMarker() throws Exception {
        PaholeText.Read r = PaholeText.read("tcp_sock.txt", Files.readString(PAHOLE.resolve("tcp_sock.txt")), "tcp_sock");
        StructLayout l = r.struct().layout();
        assertEquals(2304, l.size());
        assertEquals(64, l.align());
        StructLayout.Member marker = l.members().stream()
                .filter(m -> m.name().equals("__cacheline_group_begin__tcp_sock_write_tx")).findFirst().orElseThrow();
        assertEquals(1536, marker.offset(), "pahole's offset, which only the marker's alignment explains");
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("__cacheline_group_begin__tcp_sock_write_tx at 1536")
                && n.contains("aligned(64)")), r.notes().toString());
    }

    @Test
    void sockExpandedLoadsAndItsReportIsBounded() throws Exception {
        Path roles = dir.resolve("sock.roles");
        Files.writeString(roles, String.join("\n",
                "rx writes sk_drops sk_receive_queue sk_rx_dst sk_rcvbuf sk_forward_alloc sk_backlog",
                "rx reads sk_filter sk_rcvlowat sk_socket sk_ll_usec sk_napi_id sk_userlocks sk_rcvtimeo sk_err",
                "tx writes sk_wmem_queued sk_wmem_alloc sk_tsq_flags sk_write_queue sk_frag sk_pacing_rate sk_tskey",
                "tx reads sk_sndbuf sk_dst_cache sk_route_caps sk_gso_type sk_priority sk_mark sk_protocol sk_type",
                ""));
        Report r = StructTool.analyse(StructOptions.parse(new String[] {"--pahole",
                PAHOLE.resolve("sock-expanded.txt").toString(), "sock", "--roles", roles.toString()}));
        assertEquals(784, r.original().size());
        assertTrue(r.suggestion().changed(), ReportPrinter.print(r));
        // The smallest-change search over struct sock's two-move orders stops at its bound: what it offers, if
        // anything, says it is the best tried.
        Report.Smallest least = r.suggestion().smallest();
        assertTrue(least == null || !least.proven(), "the search cannot have tried every order of struct sock");
    }

    /** gcc's object with pahole -J's .BTF, and that section alone as a raw blob. */
    Path[] btf() throws Exception {
        PaholeTest.requirePahole();
        Path c = dir.resolve("grouped.c"), o = dir.resolve("grouped.o"), blob = dir.resolve("grouped.btf");
        Files.writeString(c, GROUPED + "struct grouped use;\n", StandardCharsets.UTF_8);
        Gcc.run(List.of(Gcc.require(), "-std=gnu11", "-g", "-c", "-o", o.toString(), c.toString()), dir);
        Gcc.run(List.of(PaholeCommand.onPath(), "-J", o.toString()), dir);
        Gcc.run(List.of("objcopy", "--dump-section", ".BTF=" + blob, o.toString()), dir);
        return new Path[] {o, blob};
    }

    @Test
    void blobAndObjectGiveGccsLayout() throws Exception {
        StructLayout gcc = CHeader.parse("grouped.h", GROUPED, List.of()).find("grouped").layout();
        for (Path file : btf()) {
            Report r = StructTool.analyse(StructOptions.parse(new String[] {"--btf", "grouped", "--btf-file", file.toString()}));
            PaholeTest.assertSameMembers(gcc,
                    PaholeText.read("x", PaholeCommand.btf(file.toString(), "grouped").text(), "grouped").struct().layout());
            assertEquals(gcc.size(), r.original().size(), file.toString());
        }
    }

    @Test
    void aStructTheBtfLacksIsOneLine() throws Exception {
        Path blob = btf()[1];
        BadInputTest.Run r = BadInputTest.exec("--btf", "no_such", "--btf-file", blob.toString());
        assertEquals(2, r.code());
        assertEquals(blob + ": the BTF has no struct or union no_such\n", r.err());
        assertEquals("", r.out());
    }

    @Test
    void noBtfIsOneLine() throws Exception {
        BadInputTest.Run missing = BadInputTest.exec("--btf", "sock", "--btf-file", dir.resolve("none").toString());
        assertEquals(2, missing.code());
        assertEquals("struct: no BTF: " + dir.resolve("none") + " does not exist\n", missing.err());
        Path text = dir.resolve("text");
        Files.writeString(text, "struct sock {\n");
        BadInputTest.Run notBtf = BadInputTest.exec("--btf", "sock", "--btf-file", text.toString());
        assertEquals(2, notBtf.code());
        assertEquals(text + ": no BTF: neither a BTF blob nor an ELF vmlinux or object\n", notBtf.err());
    }

    /** A file that starts as BTF does, for the commands that look no further than pahole. */
    Path fakeBlob() throws Exception {
        Path blob = dir.resolve("fake.btf");
        Files.write(blob, new byte[] {(byte) 0x9f, (byte) 0xeb, 1, 0});
        return blob;
    }

    /** A pahole that prints {@code out} and {@code err} and exits 0, as 1.24 does on a newer kernel's BTF. */
    Path fakePahole(String out, String err) throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.writeString(dir.resolve("out.txt"), out);
        Files.writeString(dir.resolve("err.txt"), err);
        Path pahole = bin.resolve("pahole");
        Files.writeString(pahole, "#!/bin/sh\nif [ \"$1\" = --version ]; then echo v1.24; exit 0; fi\ncat '"
                + dir.resolve("out.txt") + "'\ncat '" + dir.resolve("err.txt") + "' >&2\nexit 0\n");
        Files.setPosixFilePermissions(pahole, PosixFilePermissions.fromString("rwxr-xr-x"));
        return bin;
    }

    @Test
    void noPaholeIsOneLine() throws Exception {
        InputError e = assertThrows(InputError.class,
                () -> PaholeCommand.btf(fakeBlob().toString(), "sock", dir.resolve("empty").toString()));
        assertEquals("struct: --btf needs pahole, and " + PaholeCommand.INSTALL, e.getMessage());
    }

    @Test
    void aPaholeTooOldForTheBtfIsOneLine() throws Exception {
        Path bin = fakePahole("", "BTF: idx: 7, Unknown kind 19\nBTF: idx: 9, Unknown kind 17\n");
        InputError e = assertThrows(InputError.class, () -> PaholeCommand.btf(fakeBlob().toString(), "sock", bin.toString()));
        assertEquals(fakeBlob() + ": pahole v1.24 is older than this BTF (it does not know BTF kind 19): install a newer"
                + " dwarves; it printed nothing for sock", e.getMessage());
    }

    @Test
    void paholesNoiseNeverReachesTheText() throws Exception {
        String tcp = Files.readString(PAHOLE.resolve("tcp_sock.txt"));
        Path bin = fakePahole(tcp, "BTF: idx: 47806, Unknown kind 17\nBTF: idx: 61771, Unknown kind 18\n");
        PaholeCommand.BtfText t = PaholeCommand.btf(fakeBlob().toString(), "tcp_sock", bin.toString());
        assertEquals(tcp, t.text());
        assertEquals("", t.tooOld(), "declaration and type tags change no layout");
        Path saved = dir.resolve("tcp_sock.txt");
        Files.writeString(saved, t.text());
        Report r = StructTool.analyse(StructOptions.parse(new String[] {"--pahole", saved.toString(), "tcp_sock"}));
        assertFalse(ReportPrinter.print(r).contains("Unknown kind"));
    }
}
