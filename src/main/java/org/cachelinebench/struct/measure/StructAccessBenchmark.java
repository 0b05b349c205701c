package org.cachelinebench.struct.measure;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.ThreadParams;

import org.cachelinebench.model.layout.LineAlignedMemory;
import org.cachelinebench.model.layout.Placement;
import org.cachelinebench.struct.analysis.AccessSpec;

/*
 * Your own struct, measured: the roles of a roles file, played on one layout of the struct.
 *
 * The struct lies byte-exact in off-heap memory at the start of a line (-p spec says how big it is and
 * the line size to align to). Each JMH thread plays one instance of one role, chosen by its thread
 * index: the first role's threads come first. A role's operation is one pass over its accesses: every
 * word it reads is loaded with opaque strength (READ_ONCE: the JIT may neither hoist nor merge it), every
 * word it writes is loaded and stored back plus one (a read-modify-write, as real code updates a field;
 * a writer that only stored would barely notice a line it does not hold). A word with a rate (a
 * consumer that reads the producer's index once every 64 operations) is accessed on every N-th pass
 * only. Nothing waits for anything, so each invocation is a bounded loop of PASSES passes and ends by
 * itself.
 *
 * The roles differ only in offsets between the variants the tool compares (original, suggested, and
 * the original again as the A/A control): same threads, same accesses, same code.
 *
 * -p spec: see AccessSpec, e.g. size=192;line=64;role=allocator*1:w4@0,w4@4;role=reader*1:r8@64
 * The thread count must be the spec's role instances (-t N); benchmarks/struct --measure sets it.
 *
 * Output: the primary score is passes per microsecond over all threads; role0, role1, ... (the roles in
 * the spec's order) are each role's passes per microsecond, over its threads.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 3, time = 500, timeUnit = TimeUnit.MILLISECONDS)
public class StructAccessBenchmark {
    /** Passes over a role's accesses per invocation: long enough to hide JMH's per-call cost, bounded. */
    static final int PASSES = 256;

    /** A spec that runs alone, so the class works with JMH's defaults: one reader of one word. */
    static final String DEMO = "size=8;line=64;role=reader*1:r8@0";

    /** Rejects a bad {@code -p spec} before any fork starts (the suite's Main and the runners call it). */
    public static void checkParam(String name, String value) {
        if (name.equals("spec")) {
            AccessSpec.parse(value);
        }
    }

    @State(Scope.Benchmark)
    public static class Memory {
        @Param({DEMO})
        public String spec;

        AccessSpec parsed;
        LineAlignedMemory memory;

        @Setup(Level.Trial)
        public void allocate(BenchmarkParams params) {
            parsed = AccessSpec.parse(spec);
            if (params.getThreads() != parsed.threads()) {
                throw new IllegalStateException("the spec has " + parsed.threads() + " role instances, the run "
                        + params.getThreads() + " threads: run with -t " + parsed.threads());
            }
            int lines = (parsed.bytes() + parsed.lineSize() - 1) / parsed.lineSize();
            memory = LineAlignedMemory.allocate(lines, parsed.lineSize());
            Placement p = memory.place(0, Math.max(1, parsed.size()));
            if (p.startInLine() != 0) {
                throw new IllegalStateException("the struct does not start on a line: " + p.describe());
            }
        }
    }

    /** One thread's role: which one, and its words as offsets (split by width and kind, for tight loops). */
    @State(Scope.Thread)
    public static class Player {
        int role;
        int[] readLongs;
        int[] readInts;
        int[] writeLongs;
        int[] writeInts;
        /** Words accessed every N-th pass only: offset, width, N, and whether written. */
        int[] rareOffsets;
        int[] rareWidths;
        int[] rareEvery;
        boolean[] rareWrites;

        @Setup(Level.Trial)
        public void choose(Memory s, ThreadParams thread) {
            int index = thread.getThreadIndex();
            List<AccessSpec.RoleAccesses> roles = s.parsed.roles();
            int r = 0;
            while (index >= roles.get(r).threads()) {
                index -= roles.get(r).threads();
                r++;
            }
            role = r;
            AccessSpec.RoleAccesses a = roles.get(r);
            readLongs = offsets(a.reads(), 8);
            readInts = offsets(a.reads(), 4);
            writeLongs = offsets(a.writes(), 8);
            writeInts = offsets(a.writes(), 4);
            List<AccessSpec.Word> rare = new java.util.ArrayList<>();
            List<Boolean> written = new java.util.ArrayList<>();
            for (AccessSpec.Word w : a.reads()) {
                if (w.every() > 1) {
                    rare.add(w);
                    written.add(false);
                }
            }
            for (AccessSpec.Word w : a.writes()) {
                if (w.every() > 1) {
                    rare.add(w);
                    written.add(true);
                }
            }
            rareOffsets = rare.stream().mapToInt(AccessSpec.Word::offset).toArray();
            rareWidths = rare.stream().mapToInt(AccessSpec.Word::width).toArray();
            rareEvery = rare.stream().mapToInt(AccessSpec.Word::every).toArray();
            rareWrites = new boolean[rare.size()];
            for (int i = 0; i < rareWrites.length; i++) {
                rareWrites[i] = written.get(i);
            }
        }

        /** The offsets of the words of this width accessed on every pass. */
        private static int[] offsets(List<AccessSpec.Word> words, int width) {
            return words.stream().filter(w -> w.width() == width && w.every() == 1).mapToInt(AccessSpec.Word::offset).toArray();
        }
    }

    /** Passes per role; JMH sums each counter over the threads and divides by the time. */
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class Passes {
        public long role0;
        public long role1;
        public long role2;
        public long role3;
        public long role4;
        public long role5;
        public long role6;
        public long role7;

        @Setup(Level.Iteration)
        public void reset() {
            role0 = role1 = role2 = role3 = role4 = role5 = role6 = role7 = 0;
        }

        void add(int role, long n) {
            switch (role) {
                case 0: role0 += n; break;
                case 1: role1 += n; break;
                case 2: role2 += n; break;
                case 3: role3 += n; break;
                case 4: role4 += n; break;
                case 5: role5 += n; break;
                case 6: role6 += n; break;
                case 7: role7 += n; break;
                default: throw new IllegalStateException("role " + role);
            }
        }
    }

    @Benchmark
    @OperationsPerInvocation(PASSES)
    public long access(Memory s, Player p, Passes passes) {
        LineAlignedMemory m = s.memory;
        long sum = 0;
        for (int pass = 0; pass < PASSES; pass++) {
            for (int i : p.readLongs) {
                sum += m.getLongOpaque(i);
            }
            for (int i : p.readInts) {
                sum += m.getIntOpaque(i);
            }
            for (int i : p.writeLongs) {
                m.setLongRelease(i, m.getLongOpaque(i) + 1);
            }
            for (int i : p.writeInts) {
                m.setIntOpaque(i, m.getIntOpaque(i) + 1);
            }
            for (int k = 0; k < p.rareOffsets.length; k++) {
                if (pass % p.rareEvery[k] == 0) {
                    sum += rare(m, p.rareOffsets[k], p.rareWidths[k], p.rareWrites[k]);
                }
            }
        }
        passes.add(p.role, PASSES);
        return sum;
    }

    /** One access to a word accessed every N-th pass, as the every-pass loops do it. */
    private static long rare(LineAlignedMemory m, int offset, int width, boolean write) {
        if (width == 8) {
            long v = m.getLongOpaque(offset);
            if (write) {
                m.setLongRelease(offset, v + 1);
            }
            return v;
        }
        int v = m.getIntOpaque(offset);
        if (write) {
            m.setIntOpaque(offset, v + 1);
        }
        return v;
    }
}
