package org.cachelinebench.model.layout;

/** {@link Positions} on a memory other than raw: a position is an index into it. Loaded only where one is made. */
final class IndexedPositions extends Positions {
    private final Memory memory;

    private IndexedPositions(Memory memory) {
        this.memory = memory;
    }

    /** Made here, not in {@link Positions#of}, so that verifying that method loads no second kind. */
    static Positions on(Memory memory) {
        return new IndexedPositions(memory);
    }

    @Override public long getLong(long at) { return memory.getLong((int) at); }
    @Override public void setLong(long at, long v) { memory.setLong((int) at, v); }
    @Override public int getInt(long at) { return memory.getInt((int) at); }
    @Override public void setInt(long at, int v) { memory.setInt((int) at, v); }
    @Override public int getIntOpaque(long at) { return memory.getIntOpaque((int) at); }
    @Override public void setIntRelease(long at, int v) { memory.setIntRelease((int) at, v); }
    @Override public boolean compareAndSetInt(long at, int expect, int update) {
        return memory.compareAndSetInt((int) at, expect, update);
    }
}
