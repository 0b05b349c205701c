package org.cachelinebench.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Ellipse2D;
import java.util.ArrayList;
import java.util.List;

import org.cachelinebench.claims.MailboxSets;
import org.cachelinebench.benchmarks.IpiInterleaved.CsdSides;
import org.cachelinebench.benchmarks.ObjectMailboxInterleaved.ObjectMailboxSides;
import org.cachelinebench.benchmarks.InterleavedOffsetSweep.SweepSides;
import org.cachelinebench.runner.Summary;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * Extra line transfers, (cost(subject) - cost(reference)) / cost(floor), the extra cost of a placement in units of
 * the machine's one-line round trip measured in the same schedule, with its 95 % interval, from summary.json:
 * <ul>
 *   <li>{@link #byPlacement}: one row per placement (straddled, size-aligned, padded, {@code @Contended}, A/A), one
 *       point per protocol: the kernel's (polling, doorbell), the flag mailbox on the csd bytes and on a Java
 *       object, with and without work in {@code func(info)};</li>
 *   <li>{@link #byOffset}: the interleaved offset sweeps, the csd bytes at every offset of a line, kernel protocol
 *       and flag mailbox, the offsets that straddle shaded.</li>
 * </ul>
 * Beside each measured point a hollow diamond marks the coherence model's predicted extra round trips, priced at the
 * run's own probes where it recorded them ({@link Summary.Prediction#pricedRoundTrips}), so that where the two differ
 * shows; a point without a prediction is labelled "not predicted", never drawn as a 0.
 */
public final class ExtraTransfersChart {
    private ExtraTransfersChart() {}

    /** A protocol: the set whose interleaved claims it draws, and its legend. */
    record Series(String set, String label, Color colour) {}

    /** A placement: its row label and the side names that are it, in any set. */
    record Row(String label, List<String> sides) {}

    static final List<Series> PROTOCOLS = List.of(
            new Series("csd", "kernel protocol, receiver polls its queue head", new Color(0x1565c0)),
            new Series(MailboxSets.DOORBELL_SET, "kernel protocol, receiver waits on a doorbell", new Color(0x00838f)),
            new Series(MailboxSets.MAILBOX_SET, "flag mailbox on the csd bytes", new Color(0xc62828)),
            new Series(MailboxSets.MAILBOX_WORK_SET, "flag mailbox on the csd bytes, work " + MailboxSets.WORK,
                    new Color(0xef9a9a)),
            new Series(MailboxSets.OBJECT_MAILBOX_SET, "flag mailbox on a Java object", new Color(0x6a1b9a)),
            new Series(MailboxSets.OBJECT_MAILBOX_WORK_SET, "flag mailbox on a Java object, work " + MailboxSets.WORK,
                    new Color(0xce93d8)));

    static final List<Row> ROWS = List.of(
            new Row("straddled", List.of(CsdSides.STRADDLED, ObjectMailboxSides.STRADDLED)),
            new Row("size-aligned", List.of(CsdSides.SIZE_ALIGNED)),
            new Row("padded (class hierarchy)", List.of(ObjectMailboxSides.PADDED)),
            new Row("@Contended", List.of(ObjectMailboxSides.CONTENDED)),
            new Row("A/A control", List.of(CsdSides.LINE_ALIGNED_AGAIN, ObjectMailboxSides.ONE_LINE_AGAIN)));

    static final List<Series> SWEEPS = List.of(
            new Series(MailboxSets.CSD_SWEEP_SET, "kernel protocol", new Color(0x1565c0)),
            new Series(MailboxSets.MAILBOX_SWEEP_SET, "flag mailbox", new Color(0xc62828)));

    public static int placementHeight() {
        return 170 + 90 * ROWS.size();
    }

    /** True when {@code entries} hold an extra-transfer count of a set drawn here other than the CI's "csd". */
    public static boolean hasPlacements(List<Summary.Entry> entries) {
        return entries.stream().anyMatch(e -> e.extraTransfers() != null && !e.set().equals("csd")
                && series(PROTOCOLS, e.set()) != null && row(e.subject()) >= 0);
    }

    /** True when {@code entries} hold an extra-transfer count of an interleaved offset sweep. */
    public static boolean hasOffsets(List<Summary.Entry> entries) {
        return entries.stream().anyMatch(e -> e.extraTransfers() != null && series(SWEEPS, e.set()) != null
                && offset(e.subject()) > 0);
    }

    /** Rows of placements, a point per protocol, horizontal: extra line transfers with their 95 % intervals. */
    public static JFreeChart byPlacement(List<Summary.Entry> entries, String subtitle) {
        Points points = points(PROTOCOLS, entries, ExtraTransfersChart::placementAt);
        String[] labels = ROWS.stream().map(Row::label).toArray(String[]::new);
        SymbolAxis rows = new SymbolAxis(null, labels);
        rows.setInverted(true);
        rows.setGridBandsVisible(false);
        rows.setTickLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        rows.setRange(-0.6, ROWS.size() - 0.4);
        NumberAxis value = valueAxis("extra line transfers per call: (cost - cost(reference)) / cost(floor)",
                points.extent());

        XYPlot plot = plot(points, rows, value);
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        style(plot, true);
        return chart("Extra line transfers by placement: kernel protocol, flag mailbox, Java object",
                subtitle + "; reference: the line-aligned csd or the one-line object; 95 % intervals", plot);
    }

    /** The interleaved sweeps: extra line transfers by offset, the straddling offsets (64-byte lines) shaded. */
    public static JFreeChart byOffset(List<Summary.Entry> entries, int lineSize, String subtitle) {
        Points points = points(SWEEPS, entries, ExtraTransfersChart::offsetAt);
        NumberAxis offsets = new NumberAxis("offset of the csd bytes within a " + lineSize + "-byte line (bytes)");
        offsets.setTickUnit(new NumberTickUnit(8));
        offsets.setRange(-4, SweepSides.OFFSETS.get(SweepSides.OFFSETS.size() - 1) + 4);
        NumberAxis value = valueAxis("extra line transfers per call vs offset 0", points.extent());

        XYPlot plot = plot(points, offsets, value);
        style(plot, false);
        StraddleBands.mark(plot, SweepSides.OFFSETS.stream().filter(offset -> offset + 32 > lineSize).toList());
        return chart("Extra line transfers by offset (interleaved sweeps of the 32-byte csd bytes)",
                subtitle + "; at offset 0 the A/A control; 95 % intervals", plot);
    }

    /** Where a measured entry is drawn in its protocol's series {@code k}: the domain value, or NaN if not here. */
    interface Position {
        double of(Summary.Entry e, int k);
    }

    /** By placement: the row, dodged by protocol. */
    static double placementAt(Summary.Entry e, int k) {
        int row = row(e.subject());
        return row < 0 ? Double.NaN : row + (k - (PROTOCOLS.size() - 1) / 2.0) * 0.8 / PROTOCOLS.size();
    }

    /** By offset: the offset, dodged by protocol; at 0 the A/A side (the reference itself is 0 by definition). */
    static double offsetAt(Summary.Entry e, int k) {
        int offset = e.subject().equals(SweepSides.AGAIN) ? 0 : offset(e.subject());
        return offset < 0 ? Double.NaN : offset + (k - (SWEEPS.size() - 1) / 2.0) * 1.5;
    }

    /**
     * What a chart draws: the measured extra transfers per protocol with their intervals, the coherence model's
     * predicted extra round trips ({@link Summary.Prediction#extraRoundTrips}) at the same places, and the places
     * of measured points that have no prediction, which are labelled so rather than drawn at 0.
     *
     * @param measured    one series per protocol drawn, in the order of {@code drawn}
     * @param drawn       the protocols that have a point
     * @param predicted   (place, predicted extra round trips) of every measured point that has a prediction
     * @param unpredicted (place, measured extra) of every measured point that has none
     * @param extent      the values' lowest and highest, for the axis
     */
    record Points(YIntervalSeriesCollection measured, List<Series> drawn, XYSeries predicted,
                  List<double[]> unpredicted, double[] extent) {}

    static final String PREDICTED = "predicted by the coherence model (docs/coherence.md)";
    static final String NOT_PREDICTED = "not predicted";

    static Points points(List<Series> protocols, List<Summary.Entry> entries, Position position) {
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        List<Series> drawn = new ArrayList<>();
        XYSeries predicted = new XYSeries(PREDICTED, false, true);
        List<double[]> unpredicted = new ArrayList<>();
        double[] extent = {0, 1};
        for (int k = 0; k < protocols.size(); k++) {
            Series s = protocols.get(k);
            YIntervalSeries points = new YIntervalSeries(s.label());
            for (Summary.Entry e : entries) {
                double x = e.set().equals(s.set()) && e.extraTransfers() != null ? position.of(e, k) : Double.NaN;
                if (Double.isNaN(x)) {
                    continue;
                }
                double mean = e.extraTransfers();
                double low = e.extraTransfersLow() == null ? mean : e.extraTransfersLow();
                double high = e.extraTransfersHigh() == null ? mean : e.extraTransfersHigh();
                points.add(x, mean, low, high);
                extent[0] = Math.min(extent[0], low);
                extent[1] = Math.max(extent[1], high);
                // At the run's own probes where it has them; else the count in round trips, as before the probes.
                Double p = e.prediction() == null ? null : e.prediction().pricedRoundTrips() != null
                        ? e.prediction().pricedRoundTrips() : e.prediction().extraRoundTrips();
                if (p == null) {
                    unpredicted.add(new double[] {x, mean});
                } else {
                    predicted.add(x, p);
                    extent[0] = Math.min(extent[0], p);
                    extent[1] = Math.max(extent[1], p);
                }
            }
            if (points.getItemCount() > 0) {
                data.addSeries(points);
                drawn.add(s);
            }
        }
        return new Points(data, drawn, predicted, unpredicted, extent);
    }

    /** The measured points with their whiskers, the predictions beside them as hollow diamonds. */
    private static XYPlot plot(Points points, ValueAxis domain, NumberAxis value) {
        XYPlot plot = new XYPlot(points.measured(), domain, value, renderer(points.drawn()));
        if (points.predicted().getItemCount() > 0) {
            plot.setDataset(1, new XYSeriesCollection(points.predicted()));
            XYLineAndShapeRenderer diamonds = new XYLineAndShapeRenderer(false, true);
            diamonds.setSeriesPaint(0, Color.BLACK);
            diamonds.setSeriesShape(0, RatioChart.diamond(7));
            diamonds.setSeriesShapesFilled(0, false);
            diamonds.setUseOutlinePaint(false);
            diamonds.setSeriesStroke(0, new BasicStroke(1.5f));
            plot.setRenderer(1, diamonds);
        }
        for (double[] at : points.unpredicted()) {
            XYTextAnnotation note = new XYTextAnnotation("  " + NOT_PREDICTED, at[0], at[1]);
            note.setFont(new Font(Font.SANS_SERIF, Font.ITALIC, 10));
            note.setPaint(Color.GRAY);
            note.setTextAnchor(TextAnchor.BOTTOM_LEFT);
            plot.addAnnotation(note);
        }
        return plot;
    }

    private static NumberAxis valueAxis(String label, double[] extent) {
        NumberAxis value = new NumberAxis(label);
        double pad = Math.max(0.1, (extent[1] - extent[0]) * 0.08);
        value.setRange(extent[0] - pad, extent[1] + pad);
        return value;
    }

    private static XYErrorRenderer renderer(List<Series> drawn) {
        XYErrorRenderer renderer = new XYErrorRenderer();
        renderer.setDrawXError(false);
        renderer.setDrawYError(true);
        renderer.setCapLength(6);
        renderer.setErrorStroke(new BasicStroke(2f));
        renderer.setDefaultLinesVisible(false);
        Ellipse2D dot = new Ellipse2D.Double(-5, -5, 10, 10);
        for (int i = 0; i < drawn.size(); i++) {
            renderer.setSeriesPaint(i, drawn.get(i).colour());
            renderer.setSeriesShape(i, dot);
            renderer.setSeriesShapesFilled(i, true);
        }
        renderer.setErrorPaint(null);   // whiskers in each series' colour
        return renderer;
    }

    private static void style(XYPlot plot, boolean horizontal) {
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(new Color(0xdddddd));
        plot.setDomainGridlinesVisible(false);
        plot.addRangeMarker(new ValueMarker(0.0, Color.DARK_GRAY, new BasicStroke(1.5f)));
        ValueMarker one = new ValueMarker(1.0, Color.GRAY, new BasicStroke(1f, BasicStroke.CAP_BUTT,
                BasicStroke.JOIN_MITER, 10f, new float[] {4f, 4f}, 0f));
        one.setLabel("one more line round trip");
        one.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        // A vertical line (horizontal plot): the label left of its top, inside the plot however close the
        // axis ends; a horizontal line: above its left end.
        one.setLabelAnchor(RectangleAnchor.TOP_LEFT);
        one.setLabelTextAnchor(horizontal ? TextAnchor.TOP_RIGHT : TextAnchor.BOTTOM_LEFT);
        plot.addRangeMarker(one);
    }

    private static JFreeChart chart(String title, String subtitle, XYPlot plot) {
        JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 16), plot, true);
        chart.addSubtitle(new TextTitle(subtitle, new Font(Font.SANS_SERIF, Font.PLAIN, 12)));
        chart.setBackgroundPaint(Color.WHITE);
        return chart;
    }

    private static Series series(List<Series> all, String set) {
        return all.stream().filter(s -> s.set().equals(set)).findFirst().orElse(null);
    }

    /** The row of a side, or -1. */
    static int row(String side) {
        for (int i = 0; i < ROWS.size(); i++) {
            if (ROWS.get(i).sides().contains(side)) {
                return i;
            }
        }
        return -1;
    }

    /** The offset of a sweep side "offset-40", or -1 (the floor and the A/A side are not offsets). */
    static int offset(String side) {
        for (int offset : SweepSides.OFFSETS) {
            if (SweepSides.name(offset).equals(side)) {
                return offset;
            }
        }
        return -1;
    }
}
