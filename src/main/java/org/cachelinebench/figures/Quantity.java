package org.cachelinebench.figures;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * A figure of a run folder that a README may quote: its name in markers, the header of its table column, and
 * how it is read. Most quantities give one figure per run; a C reference quantity gives one per C run.
 *
 * @param name    its name in markers ({@code pcpu-v2}, {@code median:ID})
 * @param header  its table column's header
 * @param right   whether its table column is right-aligned (single numbers)
 * @param format  how one of its numbers is written ({@code %.3f}); aggregates over rows use it too
 * @param read    its figures in one run folder
 * @param cell    how a table cell writes one folder's figures
 */
record Quantity(String name, String header, boolean right, String format, Function<RunFolder, List<Figure>> read,
                Function<List<Figure>, String> cell) {

    /** One figure: the number (NaN for text) and how it is written. */
    record Figure(double value, String text) {
        static Figure text(String text) {
            return new Figure(Double.NaN, text);
        }
    }

    /** A quantity of numbers written with {@code format}, cells joined by spaces. */
    static Quantity numbers(String name, String header, boolean right, String format,
                            Function<RunFolder, List<Double>> read) {
        return new Quantity(name, header, right, format,
                run -> read.apply(run).stream().map(v -> new Figure(v, write(format, v))).toList(), Quantity::joined);
    }

    /** A quantity of one text per folder. */
    static Quantity text(String name, String header, Function<RunFolder, String> read) {
        return new Quantity(name, header, false, "%s", run -> List.of(Figure.text(read.apply(run))), Quantity::joined);
    }

    Quantity withCell(Function<List<Figure>, String> newCell) {
        return new Quantity(name, header, right, format, read, newCell);
    }

    Quantity withHeader(String newHeader) {
        return new Quantity(name, newHeader, right, format, read, cell);
    }

    String write(double v) {
        return write(format, v);
    }

    /** {@code v} in {@code format}; the format "m:ss" writes seconds as minutes and seconds. */
    static String write(String format, double v) {
        if (format.equals("m:ss")) {
            long s = Math.round(v);
            return String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
        }
        return String.format(Locale.ROOT, format, v);
    }

    static String joined(List<Figure> figures) {
        return String.join(" ", figures.stream().map(Figure::text).toList());
    }
}
