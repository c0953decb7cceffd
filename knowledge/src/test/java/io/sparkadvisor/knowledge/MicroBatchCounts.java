package io.sparkadvisor.knowledge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/**
 * What the facts of a streaming log should keep whole, counted from its raw JSON independently of the reader: every job,
 * stage attempt and SQL execution outside micro-batches, and those of each query's latest batch (an execution belongs
 * to a batch by Spark's description of it, or through its jobs' {@code spark.sql.execution.id}, and so does the root
 * execution that started it).
 */
record MicroBatchCounts(int keptJobs, int keptStageAttempts, int keptSqlExecutions, int microBatchStageAttempts) {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Spark's description of a micro-batch's SQL execution ends with "id = ...", "runId = ...", "batch = n". */
    private static final Pattern BATCH_DESCRIPTION = Pattern.compile("\nid = ([0-9a-f-]{36})\nrunId = [0-9a-f-]{36}\nbatch = (\\d+)$");

    static MicroBatchCounts of(Path gzLog) {
        Map<Integer, String> batchOfJob = new HashMap<>();
        Map<Integer, Long> executionOfJob = new HashMap<>();
        Map<Integer, Integer> jobOfStage = new HashMap<>();
        Map<String, Long> latest = new HashMap<>();
        Map<Long, Long> rootOf = new HashMap<>();
        Map<Long, String> batchOfExecution = new HashMap<>();
        Set<Integer> jobs = new HashSet<>();
        Map<Integer, Integer> attemptsByStage = new HashMap<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(gzLog)),
                StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                JsonNode e = JSON.readTree(line);
                String type = e.path("Event").asText();
                if (type.equals("SparkListenerJobStart")) {
                    int job = e.path("Job ID").asInt();
                    jobs.add(job);
                    JsonNode p = e.path("Properties");
                    e.path("Stage IDs").forEach(s -> jobOfStage.put(s.asInt(), job));
                    if (p.has("spark.sql.execution.id")) {
                        executionOfJob.put(job, p.path("spark.sql.execution.id").asLong());
                    }
                    if (p.has("sql.streaming.queryId") && p.has("streaming.sql.batchId")) {
                        String query = p.path("sql.streaming.queryId").asText();
                        long batch = p.path("streaming.sql.batchId").asLong();
                        batchOfJob.put(job, query + "/" + batch);
                        latest.merge(query, batch, Math::max);
                    }
                } else if (type.equals("SparkListenerStageCompleted")) {
                    attemptsByStage.merge(e.path("Stage Info").path("Stage ID").asInt(), 1, Integer::sum);
                } else if (type.endsWith("SparkListenerSQLExecutionStart")) {
                    long id = e.path("executionId").asLong();
                    rootOf.put(id, e.path("rootExecutionId").asLong(id));
                    Matcher m = BATCH_DESCRIPTION.matcher(e.path("description").asText());
                    if (m.find()) {
                        batchOfExecution.put(id, m.group(1) + "/" + m.group(2));
                        latest.merge(m.group(1), Long.parseLong(m.group(2)), Math::max);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Set<String> latestBatches = new HashSet<>();
        latest.forEach((q, b) -> latestBatches.add(q + "/" + b));
        Set<Integer> forgottenJobs = new HashSet<>(batchOfJob.keySet());
        batchOfJob.forEach((job, batch) -> {
            if (latestBatches.contains(batch)) {
                forgottenJobs.remove(job);
            }
        });
        Set<Long> forgottenExecutions = new HashSet<>();
        forgottenJobs.stream().filter(executionOfJob::containsKey).map(executionOfJob::get).forEach(x -> {
            forgottenExecutions.add(x);
            forgottenExecutions.add(rootOf.getOrDefault(x, x));
        });
        batchOfExecution.forEach((x, batch) -> {
            if (!latestBatches.contains(batch)) {
                forgottenExecutions.add(x);
            }
        });
        int keptStages = 0;
        int microBatchStages = 0;
        for (Map.Entry<Integer, Integer> s : attemptsByStage.entrySet()) {
            Integer job = jobOfStage.get(s.getKey());
            boolean microBatch = job != null && batchOfJob.containsKey(job);
            microBatchStages += microBatch ? s.getValue() : 0;
            keptStages += job != null && forgottenJobs.contains(job) ? 0 : s.getValue();
        }
        return new MicroBatchCounts(jobs.size() - forgottenJobs.size(), keptStages,
                rootOf.size() - forgottenExecutions.size(), microBatchStages);
    }
}
