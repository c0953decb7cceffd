package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.rules.dataaccess.broadlisting.BroadListingRule;
import io.sparkadvisor.rules.dataaccess.deltalayout.DeltaFileLayoutRule;
import io.sparkadvisor.rules.dataaccess.overread.OverreadRule;
import io.sparkadvisor.rules.dataaccess.partitionsizing.PartitionSizingRule;
import io.sparkadvisor.rules.dataaccess.smallfiles.SmallFilesRule;
import io.sparkadvisor.rules.dataaccess.sourceparallelism.SourceParallelismRule;
import io.sparkadvisor.rules.execution.aqedisabled.AqeDisabledRule;
import io.sparkadvisor.rules.execution.batchoverhead.BatchOverheadRule;
import io.sparkadvisor.rules.execution.gcpressure.GcPressureRule;
import io.sparkadvisor.rules.execution.laterows.LateRowsRule;
import io.sparkadvisor.rules.execution.shufflesizing.ShuffleSizingRule;
import io.sparkadvisor.rules.execution.skew.SkewRule;
import io.sparkadvisor.rules.execution.spill.SpillRule;
import io.sparkadvisor.rules.execution.stategrowth.StateGrowthRule;
import io.sparkadvisor.rules.execution.taskfailures.TaskFailuresRule;
import io.sparkadvisor.rules.infrastructure.executorpacking.ExecutorPackingRule;
import io.sparkadvisor.rules.infrastructure.fallingbehind.FallingBehindRule;
import io.sparkadvisor.rules.infrastructure.idlealwayson.IdleAlwaysOnRule;
import io.sparkadvisor.rules.infrastructure.idleslots.IdleSlotsRule;
import io.sparkadvisor.rules.infrastructure.iobound.IoBoundRule;
import io.sparkadvisor.rules.infrastructure.memory.MemoryRule;
import io.sparkadvisor.rules.infrastructure.taskcpus.TaskCpusRule;
import io.sparkadvisor.rules.queryplan.broadcastjoin.BroadcastJoinRule;
import io.sparkadvisor.rules.queryplan.cardinalityexplosion.CardinalityExplosionRule;
import io.sparkadvisor.rules.queryplan.clusteronwrite.ClusterOnWriteRule;
import io.sparkadvisor.rules.queryplan.photonfallback.PhotonFallbackRule;
import io.sparkadvisor.rules.serverless.filepruning.FilePruningRule;
import io.sparkadvisor.rules.serverless.performancemode.PerformanceModeRule;
import io.sparkadvisor.rules.serverless.photon.PhotonShareRule;
import io.sparkadvisor.rules.serverless.queueing.QueueingRule;
import io.sparkadvisor.rules.serverless.repeatedscans.RepeatedScansRule;
import io.sparkadvisor.rules.serverless.rowexplosion.RowExplosionRule;
import io.sparkadvisor.rules.serverless.spill.ServerlessSpillRule;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The registry: every rule of the rule base, once. The engine, the threshold catalogue, the CLI,
 * the JSON contract, the bot's charts and the tests all read this list; a new rule is its own
 * unit (see rules/README.md) plus one line here.
 */
public final class Rules {
    public static final List<Rule<?>> ALL = List.of(
            IoBoundRule.RULE,
            IdleSlotsRule.RULE,
            ExecutorPackingRule.RULE,
            MemoryRule.RULE,
            TaskCpusRule.RULE,
            PartitionSizingRule.RULE,
            SmallFilesRule.RULE,
            DeltaFileLayoutRule.RULE,
            BroadListingRule.RULE,
            OverreadRule.RULE,
            SkewRule.RULE,
            SpillRule.RULE,
            GcPressureRule.RULE,
            TaskFailuresRule.RULE,
            AqeDisabledRule.RULE,
            ShuffleSizingRule.RULE,
            CardinalityExplosionRule.RULE,
            ClusterOnWriteRule.RULE,
            BroadcastJoinRule.RULE,
            PhotonFallbackRule.RULE,
            SourceParallelismRule.RULE,
            FallingBehindRule.RULE,
            StateGrowthRule.RULE,
            LateRowsRule.RULE,
            BatchOverheadRule.RULE,
            IdleAlwaysOnRule.RULE,
            // Serverless runs, from query history: silent on event logs, which have no statements.
            PerformanceModeRule.RULE,
            QueueingRule.RULE,
            FilePruningRule.RULE,
            RepeatedScansRule.RULE,
            ServerlessSpillRule.RULE,
            PhotonShareRule.RULE,
            RowExplosionRule.RULE);

    private static final Map<Class<?>, Rule<?>> BY_EVIDENCE = ALL.stream()
            .collect(Collectors.toUnmodifiableMap(Rule::evidenceType, Function.identity()));
    private static final Map<String, Rule<?>> BY_ID = ALL.stream()
            .collect(Collectors.toUnmodifiableMap(Rule::id, Function.identity()));

    private Rules() {}

    public static Rule<?> of(Evidence evidence) {
        Rule<?> rule = BY_EVIDENCE.get(evidence.getClass());
        if (rule == null) {
            throw new IllegalStateException(evidence.getClass().getName() + " belongs to no registered rule");
        }
        return rule;
    }

    public static Optional<Rule<?>> byId(String id) {
        return Optional.ofNullable(BY_ID.get(id));
    }

    public static List<String> ids() {
        return ALL.stream().map(Rule::id).toList();
    }
}
