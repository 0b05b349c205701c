package org.cachelinebench.charts;

import java.awt.Color;
import java.awt.Font;
import java.util.List;

import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;

/**
 * The shaded band behind each offset at which the csd bytes straddle two lines, on a chart whose domain is the
 * offset in bytes; only the first band is labelled, so that the label reads once however many offsets straddle.
 */
final class StraddleBands {
    private StraddleBands() {}

    static final Color SHADE = new Color(0xffebee);

    /** Shades {@code offsets} (bytes) on {@code plot}'s domain, 4 bytes either side. */
    static void mark(XYPlot plot, List<Integer> offsets) {
        boolean labelled = false;
        for (int offset : offsets) {
            IntervalMarker band = new IntervalMarker(offset - 4, offset + 4, SHADE);
            if (!labelled) {
                band.setLabel("straddles");
                band.setLabelAnchor(RectangleAnchor.TOP_LEFT);
                band.setLabelTextAnchor(TextAnchor.TOP_LEFT);
                band.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
                labelled = true;
            }
            plot.addDomainMarker(band, Layer.BACKGROUND);
        }
    }
}
