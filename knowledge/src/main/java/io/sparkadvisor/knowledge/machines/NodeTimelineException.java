package io.sparkadvisor.knowledge.machines;

/** Bad input: node_timeline rows that are not what the table holds. The message names the problem and the fix. */
public class NodeTimelineException extends RuntimeException {
    public NodeTimelineException(String message) {
        super(message);
    }
}
