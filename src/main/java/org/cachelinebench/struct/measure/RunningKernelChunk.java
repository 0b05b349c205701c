package org.cachelinebench.struct.measure;

import java.nio.file.Files;
import java.nio.file.Path;

import org.cachelinebench.harness.chunk.KernelChunkSource;
import org.cachelinebench.model.layout.StructLayout;
import org.cachelinebench.model.percpu.ChunkModelMembers;
import org.cachelinebench.model.percpu.ChunkStruct;
import org.cachelinebench.struct.c.InputError;
import org.cachelinebench.struct.c.PaholeCommand;
import org.cachelinebench.struct.c.PaholeText;

/**
 * The running kernel's own {@code struct pcpu_chunk}, read from its BTF through pahole as {@code benchmarks/layout
 * kernel} reads it, for the benchmarks that measure it ({@code -p layout=running-kernel},
 * {@link RunningKernelChunkInterleaved}). It keeps the kernel's options: the members its config adds are in its BTF
 * (CONFIG_PERCPU_STATS's counters, the memcg vector), and the model runs them. What stops it is one line: no BTF, no
 * pahole, a pahole too old for the BTF, a struct the BTF lacks, a member the model needs missing or of a size it cannot
 * place.
 */
public final class RunningKernelChunk implements KernelChunkSource {
    /** The {@code layout} value and side name of the running kernel's layout. */
    public static final String NAME = "running-kernel";
    static final String STRUCT = "pcpu_chunk";
    /** What every refusal starts with. */
    static final String SUBJECT = "the running kernel's " + STRUCT;

    /** Read once per JVM: a fork's checks and setup ask again, and pahole takes a fraction of a second each time. */
    private static volatile ChunkStruct read;

    /** For ServiceLoader. */
    public RunningKernelChunk() {}

    @Override
    public ChunkStruct pcpuChunk() {
        ChunkStruct s = read;
        if (s == null) {
            s = read(PaholeCommand.RUNNING_KERNEL_BTF, System.getenv("PATH"));
            read = s;
        }
        return s;
    }

    /**
     * The {@code pcpu_chunk} of the BTF in {@code btf}, with pahole looked up on {@code searchPath}, as the model runs
     * it; anything that stops it is an IllegalArgumentException of one line.
     */
    static ChunkStruct read(String btf, String searchPath) {
        if (!Files.exists(Path.of(btf))) {
            throw new IllegalArgumentException(SUBJECT + ": no BTF: " + btf + " does not exist (a kernel built with"
                    + " CONFIG_DEBUG_INFO_BTF shows its types there)");
        }
        if (PaholeCommand.onPath(searchPath) == null) {
            throw new IllegalArgumentException(SUBJECT + ": " + PaholeCommand.INSTALL);
        }
        StructLayout layout;
        try {
            PaholeCommand.BtfText text = PaholeCommand.btf(btf, STRUCT, searchPath);
            if (!text.tooOld().isEmpty()) {
                throw new IllegalArgumentException(SUBJECT + ": " + text.tooOld() + "; what it prints of the struct"
                        + " cannot be measured as the kernel's");
            }
            layout = PaholeText.read(btf, text.text(), STRUCT).struct().layout();
        } catch (InputError e) {
            throw new IllegalArgumentException(SUBJECT + ": " + e.problem());
        }
        String problem = ChunkModelMembers.problem(layout);
        if (problem != null) {
            throw new IllegalArgumentException(SUBJECT + " " + problem + ": the benchmarks cannot run it");
        }
        return new ChunkStruct("struct pcpu_chunk " + NAME + " [" + ChunkModelMembers.config(layout).label()
                + ", from " + btf + "]", layout);
    }
}
