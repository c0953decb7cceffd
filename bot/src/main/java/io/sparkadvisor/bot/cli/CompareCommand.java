package io.sparkadvisor.bot.cli;

import io.sparkadvisor.bot.config.BadInputException;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.cluster.ClusterJson;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.compare.Comparer;
import io.sparkadvisor.rules.compare.Comparison;
import io.sparkadvisor.rules.compare.ComparisonJson;
import io.sparkadvisor.rules.compare.ComparisonText;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** Why a run took longer (or less) than a baseline run of its job: the difference put down to stages and causes. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Compare a run with a baseline run of the same job: the run-time difference by stage and by cause"
                + " (input, settings, plan, skew, spill, GC, failures, slots, task speed), with the arithmetic.")
final class CompareCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "EVENT_LOG", description = "The run's Spark event log (file or folder).")
    Path run;

    @Parameters(index = "1", paramLabel = "BASELINE_LOG", description = "The baseline run's event log.")
    Path baseline;

    @Option(names = "--cluster", paramLabel = "FILE", description = "The run's cluster (JSON of clusters/get or a job's new_cluster).")
    Path cluster;

    @Option(names = "--baseline-cluster", paramLabel = "FILE", description = "The baseline's cluster (default: --cluster).")
    Path baselineCluster;

    @Option(names = "--node-types", paramLabel = "FILE", description = "JSON of Databricks clusters/list-node-types.")
    Path nodeTypes;

    @Mixin
    ThresholdOptions thresholdOptions;

    @Option(names = "--format", paramLabel = "text|json", description = "Output format: ${COMPLETION-CANDIDATES} (default: text).")
    AnalyzeCommand.OutputFormat format = AnalyzeCommand.OutputFormat.text;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (nodeTypes != null && cluster == null && baselineCluster == null) {
            throw new BadInputException("--node-types needs --cluster or --baseline-cluster: the node catalogue only says"
                    + " something about a cluster's nodes");
        }
        Comparer comparer = new Comparer(thresholdOptions.thresholds());
        Comparison c = comparer.compare(facts(run, cluster, "--cluster"),
                facts(baseline, baselineCluster != null ? baselineCluster : cluster, baselineCluster != null ? "--baseline-cluster" : "--cluster"));
        spec.commandLine().getOut().println(format == AnalyzeCommand.OutputFormat.json ? ComparisonJson.write(c) : ComparisonText.render(c));
        return 0;
    }

    private RunFacts facts(Path log, Path clusterFile, String option) {
        RunFacts facts = RunFactsReader.read(log);
        return clusterFile == null ? facts : facts.withCluster(ClusterJson.parse(RunInputs.readFile(clusterFile, option),
                Optional.ofNullable(nodeTypes).map(p -> RunInputs.readFile(p, "--node-types"))));
    }
}
