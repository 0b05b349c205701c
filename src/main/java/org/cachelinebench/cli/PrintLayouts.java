package org.cachelinebench.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;

import org.cachelinebench.benchmarks.IpiBenchmark;
import org.cachelinebench.benchmarks.IpiOffsetSweep;
import org.cachelinebench.benchmarks.LineFloor;
import org.cachelinebench.model.ipi.CallSingleData;
import org.cachelinebench.model.ipi.CsdBlock;
import org.cachelinebench.model.ipi.FlagMailbox;
import org.cachelinebench.model.ipi.MailboxObjects;
import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.layout.Pahole;
import org.cachelinebench.model.layout.Placement;
import org.cachelinebench.model.layout.QuietJol;
import org.cachelinebench.model.layout.StructLayout;
import org.cachelinebench.model.percpu.ChunkObjects;
import org.cachelinebench.model.percpu.ChunkVersion;
import org.cachelinebench.model.percpu.KernelConfig;
import org.cachelinebench.model.percpu.OffHeapPcpuChunk;
import org.cachelinebench.model.percpu.PcpuChunkLayouts;
import org.openjdk.jol.info.ClassLayout;

/**
 * {@code benchmarks/layout}: every modelled struct as pahole prints it, computed from its field list,
 * then where each benchmark variant really puts it (from the address of the memory it runs in), and
 * the Java objects' layouts as this JVM chose them (JOL).
 */
public final class PrintLayouts {
    private PrintLayouts() {}

    static final String USAGE = String.join("\n",
            "usage: benchmarks/layout [csd|pcpu]",
            "  benchmarks/layout            both models",
            "  benchmarks/layout csd        the IPI call_single_data only",
            "  benchmarks/layout pcpu       pcpu_chunk only",
            "");

    private static final CommandLine COMMAND_LINE = new CommandLine(USAGE);

    public static void main(String[] args) {
        EntryPoint.exit("benchmarks/layout", () -> run(args, System.out, System.err));
    }

    /** The command without {@code System.exit}: returns the exit status. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine.Parsed p;
        try {
            p = COMMAND_LINE.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("benchmarks/layout: " + e.getMessage());
            return 2;
        }
        if (p.help()) {
            out.print(USAGE);
            return 0;
        }
        List<String> which = p.positional();
        String model = which.isEmpty() ? "all" : which.get(0);
        if (which.size() > 1 || !(model.equals("all") || model.equals("csd") || model.equals("pcpu"))) {
            err.println("benchmarks/layout: unknown argument '" + String.join(" ", which)
                    + "'; expected one of: csd, pcpu (or nothing for both)");
            return 2;
        }
        int line = CacheLine.SIZE;
        out.printf("/* cache line: %d bytes (%s) */%n%n", line, CacheLine.SOURCE);
        if (!model.equals("pcpu")) {
            csd(out, line);
        }
        if (!model.equals("csd")) {
            pcpu(out, line);
        }
        return 0;
    }

    private static void csd(PrintStream out, int line) {
        heading(out, "IPI call_single_data: the structs");
        for (CallSingleData.Named n : CallSingleData.LAYOUTS) {
            out.println("/* " + n.name() + ": " + n.source() + " */");
            out.println(Pahole.format(n.layout(), line));
        }
        heading(out, "IPI call_single_data: where IpiBenchmark puts the v4.13 csd (real addresses)");
        placed(out, IpiBenchmark.placements(), CallSingleData.V4_13, line);
        heading(out, "IPI call_single_data: IpiOffsetSweep (real addresses)");
        for (Map.Entry<Integer, Placement> e : IpiOffsetSweep.placements().entrySet()) {
            out.printf("offset=%-3d %s%n", e.getKey(), e.getValue().describe());
        }
        out.printf("%nLineFloor flag: %s%n%n", LineFloor.placement().describe());
        heading(out, "IPI flag mailbox on the v4.13 csd bytes (IpiInterleaved -p protocol=flag, InterleavedOffsetSweep):"
                + " members by line (real addresses)");
        for (int offset = 0; offset < line; offset += 8) {
            out.println(FlagMailbox.in(CsdBlock.allocate(line), offset, 0).where());
        }
        out.println();
        heading(out, "IPI mailbox as a Java object (ObjectMailboxInterleaved) on this JVM (JOL)");
        for (MailboxObjects.Kind kind : MailboxObjects.Kind.values()) {
            MailboxObjects.Layout l = MailboxObjects.layout(kind);
            out.printf("/* %s: %s; %d bytes before the first field, %d after the last; of the %d places an"
                            + " instance can start in a %d-byte line, %d keep the four fields in one line and %d put"
                            + " flags in another line than part of the payload */%n", kind.type().getSimpleName(),
                    l.offsets(), l.gapBefore(), l.gapAfter(), line / 8, line,
                    MailboxObjects.oneLineStarts(l, line), MailboxObjects.straddlingStarts(l, line));
            for (int start = 0; start < line; start += 8) {
                out.printf("   instance at %2d bytes into a line: %s%n", start,
                        MailboxObjects.at(l, start, line).fieldLines());
            }
            QuietJol.vm();                    // JOL's warnings to stderr, not into the printed layouts
            out.println(ClassLayout.parseClass(kind.type()).toPrintable());
        }
    }

    private static void placed(PrintStream out, Map<String, Placement> placements, StructLayout layout, int line) {
        for (Map.Entry<String, Placement> e : placements.entrySet()) {
            Placement p = e.getValue();
            out.println("/* placement=" + e.getKey() + ": " + p.describe() + " */");
            out.println(Pahole.format(layout, line, p.startInLine()));
        }
    }

    private static void pcpu(PrintStream out, int line) {
        heading(out, "pcpu_chunk: the structs (mm/percpu-internal.h)");
        for (Map.Entry<String, StructLayout> e : PcpuChunkLayouts.catalog().entrySet()) {
            out.println("/* " + e.getKey() + " */");
            out.println(Pahole.format(e.getValue(), line));
        }
        heading(out, "pcpu_chunk: ChunkFalseSharing / ChunkSymmetric off-heap placement (real addresses)");
        for (ChunkVersion v : ChunkVersion.values()) {
            out.println(new OffHeapPcpuChunk(v, KernelConfig.DEFAULT, line).describe());
        }
        heading(out, "pcpu_chunk: ChunkObjectFalseSharing Java classes on this JVM (JOL)");
        for (ChunkObjects.Variant v : ChunkObjects.Variant.values()) {
            out.println("/* layout=" + v.label() + ": " + ChunkObjects.describeOffsets(v.type()) + " */");
            QuietJol.vm();
            out.println(ClassLayout.parseClass(v.type()).toPrintable());
        }
    }

    private static void heading(PrintStream out, String title) {
        out.println("/* ======== " + title + " ======== */");
        out.println();
    }
}
