package io.sparkadvisor.bot.cli;

import io.sparkadvisor.bot.ask.Progress;
import io.sparkadvisor.bot.compare.RunComparisons;
import io.sparkadvisor.bot.compare.Why;
import io.sparkadvisor.bot.config.BadInputException;
import io.sparkadvisor.databricks.Workspace;
import io.sparkadvisor.databricks.resolve.RunRef;
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
    @Parameters(index = "0", paramLabel = "EVENT_LOG|RUN", description = "The run's Spark event log (file or folder); with"
            + " --workspace-dir, a run link or run id.")
    String run;

    @Parameters(index = "1", arity = "0..1", paramLabel = "BASELINE", description = "The baseline run's event log; with --workspace-dir,"
            + " a run of the same job, by default the median run of the job's latest runs with the same setup.")
    String baseline;

    @Option(names = "--workspace-dir", paramLabel = "DIR", description = "A file-backed Databricks workspace (databricks-client/WORKSPACE-DIR.md):"
            + " the runs, their history and their clusters' shapes come from it.")
    Path workspaceDir;

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
        Comparison c = workspaceDir != null ? fromWorkspace() : fromLogs();
        spec.commandLine().getOut().println(format == AnalyzeCommand.OutputFormat.json ? ComparisonJson.write(c) : ComparisonText.render(c));
        return 0;
    }

    /** The runs of a workspace, the baseline by default from the job's history ({@link RunComparisons}). */
    private Comparison fromWorkspace() {
        if (cluster != null || baselineCluster != null || nodeTypes != null) {
            throw new BadInputException("--cluster, --baseline-cluster and --node-types do not apply with --workspace-dir: a run of"
                    + " the workspace brings its cluster's shape");
        }
        Workspace workspace = WorkspaceChoice.of(workspaceDir, System.getenv());
        Why why = new RunComparisons(workspace, thresholdOptions.thresholds()).explain(resolve(workspace, run),
                Optional.ofNullable(baseline).map(b -> resolve(workspace, b)), Progress.NONE);
        if (why instanceof Why.Explained explained) {
            return explained.comparison();
        }
        throw new BadInputException("run " + why.run().ref().runId() + " has no earlier run of its job with an event log to compare"
                + " with: pass a baseline run as the second argument");
    }

    private static RunRef resolve(Workspace workspace, String query) {
        try {
            return workspace.resolve(query);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    private Comparison fromLogs() {
        if (baseline == null) {
            throw new BadInputException("compare needs the baseline's event log as its second argument (or --workspace-dir, where a"
                    + " run's baseline comes from its job's history)");
        }
        if (nodeTypes != null && cluster == null && baselineCluster == null) {
            throw new BadInputException("--node-types needs --cluster or --baseline-cluster: the node catalogue only says"
                    + " something about a cluster's nodes");
        }
        return new Comparer(thresholdOptions.thresholds()).compare(facts(run, cluster, "--cluster"),
                facts(baseline, baselineCluster != null ? baselineCluster : cluster, baselineCluster != null ? "--baseline-cluster" : "--cluster"));
    }

    private RunFacts facts(String log, Path clusterFile, String option) {
        RunFacts facts = RunFactsReader.read(Path.of(log));
        return clusterFile == null ? facts : facts.withCluster(ClusterJson.parse(RunInputs.readFile(clusterFile, option),
                Optional.ofNullable(nodeTypes).map(p -> RunInputs.readFile(p, "--node-types"))));
    }
}
