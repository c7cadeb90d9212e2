package org.cairn.examples;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Rectangle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

/** Line charts of {@link PlotSeries}, drawn by JFreeChart and written as PNG or, through JFreeSVG, SVG. */
final class Charts {
    private Charts() {
    }

    static JFreeChart chart(PlotSeries series) {
        XYSeriesCollection data = new XYSeriesCollection();
        for (Map.Entry<String, double[]> e : series.series.entrySet()) {
            XYSeries s = new XYSeries(e.getKey(), false, true);
            double[] xy = e.getValue();
            for (int i = 0; i + 1 < xy.length; i += 2) {
                s.add(xy[i], Double.isFinite(xy[i + 1]) ? xy[i + 1] : Double.NaN);
            }
            data.addSeries(s);
        }
        JFreeChart chart = ChartFactory.createXYLineChart(series.title, series.xLabel, series.yLabel, data,
                PlotOrientation.VERTICAL, data.getSeriesCount() > 1, false, false);
        chart.setBackgroundPaint(Color.WHITE);
        XYPlot plot = chart.getXYPlot();
        plot.setBackgroundPaint(new Color(0xF7F7F4));
        plot.setDomainGridlinePaint(new Color(0xD0D0D0));
        plot.setRangeGridlinePaint(new Color(0xD0D0D0));
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        for (int i = 0; i < data.getSeriesCount(); i++) {
            renderer.setSeriesStroke(i, new BasicStroke(1.6f));
        }
        plot.setRenderer(renderer);
        return chart;
    }

    /**
     * The stability experiment as a bar chart: per configuration (and warm starting), the furthest
     * any box of each structure moved, on a logarithmic axis from 1 mm (millimetres against a
     * collapse's tens of metres).
     */
    static JFreeChart stability(java.util.List<org.cairn.verification.experiment.StabilityExperiment.Result> results) {
        org.jfree.data.category.DefaultCategoryDataset data = new org.jfree.data.category.DefaultCategoryDataset();
        for (org.cairn.verification.experiment.StabilityExperiment.Result r : results) {
            String config = r.config().name() + (r.config().warm() ? "" : ", no warm start");
            data.addValue(Math.max(1e-3, r.furthestMeters()), r.structure(), config);
        }
        JFreeChart chart = ChartFactory.createBarChart("Stability: furthest a box moved", null, "m (log scale)", data,
                PlotOrientation.HORIZONTAL, true, false, false);
        chart.setBackgroundPaint(Color.WHITE);
        org.jfree.chart.plot.CategoryPlot plot = chart.getCategoryPlot();
        plot.setBackgroundPaint(new Color(0xF7F7F4));
        double most = 1e-3;
        for (org.cairn.verification.experiment.StabilityExperiment.Result r : results) {
            most = Math.max(most, r.furthestMeters());
        }
        plot.setRangeAxis(metresInDecades(1e-3, most));
        org.jfree.chart.renderer.category.BarRenderer bars = (org.jfree.chart.renderer.category.BarRenderer) plot.getRenderer();
        bars.setBarPainter(new org.jfree.chart.renderer.category.StandardBarPainter());
        bars.setShadowVisible(false);
        bars.setBase(1e-3);
        plot.getDomainAxis().setTickLabelFont(plot.getDomainAxis().getTickLabelFont().deriveFont(10f));
        return chart;
    }

    /**
     * The rest experiment's displacement against time: per stack, the furthest any of its boxes is
     * from where it was at the stack's settling time, once a second, on a logarithmic axis from 0.01 mm.
     */
    static JFreeChart rest(java.util.List<org.cairn.verification.experiment.RestExperiment.Result> results) {
        XYSeriesCollection data = new XYSeriesCollection();
        double most = 1e-5;
        for (org.cairn.verification.experiment.RestExperiment.Result r : results) {
            XYSeries s = new XYSeries(r.structure(), false, true);
            double[] d = r.furthestBySecond();
            for (int k = 0; k < d.length; k++) {
                s.add(r.settleSeconds() + k + 1, Math.max(1e-5, d[k]));
                most = Math.max(most, d[k]);
            }
            data.addSeries(s);
        }
        JFreeChart chart = ChartFactory.createXYLineChart("Resting stacks, sleeping off: furthest a box is from where it settled",
                "time (s)", "m (log scale)", data,
                PlotOrientation.VERTICAL, true, false, false);
        chart.setBackgroundPaint(Color.WHITE);
        XYPlot plot = chart.getXYPlot();
        plot.setBackgroundPaint(new Color(0xF7F7F4));
        plot.setDomainGridlinePaint(new Color(0xD0D0D0));
        plot.setRangeGridlinePaint(new Color(0xD0D0D0));
        plot.setRangeAxis(metresInDecades(1e-5, most));
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        for (int i = 0; i < data.getSeriesCount(); i++) {
            renderer.setSeriesStroke(i, new BasicStroke(1.6f));
        }
        plot.setRenderer(renderer);
        return chart;
    }

    /**
     * A benchmark's per-stage profile: a horizontal bar per run (the dataset's columns), stacked by
     * stage (its rows), in ms per step.
     */
    static JFreeChart stages(String title, org.jfree.data.category.DefaultCategoryDataset data) {
        JFreeChart chart = ChartFactory.createStackedBarChart(title, null, "ms per step", data, PlotOrientation.HORIZONTAL,
                true, false, false);
        chart.setBackgroundPaint(Color.WHITE);
        org.jfree.chart.plot.CategoryPlot plot = chart.getCategoryPlot();
        plot.setBackgroundPaint(new Color(0xF7F7F4));
        plot.setRangeGridlinePaint(new Color(0xD0D0D0));
        org.jfree.chart.renderer.category.BarRenderer bars = (org.jfree.chart.renderer.category.BarRenderer) plot.getRenderer();
        bars.setBarPainter(new org.jfree.chart.renderer.category.StandardBarPainter());
        bars.setShadowVisible(false);
        plot.getDomainAxis().setTickLabelFont(plot.getDomainAxis().getTickLabelFont().deriveFont(10f));
        return chart;
    }

    /** A logarithmic axis in metres from {@code lowest} up to the decade above {@code most}, whole decades labelled as plain numbers. */
    private static org.jfree.chart.axis.LogAxis metresInDecades(double lowest, double most) {
        org.jfree.chart.axis.LogAxis axis = new org.jfree.chart.axis.LogAxis("m (log scale)");
        axis.setRange(lowest, Math.pow(10, Math.ceil(Math.log10(most) + 1e-9)));
        axis.setTickUnit(new org.jfree.chart.axis.NumberTickUnit(1));
        axis.setNumberFormatOverride(new java.text.DecimalFormat("0." + "#".repeat(Math.max(1, (int) -Math.floor(Math.log10(lowest))))));
        return axis;
    }

    /** Writes the chart to {@code file}: SVG if it ends in .svg, else PNG. */
    static void write(JFreeChart chart, Path file, int width, int height) throws IOException {
        if (file.toString().endsWith(".svg")) {
            SVGGraphics2D g = new SVGGraphics2D(width, height);
            chart.draw(g, new Rectangle(width, height));
            Files.writeString(file, g.getSVGDocument(), StandardCharsets.UTF_8);
        } else {
            ChartUtils.saveChartAsPNG(file.toFile(), chart, width, height);
        }
    }
}
