/**
 * What the struct tool finds. {@link Roles} says who reads and writes which fields ({@link FieldIndex}: the
 * fields of a C struct or of a Java class as JOL lays it out, {@link JolLayout}), {@link Hazards} finds the
 * lines written by one role and touched by another and what straddles, {@link Suggester} (and
 * {@link JavaSuggester}) groups the members by role ({@link Grouping}) into a suggested layout, and
 * {@link TransferPrediction} asks the coherence model what each layout moves (and chooses among the
 * suggester's candidates). {@link AccessSpec} is what each role touches, as the measured workload's parameter.
 */
package org.cachelinebench.struct.analysis;
