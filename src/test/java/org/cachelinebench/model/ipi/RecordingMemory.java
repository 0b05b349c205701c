package org.cachelinebench.model.ipi;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import org.cachelinebench.model.layout.Memory;

/**
 * A heap memory that writes down every access, in program order, with the CPU the test says is running, what the
 * access does (load, store, locked read-modify-write) and its strength; and that can run another CPU's code just
 * before a chosen access, so that one thread plays an interleaving of several CPUs exactly.
 */
final class RecordingMemory extends Memory.Traced {
    enum Kind { LOAD, STORE, RMW }

    enum Strength { PLAIN, OPAQUE, ACQUIRE, RELEASE, VOLATILE }

    /** One access: the CPU, the byte index, what it did and how strongly. */
    record Access(String cpu, int index, Kind kind, Strength strength) {}

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.nativeOrder());

    private final byte[] bytes;
    private final int lineSize;
    private final List<Access> accesses = new ArrayList<>();
    private String cpu = "?";
    private Predicate<Access> trigger;
    private Runnable interleaved;

    RecordingMemory(int lines, int lineSize) {
        this.bytes = new byte[lines * lineSize];
        this.lineSize = lineSize;
    }

    /** The CPU whose accesses follow. */
    void cpu(String name) {
        cpu = name;
    }

    /** Runs {@code other} once, just before the first access that {@code when} accepts; then the access. */
    void before(Predicate<Access> when, Runnable other) {
        trigger = when;
        interleaved = other;
    }

    List<Access> accesses() {
        return accesses;
    }

    private void record(int i, Kind kind, Strength strength) {
        Access a = new Access(cpu, i, kind, strength);
        if (trigger != null && trigger.test(a)) {
            Runnable other = interleaved;
            trigger = null;
            interleaved = null;
            String self = cpu;
            other.run();
            cpu = self;
            a = new Access(cpu, i, kind, strength);
        }
        accesses.add(a);
    }

    @Override public int lineSize() { return lineSize; }
    @Override public int capacity() { return bytes.length; }

    @Override public long getLong(int i) { record(i, Kind.LOAD, Strength.PLAIN); return (long) LONGS.get(bytes, i); }
    @Override public void setLong(int i, long v) { record(i, Kind.STORE, Strength.PLAIN); LONGS.set(bytes, i, v); }
    @Override public long getLongOpaque(int i) { record(i, Kind.LOAD, Strength.OPAQUE); return (long) LONGS.get(bytes, i); }
    @Override public long getLongAcquire(int i) { record(i, Kind.LOAD, Strength.ACQUIRE); return (long) LONGS.get(bytes, i); }
    @Override public void setLongRelease(int i, long v) { record(i, Kind.STORE, Strength.RELEASE); LONGS.set(bytes, i, v); }
    @Override public long getLongVolatile(int i) { record(i, Kind.LOAD, Strength.VOLATILE); return (long) LONGS.get(bytes, i); }
    @Override public void setLongVolatile(int i, long v) { record(i, Kind.STORE, Strength.VOLATILE); LONGS.set(bytes, i, v); }

    @Override
    public boolean compareAndSetLong(int i, long expect, long update) {
        return compareAndExchangeLong(i, expect, update) == expect;
    }

    @Override
    public long compareAndExchangeLong(int i, long expect, long update) {
        record(i, Kind.RMW, Strength.VOLATILE);
        long found = (long) LONGS.get(bytes, i);
        if (found == expect) {
            LONGS.set(bytes, i, update);
        }
        return found;
    }

    @Override
    public long getAndSetLong(int i, long v) {
        record(i, Kind.RMW, Strength.VOLATILE);
        long found = (long) LONGS.get(bytes, i);
        LONGS.set(bytes, i, v);
        return found;
    }

    @Override public int getInt(int i) { record(i, Kind.LOAD, Strength.PLAIN); return (int) INTS.get(bytes, i); }
    @Override public void setInt(int i, int v) { record(i, Kind.STORE, Strength.PLAIN); INTS.set(bytes, i, v); }
    @Override public int getIntOpaque(int i) { record(i, Kind.LOAD, Strength.OPAQUE); return (int) INTS.get(bytes, i); }
    @Override public void setIntOpaque(int i, int v) { record(i, Kind.STORE, Strength.OPAQUE); INTS.set(bytes, i, v); }
    @Override public int getIntAcquire(int i) { record(i, Kind.LOAD, Strength.ACQUIRE); return (int) INTS.get(bytes, i); }
    @Override public void setIntRelease(int i, int v) { record(i, Kind.STORE, Strength.RELEASE); INTS.set(bytes, i, v); }
    @Override public int getIntVolatile(int i) { record(i, Kind.LOAD, Strength.VOLATILE); return (int) INTS.get(bytes, i); }

    @Override
    public boolean compareAndSetInt(int i, int expect, int update) {
        record(i, Kind.RMW, Strength.VOLATILE);
        int found = (int) INTS.get(bytes, i);
        if (found == expect) {
            INTS.set(bytes, i, update);
            return true;
        }
        return false;
    }
}
