package org.cachelinebench.struct.report;

import java.util.List;

import org.cachelinebench.struct.analysis.FieldIndex;
import org.cachelinebench.struct.analysis.Hazards;
import org.cachelinebench.struct.analysis.Roles;
import org.cachelinebench.struct.analysis.TransferPrediction;
import org.cachelinebench.struct.measure.Measurement;

/**
 * Everything one run of the tool found, in the order it is printed: the layout with its roles, the
 * hazards, the suggestion with its own layout and hazards, and the measurement when one ran. The text
 * printer and the JSON writer both read this.
 *
 * @param source      the header file, or the Java class
 * @param language    "C" or "Java"
 * @param lineSize    the line size the hazards are for
 * @param sourceNotes what reading the source inferred rather than read (pahole output without -E)
 * @param roles       the roles (possibly none)
 * @param original    the struct (class) as declared
 * @param suggestion  the suggested layout
 * @param measurement the {@code --measure} result, or null
 * @param table       where the roles came from a kernel net_cachelines table: what it says against the
 *                    struct's cache-line group markers (empty otherwise)
 */
public record Report(String source, String language, int lineSize, List<String> sourceNotes, Roles roles, View original, Suggestion suggestion,
                     Measurement measurement, List<String> table) {

    public Report(String source, String language, int lineSize, List<String> sourceNotes, Roles roles, View original,
                  Suggestion suggestion, Measurement measurement) {
        this(source, language, lineSize, sourceNotes, roles, original, suggestion, measurement, List.of());
    }

    /**
     * One layout and what it costs.
     *
     * @param name      "struct pcpu_chunk" or the class name
     * @param layout    the layout printed as pahole prints it, members tagged with roles
     * @param fields    its fields and their bytes
     * @param roles     the roles bound to these fields
     * @param size      bytes (a Java object: its instance size)
     * @param align     alignment
     * @param placement where the hazards assume it starts, in words
     * @param starts    those starts, bytes into a line
     * @param hazards   what it costs
     * @param predicted the coherence model's line moves for it; null without roles
     */
    public record View(String name, String layout, FieldIndex fields, Roles roles, int size, int align,
                       String placement, List<Integer> starts, Hazards hazards, TransferPrediction predicted) {}

    /**
     * @param text    C text (or Java source) to paste back
     * @param changed false when the original needs no change
     * @param view    its layout and hazards; null when it could not be laid out here (said in notes)
     * @param notes   what cannot be separated, and why
     * @param candidates how many layouts the suggester chose among (0 when it made none)
     * @param smallest   the order that moves the fewest members without growing, or null where there is none
     */
    public record Suggestion(String text, boolean changed, View view, List<String> notes, int candidates,
                             Smallest smallest) {}

    /**
     * The smallest change beside the full re-layout.
     *
     * @param text  C text to paste back, each moved member marked
     * @param moved the members it moves
     * @param view  its layout and hazards
     * @param proven whether every order with as few moves was tried (false: the search stopped at its bound,
     *               and this is the best of those it tried)
     */
    public record Smallest(String text, List<String> moved, View view, boolean proven) {}

    /** Runs the measurement with another result. */
    public Report withMeasurement(Measurement m) {
        return new Report(source, language, lineSize, sourceNotes, roles, original, suggestion, m, table);
    }
}
