package org.cachelinebench.struct.analysis;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.cachelinebench.struct.c.CHeader;
import org.cachelinebench.struct.c.MemberDecl;

/**
 * How a suggestion prints members whose declaration defines an anonymous type for several declarators
 * ({@code enum { E_A, E_B } mode, mode2;}). C defines that type once for all of them: printed as two
 * declarations, the definition would be repeated, and an enum's constants (or a tag defined inside)
 * redeclared. Declarators printed one after another stay one declaration, as written; one printed
 * apart names the type by a tag added at its definition, one the file does not declare, and a comment
 * above the definition says so.
 */
final class AnonymousDefinitions {
    /** The keyword that starts the definition: the last one before its body. */
    private static final Pattern KEYWORD = Pattern.compile("\\b(struct|union|enum)\\b");
    private static final Pattern QUALIFIERS_ONLY = Pattern.compile("(\\s*\\b(const|volatile)\\b)*\\s*");

    /** One definition: its declarators in the plan, where its text goes, and who refers to it by tag. */
    private static final class Shared {
        final List<MemberDecl> declarators = new ArrayList<>();
        String placeholder;
        String specText;
        String tag;
        final List<String> byTag = new ArrayList<>();
    }

    private final CHeader header;
    private final String structName;
    private final Map<Object, Shared> shared = new IdentityHashMap<>();
    private final List<String> tags = new ArrayList<>();
    private int placeholders;

    /** {@code printed}: every declaration the suggestion prints, in order; {@code structName} (its tag or typedef name) starts new tags. */
    AnonymousDefinitions(CHeader header, String structName, List<MemberDecl> printed) {
        this.header = header;
        this.structName = structName.replaceAll("\\W+", "_");
        for (MemberDecl x : printed) {
            Object d = x.anonymousDefinition();
            if (d != null) {
                shared.computeIfAbsent(d, k -> new Shared()).declarators.add(x);
            }
        }
        shared.values().removeIf(s -> s.declarators.size() < 2);
    }

    /** Whether {@code x} shares its definition with another printed declarator. */
    boolean isShared(MemberDecl x) {
        Object d = x.anonymousDefinition();
        return d != null && shared.containsKey(d);
    }

    /** Whether {@code x} and {@code previous} are declarators of one shared definition (so one declaration). */
    boolean sameDefinition(MemberDecl previous, MemberDecl x) {
        return previous != null && isShared(x) && previous.anonymousDefinition() == x.anonymousDefinition();
    }

    /**
     * The specifiers to print for a shared declarator that starts a declaration: at the first, a
     * placeholder {@link #finish} replaces with the definition (tagged where a later one needs it); at a
     * later one, the type by its tag.
     */
    String specifiers(MemberDecl x) {
        Shared s = shared.get(x.anonymousDefinition());
        if (s.placeholder == null) {
            s.placeholder = "\u0000" + placeholders++ + "\u0000";
            s.specText = x.specText();
            return s.placeholder;
        }
        if (s.tag == null) {
            s.tag = newTag(s.declarators.get(0).name());
        }
        s.byTag.add(x.name());
        return reference(s.specText, s.tag);
    }

    /** The text with each definition in place, tagged and explained where a declarator uses its tag. */
    String finish(String text) {
        for (Shared s : shared.values()) {
            if (s.placeholder == null) {
                continue;
            }
            String definition = s.specText;
            if (s.tag != null) {
                int body = s.specText.indexOf('{');
                definition = "/* tag " + s.tag + " added: " + String.join(", ", s.byTag) + (s.byTag.size() > 1 ? " are" : " is")
                        + " declared apart, and C defines an anonymous type once */\n\t"
                        + s.specText.substring(0, body).stripTrailing() + " " + s.tag + " " + s.specText.substring(body);
            }
            text = text.replace(s.placeholder, definition);
        }
        return text;
    }

    /** {@code const struct { ... }} as {@code const struct TAG}: the qualifiers before and after, the keyword, the tag. */
    private static String reference(String specText, String tag) {
        int body = specText.indexOf('{');
        Matcher m = KEYWORD.matcher(specText.substring(0, body));
        int start = -1;
        String keyword = null;
        while (m.find()) {
            start = m.start();
            keyword = m.group(1);
        }
        String after = specText.substring(specText.lastIndexOf('}') + 1);
        String qualifiers = QUALIFIERS_ONLY.matcher(after).matches() ? after.strip() : "";
        String ref = specText.substring(0, start) + keyword + " " + tag;
        return qualifiers.isEmpty() ? ref : ref + " " + qualifiers;
    }

    /** STRUCT_MEMBER, or with a number where the file or this suggestion declares that tag already. */
    private String newTag(String member) {
        String base = structName + "_" + member;
        String tag = base;
        for (int i = 2; header.declaresTag(tag) || tags.contains(tag); i++) {
            tag = base + "_" + i;
        }
        tags.add(tag);
        return tag;
    }
}
