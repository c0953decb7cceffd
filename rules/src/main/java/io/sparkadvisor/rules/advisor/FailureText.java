package io.sparkadvisor.rules.advisor;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The cause line of a failure as a person reads it: Spark's "Task 0 in stage 5.0 failed 4 times, most recent failure:
 * Lost task ... (TID 19) (host executor 1): " wrapper, Java stack frames and the PythonException that carries a Python
 * worker's error are dropped (the facts already keep a traceback's raised error in place of its frames), so a failed
 * UDF reads {@code Exception: x}. Text from a log is data: the result is one plain line, cut at {@link #LIMIT} characters.
 */
public final class FailureText {
    static final int LIMIT = 300;
    private static final Pattern WRAPPER = Pattern.compile("^.*?most recent failure: Lost task \\S+ in stage \\S+ \\(TID \\d+\\)"
            + "(?: \\([^)]*\\))?: ");
    private static final Pattern JOB_ABORTED = Pattern.compile("^Job aborted due to stage failure: ");
    private static final Pattern PYTHON_CARRIER = Pattern.compile("^org\\.apache\\.spark\\.api\\.python\\.PythonException: (?=\\S)");
    private static final Pattern FIRST_FRAME = Pattern.compile("\\s(at [\\w$.]+\\(|\\tat )");

    private FailureText() {}

    /** The cause line of a failure's class and message; {@code kind} (Spark's end reason) when both are blank. */
    public static String cause(String kind, String exceptionClass, String message) {
        String cls = exceptionClass == null ? "" : exceptionClass.strip();
        String msg = message == null ? "" : message.strip();
        if (cls.isEmpty()) {
            return msg.isEmpty() ? kind : cause(kind + ": " + msg);
        }
        return cause(msg.isEmpty() ? cls : cls + ": " + msg);
    }

    /** The cause line of a failure reason as Spark logs it (a stage's Failure Reason, a job's exception message). */
    public static String cause(String reason) {
        String text = reason == null ? "" : reason;
        Matcher frame = FIRST_FRAME.matcher(text);
        if (frame.find()) {
            text = text.substring(0, frame.start());
        }
        text = text.replaceAll("\\s+", " ").strip();
        text = JOB_ABORTED.matcher(text).replaceFirst("");
        text = WRAPPER.matcher(text).replaceFirst("");
        text = PYTHON_CARRIER.matcher(text).replaceFirst("");
        return text.length() <= LIMIT ? text : text.substring(0, LIMIT) + "…";
    }
}
