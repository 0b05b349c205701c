package org.cachelinebench.struct.c;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.cachelinebench.model.layout.StructLayout;

/**
 * A C header read for its data declarations: lexed, preprocessed with the {@code -D} options, parsed on
 * top of the {@link #BUILTINS} (the kernel's and {@code <stdint.h>}'s type names), every struct laid out.
 */
public final class CHeader {
    /**
     * The types a header may use without declaring them, written as their headers declare them for
     * x86-64 Linux (include/linux/types.h, include/uapi/asm-generic/int-ll64.h, {@code <stdint.h>}).
     */
    static final String BUILTINS = String.join("\n",
            "typedef _Bool bool;",
            "typedef unsigned long size_t; typedef long ssize_t; typedef long ptrdiff_t;",
            "typedef unsigned long uintptr_t; typedef long intptr_t;",
            "typedef unsigned char u8; typedef unsigned short u16; typedef unsigned int u32; typedef unsigned long long u64;",
            "typedef signed char s8; typedef short s16; typedef int s32; typedef long long s64;",
            "typedef unsigned char __u8; typedef unsigned short __u16; typedef unsigned int __u32; typedef unsigned long long __u64;",
            "typedef signed char __s8; typedef short __s16; typedef int __s32; typedef long long __s64;",
            "typedef unsigned char uint8_t; typedef unsigned short uint16_t; typedef unsigned int uint32_t; typedef unsigned long uint64_t;",
            "typedef signed char int8_t; typedef short int16_t; typedef int int32_t; typedef long int64_t;",
            "typedef struct { int counter; } atomic_t;",
            "typedef struct { long counter; } atomic64_t;",
            "typedef atomic64_t atomic_long_t;",
            "");

    private final String file;
    private final String text;
    private final Preprocessor preprocessor;
    private final TypeTable table;
    private final DeclLayout layouts;

    private CHeader(String file, String text, Preprocessor preprocessor, TypeTable table, DeclLayout layouts) {
        this.file = file;
        this.text = text;
        this.preprocessor = preprocessor;
        this.table = table;
        this.layouts = layouts;
    }

    /** Reads {@code path}; {@code name} is how messages call it (the path as the user typed it). */
    public static CHeader read(Path path, String name, List<String> defines) throws InputError {
        String text = InputError.readText(path, name);
        return parse(name, text, defines);
    }

    /** Parses header text. */
    public static CHeader parse(String name, String text, List<String> defines) throws InputError {
        DeclLayout layouts = new DeclLayout();
        TypeTable builtins = new TypeTable(null);
        try {
            CParser.parse(CLexer.tokenize("<builtin>", BUILTINS), BUILTINS, builtins, layouts);
        } catch (InputError e) {
            throw new IllegalStateException("the builtin types do not parse: " + e.getMessage(), e);
        }
        TypeTable table = new TypeTable(builtins);
        Preprocessor pp = new Preprocessor(defines);
        List<Token> tokens = pp.process(CLexer.tokenize(name, text));
        CParser.parse(tokens, text, table, layouts);
        return new CHeader(name, text, pp, table, layouts);
    }

    public String file() {
        return file;
    }

    /**
     * The struct or union called {@code name} ("pcpu_chunk", "struct pcpu_chunk", "union u", or a typedef
     * of one), or with null the last one the file defines at file level.
     */
    public Struct find(String name) throws InputError {
        RecordDecl d;
        if (name == null) {
            List<RecordDecl> all = table.topLevel();
            if (all.isEmpty()) {
                throw new InputError(file, 0, 0, "defines no struct or union");
            }
            d = all.get(all.size() - 1);
        } else {
            d = lookup(name.trim());
        }
        return new Struct(d, layouts.layout(d));
    }

    private RecordDecl lookup(String name) throws InputError {
        String[] words = name.split("\\s+");
        if (words.length == 2 && (words[0].equals("struct") || words[0].equals("union"))) {
            RecordDecl d = table.record(words[1]);
            if (d != null && d.keyword().equals(words[0]) && d.isDefined()) {
                return d;
            }
            throw new InputError(file, 0, 0, "defines no " + name + (known().isEmpty() ? "" : " (it defines " + known() + ")"));
        }
        if (words.length == 1) {
            RecordDecl d = table.record(name);
            if (d != null && d.isDefined()) {
                return d;
            }
            TypeRef t = table.typedef(name);
            if (t != null && TypeRef.resolved(t) instanceof TypeRef.Record r && r.decl().isDefined()) {
                return r.decl();
            }
        }
        throw new InputError(file, 0, 0, "defines no struct or union '" + name + "'"
                + (known().isEmpty() ? "" : " (it defines " + known() + ")"));
    }

    private String known() {
        List<String> names = new ArrayList<>();
        for (RecordDecl d : table.topLevel()) {
            names.add(d.displayName());
        }
        return String.join(", ", names);
    }

    /** Every struct and union defined at file level, in order (for tests and listings). */
    public List<Struct> all() throws InputError {
        List<Struct> out = new ArrayList<>();
        for (RecordDecl d : table.topLevel()) {
            out.add(new Struct(d, layouts.layout(d)));
        }
        return out;
    }

    /** Lays out a variant of a declaration (the suggester's trial orders). */
    public StructLayout layout(RecordDecl d) throws InputError {
        return layouts.layout(d);
    }

    /**
     * Parses C text that defines one struct or union (a suggestion) in this file's context: its types,
     * constants and macros; the new definition does not replace the file's.
     */
    public Struct parseAlso(String name, String definition) throws InputError {
        TypeTable scratch = new TypeTable(table);
        List<Token> tokens = preprocessor.expandOnly(CLexer.tokenize(name, definition));
        CParser.parse(tokens, definition, scratch, layouts);
        List<RecordDecl> defined = scratch.topLevel();
        if (defined.isEmpty()) {
            throw new IllegalStateException("no struct in: " + definition);
        }
        RecordDecl d = defined.get(defined.size() - 1);
        return new Struct(d, layouts.layout(d));
    }

    /** Whether {@code type} ("struct list_head", "u64") is declared here or among the builtins. */
    boolean knows(String type) {
        String[] w = type.split(" ");
        if (w.length == 2) {
            return w[0].equals("enum") ? table.tag(w[1]) instanceof EnumDecl e && e.isDefined()
                    : table.record(w[1]) != null && table.record(w[1]).isDefined();
        }
        return table.typedef(type) != null;
    }

    /** Whether a struct, union or enum tag {@code tag} is declared here or among the builtins. */
    public boolean declaresTag(String tag) {
        return table.tag(tag) != null;
    }

    /** Whether the file uses the kernel's spellings (so that a suggestion may use them too). */
    public boolean usesKernelSpellings() {
        return text.matches("(?s).*(\\b(____cacheline_aligned\\w*|__aligned|__packed|u8|u16|u32|u64|s32|s64|atomic_t)\\b|#\\s*include\\s*<linux/).*");
    }
}
