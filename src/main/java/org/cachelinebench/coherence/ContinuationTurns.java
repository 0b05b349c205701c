package org.cachelinebench.coherence;

import java.util.List;

/**
 * {@link Turns} on the calling thread: every body a {@link Continuations continuation}, a pass of the turn a yield
 * back to the loop that resumes the next holder. No thread is woken or parked, so a pass costs a stack switch, not
 * two system calls.
 */
final class ContinuationTurns extends Turns {
    private Object[] bodies;

    ContinuationTurns(Schedule schedule, long maxSteps, int n) {
        super(schedule, maxSteps, n);
    }

    @Override
    void runAll(List<Runnable> bodyList) {
        bodies = new Object[bodyList.size()];
        for (int i = 0; i < bodies.length; i++) {
            int cpu = i;
            Runnable body = bodyList.get(i);
            bodies[i] = Continuations.of(() -> runBody(cpu, body));
        }
        while (!failed()) {
            Object holder = bodies[current];
            Continuations.run(holder);
            if (Continuations.done(holder) && !anyLive()) {
                return;
            }
        }
    }

    @Override
    int current() {
        return current;
    }

    @Override
    void passTurn(int me) {
        Continuations.yieldNow();
    }

    private void runBody(int cpu, Runnable body) {
        try {
            body.run();
            ended(cpu);
        } catch (Stopped s) {
            // the run was stopped: unwind
        } catch (Throwable e) {
            fail(e);
        }
    }

    private boolean anyLive() {
        for (boolean l : live) {
            if (l) {
                return true;
            }
        }
        return false;
    }
}
