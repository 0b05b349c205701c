package org.cachelinebench.harness.pin;

import java.util.Locale;

import org.cachelinebench.model.layout.EnumParam;

/**
 * The {@code pin} benchmark parameter: {@code off} lets the scheduler place the threads, {@code on} pins
 * each thread of a benchmark group to its own CPU (see {@link PinnedThread}).
 * {@code same-core}, {@code same-l3} and {@code cross-l3} pin the two threads of a group to two CPUs so
 * related ({@link CpuTopology}), because what a line costs to move depends on how far it goes; {@code -p cpus=A:B}
 * names the two CPUs ({@link PinPlan}).
 */
public enum Pin {
    OFF("off", null),
    ON("on", null),
    /** Two hardware threads of one core (needs SMT). */
    SAME_CORE("same-core", CpuTopology.Relation.SAME_CORE),
    /** Two separate cores under one L3. */
    SAME_L3("same-l3", CpuTopology.Relation.SAME_L3),
    /** Two cores whose L3 caches differ (another CCX, die or socket). */
    CROSS_L3("cross-l3", CpuTopology.Relation.CROSS_L3);

    /** The JMH parameter name. */
    public static final String PARAM = "pin";

    /**
     * The JMH parameter that names the two CPUs, {@code A:B} (JMH splits {@code -p} values at commas, so not
     * {@code A,B}); empty: chosen as {@code pin} says. See {@link PinPlan}.
     */
    public static final String CPUS_PARAM = "cpus";

    private final String value;
    private final CpuTopology.Relation relation;

    Pin(String value, CpuTopology.Relation relation) {
        this.value = value;
        this.relation = relation;
    }

    /** The relation the two CPUs must have, or null for {@code off} and {@code on}. */
    public CpuTopology.Relation relation() {
        return relation;
    }

    public String value() {
        return value;
    }

    /** Parses a {@code -p pin=...} value, case and surrounding blanks aside; the message of the exception is one line. */
    public static Pin parse(String value) {
        return EnumParam.parse(PARAM, values(), Pin::value, value == null ? null : value.trim().toLowerCase(Locale.ROOT));
    }

    /**
     * Checks a {@code -p pin=...} value before anything runs: the value must parse, pinning needs a machine
     * where {@link ThreadPinning} works, and {@code same-core}, {@code same-l3} and {@code cross-l3} need two
     * allowed CPUs so related, so that a user learns it in one line, not from a fork.
     */
    public static void check(String value) {
        Pin pin = parse(value);
        if (pin == OFF) {
            return;
        }
        String why = ThreadPinning.unavailableReason();
        if (why != null) {
            throw new IllegalArgumentException("pin=" + pin.value + " is not possible here: " + why);
        }
        if (pin.relation != null) {
            PinPlan.of(pin, "", topology("pin=" + pin.value), ThreadPinning.allowedCpus());
        }
    }

    /**
     * Checks a {@code -p cpus=A:B} value before anything runs: empty, or two distinct CPUs this process may
     * use, on a machine where {@link ThreadPinning} works.
     */
    public static void checkCpus(String value) {
        if (PinPlan.parseCpus(value) == null) {
            return;
        }
        String why = ThreadPinning.unavailableReason();
        if (why != null) {
            throw new IllegalArgumentException("cpus=" + value.trim() + " is not possible here: " + why);
        }
        PinPlan.of(OFF, value, topology("cpus=" + value.trim()), ThreadPinning.allowedCpus());
    }

    /** This machine's topology; a sysfs that cannot be read is a bad-parameter line for {@code what}. */
    private static CpuTopology topology(String what) {
        try {
            return CpuTopology.system();
        } catch (IllegalStateException e) {
            throw new IllegalArgumentException(what + " is not possible here: " + e.getMessage());
        }
    }
}
