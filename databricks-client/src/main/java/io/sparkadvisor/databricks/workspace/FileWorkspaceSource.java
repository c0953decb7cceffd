package io.sparkadvisor.databricks.workspace;

import com.databricks.sdk.service.catalog.TableInfo;
import com.databricks.sdk.service.compute.ClusterDetails;
import com.databricks.sdk.service.compute.ClusterEvent;
import com.databricks.sdk.service.compute.GetEventsResponse;
import com.databricks.sdk.service.compute.ListNodeTypesResponse;
import com.databricks.sdk.service.jobs.BaseRun;
import com.databricks.sdk.service.jobs.Job;

import com.databricks.sdk.service.jobs.Run;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.databricks.SdkJson;
import io.sparkadvisor.databricks.WorkspaceException;
import io.sparkadvisor.databricks.WorkspaceNotFoundException;
import io.sparkadvisor.databricks.WorkspaceSource;
import io.sparkadvisor.databricks.fetch.RunSummary;
import io.sparkadvisor.databricks.fetch.StoredFile;
import io.sparkadvisor.databricks.fetch.StoredLogPart;
import io.sparkadvisor.knowledge.eventlog.LogPart;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A workspace recorded in a folder (layout in databricks-client/WORKSPACE-DIR.md), for running the
 * CLI and the bot with no workspace at all. Job changes are written back to {@code jobs/<id>.json}.
 */
public final class FileWorkspaceSource implements WorkspaceSource {
    private final Path root;

    public FileWorkspaceSource(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    @Override
    public Run run(long runId) {
        return read("runs/" + runId + ".json", Run.class, "run " + runId);
    }

    @Override
    public Optional<Long> latestCompletedRunId(long jobId) {
        return all("runs", Run.class).filter(r -> Long.valueOf(jobId).equals(r.getJobId()))
                .filter(r -> r.getJobRunId() == null || r.getJobRunId().equals(r.getRunId()))
                .filter(r -> r.getState() != null && RunSummary.COMPLETED.contains(r.getState().getLifeCycleState()))
                .max(Comparator.comparing(r -> Optional.ofNullable(r.getStartTime()).orElse(0L)))
                .map(Run::getRunId);
    }

    @Override
    public List<BaseRun> completedRunsBefore(long jobId, long beforeMs, int count) {
        return all("runs", BaseRun.class).filter(r -> Long.valueOf(jobId).equals(r.getJobId()))
                .filter(r -> r.getJobRunId() == null || r.getJobRunId().equals(r.getRunId()))
                .filter(r -> r.getState() != null && RunSummary.COMPLETED.contains(r.getState().getLifeCycleState()))
                .filter(r -> r.getStartTime() != null && r.getStartTime() < beforeMs)
                .sorted(Comparator.comparing(BaseRun::getStartTime).reversed()).limit(count).toList();
    }

    @Override
    public List<BaseRun> completedRuns(long fromMs, long toMs) {
        return all("runs", BaseRun.class).filter(r -> r.getJobRunId() == null || r.getJobRunId().equals(r.getRunId()))
                .filter(r -> r.getState() != null && RunSummary.COMPLETED.contains(r.getState().getLifeCycleState()))
                .filter(r -> r.getStartTime() != null && r.getStartTime() >= fromMs && r.getStartTime() < toMs).toList();
    }

    @Override
    public List<Long> jobIdsNamed(String name) {
        return all("jobs", Job.class).filter(j -> j.getSettings() != null && name.equals(j.getSettings().getName()))
                .map(Job::getJobId).sorted().toList();
    }

    @Override
    public ObjectNode jobSettings(long jobId) {
        return rawJob(jobId).path("settings") instanceof ObjectNode settings ? settings : SdkJson.object("{}", "settings");
    }

    /** The job file as recorded: fields no SDK class models are kept, as the real API keeps them. */
    private ObjectNode rawJob(long jobId) {
        String relative = "jobs/" + jobId + ".json";
        try {
            return SdkJson.object(Files.readString(existing(relative, "job " + jobId)), relative);
        } catch (IOException e) {
            throw new WorkspaceException("Cannot read " + relative + " in " + root + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Optional<ClusterDetails> cluster(String clusterId) {
        Path file = inside("clusters/" + clusterId + ".json");
        return Files.exists(file) ? Optional.of(read("clusters/" + clusterId + ".json", ClusterDetails.class, "cluster " + clusterId))
                : Optional.empty();
    }

    /** {@code tables/<full_name>.json}, the name in lower case as Unity Catalog keeps it. */
    @Override
    public Optional<TableInfo> table(String fullName) {
        String relative = "tables/" + fullName.toLowerCase(Locale.ROOT) + ".json";
        return Files.exists(inside(relative)) ? Optional.of(read(relative, TableInfo.class, "table " + fullName)) : Optional.empty();
    }

    @Override
    public ListNodeTypesResponse nodeTypes() {
        return read("node-types.json", ListNodeTypesResponse.class, "the node type list");
    }

    @Override
    public List<ClusterEvent> clusterEvents(String clusterId, long fromMs, long toMs) {
        String file = "cluster-events/" + clusterId + ".json";
        if (!Files.exists(inside(file))) {
            return List.of();
        }
        return Optional.ofNullable(read(file, GetEventsResponse.class, "events of cluster " + clusterId).getEvents())
                .orElse(List.of()).stream()
                .filter(e -> e.getTimestamp() == null || (e.getTimestamp() >= fromMs && e.getTimestamp() <= toMs)).toList();
    }

    @Override
    public List<StoredFile> listFiles(String directory) {
        Path dir = storage(directory);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        String prefix = directory.replaceAll("/+$", "") + "/";
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.sorted().map(p -> new StoredFile(prefix + p.getFileName(), Files.isDirectory(p), size(p))).toList();
        } catch (IOException e) {
            throw new WorkspaceException("Cannot list " + dir + ": " + e.getMessage(), e);
        }
    }

    @Override
    public LogPart logPart(StoredFile file) {
        Path path = storage(file.path());
        return new StoredLogPart(file, () -> Files.newInputStream(path));
    }

    @Override
    public String sparkRest(String clusterId, String apiV1Path) {
        String file = "spark-rest/" + clusterId + "/" + apiV1Path.replaceFirst("\\?.*", "") + ".json";
        try {
            return Files.readString(existing(file, "Spark REST answer " + apiV1Path + " of cluster " + clusterId));
        } catch (IOException e) {
            throw new WorkspaceException("Cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** A recorded workspace is a snapshot of finished runs: none is running. */
    @Override
    public Optional<Long> activeRunId(long jobId) {
        return Optional.empty();
    }

    @Override
    public void cancelRun(long runId) {
        throw new WorkspaceException("Run " + runId + " is in a recorded workspace (" + root + "), where no run is running to cancel.");
    }

    @Override
    public void updateJob(long jobId, ObjectNode newSettings, List<String> fieldsToRemove) {
        ObjectNode job = rawJob(jobId);
        job.set("settings", JobSettingsMerge.merge(jobSettings(jobId), newSettings, fieldsToRemove));
        try {
            Files.writeString(inside("jobs/" + jobId + ".json"), job.toString(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new WorkspaceException("Cannot write job " + jobId + " to " + root + ": " + e.getMessage(), e);
        }
    }

    /** {@code dbfs:/x} and {@code /x} live under {@code dbfs/x}; {@code /Volumes/x} under {@code files/Volumes/x}. */
    private Path storage(String path) {
        if (path.startsWith("/Volumes/")) {
            return inside("files" + path);
        }
        return inside("dbfs/" + path.replaceFirst("^dbfs:", "").replaceFirst("^/+", ""));
    }

    private <T> T read(String relative, Class<T> type, String what) {
        try {
            return SdkJson.read(Files.readString(existing(relative, what)), type);
        } catch (IOException e) {
            throw new WorkspaceException("Cannot read " + relative + " in " + root + ": " + e.getMessage(), e);
        }
    }

    private Path existing(String relative, String what) {
        Path file = inside(relative);
        if (!Files.exists(file)) {
            throw new WorkspaceNotFoundException(what + " is not recorded in " + root + " (no " + relative + ").");
        }
        return file;
    }

    private <T> Stream<T> all(String folder, Class<T> type) {
        Path dir = inside(folder);
        if (!Files.isDirectory(dir)) {
            return Stream.empty();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.toString().endsWith(".json")).sorted().toList().stream()
                    .map(f -> read(folder + "/" + f.getFileName(), type, f.toString()));
        } catch (IOException e) {
            throw new WorkspaceException("Cannot list " + dir + ": " + e.getMessage(), e);
        }
    }

    private Path inside(String relative) {
        return FolderPaths.inside(root, relative);
    }

    private static long size(Path p) {
        try {
            return Files.isDirectory(p) ? 0 : Files.size(p);
        } catch (IOException e) {
            return -1;
        }
    }
}
