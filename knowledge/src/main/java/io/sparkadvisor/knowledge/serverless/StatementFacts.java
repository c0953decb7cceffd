package io.sparkadvisor.knowledge.serverless;

import java.util.OptionalLong;

/**
 * One statement of a serverless run (or a SQL warehouse), with the metrics Databricks records for it in
 * {@code system.query.history} and the Query History API. Times in milliseconds, sizes in bytes.
 *
 * @param statementId the statement's id (query_id in the API)
 * @param statementType SELECT, INSERT, MERGE, ... as Databricks names it; empty when not given
 * @param startMs when it started, epoch milliseconds
 * @param totalMs its whole duration
 * @param queueMs time it waited for compute: provisioning and waiting at capacity
 * @param compilationMs time to plan it
 * @param executionMs time to execute it
 * @param taskMs task time summed over all tasks (the compute it used)
 * @param photonMs task time spent in Photon; empty where the source does not record it (the system table)
 * @param readFiles files read after pruning
 * @param prunedFiles files pruning skipped
 * @param readBytes bytes read from the table (after pruning)
 * @param cacheBytes bytes of those read from the disk cache
 * @param spillBytes bytes spilled to disk
 * @param rowsRead rows read from the tables
 * @param rowsProduced rows the statement returned or wrote
 * @param tables the tables its text names ({@link StatementTables#NONE} without text, or text the parser does not take)
 */
public record StatementFacts(String statementId, String statementType, long startMs, long totalMs, long queueMs,
        long compilationMs, long executionMs, long taskMs, OptionalLong photonMs, long readFiles, long prunedFiles,
        long readBytes, long cacheBytes, long spillBytes, long rowsRead, long rowsProduced, StatementTables tables) {

    /** The same statement with the Photon time another source recorded. */
    public StatementFacts withPhotonMs(OptionalLong photon) {
        return new StatementFacts(statementId, statementType, startMs, totalMs, queueMs, compilationMs, executionMs, taskMs, photon,
                readFiles, prunedFiles, readBytes, cacheBytes, spillBytes, rowsRead, rowsProduced, tables);
    }

    /** Average size of a file it read; 0 when it read none. */
    public long avgFileBytes() {
        return readFiles == 0 ? 0 : readBytes / readFiles;
    }
}
