package io.sparkadvisor.rules.infrastructure;

import io.sparkadvisor.knowledge.facts.NodeTimelineFacts.MachineUse;
import java.util.Optional;

/**
 * The machines' view (system.compute.node_timeline) as the infrastructure rules read it beside the event log: shares
 * 0-1 of the workers' CPU and memory per minute, all 0 when the rows were not there ({@code measured} false), so that a
 * rule's evidence keeps one shape and its DRL asks {@code measured} first.
 *
 * @param measured whether node_timeline rows covered the window
 * @param nodes the most workers up in one minute of the window
 * @param cpuMedian user plus system CPU, the median minute's mean over the workers
 * @param cpuP90 the same, 90th percentile minute
 * @param cpuWaitMedian CPU waiting on local disk, the median minute
 * @param memUsedMedian memory used, the median minute
 * @param memUsedP90 memory used, the 90th percentile minute
 */
public record MachineShares(boolean measured, int nodes, double cpuMedian, double cpuP90, double cpuWaitMedian,
        double memUsedMedian, double memUsedP90) {
    public static final MachineShares NONE = new MachineShares(false, 0, 0, 0, 0, 0, 0);
    private static final double PERCENT = 100.0;

    public static MachineShares of(Optional<MachineUse> use) {
        return use.map(u -> new MachineShares(true, u.peakWorkers(), u.cpuBusy().median() / PERCENT, u.cpuBusy().p90() / PERCENT,
                u.cpuWait().median() / PERCENT, u.memUsed().median() / PERCENT, u.memUsed().p90() / PERCENT)).orElse(NONE);
    }
}
