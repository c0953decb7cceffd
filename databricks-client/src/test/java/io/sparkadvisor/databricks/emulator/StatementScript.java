package io.sparkadvisor.databricks.emulator;

import java.util.List;

/**
 * How the emulated warehouse plays a statement: PENDING for {@code pendingPolls} status calls,
 * then SUCCEEDED with the rows split into chunks, or FAILED with a message; or never finishes ({@link #neverFinishing}).
 */
public record StatementScript(int pendingPolls, List<String> columns, List<List<List<String>>> chunks,
        String failure, boolean endless) {

    public static StatementScript succeeds(List<String> columns, List<List<List<String>>> chunks) {
        return new StatementScript(0, columns, chunks, null, false);
    }

    public static StatementScript fails(String message) {
        return new StatementScript(0, List.of(), List.of(), message, false);
    }

    public static StatementScript neverFinishing() {
        return new StatementScript(0, List.of(), List.of(), null, true);
    }

    public StatementScript afterPolls(int polls) {
        return new StatementScript(polls, columns, chunks, failure, endless);
    }
}
