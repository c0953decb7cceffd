package io.sparkadvisor.knowledge.serverless;

/** Bad input: a file given as a serverless run's query history that cannot be read. The message names the problem and the fix. */
public class QueryHistoryException extends RuntimeException {
    public QueryHistoryException(String message) {
        super(message);
    }
}
