package io.sparkadvisor.knowledge.derive;

/**
 * A Python worker's failure as Spark logs it: {@code Traceback (most recent call last):}, the frames, then the error the
 * code raised, then the JVM's stack. Messages are cut to a bound, which keeps the frames and loses the error; here the
 * frames give way to the raised error's line, which says what failed.
 */
final class PythonTracebacks {
    private static final String TRACEBACK = "Traceback (most recent call last):";

    private PythonTracebacks() {}

    /** The text with a traceback's frames replaced by the error it ends with; other text as it is. */
    static String keepRaised(String text) {
        int start = text.indexOf(TRACEBACK);
        if (start < 0) {
            return text;
        }
        int javaFrames = text.indexOf("\n\tat ", start);
        String traceback = javaFrames < 0 ? text.substring(start) : text.substring(start, javaFrames);
        String[] lines = traceback.strip().split("\n");
        String raised = lines[lines.length - 1].strip();
        String rest = javaFrames < 0 ? "" : text.substring(javaFrames);
        return text.substring(0, start) + raised + rest;
    }
}
