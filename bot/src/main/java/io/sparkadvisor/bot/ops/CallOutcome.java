package io.sparkadvisor.bot.ops;

/** An outside call's outcome as a metric tag, from its HTTP status: few values, so the series stay few. */
final class CallOutcome {
    static final String UNREACHABLE = "unreachable";

    private CallOutcome() {}

    static String of(int status) {
        if (status == 429) {
            return "rate_limited";
        }
        if (status >= 500) {
            return "server_error";
        }
        return status >= 400 ? "refused" : "ok";
    }
}
