package org.cachelinebench.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.text.DecimalFormat;
import java.util.ArrayList;
import java.util.List;

import org.cachelinebench.runner.Summary;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * Every comparison's cost ratio as a point with its 95 % interval, one row each, on a log scale with a
 * line at 1.0 (no difference). Colour says the claim's status; a hollow diamond marks the median, which is
 * what claims are checked on.
 */
public final class RatioChart {
    private RatioChart() {}

    static final Color HOLDS = new Color(0x2e7d32);
    static final Color FAILS = new Color(0xc62828);
    static final Color INFO = new Color(0x546e7a);

    public static int height(int comparisons) {
        return 150 + 28 * comparisons;
    }

    public static JFreeChart create(List<Summary.Entry> entries, String subtitle) {
        YIntervalSeries holds = new YIntervalSeries("claim holds");
        YIntervalSeries fails = new YIntervalSeries("claim fails");
        YIntervalSeries info = new YIntervalSeries("information / unchecked");
        YIntervalSeries median = new YIntervalSeries("median");
        String[] labels = new String[entries.size()];
        double min = Double.MAX_VALUE, max = 0, pointsMin = 1, pointsMax = 1;
        for (int i = 0; i < entries.size(); i++) {
            Summary.Entry e = entries.get(i);
            labels[i] = e.id();
            double low = e.low() == null ? e.geoMean() : e.low();
            double high = e.high() == null ? e.geoMean() : e.high();
            YIntervalSeries target = switch (e.status()) {
                case "HOLDS" -> holds;
                case "FAILS" -> fails;
                default -> info;
            };
            target.add(i, e.geoMean(), low, high);
            median.add(i, e.median(), e.median(), e.median());
            min = Math.min(min, Math.min(low, e.median()));
            max = Math.max(max, Math.max(high, e.median()));
            pointsMin = Math.min(pointsMin, Math.min(e.geoMean(), e.median()));
            pointsMax = Math.max(pointsMax, Math.max(e.geoMean(), e.median()));
        }
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        data.addSeries(holds);
        data.addSeries(fails);
        data.addSeries(info);
        data.addSeries(median);

        SymbolAxis rows = new SymbolAxis(null, labels);
        rows.setInverted(true);
        rows.setGridBandsVisible(false);
        rows.setTickLabelFont(new Font(Font.MONOSPACED, Font.PLAIN, 12));
        LogAxis ratio = new RatioAxis("cost ratio, subject / reference (log scale; > 1: subject slower)");
        double[] range = Axes.range(pointsMin, pointsMax, min, max, 4);
        ratio.setRange(range[0] / 1.15, range[1] * 1.15);

        XYErrorRenderer renderer = new XYErrorRenderer();
        renderer.setDrawXError(false);
        renderer.setDrawYError(true);
        renderer.setCapLength(8);
        renderer.setErrorStroke(new BasicStroke(2f));
        renderer.setDefaultLinesVisible(false);
        Ellipse2D dot = new Ellipse2D.Double(-5, -5, 10, 10);
        Color[] colours = {HOLDS, FAILS, INFO};
        for (int s = 0; s < 3; s++) {
            renderer.setSeriesPaint(s, colours[s]);
            renderer.setSeriesShape(s, dot);
            renderer.setSeriesShapesFilled(s, true);
        }
        renderer.setSeriesPaint(3, Color.BLACK);
        renderer.setSeriesShape(3, diamond(6));
        renderer.setSeriesShapesFilled(3, false);
        renderer.setUseOutlinePaint(false);

        XYPlot plot = new XYPlot(data, rows, ratio, renderer);
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(new Color(0xdddddd));
        plot.setDomainGridlinesVisible(false);
        ValueMarker one = new ValueMarker(1.0, Color.DARK_GRAY, new BasicStroke(1.5f));
        plot.addRangeMarker(one);

        JFreeChart chart = new JFreeChart("Paired cost ratios: geometric mean and 95 % interval over rounds",
                new Font(Font.SANS_SERIF, Font.BOLD, 16), plot, true);
        chart.addSubtitle(new TextTitle(subtitle, new Font(Font.SANS_SERIF, Font.PLAIN, 12)));
        chart.setBackgroundPaint(Color.WHITE);
        return chart;
    }

    /** A log axis whose ticks sit on round ratios (0.5, 0.75, 1, 1.5, 2, ...) instead of powers of ten. */
    static final class RatioAxis extends LogAxis {
        private static final long serialVersionUID = 1L;
        private static final DecimalFormat FORMAT = new DecimalFormat("0.###");

        RatioAxis(String label) {
            super(label);
            setBase(2);
            setSmallestValue(1e-6);
            setMinorTickMarksVisible(false);
        }

        @Override
        @SuppressWarnings("rawtypes")
        public List refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
            List<NumberTick> ticks = new ArrayList<>();
            for (double v : ticks(getLowerBound(), getUpperBound())) {
                TextAnchor anchor = RectangleEdge.isTopOrBottom(edge) ? TextAnchor.TOP_CENTER : TextAnchor.CENTER_RIGHT;
                ticks.add(new NumberTick(v, FORMAT.format(v), anchor, anchor, 0.0));
            }
            return ticks;
        }

        /**
         * Round values in [lo, hi]: the finest ladder (steps of 1/4, 1/2 or 1 power of two, then coarser
         * powers) that gives at most ten ticks, or tenths and the like when even the finest gives fewer than five.
         */
        static List<Double> ticks(double lo, double hi) {
            double[][] ladders = {{1, 1.25, 1.5, 1.75}, {1, 1.5}, {1}};
            List<Double> t = ladder(lo, hi, ladders[0], 1);
            if (t.size() < 5) {
                return linear(lo, hi);
            }
            for (int i = 1; t.size() > 10 && i < ladders.length; i++) {
                t = ladder(lo, hi, ladders[i], 1);
            }
            for (int stride = 2; t.size() > 10; stride *= 2) {
                t = ladder(lo, hi, ladders[2], stride);
            }
            return t;
        }

        private static List<Double> ladder(double lo, double hi, double[] steps, int stride) {
            List<Double> t = new ArrayList<>();
            for (int k = -60; k <= 60; k += stride) {
                for (double step : steps) {
                    double v = step * Math.pow(2, k);
                    if (v >= lo && v <= hi) {
                        t.add(v);
                    }
                }
            }
            t.sort(null);
            return t;
        }

        private static List<Double> linear(double lo, double hi) {
            List<Double> t = new ArrayList<>();
            int exponent = (int) Math.floor(Math.log10((hi - lo) / 4));
            double scale = Math.pow(10, Math.abs(exponent)); // divide by an exact power of ten: 12 / 10.0 is 1.2
            for (long i = (long) Math.ceil(exponent < 0 ? lo * scale : lo / scale);
                 (exponent < 0 ? i / scale : i * scale) <= hi; i++) {
                t.add(exponent < 0 ? i / scale : i * scale);
            }
            return t;
        }
    }

    static Path2D diamond(double r) {
        Path2D d = new Path2D.Double();
        d.moveTo(0, -r);
        d.lineTo(r, 0);
        d.lineTo(0, r);
        d.lineTo(-r, 0);
        d.closePath();
        return d;
    }
}
