/**
 * Tool: your own struct ({@code benchmarks/struct}; manual: docs/struct.md). {@link StructTool} is the
 * command ({@link StructOptions} on the suite's one parser). A C header is read by {@link CLexer},
 * {@link Preprocessor} ({@code -D}, {@code #if}) and {@link CParser} into declarations that
 * {@link DeclLayout} lays out on the layout core ({@code model.layout.StructLayout}); pahole's view of a
 * compiled struct ({@link PaholeCommand} runs it on an object file) is read back as such a header by
 * {@link PaholeText}; a Java class is laid out by JOL ({@link JolLayout}). {@link Roles} says who reads and writes which fields, {@link Hazards} finds
 * the lines written by one role and touched by another and what straddles, {@link Suggester} (and
 * {@link JavaSuggester}) groups the members by role into a suggested layout, {@link TransferPrediction}
 * asks the coherence model what each layout moves (and chooses among the suggester's candidates), {@link ReportPrinter} and
 * {@link ReportJson} print the {@link Report}. {@code --measure} runs both layouts in
 * {@link StructAccessBenchmark}, the tool's workload, on the paired runner ({@link StructMeasure}); the
 * jar's Main leaves that benchmark out of the suite's runs.
 * Exit status: 0 done, 1 the measured suggestion is not better, 2 bad input.
 */
package org.cachelinebench.struct;
