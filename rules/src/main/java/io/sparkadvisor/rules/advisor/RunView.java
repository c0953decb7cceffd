package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.knowledge.cluster.ClusterShape;
import io.sparkadvisor.knowledge.facts.ExchangeFacts;
import io.sparkadvisor.knowledge.facts.NodeTimelineFacts;
import io.sparkadvisor.knowledge.facts.NodeTimelineFacts.MachineUse;
import io.sparkadvisor.knowledge.facts.PlanNode;
import io.sparkadvisor.knowledge.facts.RecurringStage;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.SparkProperties;
import io.sparkadvisor.knowledge.facts.SqlExecutionFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import io.sparkadvisor.knowledge.serverless.ServerlessRun;
import io.sparkadvisor.rules.platform.RunMemory;
import io.sparkadvisor.rules.thresholds.Thresholds;
import io.sparkadvisor.rules.whatif.SlotSimulator;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Read-only lookups over {@link RunFacts} that several rules' evidence needs: final stage attempts, plan nodes of a stage. */
public final class RunView {
    private final RunFacts facts;
    private final Optional<ServerlessRun> serverless;
    private final List<StageFacts> finalStages;
    private SlotSimulator whatIf;
    private RunMemory memory;
    private Map<Integer, RecurringStage> recurringByStage;

    public RunView(RunFacts facts) {
        this(facts, Optional.empty());
    }

    /** A serverless run: its statements, no event log ({@link ServerlessRun#asRunFacts()}). */
    public RunView(ServerlessRun run) {
        this(run.asRunFacts(), Optional.of(run));
    }

    private RunView(RunFacts facts, Optional<ServerlessRun> serverless) {
        this.facts = facts;
        this.serverless = serverless;
        Map<Integer, StageFacts> last = new LinkedHashMap<>();
        facts.stages().forEach(s -> last.merge(s.stageId(), s, (a, b) -> b.attemptId() >= a.attemptId() ? b : a));
        this.finalStages = List.copyOf(last.values());
    }

    public RunFacts facts() {
        return facts;
    }

    /** The run's statements, cost and mode when it ran on serverless compute from query history; empty for an event log. */
    public Optional<ServerlessRun> serverless() {
        return serverless;
    }

    /**
     * The stage summarised across the micro-batches that ran it, when it is a streaming query's stage (the facts keep
     * only the latest batch's stages whole); empty for a stage of a batch run.
     */
    public Optional<RecurringStage> recurring(StageFacts stage) {
        if (recurringByStage == null) {
            recurringByStage = new HashMap<>();
            recurringStages().forEach(r -> recurringByStage.put(r.lastStageId(), r));
        }
        return Optional.ofNullable(recurringByStage.get(stage.stageId()));
    }

    /** Every streaming query's stages, each summarised across its micro-batches. */
    public List<RecurringStage> recurringStages() {
        return facts.streaming().stream().flatMap(q -> q.recurringStages().stream()).toList();
    }

    /** The last attempt of every stage (earlier attempts failed or were resubmitted). */
    public List<StageFacts> finalStages() {
        return finalStages;
    }

    public long appDurationMs() {
        return Math.max(1, facts.application().durationMs());
    }

    /** Task slots at the run's peak, at least one. */
    public int slots() {
        return Math.max(1, facts.slots().peakSlots());
    }

    /** The what-if replay of this run, built on first use. */
    public SlotSimulator whatIf() {
        if (whatIf == null) {
            whatIf = new SlotSimulator(facts);
        }
        return whatIf;
    }

    /** The run's one view of memory ({@link RunMemory}), computed once: the thresholds of a run's analysis are fixed. */
    public RunMemory memory(Thresholds t) {
        if (memory == null) {
            memory = RunMemory.of(this, t);
        }
        return memory;
    }

    /** Cores of one worker: the node type's when the cluster is known, else the largest executor's, else the slots. */
    public int workerCores() {
        return cluster().flatMap(c -> c.workerNode()).map(n -> (int) Math.round(n.numCores()))
                .orElseGet(() -> facts.executors().stream().mapToInt(e -> e.cores()).max().orElse(slots()));
    }

    /** A Spark setting as the cluster sets it (its spark_conf wins) or as the application ran with it. */
    public Optional<String> sparkSetting(String key) {
        return cluster().flatMap(c -> c.sparkConf(key)).or(() -> facts.properties().get(key));
    }

    /** An integer setting; empty when unset or not an integer (Databricks' {@code auto}). */
    public Optional<Integer> sparkInteger(String key) {
        return sparkSetting(key).flatMap(SparkProperties::parseInteger);
    }

    /** A size setting in bytes (a bare number is {@code defaultUnit}); empty when unset or not a size. */
    public Optional<Long> sparkBytes(String key, long defaultUnit) {
        return sparkSetting(key).flatMap(v -> SparkProperties.parseSize(v, defaultUnit));
    }

    public Optional<ClusterShape> cluster() {
        return facts.cluster();
    }

    /** The machines' use over the whole run, when node_timeline rows were read for it. */
    public Optional<MachineUse> machineUse() {
        return facts.nodeTimeline().flatMap(NodeTimelineFacts::use);
    }

    /** The machines' use over the minutes of a stage's window, when node_timeline rows were read for it. */
    public Optional<MachineUse> machineUse(StageFacts stage) {
        return facts.nodeTimeline().flatMap(n -> n.useBetween(stage.submittedMs(), stage.completedMs()));
    }

    public Optional<SqlExecutionFacts> sqlOf(StageFacts stage) {
        return facts.sqlExecution(stage.sqlExecutionId());
    }

    /** Plan nodes whose metrics the stage's tasks updated: the operators that ran in it. */
    public List<PlanNode> nodesIn(StageFacts stage) {
        return sqlOf(stage).map(sql -> sql.nodes().stream().filter(n -> n.stageIds().contains(stage.stageId())).toList())
                .orElse(List.of());
    }

    /**
     * Shuffles that feed the stage: those its parent stages wrote, or that it read itself. Under AQE the stage that reads
     * a shuffle may name as parents re-submitted map stages that were skipped, not the ones that wrote it; a stage reads
     * an exchange whose metrics it updated after an earlier stage (stage ids rise from writer to reader).
     */
    public List<ExchangeFacts> exchangesInto(StageFacts stage) {
        return sqlOf(stage).map(sql -> sql.exchanges().stream()
                .filter(x -> intersects(x.stageIds(), stage.parentIds()) || readBy(x, stage.stageId())).toList()).orElse(List.of());
    }

    private static boolean readBy(ExchangeFacts exchange, int stageId) {
        return exchange.stageIds().contains(stageId) && exchange.stageIds().stream().anyMatch(s -> s < stageId);
    }

    private static boolean intersects(Collection<Integer> a, Collection<Integer> b) {
        return a.stream().anyMatch(b::contains);
    }
}
