package io.sparkadvisor.bot.cli;

import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.cluster.ClusterJson;
import io.sparkadvisor.knowledge.facts.RunFacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The inputs shared by {@code analyze} and {@code facts}: the event log and the cluster shape files. */
final class RunInputs {
    @Parameters(index = "0", paramLabel = "EVENT_LOG", description = "A Spark event log file (plain, .gz, .zstd, .lz4, .snappy) or folder (rolling or Databricks layout).")
    Path eventLog;

    @Option(names = "--cluster", paramLabel = "FILE", description = "JSON of Databricks clusters/get or a job's new_cluster; overrides the shape the log implies.")
    Path cluster;

    @Option(names = "--node-types", paramLabel = "FILE", description = "JSON of Databricks clusters/list-node-types.")
    Path nodeTypes;

    RunFacts facts() {
        RunFacts facts = RunFactsReader.read(eventLog);
        if (cluster == null) {
            if (nodeTypes != null) {
                throw new BadInputException("--node-types needs --cluster: the node catalogue only says something about a cluster's nodes");
            }
            return facts;
        }
        return facts.withCluster(ClusterJson.parse(readFile(cluster, "--cluster"),
                Optional.ofNullable(nodeTypes).map(p -> readFile(p, "--node-types"))));
    }

    static String readFile(Path path, String option) {
        try {
            return Files.readString(path);
        } catch (IOException e) {
            throw new BadInputException(option + " " + path + " cannot be read (" + e.getClass().getSimpleName() + ")");
        }
    }
}
