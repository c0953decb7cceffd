package io.sparkadvisor.rules.advisor;

import io.sparkadvisor.knowledge.facts.JobFacts;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * How the run ended, which the report puts before any finding: whether a job failed, and for each failed stage that
 * failed a job its cause (the failure's first line, {@link FailureText}), the jobs it failed, the task attempts that
 * failed and the tasks that never completed. Jobs that failed with no failed stage of theirs (cancelled, or stopped
 * with the application) are listed apart. A stage attempt that failed and was then rerun to success failed no job: it
 * is the task-failures rule's business, not the outcome's. A streaming query's stop cancels its running batch's job: that
 * job did not fail the run.
 *
 * @param status {@code succeeded} (every job that ended succeeded), {@code failed} (a job failed) or {@code unknown} (no
 *     job ended in the log)
 * @param failures the failed stages that failed a job, the first to fail first (the later ones are often cancelled because of it)
 * @param jobsWithoutFailedStage failed jobs no failed stage explains, in job order
 */
public record Outcome(String status, List<StageFailure> failures, List<Integer> jobsWithoutFailedStage) {
    public static final String SUCCEEDED = "succeeded";
    public static final String FAILED = "failed";
    public static final String UNKNOWN = "unknown";
    public static final Outcome NONE = new Outcome(UNKNOWN, List.of(), List.of());

    public Outcome {
        failures = List.copyOf(failures);
        jobsWithoutFailedStage = List.copyOf(jobsWithoutFailedStage);
    }

    /**
     * A failed stage attempt and the jobs it failed.
     *
     * @param stageId the stage
     * @param attemptId its failed attempt
     * @param jobIds the failed jobs the stage belongs to
     * @param cause the failure's first line, Spark's wrapper and stack frames dropped
     * @param failedAttempts task attempts of the stage attempt that failed
     * @param tasksNotCompleted tasks of the stage attempt that never completed
     * @param tasks the stage attempt's tasks
     */
    public record StageFailure(int stageId, int attemptId, List<Integer> jobIds, String cause, int failedAttempts,
            int tasksNotCompleted, int tasks) {}

    public boolean failed() {
        return FAILED.equals(status);
    }

    public static Outcome of(RunFacts facts) {
        List<JobFacts> ended = facts.jobs().stream().filter(j -> !j.result().equals("UNKNOWN")).toList();
        List<JobFacts> failedJobs = ended.stream().filter(j -> j.result().toLowerCase(Locale.ROOT).contains("fail"))
                .filter(j -> !cancelledByAStoppedQuery(facts, j)).toList();
        if (failedJobs.isEmpty()) {
            return new Outcome(ended.isEmpty() ? UNKNOWN : SUCCEEDED, List.of(), List.of());
        }
        Map<Integer, StageFailure> byStage = new LinkedHashMap<>();
        List<Integer> unexplained = new ArrayList<>();
        List<Map.Entry<JobFacts, StageFacts>> explained = new ArrayList<>();
        for (JobFacts job : failedJobs.stream().sorted(Comparator.comparingInt(JobFacts::jobId)).toList()) {
            lastFailedStage(facts, job).ifPresentOrElse(s -> explained.add(Map.entry(job, s)), () -> unexplained.add(job.jobId()));
        }
        explained.sort(Comparator.comparingLong((Map.Entry<JobFacts, StageFacts> e) -> e.getValue().completedMs())
                .thenComparingInt(e -> e.getValue().stageId()));
        explained.forEach(e -> byStage.merge(e.getValue().stageId(), failure(e.getValue(), e.getKey().jobId()), Outcome::withJobsOf));
        return new Outcome(FAILED, List.copyOf(byStage.values()), unexplained);
    }

    /**
     * A micro-batch job cut short when its streaming query was stopped: Spark runs a query's batches in the job group
     * named by its run id and cancels it on stop ("cancelled part of cancelled job group <runId>" in 3.x, "cancelled
     * Query ... runId = <runId> was stopped" in 4.x), so the job "fails" though the query ended without error.
     */
    private static boolean cancelledByAStoppedQuery(RunFacts facts, JobFacts job) {
        return lastFailedStage(facts, job).map(StageFacts::failureReason).filter(reason -> facts.streaming().stream()
                .anyMatch(q -> q.exception().isEmpty() && reason.contains(q.runId()) && reason.contains("cancelled")))
                .isPresent();
    }

    /** The job's failed stage attempt that ended last: the one that failed the job. */
    private static Optional<StageFacts> lastFailedStage(RunFacts facts, JobFacts job) {
        return facts.stages().stream().filter(s -> job.stageIds().contains(s.stageId()) && s.status().equals("FAILED"))
                .max(Comparator.comparingLong(StageFacts::completedMs));
    }

    private static StageFailure failure(StageFacts s, int jobId) {
        return new StageFailure(s.stageId(), s.attemptId(), List.of(jobId), FailureText.cause(s.failureReason()),
                s.failedTasks(), Math.max(0, s.numTasks() - s.successfulTasks()), s.numTasks());
    }

    private static StageFailure withJobsOf(StageFailure a, StageFailure b) {
        List<Integer> jobs = new ArrayList<>(a.jobIds());
        b.jobIds().stream().filter(j -> !jobs.contains(j)).forEach(jobs::add);
        return new StageFailure(a.stageId(), a.attemptId(), List.copyOf(jobs), a.cause(), a.failedAttempts(),
                a.tasksNotCompleted(), a.tasks());
    }
}
