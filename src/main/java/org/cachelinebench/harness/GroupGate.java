package org.cachelinebench.harness;

import org.cachelinebench.model.ipi.SpinWait;
import org.openjdk.jmh.infra.Control;

/** Padding before the sender's counter (see {@code model.ipi.SenderLog}). */
abstract class GroupGatePadBefore {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
    /** Fills the 4 bytes a 12-byte header leaves before the first long, where a subclass's int would go. */
    int p16;
}

/** Written by the sender only. */
abstract class GroupGateSenderField extends GroupGatePadBefore {
    /** Groups the receiver may run: group {@code g} is open while {@code opened > g}. */
    volatile long opened = 1;
}

/** Padding between the two threads' counters. */
abstract class GroupGatePadBetween extends GroupGateSenderField {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}

/** Written by the receiver only. */
abstract class GroupGateReceiverField extends GroupGatePadBetween {
    /** Groups the receiver has finished. */
    volatile long finished;
}

/** Padding after the receiver's counter. */
abstract class GroupGatePadAfter extends GroupGateReceiverField {
    long r00, r01, r02, r03, r04, r05, r06, r07, r08, r09, r10, r11, r12, r13, r14, r15;
}

/**
 * The barrier between two groups of the interleaved schedule: the receiver says it has handled a group's
 * last call ({@link #finish}); the sender waits for that ({@link #awaitFinished}), hands the blocks over
 * and opens the next group ({@link #open}); the receiver waits for that ({@link #awaitOpen}) before it looks
 * at any block of the next group. It is not timed. Every wait polls {@code stopMeasurement}.
 */
public final class GroupGate extends GroupGatePadAfter {

    /** Sender: waits until the receiver has finished {@code groups} groups; false when stopped. */
    boolean awaitFinished(long groups, Control stop, SpinWait spin) {
        int spins = 0;
        while (finished < groups) {
            if (stop.stopMeasurement) {
                return false;
            }
            spins = spin.pause(spins);
        }
        return true;
    }

    /** Sender: lets the receiver run groups below {@code groups}. */
    void open(long groups) {
        opened = groups;
    }

    /** Receiver: waits until group {@code group} is open; false when stopped. */
    boolean awaitOpen(long group, Control stop, SpinWait spin) {
        int spins = 0;
        while (opened <= group) {
            if (stop.stopMeasurement) {
                return false;
            }
            spins = spin.pause(spins);
        }
        return true;
    }

    /** Receiver: it has handled every call of the first {@code groups} groups. */
    void finish(long groups) {
        finished = groups;
    }

    /** Group 0 open, nothing finished. Only with both threads stopped. */
    void reset() {
        opened = 1;
        finished = 0;
    }

    long opened() {
        return opened;
    }

    long finished() {
        return finished;
    }
}
