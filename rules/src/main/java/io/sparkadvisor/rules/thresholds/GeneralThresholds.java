package io.sparkadvisor.rules.thresholds;

import static io.sparkadvisor.rules.thresholds.Sources.DATAFLINT_METRICS;
import static io.sparkadvisor.rules.thresholds.Sources.OURS;
import static io.sparkadvisor.rules.thresholds.Sources.SPARKLENS;
import static io.sparkadvisor.rules.thresholds.Sources.SPARK_TUNING;

import io.sparkadvisor.rules.infrastructure.memory.MemoryRule;
import java.util.List;

/**
 * Thresholds every rule shares: the floor below which nothing counts, the saving (share of the run and absolute amount) a
 * finding needs to be medium or high, the follow-up's tolerances.
 */
public final class GeneralThresholds {
    public static final Threshold MIN_STAGE_WALL_MS = new Threshold("general.minStageWallMs", 5_000, 0, 86_400_000,
            "milliseconds", "A stage shorter than this raises nothing, whatever its ratios: there is no money in it.",
            DATAFLINT_METRICS + " (MAX_TASK_DURATION_THRESHOLD_MS = 5000)");
    public static final Threshold HIGH_APP_SHARE = new Threshold("general.highAppShare", 0.25, 0, 1,
            "fraction of the run (its wall time, its paid core-hours or its list cost)",
            "A finding may be high only when its saving is at least this share of the run (and worth general.minSavedMs,"
                    + " general.minSavedCoreHours or general.minSavedDollarsPerRun), unless it is a reliability risk.",
            SPARKLENS + " (per-stage share of the application's wall clock); the quarter mark is " + OURS.trim()
                    + " a quarter of the run is worth a change on its own");
    public static final Threshold MIN_SAVED_SHARE = new Threshold("general.minSavedShare", 0.05, 0, 1,
            "fraction of the run (its wall time, its paid core-hours or its list cost)",
            "A finding is medium or high only when its saving is at least this share of the run, in the same measure as"
                    + " an absolute floor it reaches; below it the finding is low, unless it is a reliability risk.",
            OURS + "the follow-up cannot tell a smaller saving from the 5% a job varies from run to run (follow-up.noiseRatio);"
                    + " the review of 2026-12 called findings under 5% of the run noise");
    public static final Threshold MIN_SAVED_MS = new Threshold("general.minSavedMs", 2_000, 0, 86_400_000, "milliseconds of the run's wall time",
            "A saving of run time counts toward medium or high from this many milliseconds (with general.minSavedShare).",
            OURS + "the corpus findings the review of 2026-12 called right save 2.5 s (shuffle-many-partitions) and more; those"
                    + " it called noise 1.0 s (smj-small-side), 0.5 s, 97 ms and 44 ms");
    public static final Threshold MIN_SAVED_CORE_HOURS = new Threshold("general.minSavedCoreHours", 0.25, 0, 1_000_000,
            "core-hours per run",
            "A saving of core-hours (idle or stranded cores) counts toward medium or high from this many core-hours (with"
                    + " general.minSavedShare).",
            OURS + "above the 0.02-0.15 core-hours of the idle-slot findings the review of 2026-12 called noise; a quarter"
                    + " core-hour a run is 40 core-hours a week for an hourly job");
    public static final Threshold MIN_SAVED_DOLLARS = new Threshold("general.minSavedDollarsPerRun", 0.25, 0, 1_000_000,
            "US dollars per run, list prices",
            "A saving of dollars (a cheaper node type) counts toward medium or high from this much per run (with"
                    + " general.minSavedShare of the workers' list cost).",
            OURS + "a share of a run that costs cents is not worth a node-type change and its follow-up run; at a quarter "
                    + "dollar a run an hourly job saves about 40 dollars a week")
            .deprecating(MemoryRule.ID + ".minSavedDollarsPerRun"); // memory-overprovisioned's floor, now every finding's
    public static final Threshold FOLLOW_UP_NOISE_RATIO = new Threshold("follow-up.noiseRatio", 1.05, 1, 2,
            "x the baseline run's duration",
            "A step whose checks say the run must not get slower passes the follow-up up to this many times the"
                    + " baseline's duration (or the stage's wall time): the same job varies this much between runs with no change.",
            OURS + "a few percent of run-to-run spread (cluster start, storage latency) on an unchanged job")
            .deprecating("followUp.noiseRatio");
    public static final Threshold FOLLOW_UP_TRADE_OFF_RATIO = new Threshold("follow-up.tradeOffRatio", 1.1, 1, 4,
            "x the baseline run's duration",
            "A step that trades some run time for cost or safety (fewer workers, more slots, more cores per task)"
                    + " passes the follow-up up to this many times the baseline's duration, as its rollback sentence says.",
            OURS + "10% is the slowdown the rollback sentences of io-bound, idle-slots and task-cpus steps accept")
            .deprecating("followUp.tradeOffRatio");
    public static final Threshold FOLLOW_UP_MIN_MEDIAN_TASK_MS = new Threshold("follow-up.minMedianTaskMs", 100, 0, 3_600_000,
            "milliseconds",
            "After a step that adds partitions, the stage's median task must take at least this long: shorter"
                    + " tasks spend their time being scheduled and started rather than working.",
            SPARK_TUNING + " (tasks as short as 200 ms are efficient), halved").deprecating("followUp.minMedianTaskMs");
    public static final Threshold FOLLOW_UP_MAX_GC_SHARE = new Threshold("follow-up.maxGcShare", 0.1, 0, 1,
            "GC time / executor run time",
            "After a memory or executor-shape step, GC must stay below this share of task time (the steps' checks and rollback"
                    + " sentences say so): a heap that became too small shows first as GC.",
            Sources.DR_ELEPHANT_GC + " (the moderate rung, 0.1)");
    public static final Threshold FOLLOW_UP_MIN_STAGE_SIMILARITY = new Threshold("follow-up.minStageSimilarity", 0.75, 0, 1,
            "weighted share of the stage's signature in common",
            "A stage check reads the stage of the judged run whose signature (operators, shuffles read and written,"
                    + " tables, call site, description) is most like the checked stage's; below this similarity no stage"
                    + " is the same one and the check is not comparable.",
            OURS + "on the corpus pairs the renumbered join scores 100% after AQE's skew join and 93% salted (one more"
                    + " shuffle key), the same join over tables 80%; a stage whose work a repartition split in two scores"
                    + " 68%, another job's join 55%");
    public static final Threshold FOLLOW_UP_STAGE_MATCH_MARGIN = new Threshold("follow-up.stageMatchMargin", 0.05, 0, 1,
            "similarity",
            "When two stages of the judged run are within this similarity of each other and both like the checked"
                    + " stage, the check cannot tell which is the same one and says so (unless one kept its id).",
            OURS + "a differing call site or description moves the similarity by a tenth; half of that is a tie, as"
                    + " between the salted job's two map stages (87% each)");

    public static final Threshold FOLLOW_UP_HISTORY_RUNS = new Threshold("follow-up.historyRuns", 5, 0, 20, "runs",
            "The follow-up reads up to this many of the job's completed runs before the baseline run, keeps those run with"
                    + " the baseline's cluster and settings, and takes each metric's median and spread over them and the"
                    + " baseline: its noise band. Each run read costs a runs/get and, unless its facts are cached, its event log.",
            OURS + "five runs give a median and a spread that one odd run cannot move, at a bounded cost per verdict");
    public static final Threshold FOLLOW_UP_NOISE_WIDTH = new Threshold("follow-up.noiseWidth", 3.5, 0, 10,
            "modified z-score (median absolute deviations / 0.6745)",
            "A metric of the judged run within this many robust deviations of the baseline runs' median is noise: a check"
                    + " that the metric does not rise allows it, a check that it falls or rises requires more than it.",
            "https://www.itl.nist.gov/div898/handbook/eda/section3/eda35h.htm (Iglewicz and Hoaglin: |modified z| > 3.5"
                    + " is an outlier)");
    public static final Threshold FOLLOW_UP_INPUT_CHANGE_RATIO = new Threshold("follow-up.inputChangeRatio", 1.2, 1, 100,
            "x the baseline run's input",
            "When the judged run read more than this many times the baseline's input (or less than its inverse), run time,"
                    + " task count, slot time, shuffle and spill bytes are compared per input byte (per record without bytes).",
            OURS + "a fifth more or less data is beyond the few percent a job's input varies from day to day, and small"
                    + " enough that run time still grows about in proportion");
    public static final Threshold FOLLOW_UP_MAX_INPUT_CHANGE_RATIO = new Threshold("follow-up.maxInputChangeRatio", 10, 1, 1000,
            "x the baseline run's input",
            "Beyond this many times the baseline's input (or below its inverse) the runs are not compared per input: the"
                    + " judged run did other work, and its metrics are compared as they are.",
            OURS + "beyond an order of magnitude the fixed costs of a run (cluster start, planning, listing) no longer"
                    + " shrink into noise, so time per byte stops comparing like with like");
    public static final Threshold FOLLOW_UP_STREAMING_WINDOW_BATCHES = new Threshold("follow-up.streamingWindowBatches", 50, 2,
            100, "micro-batches",
            "A step on a continuous job is judged once the run its restart started has this many micro-batches (or"
                    + " follow-up.streamingWindowMinutes of them, whichever fills first): its latest window against the same"
                    + " window of the run before the restart (processing vs input rate, batch time vs trigger, offsets behind"
                    + " latest, state rows).",
            OURS + "half of the 100 progress updates Spark's UI keeps (spark.sql.streaming.ui.retainedProgressUpdates), so"
                    + " the window fits in what the facts keep of a query's recent batches");
    public static final Threshold FOLLOW_UP_STREAMING_WINDOW_MINUTES = new Threshold("follow-up.streamingWindowMinutes", 30, 1,
            24 * 60, "minutes",
            "The same window in time: a query with a long trigger is judged on its batches of this many minutes after the"
                    + " restart rather than waiting for follow-up.streamingWindowBatches of them.",
            OURS + "half an hour covers a 30 s trigger's 60 batches and more than one Kafka retention check, short enough to"
                    + " roll back the same hour");

    public static final Threshold HEALTH_RULE_FACTOR = new Threshold("follow-up.healthRuleFactor", 1.5, 1, 10,
            "x the p95 of the job's run durations since a verified step (or x the streaming backlog it peaked at)",
            "After a step is verified, the bot offers the job a Databricks health rule at this many times what its runs"
                    + " now take (RUN_DURATION_SECONDS) or, for a streaming job, the backlog its sources reported at most"
                    + " (STREAMING_BACKLOG_RECORDS): Databricks then alerts on a regression by itself.",
            OURS + "half again the slowest usual run is beyond the run-to-run spread (follow-up.noiseRatio) and early"
                    + " enough to matter; https://docs.databricks.com/aws/en/jobs/notifications (duration and streaming"
                    + " backlog thresholds)");
    public static final Threshold HEALTH_RULE_MIN_RUNS = new Threshold("follow-up.healthRuleMinRuns", 3, 1, 100, "runs",
            "A duration health rule is offered only when the job completed at least this many runs since the verified"
                    + " step (their p95 is the rule's base); with fewer, the verdict says how many there are.",
            OURS + "one run is an anecdote; three give the p95 (their slowest) a second opinion at least");
    public static final Threshold HEALTH_RULE_WAIT_DAYS = new Threshold("follow-up.healthRuleWaitDays", 14, 1, 90, "days",
            "A verified step whose job completed fewer than follow-up.healthRuleMinRuns runs since it is looked at again on"
                    + " each follow-up poll (one runs/list) for this many days after its verdict; the duration rule is offered"
                    + " in the verdict's thread once the runs are there, and the thread is told when the wait ends without them.",
            OURS + "two weeks hold two runs of a weekly job and fourteen of a daily one; a job that runs less often than"
                    + " that has too few runs for a p95 to mean much");

    /**
     * What a saving is at stake, by its share of the run: low below {@link #MIN_SAVED_SHARE}, medium from it, high from
     * {@link #HIGH_APP_SHARE}. It caps the severity a rule's ladder proposes ({@code advisor.Stake}).
     */
    public static final Threshold MIN_SAVED_CORE_HOURS_PER_WEEK = new Threshold("general.minSavedCoreHoursPerWeek", 40, 0,
            1_000_000, "core-hours per week of an always-on streaming query's cluster",
            "A saving of core-hours on a run with an always-on streaming query counts toward medium or high from this many"
                    + " core-hours a week (with general.minSavedShare of the cluster's time), however short the log.",
            OURS + "general.minSavedCoreHours for an hourly job: a quarter core-hour a run is about 40 a week");
    public static final Threshold MIN_SAVED_DOLLARS_PER_WEEK = new Threshold("general.minSavedDollarsPerWeek", 40, 0,
            1_000_000, "US dollars per week of an always-on streaming query's cluster, list prices",
            "A saving of dollars on a run with an always-on streaming query counts toward medium or high from this much a"
                    + " week (with general.minSavedShare of the cluster's list cost), however short the log.",
            OURS + "general.minSavedDollarsPerRun for an hourly job: a quarter dollar a run is about 40 dollars a week");
    public static final Threshold MOST_BATCHES = new Threshold("general.mostBatchesShare", 0.5, 0, 1,
            "fraction of a streaming query's micro-batches that ran the stage",
            "A batch rule judges a streaming query's stage across its micro-batches: the pattern (the same partition the"
                    + " largest, spill) must hold in more than this share of them, not in one batch.",
            OURS + "\"most batches\": more than half, as issue #32 asks of the batch rules on micro-batch stages");
    public static final Ladder STAKE = Ladder.lowThenMediumThenHigh(MIN_SAVED_SHARE, HIGH_APP_SHARE);

    static final List<Threshold> DECLARED = List.of(MIN_STAGE_WALL_MS, MOST_BATCHES, HIGH_APP_SHARE, MIN_SAVED_SHARE, MIN_SAVED_MS,
            MIN_SAVED_CORE_HOURS, MIN_SAVED_DOLLARS, MIN_SAVED_CORE_HOURS_PER_WEEK, MIN_SAVED_DOLLARS_PER_WEEK,
            FOLLOW_UP_NOISE_RATIO,
            FOLLOW_UP_TRADE_OFF_RATIO, FOLLOW_UP_MIN_MEDIAN_TASK_MS, FOLLOW_UP_MAX_GC_SHARE, FOLLOW_UP_HISTORY_RUNS,
            FOLLOW_UP_NOISE_WIDTH, FOLLOW_UP_INPUT_CHANGE_RATIO, FOLLOW_UP_MAX_INPUT_CHANGE_RATIO,
            FOLLOW_UP_MIN_STAGE_SIMILARITY, FOLLOW_UP_STAGE_MATCH_MARGIN, FOLLOW_UP_STREAMING_WINDOW_BATCHES,
            FOLLOW_UP_STREAMING_WINDOW_MINUTES, HEALTH_RULE_FACTOR, HEALTH_RULE_MIN_RUNS,
            HEALTH_RULE_WAIT_DAYS);

    private GeneralThresholds() {}
}
