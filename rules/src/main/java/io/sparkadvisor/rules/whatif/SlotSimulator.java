package io.sparkadvisor.rules.whatif;

import io.sparkadvisor.knowledge.facts.JobFacts;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.knowledge.facts.StageFacts;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * Replays the recorded task durations of a run through a given number of task slots (list
 * scheduling, as Sparklens does): jobs run in submission order, a stage becomes runnable when its
 * parents that ran have finished, a free slot takes the next task of the oldest runnable stage.
 * Task durations are assumed not to change with the slot count, so for I/O-bound tasks sharing
 * cores this is the optimistic bound. Time outside jobs (driver work) is kept as observed.
 */
public final class SlotSimulator {
    private final List<JobPlan> jobs;
    private final long driverMs;
    private final long observedMs;
    private final int observedSlots;

    public SlotSimulator(RunFacts facts) {
        Map<Integer, StageFacts> finalAttempt = new HashMap<>();
        facts.stages().forEach(s -> finalAttempt.merge(s.stageId(), s, (a, b) -> b.attemptId() >= a.attemptId() ? b : a));
        this.jobs = facts.jobs().stream().sorted(Comparator.comparingLong(JobFacts::submittedMs))
                .map(j -> new JobPlan(j.stageIds().stream().map(finalAttempt::get).filter(s -> s != null).toList()))
                .filter(j -> !j.stages.isEmpty()).toList();
        this.observedMs = facts.application().durationMs();
        this.observedSlots = Math.max(1, facts.slots().peakSlots());
        this.driverMs = Math.max(0, observedMs - jobUnionMs(facts.jobs()));
    }

    /** Predicted application wall time with {@code slots} task slots. */
    public long predictMs(int slots) {
        long total = driverMs;
        for (JobPlan job : jobs) {
            total += simulate(job, Math.max(1, slots));
        }
        return total;
    }

    /** |predicted − observed| / observed at the slot count the run had: how far to trust the predictions. */
    public double modelError() {
        return observedMs == 0 ? 0 : Math.abs(predictMs(observedSlots) - observedMs) / (double) observedMs;
    }

    public int observedSlots() {
        return observedSlots;
    }

    public long observedMs() {
        return observedMs;
    }

    private static long simulate(JobPlan job, int slots) {
        JobRun run = new JobRun(job.stages);
        PriorityQueue<long[]> running = new PriorityQueue<>(Comparator.comparingLong(t -> t[0])); // {finish, stageId}
        long now = 0;
        run.release();
        while (!run.runnable.isEmpty() || !running.isEmpty()) {
            while (running.size() < slots && !run.runnable.isEmpty()) {
                StageRun stage = run.runnable.peekFirst();
                running.add(new long[] {now + stage.nextDuration(), stage.stageId});
                if (stage.exhausted()) {
                    run.runnable.pollFirst();
                }
            }
            long[] finished = running.poll();
            now = finished[0];
            run.taskFinished((int) finished[1]);
        }
        return now;
    }

    /** Scheduling state of one job: stages waiting for parents, runnable stages, tasks still running per stage. */
    private static final class JobRun {
        final Map<Integer, StageFacts> waiting = new HashMap<>();
        final Set<Integer> inJob = new HashSet<>();
        final Set<Integer> done = new HashSet<>();
        final Deque<StageRun> runnable = new ArrayDeque<>();
        final Map<Integer, Integer> unfinished = new HashMap<>();

        JobRun(List<StageFacts> stages) {
            stages.forEach(s -> {
                waiting.put(s.stageId(), s);
                inJob.add(s.stageId());
            });
        }

        void taskFinished(int stageId) {
            if (unfinished.merge(stageId, -1, Integer::sum) == 0) {
                done.add(stageId);
                release();
            }
        }

        /** Queues every waiting stage whose parents in this job are done (parents outside it ran earlier or were skipped). */
        void release() {
            boolean changed = true;
            while (changed) {
                changed = false;
                List<StageFacts> ready = waiting.values().stream()
                        .filter(s -> s.parentIds().stream().allMatch(p -> done.contains(p) || !inJob.contains(p)))
                        .sorted(Comparator.comparingInt(StageFacts::stageId)).toList();
                for (StageFacts s : ready) {
                    waiting.remove(s.stageId());
                    StageRun stage = new StageRun(s);
                    if (stage.total == 0) {
                        done.add(s.stageId());
                        changed = true;
                    } else {
                        unfinished.put(s.stageId(), stage.total);
                        runnable.add(stage);
                    }
                }
            }
        }
    }

    private static long jobUnionMs(List<JobFacts> jobs) {
        List<JobFacts> sorted = jobs.stream().sorted(Comparator.comparingLong(JobFacts::submittedMs)).toList();
        long union = 0;
        long start = -1;
        long end = -1;
        for (JobFacts j : sorted) {
            if (j.submittedMs() > end) {
                union += end - start;
                start = j.submittedMs();
                end = j.completedMs();
            } else {
                end = Math.max(end, j.completedMs());
            }
        }
        return union + (end - start);
    }

    private record JobPlan(List<StageFacts> stages) {}

    /** The tasks of one stage, handed out in launch order; a thinned sample entry stands for several tasks. */
    private static final class StageRun {
        final int stageId;
        final int total;
        private final List<Long> sample;
        private int issued;

        StageRun(StageFacts s) {
            this.stageId = s.stageId();
            this.sample = s.durationSample();
            this.total = sample.isEmpty() ? 0 : Math.max(s.successfulTasks(), sample.size());
        }

        long nextDuration() {
            long d = sample.get((int) ((long) issued * sample.size() / total));
            issued++;
            return Math.max(1, d);
        }

        boolean exhausted() {
            return issued >= total;
        }
    }
}
