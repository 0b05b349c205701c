package org.cachelinebench.harness.pin;

import java.util.Locale;

import org.cachelinebench.model.layout.EnumParam;

/**
 * The {@code place} benchmark parameter: where the N threads of a many-CPU benchmark run, by how far a line must
 * travel between them ({@link ThreadPlacement} chooses the CPUs from sysfs, {@link PlacedThread} pins them).
 * <ul>
 *   <li>{@code off}: not pinned; the scheduler places them;</li>
 *   <li>{@code smt}: SMT siblings first: both hardware threads of a core before the next core;</li>
 *   <li>{@code l3}: one thread per core, all cores under one L3;</li>
 *   <li>{@code socket}: one thread per core, the cores of one socket taken from its L3s in turn;</li>
 *   <li>{@code all}: one thread per core, taken from every socket in turn.</li>
 * </ul>
 */
public enum Place {
    OFF("off", "not pinned"),
    SMT("smt", "SMT siblings first"),
    L3("l3", "one core each, under one L3"),
    SOCKET("socket", "one core each, one socket, its L3s in turn"),
    ALL("all", "one core each, every socket in turn");

    public static final String PARAM = "place";

    private final String value;
    private final String description;

    Place(String value, String description) {
        this.value = value;
        this.description = description;
    }

    public String value() { return value; }

    public String description() { return description; }

    public static Place parse(String value) {
        return EnumParam.parse(PARAM, values(), Place::value, value == null ? null : value.trim().toLowerCase(Locale.ROOT));
    }

    /**
     * Checks a {@code -p place=...} value before anything runs: it parses, and unless {@code off}, pinning works
     * here and this machine has the class at all (two threads so placed), so a user learns it in one line.
     */
    public static void check(String value) {
        Place place = parse(value);
        if (place == OFF) {
            return;
        }
        String why = ThreadPinning.unavailableReason();
        if (why != null) {
            throw new IllegalArgumentException("place=" + place.value + " is not possible here: " + why);
        }
        CpuTopology topology;
        try {
            topology = CpuTopology.system();
        } catch (IllegalStateException e) {
            throw new IllegalArgumentException("place=" + place.value + " is not possible here: " + e.getMessage());
        }
        ThreadPlacement.of(place, 2, topology, ThreadPinning.allowedCpus());
    }
}
