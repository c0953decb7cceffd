package io.sparkadvisor.rules.infrastructure.memory;

import io.sparkadvisor.knowledge.facts.ExecutorFacts;
import io.sparkadvisor.rules.advisor.Evidence;
import io.sparkadvisor.rules.advisor.Internal;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Optional;

/**
 * Executor heap allocated against the largest heap any executor actually used (peak JVM heap from
 * executor metrics; an upper bound of live memory, since it includes garbage not yet collected).
 * In local mode the driver is the executor.
 *
 * @param allocatedBytes the heap setting
 * @param peakHeapBytes the largest peak JVM heap of any executor
 * @param neededBytes the peak with {@code memory-overprovisioned.headroom} plus Spark's reserved memory
 * @param allocatedToNeeded allocated / needed heap
 * @param executors the executors (the driver in local mode)
 * @param proposedMemory the need rounded up to {@code memory-overprovisioned.roundingMb}, as a setting ({@code 1536m}, {@code 2g})
 * @param idleHeapGbHours heap allocated beyond the need, in GB-hours over the run's executors
 * @param setting the heap setting's name: spark.executor.memory, or spark.driver.memory in local mode
 * @param executorCores cores of an executor
 * @param appDurationMs the run's duration
 */
public record MemoryEvidence(long allocatedBytes, long peakHeapBytes, long neededBytes, double allocatedToNeeded,
        int executors, String proposedMemory, double idleHeapGbHours, @Internal String setting, @Internal int executorCores,
        @Internal long appDurationMs) implements Evidence {

    /** The need is the peak heap with headroom plus Spark's reserved memory, both from the thresholds. */
    public static List<MemoryEvidence> of(RunView run, Thresholds t) {
        boolean local = run.facts().properties().isLocalMode();
        String setting = local ? "spark.driver.memory" : "spark.executor.memory";
        Optional<Long> allocated = run.sparkBytes(setting, 1L << 20);
        List<ExecutorFacts> executors = run.facts().executors().stream()
                .filter(e -> local || !e.id().equals("driver")).toList();
        long peak = executors.stream().mapToLong(ExecutorFacts::peakJvmHeapBytes).max().orElse(0);
        if (allocated.isEmpty() || peak == 0) {
            return List.of(); // without executor metrics there is no evidence either way
        }
        long needed = (long) (peak * t.get(MemoryRule.HEADROOM)) + t.getLong(MemoryRule.RESERVED_MB) * (1L << 20);
        long rounding = t.getLong(MemoryRule.ROUNDING_MB) << 20;
        long proposed = (needed + rounding - 1) / rounding * rounding;
        String proposedText = proposed % (1L << 30) == 0 ? (proposed >> 30) + "g" : (proposed >> 20) + "m";
        long appDurationMs = run.appDurationMs();
        double idleGbHours = (allocated.get() - needed) / (double) (1L << 30) * executors.size() * appDurationMs / 3_600_000;
        return List.of(new MemoryEvidence(allocated.get(), peak, needed, (double) allocated.get() / needed, executors.size(),
                proposedText, idleGbHours, setting, run.workerCores(), appDurationMs));
    }

    @Override
    public List<Integer> stageIds() {
        return List.of();
    }

    public double allocatedGb() {
        return allocatedBytes / (double) (1L << 30);
    }
}
