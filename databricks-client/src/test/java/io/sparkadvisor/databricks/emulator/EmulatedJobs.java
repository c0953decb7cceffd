package io.sparkadvisor.databricks.emulator;

import com.databricks.sdk.service.jobs.JobsHealthMetric;
import com.databricks.sdk.service.jobs.JobsHealthOperator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.databricks.workspace.JobSettingsMerge;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/** Jobs API 2.2: runs/get, runs/list, list, get, update, reset, backed by jobs/ and runs/ of the folder ({@link EmulatedRestarts}: runs/cancel). */
final class EmulatedJobs {
    private static final int TASK_PAGE = 100;
    /** The values of JobSettings.performance_target (the SDK's PerformanceTarget); the Jobs API refuses any other. */
    private static final List<String> PERFORMANCE_TARGETS = List.of("PERFORMANCE_OPTIMIZED", "STANDARD");
    private static final Set<String> COMPLETED = Set.of("TERMINATED", "SKIPPED", "INTERNAL_ERROR");

    private final Folder folder;

    EmulatedJobs(Folder folder) {
        this.folder = folder;
    }

    Answer handle(Call call) {
        return switch (call.method() + " " + call.path()) {
            case "GET /api/2.2/jobs/runs/get" -> folder.read("runs/" + call.param("run_id") + ".json")
                    .map(run -> Answer.json(pageOfTasks(run, (int) call.longParam("page_token", 0))))
                    .orElseGet(() -> doesNotExist("Run " + call.param("run_id")));
            case "GET /api/2.2/jobs/runs/list" -> listRuns(call);
            case "GET /api/2.2/jobs/list" -> listJobs(call);
            case "GET /api/2.2/jobs/get" -> folder.read(jobFile(call))
                    .map(job -> Answer.json(pageOfJob(job, (int) call.longParam("page_token", 0))))
                    .orElseGet(() -> doesNotExist("Job " + call.param("job_id")));
            case "POST /api/2.2/jobs/update" -> change(call, false);
            case "POST /api/2.2/jobs/reset" -> change(call, true);
            default -> null;
        };
    }

    /** Like the real API, a run lists at most 100 tasks per answer; the token is the next task's index. */
    private static ObjectNode pageOfTasks(ObjectNode run, int from) {
        ObjectNode page = run.deepCopy();
        if (from > 0) {
            page.remove("job_clusters");
        }
        return paged(page, page, from);
    }

    /** The same for a job's {@code settings.tasks}. */
    private static ObjectNode pageOfJob(ObjectNode job, int from) {
        ObjectNode page = job.deepCopy();
        ObjectNode settings = (ObjectNode) page.path("settings");
        if (from > 0) {
            settings.remove("job_clusters");
        }
        return paged(page, settings, from);
    }

    private static ObjectNode paged(ObjectNode page, ObjectNode holder, int from) {
        JsonNode tasks = holder.path("tasks");
        if (tasks.size() <= TASK_PAGE) {
            return page;
        }
        ArrayNode slice = Folder.JSON.createArrayNode();
        for (int i = from; i < Math.min(from + TASK_PAGE, tasks.size()); i++) {
            slice.add(tasks.get(i));
        }
        holder.set("tasks", slice);
        boolean more = from + TASK_PAGE < tasks.size();
        page.put("has_more", more);
        if (more) {
            page.put("next_page_token", String.valueOf(from + TASK_PAGE));
        }
        return page;
    }

    private Answer listRuns(Call call) {
        String jobId = call.param("job_id");
        if (jobId != null && folder.read("jobs/" + jobId + ".json").isEmpty()) {
            return doesNotExist("Job " + jobId);
        }
        boolean completedOnly = "true".equals(call.param("completed_only"));
        boolean activeOnly = "true".equals(call.param("active_only"));
        long from = call.longParam("start_time_from", Long.MIN_VALUE);
        long to = call.longParam("start_time_to", Long.MAX_VALUE);
        List<ObjectNode> runs = folder.all("runs").stream()
                .filter(r -> jobId == null || r.path("job_id").asText().equals(jobId))
                .filter(r -> !r.has("job_run_id") || r.path("job_run_id").equals(r.path("run_id")))   // job runs, not task runs
                .filter(r -> !completedOnly || COMPLETED.contains(r.path("state").path("life_cycle_state").asText()))
                .filter(r -> !activeOnly || EmulatedRestarts.ACTIVE.contains(r.path("state").path("life_cycle_state").asText()))
                .filter(r -> r.path("start_time").asLong() >= from && r.path("start_time").asLong() <= to)   // both ends inclusive
                .sorted(Comparator.comparingLong((ObjectNode r) -> r.path("start_time").asLong()).reversed())
                .map(r -> "true".equals(call.param("expand_tasks")) ? r : withoutTasks(r)).toList();
        return page(call, runs, "runs", 25);
    }

    /** runs/list leaves out tasks and job clusters unless asked with {@code expand_tasks}. */
    private static ObjectNode withoutTasks(ObjectNode run) {
        ObjectNode brief = run.deepCopy();
        brief.remove(List.of("tasks", "job_clusters"));
        return brief;
    }

    /** The real {@code name} filter matches the whole name in any case ("Nightly-ETL" finds "nightly-etl"). */
    private Answer listJobs(Call call) {
        String name = call.param("name");
        List<ObjectNode> jobs = folder.all("jobs").stream()
                .filter(j -> name == null || j.path("settings").path("name").asText().equalsIgnoreCase(name)).toList();
        return page(call, jobs, "jobs", 20);
    }

    /** Token paging as the real API does it; the token here is simply the next offset. */
    private static Answer page(Call call, List<ObjectNode> items, String field, int defaultLimit) {
        int offset = (int) call.longParam("page_token", 0);
        int limit = (int) call.longParam("limit", defaultLimit);
        ObjectNode answer = Folder.JSON.createObjectNode();
        ArrayNode page = answer.putArray(field);
        items.stream().skip(offset).limit(limit).forEach(page::add);
        boolean more = offset + limit < items.size();
        answer.put("has_more", more);
        if (more) {
            answer.put("next_page_token", String.valueOf(offset + limit));
        }
        return Answer.json(answer);
    }

    private Answer change(Call call, boolean reset) {
        String file = jobFile(call);
        ObjectNode job = folder.read(file).orElse(null);
        if (job == null) {
            return doesNotExist("Job " + call.param("job_id"));
        }
        JsonNode newSettings = call.body().path("new_settings");
        if (!newSettings.isObject()) {
            return Answer.error(400, "INVALID_PARAMETER_VALUE", "new_settings is required");
        }
        JsonNode mode = newSettings.path("performance_target");
        if (!mode.isMissingNode() && !PERFORMANCE_TARGETS.contains(mode.asText())) {
            return Answer.error(400, "INVALID_PARAMETER_VALUE", "Invalid performance_target: " + mode.asText()
                    + " (expected one of " + PERFORMANCE_TARGETS + ").");
        }
        String badRule = badHealthRule(newSettings.path("health"));
        if (badRule != null) {
            return Answer.error(400, "INVALID_PARAMETER_VALUE", badRule);
        }
        List<String> remove = new ArrayList<>();
        call.body().path("fields_to_remove").forEach(f -> remove.add(f.asText()));
        job.set("settings", reset ? newSettings : JobSettingsMerge.merge((ObjectNode) job.path("settings"), (ObjectNode) newSettings, remove));
        folder.write(file, job);
        return Answer.empty();
    }

    /**
     * As the real API checks {@code health.rules[]}: a metric of JobsHealthMetric, the operator GREATER_THAN and a whole
     * number; null when every rule is well formed (a missing {@code health} too). The field is then stored whole.
     */
    private static String badHealthRule(JsonNode health) {
        for (JsonNode rule : health.path("rules")) {
            boolean known = Arrays.stream(JobsHealthMetric.values()).anyMatch(m -> m.name().equals(rule.path("metric").asText()));
            if (!known || !JobsHealthOperator.GREATER_THAN.name().equals(rule.path("op").asText()) || !rule.path("value").canConvertToLong()) {
                return "Invalid health rule " + rule;
            }
        }
        return null;
    }

    private static String jobFile(Call call) {
        return "jobs/" + call.param("job_id") + ".json";
    }

    private static Answer doesNotExist(String what) {
        // What the Jobs API answers for an unknown id: 400, not 404.
        return Answer.error(400, "INVALID_PARAMETER_VALUE", what + " does not exist.");
    }
}
