package io.jgo.bench.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * Draws the report's charts as PNG files with JFreeChart: the overview (jgo's median over each
 * other runtime's, per workload and p, bars up or down from 1 on a log scale), the scaling chart
 * (speed-up from p 1 per workload and runtime, likewise) and one bar chart per workload (median per
 * p and runtime; a log scale where the figures span more than 20×). A cell without a figure has no bar.
 */
final class Charts {

    /** The file names written, relative to the report's folder; {@code scaling} null when there is no p above 1. */
    record Files(String overview, String scaling, Map<String, String> perWorkload) {
    }

    private static final int WIDTH = 1000;
    private static final int HEIGHT = 560;
    private static final Color[] COLORS = {
        new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c), new Color(0x7f7f7f),
        new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x17becf)};

    private Charts() {
    }

    static Files draw(Table t, Path dir) throws IOException {
        System.setProperty("java.awt.headless", "true");
        String overview = "overview.png";
        save(overview(t), dir.resolve(overview));
        String scaling = null;
        if (t.parallelisms().contains(1) && t.parallelisms().stream().anyMatch(p -> p > 1)) {
            scaling = "scaling.png";
            save(scaling(t), dir.resolve(scaling));
        }
        Map<String, String> per = new LinkedHashMap<>();
        for (String w : t.workloads()) {
            JFreeChart chart = workload(t, w);
            if (chart != null) {
                String name = "workload-" + w.replaceAll("[^A-Za-z0-9-]", "_") + ".png";
                save(chart, dir.resolve(name));
                per.put(w, name);
            }
        }
        return new Files(overview, scaling, per);
    }

    private static JFreeChart overview(Table t) {
        DefaultCategoryDataset d = new DefaultCategoryDataset();
        for (String other : t.runtimes()) {
            if (other.equals(Table.JGO)) {
                continue;
            }
            for (int p : t.parallelisms()) {
                for (String w : t.workloads()) {
                    double r = t.ratioToJgo(w, p, other);
                    d.addValue(finite(r) ? r : null, "jgo/" + other + " p=" + p, w);
                }
            }
        }
        JFreeChart c = bars("jgo's median over each runtime's (below 1: jgo is faster)", "", "ratio (log scale)", d, true, 1.0);
        c.getCategoryPlot().addRangeMarker(new ValueMarker(1.0, Color.BLACK, new BasicStroke(1.5f)));
        return c;
    }

    private static JFreeChart scaling(Table t) {
        DefaultCategoryDataset d = new DefaultCategoryDataset();
        for (int p : t.parallelisms()) {
            if (p <= 1) {
                continue;
            }
            for (String r : t.runtimes()) {
                for (String w : t.workloads()) {
                    double s = t.speedUp(w, p, r);
                    d.addValue(finite(s) ? s : null, r + " p1→p" + p, w);
                }
            }
        }
        JFreeChart c = bars("Speed-up from p 1 (median at p 1 over median at p; above 1: more cores help)", "",
                "speed-up (log scale)", d, true, 1.0);
        c.getCategoryPlot().addRangeMarker(new ValueMarker(1.0, Color.BLACK, new BasicStroke(1.5f)));
        return c;
    }

    private static JFreeChart workload(Table t, String w) {
        DefaultCategoryDataset d = new DefaultCategoryDataset();
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (String r : t.runtimes()) {
            for (int p : t.parallelisms()) {
                double m = t.median(w, p, r);
                if (finite(m) && m > 0) {
                    min = Math.min(min, m);
                    max = Math.max(max, m);
                }
                d.addValue(finite(m) ? m : null, r, "p=" + p);
            }
        }
        if (max == 0) {
            return null;
        }
        boolean log = max / min > 20;
        return bars(w + " (" + t.unit(w) + "; lower is better)", "parallelism", t.unit(w) + (log ? " (log scale)" : ""), d, log, min / 2);
    }

    private static JFreeChart bars(String title, String categories, String values, DefaultCategoryDataset d, boolean log,
                                   double logBase) {
        JFreeChart chart = ChartFactory.createBarChart(title, categories, values, d, PlotOrientation.VERTICAL, true, false, false);
        chart.setBackgroundPaint(Color.WHITE);
        CategoryPlot plot = chart.getCategoryPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        BarRenderer renderer = (BarRenderer) plot.getRenderer();
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        renderer.setItemMargin(0.02);
        for (int i = 0; i < d.getRowCount(); i++) {
            renderer.setSeriesPaint(i, COLORS[i % COLORS.length]);
        }
        if (d.getColumnCount() > 6) {
            plot.getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        }
        if (log) {
            LogAxis axis = new LogAxis(values);
            axis.setSmallestValue(1e-6);
            axis.setBase(10);
            axis.setStandardTickUnits(NumberAxis.createStandardTickUnits()); // steps of the exponent
            axis.setNumberFormatOverride(new DecimalFormat("#,##0.###", DecimalFormatSymbols.getInstance(Locale.ROOT))); // values, not powers of 10
            plot.setRangeAxis(axis);
            renderer.setBase(logBase); // bars grow from here (a ratio's 1, or below the smallest figure), not from 0: off a log axis
            renderer.setIncludeBaseInRange(true);
        }
        return chart;
    }

    private static boolean finite(double v) {
        return !Double.isNaN(v) && !Double.isInfinite(v);
    }

    private static void save(JFreeChart chart, Path file) throws IOException {
        ChartUtils.saveChartAsPNG(file.toFile(), chart, WIDTH, HEIGHT);
    }
}
