package org.cachelinebench.struct.c;

import java.util.List;

/**
 * A struct or union as the file declares it: its tag (null when anonymous), its members once its body
 * has been read (a forward declaration has none yet), and the attributes on the type.
 */
public final class RecordDecl {
    private final String keyword;
    private final String tag;
    private final Token at;
    private List<MemberDecl> members;
    private boolean packed;
    private int alignAttr;
    private String typedefName;      // for an anonymous struct named by a typedef
    private String text;             // the whole specifier as written, body included

    RecordDecl(String keyword, String tag, Token at) {
        this.keyword = keyword;
        this.tag = tag;
        this.at = at;
    }

    public String keyword() { return keyword; }
    public String tag() { return tag; }
    public Token at() { return at; }
    boolean isUnion() { return keyword.equals("union"); }
    boolean isDefined() { return members != null; }
    public List<MemberDecl> members() { return members; }
    public boolean packed() { return packed; }
    public int alignAttr() { return alignAttr; }
    public String text() { return text; }

    void define(List<MemberDecl> members, boolean packed, int alignAttr, String text) {
        this.members = List.copyOf(members);
        this.packed = packed;
        this.alignAttr = alignAttr;
        this.text = text;
    }

    void nameByTypedef(String name) {
        if (typedefName == null) {
            typedefName = name;
        }
    }

    /** How the user names it: "struct pcpu_chunk", or a typedef's name for an anonymous one. */
    public String displayName() {
        if (tag != null) {
            return keyword + " " + tag;
        }
        return typedefName != null ? typedefName : keyword + " (anonymous)";
    }

    /** The same declaration with other members (a suggested order), untagged-safe. */
    public RecordDecl withMembers(List<MemberDecl> other, int newAlignAttr) {
        RecordDecl d = new RecordDecl(keyword, tag, at);
        d.typedefName = typedefName;
        d.define(other, packed, newAlignAttr, null);
        return d;
    }
}
