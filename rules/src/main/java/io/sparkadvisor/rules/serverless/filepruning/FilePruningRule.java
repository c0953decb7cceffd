package io.sparkadvisor.rules.serverless.filepruning;

import static io.sparkadvisor.rules.thresholds.Sources.DATAFLINT_ALERTS;
import static io.sparkadvisor.rules.thresholds.Sources.OURS;
import static io.sparkadvisor.rules.thresholds.Sources.QUERY_HISTORY;
import static io.sparkadvisor.rules.thresholds.Sources.SPARK_SQL_TUNING;

import io.sparkadvisor.rules.advisor.FindingChart;
import io.sparkadvisor.rules.advisor.Layer;
import io.sparkadvisor.rules.advisor.Rule;
import io.sparkadvisor.rules.thresholds.Threshold;
import java.util.List;

/**
 * serverless-file-pruning: a statement of a serverless run read many small files, or read a large table whole (no file
 * pruned) to keep a tiny share of its rows; decided in serverless-file-pruning.drl, advised by {@link FilePruningAdvice}.
 */
public final class FilePruningRule {
    public static final String ID = "serverless-file-pruning";

    public static final Threshold MIN_FILES = new Threshold(ID + ".minFiles", 500, 1, 1e9, "files",
            "A statement must read at least this many files before their size counts.",
            DATAFLINT_ALERTS + " (readSmallFiles: 100 files); " + OURS + "five times that, as serverless lists files in parallel");
    public static final Threshold MAX_AVG_FILE_BYTES = new Threshold(ID + ".maxAvgFileBytes", 16L << 20, 0, 1e12, "bytes",
            "Files averaging less than this are small: each costs an open and a request for little data.",
            DATAFLINT_ALERTS + " (3 MiB); " + SPARK_SQL_TUNING + " (openCostInBytes 4 MiB); " + OURS
                    + "16 MiB, four times the open cost, far below the 128 MiB a compacted Delta file aims at");
    public static final Threshold MIN_FULL_READ_BYTES = new Threshold(ID + ".minFullReadBytes", 10L << 30, 0, 1e15, "bytes",
            "A statement that pruned no file must read at least this much before its full read counts.",
            QUERY_HISTORY + " (read_bytes, pruned_files); " + OURS + "10 GiB, where a full read costs minutes of task time");
    public static final Threshold MAX_ROWS_KEPT = new Threshold(ID + ".maxRowsKept", 0.01, 0, 1, "rows produced / rows read",
            "A full read counts when the statement keeps at most this share of the rows it read: the rest could be pruned.",
            OURS + "1%: two orders of magnitude read for nothing");
    public static final Threshold OPEN_COST_BYTES = new Threshold(ID + ".openCostBytes", 4L << 20, 0, 1e9, "bytes",
            "What opening one file costs, in bytes of reading: the saving of fewer, larger files.",
            SPARK_SQL_TUNING + " (spark.sql.files.openCostInBytes, 4 MiB)");

    public static final Rule<FilePruningEvidence> RULE = new Rule<>(ID, Layer.DATA_ACCESS, FilePruningEvidence.class,
            FilePruningEvidence::of, FilePruningAdvice::remedy,
            List.of(MIN_FILES, MAX_AVG_FILE_BYTES, MIN_FULL_READ_BYTES, MAX_ROWS_KEPT, OPEN_COST_BYTES), List.of(), FindingChart.NONE);

    private FilePruningRule() {}
}
