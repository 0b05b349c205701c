package org.cachelinebench.coherence;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The private caches of {@code cpus} CPUs: every line's state per CPU, under MESI or MOESI, and the traffic each
 * access causes, counted per line. Caches are unbounded (no capacity misses: the models' lines are few) and
 * every line starts invalid everywhere.
 *
 * <p>A read hit costs nothing. A read miss is a transfer when another cache holds the line (its modified or
 * exclusive holder, or a sharer, supplies it), else a memory read. A write or locked read-modify-write needs the
 * line modified: from exclusive silently, from shared or owned with an upgrade that invalidates the other copies,
 * from invalid with a read-for-ownership that is a transfer (or a memory read) and invalidates them too.
 */
public final class Caches {
    /** A line's state in one cache. */
    enum State { MODIFIED, OWNED, EXCLUSIVE, SHARED, INVALID }

    /** What an access does to its line. */
    public enum Kind {
        /** Any load: plain, opaque, acquire or volatile. */
        READ,
        /** Any store: plain, opaque, release or volatile. */
        WRITE,
        /** A locked read-modify-write: compare-and-set, compare-and-exchange, get-and-set (x86 {@code lock}). */
        RMW
    }

    private final Protocol protocol;
    private final Prefetch prefetch;
    private final int cpus;
    private final Map<Long, State[]> lines = new HashMap<>();
    private final Map<Long, long[]> counts = new TreeMap<>();
    private final long[][] byCpu;

    private static final int TRANSFERS = 0, INVALIDATIONS = 1, UPGRADES = 2, WRITE_BACKS = 3, MEMORY_READS = 4,
            PREFETCHES = 5, COUNTERS = 6;

    public Caches(Protocol protocol, Prefetch prefetch, int cpus) {
        if (cpus < 1) {
            throw new IllegalArgumentException("need at least one CPU, not " + cpus);
        }
        this.protocol = protocol;
        this.prefetch = prefetch;
        this.cpus = cpus;
        this.byCpu = new long[cpus][COUNTERS];
    }

    public int cpus() { return cpus; }

    /** {@code cpu} accesses line {@code line} (a line number: byte address / line size). */
    public void access(int cpu, Kind kind, long line) {
        if (cpu < 0 || cpu >= cpus) {
            throw new IllegalArgumentException("cpu " + cpu + " outside 0.." + (cpus - 1));
        }
        State[] s = states(line);
        boolean miss = s[cpu] == State.INVALID;
        if (kind == Kind.READ) {
            read(cpu, line, s, false);
        } else {
            own(cpu, line, s);
        }
        if (miss && prefetch == Prefetch.ADJACENT_LINE) {
            long buddy = line ^ 1;
            State[] b = lines.get(buddy);   // only lines the program uses: an untouched buddy holds nothing of ours
            if (b != null && b[cpu] == State.INVALID) {
                read(cpu, buddy, b, true);
            }
        }
    }

    private void read(int cpu, long line, State[] s, boolean prefetched) {
        if (s[cpu] != State.INVALID) {
            return;
        }
        boolean held = false;
        for (int o = 0; o < cpus; o++) {
            if (o == cpu || s[o] == State.INVALID) {
                continue;
            }
            held = true;
            switch (s[o]) {
                case MODIFIED:
                    if (protocol == Protocol.MESI) {
                        count(cpu, line, WRITE_BACKS, 1);
                        s[o] = State.SHARED;
                    } else {
                        s[o] = State.OWNED;
                    }
                    break;
                case EXCLUSIVE:
                    s[o] = State.SHARED;
                    break;
                default:
                    // OWNED stays the owner; SHARED stays shared
            }
        }
        if (held) {
            count(cpu, line, TRANSFERS, 1);
            if (prefetched) {
                count(cpu, line, PREFETCHES, 1);
            }
            s[cpu] = State.SHARED;
        } else {
            count(cpu, line, MEMORY_READS, 1);
            s[cpu] = State.EXCLUSIVE;
        }
    }

    private void own(int cpu, long line, State[] s) {
        State mine = s[cpu];
        if (mine == State.MODIFIED) {
            return;
        }
        if (mine == State.EXCLUSIVE) {
            s[cpu] = State.MODIFIED;
            return;
        }
        int others = 0;
        for (int o = 0; o < cpus; o++) {
            if (o != cpu && s[o] != State.INVALID) {
                others++;
                s[o] = State.INVALID;
            }
        }
        if (mine == State.INVALID) {
            count(cpu, line, others > 0 ? TRANSFERS : MEMORY_READS, 1);
        } else {
            count(cpu, line, UPGRADES, 1);
        }
        count(cpu, line, INVALIDATIONS, others);
        s[cpu] = State.MODIFIED;
    }

    private State[] states(long line) {
        return lines.computeIfAbsent(line, l -> {
            State[] s = new State[cpus];
            Arrays.fill(s, State.INVALID);
            return s;
        });
    }

    /** Counts {@code n} of counter {@code what} on {@code line}, against the CPU whose access caused them. */
    private void count(int cpu, long line, int what, long n) {
        counts.computeIfAbsent(line, l -> new long[COUNTERS])[what] += n;
        byCpu[cpu][what] += n;
    }

    private static Traffic traffic(long[] c) {
        return new Traffic(c[TRANSFERS], c[INVALIDATIONS], c[UPGRADES], c[WRITE_BACKS], c[MEMORY_READS], c[PREFETCHES]);
    }

    /** The traffic counted so far, over every line. */
    public Traffic total() {
        Traffic t = Traffic.NONE;
        for (long line : counts.keySet()) {
            t = t.plus(ofLine(line));
        }
        return t;
    }

    /** The traffic counted so far on one line. */
    public Traffic ofLine(long line) {
        long[] c = counts.get(line);
        return c == null ? Traffic.NONE : traffic(c);
    }

    /** The traffic counted so far that {@code cpu}'s accesses caused (the invalidations its writes sent included). */
    public Traffic ofCpu(int cpu) {
        return traffic(byCpu[cpu]);
    }

    /** The traffic counted so far, per line, by line number. */
    public Map<Long, Traffic> byLine() {
        Map<Long, Traffic> m = new TreeMap<>();
        for (long line : counts.keySet()) {
            m.put(line, ofLine(line));
        }
        return m;
    }

    /** Forgets the counts, keeps the states: the end of a warm-up. */
    public void resetCounts() {
        counts.clear();
        for (long[] c : byCpu) {
            Arrays.fill(c, 0);
        }
    }

    /** A line's state in a cache, for tests: "M", "O", "E", "S" or "I". */
    String state(int cpu, long line) {
        State[] s = lines.get(line);
        return s == null ? "I" : s[cpu].name().substring(0, 1);
    }
}
