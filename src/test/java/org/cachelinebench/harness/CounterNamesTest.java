package org.cachelinebench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

/**
 * The counter names {@link CounterNames} derives from side names. That every interleaved benchmark's
 * {@code @AuxCounters} state declares exactly its sides' counters is held beside the states:
 * {@code interleave.LeaderStateCountersTest}, {@code chunk.ChunkCountersTest}.
 */
class CounterNamesTest {
    @Test
    void theNamesAreDerivedFromTheSideNames() {
        assertEquals("lineAlignedAgainNanos", CounterNames.nanos("line-aligned-again"));
        assertEquals("sizeAlignedCalls", CounterNames.calls("size-aligned"));
        assertEquals("offset40RatioMedian", CounterNames.ratio("offset-40"));
        assertEquals("straddledExtraMedian", CounterNames.extra("straddled"));
        assertEquals(new TreeSet<>(List.of("aNanos", "aCalls", "floorNanos", "floorCalls", "floorRatioMedian", "bNanos",
                "bCalls", "bRatioMedian", "bExtraMedian", "scheduleCycles", "cyclesNotLogged")),
                CounterNames.of(List.of("a", "floor", "b"), "a", "floor"));
    }

    @Test
    void aRoleAndAPairNameTheirCountersAndADotIsDropped() {
        assertEquals("v6.4-rc4-reader", CounterNames.side("v6.4-rc4", "reader"));
        assertEquals("v6.5-merged", CounterNames.side("v6.5-merged", null));
        assertEquals("v64Rc4ReaderNanos", CounterNames.nanos("v6.4-rc4-reader"));
        assertEquals("v64Rc4ReaderVsV2ReorderReaderRatioMedian", CounterNames.ratio("v6.4-rc4-reader", "v2-reorder-reader"));
        assertEquals(new TreeSet<>(List.of("aNanos", "aCalls", "bNanos", "bCalls", "bRatioMedian", "scheduleCycles",
                "cyclesNotLogged")), CounterNames.of(List.of("a", "b"), "a", null), "no floor: no extra lines");
    }
}
