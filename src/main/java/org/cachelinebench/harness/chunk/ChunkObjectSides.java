package org.cachelinebench.harness.chunk;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.cachelinebench.model.layout.HeapAddresses;
import org.cachelinebench.model.percpu.ChunkObjects.Variant;
import org.cachelinebench.model.percpu.PcpuChunkFields;

/**
 * The four sides {@code benchmarks.ChunkObjectInterleaved} measures in one schedule, in schedule order, and the
 * instances they run on:
 * <ol start="0">
 *   <li>{@code unpadded}: an {@code UnpaddedPcpuChunk} whose baseAddr shares a line with a field written under the
 *       lock;</li>
 *   <li>{@code padded}: a class-hierarchy-padded {@code PaddedPcpuChunk}, the reference;</li>
 *   <li>{@code contended}: a {@code ContendedPcpuChunk}, baseAddr {@code @Contended};</li>
 *   <li>{@code padded-again}: another {@code PaddedPcpuChunk} at the reference's place in its line (when the pool
 *       has one there), the A/A control.</li>
 * </ol>
 * Counter sides are sides and roles, as ChunkInterleaved's ({@link ChunkSides}); ratios are against the reference,
 * and unpadded also against contended ({@link #PAIRS}). The instances come from one pool of {@link #POOL} per class,
 * chosen by {@link ChunkObjectChoice}'s rule from their live addresses and re-checked before and after every
 * iteration, as ChunkObjectFalseSharing's.
 */
public final class ChunkObjectSides {
    public static final String UNPADDED = Variant.UNPADDED.label();
    public static final String PADDED = Variant.PADDED.label();
    public static final String CONTENDED = Variant.CONTENDED.label();
    public static final String PADDED_AGAIN = PADDED + "-again";

    /** The sides' names in schedule order; a side's number is its index here. */
    public static final List<String> NAMES = List.of(UNPADDED, PADDED, CONTENDED, PADDED_AGAIN);
    /** Each side's class, by side number: the A/A side is the reference's. */
    public static final List<Variant> VARIANTS = List.of(Variant.UNPADDED, Variant.PADDED, Variant.CONTENDED,
            Variant.PADDED);

    public static final String REFERENCE = PADDED;
    public static final int REFERENCE_SIDE = NAMES.indexOf(REFERENCE);
    public static final int UNPADDED_SIDE = NAMES.indexOf(UNPADDED);
    public static final int CONTENDED_SIDE = NAMES.indexOf(CONTENDED);
    public static final int AGAIN_SIDE = NAMES.indexOf(PADDED_AGAIN);

    /** Besides the reference: unpadded vs contended, the JDK's own fix. */
    public static final List<ChunkSides.Pair> PAIRS = List.of(new ChunkSides.Pair(UNPADDED_SIDE, CONTENDED_SIDE));

    /** Instances per class to choose from, as ChunkObjectFalseSharing's pool. */
    public static final int POOL = 16;

    private final int lineSize;
    private final Map<Variant, PcpuChunkFields[]> pools = new EnumMap<>(Variant.class);
    /** The chosen instance per side, null before {@link #choose}. */
    private PcpuChunkFields[] picks;
    /** Each pick's address when last seen; package-private so that a test can stand in for a GC's move. */
    long[] pickedAt;

    /** Allocates the pools, one class after the other. */
    public ChunkObjectSides(int lineSize) {
        this(lineSize, Variant::create);
    }

    /** With {@code factory} making each class's pool: a test hands a fixed side objects whose padding fails. */
    ChunkObjectSides(int lineSize, Function<Variant, PcpuChunkFields> factory) {
        this.lineSize = lineSize;
        for (Variant v : Variant.values()) {
            PcpuChunkFields[] pool = new PcpuChunkFields[POOL];
            for (int i = 0; i < POOL; i++) {
                pool[i] = factory.apply(v);
            }
            pools.put(v, pool);
        }
    }

    /** Every counter ChunkObjectInterleaved reports: each role's sides', the pair's ratios and the cycles. */
    public static Set<String> counterNames() {
        return ChunkSides.counterNames(NAMES, REFERENCE, PAIRS);
    }

    /**
     * Chooses every side's instance from the pools' live addresses (throws
     * {@link org.cachelinebench.harness.LayoutCheck#failed} when a fixed class's instance shares a line);
     * padded-again is another padded instance, at padded's place in a line when the pool has one there.
     */
    public void choose() {
        PcpuChunkFields[] chosen = new PcpuChunkFields[NAMES.size()];
        long[] at = new long[NAMES.size()];
        int reference = -1;
        for (int s = 0; s < NAMES.size(); s++) {
            Variant v = VARIANTS.get(s);
            PcpuChunkFields[] pool = pools.get(v);
            ChunkObjectChoice.Choice c;
            if (s == AGAIN_SIDE) {
                int ref = reference;
                long place = at[REFERENCE_SIDE] % lineSize;
                boolean samePlace = false;
                for (int i = 0; i < pool.length; i++) {
                    samePlace |= i != ref && HeapAddresses.addressOf(pool[i]) % lineSize == place;
                }
                boolean same = samePlace;
                c = ChunkObjectChoice.choose(NAMES.get(s), v, pool, lineSize,
                        i -> i != ref && (!same || HeapAddresses.addressOf(pool[i]) % lineSize == place));
            } else {
                c = ChunkObjectChoice.choose(NAMES.get(s), v, pool, lineSize, i -> true);
            }
            if (s == REFERENCE_SIDE) {
                reference = c.index();
            }
            chosen[s] = pool[c.index()];
            at[s] = c.address();
        }
        picks = chosen;
        pickedAt = at;
    }

    /** Side {@code side}'s instance (after {@link #choose}). */
    public PcpuChunkFields pick(int side) {
        if (picks == null) {
            throw new IllegalStateException("no instances chosen (call choose first)");
        }
        return picks[side];
    }

    /** Where side {@code side}'s instance lies and what its baseAddr's line holds. */
    public String describe(int side) {
        return ChunkObjectChoice.describe(pick(side), pickedAt[side], lineSize);
    }

    /**
     * Before an iteration: true when a GC moved an instance since it was last seen, so that all were chosen again
     * (as ChunkObjectFalseSharing chooses again) and the caller must set up its chunks anew; said in {@code notes}.
     */
    public boolean recheck(StringBuilder notes) {
        for (int s = 0; s < NAMES.size(); s++) {
            long now = HeapAddresses.addressOf(pick(s));
            if (now != pickedAt[s]) {
                notes.append(String.format("# %s: moved from 0x%x to 0x%x between iterations: choosing again%n",
                        NAMES.get(s), pickedAt[s], now));
                choose();
                return true;
            }
        }
        return false;
    }

    /**
     * After an iteration: an instance that moved during it counts only if its relation held at both addresses
     * ({@link ChunkObjectChoice#moved}: throws otherwise, a fixed side with the
     * {@link org.cachelinebench.harness.LayoutCheck} marker); one that kept it is noted in {@code notes} and kept at
     * its new address.
     */
    public void verifyUnmoved(StringBuilder notes) {
        for (int s = 0; s < NAMES.size(); s++) {
            long now = HeapAddresses.addressOf(pick(s));
            if (now != pickedAt[s]) {
                notes.append(ChunkObjectChoice.moved(NAMES.get(s), VARIANTS.get(s), pick(s), pickedAt[s], now,
                        lineSize));
                pickedAt[s] = now;
            }
        }
    }

    public int lineSize() {
        return lineSize;
    }
}
