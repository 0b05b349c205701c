package org.cachelinebench.struct.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.cachelinebench.model.layout.StructLayout;
import org.cachelinebench.struct.c.InputError;

/**
 * A kernel {@code Documentation/networking/net_cachelines/*.rst} table as roles: the kernel's own account
 * of which fast path touches each member. Column {@code fastpath_tx_access} is role {@code tx},
 * {@code fastpath_rx_access} role {@code rx}; {@code read_mostly} is a read, {@code read_write} and
 * {@code write_mostly} a write, an empty cell no access. The table is also checked against the struct's
 * {@code __cacheline_group_begin__G}/{@code __cacheline_group_end__G} markers, whose names say what the
 * kernel grouped ({@code read} or {@code write}, {@code tx}, {@code rx} or both).
 */
public final class NetCachelines {
    /** One row: a member's name and its two cells ("" where empty), with its line in the file. */
    public record Row(String name, Access tx, Access rx, int line) {
        boolean touched() {
            return tx != Access.NONE || rx != Access.NONE;
        }

        boolean written() {
            return tx == Access.WRITE || rx == Access.WRITE;
        }

        /** "tx", "rx" or "txrx": the fast paths that touch it, "" for none. */
        String paths() {
            return (tx != Access.NONE ? "tx" : "") + (rx != Access.NONE ? "rx" : "");
        }
    }

    /** What a cell says. */
    public enum Access { NONE, READ, WRITE }

    private static final String TX = "fastpath_tx_access", RX = "fastpath_rx_access";
    private static final Pattern RULE = Pattern.compile("^=+(\\s+=+)*\\s*$");
    private static final String BEGIN = "__cacheline_group_begin__", END = "__cacheline_group_end__";
    /** A group's name ends in what it holds: tcp_sock_read_tx, sock_write_rxtx. */
    private static final Pattern GROUP = Pattern.compile(".*_(read|write)_(tx|rx|txrx|rxtx)$");

    private final String file;
    private final List<Row> rows;

    private NetCachelines(String file, List<Row> rows) {
        this.file = file;
        this.rows = rows;
    }

    public List<Row> rows() {
        return rows;
    }

    /** Whether {@code text} is such a table (its header names both fast-path columns). */
    public static boolean isTable(String text) {
        return text.contains(TX) && text.contains(RX);
    }

    /** Reads the table: the column spans come from its first rule of '=' runs, the names from the header under it. */
    public static NetCachelines parse(String file, String text) throws InputError {
        String[] lines = text.split("\n", -1);
        List<Integer> rules = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            if (RULE.matcher(lines[i]).matches()) {
                rules.add(i);
            }
        }
        if (rules.size() < 3) {
            throw new InputError(file, 0, 0, "not a net_cachelines table: expected a header between '=' rules, then rows");
        }
        List<int[]> spans = new ArrayList<>();
        Matcher run = Pattern.compile("=+").matcher(lines[rules.get(0)]);
        while (run.find()) {
            spans.add(new int[] {run.start(), run.end()});
        }
        String header = lines[rules.get(0) + 1];
        int name = -1, tx = -1, rx = -1;
        for (int c = 0; c < spans.size(); c++) {
            String h = cell(header, spans, c);
            name = h.equals("Name") ? c : name;
            tx = h.equals(TX) ? c : tx;
            rx = h.equals(RX) ? c : rx;
        }
        if (name < 0 || tx < 0 || rx < 0) {
            throw new InputError(file, rules.get(0) + 2, 1, "not a net_cachelines table: the header needs Name, " + TX
                    + " and " + RX);
        }
        List<Row> rows = new ArrayList<>();
        for (int i = rules.get(1) + 1; i < rules.get(2); i++) {
            if (lines[i].isBlank()) {
                continue;
            }
            String n = cell(lines[i], spans, name);
            if (n.isEmpty()) {
                throw new InputError(file, i + 1, spans.get(name)[0] + 1, "a row without a Name");
            }
            rows.add(new Row(n, access(file, i, spans.get(tx)[0], cell(lines[i], spans, tx)),
                    access(file, i, spans.get(rx)[0], cell(lines[i], spans, rx)), i + 1));
        }
        return new NetCachelines(file, List.copyOf(rows));
    }

    /** Column {@code c}'s text: from its start to the next column's (the last runs to the line's end). */
    private static String cell(String line, List<int[]> spans, int c) {
        int from = spans.get(c)[0];
        int to = c + 1 < spans.size() ? spans.get(c + 1)[0] : line.length();
        return from >= line.length() ? "" : line.substring(from, Math.min(to, line.length())).strip();
    }

    private static Access access(String file, int line, int column, String cell) throws InputError {
        return switch (cell) {
            case "" -> Access.NONE;
            case "read_mostly" -> Access.READ;
            case "read_write", "write_mostly" -> Access.WRITE;
            default -> throw new InputError(file, line + 1, column + 1, "'" + cell + "' is not an access: read_mostly,"
                    + " read_write, write_mostly or empty");
        };
    }

    /**
     * The table as roles text ({@code tx reads ...}, {@code rx writes ...}), for the members {@code fields}
     * has; rows naming no member are left out ({@link #findings} lists them).
     */
    public String rolesText(FieldIndex fields) {
        Map<String, List<String>> facts = new LinkedHashMap<>();
        for (String role : List.of("tx", "rx")) {
            facts.put(role + " writes", new ArrayList<>());
            facts.put(role + " reads", new ArrayList<>());
        }
        for (Row r : rows) {
            if (fields.field(r.name()) == null) {
                continue;
            }
            if (r.tx() != Access.NONE) {
                facts.get(r.tx() == Access.WRITE ? "tx writes" : "tx reads").add(r.name());
            }
            if (r.rx() != Access.NONE) {
                facts.get(r.rx() == Access.WRITE ? "rx writes" : "rx reads").add(r.name());
            }
        }
        StringBuilder out = new StringBuilder("# from " + file + "\n");
        facts.forEach((fact, names) -> {
            if (!names.isEmpty()) {
                out.append(fact).append(' ').append(String.join(" ", names)).append('\n');
            }
        });
        return out.toString();
    }

    /**
     * The table against the struct: members in a group whose kind (read or write) or fast paths differ from
     * what the table says, members the table gives fast-path access that sit in no group, grouped members it
     * gives none, the struct's members it does not name, and its rows that name no member.
     */
    public List<String> findings(StructLayout layout, String what) {
        Map<String, Row> byName = new LinkedHashMap<>();
        rows.forEach(r -> byName.putIfAbsent(r.name(), r));
        List<String> out = new ArrayList<>();
        List<String> unnamed = new ArrayList<>();
        Set<String> members = new LinkedHashSet<>();
        String group = null;
        for (StructLayout.Member m : layout.members()) {
            String n = m.name();
            if (n.startsWith(BEGIN)) {
                group = n.substring(BEGIN.length());
                continue;
            }
            if (n.startsWith(END)) {
                group = null;
                continue;
            }
            if (n.isEmpty()) {
                continue;
            }
            members.add(n);
            Row r = byName.get(n);
            if (r == null) {
                unnamed.add(group == null ? n : n + " (in " + group + ")");
                continue;
            }
            String says = describe(r);
            if (group == null) {
                if (r.touched()) {
                    out.add(n + ": the table has " + says + "; it sits in no group");
                }
                continue;
            }
            Matcher g = GROUP.matcher(group);
            if (!g.matches()) {
                continue;
            }
            if (!r.touched()) {
                out.add(n + ": in " + group + ", the table gives it no fast-path access");
                continue;
            }
            boolean writeGroup = g.group(1).equals("write");
            String paths = g.group(2).equals("rxtx") ? "txrx" : g.group(2);
            List<String> why = new ArrayList<>();
            if (r.written() != writeGroup) {
                why.add(r.written() ? "written, in a read group" : "only read, in a write group");
            }
            if (!r.paths().equals(paths)) {
                why.add("touched by " + r.paths().replace("txrx", "tx and rx") + ", in a " + paths.replace("txrx", "tx and rx")
                        + " group");
            }
            if (!why.isEmpty()) {
                out.add(n + ": in " + group + ", the table has " + says + " (" + String.join("; ", why) + ")");
            }
        }
        if (!unnamed.isEmpty()) {
            out.add("members the table does not name (" + unnamed.size() + "): " + String.join(", ", unnamed));
        }
        List<String> stale = new ArrayList<>();
        for (Row r : rows) {
            if (!members.contains(r.name())) {
                stale.add(r.name());
            }
        }
        if (!stale.isEmpty()) {
            out.add("rows naming no member of " + what + " (" + stale.size() + "; their roles are left out): "
                    + String.join(", ", stale));
        }
        return out;
    }

    private static String describe(Row r) {
        List<String> parts = new ArrayList<>();
        if (r.tx() != Access.NONE) {
            parts.add("tx " + (r.tx() == Access.WRITE ? "writing" : "reading"));
        }
        if (r.rx() != Access.NONE) {
            parts.add("rx " + (r.rx() == Access.WRITE ? "writing" : "reading"));
        }
        return parts.isEmpty() ? "no fast-path access" : String.join(", ", parts);
    }
}
