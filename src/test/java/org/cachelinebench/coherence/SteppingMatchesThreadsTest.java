package org.cachelinebench.coherence;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.function.Supplier;

import org.cachelinebench.claims.Claim;
import org.cachelinebench.claims.Suite;
import org.cachelinebench.coherence.scenario.Scenario;
import org.cachelinebench.coherence.scenario.SuiteScenarios;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The two ways of stepping the traced CPUs give the same counts, exactly: the continuations on one thread and a
 * token passed between OS threads see the same accesses in the same order. Both sides of a comparison of each
 * kind (the csd and a flag mailbox, csd-many at 4 CPUs, the chunk's readers and allocator, execl, whose
 * queued spinlock hands over FIFO), under
 * the default model and MOESI with the prefetcher and a random schedule, the handshakes round-robin too.
 */
@org.junit.jupiter.api.Tag(TraceStepping.TAG)
class SteppingMatchesThreadsTest {
    private static final Model ROUND_ROBIN = Model.DEFAULT.with(Schedule.ROUND_ROBIN);
    private static final Model MOESI_PREFETCH_RANDOM = new Model(Protocol.MOESI, Prefetch.ADJACENT_LINE,
            Schedule.random(7), 64);

    /** The handshakes under every model; the chunk's, whose readers never wait, off round-robin (seconds there). */
    @ParameterizedTest
    @ValueSource(strings = {"csd.straddled-vs-line-aligned", "mailbox.straddled-vs-line-aligned",
            "scaling-ipi-all-4.size-aligned-vs-line-aligned.calls"})
    void theHandshakesCountTheSame(String claimId) {
        same(claimId, List.of(Model.DEFAULT, ROUND_ROBIN, MOESI_PREFETCH_RANDOM));
    }

    @ParameterizedTest
    @ValueSource(strings = {"chunk.v6.4-rc4-vs-v6.5-merged.reader",
            "scaling-execl-all-2.v6.4-rc4-vs-v6.5-merged.allocator"})
    void theChunksCountTheSame(String claimId) {
        same(claimId, List.of(Model.DEFAULT, MOESI_PREFETCH_RANDOM));
    }

    private static void same(String claimId, List<Model> models) {
        TraceStepping.assumeOneThread();
        Claim c = Suite.claim(claimId);
        for (Scenario side : List.of(SuiteScenarios.subject(c), SuiteScenarios.reference(c))) {
            for (Model m : models) {
                Traced threads = stepped("threads", () -> side.trace().apply(m));
                Traced continuations = stepped("continuations", () -> side.trace().apply(m));
                assertEquals(threads, continuations, side.key() + " under " + m.describe());
            }
        }
    }

    /** {@code trace} with the stepping forced to {@code how}. */
    static <T> T stepped(String how, Supplier<T> trace) {
        String before = System.getProperty(Turns.STEPPING);
        System.setProperty(Turns.STEPPING, how);
        try {
            return trace.get();
        } finally {
            if (before == null) {
                System.clearProperty(Turns.STEPPING);
            } else {
                System.setProperty(Turns.STEPPING, before);
            }
        }
    }
}
