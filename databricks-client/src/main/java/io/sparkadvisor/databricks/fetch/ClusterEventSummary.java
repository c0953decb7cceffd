package io.sparkadvisor.databricks.fetch;

import com.databricks.sdk.service.compute.ClusterEvent;
import com.databricks.sdk.service.compute.EventDetails;
import java.util.Optional;

/**
 * One cluster event (resize, autoscaling, node loss, ...) reduced to what the rules use.
 *
 * @param detail the cause or termination reason code when the event has one, else null
 */
public record ClusterEventSummary(long timestampMs, String type, Long currentWorkers, Long targetWorkers, String detail) {
    public static ClusterEventSummary of(ClusterEvent event) {
        Optional<EventDetails> details = Optional.ofNullable(event.getDetails());
        return new ClusterEventSummary(
                Optional.ofNullable(event.getTimestamp()).orElse(0L),
                event.getType() == null ? "UNKNOWN" : event.getType().name(),
                details.map(EventDetails::getCurrentNumWorkers).orElse(null),
                details.map(EventDetails::getTargetNumWorkers).orElse(null),
                details.map(ClusterEventSummary::detail).orElse(null));
    }

    private static String detail(EventDetails d) {
        if (d.getCause() != null) {
            return d.getCause().name();
        }
        if (d.getReason() != null && d.getReason().getCode() != null) {
            return d.getReason().getCode().name();
        }
        return null;
    }
}
