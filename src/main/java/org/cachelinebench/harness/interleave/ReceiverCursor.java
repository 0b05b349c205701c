package org.cachelinebench.harness.interleave;

import org.cachelinebench.model.ipi.Handshake;
import org.cachelinebench.model.ipi.SpinWait;
import org.openjdk.jmh.infra.Control;

/** 128 bytes before the receiver's position (the padding idiom: {@link org.cachelinebench.model.layout}). */
abstract class ReceiverCursorPadBefore {
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

/** The receiver's position in the schedule; written by the receiver thread only. */
abstract class ReceiverCursorFields extends ReceiverCursorPadBefore {
    long slice;
    long inSlice;
    /** The current slice's handshake; null while the receiver waits for its group to open. */
    Handshake current;
}

/** 128 bytes after the receiver's position. */
abstract class ReceiverCursorPadAfter extends ReceiverCursorFields {
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

/**
 * The receiver's side of the interleaved schedule: it handles {@link InterleavedSchedule#SLICE} calls of the
 * slice's side in the slice's block, then moves on, as the sender does. It needs no word from the sender
 * within a group: each side has one csd (or one flag) in flight at a time, so a call handled is exactly one
 * of the slice's calls. Between groups it waits at the barrier ({@link Interleaving}).
 */
public final class ReceiverCursor extends ReceiverCursorPadAfter {

    /** Waits for one call of the current slice and handles it; returns the calls handled (0 when stopped). */
    public int receive(Interleaving run, Control stop, SpinWait spin) {
        Handshake h = current;
        if (h == null) {
            if (!run.gate().awaitOpen(run.schedule().group(slice), stop, spin)) {
                return 0;
            }
            h = current = run.handshake(slice);
        }
        int n = h.receive(stop, spin);
        if (n != 0 && (inSlice += n) >= InterleavedSchedule.SLICE) {
            endSlice(run);
        }
        return n;
    }

    private void endSlice(Interleaving run) {
        if (inSlice > InterleavedSchedule.SLICE) {
            throw new IllegalStateException(run.describe(slice) + ": " + inSlice + " calls handled in a slice of "
                    + InterleavedSchedule.SLICE + " (a flush handled more than the one call in flight)");
        }
        long k = slice;
        slice = k + 1;
        inSlice = 0;
        InterleavedSchedule schedule = run.schedule();
        if (schedule.endsGroup(k)) {
            current = null;
            run.gate().finish(schedule.group(k) + 1);
        } else {
            current = run.handshake(k + 1);
        }
    }

    /** Back to slice 0, group 0 not yet entered: at the start of every iteration. */
    public void reset() {
        slice = 0;
        inSlice = 0;
        current = null;
    }

    public long slice() {
        return slice;
    }

    /** Calls handled since the iteration began. */
    public long handled() {
        return slice * InterleavedSchedule.SLICE + inSlice;
    }

    /** Where the receiver is and what it waits for, for a watchdog's report (racy while it runs). */
    public String describe(Interleaving run) {
        String what = current == null
                ? "waiting at the barrier for the sender to open group " + run.schedule().group(slice)
                        + " (it has opened " + run.gate().opened() + " groups)"
                : "waiting for call " + (inSlice + 1) + " of " + InterleavedSchedule.SLICE;
        return "receiver at " + run.describe(slice) + ": " + what;
    }
}
