package org.cachelinebench.harness.chunk;

import java.util.ServiceLoader;

import org.cachelinebench.model.percpu.ChunkStruct;

/**
 * Where {@code -p layout=running-kernel} finds the running kernel's own {@code struct pcpu_chunk}: the struct tool
 * reads it from the kernel's BTF ({@code struct.measure.RunningKernelChunk}). It is found through
 * {@link ServiceLoader} (META-INF/services), so that the harness imports nothing of the packages below it.
 */
public interface KernelChunkSource {
    /**
     * The running kernel's {@code pcpu_chunk}, as the model runs it.
     *
     * @throws IllegalArgumentException one line, when there is no BTF, no pahole, a pahole too old for the BTF, or a
     *                                  layout the model cannot run
     */
    ChunkStruct pcpuChunk();

    /** The running kernel's {@code pcpu_chunk} from the source on the class path; refused in one line as above. */
    static ChunkStruct runningKernel() {
        return ServiceLoader.load(KernelChunkSource.class, KernelChunkSource.class.getClassLoader()).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no reader of the running kernel's BTF on the class path"
                        + " (META-INF/services/" + KernelChunkSource.class.getName() + ")"))
                .pcpuChunk();
    }
}
