package org.cachelinebench.model.layout;

/**
 * The holes pahole finds in a struct (dwarves' {@code class__find_holes}), which is what its printout
 * shows: after each member, the bits left in the current bit-field's storage unit (its type's size,
 * aligned to that size) and the bytes up to the next member; before the first member the same; at the
 * end the padding and the bits left in the last unit. A union has none.
 *
 * @param preBit  bits before the first member
 * @param preByte bytes before the first member
 * @param bits    bit hole after each member
 * @param bytes   byte hole after each member (pahole prints only positive ones)
 * @param nrHoles members with a byte hole (pahole's count, negatives included)
 * @param nrBitHoles members with a bit hole
 * @param padding bytes after the last member, as pahole counts them
 * @param bitPadding bits after the last bit-field to its unit's end
 */
record Holes(int preBit, int preByte, int[] bits, int[] bytes, int nrHoles, int nrBitHoles, int padding, int bitPadding) {

    static Holes of(StructLayout s) {
        int n = s.members().size();
        int[] bits = new int[n], bytes = new int[n];
        if (s.isUnion()) {
            return new Holes(0, 0, bits, bytes, 0, 0, 0, 0);
        }
        long curEnd = 8L * s.size(), curSize = 0, lastSeen = 0;
        boolean inBitfield = false;
        int preBit = 0, preByte = 0, nrHoles = 0, nrBitHoles = 0;
        for (int i = 0; i < n; i++) {
            StructLayout.Member m = s.members().get(i);
            long byteSize = m.size(), bitSize = 8 * byteSize;
            long bitStart = m.firstBit();
            long bitEnd = bitStart + (m.isBitField() ? m.bitWidth() : bitSize);
            // pahole places a bit-field's unit at its bit offset rounded down to the unit's size.
            long byteOffset = m.isBitField() && bitSize > 0 ? bitStart / bitSize * bitSize / 8 : m.offset();
            long bitHoles = 0, byteHoles = 0;
            if (inBitfield) {
                long bitfieldEnd = Math.min(bitStart, curEnd);
                bitHoles = bitfieldEnd - lastSeen;
                lastSeen = bitfieldEnd;
            }
            if (m.isBitField()) {
                long alignedStart = byteOffset * 8;
                if (lastSeen < alignedStart && alignedStart <= bitStart) {
                    byteHoles = byteOffset - lastSeen / 8;
                    lastSeen = alignedStart;
                }
                bitHoles += bitStart - lastSeen;
            } else {
                byteHoles = bitStart / 8 - lastSeen / 8;
            }
            lastSeen = bitEnd;
            if (m.isBitField()) {
                inBitfield = true;
                if (bitEnd > curEnd || bitSize > curSize) {
                    curSize = bitSize;
                    curEnd = byteOffset * 8 + curSize;
                    if (bitEnd > curEnd) {
                        curEnd += curSize;
                    }
                }
            } else {
                inBitfield = false;
                curSize = 0;
                curEnd = bitEnd;
            }
            if (i > 0) {
                bits[i - 1] = (int) bitHoles;
                bytes[i - 1] = (int) byteHoles;
            } else {
                preBit = (int) bitHoles;
                preByte = (int) byteHoles;
            }
            nrBitHoles += bitHoles != 0 ? 1 : 0;
            nrHoles += byteHoles != 0 ? 1 : 0;
        }
        int bitPadding = 0;
        if (inBitfield) {
            long bitfieldEnd = Math.min(8L * s.size(), curEnd);
            bitPadding = (int) (bitfieldEnd - lastSeen);
            lastSeen = bitfieldEnd;
        }
        return new Holes(preBit, preByte, bits, bytes, nrHoles, nrBitHoles, (int) (s.size() - lastSeen / 8), bitPadding);
    }
}
