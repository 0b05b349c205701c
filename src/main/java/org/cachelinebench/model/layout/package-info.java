/**
 * Model: the layout core both kernel models share. C's x86-64 layout rules ({@link CType},
 * {@link StructLayout}) and their pahole-style printout ({@link Pahole}); the line size ({@link CacheLine});
 * off-heap memory on a line boundary with the kernel's access strengths ({@link LineAlignedMemory}); and
 * where a struct really sits relative to the lines, from its address ({@link Placement}); for Java objects,
 * where the JVM put their fields and where a live object is ({@link ObjectFields}, {@link HeapAddresses}), and
 * which fields share a line ({@link FieldLines}). And the one parser
 * of the models' enum parameters ({@link EnumParam}), so every bad {@code -p} value is named alike.
 */
package org.cachelinebench.model.layout;
