package org.cachelinebench.struct;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.cachelinebench.cli.CommandLine;
import org.cachelinebench.cli.EntryPoint;
import org.cachelinebench.harness.chunk.PercpuParams;
import org.cachelinebench.model.ipi.CallSingleData;
import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.layout.Pahole;
import org.cachelinebench.model.layout.StructLayout;
import org.cachelinebench.model.percpu.ChunkModelMembers;
import org.cachelinebench.model.percpu.ChunkVersion;
import org.cachelinebench.model.percpu.PcpuChunkLayouts;
import org.cachelinebench.struct.c.InputError;
import org.cachelinebench.struct.c.PaholeCommand;
import org.cachelinebench.struct.c.PaholeText;
import org.cachelinebench.struct.measure.RunningKernelChunkInterleaved;

/**
 * The running kernel's own {@code pcpu_chunk} and {@code __call_single_data}, from its BTF, named against
 * the suite's modelled variants: the variant it equals byte for byte (every top-level member's name,
 * offset and size, and the struct's size and alignment), or the nearest one and how it differs; and for the running
 * kernel's {@code pcpu_chunk}, the command that measures it ({@link #measuring}).
 * {@code benchmarks/layout kernel [--btf-file FILE]} runs it.
 */
public final class RunningKernel {
    private RunningKernel() {}

    static final String USAGE = String.join("\n",
            "usage: benchmarks/layout kernel [--btf-file FILE]",
            "  the running kernel's pcpu_chunk and __call_single_data (its BTF, through pahole) beside the modelled",
            "  variants: which one each equals byte for byte, or how it differs, and the command that measures the",
            "  running kernel's pcpu_chunk; --btf-file: a vmlinux or BTF blob (named, not measured)",
            "");

    private static final CommandLine COMMAND_LINE = new CommandLine(USAGE).value("btf-file");

    public static void main(String[] args) {
        EntryPoint.exit("benchmarks/layout", () -> run(args, System.out, System.err));
    }

    /** The command without {@code System.exit}: bad input (no BTF, no pahole, a bad option) is one line, exit 2. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        String btf;
        try {
            CommandLine.Parsed p = COMMAND_LINE.parse(args);
            if (p.help()) {
                out.print(USAGE);
                return 0;
            }
            if (!p.positional().isEmpty()) {
                throw new IllegalArgumentException("unexpected argument '" + p.positional().get(0) + "' (see --help)");
            }
            btf = p.value("btf-file") != null ? p.value("btf-file") : PaholeCommand.RUNNING_KERNEL_BTF;
        } catch (IllegalArgumentException e) {
            err.println("benchmarks/layout: " + e.getMessage());
            return 2;
        }
        StringBuilder text = new StringBuilder();
        try {
            for (String name : List.of("pcpu_chunk", "__call_single_data")) {
                StructLayout k = load(btf, name);
                text.append("/* ======== ").append(name).append(" of the kernel in ").append(btf).append(" ======== */\n\n");
                text.append(Pahole.format(k, CacheLine.SIZE)).append('\n');
                name(k, name.equals("pcpu_chunk") ? pcpuChunkVariants() : csdVariants())
                        .forEach(l -> text.append(l).append('\n'));
                if (name.equals("pcpu_chunk") && btf.equals(PaholeCommand.RUNNING_KERNEL_BTF)) {
                    measuring(k).forEach(l -> text.append(l).append('\n'));
                }
                text.append('\n');
            }
        } catch (InputError e) {
            err.println("benchmarks/layout: " + e.getMessage().replaceFirst("^struct: ", ""));
            return 2;
        }
        out.print(text);
        return 0;
    }

    /** A struct from BTF through pahole, laid out by the struct tool's reader. */
    public static StructLayout load(String btfFile, String struct) throws InputError {
        return PaholeText.read(btfFile, PaholeCommand.btf(btfFile, struct).text(), struct).struct().layout();
    }

    /**
     * How to measure the running kernel's {@code pcpu_chunk} beside v6.5-merged with the kernel's options
     * ({@code -p layout=running-kernel}, {@link RunningKernelChunkInterleaved}), or why the model cannot run it.
     */
    public static List<String> measuring(StructLayout kernel) {
        String problem = ChunkModelMembers.problem(kernel);
        if (problem != null) {
            return List.of("the benchmarks cannot measure it: the kernel's pcpu_chunk " + problem);
        }
        String config = ChunkModelMembers.config(kernel).label();
        return List.of("measure it beside v6.5-merged [" + config + "] (its options), in one interleaved schedule with an A/A"
                        + " control, or in forks of their own:",
                "  java -jar target/benchmarks.jar " + RunningKernelChunkInterleaved.class.getSimpleName(),
                "  java -jar target/benchmarks.jar ChunkFalseSharing -p layout=" + PercpuParams.RUNNING_KERNEL
                        + "," + ChunkVersion.V6_5_MERGED.label() + " -p config=" + config);
    }

    /** The modelled pcpu_chunk variants, by name. */
    public static Map<String, StructLayout> pcpuChunkVariants() {
        Map<String, StructLayout> out = new LinkedHashMap<>();
        PcpuChunkLayouts.catalog().forEach((name, l) -> {
            if (name.startsWith("struct pcpu_chunk")) {
                out.put(name, l);
            }
        });
        return out;
    }

    /** The modelled call_single_data variants (v4.13, v4.14, current), by name. */
    public static Map<String, StructLayout> csdVariants() {
        Map<String, StructLayout> out = new LinkedHashMap<>();
        for (CallSingleData.Named n : CallSingleData.LAYOUTS) {
            if (!n.name().startsWith("llist") && !n.name().equals("__call_single_node")) {
                out.put(n.name(), n.layout());
            }
        }
        return out;
    }

    /**
     * One line per finding: "equals VARIANT byte for byte", or the nearest variant (fewest differences) and
     * each difference.
     */
    public static List<String> name(StructLayout kernel, Map<String, StructLayout> variants) {
        String best = null;
        List<String> bestDiff = null;
        for (Map.Entry<String, StructLayout> v : variants.entrySet()) {
            List<String> d = differences(kernel, v.getValue());
            if (bestDiff == null || d.size() < bestDiff.size()) {
                best = v.getKey();
                bestDiff = d;
            }
        }
        List<String> out = new ArrayList<>();
        if (best == null) {
            out.add("no modelled variant to compare with");
        } else if (bestDiff.isEmpty()) {
            out.add("equals " + best + " byte for byte (every member's name, offset and size; size and alignment)");
        } else if (bestDiff.stream().allMatch(d -> d.endsWith(RENAMED))) {
            out.add("equals " + best + " byte for byte (every member's offset and size; size and alignment), but for"
                    + " the name" + (bestDiff.size() == 1 ? "" : "s") + " of:");
            bestDiff.forEach(d -> out.add("  " + d));
        } else {
            out.add("equals no modelled variant; nearest: " + best + " (" + bestDiff.size() + " difference"
                    + (bestDiff.size() == 1 ? "" : "s") + ")");
            bestDiff.forEach(d -> out.add("  " + d));
        }
        return out;
    }

    private static final String RENAMED = ": the same bytes under another name";

    /** What differs between the kernel's layout and a variant, member by member. */
    static List<String> differences(StructLayout kernel, StructLayout variant) {
        Map<String, StructLayout.Member> theirs = new LinkedHashMap<>();
        variant.members().forEach(m -> theirs.put(m.name(), m));
        List<String> out = new ArrayList<>();
        for (StructLayout.Member m : kernel.members()) {
            StructLayout.Member v = theirs.remove(m.name());
            StructLayout.Member same = v != null ? null : theirs.values().stream()
                    .filter(t -> t.offset() == m.offset() && t.size() == m.size() && kernel.members().stream()
                            .noneMatch(k -> k.name().equals(t.name()))).findFirst().orElse(null);
            if (same != null) {
                theirs.remove(same.name());
                out.add(m.name() + " at " + m.offset() + " (" + m.size() + " bytes), where the variant has " + same.name()
                        + RENAMED);
            } else if (v == null) {
                out.add(m.name() + " at " + m.offset() + " (" + m.size() + " bytes): only in the kernel's");
            } else if (v.offset() != m.offset() || v.size() != m.size()) {
                out.add(m.name() + " at " + m.offset() + " (" + m.size() + " bytes) in the kernel's, at " + v.offset()
                        + " (" + v.size() + " bytes) in the variant");
            }
        }
        theirs.values().forEach(v -> out.add(v.name() + " at " + v.offset() + " (" + v.size() + " bytes): only in the variant"));
        if (kernel.size() != variant.size()) {
            out.add("size " + kernel.size() + " in the kernel's, " + variant.size() + " in the variant");
        }
        if (kernel.align() != variant.align()) {
            out.add("alignment " + kernel.align() + " in the kernel's, " + variant.align() + " in the variant");
        }
        return out;
    }
}
