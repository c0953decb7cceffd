package io.sparkadvisor.databricks;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.DatabricksError;
import com.databricks.sdk.core.http.Request;
import com.databricks.sdk.support.Header;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.databricks.sdk.service.catalog.TableInfo;
import com.databricks.sdk.service.compute.ClusterDetails;
import com.databricks.sdk.service.compute.ClusterEvent;
import com.databricks.sdk.service.compute.GetEvents;
import com.databricks.sdk.service.compute.GetEventsOrder;
import com.databricks.sdk.service.compute.ListNodeTypesResponse;
import com.databricks.sdk.service.files.DirectoryEntry;
import com.databricks.sdk.service.files.FileInfo;
import com.databricks.sdk.service.jobs.BaseJob;
import com.databricks.sdk.service.jobs.BaseRun;
import com.databricks.sdk.service.jobs.GetRunRequest;
import com.databricks.sdk.service.jobs.ListJobsRequest;
import com.databricks.sdk.service.jobs.ListRunsRequest;
import com.databricks.sdk.service.jobs.Run;
import io.sparkadvisor.databricks.fetch.DbfsChunkStream;
import io.sparkadvisor.databricks.fetch.StoredFile;
import io.sparkadvisor.databricks.fetch.StoredLogPart;
import io.sparkadvisor.knowledge.eventlog.LogPart;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A live workspace, every call through the Databricks SDK. */
public final class SdkWorkspaceSource implements WorkspaceSource {
    /** The port Databricks runs the Spark UI on behind the driver proxy. */
    private static final int SPARK_UI_PORT = 40001;
    /** {@code clusters/events} pages by offset; 500 is the API's largest page. */
    private static final long EVENTS_PAGE = 500;

    private static final Logger LOG = LoggerFactory.getLogger(SdkWorkspaceSource.class);

    private final WorkspaceClient client;
    private ListNodeTypesResponse nodeTypes;

    public SdkWorkspaceSource(WorkspaceClient client) {
        this.client = client;
    }

    /** Answers list at most 100 entries per array, and the SDK does not merge the pages: we do. */
    @Override
    public Run run(long runId) {
        Run run = SdkCalls.read("run " + runId, () -> client.jobs().getRun(runId));
        for (Run page = run; hasText(page.getNextPageToken()); ) {
            String token = page.getNextPageToken();
            page = SdkCalls.read("run " + runId, () -> client.jobs().getRun(new GetRunRequest().setRunId(runId).setPageToken(token)));
            run.setTasks(concat(run.getTasks(), page.getTasks()))
                    .setJobClusters(concat(run.getJobClusters(), page.getJobClusters()))
                    .setJobParameters(concat(run.getJobParameters(), page.getJobParameters()))
                    .setRepairHistory(concat(run.getRepairHistory(), page.getRepairHistory()))
                    .setIterations(concat(run.getIterations(), page.getIterations()));
        }
        return run.setNextPageToken(null).setHasMore(null);
    }

    @Override
    public Optional<Long> latestCompletedRunId(long jobId) {
        return SdkCalls.read("runs of job " + jobId, () -> {
            var runs = client.jobs().listRuns(new ListRunsRequest().setJobId(jobId).setCompletedOnly(true).setLimit(1L)).iterator();
            return runs.hasNext() ? Optional.of(runs.next().getRunId()) : Optional.empty();
        });
    }

    @Override
    public Optional<Long> activeRunId(long jobId) {
        return SdkCalls.read("runs of job " + jobId, () -> {
            var runs = client.jobs().listRuns(new ListRunsRequest().setJobId(jobId).setActiveOnly(true).setLimit(1L)).iterator();
            return runs.hasNext() ? Optional.of(runs.next().getRunId()) : Optional.empty();
        });
    }

    @Override
    public void cancelRun(long runId) {
        SdkCalls.run("run " + runId, () -> client.jobs().cancelRun(runId));
    }

    /** One runs/list page of {@code count} (the API's largest is 25); the SDK would follow further pages, the limit stops it. */
    @Override
    public List<BaseRun> completedRunsBefore(long jobId, long beforeMs, int count) {
        ListRunsRequest request = new ListRunsRequest().setJobId(jobId).setCompletedOnly(true).setStartTimeTo(beforeMs - 1)
                .setLimit((long) Math.min(25, count));
        return SdkCalls.read("runs of job " + jobId, () -> stream(client.jobs().listRuns(request)).limit(count).toList());
    }

    /** The SDK follows the pages; {@code expand_tasks} brings each run's tasks and job clusters along. */
    @Override
    public List<BaseRun> completedRuns(long fromMs, long toMs) {
        ListRunsRequest request = new ListRunsRequest().setCompletedOnly(true).setExpandTasks(true)
                .setStartTimeFrom(fromMs).setStartTimeTo(toMs - 1);
        return SdkCalls.read("job runs since " + Instant.ofEpochMilli(fromMs), () -> stream(client.jobs().listRuns(request)).toList());
    }

    @Override
    public List<Long> jobIdsNamed(String name) {
        return SdkCalls.read("jobs named \"" + name + "\"", () -> stream(client.jobs().list(new ListJobsRequest().setName(name)))
                .map(BaseJob::getJobId).sorted().toList());
    }

    /**
     * All pages merged: a job with more than 100 tasks read as one page would lose the rest on a
     * rollback. Read as raw JSON, not through the SDK's classes, whose mapper drops fields it does
     * not know: a change sends an entry back whole, and must not delete what it did not model.
     */
    @Override
    public ObjectNode jobSettings(long jobId) {
        ObjectNode job = rawRead("job " + jobId, () -> jobsGet(jobId));
        ObjectNode settings = job.path("settings") instanceof ObjectNode s ? s : job.putObject("settings");
        for (ObjectNode page = job; hasText(page.path("next_page_token").asText(null)); ) {
            String token = page.path("next_page_token").asText();
            page = rawRead("job " + jobId, () -> jobsGet(jobId).withQueryParam("page_token", token));
            for (String paged : PAGED_ARRAYS) {
                page.path("settings").path(paged).forEach(entry -> settings.withArray(paged).add(entry));
            }
        }
        return settings;
    }

    private static Request jobsGet(long jobId) {
        return new Request("GET", "/api/2.2/jobs/get").withQueryParam("job_id", Long.toString(jobId)).withHeader("Accept", "application/json");
    }

    /** A fresh request per attempt: the SDK completes a request's URL in place as it sends it. */
    private ObjectNode rawRead(String what, Supplier<Request> request) {
        return SdkCalls.read(what, () -> {
            try (InputStream body = client.apiClient().execute(request.get(), InputStream.class)) {
                return SdkJson.object(new String(body.readAllBytes(), StandardCharsets.UTF_8), what);
            } catch (IOException e) {
                throw new DatabricksError("IO_ERROR", 523, e);
            }
        });
    }

    @Override
    public Optional<TableInfo> table(String fullName) {
        try {
            return Optional.of(SdkCalls.read("table " + fullName, () -> client.tables().get(fullName)));
        } catch (WorkspaceNotFoundException unknown) {
            return Optional.empty();
        }
    }

    @Override
    public Optional<ClusterDetails> cluster(String clusterId) {
        try {
            return Optional.of(SdkCalls.read("cluster " + clusterId, () -> client.clusters().get(clusterId)));
        } catch (WorkspaceNotFoundException purged) {
            return Optional.empty();
        }
    }

    @Override
    public synchronized ListNodeTypesResponse nodeTypes() {
        // The catalogue changes rarely and is large: once per client is enough.
        if (nodeTypes == null) {
            nodeTypes = SdkCalls.read("the node type list", () -> client.clusters().listNodeTypes());
        }
        return nodeTypes;
    }

    @Override
    public List<ClusterEvent> clusterEvents(String clusterId, long fromMs, long toMs) {
        GetEvents request = new GetEvents().setClusterId(clusterId).setStartTime(fromMs).setEndTime(toMs)
                .setOrder(GetEventsOrder.ASC).setLimit(EVENTS_PAGE);
        return SdkCalls.read("events of cluster " + clusterId, () -> stream(client.clusters().events(request)).toList());
    }

    @Override
    public List<StoredFile> listFiles(String directory) {
        try {
            return SdkCalls.read("log folder " + directory, () -> directory.startsWith("/Volumes/")
                    ? stream(client.files().listDirectoryContents(directory)).map(SdkWorkspaceSource::stored).toList()
                    : stream(client.dbfs().list(directory)).map(SdkWorkspaceSource::stored).toList());
        } catch (WorkspaceNotFoundException absent) {
            return List.of();
        }
    }

    @Override
    public LogPart logPart(StoredFile file) {
        return new StoredLogPart(file, () -> file.path().startsWith("/Volumes/")
                // The Files API streams the body when the server answers with an octet stream.
                ? SdkCalls.read("log file " + file.path(), () -> client.files().download(file.path()).getContents())
                : new DbfsChunkStream(this::dbfsRange, file.path(), file.size()));
    }

    /**
     * {@code dbfs/read} as raw JSON, its base64 decoded straight from the answer's bytes: through the
     * SDK's classes each MiB would become a 1.4 MB string first, which costs more CPU than parsing the
     * log it holds.
     */
    private byte[] dbfsRange(String path, long offset, int length) {
        return SdkCalls.read("log file " + path, () -> {
            Request request = new Request("GET", "/api/2.0/dbfs/read").withQueryParam("path", path)
                    .withQueryParam("offset", Long.toString(offset)).withQueryParam("length", Integer.toString(length))
                    .withHeader("Accept", "application/json");
            try (InputStream body = client.apiClient().execute(request, InputStream.class)) {
                return SdkJson.base64Field(body, "data");
            } catch (IOException e) {
                throw new DatabricksError("IO_ERROR", 523, e);
            }
        });
    }

    @Override
    public String sparkRest(String clusterId, String apiV1Path) {
        String org = Optional.ofNullable(client.apiClient().workspaceId()).orElse("0");
        Request request = new Request("GET", "/driver-proxy-api/o/" + org + "/" + clusterId + "/" + SPARK_UI_PORT
                + "/api/v1/" + apiV1Path).withHeader("Accept", "application/json");
        return SdkCalls.read("the Spark UI of cluster " + clusterId, () -> {
            try (InputStream body = client.apiClient().execute(request, InputStream.class)) {
                return new String(body.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new DatabricksError("IO_ERROR", 523, e);
            }
        });
    }

    /**
     * The workspace id (the {@code ?o=} of its links), from the {@code X-Databricks-Org-Id} header a
     * workspace puts on its answers; the SDK's own {@code workspaceId()} knows it only from
     * DATABRICKS_WORKSPACE_ID or the host's {@code /.well-known/databricks-config}. SCIM {@code Me}
     * is asked because every identity may read it. Empty when the answer carries no such header.
     */
    public Optional<Long> workspaceIdFromApi() {
        Request me = new Request("GET", "/api/2.0/preview/scim/v2/Me").withHeader("Accept", "application/json");
        try {
            OrgIdHeader answer = SdkCalls.read("the workspace id", () -> {
                try {
                    return client.apiClient().execute(me, OrgIdHeader.class);
                } catch (IOException e) {
                    throw new DatabricksError("IO_ERROR", 523, e);
                }
            });
            return Optional.ofNullable(answer.orgId).filter(id -> id.matches("\\d+")).map(Long::valueOf);
        } catch (WorkspaceException unknown) {
            LOG.debug("The workspace id could not be learned: {}", unknown.getMessage());
            return Optional.empty();
        }
    }

    /** The header of an answer, filled in by the SDK (which needs the public constructor); the body is not needed. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public static final class OrgIdHeader {
        @Header("X-Databricks-Org-Id")
        @JsonIgnore
        private String orgId;

        public OrgIdHeader() {
        }
    }

    /** Raw, like {@link #jobSettings}: the entries sent carry every field they were read with. */
    @Override
    public void updateJob(long jobId, ObjectNode newSettings, List<String> fieldsToRemove) {
        ObjectNode body = newSettings.objectNode().put("job_id", jobId);
        body.set("new_settings", newSettings);
        if (!fieldsToRemove.isEmpty()) {
            fieldsToRemove.forEach(body.putArray("fields_to_remove")::add);
        }
        SdkCalls.run("job " + jobId, () -> {
            Request request = new Request("POST", "/api/2.2/jobs/update", body.toString()).withHeader("Content-Type", "application/json")
                    .withHeader("Accept", "application/json");
            try (InputStream answer = client.apiClient().execute(request, InputStream.class)) {
                answer.readAllBytes();
            } catch (IOException e) {
                throw new DatabricksError("IO_ERROR", 523, e);
            }
        });
    }

    private static StoredFile stored(FileInfo f) {
        return new StoredFile(f.getPath(), Boolean.TRUE.equals(f.getIsDir()), Optional.ofNullable(f.getFileSize()).orElse(0L));
    }

    private static StoredFile stored(DirectoryEntry e) {
        return new StoredFile(e.getPath(), Boolean.TRUE.equals(e.getIsDirectory()), Optional.ofNullable(e.getFileSize()).orElse(0L));
    }

    private static <T> Stream<T> stream(Iterable<T> items) {
        return StreamSupport.stream(items.spliterator(), false);
    }

    /** Null when both are absent, so that a merged answer serialises like an unpaged one. */
    private static <T> List<T> concat(Collection<T> a, Collection<T> b) {
        if (a == null && b == null) {
            return null;
        }
        List<T> all = new ArrayList<>(Optional.ofNullable(a).orElse(List.of()));
        all.addAll(Optional.ofNullable(b).orElse(List.of()));
        return all;
    }

    /** What jobs/get pages: the arrays a page continues. */
    private static final List<String> PAGED_ARRAYS = List.of("tasks", "job_clusters", "environments", "parameters");

    private static boolean hasText(String token) {
        return token != null && !token.isEmpty();
    }
}
