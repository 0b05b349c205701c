/**
 * The struct tool's C front end. A C header is read by {@link CLexer}, {@link Preprocessor} ({@code -D},
 * {@code #if}) and {@link CParser} into declarations that {@link DeclLayout} lays out on the layout core
 * ({@code model.layout.StructLayout}); {@link CHeader} holds them. pahole's view of a compiled struct
 * ({@link PaholeCommand} runs it on an object file) is read back as such a header by {@link PaholeText}.
 * Bad input anywhere in the tool is an {@link InputError}: one line, exit 2.
 */
package org.cachelinebench.struct.c;
