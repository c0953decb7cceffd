package io.sparkadvisor.knowledge.eventlog;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** Receives the events of a log in order. Task ends arrive as a reused {@link TaskEnd}; other known events as JSON. */
public interface EventSink {
    void onTaskEnd(TaskEnd task);

    /** A known event other than a task end; {@code type} is the "Event" field, {@code event} the remaining fields. */
    void onEvent(String type, ObjectNode event);
}
