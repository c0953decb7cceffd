package io.sparkadvisor.rules.infrastructure.taskcpus;

import static io.sparkadvisor.rules.thresholds.Sources.OURS;
import static io.sparkadvisor.rules.thresholds.Sources.SPARKLENS;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.thresholds.Ladder;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/**
 * task-cpus: tasks that keep more cores busy than the scheduler reserves for them; decided in
 * task-cpus.drl, advised by {@link TaskCpusAdvice}.
 */
public final class TaskCpusRule {
    public static final String ID = "task-cpus";

    public static final Threshold MIN_APP_SHARE = new Threshold(ID + ".minAppShare", 0.2, 0, 1,
            "fraction of the application's wall time",
            "Only stages that take at least this share of the run are worth a setting that applies to every stage.",
            SPARKLENS + " (a stage's share of the application's wall clock); the fifth is " + OURS.trim()
                    + " the stages that dominate the run, as for io-bound-slots");
    public static final Threshold MIN_CPU_PER_RUN = new Threshold(ID + ".minCpuPerRun", 1.3, 1, 64,
            "CPU time / run time / spark.task.cpus",
            "Tasks that keep more cores busy than the scheduler reserves for them: CPU time above run time"
                    + " times spark.task.cpus by this factor.",
            OURS + "30% above one busy core per reserved core is more than measurement noise: the task runs threads of its own")
            .deprecating("taskCpus.minCpuPerRun");
    public static final Threshold HIGH_CPU_PER_RUN = new Threshold(ID + ".highCpuPerRun", 2, 1, 64,
            "CPU time / run time / spark.task.cpus",
            "At or above this factor each task keeps twice the cores the scheduler reserves for it busy.",
            OURS + "twice the reserved cores halves the cores each task really gets").deprecating("taskCpus.highCpuPerRun");

    public static final Ladder SEVERITY = Ladder.mediumThenHigh(HIGH_CPU_PER_RUN);

    public static final Rule<TaskCpusEvidence> RULE = new Rule<>(ID, Layer.INFRASTRUCTURE, TaskCpusEvidence.class,
            TaskCpusEvidence::of, TaskCpusAdvice::remedy, List.of(MIN_APP_SHARE, MIN_CPU_PER_RUN, HIGH_CPU_PER_RUN),
            List.of(SEVERITY), FindingChart.NONE);

    private TaskCpusRule() {}
}
