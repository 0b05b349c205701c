package org.cachelinebench.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.cachelinebench.benchmarks.ChunkObjectInterleaved.ChunkObjectSides;
import org.cachelinebench.benchmarks.ChunkObjectInterleaved.Places;
import org.cachelinebench.harness.LayoutCheck;
import org.cachelinebench.harness.chunk.ChunkInterleaving;
import org.cachelinebench.harness.chunk.ChunkObjectChoice;
import org.cachelinebench.harness.chunk.ChunkObjectHandle;
import org.cachelinebench.model.layout.CacheLine;
import org.cachelinebench.model.layout.HeapAddresses;
import org.cachelinebench.model.percpu.ChunkObjects;
import org.cachelinebench.model.percpu.PcpuAllocator;
import org.cachelinebench.model.percpu.PcpuChunkFields;
import org.junit.jupiter.api.Test;

/**
 * ChunkObjectInterleaved's sides from the live addresses: the unpadded instance shares baseAddr's line with a field
 * written under the lock, the fixed ones do not, padded-again is another padded instance at padded's place in a
 * line; a fixed side whose padding fails is a LayoutCheck failure; a GC's move is re-checked; and every slice of the
 * schedule hands the workload the same final class, whichever side it is. The pools are settled by a full GC
 * first, as the benchmark does.
 */
class ChunkObjectSidesTest {
    private static final int LINE = CacheLine.SIZE;

    private static ChunkObjectSides chosen() {
        ChunkObjectSides objects = new ChunkObjectSides(LINE);
        System.gc();
        objects.choose();
        return objects;
    }

    @Test
    void theUnpaddedInstanceSharesBaseAddrsLineAndTheFixedOnesDoNot() {
        ChunkObjectSides objects = chosen();
        for (int s = 0; s < ChunkObjectSides.NAMES.size(); s++) {
            PcpuChunkFields pick = objects.pick(s);
            ChunkObjects.Variant v = ChunkObjectSides.VARIANTS.get(s);
            assertEquals(v.type(), pick.getClass(), ChunkObjectSides.NAMES.get(s));
            List<String> shared = ChunkObjects.writtenSharingBaseAddrLine(pick, LINE);
            assertEquals(!v.separates(), !shared.isEmpty(), ChunkObjectSides.NAMES.get(s) + ": " + objects.describe(s));
        }
        assertTrue(!ChunkObjects.writtenSharingBaseAddrLine(objects.pick(ChunkObjectSides.UNPADDED_SIDE), LINE).isEmpty());
        assertEquals(ChunkObjectSides.REFERENCE, ChunkObjectSides.NAMES.get(ChunkObjectSides.REFERENCE_SIDE));
    }

    @Test
    void paddedAgainIsAnotherPaddedInstanceAtTheReferencesPlaceInALine() {
        ChunkObjectSides objects = chosen();
        PcpuChunkFields padded = objects.pick(ChunkObjectSides.REFERENCE_SIDE);
        PcpuChunkFields again = objects.pick(ChunkObjectSides.AGAIN_SIDE);
        assertNotSame(padded, again);
        assertSame(padded.getClass(), again.getClass());
        // 16 instances of one size cover at most 8 places in a line, so some place has two.
        assertEquals(HeapAddresses.addressOf(padded) % LINE, HeapAddresses.addressOf(again) % LINE,
                objects.describe(ChunkObjectSides.REFERENCE_SIDE) + " / " + objects.describe(ChunkObjectSides.AGAIN_SIDE));
    }

    @Test
    void aFixedSideWhosePaddingDoesNotSeparateFailsItsLayoutCheck() {
        for (ChunkObjects.Variant fixed : List.of(ChunkObjects.Variant.PADDED, ChunkObjects.Variant.CONTENDED)) {
            // The fixed class's pool filled with unpadded objects: what it becomes with its padding removed.
            PcpuChunkFields[] pool = new PcpuChunkFields[ChunkObjectSides.POOL];
            for (int i = 0; i < pool.length; i++) {
                pool[i] = ChunkObjects.Variant.UNPADDED.create();
            }
            System.gc();
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> ChunkObjectChoice.choose(fixed.label(), fixed, pool, LINE, i -> true));
            assertSame(e, LayoutCheck.in(e), "a layout-check failure, which the runner finds by type");
            assertTrue(e.getMessage().startsWith(LayoutCheck.MARKER + fixed.label() + ": baseAddr shares a " + LINE
                    + "-byte line with "), e.getMessage());
            assertEquals(1, e.getMessage().lines().count(), "one line, the reason the claims fail with");
        }
    }

    @Test
    void aMoveIsNotedAndBeforeAnIterationEveryInstanceIsChosenAgain() {
        ChunkObjectSides objects = chosen();
        int s = ChunkObjectSides.CONTENDED_SIDE;
        long now = objects.pickedAt[s];
        objects.pickedAt[s] = now + 64L * LINE;          // as if a GC had moved it during the iteration
        StringBuilder notes = new StringBuilder();
        objects.verifyUnmoved(notes);
        assertEquals(String.format("# contended: the measured object moved from 0x%x to 0x%x during the iteration;"
                + " baseAddr's line relation is the same at both%n", now + 64L * LINE, now), notes.toString());
        assertEquals(now, objects.pickedAt[s]);

        objects.pickedAt[s] = now + 64L * LINE;          // and between iterations
        StringBuilder before = new StringBuilder();
        assertTrue(objects.recheck(before));
        assertTrue(before.toString().startsWith("# contended: moved from "), before.toString());
        assertEquals(HeapAddresses.addressOf(objects.pick(s)), objects.pickedAt[s], "chosen again at its address");
        assertFalse(objects.recheck(new StringBuilder()), "nothing moved since");
    }

    @Test
    void everySliceHandsTheWorkloadOneFinalClassOnItsSidesInstance() {
        ChunkObjectSides objects = chosen();
        Places places = new Places(objects, 1);
        ChunkInterleaving run = new ChunkInterleaving(ChunkObjectSides.NAMES, places);
        Set<Class<?>> types = new HashSet<>();
        for (long k = 0; k < run.schedule().slicesPerCycle(); k++) {
            ChunkObjectHandle c = places.chunk(run.schedule().side(k), run.schedule().block(k));
            types.add(c.getClass());
            assertSame(objects.pick(run.schedule().side(k)), c.chunk(), run.describe(k));
        }
        assertEquals(Set.of(ChunkObjectHandle.class), types, "one type at every call site, for every side");
        assertTrue(Modifier.isFinal(ChunkObjectHandle.class.getModifiers()));
        // The handle reaches the object's own fields: a fresh chunk, base_addr as set up.
        for (int s = 0; s < places.size(); s++) {
            PcpuChunkFields h = places.chunk(s, 0).chunk();
            assertEquals(PcpuAllocator.CHUNK_BASE_ADDR, h.baseAddrOnce());
            assertEquals(PcpuAllocator.CHUNK_PAGES << PcpuAllocator.PAGE_SHIFT, h.getInt(PcpuChunkFields.FREE_BYTES));
            h.setInt(PcpuChunkFields.FREE_BYTES, 8);
            assertEquals(8, objects.pick(s).getInt(PcpuChunkFields.FREE_BYTES), ChunkObjectSides.NAMES.get(s));
        }
        assertTrue(places.check(run.names()).startsWith("unpadded: freeBytes 8, not "), places.check(run.names()));
        places.refresh();
        assertNull(places.check(run.names()));
    }

    /** The fork inlines every class's accessors and the allocator's steps, whatever C2's profile says of one side. */
    @Test
    void theForkInlinesEveryClasssAccessorsAndTheAllocatorsSteps() {
        List<String> args = List.of(ChunkObjectInterleaved.class
                .getAnnotation(org.openjdk.jmh.annotations.Fork.class).jvmArgsAppend());
        assertTrue(args.contains("-XX:-RestrictContended"), args.toString());
        for (Class<?> c : List.of(PcpuAllocator.class, ChunkObjects.Variant.UNPADDED.type(),
                ChunkObjects.Variant.PADDED.type(), ChunkObjects.Variant.CONTENDED.type())) {
            assertTrue(args.contains("-XX:CompileCommand=inline," + c.getName() + "::*"), c + " in " + args);
        }
    }
}
