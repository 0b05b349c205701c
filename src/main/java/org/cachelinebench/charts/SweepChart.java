package org.cachelinebench.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Ellipse2D;
import java.util.List;

import org.cachelinebench.runner.Summary;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * The csd offset sweep: the IPI rate with the csd at each offset of its line, relative to offset 0 within
 * the same round, with 95 % whiskers. Offsets at which the csd straddles two lines are drawn in red on a
 * shaded band.
 */
public final class SweepChart {
    private SweepChart() {}

    public static JFreeChart create(List<Summary.SweepPoint> points, Integer csdBytes, int lineSize, String subtitle) {
        YIntervalSeries fits = new YIntervalSeries("csd within one line");
        YIntervalSeries straddles = new YIntervalSeries("csd straddles two lines");
        YIntervalSeries unknown = new YIntervalSeries("relative IPI rate");
        double min = 1, max = 1, pointsMin = 1, pointsMax = 1;
        for (Summary.SweepPoint p : points) {
            double low = p.low() == null ? p.relative() : p.low();
            double high = p.high() == null ? p.relative() : p.high();
            YIntervalSeries target = p.straddles() == null ? unknown : p.straddles() ? straddles : fits;
            target.add(p.offset(), p.relative(), low, high);
            min = Math.min(min, low);
            max = Math.max(max, high);
            pointsMin = Math.min(pointsMin, p.relative());
            pointsMax = Math.max(pointsMax, p.relative());
        }
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        data.addSeries(fits);
        data.addSeries(straddles);
        data.addSeries(unknown);

        NumberAxis offset = new NumberAxis("offset of the csd within its " + lineSize + "-byte line (bytes)");
        offset.setTickUnit(new NumberTickUnit(8));
        int last = points.isEmpty() ? lineSize : points.get(points.size() - 1).offset();
        offset.setRange(-4, last + 4);
        NumberAxis relative = new NumberAxis("IPI rate relative to offset 0 (same round)");
        relative.setAutoRangeIncludesZero(false);
        double[] range = Axes.range(pointsMin, pointsMax, min, max, 2);
        double pad = Math.max(0.05, (range[1] - range[0]) * 0.1);
        relative.setRange(Math.max(0, range[0] - pad), range[1] + pad);

        XYErrorRenderer renderer = new XYErrorRenderer();
        renderer.setDrawXError(false);
        renderer.setCapLength(8);
        renderer.setErrorStroke(new BasicStroke(1.5f));
        renderer.setDefaultLinesVisible(false);
        Ellipse2D dot = new Ellipse2D.Double(-5, -5, 10, 10);
        Color[] colours = {RatioChart.HOLDS, RatioChart.FAILS, RatioChart.INFO};
        for (int s = 0; s < 3; s++) {
            renderer.setSeriesPaint(s, colours[s]);
            renderer.setSeriesShape(s, dot);
            renderer.setSeriesShapesFilled(s, true);
        }

        XYPlot plot = new XYPlot(data, offset, relative, renderer);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(0xdddddd));
        plot.setRangeGridlinePaint(new Color(0xdddddd));
        plot.addRangeMarker(new ValueMarker(1.0, Color.DARK_GRAY, new BasicStroke(1.2f)));
        StraddleBands.mark(plot, points.stream().filter(p -> Boolean.TRUE.equals(p.straddles()))
                .map(Summary.SweepPoint::offset).toList());

        JFreeChart chart = new JFreeChart("csd offset sweep: IPI rate by where the csd sits in its line",
                new Font(Font.SANS_SERIF, Font.BOLD, 16), plot, true);
        String note = csdBytes == null ? "; csd size unknown: straddling offsets not marked"
                : "; csd " + csdBytes + " bytes";
        chart.addSubtitle(new TextTitle(subtitle + note, new Font(Font.SANS_SERIF, Font.PLAIN, 12)));
        chart.setBackgroundPaint(Color.WHITE);
        return chart;
    }
}
