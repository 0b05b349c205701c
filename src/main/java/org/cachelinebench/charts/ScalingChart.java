package org.cachelinebench.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.cachelinebench.coherence.scenario.ScalingCurves;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The scaling curves: a value of each comparison against the CPUs (2, 4, 8, ... on a log-2 axis), one line per
 * comparison and placement class; A/A controls dashed. {@link #ratios} draws the cost ratios (1: no difference),
 * {@link #extraTransfers} the csd comparisons' extra line transfers (0: none). Beside them, on an axis of their
 * own (transfers, not time), the coherence model's predicted extra transfers of each comparison that has a
 * predicted curve ({@link ScalingCurves}), dotted with hollow diamonds, at every CPU count traced: the curve
 * reaches counts this machine cannot measure. A comparison without a curve has no predicted line, not a zero one.
 */
final class ScalingChart {
    private ScalingChart() {}

    static final String RATIOS_PNG = "scaling-ratio.png";
    static final String EXTRA_PNG = "scaling-extra-line-transfers.png";

    static final String PREDICTED_AXIS = "predicted transfers per operation, subject minus reference";

    /** The legend of a comparison's predicted curve. */
    static String predictedLabel(String curve, ScalingCurves.Curve predicted) {
        return "predicted transfers: " + curve + " (" + predicted.shape() + ", " + predicted.unit() + ")";
    }

    /** {@code predicted}: each comparison's curve, keyed by {@link ScalingPoints#curve()}. */
    static JFreeChart ratios(List<ScalingPoints> points, Map<String, ScalingCurves.Curve> predicted, String subtitle) {
        return chart("Cost ratio against the number of CPUs, per placement class", "cost ratio (above 1: slower)",
                points, predicted, ScalingPoints::ratio, 1.0, subtitle);
    }

    static JFreeChart extraTransfers(List<ScalingPoints> points, Map<String, ScalingCurves.Curve> predicted,
                                     String subtitle) {
        return chart("csd: extra line transfers against the number of CPUs, per placement class",
                "extra line transfers per call (units of the floor)", points.stream().filter(p -> p.extra() != null)
                        .toList(), predicted, ScalingPoints::extra, 0.0, subtitle);
    }

    private static JFreeChart chart(String title, String yLabel, List<ScalingPoints> points,
                                    Map<String, ScalingCurves.Curve> predicted, Function<ScalingPoints, Double> y,
                                    double marker, String subtitle) {
        Map<String, XYSeries> series = new LinkedHashMap<>();
        Map<String, Boolean> aa = new LinkedHashMap<>();
        for (ScalingPoints p : points) {
            String key = p.curve() + ", place=" + p.place().value();
            series.computeIfAbsent(key, k -> new XYSeries(k, true, false)).add(p.cpus(), y.apply(p));
            aa.put(key, p.aa());
        }
        XYSeriesCollection data = new XYSeriesCollection();
        series.values().forEach(data::addSeries);
        LogAxis cpus = new LogAxis("CPUs");
        cpus.setBase(2);
        cpus.setTickUnit(new NumberTickUnit(1));
        cpus.setNumberFormatOverride(new java.text.DecimalFormat("0"));
        NumberAxis value = new NumberAxis(yLabel);
        value.setAutoRangeIncludesZero(false);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        int i = 0;
        for (Map.Entry<String, Boolean> e : aa.entrySet()) {
            renderer.setSeriesStroke(i, e.getValue()
                    ? new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] {6, 4}, 0)
                    : new BasicStroke(2f));
            i++;
        }
        XYPlot plot = new XYPlot(data, cpus, value, renderer);
        XYSeriesCollection curves = new XYSeriesCollection();
        List<String> predictedCurves = new java.util.ArrayList<>();
        points.stream().map(ScalingPoints::curve).distinct().forEach(curve -> {
            ScalingCurves.Curve c = predicted.get(curve);
            if (c != null && !c.extra().isEmpty()) {
                XYSeries line = new XYSeries(predictedLabel(curve, c), true, false);
                c.extra().forEach(line::add);
                curves.addSeries(line);
                predictedCurves.add(curve);
            }
        });
        if (curves.getSeriesCount() > 0) {
            NumberAxis transfers = new NumberAxis(PREDICTED_AXIS);
            transfers.setAutoRangeIncludesZero(true);
            plot.setRangeAxis(1, transfers);
            plot.setDataset(1, curves);
            plot.mapDatasetToRangeAxis(1, 1);
            XYLineAndShapeRenderer dotted = new XYLineAndShapeRenderer(true, true);
            List<String> measured = new java.util.ArrayList<>(series.keySet());
            for (int k = 0; k < curves.getSeriesCount(); k++) {
                String curve = predictedCurves.get(k);
                for (int m = 0; m < measured.size(); m++) {
                    if (measured.get(m).startsWith(curve + ", place=")) {
                        dotted.setSeriesPaint(k, renderer.lookupSeriesPaint(m));   // the colour of its measured line
                        break;
                    }
                }
                dotted.setSeriesStroke(k, new BasicStroke(1.5f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 10,
                        new float[] {2, 4}, 0));
                dotted.setSeriesShape(k, RatioChart.diamond(5));
                dotted.setSeriesShapesFilled(k, false);
            }
            plot.setRenderer(1, dotted);
        }
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(0xdddddd));
        plot.setRangeGridlinePaint(new Color(0xdddddd));
        plot.addRangeMarker(new ValueMarker(marker, Color.DARK_GRAY, new BasicStroke(1.2f)));
        JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 16), plot, true);
        chart.addSubtitle(new TextTitle(subtitle, new Font(Font.SANS_SERIF, Font.PLAIN, 12)));
        chart.setBackgroundPaint(Color.WHITE);
        return chart;
    }
}
