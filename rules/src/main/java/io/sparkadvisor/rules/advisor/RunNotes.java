package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.knowledge.cluster.ClusterShape;
import io.sparkadvisor.knowledge.cluster.Runtimes;
import io.sparkadvisor.knowledge.facts.ExecutorFacts;
import io.sparkadvisor.knowledge.facts.NodeTimelineFacts;
import io.sparkadvisor.knowledge.facts.RunFacts;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the report says about the log and the compute before any finding, where they disagree or the compute is past
 * its time: the log's Spark version against the runtime's, a runtime past Databricks' end of support, executors that
 * already ran more slots than the cluster's nodes have cores, machines' rows (system.compute.node_timeline) asked for and
 * not there. Findings read the run as logged; the notes name what the
 * steps, sized for the cluster, cannot reconcile. Words in {@code messages/run-notes.yaml}.
 */
public final class RunNotes {
    static final String MESSAGES = "run-notes";

    /** One note: {@code kind} is {@code spark-version}, {@code end-of-support}, {@code slots} or {@code node-timeline}. */
    public record Note(String kind, String text) {}

    private RunNotes() {}

    public static List<Note> of(RunFacts facts, LocalDate today) {
        List<Note> notes = new ArrayList<>();
        Optional<Runtimes.Release> release = facts.platform().runtime().flatMap(Runtimes::of);
        release.ifPresent(r -> {
            String logSpark = facts.application().sparkVersion();
            if (facts.cluster().isPresent() && !logSpark.isBlank() && !Runtimes.sparkMinor(logSpark).equals(r.sparkVersion())) {
                notes.add(note("spark-version", Map.of("logSpark", logSpark, "runtime", r.name(), "runtimeSpark", r.sparkVersion())));
            }
            r.endOfSupport().filter(today::isAfter).ifPresent(end ->
                    notes.add(note("end-of-support", Map.of("runtime", r.name(), "end", end.toString()))));
        });
        int ran = facts.executors().stream().mapToInt(ExecutorFacts::cores).max().orElse(0);
        facts.cluster().flatMap(ClusterShape::workerNode).filter(n -> ran > Math.round(n.numCores())).ifPresent(n ->
                notes.add(note("slots", Map.of("ran", ran, "node", n.nodeTypeId(), "cores", Math.round(n.numCores())))));
        facts.nodeTimeline().filter(n -> n.availability() != NodeTimelineFacts.Availability.MEASURED)
                .ifPresent(n -> notes.add(note("node-timeline", Map.of("reason", n.reason()))));
        return List.copyOf(notes);
    }

    private static Note note(String kind, Map<String, Object> values) {
        return new Note(kind, Messages.of(MESSAGES, new HashMap<>(values)).text(kind));
    }
}
