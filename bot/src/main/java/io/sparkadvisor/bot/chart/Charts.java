package io.sparkadvisor.bot.chart;

import io.sparkadvisor.bot.hotvalue.TopValues;
import io.sparkadvisor.databricks.billing.DailyCost;
import io.sparkadvisor.knowledge.facts.BatchPoint;
import io.sparkadvisor.knowledge.facts.NodeTimelineFacts;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.SlotTimeline;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.StreamingQueryFacts;
import io.sparkadvisor.knowledge.facts.StreamingTrigger;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.advisor.Rules;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.rules.compare.Comparison;
import io.sparkadvisor.rules.compare.StagePair;
import io.sparkadvisor.templates.digest.DigestReport;
import io.sparkadvisor.templates.replies.ChartTitle;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.statistics.HistogramDataset;
import org.jfree.data.time.Day;
import org.jfree.data.time.TimeSeries;
import org.jfree.data.time.TimeSeriesCollection;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Pictures for findings people would rather look at than read: how task durations spread in a
 * skewed stage, how many tasks ran against the slots there were, for slot findings, the daily
 * cost of a digest's top jobs, the top values of a skewed key, and where a run's time went against its baseline.
 */
public final class Charts {
    private static final int WIDTH = 900;
    private static final int HEIGHT = 450;
    /** Bars in a top-values chart: past ten the bars are too thin to read, and the tail is flat anyway. */
    private static final int TOP_VALUES = 10;

    static {
        // no display on a server: AWT must not look for one
        System.setProperty("java.awt.headless", "true");
    }

    private Charts() {}

    /** The picture the finding's rule asks for (see the rule's descriptor), when the facts can draw it. */
    public static Optional<Chart> forFinding(Finding finding, RunFacts facts) {
        FindingChart kind = Rules.byId(finding.rule()).map(Rule::chart).orElse(FindingChart.NONE);
        return switch (kind) {
            case TASK_DURATIONS -> finding.stageIds().stream().map(facts::stage).flatMap(Optional::stream)
                    .filter(s -> !s.durationSample().isEmpty()).findFirst().map(Charts::taskDurations);
            case SLOTS -> facts.timeline().runningTasks().isEmpty() ? Optional.empty()
                    : Optional.of(facts.nodeTimeline().flatMap(m -> m.use().map(use -> slotsAndMachines(facts.timeline(), m, use)))
                            .orElseGet(() -> slots(facts.timeline())));
            case STREAMING_RATES -> facts.streaming().stream().filter(q -> !q.chart().isEmpty())
                    .max(Comparator.comparingLong(q -> q.totals().batches())).map(Charts::streamingRates);
            case NONE -> Optional.empty();
        };
    }

    /**
     * A streaming query over the log on one time axis: rows per second arriving against processed (a gap that stays
     * open is a query falling behind), and the batches' mean and longest duration against the trigger's interval
     * (batches above the line overrun it; far below, bookkeeping or idle triggers dominate).
     */
    public static Chart streamingRates(StreamingQueryFacts q) {
        XYSeries in = new XYSeries("input rows/s");
        XYSeries processed = new XYSeries("processed rows/s");
        XYSeries mean = new XYSeries("batch duration, mean (s)");
        XYSeries longest = new XYSeries("batch duration, longest (s)");
        long startMs = q.chart().get(0).startMs();
        for (BatchPoint p : q.chart()) {
            double minute = (p.startMs() - startMs) / 60_000.0;
            in.add(minute, p.inputRowsPerSecond());
            processed.add(minute, p.processedRowsPerSecond());
            mean.add(minute, p.meanDurationMs() / 1000.0);
            longest.add(minute, p.maxDurationMs() / 1000.0);
        }
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(new NumberAxis("minutes since the first batch"));
        plot.add(subplot("rows/s", new XYStepRenderer(), in, processed), 1);
        XYPlot durations = subplot("seconds", new XYStepRenderer(), mean, longest);
        boolean interval = q.trigger().kind() == StreamingTrigger.Kind.PROCESSING_TIME;
        if (interval) {
            durations.addRangeMarker(marker(q.trigger().intervalMs() / 1000.0, "trigger", Color.RED));
        }
        plot.add(durations, 1);
        String name = q.name().isBlank() ? "query " + q.id() : q.name();
        String title = ChartTitle.STREAMING_RATES.text("query", name, "interval",
                interval ? Format.duration(q.trigger().intervalMs()) : false);
        return new Chart("streaming-rates.png", title, png(new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true)));
    }

    public static Chart taskDurations(StageFacts stage) {
        HistogramDataset data = new HistogramDataset();
        double[] seconds = stage.durationSample().stream().mapToDouble(ms -> ms / 1000.0).toArray();
        data.addSeries("tasks", seconds, Math.min(40, Math.max(5, seconds.length / 2)));
        long median = stage.metric(TaskMetric.DURATION).p50();
        long max = stage.metric(TaskMetric.DURATION).max();
        String title = ChartTitle.TASK_DURATIONS.text("stageId", stage.stageId(), "median", Format.duration(median),
                "longest", Format.duration(max));
        JFreeChart chart = ChartFactory.createHistogram(title, "task duration (s)", "tasks", data,
                PlotOrientation.VERTICAL, false, false, false);
        XYPlot plot = chart.getXYPlot();
        plot.addDomainMarker(marker(median / 1000.0, "median", Color.GRAY));
        plot.addDomainMarker(marker(max / 1000.0, "longest", Color.RED));
        return new Chart("stage-" + stage.stageId() + "-task-durations.png", title, png(chart));
    }

    public static Chart slots(SlotTimeline timeline) {
        XYSeriesCollection data = new XYSeriesCollection();
        slotSeries(timeline).forEach(data::addSeries);
        String title = ChartTitle.SLOTS.text();
        JFreeChart chart = ChartFactory.createXYLineChart(title, "minutes since the application started", "count",
                data, PlotOrientation.VERTICAL, true, false, false);
        chart.getXYPlot().setRenderer(new XYStepRenderer());
        return new Chart("running-tasks-vs-slots.png", title, png(chart));
    }

    /**
     * The slots chart above the machines' own minutes (system.compute.node_timeline) on the same time axis: their CPU
     * busy and waiting on I/O, and the nodes up. Low CPU under full slots is what io-bound-slots argues from.
     */
    public static Chart slotsAndMachines(SlotTimeline timeline, NodeTimelineFacts machines, NodeTimelineFacts.MachineUse use) {
        XYSeries busy = new XYSeries("CPU busy %");
        XYSeries wait = new XYSeries("CPU iowait %");
        XYSeries nodes = new XYSeries("nodes");
        for (NodeTimelineFacts.NodeMinute m : machines.minutes()) {
            double minute = (m.startMs() - timeline.startMs()) / 60_000.0;
            busy.add(minute, m.cpuBusyPercent());
            wait.add(minute, m.cpuWaitPercent());
            nodes.add(minute, m.workers());
        }
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(new NumberAxis("minutes since the application started"));
        plot.add(subplot("tasks", new XYStepRenderer(), slotSeries(timeline).toArray(XYSeries[]::new)), 2);
        plot.add(subplot("% of CPU", new XYStepRenderer(), busy, wait), 2);
        plot.add(subplot("nodes", new XYStepRenderer(), nodes), 1);
        String title = ChartTitle.SLOTS_AND_MACHINES.text("cpu", Math.round(use.cpuBusy().median()), "nodes", use.peakWorkers());
        return new Chart("running-tasks-vs-slots-and-machines.png", title, png(new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true)));
    }

    /** Running tasks and slots per sample, in minutes since the application started. */
    private static List<XYSeries> slotSeries(SlotTimeline timeline) {
        XYSeries running = new XYSeries("running tasks");
        XYSeries slots = new XYSeries("slots");
        for (int i = 0; i < timeline.runningTasks().size(); i++) {
            double minute = i * timeline.stepMs() / 60_000.0;
            running.add(minute, timeline.runningTasks().get(i));
            slots.add(minute, timeline.slots().get(i));
        }
        return List.of(running, slots);
    }

    private static XYPlot subplot(String axis, XYStepRenderer renderer, XYSeries... series) {
        XYSeriesCollection data = new XYSeriesCollection();
        for (XYSeries s : series) {
            data.addSeries(s);
        }
        return new XYPlot(data, null, new NumberAxis(axis), renderer);
    }

    /** Daily cost of the digest's top jobs, one line per job. */
    public static Chart dailyCosts(DigestReport report, List<DailyCost> days) {
        TimeSeriesCollection data = new TimeSeriesCollection();
        for (DigestReport.JobLine job : report.topJobs()) {
            TimeSeries series = new TimeSeries(job.name() == null ? "job " + job.jobId() : job.name());
            days.stream().filter(d -> d.jobId().equals(job.jobId()))
                    .forEach(d -> series.addOrUpdate(new Day(d.day().getDayOfMonth(), d.day().getMonthValue(), d.day().getYear()), d.cost()));
            data.addSeries(series);
        }
        String title = ChartTitle.DAILY_COSTS.text("estimated", report.estimated(), "currency", report.currency());
        JFreeChart chart = ChartFactory.createTimeSeriesChart(title, "day (UTC)", report.currency(), data, true, false, false);
        return new Chart("jobs-cost-" + report.from() + ".png", title, png(chart));
    }

    /** The share of rows of the key's top values, the hot one first. */
    public static Chart topValues(TopValues top, String source) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        top.values().stream().limit(TOP_VALUES).forEach(v -> data.addValue(100.0 * top.share(v), "share", TopValues.shown(v.value())));
        String title = ChartTitle.TOP_VALUES.text("key", top.key(), "source", source);
        JFreeChart chart = ChartFactory.createBarChart(title, top.key(), "% of rows", data, PlotOrientation.VERTICAL, false, false, false);
        return new Chart("top-values-" + top.key() + ".png", title, png(chart));
    }

    /**
     * The run's time from the baseline's: the baseline, each moved stage's delta, the rest of the stages together, the
     * driver's time outside stages, and the run, the last bar (the sum of the others).
     */
    public static Chart waterfall(Comparison c) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        data.addValue(c.baseline().durationMs() / 1000.0, "s", "baseline");
        long moved = 0;
        for (StagePair p : c.moved()) {
            String name = p.run().map(s -> "stage " + s.stageId()).orElseGet(() -> "baseline stage " + p.baseline().orElseThrow().stageId());
            data.addValue(p.deltaMs() / 1000.0, "s", name);
            moved += p.deltaMs();
        }
        long otherStages = c.deltaMs() - moved - c.outsideDeltaMs();
        if (otherStages != 0) {
            data.addValue(otherStages / 1000.0, "s", c.moved().isEmpty() ? "stages" : "other stages");
        }
        data.addValue(c.outsideDeltaMs() / 1000.0, "s", "outside stages");
        data.addValue(c.run().durationMs() / 1000.0, "s", "this run");
        String title = ChartTitle.WATERFALL.text("baseline", Format.duration(c.baseline().durationMs()), "run", Format.duration(c.run().durationMs()));
        JFreeChart chart = ChartFactory.createWaterfallChart(title, "", "run time (s)", data, PlotOrientation.VERTICAL, false, false, false);
        return new Chart("run-time-waterfall.png", title, png(chart));
    }

    private static ValueMarker marker(double x, String label, Color color) {
        ValueMarker marker = new ValueMarker(x, color, new BasicStroke(2f));
        marker.setLabel(label);
        return marker;
    }

    private static byte[] png(JFreeChart chart) {
        chart.setBackgroundPaint(Color.WHITE);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ChartUtils.writeChartAsPNG(out, chart, WIDTH, HEIGHT);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
