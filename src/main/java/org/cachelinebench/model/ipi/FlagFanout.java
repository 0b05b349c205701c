package org.cachelinebench.model.ipi;

import org.openjdk.jmh.infra.Control;

/**
 * The floor of the many-CPU comparison: {@link FlagPingPong} from every sender to every target at once. Sender s
 * raises a 4-byte flag in each target's unit (release), where its line-aligned csd for that target would start,
 * then waits for each to come down (acquire); target t watches the flags of all senders in its unit (acquire) and
 * lowers each it finds raised (release). One call moves one line to each target and back: the cost of one line
 * per target in this fan-out, the unit of the extra line transfers. With one sender and one target it is
 * {@link FlagPingPong}.
 */
public final class FlagFanout extends ManyHandshakeLogs {
    private FlagFanout(PercpuCsdUnits units) {
        super(units, 0);
        if (units.align() != 64 && units.align() != units.lineSize()) {
            throw new IllegalArgumentException("the floor's flags need a line each: align 64, not " + units.align());
        }
    }

    /** Flags where {@code units} (line-aligned) puts the csds. */
    public static FlagFanout on(PercpuCsdUnits units) {
        return new FlagFanout(units);
    }

    @Override
    public boolean send(int sender, Control stop, SpinWait spin) {
        if (stop.stopMeasurement) {
            return false;
        }
        ManySenderBook book = books[sender];
        int targets = logs.length;
        for (int t = 0; t < targets; t++) {
            units.memory().setIntRelease(units.csd(sender, t), 1);
            book.queued(t, 1);
        }
        for (int t = 0; t < targets; t++) {
            book.waiting = ManySenderBook.UNLOCK;
            book.waitingFor = t;
            int flag = units.csd(sender, t);
            int spins = 0;
            while (units.memory().getIntAcquire(flag) != 0) {
                if (stop.stopMeasurement) {
                    book.waiting = ManySenderBook.NONE;
                    return false;
                }
                spins = spin.pause(spins);
            }
        }
        book.waiting = ManySenderBook.NONE;
        book.nextSeq++;
        return true;
    }

    @Override
    public int receive(int target, Control stop, SpinWait spin) {
        int senders = books.length;
        int spins = 0;
        while (true) {
            int n = 0;
            for (int s = 0; s < senders; s++) {
                int flag = units.csd(s, target);
                if (units.memory().getIntAcquire(flag) != 0) {
                    units.memory().setIntRelease(flag, 0);
                    n++;
                }
            }
            if (n != 0) {
                logs[target].handled += n;
                return n;
            }
            if (stop.stopMeasurement) {
                return 0;
            }
            spins = spin.pause(spins);
        }
    }

    @Override
    public boolean drained(int target) {
        for (int s = 0; s < books.length; s++) {
            if (units.memory().getIntAcquire(units.csd(s, target)) != 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String check(boolean complete) {
        for (int t = 0; t < logs.length; t++) {
            long raised = 0;
            for (ManySenderBook b : books) {
                raised += b.queued(t);
            }
            long handled = logs[t].handled;
            if (handled > raised || (complete ? handled != raised : handled < raised - books.length)) {
                return "target " + t + " lowered " + handled + " flags of the " + raised + " raised for it";
            }
        }
        return null;
    }

    @Override
    public String describeSender(int sender) {
        ManySenderBook b = books[sender];
        return "sender " + sender + " at call " + b.nextSeq + (b.waiting == ManySenderBook.NONE ? ": between calls"
                : ": waiting for target " + b.waitingFor + " to lower its flag");
    }

    @Override
    public String describeTarget(int target) {
        return "target " + target + " has lowered " + logs[target].handled + " flags";
    }

    @Override
    public String where() {
        return "flag fan-out (the floor): a flag where each line-aligned csd starts: " + units.describe();
    }
}
