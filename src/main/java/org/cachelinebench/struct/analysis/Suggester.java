package org.cachelinebench.struct.analysis;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.cachelinebench.model.layout.StructLayout;
import org.cachelinebench.struct.c.CHeader;
import org.cachelinebench.struct.c.CParser;
import org.cachelinebench.struct.c.InputError;
import org.cachelinebench.struct.c.MemberDecl;
import org.cachelinebench.struct.c.RecordDecl;
import org.cachelinebench.struct.c.Struct;
import org.cachelinebench.struct.c.TypeRef;

/**
 * Proposes an order for a C struct's members so that no line is written by one role and touched by
 * another, with little growth:
 *
 * <ol>
 *   <li>members are grouped by {@link Grouping} into line groups, by the roles that write them; a member
 *       only one role reads goes with that role's writes or with the read-mostly members, whichever
 *       layout the coherence model predicts fewer line moves per round for ({@link TransferPrediction}:
 *       rates weigh there), the smaller where they tie, with the writes where that ties too; groups keep
 *       the order of their first member, members their declaration order inside a group;</li>
 *   <li>every group after the first starts a new line (a 128-byte pair with {@code --line 128}): its
 *       first member gets an {@code aligned} attribute, so that the separation holds wherever the struct
 *       is placed (the attribute makes the struct line-aligned too);</li>
 *   <li>the rest of a line before such a break is filled with members no role touches, first fit in
 *       declaration order; the others follow the last class; a flexible array stays last;</li>
 *   <li>a member that fits in a line but would straddle one gets aligned to its size (as the csd's
 *       typedef was in v4.14); a struct of at most a line that straddles where it is placed gets the
 *       same on the struct.</li>
 * </ol>
 *
 * The suggestion is C text, parsed back in the file's context: its layout is the one printed, and the
 * planned offsets are checked against it. What cannot be separated is said in {@link Result#notes()}.
 */
public final class Suggester {

    /**
     * The suggestion.
     *
     * @param text    the struct as C text to paste back
     * @param struct  the text parsed back
     * @param changed false when the original needs no change (then text is the original's)
     * @param notes   what cannot be separated, and why
     * @param candidates the layouts it chose among, in the order made (none where the original needs no change)
     */
    public record Result(String text, Struct struct, boolean changed, List<String> notes, List<Candidate> candidates) {
        Result(String text, Struct struct, boolean changed, List<String> notes) {
            this(text, struct, changed, notes, List.of());
        }
    }

    /** A layout the suggester considered, its predicted line moves (null without roles), and whether it was chosen. */
    public record Candidate(StructLayout layout, TransferPrediction predicted, boolean chosen) {}

    /**
     * The smallest change: the order that moves the fewest members, adds no attribute, does not grow the
     * struct and leaves no false or word sharing a layout could remove and no new straddle.
     *
     * @param text    the struct as C text, each moved member marked
     * @param struct  the text parsed back
     * @param moved   the members it moves, in the order printed
     * @param predicted its predicted line moves (null without roles)
     * @param proven    whether every order of as few moves was tried (false: the best of those tried before
     *                  the search's bound)
     */
    public record Smallest(String text, Struct struct, List<String> moved, TransferPrediction predicted,
                           boolean proven) {}

    /**
     * The most member placements (reorders tried times members laid out) the smallest-change search makes:
     * a reorder of n members costs a layout and a hazard search of n, and the two-move orders number n^4.
     * It keeps a large struct (struct sock, tcp_sock) to seconds.
     */
    static final long SMALLEST_WORK = 20_000;

    /** A candidate with what it takes to print it. */
    private record Option(Grouping grouping, List<Planned> plan, int structAlign, StructLayout layout, Hazards hazards,
                          TransferPrediction predicted) {}

    /** Members of one unit as written: unnamed bit-fields ride with the member after them. */
    private record Item(int unit, List<MemberDecl> decls) {
        MemberDecl member() {
            return decls.get(decls.size() - 1);
        }
    }

    /** An item with the alignment the plan adds (0 for none), and a comment to print above it. */
    private record Planned(Item item, int extraAlign, String comment) {}

    private final CHeader header;
    private final Struct original;
    private final FieldIndex fields;
    private final Roles roles;
    private final int lineSize;
    private final StartPlacement starts;
    private final boolean kernelStyle;
    private final List<Item> items = new ArrayList<>();
    private final Set<String> usedNames = new HashSet<>();

    private Suggester(CHeader header, Struct original, Roles roles, int lineSize, StartPlacement starts) {
        this.header = header;
        this.original = original;
        this.fields = FieldIndex.of(original.layout());
        this.roles = roles;
        this.lineSize = lineSize;
        this.starts = starts;
        this.kernelStyle = header.usesKernelSpellings();
        List<MemberDecl> pending = new ArrayList<>();
        int unit = 0;
        for (MemberDecl m : original.decl().members()) {
            pending.add(m);
            usedNames.add(m.name());
            if (!(m.isBitField() && m.name().isEmpty())) {
                items.add(new Item(unit++, List.copyOf(pending)));
                pending.clear();
            }
        }
        if (!pending.isEmpty()) {                  // unnamed bit-fields at the end ride with the last member
            Item last = items.remove(items.size() - 1);
            List<MemberDecl> all = new ArrayList<>(last.decls());
            all.addAll(pending);
            items.add(new Item(last.unit(), all));
        }
    }

    public static Result suggest(CHeader header, Struct original, Roles roles, int lineSize, StartPlacement starts)
            throws InputError {
        return new Suggester(header, original, roles, lineSize, starts).run();
    }

    /** The smallest change, or null where the original has nothing to remove or no such order exists. */
    public static Smallest smallestChange(CHeader header, Struct original, Roles roles, int lineSize,
                                          StartPlacement starts) throws InputError {
        return new Suggester(header, original, roles, lineSize, starts).smallest();
    }

    private Smallest smallest() throws InputError {
        StructLayout o = original.layout();
        Hazards before = hazards(o);
        if (o.isUnion() || separable(before, fields) == 0) {
            return null;
        }
        List<Item> order = new ArrayList<>();
        Item flexible = null;
        for (Item it : items) {
            if (it.member().isFlexibleArray()) {
                flexible = it;
            } else {
                order.add(it);
            }
        }
        long budget = Math.max(1, SMALLEST_WORK / Math.max(1, order.size()));
        // Members in a hazard are taken out first: where the bound stops the search, it has tried them.
        Set<Integer> involved = hazardUnits(before);
        List<Integer> firstOut = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            if (involved.contains(order.get(i).unit())) {
                firstOut.add(i);
            }
        }
        for (int i = 0; i < order.size(); i++) {
            if (!involved.contains(order.get(i).unit())) {
                firstOut.add(i);
            }
        }
        for (int moves = 1; moves <= 2; moves++) {
            Smallest best = null;
            boolean proven = true;
            for (java.util.Iterator<List<Item>> trials = reorders(order, moves, firstOut); trials.hasNext(); ) {
                if (budget-- <= 0) {
                    proven = false;
                    break;
                }
                List<Item> trial = trials.next();
                List<Planned> plan = new ArrayList<>();
                List<String> moved = new ArrayList<>();
                for (int i = 0; i < trial.size(); i++) {
                    Item it = trial.get(i);
                    boolean isMoved = !sameNeighbours(order, trial, i);
                    if (isMoved) {
                        moved.add(it.member().name());
                    }
                    plan.add(new Planned(it, 0, isMoved ? "moved" : null));
                }
                if (flexible != null) {
                    plan.add(new Planned(flexible, 0, null));
                }
                StructLayout l = layout(plan, 0);
                if (l.size() > o.size()) {
                    continue;
                }
                Hazards h = hazards(l);
                FieldIndex f = FieldIndex.of(l);
                if (separable(h, f) > 0 || !noNewStraddle(h, before)) {
                    continue;
                }
                TransferPrediction p = TransferPrediction.of(roles.on(f), lineSize, starts.of(l.align(), lineSize));
                if (best == null || p != null && best.predicted() != null && p.compareTo(best.predicted()) < 0) {
                    String text = text(plan, original.decl().alignAttr());
                    Struct parsed = header.parseAlso(original.decl().displayName() + " (smallest change)", text);
                    check(l, parsed.layout());
                    best = new Smallest(text, parsed, moved, p, true);
                }
            }
            if (best != null) {
                return proven ? best : new Smallest(best.text(), best.struct(), best.moved(), best.predicted(), false);
            }
            if (!proven) {
                return null;
            }
        }
        return null;
    }

    /**
     * Every order that takes {@code moves} (1 or 2) members out and puts each back elsewhere, made one at a
     * time: the two-move orders of a struct of a hundred members would not fit in memory as a list.
     */
    private static java.util.Iterator<List<Item>> reorders(List<Item> order, int moves, List<Integer> firstOut) {
        int n = order.size();
        return new java.util.Iterator<>() {
            /** i, j of the first move, then k, l of the second; -1 before the first. */
            final int[] at = {0, -1, 0, -1};
            List<Item> next = advance();

            private List<Item> advance() {
                while (true) {
                    if (moves == 2 && at[1] >= 0 && step(2)) {
                        return moveOnce(moveOnce(order, firstOut.get(at[0]), at[1]), at[2], at[3]);
                    }
                    if (!step(0)) {
                        return null;
                    }
                    if (moves == 1) {
                        return moveOnce(order, firstOut.get(at[0]), at[1]);
                    }
                    at[2] = 0;
                    at[3] = -1;
                }
            }

            /**
             * Moves the pair at {@code from} (i, j or k, l) to the next move that changes the order; the first
             * move's i counts in {@code firstOut}'s order.
             */
            private boolean step(int from) {
                int i = at[from], j = at[from + 1];
                while (true) {
                    j++;
                    if (j >= n) {
                        j = 0;
                        i++;
                    }
                    if (i >= n) {
                        at[from] = i;
                        return false;
                    }
                    int taken = from == 0 && i < n ? firstOut.get(i) : i;
                    if (j != taken && j != taken - 1) {     // not back where it was
                        at[from] = i;
                        at[from + 1] = j;
                        return true;
                    }
                }
            }

            @Override
            public boolean hasNext() {
                return next != null;
            }

            @Override
            public List<Item> next() {
                if (next == null) {
                    throw new java.util.NoSuchElementException();
                }
                List<Item> out = next;
                next = advance();
                return out;
            }
        };
    }

    /** {@code order} with the member at {@code i} taken out and put back at {@code j}. */
    private static List<Item> moveOnce(List<Item> order, int i, int j) {
        List<Item> once = new ArrayList<>(order);
        Item it = once.remove(i);
        once.add(j < i ? j + 1 : j, it);
        return once;
    }

    /** Whether the item at {@code i} of {@code trial} has the neighbour before it it had in {@code order}. */
    private static boolean sameNeighbours(List<Item> order, List<Item> trial, int i) {
        int was = order.indexOf(trial.get(i));
        Item before = i == 0 ? null : trial.get(i - 1);
        Item wasBefore = was == 0 ? null : order.get(was - 1);
        Item after = i + 1 < trial.size() ? trial.get(i + 1) : null;
        Item wasAfter = was + 1 < order.size() ? order.get(was + 1) : null;
        return before == wasBefore || after == wasAfter;
    }

    private static boolean noNewStraddle(Hazards after, Hazards before) {
        java.util.Set<String> old = new java.util.HashSet<>();
        before.straddles().forEach(d -> old.add(d.what() + " " + d.name()));
        return after.straddles().stream().allMatch(d -> old.contains(d.what() + " " + d.name()));
    }

    private Result run() throws InputError {
        Grouping grouping = new Grouping(fields, roles, true, false);
        StructLayout o = original.layout();
        Hazards before = Hazards.find(fields, roles, original.name(), o.size(), lineSize, starts.of(o.align(), lineSize));
        if (before.isEmpty()) {
            return new Result(original.decl().text() + ";", original, false, grouping.notes());
        }
        if (o.isUnion()) {
            List<String> notes = new ArrayList<>(grouping.notes());
            notes.add("the members of a union all start at offset 0: no order separates them");
            return new Result(original.decl().text() + ";", original, false, notes);
        }
        // A member only one role reads joins that role's line, or goes with the read-mostly members: both are
        // candidates, and the coherence model's prediction chooses.
        // Members written by several roles get lines of their own, or share them with those roles' other
        // writes (their line moves anyway): both are candidates too.
        List<Option> options = new ArrayList<>();
        List<List<Grouping.LineGroup>> seen = new ArrayList<>();
        for (boolean join : new boolean[] {true, false}) {
            for (boolean share : new boolean[] {false, true}) {
                Grouping g = join && !share ? grouping : new Grouping(fields, roles, join, share);
                if (!seen.contains(g.lineGroups())) {
                    seen.add(g.lineGroups());
                    options.add(option(g));
                }
            }
        }
        Option best = options.get(0);
        for (Option c : options) {
            if (FEWEST_TRANSFERS_THEN_SIZE.compare(c, best) < 0) {
                best = c;
            }
        }
        List<Candidate> candidates = new ArrayList<>();
        for (Option c : options) {
            candidates.add(new Candidate(c.layout(), c.predicted(), c == best));
        }
        if (!better(best.hazards(), best.layout(), before, o)) {
            List<String> notes = new ArrayList<>(best.grouping().notes());
            notes.add("no order of the members removes what is listed above");
            return new Result(original.decl().text() + ";", original, false, notes, candidates);
        }
        TransferPrediction now = TransferPrediction.of(roles, lineSize, starts.of(o.align(), lineSize));
        if (!gains(best, now, before, o)) {
            List<String> notes = new ArrayList<>(grouping.trueSharingNotes());
            notes.add("no layout of the " + options.size() + " tried predicts fewer line moves per round than the original ("
                    + TransferPrediction.number(now.perRound()) + "; the best " + TransferPrediction.number(best.predicted().perRound())
                    + ") or removes a straddle without adding one: no change suggested");
            return new Result(original.decl().text() + ";", original, false, notes, candidates);
        }
        String text = text(best.plan(), best.structAlign());
        Struct parsed = header.parseAlso(original.decl().displayName() + " (suggested)", text);
        check(best.layout(), parsed.layout());
        return new Result(text, parsed, true, best.grouping().notes(), candidates);
    }

    /** A complete layout from one grouping: planned, laid out, and aligned as a whole where that removes hazards. */
    private Option option(Grouping grouping) throws InputError {
        List<Planned> plan = arrange(grouping);
        int structAlign = original.decl().alignAttr();
        StructLayout trial = layout(plan, structAlign);
        Hazards after = hazards(trial);
        // Where the placement still splits the struct (it may start off a line), align the struct itself,
        // if that removes something.
        if (!after.isEmpty() && !starts.of(trial.align(), lineSize).equals(List.of(0))) {
            int want = trial.size() <= lineSize ? Integer.highestOneBit(Math.max(1, trial.size() * 2 - 1)) : lineSize;
            StructLayout aligned = layout(plan, Math.max(structAlign, want));
            Hazards alignedHazards = hazards(aligned);
            if (better(alignedHazards, aligned, after, trial)) {
                structAlign = Math.max(structAlign, want);
                trial = aligned;
                after = alignedHazards;
            }
        }
        FieldIndex f = FieldIndex.of(trial);
        return new Option(grouping, plan, structAlign, trial, after,
                TransferPrediction.of(roles.on(f), lineSize, starts.of(trial.align(), lineSize)));
    }

    /**
     * Whether the suggestion is worth its change: fewer predicted line moves per round; or, predicting as many,
     * fewer straddles and none new. Without roles nothing is predicted, and the hazards decide.
     */
    private static boolean gains(Option best, TransferPrediction now, Hazards before, StructLayout o) {
        if (now == null || best.predicted() == null) {
            return true;
        }
        int t = best.predicted().compareTo(now);
        if (t != 0) {
            return t < 0;
        }
        return best.hazards().straddles().size() < before.straddles().size() && noNewStraddle(best.hazards(), before);
    }

    /** Fewer predicted line moves per round first, then the smaller size; the first made wins what is left. */
    private static final java.util.Comparator<Option> FEWEST_TRANSFERS_THEN_SIZE = (a, b) -> {
        int t = a.predicted() == null || b.predicted() == null ? 0 : a.predicted().compareTo(b.predicted());
        return t != 0 ? t : Integer.compare(a.layout().size(), b.layout().size());
    };

    private Hazards hazards(StructLayout s) {
        FieldIndex f = FieldIndex.of(s);
        return Hazards.find(f, roles.on(f), original.name(), s.size(), lineSize, starts.of(s.align(), lineSize));
    }

    /**
     * True when {@code a} has fewer lines of false sharing that a layout could avoid (between fields of
     * different members), or as many and fewer straddles.
     */
    private static boolean better(Hazards a, StructLayout la, Hazards b, StructLayout lb) {
        int sa = separable(a, FieldIndex.of(la)), sb = separable(b, FieldIndex.of(lb));
        return sa < sb || sa == sb && a.straddles().size() < b.straddles().size();
    }

    /** Lines with a false-sharing pair whose two fields lie in different members (a layout may separate those). */
    /** The top-level members in a false or word sharing hazard. */
    private Set<Integer> hazardUnits(Hazards h) {
        Set<Integer> out = new HashSet<>();
        for (Hazards.Sharing s : h.falseSharing()) {
            for (Hazards.Pair p : s.pairs()) {
                p.firsts().forEach(f -> out.add(fields.field(f).unit()));
                p.seconds().forEach(f -> out.add(fields.field(f).unit()));
            }
        }
        for (Hazards.WordSharing w : h.wordSharing()) {
            out.add(fields.field(w.written()).unit());
            out.add(fields.field(w.touched()).unit());
        }
        return out;
    }

    static int separable(Hazards h, FieldIndex fields) {
        int n = 0;
        for (Hazards.Sharing s : h.falseSharing()) {
            boolean across = false;
            for (Hazards.Pair p : s.pairs()) {
                java.util.Set<Integer> units = new java.util.HashSet<>();
                for (String f : p.firsts()) {
                    units.add(fields.field(f).unit());
                }
                for (String g : p.seconds()) {
                    units.add(fields.field(g).unit());
                }
                across |= units.size() > 1;
            }
            n += across ? 1 : 0;
        }
        for (Hazards.WordSharing w : h.wordSharing()) {
            n += fields.field(w.written()).unit() != fields.field(w.touched()).unit() ? 1 : 0;
        }
        return n;
    }

    private List<Planned> arrange(Grouping grouping) throws InputError {
        List<Planned> plan = new ArrayList<>();
        List<Integer> cold = new ArrayList<>(grouping.cold());
        Item flexible = null;
        for (Item it : items) {
            if (it.member().isFlexibleArray()) {
                flexible = it;
                cold.remove(Integer.valueOf(it.unit()));
            }
        }
        Grouping.LineGroup previous = null;
        for (Grouping.LineGroup g : grouping.lineGroups()) {
            if (flexible != null && g.units().equals(List.of(flexible.unit()))) {
                continue;                           // it goes last, below
            }
            boolean breakHere = previous != null;
            if (breakHere) {
                fill(plan, cold);
            }
            boolean firstOfGroup = true;
            Grouping.Class shown = null;
            for (int u : g.units()) {
                Item it = items.get(u);
                if (it == flexible) {
                    continue;
                }
                Grouping.Class c = classOf(g, u);
                int extra = firstOfGroup && breakHere ? lineSize : 0;
                String comment = c != shown ? c.signature().describe() : null;
                shown = c;
                plan.add(new Planned(it, extra, comment));
                if (extra == 0) {
                    fixStraddle(plan);
                }
                firstOfGroup = false;
            }
            previous = g;
        }
        boolean coldComment = true;
        for (int u : cold) {
            plan.add(new Planned(items.get(u), 0, coldComment ? "touched by no role" : null));
            coldComment = false;
            fixStraddle(plan);
        }
        if (flexible != null) {
            Grouping.Signature s = grouping.signature(flexible.unit());
            boolean separate = previous != null && !s.cold() && !previous.units().contains(flexible.unit());
            plan.add(new Planned(flexible, separate ? lineSize : 0, s.cold() ? null : s.describe()));
        }
        return plan;
    }

    private static Grouping.Class classOf(Grouping.LineGroup g, int unit) {
        for (Grouping.Class c : g.classes()) {
            if (c.units().contains(unit)) {
                return c;
            }
        }
        throw new IllegalStateException("unit " + unit + " is in no class of its group");
    }

    /** Puts untouched members into what is left of the current line, first fit in declaration order. */
    private void fill(List<Planned> plan, List<Integer> cold) throws InputError {
        int end = contentEnd(layout(plan, 0));
        int boundary = (end + lineSize - 1) / lineSize * lineSize;
        boolean first = true;
        for (int i = 0; i < cold.size() && end < boundary; i++) {
            List<Planned> trial = new ArrayList<>(plan);
            trial.add(new Planned(items.get(cold.get(i)), 0, first ? "touched by no role, in the rest of the line" : null));
            int trialEnd = contentEnd(layout(trial, 0));
            if (trialEnd <= boundary) {
                plan.clear();
                plan.addAll(trial);
                end = trialEnd;
                cold.remove(i--);
                first = false;
            }
        }
    }

    /** Aligns the last planned member to its size when it fits in a line but straddles one. */
    private void fixStraddle(List<Planned> plan) throws InputError {
        Planned last = plan.get(plan.size() - 1);
        StructLayout s = layout(plan, 0);
        StructLayout.Member m = s.members().get(s.members().size() - 1);
        int size = m.end() - m.start();
        if (size > 1 && size <= lineSize && m.start() / lineSize != (m.end() - 1) / lineSize) {
            int align = Integer.highestOneBit(size * 2 - 1);
            plan.set(plan.size() - 1, new Planned(last.item(), Math.max(last.extraAlign(), align), last.comment()));
        }
    }

    private static int contentEnd(StructLayout s) {
        int end = 0;
        for (StructLayout.Member m : s.members()) {
            end = Math.max(end, m.end());
        }
        return end;
    }

    /** The layout of a plan, computed from declarations as the parsed text will be. */
    private StructLayout layout(List<Planned> plan, int structAlign) throws InputError {
        List<MemberDecl> members = new ArrayList<>();
        for (Planned p : plan) {
            members.addAll(decls(p));
        }
        if (members.isEmpty()) {
            return StructLayout.builder("empty").field(org.cachelinebench.model.layout.CType.CHAR, "c").build();
        }
        RecordDecl d = original.decl().withMembers(members, Math.max(structAlign, original.decl().alignAttr()));
        return header.layout(d);
    }

    /** The declarations a planned item becomes: a zero-length aligned marker where the member cannot carry the attribute. */
    private List<MemberDecl> decls(Planned p) {
        List<MemberDecl> out = new ArrayList<>();
        MemberDecl m = p.item().member();
        boolean marker = p.extraAlign() > 0 && needsMarker(p);
        if (marker) {
            out.add(new MemberDecl(markerName(p), m.at(), new TypeRef.Array(new TypeRef.Scalar("char", 1), 0, false),
                    p.extraAlign(), false, -1, "char", markerName(p) + "[0]"));
        }
        for (MemberDecl d : p.item().decls()) {
            if (d == m && p.extraAlign() > 0 && !marker) {
                d = new MemberDecl(d.name(), d.at(), d.type(), Math.max(d.alignAttr(), p.extraAlign()), d.packed(),
                        d.bitWidth(), d.specText(), d.declText());
            }
            out.add(d);
        }
        return out;
    }

    /** A bit-field, an anonymous struct or union, or a member after unnamed bit-fields takes its alignment from a marker. */
    private static boolean needsMarker(Planned p) {
        MemberDecl m = p.item().member();
        return m.isBitField() || m.isAnonymous() || p.item().decls().size() > 1;
    }

    private String markerName(Planned p) {
        String base = "__line_break_" + p.item().unit();
        String name = base;
        for (int i = 1; usedNames.contains(name); i++) {
            name = base + "_" + i;
        }
        return name;
    }

    private String align(int n) {
        if (kernelStyle) {
            return n == CParser.KERNEL_CACHELINE ? "____cacheline_aligned_in_smp" : "__aligned(" + n + ")";
        }
        return "__attribute__((aligned(" + n + ")))";
    }

    private static final Pattern TAGGED_DEFINITION = Pattern.compile("^(struct|union|enum)\\s+([A-Za-z_]\\w*)\\s*\\{");

    private String text(List<Planned> plan, int structAlign) {
        RecordDecl d = original.decl();
        StringBuilder sb = new StringBuilder();
        boolean typedef = d.tag() == null;
        sb.append(typedef ? "typedef " : "").append(d.keyword());
        if (d.packed()) {
            sb.append(kernelStyle ? " __packed" : " __attribute__((packed))");
        }
        sb.append(d.tag() == null ? "" : " " + d.tag()).append(" {\n");
        // A type defined inline at one member is defined where it is first printed, whichever member that is.
        java.util.Map<String, String> inline = new java.util.HashMap<>();
        for (Planned p : plan) {
            for (MemberDecl x : p.item().decls()) {
                Matcher tagged = TAGGED_DEFINITION.matcher(x.specText());
                if (tagged.find()) {
                    inline.putIfAbsent(tagged.group(1) + " " + tagged.group(2), x.specText());
                }
            }
        }
        Set<String> defined = new LinkedHashSet<>();
        List<MemberDecl> printed = new ArrayList<>();
        plan.forEach(p -> printed.addAll(p.item().decls()));
        AnonymousDefinitions anonymous = new AnonymousDefinitions(header, d.tag() != null ? d.tag() : d.displayName(), printed);
        MemberDecl previous = null;                // the declarator printed last, while nothing else came after it
        for (Planned p : plan) {
            if (p.comment() != null) {
                sb.append(sb.charAt(sb.length() - 2) == '{' ? "" : "\n").append("\t/* ").append(p.comment()).append(" */\n");
                previous = null;
            }
            MemberDecl m = p.item().member();
            boolean marker = p.extraAlign() > 0 && needsMarker(p);
            if (marker) {
                sb.append("\tchar ").append(markerName(p)).append("[0] ").append(align(p.extraAlign())).append(";\n");
                previous = null;
            }
            for (MemberDecl x : p.item().decls()) {
                String attr = x == m && p.extraAlign() > x.alignAttr() && !marker ? " " + align(p.extraAlign()) : "";
                if (anonymous.sameDefinition(previous, x)) {
                    sb.setLength(sb.length() - 2);                        // one declaration, as written
                    sb.append(", ").append(x.declText()).append(attr).append(";\n");
                    previous = x;
                    continue;
                }
                previous = x;
                if (anonymous.isShared(x)) {
                    sb.append('\t').append(anonymous.specifiers(x)).append(' ').append(x.declText()).append(attr).append(";\n");
                    continue;
                }
                String spec = x.specText();
                String full = inline.get(spec.strip().replaceAll("\\s+", " "));
                if (full != null && !defined.contains(full)) {
                    spec = full;                                           // its definition, before any use
                }
                Matcher tagged = TAGGED_DEFINITION.matcher(spec);
                if (tagged.find() && !defined.add(spec)) {
                    spec = tagged.group(1) + " " + tagged.group(2);      // define a nested type once
                }
                String decl = x.declText().isEmpty() ? spec : spec + " " + x.declText();
                sb.append('\t').append(decl).append(attr).append(";\n");
            }
        }
        sb.append('}');
        if (structAlign > d.alignAttr()) {
            sb.append(' ').append(align(structAlign));
        } else if (d.alignAttr() > 0) {
            sb.append(' ').append(align(d.alignAttr()));
        }
        if (typedef) {
            sb.append(' ').append(d.displayName());
        }
        sb.append(";\n");
        return anonymous.finish(sb.toString());
    }

    /** The parsed text must lay out as planned: same members, same offsets, same size. */
    private static void check(StructLayout planned, StructLayout parsed) {
        boolean same = planned.size() == parsed.size() && planned.align() == parsed.align()
                && planned.members().size() == parsed.members().size();
        for (int i = 0; same && i < planned.members().size(); i++) {
            StructLayout.Member a = planned.members().get(i), b = parsed.members().get(i);
            same = a.name().equals(b.name()) && a.offset() == b.offset() && a.bitOffset() == b.bitOffset();
        }
        if (!same) {
            throw new IllegalStateException("the suggested text does not lay out as planned: planned " + planned
                    + " " + planned.members() + ", parsed " + parsed + " " + parsed.members());
        }
    }
}
