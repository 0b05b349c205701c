package org.cachelinebench.struct.c;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the declarations of data from preprocessed tokens into a {@link TypeTable}: struct and union
 * definitions (nested, named or anonymous), typedefs and enums, with the attributes that change a
 * layout. Every struct is laid out as soon as its body ends, so that a member of an incomplete type,
 * a flexible array in the wrong place or a duplicate name is reported where it is written.
 *
 * <p>Other file-level declarations a header holds (functions, inline function bodies, {@code extern}
 * variables, macro calls such as {@code DECLARE_PER_CPU(...)}) are skipped, balanced; inside a struct
 * body everything must parse.
 */
public final class CParser {
    private static final Set<String> QUALIFIERS = Set.of(
            "const", "volatile", "restrict", "__restrict", "__restrict__", "__volatile__", "__const", "__const__",
            // sparse's address spaces and annotations: no effect on layout
            "__rcu", "__percpu", "__iomem", "__user", "__kernel", "__force", "__bitwise", "__private",
            "__randomize_layout", "__no_randomize_layout", "__data_racy");
    private static final Set<String> SCALAR_KEYWORDS = Set.of(
            "void", "char", "short", "int", "long", "signed", "unsigned", "_Bool", "float", "double", "__int128",
            "__signed__", "__signed");
    private static final Set<String> SKIPPED_AT_FILE_LEVEL = Set.of(
            "extern", "static", "inline", "__inline", "__inline__", "__always_inline", "noinline", "_Noreturn",
            "__init", "__exit", "asmlinkage");
    private static final Set<String> STORAGE = Set.of("extern", "static", "auto", "register", "_Thread_local",
            "__thread", "typedef", "inline");
    /** Attributes that do not change a layout; their arguments are skipped. */
    private static final Set<String> HARMLESS_ATTRIBUTES = Set.of(
            "unused", "used", "deprecated", "may_alias", "nonstring", "designated_init", "randomize_layout",
            "no_randomize_layout", "preserve_access_index", "btf_type_tag", "btf_decl_tag", "counted_by",
            "noderef", "address_space", "context", "warn_unused_result", "section", "visibility", "cold", "hot",
            "noinline", "always_inline", "const", "pure", "format", "nonnull", "noreturn", "weak", "alias");
    /** x86-64's __BIGGEST_ALIGNMENT__: what {@code aligned} without an argument means. */
    static final int BIGGEST_ALIGNMENT = 16;
    /** {@code ____cacheline_aligned}: L1_CACHE_BYTES, a compile-time constant of an x86-64 kernel. */
    public static final int KERNEL_CACHELINE = 64;

    private final TokenCursor in;
    private final String source;
    private final TypeTable table;
    private final DeclLayout layouts;
    private int depth;                  // struct bodies open around the cursor

    private CParser(List<Token> tokens, String source, TypeTable table, DeclLayout layouts) {
        this.in = new TokenCursor(tokens);
        this.source = source;
        this.table = table;
        this.layouts = layouts;
    }

    /** Parses a whole file (already preprocessed) into {@code table}. */
    static void parse(List<Token> tokens, String source, TypeTable table, DeclLayout layouts) throws InputError {
        CParser p = new CParser(tokens, source, table, layouts);
        while (!p.in.atEnd()) {
            p.externalDeclaration();
        }
    }

    // ---- file level ---------------------------------------------------------------------------------

    private void externalDeclaration() throws InputError {
        if (in.accept(";")) {
            return;
        }
        Token first = in.peek();
        if (first.is("typedef")) {
            in.next();
            typedefDeclaration();
            return;
        }
        if (first.is("_Static_assert") || first.is("static_assert")) {
            skipTo(";");
            return;
        }
        if (SKIPPED_AT_FILE_LEVEL.contains(first.text())) {
            skipDeclaration();
            return;
        }
        if (first.isIdent() && !startsType(first) && in.peek(1).is("(")) {
            in.next();                                   // a macro call such as DECLARE_PER_CPU(int, x);
            skipBalanced("(", ")");
            in.accept(";");
            return;
        }
        if (!startsType(first)) {
            throw new InputError(first, "expected a declaration before " + first.describe());
        }
        Specifiers spec = specifiers();
        if (in.accept(";")) {
            return;
        }
        if (in.atEnd()) {
            expectSemicolon();
        }
        while (true) {
            Declarator d = declarator(false);
            if (d.isFunction() && in.at("{")) {
                skipBalanced("{", "}");
                return;
            }
            attributes();
            if (in.accept("=")) {
                skipInitializer();
            }
            if (!in.accept(",")) {
                break;
            }
        }
        expectSemicolon();
    }

    private void typedefDeclaration() throws InputError {
        Specifiers spec = specifiers();
        while (true) {
            Declarator d = declarator(false);
            if (d.name() == null) {
                throw new InputError(in.peek(), "expected a typedef name before " + in.peek().describe());
            }
            Attrs attrs = spec.attrs().and(d.attrs()).and(attributes());
            TypeRef type = d.apply(spec.type());
            table.defineTypedef(d.name(), new TypeRef.Typedef(d.name().text(), type, attrs.align()));
            if (TypeRef.resolved(type) instanceof TypeRef.Record r) {
                r.decl().nameByTypedef(d.name().text());
            }
            if (!in.accept(",")) {
                break;
            }
        }
        expectSemicolon();
    }

    private void skipDeclaration() throws InputError {
        while (!in.atEnd()) {
            if (in.at("(")) {
                skipBalanced("(", ")");
            } else if (in.at("{")) {
                skipBalanced("{", "}");
                in.accept(";");
                return;
            } else if (in.accept(";")) {
                return;
            } else {
                in.next();
            }
        }
        throw new InputError(in.peek(), "expected ';' before end of file");
    }

    private void skipInitializer() throws InputError {
        while (!in.atEnd() && !in.at(",") && !in.at(";")) {
            if (in.at("(")) {
                skipBalanced("(", ")");
            } else if (in.at("{")) {
                skipBalanced("{", "}");
            } else {
                in.next();
            }
        }
    }

    private void skipTo(String end) throws InputError {
        while (!in.atEnd() && !in.at(end)) {
            if (in.at("(")) {
                skipBalanced("(", ")");
            } else {
                in.next();
            }
        }
        in.expect(end);
    }

    private void skipBalanced(String open, String close) throws InputError {
        Token start = in.expect(open);
        int level = 1;
        while (level > 0) {
            Token t = in.next();
            if (t.kind() == Token.Kind.END) {
                throw new InputError(start, "'" + open + "' is never closed");
            }
            if (t.is(open)) {
                level++;
            } else if (t.is(close)) {
                level--;
            }
        }
    }

    private void expectSemicolon() throws InputError {
        if (!in.at(";")) {
            throw new InputError(in.peek(), "expected ';' before " + in.peek().describe());
        }
        in.next();
    }

    // ---- specifiers ---------------------------------------------------------------------------------

    /** What a declaration's specifiers say: the type, the attributes among them, and where they were. */
    private record Specifiers(TypeRef type, Attrs attrs, Token first) {}

    private boolean startsType(Token t) {
        if (!t.isIdent()) {
            return false;
        }
        String s = t.text();
        return SCALAR_KEYWORDS.contains(s) || s.equals("struct") || s.equals("union") || s.equals("enum")
                || QUALIFIERS.contains(s) || isAttributeStart(t) || table.typedef(s) != null;
    }

    private Specifiers specifiers() throws InputError {
        Token first = in.peek();
        List<Token> scalars = new ArrayList<>();
        TypeRef type = null;
        Attrs attrs = Attrs.NONE;
        java.util.Set<String> qualifiers = new java.util.LinkedHashSet<>();
        while (true) {
            Token t = in.peek();
            if (!t.isIdent()) {
                break;
            }
            String s = t.text();
            if (QUALIFIERS.contains(s)) {
                if (s.startsWith("const") || s.startsWith("__const")) {
                    qualifiers.add("const");
                } else if (s.contains("volatile")) {
                    qualifiers.add("volatile");
                }
                in.next();
            } else if (s.equals("__counted_by")) {
                in.next();
                skipBalanced("(", ")");
            } else if (isAttributeStart(t)) {
                attrs = attrs.and(attributes());
            } else if (SCALAR_KEYWORDS.contains(s)) {
                if (type != null) {
                    throw new InputError(t, "two types in one declaration: '" + s + "' after " + TypeRef.spell(type));
                }
                scalars.add(in.next());
            } else if (s.equals("struct") || s.equals("union") || s.equals("enum")) {
                if (type != null || !scalars.isEmpty()) {
                    throw new InputError(t, "two types in one declaration: '" + s + "'");
                }
                type = s.equals("enum") ? enumSpecifier() : recordSpecifier();
            } else if (s.equals("_Atomic") || s.equals("__auto_type") || s.equals("typeof") || s.equals("__typeof__")) {
                throw new InputError(t, "'" + s + "' is not supported");
            } else if (STORAGE.contains(s)) {
                throw new InputError(t, "'" + s + "' is not allowed here");
            } else if (type == null && scalars.isEmpty() && table.typedef(s) != null) {
                in.next();
                type = table.typedef(s);
            } else {
                break;
            }
        }
        if (type == null) {
            if (scalars.isEmpty()) {
                Token t = in.peek();
                if (t.isIdent()) {
                    throw new InputError(t, "unknown type name '" + t.text() + "'");
                }
                throw new InputError(t, "expected a type before " + t.describe());
            }
            type = scalar(scalars);
        }
        if (!qualifiers.isEmpty()) {
            type = new TypeRef.Qualified(String.join(" ", qualifiers), type);
        }
        return new Specifiers(type, attrs, first);
    }

    /** The arithmetic type named by a list of keywords, in any order, as C allows. */
    private static TypeRef scalar(List<Token> words) throws InputError {
        Map<String, Integer> n = new LinkedHashMap<>();
        for (Token w : words) {
            String k = w.text().startsWith("__signed") ? "signed" : w.text();
            n.merge(k, 1, Integer::sum);
        }
        int longs = n.getOrDefault("long", 0);
        boolean unsigned = n.containsKey("unsigned");
        boolean signed = n.containsKey("signed");
        Token at = words.get(0);
        if (unsigned && signed || n.getOrDefault("unsigned", 0) > 1 || n.getOrDefault("signed", 0) > 1 || longs > 2
                || n.getOrDefault("int", 0) > 1 || n.getOrDefault("short", 0) > 1 || n.getOrDefault("char", 0) > 1) {
            throw new InputError(at, "invalid combination of type specifiers");
        }
        Set<String> kinds = new java.util.HashSet<>(n.keySet());
        kinds.removeAll(Set.of("signed", "unsigned"));
        String u = unsigned ? "unsigned " : "";
        if (kinds.equals(Set.of("void")) && !unsigned && !signed) {
            return new TypeRef.Scalar("void", 0);
        }
        if (kinds.equals(Set.of("_Bool")) && !unsigned && !signed) {
            return new TypeRef.Scalar("_Bool", 1);
        }
        if (kinds.equals(Set.of("float")) && !unsigned && !signed) {
            return new TypeRef.Scalar("float", 4);
        }
        if (kinds.equals(Set.of("double")) && !unsigned && !signed) {
            return new TypeRef.Scalar("double", 8);
        }
        if (kinds.equals(Set.of("double", "long")) && longs == 1 && !unsigned && !signed) {
            return new TypeRef.Scalar("long double", 16);
        }
        if (kinds.equals(Set.of("__int128"))) {
            return new TypeRef.Scalar(u + "__int128", 16);
        }
        if (kinds.equals(Set.of("char"))) {
            return new TypeRef.Scalar(signed ? "signed char" : u + "char", 1);
        }
        kinds.remove("int");
        if (kinds.equals(Set.of("short"))) {
            return new TypeRef.Scalar(u + "short", 2);
        }
        if (kinds.isEmpty()) {
            return new TypeRef.Scalar(u + "int", 4);
        }
        if (kinds.equals(Set.of("long"))) {
            return new TypeRef.Scalar(u + (longs == 2 ? "long long" : "long"), 8);
        }
        throw new InputError(at, "invalid combination of type specifiers");
    }

    private TypeRef recordSpecifier() throws InputError {
        Token keyword = in.next();
        Attrs typeAttrs = attributes();
        Token tag = in.peek().isIdent() && !isAttributeStart(in.peek()) ? in.next() : null;
        typeAttrs = typeAttrs.and(attributes());
        if (!in.at("{")) {
            if (tag == null) {
                throw new InputError(in.peek(), "expected a tag or '{' after '" + keyword.text() + "' before "
                        + in.peek().describe());
            }
            return new TypeRef.Record((RecordDecl) table.declareTag(keyword.text(), tag, false));
        }
        RecordDecl decl = tag == null ? new RecordDecl(keyword.text(), null, keyword)
                : (RecordDecl) table.declareTag(keyword.text(), tag, true);
        if (decl.isDefined()) {
            throw new InputError(tag, "redefinition of '" + keyword.text() + " " + tag.text() + "'");
        }
        Token open = in.next();
        depth++;
        List<MemberDecl> members = new ArrayList<>();
        while (!in.accept("}")) {
            if (in.atEnd()) {
                throw new InputError(open, "'{' of " + decl.displayName() + " is never closed");
            }
            memberDeclaration(members);
        }
        depth--;
        typeAttrs = typeAttrs.and(attributes());
        String text = source.substring(keyword.start(), in.previous().end());
        decl.define(members, typeAttrs.packed(), typeAttrs.align(), text);
        layouts.layout(decl);                    // now, so that errors point into this body
        if (depth == 0) {
            table.addTopLevel(decl);
        }
        return new TypeRef.Record(decl);
    }

    private TypeRef enumSpecifier() throws InputError {
        Token keyword = in.next();
        Attrs attrs = attributes();
        Token tag = in.peek().isIdent() && !isAttributeStart(in.peek()) ? in.next() : null;
        attrs = attrs.and(attributes());
        if (!in.at("{")) {
            if (tag == null) {
                throw new InputError(in.peek(), "expected a tag or '{' after 'enum' before " + in.peek().describe());
            }
            return new TypeRef.Enum((EnumDecl) table.declareTag("enum", tag, false));
        }
        EnumDecl decl = tag == null ? new EnumDecl(null, keyword) : (EnumDecl) table.declareTag("enum", tag, true);
        if (decl.isDefined()) {
            throw new InputError(tag, "redefinition of 'enum " + tag.text() + "'");
        }
        in.next();
        Map<String, Long> values = new LinkedHashMap<>();
        long next = 0;
        while (!in.accept("}")) {
            Token name = in.expectIdent("an enumerator");
            long value = next;
            if (in.accept("=")) {
                value = constant();
            }
            table.defineConstant(name, value);
            values.put(name.text(), value);
            next = value + 1;
            if (!in.accept(",")) {
                in.expect("}");
                break;
            }
        }
        if (values.isEmpty()) {
            throw new InputError(keyword, "an enum needs at least one enumerator");
        }
        attrs = attrs.and(attributes());
        decl.define(values, attrs.packed());
        return new TypeRef.Enum(decl);
    }

    // ---- members ------------------------------------------------------------------------------------

    private void memberDeclaration(List<MemberDecl> members) throws InputError {
        if (in.accept(";")) {
            return;
        }
        if (in.at("_Static_assert") || in.at("static_assert")) {
            in.next();
            skipTo(";");
            return;
        }
        Token first = in.peek();
        Specifiers spec = specifiers();
        String specText = source.substring(first.start(), in.previous().end());
        if (in.at(";")) {
            if (TypeRef.resolved(spec.type()) instanceof TypeRef.Record r && r.decl().tag() == null
                    && !(spec.type() instanceof TypeRef.Typedef)) {
                members.add(new MemberDecl("", first, spec.type(), spec.attrs().align(), spec.attrs().packed(), -1,
                        specText, ""));
                in.next();
                return;
            }
            throw new InputError(first, "declaration does not declare anything");
        }
        while (true) {
            Token declStart = in.peek();
            Declarator d = in.at(":") ? new Declarator(null, 0, null, List.of(), Attrs.NONE) : declarator(false);
            Attrs attrs = spec.attrs().and(d.attrs()).and(attributes());
            int width = -1;
            Token widthAt = null;
            if (in.at(":")) {
                widthAt = in.next();
                long w = constant();
                if (w < 0 || w > 128) {
                    throw new InputError(widthAt, "bit-field width " + w + " is out of range");
                }
                width = (int) w;
                attrs = attrs.and(attributes());
            } else if (d.name() == null) {
                throw new InputError(in.peek(), "expected a member name before " + in.peek().describe());
            }
            String declText = source.substring(declStart.start(), in.previous().end());
            TypeRef type = d.apply(spec.type());
            if (TypeRef.resolved(type) instanceof TypeRef.Function) {
                throw new InputError(d.name() != null ? d.name() : declStart,
                        "member '" + (d.name() == null ? "" : d.name().text()) + "' has a function type (a pointer to it is fine)");
            }
            Token at = d.name() != null ? d.name() : widthAt;
            members.add(new MemberDecl(d.name() == null ? "" : d.name().text(), at, type, attrs.align(),
                    attrs.packed(), width, specText, declText));
            if (!in.accept(",")) {
                break;
            }
        }
        if (!in.at(";")) {
            throw new InputError(in.peek(), "expected ';' at end of member declaration before " + in.peek().describe());
        }
        in.next();
    }

    // ---- declarators --------------------------------------------------------------------------------

    /**
     * A declarator: {@code pointers} stars, then a name or a parenthesised inner declarator, then array
     * and function suffixes. Applied inside out, as C reads {@code void (*fn)(void *)}.
     */
    private record Declarator(Token ownName, int pointers, Declarator inner, List<Object> suffixes, Attrs ownAttrs) {
        TypeRef apply(TypeRef base) {
            TypeRef t = base;
            for (int i = 0; i < pointers; i++) {
                t = new TypeRef.Pointer(t);
            }
            for (int i = suffixes.size() - 1; i >= 0; i--) {
                Object s = suffixes.get(i);
                t = s instanceof String params ? new TypeRef.Function(t, params)
                        : new TypeRef.Array(t, Math.max(0, (Integer) s), (Integer) s < 0);
            }
            return inner == null ? t : inner.apply(t);
        }

        Token name() {
            return inner != null ? inner.name() : ownName;
        }

        /** True when the name declares a function: its own first suffix is a parameter list. */
        boolean isFunction() {
            return inner != null ? inner.isFunction() : !suffixes.isEmpty() && suffixes.get(0) instanceof String;
        }

        Attrs attrs() {
            return inner == null ? ownAttrs : ownAttrs.and(inner.attrs());
        }
    }

    private Declarator declarator(boolean abstractAllowed) throws InputError {
        int pointers = 0;
        Attrs attrs = Attrs.NONE;
        while (true) {
            if (in.accept("*")) {
                pointers++;
            } else if (in.peek().isIdent() && QUALIFIERS.contains(in.peek().text())) {
                in.next();
            } else if (isAttributeStart(in.peek())) {
                attrs = attrs.and(attributes());
            } else {
                break;
            }
        }
        Token name = null;
        Declarator inner = null;
        if (in.at("(") && (in.peek(1).is("*") || in.peek(1).is("^") || isAttributeStart(in.peek(1))
                || !abstractAllowed && in.peek(1).isIdent() && !startsType(in.peek(1)))) {
            in.next();
            inner = declarator(abstractAllowed);
            in.expect(")");
        } else if (in.peek().isIdent() && !isAttributeStart(in.peek()) && !in.peek().is("__counted_by")) {
            name = in.next();
        } else if (!abstractAllowed) {
            throw new InputError(in.peek(), "expected a name before " + in.peek().describe());
        }
        List<Object> suffixes = new ArrayList<>();
        while (true) {
            if (in.at("[")) {
                Token open = in.next();
                if (in.accept("]")) {
                    suffixes.add(-1);
                    continue;
                }
                long n = constant();
                if (n < 0) {
                    throw new InputError(open, "array size " + n + " is negative");
                }
                if (n > Integer.MAX_VALUE / 16) {
                    throw new InputError(open, "array size " + n + " is too large");
                }
                in.expect("]");
                suffixes.add((int) n);
            } else if (in.at("(")) {
                Token open = in.next();
                int level = 1;
                while (level > 0) {
                    Token t = in.next();
                    if (t.kind() == Token.Kind.END) {
                        throw new InputError(open, "'(' is never closed");
                    }
                    level += t.is("(") ? 1 : t.is(")") ? -1 : 0;
                }
                String params = source.substring(open.end(), in.previous().start()).replaceAll("\\s+", " ").trim();
                suffixes.add(params);
            } else if (in.at("__counted_by")) {
                in.next();
                skipBalanced("(", ")");
            } else {
                break;
            }
        }
        return new Declarator(name, pointers, inner, suffixes, attrs);
    }

    /** {@code specifiers abstract-declarator}, as in {@code sizeof (struct foo *)}. */
    private TypeRef typeName() throws InputError {
        Specifiers spec = specifiers();
        Declarator d = declarator(true);
        if (d.name() != null) {
            throw new InputError(d.name(), "expected ')' before '" + d.name().text() + "'");
        }
        return d.apply(spec.type());
    }

    // ---- attributes ---------------------------------------------------------------------------------

    /** The attributes that change a layout: the largest {@code aligned}, and {@code packed}. */
    record Attrs(int align, boolean packed) {
        static final Attrs NONE = new Attrs(0, false);

        Attrs and(Attrs o) {
            return new Attrs(Math.max(align, o.align), packed || o.packed);
        }
    }

    private static boolean isAttributeStart(Token t) {
        if (!t.isIdent()) {
            return false;
        }
        switch (t.text()) {
            case "__attribute__":
            case "__attribute":
            case "__aligned":
            case "__packed":
            case "____cacheline_aligned":
            case "____cacheline_aligned_in_smp":
            case "__cacheline_aligned":
            case "__cacheline_aligned_in_smp":
            case "__randomize_layout":
            case "__no_randomize_layout":
                return true;
            default:
                return false;
        }
    }

    /** Reads any run of attributes at the cursor. */
    private Attrs attributes() throws InputError {
        Attrs attrs = Attrs.NONE;
        while (isAttributeStart(in.peek())) {
            Token t = in.next();
            switch (t.text()) {
                case "__packed":
                    attrs = attrs.and(new Attrs(0, true));
                    break;
                case "__aligned":
                    in.expect("(");
                    attrs = attrs.and(new Attrs(alignment(t), false));
                    in.expect(")");
                    break;
                case "____cacheline_aligned":
                case "____cacheline_aligned_in_smp":
                case "__cacheline_aligned":
                case "__cacheline_aligned_in_smp":
                    attrs = attrs.and(new Attrs(KERNEL_CACHELINE, false));
                    break;
                case "__randomize_layout":
                case "__no_randomize_layout":
                    break;
                default:
                    in.expect("(");
                    in.expect("(");
                    attrs = attrs.and(attributeList());
                    in.expect(")");
                    in.expect(")");
            }
        }
        return attrs;
    }

    private Attrs attributeList() throws InputError {
        Attrs attrs = Attrs.NONE;
        while (!in.at(")")) {
            if (in.accept(",")) {
                continue;
            }
            Token name = in.expectIdent("an attribute name");
            String n = name.text();
            if (n.startsWith("__") && n.endsWith("__") && n.length() > 4) {
                n = n.substring(2, n.length() - 2);
            }
            if (n.equals("aligned")) {
                if (in.accept("(")) {
                    attrs = attrs.and(new Attrs(alignment(name), false));
                    in.expect(")");
                } else {
                    attrs = attrs.and(new Attrs(BIGGEST_ALIGNMENT, false));
                }
            } else if (n.equals("packed")) {
                attrs = attrs.and(new Attrs(0, true));
            } else if (HARMLESS_ATTRIBUTES.contains(n)) {
                if (in.at("(")) {
                    skipBalanced("(", ")");
                }
            } else {
                throw new InputError(name, "attribute '" + name.text() + "' is not supported (it may change the layout)");
            }
        }
        return attrs;
    }

    private int alignment(Token at) throws InputError {
        Token start = in.peek();
        long a = constant();
        if (a < 1 || Long.bitCount(a) != 1 || a > (1 << 28)) {
            throw new InputError(start, "requested alignment " + a + " is not a positive power of 2");
        }
        return (int) a;
    }

    // ---- constant expressions -----------------------------------------------------------------------

    private long constant() throws InputError {
        return ConstExpr.evaluate(in, this::identifierValue);
    }

    private long identifierValue(TokenCursor c) throws InputError {
        Token id = c.next();
        String s = id.text();
        if (s.equals("sizeof") || s.equals("_Alignof") || s.equals("__alignof__") || s.equals("alignof")) {
            Token open = c.peek();
            if (!c.at("(") || !startsType(c.peek(1))) {
                throw new InputError(open, s + " needs a type in parentheses here");
            }
            c.next();
            Token type = c.peek();
            TypeRef t = typeName();
            c.expect(")");
            org.cachelinebench.model.layout.CType ct = layouts.ctype(t, type);
            return s.equals("sizeof") ? ct.size() : ct.align();
        }
        Long v = table.constant(s);
        if (v != null) {
            return v;
        }
        if (table.typedef(s) != null) {
            throw new InputError(id, "'" + s + "' is a type, not a constant");
        }
        throw new InputError(id, "'" + s + "' is not a constant here (an enum constant or an object-like macro)");
    }
}
