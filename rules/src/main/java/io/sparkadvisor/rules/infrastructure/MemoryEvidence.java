package io.sparkadvisor.rules.infrastructure;

import static io.sparkadvisor.rules.thresholds.InfrastructureThresholds.MEMORY_HEADROOM;
import static io.sparkadvisor.rules.thresholds.InfrastructureThresholds.MEMORY_RESERVED_MB;

import io.sparkadvisor.knowledge.facts.ExecutorFacts;
import io.sparkadvisor.knowledge.facts.SparkProperties;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.List;
import java.util.Optional;

/**
 * Executor heap allocated against the largest heap any executor actually used (peak JVM heap from
 * executor metrics; an upper bound of live memory, since it includes garbage not yet collected).
 * In local mode the driver is the executor. JSON evidence keys: allocatedBytes, peakHeapBytes,
 * neededBytes, allocatedToNeeded, executors, proposedMemory, idleHeapGbHours.
 */
public record MemoryEvidence(String setting, long allocatedBytes, long peakHeapBytes, long neededBytes, int executors,
        int executorCores, long appDurationMs) {

    /** The need is the peak heap with headroom plus Spark's reserved memory, both from the thresholds. */
    public static List<MemoryEvidence> of(RunView run, Thresholds t) {
        boolean local = run.facts().properties().isLocalMode();
        String setting = local ? "spark.driver.memory" : "spark.executor.memory";
        Optional<Long> allocated = run.sparkSetting(setting).map(v -> SparkProperties.parseBytes(v, 1L << 20));
        List<ExecutorFacts> executors = run.facts().executors().stream()
                .filter(e -> local || !e.id().equals("driver")).toList();
        long peak = executors.stream().mapToLong(ExecutorFacts::peakJvmHeapBytes).max().orElse(0);
        if (allocated.isEmpty() || peak == 0) {
            return List.of(); // without executor metrics there is no evidence either way
        }
        long needed = (long) (peak * t.get(MEMORY_HEADROOM)) + t.getLong(MEMORY_RESERVED_MB) * (1L << 20);
        return List.of(new MemoryEvidence(setting, allocated.get(), peak, needed, executors.size(), run.workerCores(),
                run.appDurationMs()));
    }

    public double allocatedToNeeded() {
        return (double) allocatedBytes / neededBytes;
    }

    public double allocatedGb() {
        return allocatedBytes / (double) (1L << 30);
    }
}
