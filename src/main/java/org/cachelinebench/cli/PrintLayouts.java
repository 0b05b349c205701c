package org.cachelinebench.cli;

import java.util.Map;

import org.cachelinebench.benchmarks.IpiBenchmark;
import org.cachelinebench.benchmarks.IpiOffsetSweep;
import org.cachelinebench.benchmarks.LineFloor;
import org.cachelinebench.model.ipi.CallSingleData;
import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.layout.Pahole;
import org.cachelinebench.model.layout.Placement;
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
 *
 * <pre>
 * benchmarks/layout            both models
 * benchmarks/layout csd        the IPI call_single_data only
 * benchmarks/layout pcpu       pcpu_chunk only
 * </pre>
 */
public final class PrintLayouts {
    private PrintLayouts() {}

    public static void main(String[] args) {
        String which = args.length == 0 ? "all" : args[0];
        if (args.length > 1 || !(which.equals("all") || which.equals("csd") || which.equals("pcpu"))) {
            System.err.println("benchmarks/layout: unknown argument '" + String.join(" ", args)
                    + "'; expected one of: csd, pcpu (or nothing for both)");
            System.exit(2);
        }
        int line = CacheLine.SIZE;
        System.out.printf("/* cache line: %d bytes (%s) */%n%n", line, CacheLine.SOURCE);
        if (!which.equals("pcpu")) {
            csd(line);
        }
        if (!which.equals("csd")) {
            pcpu(line);
        }
    }

    private static void csd(int line) {
        heading("IPI call_single_data: the structs");
        for (CallSingleData.Named n : CallSingleData.LAYOUTS) {
            System.out.println("/* " + n.name() + ": " + n.source() + " */");
            System.out.println(Pahole.format(n.layout(), line));
        }
        heading("IPI call_single_data: where IpiBenchmark puts the v4.13 csd (real addresses)");
        placed(IpiBenchmark.placements(), CallSingleData.V4_13, line);
        heading("IPI call_single_data: IpiOffsetSweep (real addresses)");
        for (Map.Entry<Integer, Placement> e : IpiOffsetSweep.placements().entrySet()) {
            System.out.printf("offset=%-3d %s%n", e.getKey(), e.getValue().describe());
        }
        System.out.printf("%nLineFloor flag: %s%n%n", LineFloor.placement().describe());
    }

    private static void placed(Map<String, Placement> placements, StructLayout layout, int line) {
        for (Map.Entry<String, Placement> e : placements.entrySet()) {
            Placement p = e.getValue();
            System.out.println("/* placement=" + e.getKey() + ": " + p.describe() + " */");
            System.out.println(Pahole.format(layout, line, p.startInLine()));
        }
    }

    private static void pcpu(int line) {
        heading("pcpu_chunk: the structs (mm/percpu-internal.h)");
        for (Map.Entry<String, StructLayout> e : PcpuChunkLayouts.catalog().entrySet()) {
            System.out.println("/* " + e.getKey() + " */");
            System.out.println(Pahole.format(e.getValue(), line));
        }
        heading("pcpu_chunk: ChunkFalseSharing / ChunkSymmetric off-heap placement (real addresses)");
        for (ChunkVersion v : ChunkVersion.values()) {
            System.out.println(new OffHeapPcpuChunk(v, KernelConfig.DEFAULT, line).describe());
        }
        heading("pcpu_chunk: ChunkObjectFalseSharing Java classes on this JVM (JOL)");
        for (ChunkObjects.Variant v : ChunkObjects.Variant.values()) {
            System.out.println("/* layout=" + v.label() + ": " + ChunkObjects.describeOffsets(v.type()) + " */");
            System.out.println(ClassLayout.parseClass(v.type()).toPrintable());
        }
    }

    private static void heading(String title) {
        System.out.println("/* ======== " + title + " ======== */");
        System.out.println();
    }
}
