package io.sparkadvisor.rules.execution;

import io.sparkadvisor.knowledge.facts.TaskFailureFacts;
import java.util.regex.Pattern;

/**
 * What a task failure calls for; the order breaks ties, the most resource-bound cause first. A failure that names neither
 * memory, a lost executor nor a transient call is the job's own error: a retry meets it again, so it is fixed, not retried.
 * Shared by the task-failures rule and the follow-up's {@code executorLostFailures} metric.
 */
public enum FailureCause {
    OUT_OF_MEMORY("outOfMemory"), GPU_OUT_OF_MEMORY("gpuOutOfMemory"), EXECUTOR_LOST("executorLost"),
    TRANSIENT("transient"), EXCEPTION("exception");

    /** RAPIDS' GPU allocation failures: {@code GpuSplitAndRetryOOM}, {@code GpuRetryOOM}, "GPU OutOfMemory". */
    private static final Pattern GPU_OOM = Pattern.compile("Gpu\\w*OOM|GPU OutOfMemory|RMM.*out of memory");
    /** A call to another system that may answer next time: timeouts, refused or reset connections, throttling, I/O. */
    private static final Pattern TRANSIENT_CALL = Pattern.compile("(?i)SocketTimeout|TimeoutException|timed out"
            + "|Connect(ion)?Exception|Connection (reset|refused|closed)|UnknownHost|Too Many Requests|\\b(429|503)\\b"
            + "|Service Unavailable|Throttl|SlowDown|temporar|transient|java\\.io\\.IOException");

    public final String key;

    FailureCause(String key) {
        this.key = key;
    }

    public static FailureCause of(TaskFailureFacts f) {
        String text = f.exceptionClass() + ": " + f.message();
        if (f.outOfMemory()) {
            return OUT_OF_MEMORY;
        }
        if (GPU_OOM.matcher(text).find()) {
            return GPU_OUT_OF_MEMORY;
        }
        return switch (f.kind()) {
            // Resubmitted: a finished map task run again because the executor holding its output was lost.
            case "ExecutorLostFailure", "FetchFailed", "Resubmitted" -> EXECUTOR_LOST;
            default -> TRANSIENT_CALL.matcher(text).find() ? TRANSIENT : EXCEPTION;
        };
    }
}
