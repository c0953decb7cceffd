package io.sparkadvisor.knowledge.eventlog;

/** Bad input: the file is missing, unreadable or not a Spark event log. The message names the problem and the fix. */
public class EventLogException extends RuntimeException {
    public EventLogException(String message) {
        super(message);
    }

    public EventLogException(String message, Throwable cause) {
        super(message, cause);
    }
}
