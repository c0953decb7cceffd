package io.sparkadvisor.rules.queryplan;

import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.RunView;
import java.util.Collection;

/** Time of the stages that ran some plan operators: what a query-plan finding puts at stake. */
public record PlanStages(long wallMs, long taskMs) {

    public static PlanStages of(RunView run, Collection<Integer> stageIds) {
        long wall = 0;
        long task = 0;
        for (StageFacts s : run.finalStages()) {
            if (stageIds.contains(s.stageId())) {
                wall += s.wallMs();
                task += s.sum(TaskMetric.EXECUTOR_RUN_TIME);
            }
        }
        return new PlanStages(wall, task);
    }
}
