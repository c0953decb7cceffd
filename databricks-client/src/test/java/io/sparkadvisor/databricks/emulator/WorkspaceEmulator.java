package io.sparkadvisor.databricks.emulator;

import com.databricks.sdk.WorkspaceClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.sparkadvisor.databricks.WorkspaceClients;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A local Databricks workspace for tests: the REST paths SDK 0.141.0 really calls (Jobs 2.2,
 * Clusters 2.1, DBFS 2.0, Files 2.0, SQL statements 2.0, SQL warehouses get, SCIM Me and Users, job permissions, Unity
 * Catalog tables get and effective permissions, the driver proxy), a bearer token
 * required on each, answers from a workspace folder (databricks-client/WORKSPACE-DIR.md), faults
 * on demand, and a record of every request.
 *
 * <pre>{@code
 * try (var emulator = WorkspaceEmulator.startWithSample()) {   // or start(Path.of("my-workspace-folder"))
 *     Workspace ws = Workspaces.connect(emulator.client(), "wh-1");
 *     emulator.failNext("GET", "/api/2.2/jobs/runs/get", Fault.tooManyRequests(1), 3);
 *     ...
 * }
 * }</pre>
 */
public final class WorkspaceEmulator implements AutoCloseable {
    public static final String TOKEN = "dapi-emulator-0123456789abcdef";
    public static final String OAUTH_ACCESS_TOKEN = "oauth-access-emulator-5f4dcc3b5aa765d6";
    /** The workspace id ({@code ?o=} of its links) the emulator reports unless told otherwise. */
    public static final long WORKSPACE_ID = 1234567890L;

    private static final Pattern SPARK_UI = Pattern.compile("/driver-proxy-api/o/[^/]+/([^/]+)/\\d+/api/v1/(.+)");

    private final Folder folder;
    private final HttpServer server;
    /** As many as a client could keep busy: a real workspace serves far more calls at once than any one client sends. */
    private final ExecutorService threads = Executors.newFixedThreadPool(32);
    private volatile Duration latency = Duration.ZERO;
    private final AtomicInteger answering = new AtomicInteger();
    private final AtomicInteger mostAtOnce = new AtomicInteger();
    private final List<RecordedRequest> requests = new CopyOnWriteArrayList<>();
    private final List<PlannedFault> faults = new CopyOnWriteArrayList<>();
    private final EmulatedJobs jobs;
    private final EmulatedClusters clusters;
    private final EmulatedStorage storage;
    private final EmulatedStatements statements = new EmulatedStatements();
    private final EmulatedQueryHistory queryHistory = new EmulatedQueryHistory();
    private final EmulatedIdentity identity = new EmulatedIdentity();
    private final EmulatedAccess access;
    private final EmulatedTables tables;
    private final EmulatedRestarts restarts;
    private volatile OAuthClient oauth;

    private record OAuthClient(String clientId, String clientSecret, String accessToken) {
    }

    private record PlannedFault(String method, String pathPrefix, Fault fault, int[] skipped, int[] remaining) {
    }

    private WorkspaceEmulator(Path root) throws IOException {
        folder = new Folder(root);
        jobs = new EmulatedJobs(folder);
        clusters = new EmulatedClusters(folder);
        storage = new EmulatedStorage(folder);
        access = new EmulatedAccess(folder);
        tables = new EmulatedTables(folder);
        restarts = new EmulatedRestarts(folder);
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::exchange);
        server.setExecutor(threads);
        server.start();
    }

    /** Serves a copy of {@code fixture} (so tests may change it); null starts from an empty workspace. */
    public static WorkspaceEmulator start(Path fixture) {
        try {
            Path root = Files.createTempDirectory("workspace-emulator").toRealPath();
            if (fixture != null) {
                copy(fixture, root);
            }
            return new WorkspaceEmulator(root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Serves a copy of the sample workspace in this test-jar (src/test/resources/sample-workspace). */
    public static WorkspaceEmulator startWithSample() {
        try {
            URI sample = WorkspaceEmulator.class.getResource("/sample-workspace").toURI();
            if (!sample.getScheme().equals("jar")) {
                return start(Path.of(sample));
            }
            try (FileSystem jar = FileSystems.newFileSystem(sample, Map.of())) {
                return start(jar.getPath("/sample-workspace"));
            }
        } catch (IOException | URISyntaxException e) {
            throw new IllegalStateException("The sample workspace is missing from the test classpath", e);
        }
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** A client built the way production builds one (host + personal access token). */
    public WorkspaceClient client() {
        return WorkspaceClients.withToken(url(), TOKEN);
    }

    /** The folder being served; tests may add files (e.g. a large generated event log) to it. */
    public Path root() {
        return folder.root();
    }

    public List<RecordedRequest> requests() {
        return List.copyOf(requests);
    }

    public List<RecordedRequest> requests(String method, String path) {
        return requests.stream().filter(r -> r.method().equals(method) && r.path().equals(path)).toList();
    }

    public void clearRequests() {
        requests.clear();
        mostAtOnce.set(0);
    }

    /** The next {@code times} requests whose path starts with {@code pathPrefix} get {@code fault}. */
    public void failNext(String method, String pathPrefix, Fault fault, int times) {
        failAfter(method, pathPrefix, 0, fault, times);
    }

    /** The same, after {@code skipped} such requests were answered normally (fail the read after an update, not before it). */
    public void failAfter(String method, String pathPrefix, int skipped, Fault fault, int times) {
        faults.add(new PlannedFault(method, pathPrefix, fault, new int[] {skipped}, new int[] {times}));
    }

    /**
     * Lets a service principal in through OAuth M2M: the discovery document names a token endpoint
     * that trades the client id and secret (HTTP Basic) for {@link #OAUTH_ACCESS_TOKEN}.
     */
    public void enableOAuth(String clientId, String clientSecret) {
        oauth = new OAuthClient(clientId, clientSecret, OAUTH_ACCESS_TOKEN);
    }

    /** A link to a run of this workspace, as its run page shows it. */
    public String runLink(long jobId, long runId) {
        return url() + "/jobs/" + jobId + "/runs/" + runId + "?o=" + WORKSPACE_ID;
    }

    /** Plays another workspace: SCIM {@code Me} reports this id in {@code X-Databricks-Org-Id}. */
    public void workspaceId(long id) {
        identity.workspaceId(id);
    }

    /** False plays a workspace whose answers carry no {@code X-Databricks-Org-Id}, so its id cannot be learned. */
    public void sendsWorkspaceId(boolean sends) {
        identity.sendsOrgId(sends);
    }

    /**
     * False plays an advisor that is no workspace admin: reading a job's permissions then takes CAN MANAGE on the
     * job, and Unity Catalog effective permissions are refused (403 PERMISSION_DENIED).
     */
    public void advisorIsAdmin(boolean admin) {
        access.advisorIsAdmin(admin);
    }

    /** Readers of this DBFS or volume file see only its first {@code bytes}, as when delivery stopped mid-write. */
    public void truncate(String path, long bytes) {
        storage.truncate(path, bytes);
    }

    /** Scripts how the warehouse answers any statement containing {@code sqlContains}. */
    public void onStatement(String sqlContains, StatementScript script) {
        statements.on(sqlContains, script);
    }

    /** SQL warehouse {@code warehouseId} is stopped: a statement starts it, and it runs after {@code pollsToStart} status calls. */
    /** The Query History API answers these queries ({@code QueryInfo} objects with their metrics). */
    public void queryHistory(JsonNode queries) {
        queryHistory.serve(queries);
    }

    public void stopWarehouse(String warehouseId, int pollsToStart) {
        statements.stopped(warehouseId, pollsToStart);
    }

    /** The advisor's identity lacks CAN USE on SQL warehouse {@code warehouseId}: submitting a statement gets HTTP 403. */
    public void refuseWarehouse(String warehouseId) {
        statements.refuse(warehouseId, true);
    }

    /** Gives the advisor's identity CAN USE on SQL warehouse {@code warehouseId} again. */
    public void allowWarehouse(String warehouseId) {
        statements.refuse(warehouseId, false);
    }

    /** Unity Catalog knows table {@code fullName} (catalog.schema.table) of {@code format} (DELTA, PARQUET...) at {@code storageLocation}. */
    public void addTable(String fullName, String format, String storageLocation) {
        tables.add(fullName, "MANAGED", format, storageLocation);
    }

    /**
     * Unity Catalog knows table {@code fullName}, of {@code tableType} (MANAGED, EXTERNAL), a Delta table whose effective
     * predictive optimization flag is {@code predictiveOptimization} (ENABLE, DISABLE), inherited from its catalog.
     */
    public void addDeltaTable(String fullName, String tableType, String storageLocation, String predictiveOptimization) {
        tables.add(fullName, tableType, "DELTA", storageLocation);
        tables.flag(fullName, predictiveOptimization);
    }

    public void putJson(String relativePath, String json) {
        try {
            folder.write(relativePath, (ObjectNode) Folder.JSON.readTree(json));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Copies a file into the served folder, e.g. {@code putFile("dbfs/cluster-logs/.../eventlog", log)}. */
    public void putFile(String relativePath, Path source) {
        try {
            copy(folder, source, relativePath);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Adds the next run of a job (for follow-up tests): the run JSON gets {@code job_id}, and
     * {@code eventLog} (may be null) is placed where log delivery would put it for the cluster and
     * Spark context of the run's first task, under the cluster's recorded {@code cluster_log_conf}; a folder's
     * files (rolled {@code eventlog-<time>.gz} parts and the live {@code eventlog}) are delivered side by side.
     */
    public void addRun(long jobId, String runJson, Path eventLog) {
        try {
            ObjectNode run = ((ObjectNode) Folder.JSON.readTree(runJson)).put("job_id", jobId);
            folder.write("runs/" + run.path("run_id").asText() + ".json", run);
            if (eventLog != null) {
                deliver(folder, deliveredLogPath(folder, run.path("tasks").path(0).path("cluster_instance")), eventLog);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The event log the next run a restart of continuous job {@code jobId} starts delivers (a file, or a folder of parts as
     * {@link #addRun} takes): a query that after the restart runs unlike before. Each call queues one, for one restart;
     * without one, a restarted run delivers the cancelled run's log.
     */
    public void restartDelivers(long jobId, Path eventLog) {
        restarts.delivers(jobId, eventLog);
    }

    /** Puts {@code eventLog} at {@code delivered}: a file as it is, a folder's parts (rolled and live) side by side. */
    static void deliver(Folder folder, String delivered, Path eventLog) {
        try {
            if (!Files.isDirectory(eventLog)) {
                copy(folder, eventLog, delivered);
                return;
            }
            try (Stream<Path> parts = Files.list(eventLog)) {
                for (Path part : parts.toList()) {
                    copy(folder, part, delivered.replaceFirst("eventlog$", part.getFileName().toString()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void copy(Folder folder, Path source, String relativePath) throws IOException {
        Path target = folder.resolve(relativePath);
        Files.createDirectories(target.getParent());
        Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
    }

    /** Where log delivery puts the event log of the cluster and Spark context of {@code instance} (a task's cluster_instance). */
    static String deliveredLogPath(Folder folder, JsonNode instance) {
        String clusterId = instance.path("cluster_id").asText();
        ObjectNode cluster = folder.read("clusters/" + clusterId + ".json").orElseThrow(() ->
                new IllegalStateException("addRun needs clusters/" + clusterId + ".json with a cluster_log_conf"));
        String destination = cluster.path("cluster_log_conf").path("dbfs").path("destination").asText()
                .replaceFirst("^dbfs:/*", "");
        String driverIp = cluster.path("driver").path("private_ip").asText("10.0.0.1").replace('.', '_');
        return "dbfs/" + destination + "/" + clusterId + "/eventlog/" + clusterId + "_" + driverIp + "/"
                + instance.path("spark_context_id").asText() + "/eventlog";
    }

    /** Stops the server and deletes the served copy (it may hold large generated logs). */
    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
        try (Stream<Path> walk = Files.walk(folder.root())) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every call waits {@code perCall} before it is answered: a real workspace's round trip (100-200 ms from outside its region). */
    public void latency(Duration perCall) {
        latency = perCall;
    }

    /** The most calls this emulator was answering at one moment since the last {@link #clearRequests()}. */
    public int mostCallsAtOnce() {
        return mostAtOnce.get();
    }

    /** Calls being answered now: a call is recorded only once answered, so a test counting calls waits for none in flight. */
    public int answering() {
        return answering.get();
    }

    private void exchange(HttpExchange http) throws IOException {
        mostAtOnce.accumulateAndGet(answering.incrementAndGet(), Math::max);
        try (http) {
            Thread.sleep(latency.toMillis());
            String path = http.getRequestURI().getRawPath();
            String query = http.getRequestURI().getRawQuery() == null ? "" : http.getRequestURI().getRawQuery();
            String body = new String(http.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            RecordedRequest request = new RecordedRequest(http.getRequestMethod(), decode(path), query, body, 0);
            Fault fault = takeFault(request);
            Answer answer = answer(http, request, fault);
            requests.add(request.withPayloadBytes(answer.payloadBytes()));
            if (fault != null && fault.dropsAnswer()) {
                sleep(fault);
                return; // closing an exchange that sent no headers drops the connection
            }
            send(http, answer);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            answering.decrementAndGet();
        }
    }

    private Answer answer(HttpExchange http, RecordedRequest request, Fault fault) throws IOException {
        if (fault != null && fault.status() > 0) {
            Answer failure = Answer.error(fault.status(), fault.errorCode(), fault.message());
            return fault.retryAfterSeconds() == null ? failure : failure.withHeader("Retry-After", String.valueOf(fault.retryAfterSeconds()));
        }
        if (fault != null && !fault.dropsAnswer()) {
            sleep(fault);
        }
        if (request.path().startsWith("/oidc/") && oauth != null) {
            return oauth(http, request);
        }
        // Discovery documents the SDK asks for while building a client: none here, so it carries on with the PAT.
        if (request.path().startsWith("/.well-known/") || request.path().startsWith("/oidc/")) {
            return Answer.error(404, "NOT_FOUND", "Not found");
        }
        String authorization = http.getRequestHeaders().getFirst("Authorization");
        boolean oauthToken = oauth != null && ("Bearer " + oauth.accessToken()).equals(authorization);
        if (!("Bearer " + TOKEN).equals(authorization) && !oauthToken) {
            return Answer.error(401, "UNAUTHENTICATED", "Credential was not sent or was of an unsupported type for this API.");
        }
        Call call = new Call(request.method(), request.path(), params(request.query()),
                request.body().isBlank() ? Folder.JSON.createObjectNode() : Folder.JSON.readTree(request.body()));
        return Stream.<Supplier<Answer>>of(() -> jobs.handle(call), () -> restarts.handle(call), () -> clusters.handle(call), () -> storage.handle(call),
                        () -> statements.handle(call), () -> queryHistory.handle(call), () -> identity.handle(call), () -> tables.handle(call),
                        () -> access.handle(call), () -> sparkRest(call))
                .map(Supplier::get).filter(a -> a != null).findFirst()
                .orElseGet(() -> Answer.error(404, "ENDPOINT_NOT_FOUND", "No API found for '" + request.method() + " " + request.path() + "'"));
    }

    private Answer oauth(HttpExchange http, RecordedRequest request) {
        if (request.path().equals("/oidc/.well-known/oauth-authorization-server")) {
            return Answer.json(Folder.JSON.createObjectNode().put("token_endpoint", url() + "/oidc/v1/token")
                    .put("authorization_endpoint", url() + "/oidc/v1/authorize"));
        }
        String basic = "Basic " + Base64.getEncoder().encodeToString(
                (oauth.clientId() + ":" + oauth.clientSecret()).getBytes(StandardCharsets.UTF_8));
        Map<String, String> form = params(request.body());
        boolean inForm = oauth.clientId().equals(form.get("client_id")) && oauth.clientSecret().equals(form.get("client_secret"));
        if (!request.path().equals("/oidc/v1/token") || !"client_credentials".equals(form.get("grant_type"))) {
            return Answer.error(400, "invalid_request", "Unsupported OAuth request");
        }
        if (!basic.equals(http.getRequestHeaders().getFirst("Authorization")) && !inForm) {
            return Answer.error(401, "invalid_client", "Client authentication failed");
        }
        return Answer.json(Folder.JSON.createObjectNode().put("access_token", oauth.accessToken())
                .put("token_type", "Bearer").put("expires_in", 3600));
    }

    /** {@code /driver-proxy-api/o/<org>/<cluster>/<port>/api/v1/<path>} from spark-rest/<cluster>/<path>.json. */
    private Answer sparkRest(Call call) {
        var m = SPARK_UI.matcher(call.path());
        if (!m.matches()) {
            return null;
        }
        Path file = folder.resolve("spark-rest/" + m.group(1) + "/" + m.group(2) + ".json");
        try {
            return Files.isRegularFile(file) ? Answer.json(200, Files.readString(file))
                    : Answer.error(404, "NOT_FOUND", "Spark UI path not found");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Fault takeFault(RecordedRequest request) {
        synchronized (faults) {
            for (Iterator<PlannedFault> it = faults.iterator(); it.hasNext();) {
                PlannedFault planned = it.next();
                if (planned.method().equals(request.method()) && request.path().startsWith(planned.pathPrefix())
                        && planned.remaining()[0] > 0) {
                    if (planned.skipped()[0] > 0) {
                        planned.skipped()[0]--;
                        return null;
                    }
                    planned.remaining()[0]--;
                    return planned.fault();
                }
            }
            return null;
        }
    }

    private static void send(HttpExchange http, Answer answer) throws IOException {
        http.getResponseHeaders().set("Content-Type", answer.contentType());
        answer.headers().forEach(http.getResponseHeaders()::set);
        boolean noBody = http.getRequestMethod().equals("HEAD");
        http.sendResponseHeaders(answer.status(), noBody ? -1 : answer.length() == 0 ? -1 : answer.length());
        if (!noBody && answer.length() > 0) {
            try (OutputStream out = http.getResponseBody()) {
                answer.body().writeTo(out);
            }
        }
    }

    private static Map<String, String> params(String query) {
        Map<String, String> params = new LinkedHashMap<>();
        Arrays.stream(query.split("&")).filter(p -> p.contains("=")).forEach(p -> {
            int eq = p.indexOf('=');
            // A repeated parameter (the SDK sends a list as filter_by.statement_ids=a&filter_by.statement_ids=b) joins with commas.
            params.merge(decode(p.substring(0, eq)), decode(p.substring(eq + 1)), (a, b) -> a + "," + b);
        });
        return params;
    }

    private static String decode(String s) {
        return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    private static void sleep(Fault fault) {
        try {
            Thread.sleep(fault.delay().toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        List<Path> all;
        try (Stream<Path> walk = Files.walk(from)) {
            all = new ArrayList<>(walk.toList());
        }
        for (Path source : all) {
            Path target = to.resolve(from.relativize(source).toString());
            if (Files.isDirectory(source)) {
                Files.createDirectories(target);
            } else {
                Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }
}
