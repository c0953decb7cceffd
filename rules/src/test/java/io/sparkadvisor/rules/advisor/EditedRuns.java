package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.knowledge.facts.ApplicationFacts;
import io.sparkadvisor.knowledge.facts.Distribution;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskFailureFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.knowledge.facts.SlotAccounting;
import io.sparkadvisor.knowledge.facts.SparkProperties;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Test helper: a real corpus run with one thing changed, standing in for a next run the corpus does
 * not have (out-of-memory failures, a quiet machine, tasks that keep several cores busy).
 */
public final class EditedRuns {
    private EditedRuns() {}

    /** The run with its task failures replaced. */
    public static RunFacts withFailures(RunFacts f, List<TaskFailureFacts> failures) {
        return new RunFacts(f.application(), f.coverage(), f.properties(), f.executors(), f.jobs(), f.stages(), failures,
                f.slots(), f.timeline(), f.sqlExecutions(), f.cluster());
    }

    /** The run with these Spark settings added or replaced, as a job carrying them would have logged them. */
    public static RunFacts withSettings(RunFacts f, Map<String, String> settings) {
        Map<String, String> values = new HashMap<>(f.properties().values());
        values.putAll(settings);
        return new RunFacts(f.application(), f.coverage(), new SparkProperties(values), f.executors(), f.jobs(), f.stages(),
                f.failures(), f.slots(), f.timeline(), f.sqlExecutions(), f.cluster());
    }

    /** Every failure of the run turned into the given kind, out of memory or not. */
    public static RunFacts withFailuresAs(RunFacts f, String kind, boolean outOfMemory) {
        return withFailures(f, f.failures().stream().map(x -> new TaskFailureFacts(x.stageId(), kind, x.exceptionClass(),
                x.message(), outOfMemory, x.attempts(), x.wastedTaskMs(), x.mostFailuresOfOneTask())).toList());
    }

    /** The run's duration and every stage's wall time scaled, as if it ran on a quieter machine. */
    public static RunFacts withTimesScaled(RunFacts f, double factor) {
        ApplicationFacts a = f.application();
        ApplicationFacts app = new ApplicationFacts(a.id(), a.name(), a.sparkVersion(), a.startMs(),
                a.startMs() + Math.round(a.durationMs() * factor));
        List<StageFacts> stages = f.stages().stream().map(s -> new StageFacts(s.stageId(), s.attemptId(), s.name(),
                s.numTasks(), s.parentIds(), s.submittedMs(), s.submittedMs() + Math.round(s.wallMs() * factor), s.status(),
                s.failureReason(), s.sqlExecutionId(), s.successfulTasks(), s.failedTasks(), s.killedTasks(), s.metrics(),
                s.queuedTaskMs(), s.durationSample())).toList();
        return new RunFacts(app, f.coverage(), f.properties(), f.executors(), f.jobs(), stages, f.failures(), f.slots(),
                f.timeline(), f.sqlExecutions(), f.cluster());
    }

    /** The run with each stage of {@code from} successful tasks counting {@code to} instead, as partitions merged by AQE would. */
    public static RunFacts withStageTasks(RunFacts f, int from, int to) {
        List<StageFacts> stages = f.stages().stream().map(s -> s.successfulTasks() != from ? s : new StageFacts(s.stageId(),
                s.attemptId(), s.name(), to, s.parentIds(), s.submittedMs(), s.completedMs(), s.status(), s.failureReason(),
                s.sqlExecutionId(), to, s.failedTasks(), s.killedTasks(), s.metrics(), s.queuedTaskMs(), s.durationSample())).toList();
        return new RunFacts(f.application(), f.coverage(), f.properties(), f.executors(), f.jobs(), stages, f.failures(),
                f.slots(), f.timeline(), f.sqlExecutions(), f.cluster());
    }

    /** The run with at most {@code tasks} tasks running at once, as the scheduler would have kept it with fewer slots. */
    public static RunFacts withPeakRunningTasks(RunFacts f, int tasks) {
        SlotAccounting a = f.slots();
        SlotAccounting slots = new SlotAccounting(a.slotMs(), a.taskMs(), a.idleSlotMs(), a.stageSlotMs(), a.stageIdleSlotMs(),
                a.queuedWallMs(), a.idleWhileQueuedSlotMs(), a.peakSlots(), tasks);
        return new RunFacts(f.application(), f.coverage(), f.properties(), f.executors(), f.jobs(), f.stages(), f.failures(),
                slots, f.timeline(), f.sqlExecutions(), f.cluster());
    }

    /** Every stage read {@code factor} times the bytes and records, as the same job on a day with more data would. */
    public static RunFacts withInputScaled(RunFacts f, long factor) {
        RunFacts scaled = f;
        for (StageFacts s : f.stages()) {
            scaled = withStageMetricScaled(withStageMetricScaled(scaled, s.stageId(), TaskMetric.INPUT_BYTES, factor), s.stageId(),
                    TaskMetric.INPUT_RECORDS, factor);
        }
        return scaled;
    }

    /** One task metric of a stage multiplied (its whole distribution), e.g. CPU time as threads beyond the task's own count it. */
    public static RunFacts withStageMetricScaled(RunFacts f, int stageId, TaskMetric metric, long factor) {
        List<StageFacts> stages = f.stages().stream().map(s -> {
            if (s.stageId() != stageId) {
                return s;
            }
            Distribution d = s.metric(metric);
            EnumMap<TaskMetric, Distribution> metrics = new EnumMap<>(s.metrics());
            metrics.put(metric, new Distribution(d.count(), d.sum() * factor, d.min() * factor, d.p25() * factor,
                    d.p50() * factor, d.p75() * factor, d.p90() * factor, d.p99() * factor, d.max() * factor));
            return new StageFacts(s.stageId(), s.attemptId(), s.name(), s.numTasks(), s.parentIds(), s.submittedMs(),
                    s.completedMs(), s.status(), s.failureReason(), s.sqlExecutionId(), s.successfulTasks(), s.failedTasks(),
                    s.killedTasks(), metrics, s.queuedTaskMs(), s.durationSample());
        }).toList();
        return new RunFacts(f.application(), f.coverage(), f.properties(), f.executors(), f.jobs(), stages, f.failures(),
                f.slots(), f.timeline(), f.sqlExecutions(), f.cluster());
    }
}
