package org.cachelinebench.coherence.role;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.cachelinebench.coherence.Caches.Kind;
import org.cachelinebench.coherence.CpuList;

/**
 * Roles as text, for {@code benchmarks/predict --roles}: accesses separated by {@code ;}, each
 * {@code ROLE[*CPUS] reads|writes|rmw FIELD [RATE]}, e.g.
 * {@code producer writes head; producer reads tail 1/64; consumer writes tail; consumer reads head 1/64}. A role's
 * accesses are in program order; its CPU count is given once (default 1). Problems are one-line
 * {@link IllegalArgumentException}s naming the access.
 */
public final class RoleSpec {
    private RoleSpec() {}

    public static List<RolePrediction.Role> parse(String text, List<RolePrediction.Field> fields) {
        Map<String, List<RolePrediction.Access>> accesses = new LinkedHashMap<>();
        Map<String, Integer> cpus = new LinkedHashMap<>();
        for (String item : text.split(";")) {
            String a = item.trim();
            if (a.isEmpty()) {
                continue;
            }
            String[] w = a.split("\\s+");
            if (w.length < 3 || w.length > 4) {
                throw new IllegalArgumentException("'" + a + "': want ROLE[*CPUS] reads|writes|rmw FIELD [RATE]");
            }
            String role = w[0];
            int n = 1;
            int star = role.indexOf('*');
            if (star >= 0) {
                try {
                    n = Integer.parseInt(role.substring(star + 1));
                } catch (NumberFormatException e) {
                    n = 0;
                }
                role = role.substring(0, star);
                if (n < 1 || n > CpuList.MAX) {
                    throw new IllegalArgumentException("'" + a + "': CPUs of role " + role + " must be 1.." + CpuList.MAX);
                }
                Integer before = cpus.put(role, n);
                if (before != null && before != n) {
                    throw new IllegalArgumentException("'" + a + "': role " + role + " was given " + before + " CPUs");
                }
            }
            Kind kind = switch (w[1]) {
                case "reads" -> Kind.READ;
                case "writes" -> Kind.WRITE;
                case "rmw" -> Kind.RMW;
                default -> throw new IllegalArgumentException("'" + a + "': '" + w[1] + "' is not reads, writes or rmw");
            };
            String field = w[2];
            if (fields.stream().noneMatch(f -> f.name().equals(field))) {
                throw new IllegalArgumentException("'" + a + "': unknown field '" + field + "'");
            }
            Rate rate;
            try {
                rate = w.length == 4 ? Rate.parse(w[3]) : Rate.ALWAYS;
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("'" + a + "': " + e.getMessage());
            }
            accesses.computeIfAbsent(role, r -> new ArrayList<>()).add(new RolePrediction.Access(field, kind, rate));
        }
        if (accesses.isEmpty()) {
            throw new IllegalArgumentException("no roles in '" + text + "'");
        }
        List<RolePrediction.Role> out = new ArrayList<>();
        accesses.forEach((role, list) -> out.add(new RolePrediction.Role(role, cpus.getOrDefault(role, 1), list)));
        return out;
    }
}
