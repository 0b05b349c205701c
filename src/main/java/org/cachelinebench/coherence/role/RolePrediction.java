package org.cachelinebench.coherence.role;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.cachelinebench.coherence.Caches;
import org.cachelinebench.coherence.Caches.Kind;
import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.Traffic;
import org.cachelinebench.model.layout.StructLayout;

/**
 * Predicted transfers for a struct layout and the roles that use it, for the struct tool: every role runs on CPUs
 * of its own and makes, per operation, its accesses of named fields, each at a rate (a fraction: {@code 1/64} is
 * once every 64 operations, spread evenly). The CPUs take turns one operation each, round robin, under the model's
 * protocol and prefetcher; after a warm-up, the traffic of each role is counted per operation of that role.
 * Nothing waits here, so no thread runs: the accesses go straight to the {@link org.cachelinebench.coherence.Caches}.
 */
public final class RolePrediction {
    private RolePrediction() {}

    /** A field of the layout: its name (a member path such as {@code chunk_md.first_free}), offset and size. */
    public record Field(String name, int offset, int size) {
        public Field {
            if (offset < 0 || size < 1) {
                throw new IllegalArgumentException("field " + name + ": offset " + offset + ", size " + size);
            }
        }
    }

    /** One access of a role: a field, what is done to it, and how often. */
    public record Access(String field, Kind kind, Rate rate) {}

    /** A role: its name, its CPUs, and its accesses per operation, in program order. */
    public record Role(String name, int cpus, List<Access> accesses) {
        public Role {
            if (cpus < 1) {
                throw new IllegalArgumentException("role " + name + " needs at least one CPU, not " + cpus);
            }
            accesses = List.copyOf(accesses);
        }
    }

    /**
     * The prediction: per operation of each role, the traffic its CPUs caused, and per line (line 0 holds the
     * struct's first byte), the traffic per round (one operation of every CPU).
     */
    public record Result(Map<String, Traffic> perRoleOperation, Map<Integer, Traffic> perRoundByLine) {
        public Result {
            perRoleOperation = Map.copyOf(perRoleOperation);
            perRoundByLine = Map.copyOf(perRoundByLine);
        }

        /** Transfers per operation of {@code role}; an unknown role is an {@link IllegalArgumentException}. */
        public double transfers(String role) {
            Traffic t = perRoleOperation.get(role);
            if (t == null) {
                throw new IllegalArgumentException("unknown role '" + role + "' (roles: "
                        + String.join(", ", perRoleOperation.keySet()) + ")");
            }
            return t.transfers();
        }

        /** Transfers per round, over every line. */
        public double transfersPerRound() {
            return perRoundByLine.values().stream().mapToDouble(Traffic::transfers).sum();
        }
    }

    /** Rounds before counting, and counted: a multiple of every rate's denominator up to 4096 repeats exactly. */
    static final int WARMUP_ROUNDS = 4096;
    static final int ROUNDS = 4096;

    /** The innermost members of a C layout, by path, at their offsets from the struct's start. */
    public static List<Field> fields(StructLayout layout) {
        List<Field> out = new ArrayList<>();
        flatten(layout, "", 0, out);
        return out;
    }

    private static void flatten(StructLayout layout, String prefix, int base, List<Field> out) {
        for (StructLayout.Member m : layout.members()) {
            String name = prefix + m.name();
            if (m.type().isStruct()) {
                flatten(m.type().struct(), name + ".", base + m.offset(), out);
            } else if (m.size() > 0) {
                out.add(new Field(name, base + m.start(), Math.max(1, m.end() - m.start())));
            }
        }
    }

    /**
     * Predicts {@code roles} on {@code fields}, the struct {@code startInLine} bytes into a line. An access of a
     * field the layout does not have is an {@link IllegalArgumentException} naming it.
     */
    public static Result predict(List<Field> fields, int startInLine, List<Role> roles, Model model) {
        Map<String, Field> byName = new LinkedHashMap<>();
        for (Field f : fields) {
            byName.put(f.name(), f);
        }
        if (roles.isEmpty()) {
            throw new IllegalArgumentException("no roles to predict");
        }
        int lineSize = model.lineSize();
        if (startInLine < 0 || startInLine >= lineSize) {
            throw new IllegalArgumentException("start " + startInLine + " outside 0.." + (lineSize - 1));
        }
        List<Role> cpuRole = new ArrayList<>();
        for (Role r : roles) {
            for (Access a : r.accesses()) {
                if (!byName.containsKey(a.field())) {
                    throw new IllegalArgumentException("role " + r.name() + ": unknown field '" + a.field() + "'");
                }
            }
            for (int i = 0; i < r.cpus(); i++) {
                cpuRole.add(r);
            }
        }
        Caches caches = new Caches(model.protocol(), model.prefetch(), cpuRole.size());
        for (int round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
            if (round == WARMUP_ROUNDS) {
                caches.resetCounts();
            }
            for (int cpu = 0; cpu < cpuRole.size(); cpu++) {
                for (Access a : cpuRole.get(cpu).accesses()) {
                    if (a.rate().due(round)) {
                        Field f = byName.get(a.field());
                        int first = (startInLine + f.offset()) / lineSize;
                        int last = (startInLine + f.offset() + f.size() - 1) / lineSize;
                        for (int line = first; line <= last; line++) {
                            caches.access(cpu, a.kind(), line);
                        }
                    }
                }
            }
        }
        Map<String, Traffic> perRole = new LinkedHashMap<>();
        for (Role r : roles) {
            Traffic t = Traffic.NONE;
            for (int cpu = 0; cpu < cpuRole.size(); cpu++) {
                if (cpuRole.get(cpu) == r) {
                    t = t.plus(caches.ofCpu(cpu));
                }
            }
            perRole.put(r.name(), t.per((long) ROUNDS * r.cpus()));
        }
        Map<Integer, Traffic> byLine = new LinkedHashMap<>();
        caches.byLine().forEach((line, t) -> byLine.put((int) (long) line, t.per(ROUNDS)));
        return new Result(perRole, byLine);
    }
}
