package io.jgo.bench.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogarithmicAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Draws the report's curves by call depth as PNG files with JFreeChart: one line with its points
 * per series, depth on a log axis (1 to 1,000), the figures on a log axis too when they span more
 * than 20× (a first suspension from depth 1,000 against a round trip). Points that are not positive
 * (no figure, or a heap difference lost in noise) are left out, so a log axis never sees them.
 */
final class CurveCharts {

    private static final int WIDTH = 1000;
    private static final int HEIGHT = 560;
    private static final Color[] COLORS = {
        new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c), new Color(0xd62728),
        new Color(0x9467bd), new Color(0x8c564b)};

    private CurveCharts() {
    }

    /**
     * Draws the series (name to points depth → value) into {@code file}; answers false, and writes
     * nothing, when no series has a point.
     */
    static boolean draw(String title, String values, Map<String, Map<Integer, Double>> series, Path file) throws IOException {
        XYSeriesCollection data = new XYSeriesCollection();
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        int minDepth = Integer.MAX_VALUE;
        int maxDepth = 0;
        for (Map.Entry<String, Map<Integer, Double>> s : series.entrySet()) {
            XYSeries line = new XYSeries(s.getKey());
            for (Map.Entry<Integer, Double> p : s.getValue().entrySet()) {
                double v = p.getValue();
                if (p.getKey() > 0 && v > 0 && !Double.isInfinite(v)) { // NaN fails v > 0
                    line.add(p.getKey().doubleValue(), v);
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                    minDepth = Math.min(minDepth, p.getKey());
                    maxDepth = Math.max(maxDepth, p.getKey());
                }
            }
            if (line.getItemCount() > 0) {
                data.addSeries(line);
            }
        }
        if (data.getSeriesCount() == 0) {
            return false;
        }
        System.setProperty("java.awt.headless", "true");
        boolean logValues = max / min > 20;
        JFreeChart chart = ChartFactory.createXYLineChart(title, "call depth (log scale)",
                values + (logValues ? " (log scale)" : ""), data, PlotOrientation.VERTICAL, true, false, false);
        chart.setBackgroundPaint(Color.WHITE);
        XYPlot plot = chart.getXYPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        ValueAxis depth = logAxis("call depth (log scale)");
        depth.setRange(minDepth / 1.25, maxDepth * 1.25); // the depths measured, not the powers of 10 around them
        plot.setDomainAxis(depth);
        if (logValues) {
            plot.setRangeAxis(logAxis(values + " (log scale)"));
        } else {
            ((NumberAxis) plot.getRangeAxis()).setAutoRangeIncludesZero(true);
        }
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        for (int i = 0; i < data.getSeriesCount(); i++) {
            renderer.setSeriesPaint(i, COLORS[i % COLORS.length]);
            renderer.setSeriesStroke(i, new BasicStroke(2f));
        }
        plot.setRenderer(renderer);
        ChartUtils.saveChartAsPNG(file.toFile(), chart, WIDTH, HEIGHT);
        return true;
    }

    /**
     * A base-10 log axis from a power of 10 to a power of 10, with a grid line at 1 to 9 times each
     * power, labelled where there is room (JFreeChart's {@link LogarithmicAxis}).
     */
    private static ValueAxis logAxis(String label) {
        LogarithmicAxis axis = new LogarithmicAxis(label);
        axis.setAutoRangeNextLogFlag(true);
        axis.setStrictValuesFlag(false); // draw() leaves out every value that is not positive
        return axis;
    }
}
