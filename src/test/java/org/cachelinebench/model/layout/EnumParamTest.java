package org.cachelinebench.model.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class EnumParamTest {
    enum Two { A, B }

    enum Three { X, Y, Z }

    @Test
    void findsTheConstantByItsValueString() {
        assertEquals(Three.Y, EnumParam.parse("p", Three.values(), t -> t.name().toLowerCase(), "y"));
    }

    @Test
    void aBadValueIsOneLineListingTheGoodOnes() {
        assertEquals("mode must be 'a' or 'b', not 'c'", assertThrows(IllegalArgumentException.class,
                () -> EnumParam.parse("mode", Two.values(), t -> t.name().toLowerCase(), "c")).getMessage());
        assertEquals("layout must be 'x', 'y' or 'z', not 'X'", assertThrows(IllegalArgumentException.class,
                () -> EnumParam.parse("layout", Three.values(), t -> t.name().toLowerCase(), "X")).getMessage());
        assertEquals("layout must be 'x', 'y' or 'z', not 'null'", assertThrows(IllegalArgumentException.class,
                () -> EnumParam.parse("layout", Three.values(), t -> t.name().toLowerCase(), null)).getMessage());
    }
}
