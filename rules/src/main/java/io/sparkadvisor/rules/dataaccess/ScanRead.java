package io.sparkadvisor.rules.dataaccess;

import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.knowledge.facts.ScanFacts;
import io.sparkadvisor.knowledge.facts.SqlExecutionFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.facts.TaskMetric;
import io.sparkadvisor.rules.advisor.RunView;
import java.util.List;
import java.util.Optional;

/** One file scan of a SQL execution with the final attempts of the stages that ran it: what the data-access rules look at. */
public record ScanRead(SqlExecutionFacts sql, ScanFacts scan, List<StageFacts> stages) {
    /** Operators that pass rows on without changing what a row is ("WholeStageCodegen (1)" carries its id). */
    private static final List<String> PASS_THROUGH = List.of("WholeStageCodegen", "InputAdapter", "ColumnarToRow",
            "Project");

    public static List<ScanRead> all(RunView run) {
        return run.facts().sqlExecutions().stream().flatMap(sql -> sql.scans().stream().map(scan -> new ScanRead(sql, scan,
                run.finalStages().stream().filter(s -> scan.stageIds().contains(s.stageId())).toList()))).toList();
    }

    /** The scan that ran in a stage, if the stage read files. */
    public static Optional<ScanRead> in(RunView run, StageFacts stage) {
        return all(run).stream().filter(r -> r.scan().stageIds().contains(stage.stageId())).findFirst();
    }

    public long stageWallMs() {
        return stages.stream().mapToLong(StageFacts::wallMs).sum();
    }

    public long taskMs() {
        return stages.stream().mapToLong(s -> s.sum(TaskMetric.DURATION)).sum();
    }

    public long tasks() {
        return stages.stream().mapToLong(StageFacts::successfulTasks).sum();
    }

    public List<Integer> stageIds() {
        return stages.stream().map(StageFacts::stageId).toList();
    }

    /** Where the rows go right after the scan: the first Filter above it, before any operator that changes the rows' meaning. */
    public Optional<PlanNode> filterAbove() {
        for (PlanNode n : sql.ancestors(scan.nodeId())) {
            if (n.sparkTwin().equals("Filter")) {
                return Optional.of(n);
            }
            if (PASS_THROUGH.stream().noneMatch(n.sparkTwin()::startsWith)) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }
}
