package io.sparkadvisor.databricks.emulator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Stream;

/**
 * {@code jobs/runs/cancel}, and what Databricks does after it for a continuous job: the cancelled run ends, and a new run
 * starts at once with the job's current settings (on a job cluster of its own, resuming from the checkpoint). The new
 * run delivers the log a test queued for the job's restart ({@link WorkspaceEmulator#restartDelivers}: a real streaming
 * corpus log of a query that runs better or worse with the new settings); without one, the cancelled run's log (the same
 * query, read again), every part of it.
 */
final class EmulatedRestarts {
    /** The life-cycle states of a run that has not ended. */
    static final Set<String> ACTIVE = Set.of("QUEUED", "PENDING", "RUNNING", "TERMINATING");

    private final Folder folder;
    /** By job id: the logs the runs its next restarts start deliver, first queued first. */
    private final Map<Long, Queue<Path>> nextLogs = new ConcurrentHashMap<>();

    EmulatedRestarts(Folder folder) {
        this.folder = folder;
    }

    void delivers(long jobId, Path eventLog) {
        nextLogs.computeIfAbsent(jobId, j -> new ConcurrentLinkedQueue<>()).add(eventLog);
    }

    Answer handle(Call call) {
        if (!(call.method() + " " + call.path()).equals("POST /api/2.2/jobs/runs/cancel")) {
            return null;
        }
        String runId = call.param("run_id");
        ObjectNode run = folder.read("runs/" + runId + ".json").orElse(null);
        if (run == null) {
            return Answer.error(400, "INVALID_PARAMETER_VALUE", "Run " + runId + " does not exist.");
        }
        if (!ACTIVE.contains(run.path("state").path("life_cycle_state").asText())) {
            return Answer.empty(); // cancelling an ended run is a no-op, as in the real API
        }
        long now = System.currentTimeMillis();
        folder.write("runs/" + runId + ".json", ended(run, now));
        ObjectNode job = folder.read("jobs/" + run.path("job_id").asText() + ".json").orElse(null);
        if (job != null && job.path("settings").has("continuous")
                && !"PAUSED".equals(job.path("settings").path("continuous").path("pause_status").asText())) {
            restart(run, (ObjectNode) job.path("settings"), now);
        }
        return Answer.empty();
    }

    private static ObjectNode ended(ObjectNode run, long now) {
        ObjectNode ended = run.deepCopy();
        ended.putObject("state").put("life_cycle_state", "TERMINATED").put("result_state", "CANCELED")
                .put("state_message", "Run cancelled.");
        ended.put("end_time", now);
        ended.path("tasks").forEach(t -> ((ObjectNode) t).set("state", ended.path("state")));
        return ended;
    }

    /** The next run: the next free run id, on cluster {@code <cancelled run's cluster>-r<run id>}, the job's clusters as set now. */
    private void restart(ObjectNode cancelled, ObjectNode settings, long now) {
        long runId = cancelled.path("run_id").asLong() + 1;
        while (folder.read("runs/" + runId + ".json").isPresent()) {
            runId++;
        }
        JsonNode oldInstance = cancelled.path("tasks").path(0).path("cluster_instance");
        String oldCluster = oldInstance.path("cluster_id").asText();
        String clusterId = oldCluster.replaceFirst("-r\\d+$", "") + "-r" + runId;
        ObjectNode run = cancelled.deepCopy();
        run.put("run_id", runId).put("start_time", now).remove("end_time");
        run.putObject("state").put("life_cycle_state", "RUNNING").put("state_message", "");
        run.set("job_clusters", settings.path("job_clusters").deepCopy());
        for (JsonNode task : run.path("tasks")) {
            ObjectNode t = (ObjectNode) task;
            t.put("run_id", runId * 10 + 1).put("start_time", now).remove("end_time");
            t.set("state", run.path("state"));
            ((ObjectNode) t.path("cluster_instance")).put("cluster_id", clusterId);
        }
        ObjectNode cluster = folder.read("clusters/" + oldCluster + ".json").orElseThrow().deepCopy();
        cluster.put("cluster_id", clusterId).put("state", "RUNNING");
        JsonNode newCluster = settings.path("job_clusters").path(0).path("new_cluster");
        newCluster.fieldNames().forEachRemaining(f -> cluster.set(f, newCluster.get(f).deepCopy()));
        folder.write("clusters/" + clusterId + ".json", cluster);
        folder.write("runs/" + runId + ".json", run);
        String delivered = WorkspaceEmulator.deliveredLogPath(folder, run.path("tasks").path(0).path("cluster_instance"));
        Path queued = nextLogs.getOrDefault(cancelled.path("job_id").asLong(), new ConcurrentLinkedQueue<>()).poll();
        if (queued != null) {
            WorkspaceEmulator.deliver(folder, delivered, queued);
        } else {
            copyLog(WorkspaceEmulator.deliveredLogPath(folder, oldInstance), delivered);
        }
    }

    /** Every part the old cluster delivered (rolled parts and the live {@code eventlog}), under the new cluster's folder. */
    private void copyLog(String from, String to) {
        Path source = folder.resolve(from).getParent();
        Path target = folder.resolve(to).getParent();
        try (Stream<Path> parts = Files.isDirectory(source) ? Files.list(source) : Stream.empty()) {
            Files.createDirectories(target);
            for (Path part : parts.toList()) {
                Files.copy(part, target.resolve(part.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
