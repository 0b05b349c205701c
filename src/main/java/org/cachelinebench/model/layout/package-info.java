/**
 * Model: the layout core both kernel models share. C's x86-64 layout rules ({@link CType},
 * {@link StructLayout}) and their pahole-style printout ({@link Pahole}); the line size ({@link CacheLine});
 * off-heap memory on a line boundary with the kernel's access strengths ({@link LineAlignedMemory}, and
 * {@link RawMemory} at its raw address for the {@code pcpu_chunk} allocator's many accesses); and
 * where a struct really sits relative to the lines, from its address ({@link Placement}); for Java objects,
 * where the JVM put their fields and where a live object is ({@link ObjectFields}, {@link HeapAddresses}), and
 * which fields share a line ({@link FieldLines}). And the one parser
 * of the models' enum parameters ({@link EnumParam}), so every bad {@code -p} value is named alike.
 *
 * <p><b>The padding idiom</b>, used by every padded class of the suite. Fields one thread writes are kept 128
 * bytes from anyone else's by classes of padding above and below them in their class hierarchy (HotSpot lays a
 * superclass's fields out before a subclass's). A padding class holds 128 {@code byte} fields, eight to a line
 * with the running byte count, named by place ({@code p} before, {@code q} after, {@code r} after a second
 * group). Bytes, because since JDK 15 the JVM moves subclass fields into gaps a superclass leaves, and bytes
 * leave none. 128, because an object is only 8-byte aligned and adjacent-line prefetchers fetch 128-byte pairs.
 * Each padded class is proven with JOL, as relations, on every JVM mode. The reasons: {@code docs/pcpu-chunk.md#the-padding-idiom}.
 */
package org.cachelinebench.model.layout;
