package org.cachelinebench.coherence;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The JDK's own one-shot continuations ({@code jdk.internal.vm.Continuation}, JDK 19 and later, what virtual threads
 * run on), reached reflectively: the build targets JDK 17, which has none, and the package is internal, so the JVM
 * needs {@code --add-exports java.base/jdk.internal.vm=ALL-UNNAMED}. Without either, {@link #AVAILABLE} is false
 * and {@link #WHY_NOT} says why. All continuations share one scope; a yield suspends the innermost.
 */
final class Continuations {
    private Continuations() {}

    static final boolean AVAILABLE;
    static final String WHY_NOT;

    private static final Object SCOPE;
    private static final MethodHandle NEW;
    private static final MethodHandle RUN;
    private static final MethodHandle YIELD;
    private static final MethodHandle DONE;

    static {
        Object scope = null;
        MethodHandle make = null, run = null, yield = null, done = null;
        String why = null;
        try {
            Class<?> scopeClass = Class.forName("jdk.internal.vm.ContinuationScope");
            Class<?> c = Class.forName("jdk.internal.vm.Continuation");
            MethodHandles.Lookup l = MethodHandles.lookup();   // ours: the unnamed module the package is exported to
            scope = scopeClass.getConstructor(String.class).newInstance("coherence trace");
            make = l.findConstructor(c, MethodType.methodType(void.class, scopeClass, Runnable.class))
                    .asType(MethodType.methodType(Object.class, Object.class, Runnable.class));
            run = l.findVirtual(c, "run", MethodType.methodType(void.class))
                    .asType(MethodType.methodType(void.class, Object.class));
            yield = l.findStatic(c, "yield", MethodType.methodType(boolean.class, scopeClass))
                    .asType(MethodType.methodType(boolean.class, Object.class));
            done = l.findVirtual(c, "isDone", MethodType.methodType(boolean.class))
                    .asType(MethodType.methodType(boolean.class, Object.class));
        } catch (ClassNotFoundException e) {
            why = "this JDK (" + Runtime.version() + ") has no jdk.internal.vm.Continuation";
        } catch (ReflectiveOperationException | RuntimeException e) {
            why = "jdk.internal.vm.Continuation is not accessible (the JVM needs"
                    + " --add-exports java.base/jdk.internal.vm=ALL-UNNAMED): " + e;
        }
        AVAILABLE = why == null;
        WHY_NOT = why;
        SCOPE = scope;
        NEW = make;
        RUN = run;
        YIELD = yield;
        DONE = done;
    }

    /** A suspended continuation that will run {@code body} from its start. */
    static Object of(Runnable body) {
        try {
            return (Object) NEW.invokeExact(SCOPE, body);
        } catch (Throwable e) {
            throw rethrown(e);
        }
    }

    /** Runs {@code continuation} from where it stopped until it yields or its body returns. */
    static void run(Object continuation) {
        try {
            RUN.invokeExact(continuation);
        } catch (Throwable e) {
            throw rethrown(e);
        }
    }

    /** Suspends the running continuation; returns when it is run again. */
    static void yieldNow() {
        boolean yielded;
        try {
            yielded = (boolean) YIELD.invokeExact(SCOPE);
        } catch (Throwable e) {
            throw rethrown(e);
        }
        if (!yielded) {
            throw new IllegalStateException("a traced body could not be suspended (pinned: a monitor or native frame)");
        }
    }

    static boolean done(Object continuation) {
        try {
            return (boolean) DONE.invokeExact(continuation);
        } catch (Throwable e) {
            throw rethrown(e);
        }
    }

    private static RuntimeException rethrown(Throwable e) {
        if (e instanceof RuntimeException r) {
            throw r;
        }
        if (e instanceof Error err) {
            throw err;
        }
        throw new IllegalStateException(e);
    }
}
