package org.cachelinebench.harness.interleave;

import org.cachelinebench.model.ipi.SpinWait;
import org.openjdk.jmh.infra.Control;

/** 128 bytes before the leader's counter (the padding idiom: {@link org.cachelinebench.model.layout}). */
abstract class SpinBarrierPadBefore {
    byte p000, p001, p002, p003, p004, p005, p006, p007; //   8
    byte p008, p009, p010, p011, p012, p013, p014, p015; //  16
    byte p016, p017, p018, p019, p020, p021, p022, p023; //  24
    byte p024, p025, p026, p027, p028, p029, p030, p031; //  32
    byte p032, p033, p034, p035, p036, p037, p038, p039; //  40
    byte p040, p041, p042, p043, p044, p045, p046, p047; //  48
    byte p048, p049, p050, p051, p052, p053, p054, p055; //  56
    byte p056, p057, p058, p059, p060, p061, p062, p063; //  64
    byte p064, p065, p066, p067, p068, p069, p070, p071; //  72
    byte p072, p073, p074, p075, p076, p077, p078, p079; //  80
    byte p080, p081, p082, p083, p084, p085, p086, p087; //  88
    byte p088, p089, p090, p091, p092, p093, p094, p095; //  96
    byte p096, p097, p098, p099, p100, p101, p102, p103; // 104
    byte p104, p105, p106, p107, p108, p109, p110, p111; // 112
    byte p112, p113, p114, p115, p116, p117, p118, p119; // 120
    byte p120, p121, p122, p123, p124, p125, p126, p127; // 128
}

/** Written by the leader only. */
abstract class SpinBarrierLeaderField extends SpinBarrierPadBefore {
    /** Steps the follower may run: step {@code g} is open while {@code opened > g}. */
    volatile long opened = 1;
}

/** 128 bytes between the two threads' counters. */
abstract class SpinBarrierPadBetween extends SpinBarrierLeaderField {
    byte q000, q001, q002, q003, q004, q005, q006, q007; //   8
    byte q008, q009, q010, q011, q012, q013, q014, q015; //  16
    byte q016, q017, q018, q019, q020, q021, q022, q023; //  24
    byte q024, q025, q026, q027, q028, q029, q030, q031; //  32
    byte q032, q033, q034, q035, q036, q037, q038, q039; //  40
    byte q040, q041, q042, q043, q044, q045, q046, q047; //  48
    byte q048, q049, q050, q051, q052, q053, q054, q055; //  56
    byte q056, q057, q058, q059, q060, q061, q062, q063; //  64
    byte q064, q065, q066, q067, q068, q069, q070, q071; //  72
    byte q072, q073, q074, q075, q076, q077, q078, q079; //  80
    byte q080, q081, q082, q083, q084, q085, q086, q087; //  88
    byte q088, q089, q090, q091, q092, q093, q094, q095; //  96
    byte q096, q097, q098, q099, q100, q101, q102, q103; // 104
    byte q104, q105, q106, q107, q108, q109, q110, q111; // 112
    byte q112, q113, q114, q115, q116, q117, q118, q119; // 120
    byte q120, q121, q122, q123, q124, q125, q126, q127; // 128
}

/** Written by the follower only. */
abstract class SpinBarrierFollowerField extends SpinBarrierPadBetween {
    /** Steps the follower has finished. */
    volatile long finished;
}

/** 128 bytes after the follower's counter. */
abstract class SpinBarrierPadAfter extends SpinBarrierFollowerField {
    byte r000, r001, r002, r003, r004, r005, r006, r007; //   8
    byte r008, r009, r010, r011, r012, r013, r014, r015; //  16
    byte r016, r017, r018, r019, r020, r021, r022, r023; //  24
    byte r024, r025, r026, r027, r028, r029, r030, r031; //  32
    byte r032, r033, r034, r035, r036, r037, r038, r039; //  40
    byte r040, r041, r042, r043, r044, r045, r046, r047; //  48
    byte r048, r049, r050, r051, r052, r053, r054, r055; //  56
    byte r056, r057, r058, r059, r060, r061, r062, r063; //  64
    byte r064, r065, r066, r067, r068, r069, r070, r071; //  72
    byte r072, r073, r074, r075, r076, r077, r078, r079; //  80
    byte r080, r081, r082, r083, r084, r085, r086, r087; //  88
    byte r088, r089, r090, r091, r092, r093, r094, r095; //  96
    byte r096, r097, r098, r099, r100, r101, r102, r103; // 104
    byte r104, r105, r106, r107, r108, r109, r110, r111; // 112
    byte r112, r113, r114, r115, r116, r117, r118, r119; // 120
    byte r120, r121, r122, r123, r124, r125, r126, r127; // 128
}

/**
 * Two counters, one written by each thread, each padded into lines of its own: the leader opens ({@link #open}) and
 * waits until the follower has finished ({@link #awaitFinished}); the follower waits until a step is open
 * ({@link #awaitOpen}) and says it has finished ({@link #finish}). The interleaved schedule ({@link Interleaving})
 * uses one for its slices and one for its groups. Every wait polls {@code stopMeasurement}, so no benchmark hangs.
 */
public final class SpinBarrier extends SpinBarrierPadAfter {

    /** Leader: waits until the follower has finished {@code steps} steps; false when stopped. */
    public boolean awaitFinished(long steps, Control stop, SpinWait spin) {
        int spins = 0;
        while (finished < steps) {
            if (stop.stopMeasurement) {
                return false;
            }
            spins = spin.pause(spins);
        }
        return true;
    }

    /** Leader: lets the follower run steps below {@code steps}. */
    public void open(long steps) {
        opened = steps;
    }

    /** Follower: waits until step {@code step} is open; false when stopped. */
    public boolean awaitOpen(long step, Control stop, SpinWait spin) {
        int spins = 0;
        while (opened <= step) {
            if (stop.stopMeasurement) {
                return false;
            }
            spins = spin.pause(spins);
        }
        return true;
    }

    /** Follower: it has finished the first {@code steps} steps. */
    public void finish(long steps) {
        finished = steps;
    }

    /** Step 0 open, nothing finished. Only with both threads stopped. */
    public void reset() {
        opened = 1;
        finished = 0;
    }

    public long opened() { return opened; }

    public long finished() { return finished; }
}
