package org.cachelinebench.harness;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/**
 * The {@code public static void checkParam(String name, String value)} a benchmark class declares so that a bad
 * {@code -p} value is refused in one line before any fork starts, instead of as a stack trace inside one. The
 * jar's {@code Main} and the paired runner both call it through here.
 */
public final class ParamHook {
    private ParamHook() {}

    /** The hook's name. */
    public static final String METHOD = "checkParam";

    /**
     * What the benchmark class says is wrong with {@code name=value}, in one line; null when it accepts the value or
     * declares no hook.
     */
    public static String problem(String benchmarkClass, String name, String value) {
        Method check = hook(benchmarkClass);
        if (check == null) {
            return null;
        }
        try {
            check.invoke(null, name, value);
            return null;
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof IllegalArgumentException) {
                return e.getCause().getMessage();
            }
            throw new IllegalStateException(e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Method hook(String className) {
        try {
            Method m = Class.forName(className, false, ParamHook.class.getClassLoader())
                    .getMethod(METHOD, String.class, String.class);
            return Modifier.isStatic(m.getModifiers()) ? m : null;
        } catch (ClassNotFoundException | NoSuchMethodException e) {
            return null;
        }
    }
}
