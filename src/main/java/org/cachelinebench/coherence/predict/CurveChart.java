package org.cachelinebench.coherence.predict;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.Map;

import org.cachelinebench.coherence.scenario.Shape;
import org.cachelinebench.results.AtomicFiles;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * A predicted curve as a PNG: transfers per operation against CPUs (a log-2 axis, so 2 to 224 spread evenly), one
 * line per series. Written atomically: a chart is there whole or not at all.
 */
final class CurveChart {
    private CurveChart() {}

    static final int WIDTH = 1000;
    static final int HEIGHT = 600;

    /** Writes the chart of {@code points} (series, then CPUs to transfers) for {@code shape} to {@code file}. */
    static void write(Shape shape, Map<String, Map<Integer, Double>> points, String model, Path file) throws IOException {
        byte[] png = png(shape, points, model);
        AtomicFiles.write(file, out -> out.write(png));
    }

    /** The chart of {@code points} for {@code shape}, as PNG bytes. */
    static byte[] png(Shape shape, Map<String, Map<Integer, Double>> points, String model) throws IOException {
        XYSeriesCollection data = new XYSeriesCollection();
        points.forEach((series, byCpus) -> {
            XYSeries s = new XYSeries(series);
            byCpus.forEach(s::add);
            data.addSeries(s);
        });
        JFreeChart chart = ChartFactory.createXYLineChart("Predicted line transfers: " + shape.name(), "CPUs",
                "transfers " + shape.unit(), data, PlotOrientation.VERTICAL, true, false, false);
        chart.addSubtitle(new TextTitle(shape.title() + "; " + model));
        XYPlot plot = chart.getXYPlot();
        LogAxis cpus = new LogAxis("CPUs");
        cpus.setBase(2);
        cpus.setSmallestValue(1);
        cpus.setTickUnit(new NumberTickUnit(1));                // one tick per power of two
        cpus.setNumberFormatOverride(new DecimalFormat("0"));   // "64", not an exponent
        plot.setDomainAxis(cpus);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, true);
        for (int i = 0; i < data.getSeriesCount(); i++) {
            r.setSeriesStroke(i, new BasicStroke(2f));
        }
        plot.setRenderer(r);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        ChartUtils.writeChartAsPNG(out, chart, WIDTH, HEIGHT);
        return out.toByteArray();
    }
}
