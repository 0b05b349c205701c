package org.cachelinebench.coherence.role;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.cachelinebench.coherence.Caches.Kind;
import org.cachelinebench.coherence.Model;
import org.cachelinebench.coherence.Traffic;
import org.cachelinebench.coherence.role.RolePrediction.Access;
import org.cachelinebench.coherence.role.RolePrediction.Field;
import org.cachelinebench.coherence.role.RolePrediction.Role;
import org.cachelinebench.model.percpu.ChunkVersion;
import org.cachelinebench.model.percpu.KernelConfig;
import org.cachelinebench.model.percpu.PcpuChunkLayouts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Textbook layouts and roles, with the transfers every textbook gives them. */
class RolePredictionTest {
    private static final Model MODEL = Model.DEFAULT;

    private static Access a(String field, Kind kind) {
        return new Access(field, kind, Rate.ALWAYS);
    }

    @Test
    void twoWritersOfDifferentFieldsInOneLineMoveItOnEveryWriteApartNever() {
        List<Role> roles = List.of(new Role("a", 1, List.of(a("x", Kind.WRITE))),
                new Role("b", 1, List.of(a("y", Kind.WRITE))));
        var together = RolePrediction.predict(List.of(new Field("x", 0, 8), new Field("y", 8, 8)), 0, roles, MODEL);
        assertEquals(1, together.transfers("a"));
        assertEquals(1, together.transfers("b"));
        assertEquals(1, together.perRoleOperation().get("a").invalidations());
        var apart = RolePrediction.predict(List.of(new Field("x", 0, 8), new Field("y", 64, 8)), 0, roles, MODEL);
        assertEquals(0, apart.transfers("a"));
        assertEquals(0, apart.transfers("b"));
    }

    @Test
    void readOnlySharingCostsNothingAfterTheWarmUp() {
        var r = RolePrediction.predict(List.of(new Field("config", 0, 8)), 0,
                List.of(new Role("reader", 8, List.of(a("config", Kind.READ)))), MODEL);
        assertEquals(Traffic.NONE, r.perRoleOperation().get("reader"));
    }

    /**
     * An SPSC ring whose producer writes {@code head} and refreshes its cached copy of {@code tail} once every
     * {@code n} operations, the consumer the mirror image (JCTools' and Agrona's cached indices). Together in one
     * line, each side's write takes the line back from the other on every operation; apart, each index's line
     * moves only when the other side refreshes its cache: the rate itself.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 4, 16, 64})
    void spscRingWithCachedIndicesTogetherAgainstApart(int n) {
        Rate refresh = new Rate(1, n);
        List<Role> roles = List.of(
                new Role("producer", 1, List.of(new Access("tail", Kind.READ, refresh), a("cachedTail", Kind.READ),
                        a("head", Kind.WRITE))),
                new Role("consumer", 1, List.of(new Access("head", Kind.READ, refresh), a("cachedHead", Kind.READ),
                        a("tail", Kind.WRITE))));
        List<Field> together = List.of(new Field("head", 0, 8), new Field("tail", 8, 8), new Field("cachedHead", 16, 8),
                new Field("cachedTail", 24, 8));
        List<Field> apart = List.of(new Field("head", 0, 8), new Field("cachedTail", 8, 8), new Field("tail", 128, 8),
                new Field("cachedHead", 136, 8));
        var t = RolePrediction.predict(together, 0, roles, MODEL);
        var p = RolePrediction.predict(apart, 0, roles, MODEL);
        assertEquals(1.0, t.transfers("producer"), 1e-9);
        assertEquals(1.0, t.transfers("consumer"), 1e-9);
        assertEquals(1.0 / n, p.transfers("producer"), 1e-9);
        assertEquals(1.0 / n, p.transfers("consumer"), 1e-9);
    }

    @Test
    void thePcpuChunkAllocatorsWritesReachTheReadersOnlyInV64Rc4() {
        String roles = "allocator rmw free_bytes; allocator rmw chunk_md.first_free; reader reads base_addr";
        for (ChunkVersion v : ChunkVersion.values()) {
            List<Field> fields = RolePrediction.fields(PcpuChunkLayouts.pcpuChunk(v, KernelConfig.DEFAULT));
            var r = RolePrediction.predict(fields, 0, RoleSpec.parse(roles, fields), MODEL);
            assertEquals(v == ChunkVersion.V6_4_RC4 ? 1.0 : 0.0, r.transfers("reader"), 1e-9, v.label());
        }
    }

    @Test
    void badRolesAreNamedInOneLine() {
        List<Field> fields = List.of(new Field("head", 0, 8));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> RoleSpec.parse("p writes heap", fields))
                .getMessage().contains("unknown field 'heap'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> RoleSpec.parse("p reads head 0.5", fields))
                .getMessage().contains("not a fraction"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> RoleSpec.parse("p reads head 3/2", fields))
                .getMessage().contains("not a fraction"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> RoleSpec.parse("p eats head", fields))
                .getMessage().contains("not reads, writes or rmw"));
        var r = RolePrediction.predict(fields, 0, RoleSpec.parse("p writes head", fields), MODEL);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> r.transfers("q"))
                .getMessage().contains("unknown role 'q'"));
    }
}
