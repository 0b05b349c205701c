/**
 * Tool: your own struct ({@code benchmarks/struct}; manual: docs/struct.md). {@link StructTool} is the
 * command ({@link StructOptions} on the suite's one parser). Its rooms, each using only those before it:
 * {@code c} reads a C header or pahole's printout, {@code analysis} finds the hazards and suggests a layout,
 * {@code measure} runs both layouts ({@code --measure}), {@code report} prints what was found.
 * Exit status: 0 done, 1 the measured suggestion is not better, 2 bad input.
 */
package org.cachelinebench.struct;
