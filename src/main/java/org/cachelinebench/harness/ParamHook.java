package org.cachelinebench.harness;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/**
 * The {@code public static void checkParam(String name, String value)} a benchmark class declares so that a bad
 * {@code -p} value is refused in one line before any fork starts, instead of as a stack trace inside one. The
 * jar's {@code Main} and the paired runner both call it through here; {@code Main} also calls
 * {@code checkMachine()} ({@link #machineProblem}) where a benchmark needs something of the machine itself.
 */
public final class ParamHook {
    private ParamHook() {}

    /** The hook's name. */
    public static final String METHOD = "checkParam";

    /**
     * The hook of a benchmark that needs something of the machine whatever its {@code -p} values (the running
     * kernel's BTF): {@code public static void checkMachine()}, refusing with an IllegalArgumentException.
     */
    public static final String MACHINE_METHOD = "checkMachine";

    /**
     * What the benchmark class says is wrong with {@code name=value}, in one line; null when it accepts the value or
     * declares no hook.
     */
    public static String problem(String benchmarkClass, String name, String value) {
        return refusal(hook(benchmarkClass, METHOD, String.class, String.class), name, value);
    }

    /** What the benchmark class says the machine lacks, in one line; null when it has it or declares no such hook. */
    public static String machineProblem(String benchmarkClass) {
        return refusal(hook(benchmarkClass, MACHINE_METHOD));
    }

    /** The message of the IllegalArgumentException {@code check} throws, null when it returns (or is null). */
    private static String refusal(Method check, Object... args) {
        if (check == null) {
            return null;
        }
        try {
            check.invoke(null, args);
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

    private static Method hook(String className, String method, Class<?>... parameters) {
        try {
            Method m = Class.forName(className, false, ParamHook.class.getClassLoader())
                    .getMethod(method, parameters);
            return Modifier.isStatic(m.getModifiers()) ? m : null;
        } catch (ClassNotFoundException | NoSuchMethodException e) {
            return null;
        }
    }
}
