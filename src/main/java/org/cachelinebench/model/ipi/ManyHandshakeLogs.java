package org.cachelinebench.model.ipi;

/**
 * What every many-CPU handshake keeps besides its protocol: the units, each sender's {@link ManySenderBook} and each
 * target's {@link ReceiverLog}, and how they start over.
 */
abstract class ManyHandshakeLogs implements ManyHandshake {
    final PercpuCsdUnits units;
    final ManySenderBook[] books;
    final ReceiverLog[] logs;

    ManyHandshakeLogs(PercpuCsdUnits units, long work) {
        this.units = units;
        books = new ManySenderBook[units.senders()];
        for (int s = 0; s < books.length; s++) {
            books[s] = new ManySenderBook(units.targets());
        }
        logs = new ReceiverLog[units.targets()];
        for (int t = 0; t < logs.length; t++) {
            logs[t] = new ReceiverLog(work);
        }
    }

    @Override
    public final void reset() {
        units.clear();
        for (ManySenderBook b : books) {
            b.reset();
        }
        for (ReceiverLog l : logs) {
            l.reset();
        }
        resetProtocol();
    }

    /** What the protocol keeps outside the units, started over with them; nothing by default. */
    void resetProtocol() {}

    @Override
    public final long calls(int sender) {
        return books[sender].nextSeq;
    }

    @Override
    public final long handled(int target) {
        return logs[target].handled;
    }

    public final PercpuCsdUnits units() {
        return units;
    }
}
