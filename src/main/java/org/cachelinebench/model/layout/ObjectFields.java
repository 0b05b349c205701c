package org.cachelinebench.model.layout;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.LinkedHashMap;
import java.util.Map;


/**
 * Where the running JVM put a Java class's instance fields, read with JOL: the JVM, not the source, decides
 * field order (it groups fields by size, fills gaps a superclass leaves, moves {@code @Contended} fields
 * behind padding), and headers and references differ between JDKs and flags. So the models state relations
 * between these offsets, never the offsets themselves.
 */
public final class ObjectFields {
    private ObjectFields() {}

    /** A field as the JVM laid it out: offset from the object's start, and size in bytes. */
    public record FieldSlot(String name, long offset, int size) {
        public long end() { return offset + size; }
    }

    /** Every instance field of {@code type} and its superclasses, by name, at the offsets JOL reads from the JVM. */
    public static Map<String, FieldSlot> fields(Class<?> type) {
        Map<String, FieldSlot> out = new LinkedHashMap<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                out.put(f.getName(), new FieldSlot(f.getName(), QuietJol.vm().fieldOffset(f), sizeOf(f.getType())));
            }
        }
        return out;
    }

    /** Bytes from an array's start to its element 0, for arrays of {@code component}, as JOL reads it from the JVM. */
    public static int arrayBaseOffset(Class<?> component) {
        return QuietJol.vm().arrayBaseOffset(component.getName());
    }

    private static int sizeOf(Class<?> t) {
        if (t == long.class || t == double.class) return 8;
        if (t == int.class || t == float.class) return 4;
        if (t == short.class || t == char.class) return 2;
        if (t == byte.class || t == boolean.class) return 1;
        return (int) QuietJol.vm().sizeOfField("oop");
    }
}
