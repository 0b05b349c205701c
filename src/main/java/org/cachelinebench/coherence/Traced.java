package org.cachelinebench.coherence;

import java.util.Map;

/**
 * What one traced workload did per operation: its traffic, the traffic of each of its lines, and the traffic the
 * CPUs of each role caused.
 *
 * @param operations  the operations measured (after the warm-up)
 * @param perOperation all traffic, per operation
 * @param byLine      per operation, by the line's name in its workload (e.g. "csd line A", "queue head")
 * @param byRole      per operation of that role, the traffic its CPUs caused (e.g. "reader")
 */
public record Traced(long operations, Traffic perOperation, Map<String, Traffic> byLine, Map<String, Traffic> byRole) {
    public Traced {
        byLine = Map.copyOf(byLine);
        byRole = Map.copyOf(byRole);
    }

    /** The traffic per operation of the role, or of everything for {@code null}. */
    public Traffic traffic(String role) {
        if (role == null) {
            return perOperation;
        }
        Traffic t = byRole.get(role);
        if (t == null) {
            throw new IllegalArgumentException("no role " + role + " in this trace (roles: " + byRole.keySet() + ")");
        }
        return t;
    }

    /** The transfers per operation of the role, or of everything for {@code null}. */
    public double transfers(String role) {
        return traffic(role).transfers();
    }
}
