package org.cachelinebench.coherence;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.cachelinebench.coherence.Caches.Kind;
import org.junit.jupiter.api.Test;

/** The protocols' transitions, access by access, on one line and its buddy. */
class CachesTest {
    @Test
    void aFirstReadComesFromMemoryAndIsExclusiveAndAWriteOfItIsSilent() {
        Caches c = new Caches(Protocol.MESI, Prefetch.NONE, 2);
        c.access(0, Kind.READ, 7);
        assertEquals("E", c.state(0, 7));
        c.access(0, Kind.WRITE, 7);
        assertEquals("M", c.state(0, 7));
        assertEquals(new Traffic(0, 0, 0, 0, 1, 0, 0), c.total());
    }

    @Test
    void mesiWritesAModifiedLineBackWhenAnotherCpuReadsItMoesiKeepsItOwned() {
        for (Protocol p : Protocol.values()) {
            Caches c = writtenThenRead(p, 2, 1);
            assertEquals(p == Protocol.MESI ? "S" : "O", c.state(0, 1), p.name());
            assertEquals("S", c.state(1, 1));
            assertEquals(1, c.total().transfers(), p.name());
            assertEquals(p == Protocol.MESI ? 1 : 0, c.total().writeBacks(), p.name());
        }
    }

    @Test
    void aWriteToASharedLineIsAnUpgradeThatInvalidatesEveryOtherCopy() {
        Caches c = new Caches(Protocol.MESI, Prefetch.NONE, 4);
        for (int cpu = 0; cpu < 4; cpu++) {
            c.access(cpu, Kind.READ, 0);
        }
        c.resetCounts();
        c.access(2, Kind.RMW, 0);
        assertEquals(new Traffic(0, 3, 1, 0, 0, 0, 0), c.total());
        assertEquals("M", c.state(2, 0));
        assertEquals("I", c.state(0, 0));
        assertEquals(new Traffic(0, 3, 1, 0, 0, 0, 0), c.ofCpu(2));
        assertEquals(Traffic.NONE, c.ofCpu(0));
    }

    @Test
    void aWriteMissOnAModifiedLineIsOneTransferAndOneInvalidation() {
        Caches c = new Caches(Protocol.MOESI, Prefetch.NONE, 2);
        c.access(0, Kind.WRITE, 3);
        c.resetCounts();
        c.access(1, Kind.WRITE, 3);
        assertEquals(new Traffic(1, 1, 0, 0, 0, 0, 0), c.total());
    }

    /** A ping-pong on one line, two accesses a side: every round trip moves it there and back. */
    @Test
    void pingPongMovesTheLineTwicePerRoundTrip() {
        for (Protocol p : Protocol.values()) {
            Caches c = new Caches(p, Prefetch.NONE, 2);
            for (int round = 0; round < 10; round++) {
                if (round == 2) {
                    c.resetCounts();
                }
                c.access(0, Kind.READ, 0);    // the sender sees the flag down
                c.access(0, Kind.WRITE, 0);   // and raises it
                c.access(1, Kind.READ, 0);    // the receiver sees it up
                c.access(1, Kind.WRITE, 0);   // and lowers it
            }
            Traffic perRound = c.total().per(8);
            assertEquals(2, perRound.transfers(), p.name());
            assertEquals(2, perRound.upgrades(), p.name());
            assertEquals(2, perRound.invalidations(), p.name());
        }
    }

    @Test
    void theAdjacentLinePrefetcherTakesTheBuddyLineSharedAndTheWriterMustUpgradeAgain() {
        Caches c = new Caches(Protocol.MESI, Prefetch.ADJACENT_LINE, 2);
        c.access(0, Kind.WRITE, 4);           // CPU 0 owns line 4
        c.access(1, Kind.WRITE, 5);           // CPU 1 misses line 5: the prefetcher also reads line 4
        assertEquals("S", c.state(1, 4));
        assertEquals("S", c.state(0, 4));
        assertEquals(1, c.total().prefetches());
        c.resetCounts();
        c.access(0, Kind.WRITE, 4);
        assertEquals(new Traffic(0, 1, 1, 0, 0, 0, 0), c.total());
        Caches without = new Caches(Protocol.MESI, Prefetch.NONE, 2);
        without.access(0, Kind.WRITE, 4);
        without.access(1, Kind.WRITE, 5);
        without.resetCounts();
        without.access(0, Kind.WRITE, 4);
        assertEquals(Traffic.NONE, without.total());
    }

    /** A clean copy is not a transfer: the second and third readers' misses are shared reads. */
    @Test
    void threeReadersOfACleanLineAreOneMemoryReadAndTwoSharedReads() {
        for (Protocol p : Protocol.values()) {
            Caches c = new Caches(p, Prefetch.NONE, 3);
            c.access(0, Kind.READ, 2);
            c.access(1, Kind.READ, 2);          // CPU 0 holds it exclusive, clean: nothing dirty moves
            c.access(2, Kind.READ, 2);
            assertEquals(new Traffic(0, 0, 0, 0, 1, 0, 2), c.total(), p.name());
            assertEquals("S", c.state(0, 2));
        }
    }

    /** A read-for-ownership of a line held only clean: one shared read and an invalidation per copy. */
    @Test
    void aWriteMissOnACleanSharedLineIsASharedReadAndInvalidatesEveryCopy() {
        Caches c = new Caches(Protocol.MESI, Prefetch.NONE, 3);
        c.access(0, Kind.READ, 2);
        c.access(1, Kind.READ, 2);
        c.access(2, Kind.WRITE, 2);
        assertEquals(new Traffic(0, 2, 0, 0, 1, 0, 2), c.total(), "CPU 1's read and CPU 2's write: shared reads");
        assertEquals(new Traffic(0, 2, 0, 0, 0, 0, 1), c.ofCpu(2));
    }

    /** The supplier's state decides the kind: an exclusive copy gives a shared read, a modified one a transfer. */
    @Test
    void aCleanCopySuppliesASharedReadADirtyOneATransfer() {
        Caches c = new Caches(Protocol.MOESI, Prefetch.NONE, 2);
        c.access(0, Kind.READ, 0);              // line 0 exclusive in CPU 0
        c.access(0, Kind.WRITE, 1);             // line 1 modified in CPU 0
        c.resetCounts();
        c.access(1, Kind.READ, 0);
        c.access(1, Kind.READ, 1);
        assertEquals(new Traffic(0, 0, 0, 0, 0, 0, 1), c.ofLine(0));
        assertEquals(new Traffic(1, 0, 0, 0, 0, 0, 0), c.ofLine(1));
    }

    /**
     * A line read by two CPUs after a write: under MOESI the owner keeps the dirty line and supplies both readers;
     * under MESI the first read writes it back, so the second reader's miss is a shared read.
     */
    @Test
    void threeCpusReadingAnOwnedLineAreTwoTransfersUnderMoesiOneUnderMesi() {
        for (Protocol p : Protocol.values()) {
            Caches c = new Caches(p, Prefetch.NONE, 3);
            c.access(0, Kind.WRITE, 5);
            c.resetCounts();
            c.access(1, Kind.READ, 5);
            c.access(2, Kind.READ, 5);
            assertEquals(p == Protocol.MOESI ? "O" : "S", c.state(0, 5), p.name());
            assertEquals(p == Protocol.MOESI ? new Traffic(2, 0, 0, 0, 0, 0, 0) : new Traffic(1, 0, 0, 1, 0, 0, 1),
                    c.total(), p.name());
        }
    }

    /**
     * Writes to a line written by CPU 0 then read by CPU 1. The owner's own write is an upgrade, no data moving,
     * under both protocols. Another CPU's write must take the data: from the dirty owner under MOESI (a transfer),
     * from the shared cache under MESI, where the first read wrote the line back (a shared read).
     */
    @Test
    void aWriteFromOwnedIsAnUpgradeAWriteToOwnedATransferUnlikeMesi() {
        for (Protocol p : Protocol.values()) {
            Caches c = writtenThenRead(p, 3, 9);
            assertEquals(p == Protocol.MOESI ? "O" : "S", c.state(0, 9), p.name());
            c.resetCounts();
            c.access(0, Kind.WRITE, 9);
            assertEquals(new Traffic(0, 1, 1, 0, 0, 0, 0), c.total(), p.name());
            assertEquals("M", c.state(0, 9));
            assertEquals("I", c.state(1, 9));

            Caches d = writtenThenRead(p, 3, 9);
            d.resetCounts();
            d.access(2, Kind.WRITE, 9);
            assertEquals(p == Protocol.MOESI ? new Traffic(1, 2, 0, 0, 0, 0, 0) : new Traffic(0, 2, 0, 0, 0, 0, 1),
                    d.total(), p.name());
        }
    }

    /** {@code cpus} caches in which CPU 0 wrote {@code line} and CPU 1 then read it. */
    private static Caches writtenThenRead(Protocol p, int cpus, int line) {
        Caches c = new Caches(p, Prefetch.NONE, cpus);
        c.access(0, Kind.WRITE, line);
        c.access(1, Kind.READ, line);
        return c;
    }
}
