package org.cachelinebench.coherence.scenario;

import java.util.Map;
import java.util.function.Function;

import org.cachelinebench.benchmarks.ObjectMailboxInterleaved.ObjectMailboxSides;
import org.cachelinebench.model.ipi.CsdBlock;
import org.cachelinebench.model.ipi.FlagMailbox;
import org.cachelinebench.model.ipi.FlagPingPong;
import org.cachelinebench.model.ipi.Handshake;
import org.cachelinebench.model.ipi.MailboxObjects;
import org.cachelinebench.model.ipi.MailboxObjects.Kind;
import org.cachelinebench.model.ipi.MailboxObjects.Layout;
import org.cachelinebench.model.ipi.MailboxObjects.Spot;
import org.cachelinebench.model.layout.ObjectFields.FieldSlot;

/**
 * ObjectMailboxInterleaved's sides as traceable handshakes: the flag mailbox's protocol on the four fields of a
 * Java mailbox class, at the offsets JOL reads on this JVM, placed in a recording block where the benchmark's rule
 * ({@link MailboxObjects}) would choose an instance: one-line sides at the first place in a line that keeps the
 * four fields together, the straddled side where {@code flags} lies apart from the most payload fields.
 */
final class ObjectMailboxScenarios {
    private ObjectMailboxScenarios() {}

    static Function<CsdBlock, Handshake> side(String side, long work) {
        return switch (side) {
            case ObjectMailboxSides.FLOOR -> FlagPingPong::in;
            case ObjectMailboxSides.ONE_LINE, ObjectMailboxSides.ONE_LINE_AGAIN -> on(Kind.PLAIN, false, work);
            case ObjectMailboxSides.STRADDLED -> on(Kind.PLAIN, true, work);
            case ObjectMailboxSides.PADDED -> on(Kind.PADDED, false, work);
            case ObjectMailboxSides.CONTENDED -> on(Kind.CONTENDED, false, work);
            default -> throw new IllegalArgumentException("no object mailbox side " + side);
        };
    }

    private static Function<CsdBlock, Handshake> on(Kind kind, boolean straddled, long work) {
        return block -> {
            int lineSize = block.lineSize();
            Layout layout = MailboxObjects.layout(kind);
            if (kind != Kind.PLAIN && MailboxObjects.paddingProblem(layout) != null) {
                throw new IllegalStateException(MailboxObjects.paddingProblem(layout)
                        + (kind == Kind.CONTENDED ? " (is -XX:-RestrictContended missing?)" : ""));
            }
            Spot chosen = null;
            for (int start = 0; start < lineSize; start += 8) {
                Spot s = MailboxObjects.at(layout, start, lineSize);
                if (straddled) {
                    if (s.flagApartFromPayload() && (chosen == null || s.split() > chosen.split())) {
                        chosen = s;
                    }
                } else if (s.oneLine() && chosen == null) {
                    chosen = s;
                }
            }
            if (chosen == null) {
                throw new IllegalStateException(kind.type().getSimpleName() + " has no place in a " + lineSize
                        + "-byte line with its fields " + (straddled ? "apart" : "together") + ": " + layout.offsets());
            }
            Map<String, FieldSlot> f = layout.fields();
            int base = block.csdLines() + (int) chosen.inLine() - (int) layout.first();
            return FlagMailbox.at(block.memory(), base + (int) f.get(MailboxObjects.NEXT).offset(),
                    f.get(MailboxObjects.NEXT).size(), base + (int) f.get(MailboxObjects.FUNC).offset(),
                    base + (int) f.get(MailboxObjects.INFO).offset(), base + (int) f.get(MailboxObjects.FLAGS).offset(),
                    work);
        };
    }
}
