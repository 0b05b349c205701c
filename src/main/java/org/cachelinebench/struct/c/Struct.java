package org.cachelinebench.struct.c;

import org.cachelinebench.model.layout.StructLayout;

/** A struct as the file declares it, and its layout. */
public record Struct(RecordDecl decl, StructLayout layout) {
    /** "struct pcpu_chunk". */
    public String name() {
        return decl.displayName();
    }
}
