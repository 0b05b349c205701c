package org.cachelinebench.cli;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A plain-text table for the terminal: every column as wide as its widest cell, two spaces between columns,
 * numbers right-aligned where the caller says so, no trailing blanks. Every command's table goes through it.
 */
public final class TextTable {
    private static final String GAP = "  ";

    private final List<String[]> rows = new ArrayList<>();
    private final Set<Integer> rightAligned = new HashSet<>();
    private final int columns;

    /** A table with this header row. */
    public TextTable(String... header) {
        columns = header.length;
        rows.add(header.clone());
    }

    /** Right-aligns these columns (0-based), for numbers. */
    public TextTable alignRight(int... columnIndexes) {
        for (int c : columnIndexes) {
            rightAligned.add(c);
        }
        return this;
    }

    /** Adds a row of exactly one cell per column. */
    public TextTable add(String... cells) {
        if (cells.length != columns) {
            throw new IllegalArgumentException("a row of " + cells.length + " cells in a table of " + columns + " columns");
        }
        rows.add(cells.clone());
        return this;
    }

    /** The table, one line per row, each ending in a newline. */
    @Override
    public String toString() {
        int[] width = new int[columns];
        for (String[] r : rows) {
            for (int i = 0; i < columns; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < columns; i++) {
                String fill = " ".repeat(width[i] - r[i].length());
                line.append(i == 0 ? "" : GAP).append(rightAligned.contains(i) ? fill + r[i] : r[i] + fill);
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
        return sb.toString();
    }
}
