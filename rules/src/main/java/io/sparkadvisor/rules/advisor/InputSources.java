package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.knowledge.facts.PlanNode;
import java.util.Locale;

/**
 * The kinds of input a run's plans read that a remedy names by their own options: a Kafka source (more tasks through
 * {@code minPartitions}) and a JDBC source ({@code numPartitions} with a partition column). Advice says a source's
 * option only when the plan reads that source.
 */
public record InputSources(boolean kafka, boolean jdbc) {
    public static final InputSources NONE = new InputSources(false, false);

    public static InputSources of(RunView run) {
        boolean kafka = false;
        boolean jdbc = false;
        for (var sql : run.facts().sqlExecutions()) {
            for (PlanNode node : sql.nodes()) {
                String plan = (node.name() + " " + node.simpleString()).toLowerCase(Locale.ROOT);
                kafka |= plan.contains("kafka");
                jdbc |= plan.contains("jdbcrelation") || plan.contains("jdbcscan");
            }
        }
        return new InputSources(kafka, jdbc);
    }
}
