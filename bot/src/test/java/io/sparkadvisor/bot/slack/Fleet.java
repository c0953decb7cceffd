package io.sparkadvisor.bot.slack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sparkadvisor.bot.digest.DigestsTest;
import io.sparkadvisor.databricks.billing.JobCost;
import io.sparkadvisor.databricks.emulator.Fault;
import io.sparkadvisor.databricks.emulator.StatementScript;
import io.sparkadvisor.databricks.emulator.WorkspaceEmulator;
import io.sparkadvisor.knowledge.Corpus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * A fleet of {@code size} jobs in the emulated workspace for the fleet scan: job {@code 601 + k} is
 * "etl-k", cost {@code 1500 - 45k} dollars this week in {@code 1 + 2(k % 7)} runs, its latest run's
 * cluster (two i3.xlarge workers) delivered one of a dozen small corpus logs, except four whose logs cannot be read: no log
 * delivery (k = 3), an S3 destination (k = 10), a volume the bot may not list (403, k = 17) and a
 * log deleted from DBFS (k = 24). Two logs run on clusters of their own, whose findings save no run time: the
 * task-cpus run on 25 r5.2xlarge workers with one-core executors (7 of a node's 8 cores stranded: core-hours), and
 * the memory-overprovisioned run on 60 i3.2xlarge workers (m5d.2xlarge: half the memory, local disk kept, list-price
 * dollars above memory-overprovisioned.minSavedDollarsPerRun).
 */
final class Fleet {
    static final List<String> LOGS = List.of("skew.log.gz", "io-bound.log.gz", "spill.log.gz", "gc-pressure.log.gz", "task-failures.log.gz",
            "memory-overprovisioned.log.gz", "too-few-partitions.log.gz", "overread.log.gz", "task-cpus.log.gz", "cardinality-explosion.log.gz",
            "broad-listing.log.gz", "cluster-on-write.log.gz");
    static final Map<Integer, String> UNREADABLE = Map.of(3, "", 10, "\"cluster_log_conf\":{\"s3\":{\"destination\":\"s3://logs/etl\","
            + "\"region\":\"us-west-2\"}}", 17, "\"cluster_log_conf\":{\"volumes\":{\"destination\":\"/Volumes/main/ops/locked/cluster-logs\"}}",
            24, BotHarness.LOG_CONF);
    /** The cluster each log ran on, with its nodes and cores (driver included; cores from corpus/clusters/node-types.json). */
    static final Shape TWO_I3 = new Shape(BotHarness.SHAPE, 3, 3 * 4);
    static final Map<String, Shape> SHAPES = Map.of(
            "task-cpus.log.gz", new Shape("\"node_type_id\":\"r5.2xlarge\",\"num_workers\":25,\"spark_conf\":{\"spark.executor.cores\":\"1\","
                    + "\"spark.executor.memory\":\"40g\"}", 26, 26 * 8),
            "memory-overprovisioned.log.gz", new Shape("\"node_type_id\":\"i3.2xlarge\",\"num_workers\":60", 61, 61 * 8));

    record Shape(String json, int nodes, int cores) {}

    private static final ObjectMapper JSON = new ObjectMapper();

    private Fleet() {}

    static long jobId(int k) {
        return 601 + k;
    }

    /** Unique as a substring of a path, so a test can count the reads of one job's log. */
    static String clusterId(int k) {
        return String.format(java.util.Locale.ROOT, "fleet-%02d", k);
    }

    /** DBFS reads of job k's event log so far. */
    static long logReads(WorkspaceEmulator emulator, int k) {
        return emulator.requests("GET", "/api/2.0/dbfs/read").stream().filter(r -> r.query().contains(clusterId(k))).count();
    }

    /** The fleet's billing rows as the digest reads them: the costliest first. */
    static List<JobCost> costs(int size) {
        List<JobCost> out = new ArrayList<>();
        for (int k = 0; k < size; k++) {
            out.add(new JobCost(Long.toString(jobId(k)), "etl-" + k, runs(k), BigDecimal.valueOf(100), cost(k), 1, BigDecimal.ONE));
        }
        return out;
    }

    static BigDecimal cost(int k) {
        return BigDecimal.valueOf(1500 - 45L * k).setScale(2);
    }

    static long runs(int k) {
        return 1 + 2L * (k % 7);
    }

    static void add(WorkspaceEmulator emulator, int size) {
        add(emulator, size, List.of());
    }

    /**
     * The fleet plus a job of the test's own in the billing rows: {@code other} holds its job_id, job_name, runs, dbus,
     * cost, previous_runs, previous_cost and currency (empty for none).
     */
    static void add(WorkspaceEmulator emulator, int size, List<String> other) {
        List<List<String>> rows = new ArrayList<>();
        BigDecimal total = other.isEmpty() ? BigDecimal.ZERO : new BigDecimal(other.get(4));
        for (int k = 0; k < size; k++) {
            total = total.add(cost(k));
        }
        if (!other.isEmpty()) {
            List<String> row = new ArrayList<>(other);
            row.addAll(List.of(total.toPlainString(), "30.00"));
            rows.add(row);
        }
        for (int k = 0; k < size; k++) {
            long run = jobId(k) * 100;
            String conf = UNREADABLE.getOrDefault(k, BotHarness.LOG_CONF);
            String log = UNREADABLE.containsKey(k) ? null : LOGS.get(k % LOGS.size());
            BotHarness.addJob(emulator, jobId(k), "etl-" + k, clusterId(k), shape(k).json(), conf, log, run, run);
            rows.add(List.of(Long.toString(jobId(k)), "etl-" + k, Long.toString(runs(k)), "100", cost(k).toPlainString(), "1", "1.00", "USD",
                    total.toPlainString(), "30.00"));
        }
        emulator.putFile("node-types.json", Corpus.dir().resolve("clusters/node-types.json"));
        emulator.failNext("GET", "/api/2.0/fs/directories/Volumes/main/ops/locked", new Fault(403, "PERMISSION_DENIED",
                "User does not have READ VOLUME on Volume 'main.ops.locked'.", null, Duration.ZERO), 1000);
        emulator.onStatement("total_previous_cost", StatementScript.succeeds(DigestsTest.WEEKLY, List.of(rows)));
        emulator.onStatement("GROUP BY job_id, usage_date", StatementScript.succeeds(List.of("job_id", "usage_date", "cost"),
                List.of(List.of(List.of(Long.toString(jobId(0)), "2026-11-23", "100")))));
    }

    static Shape shape(int k) {
        return SHAPES.getOrDefault(LOGS.get(k % LOGS.size()), TWO_I3);
    }

    /** A fix as the test works it out: the job, the rule, what its dollars are priced from and its dollars a week. */
    record Expected(int k, String rule, String basis, BigDecimal perWeek) {
        String line() {
            return "etl-" + k + " (job " + jobId(k) + "): " + rule + ",";
        }

        String dollars() {
            return String.format(java.util.Locale.ROOT, "$%,.2f a week", perWeek);
        }
    }

    /**
     * The fixes in dollar order, from the scan's outcomes (its findings' savings and the run's length), this
     * fixture's costs and its clusters' nodes and cores: cost per run = cost / runs; a run's saving is the largest of
     * cost per run x saved run time / run time, x saved core-hours / (cores x run hours), x saved node-hours / (nodes
     * x run hours) (each share at most 1), and the finding's dollars (at most the cost per run), each to the cent;
     * per week = saving per run x runs.
     */
    static List<Expected> expected(Map<String, String> outcomes, int size) {
        List<Expected> out = new ArrayList<>();
        for (int k = 0; k < size; k++) {
            JsonNode scan = read(outcomes.get(Long.toString(jobId(k))));
            double runMs = scan.path("runMs").asLong();
            double hours = runMs / 3_600_000;
            BigDecimal perRun = cost(k).divide(BigDecimal.valueOf(runs(k)), 2, RoundingMode.HALF_UP);
            for (JsonNode f : scan.path("findings")) {
                JsonNode saved = f.path("savings");
                boolean worth = List.of("medium", "high").contains(f.path("severity").asText()) && !f.path("recommendation").path("steps").isEmpty();
                Map<String, BigDecimal> perBasis = Map.of(
                        "RUN_TIME", share(perRun, saved.path("runtimeMs").asDouble() / runMs),
                        "CORE_HOURS", share(perRun, saved.path("coreHours").asDouble() / (shape(k).cores() * hours)),
                        "NODE_HOURS", share(perRun, saved.path("nodeHours").asDouble() / (shape(k).nodes() * hours)),
                        "LIST_DOLLARS", perRun.min(BigDecimal.valueOf(saved.path("dollars").asDouble()).setScale(2, RoundingMode.HALF_UP)));
                String basis = List.of("RUN_TIME", "CORE_HOURS", "NODE_HOURS", "LIST_DOLLARS").stream()
                        .reduce((a, b) -> perBasis.get(b).compareTo(perBasis.get(a)) > 0 ? b : a).orElseThrow();
                BigDecimal perWeek = perBasis.get(basis).multiply(BigDecimal.valueOf(runs(k)));
                if (worth && perWeek.signum() > 0) {
                    out.add(new Expected(k, f.path("rule").asText(), basis, perWeek));
                }
            }
        }
        out.sort(Comparator.comparing(Expected::perWeek).reversed().thenComparing(e -> jobId(e.k())).thenComparing(Expected::rule));
        return out;
    }

    private static BigDecimal share(BigDecimal perRun, double share) {
        return perRun.multiply(BigDecimal.valueOf(Math.min(1.0, share))).setScale(2, RoundingMode.HALF_UP);
    }

    private static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
