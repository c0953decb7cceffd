package io.sparkadvisor.rules.platform;

import static io.sparkadvisor.rules.thresholds.Sources.OURS;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Messages;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.dataaccess.ScanRead;
import io.sparkadvisor.rules.execution.ShuffleRead;
import io.sparkadvisor.rules.thresholds.Threshold;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.util.Map;

/**
 * Settings that act on every query of a job (spark.sql.files.maxPartitionBytes on every file scan,
 * spark.sql.shuffle.partitions and AQE's advisory partition size on every shuffle Spark sizes) go into the job's
 * cluster only when the job as a whole benefits: the stage a rule sized the value for holds at least
 * {@code general.jobWideShare} of the bytes the setting governs in the run. Otherwise the value is set for that one
 * query, in the code, and the job's other scans and shuffles keep theirs.
 */
public final class JobWide {
    public static final Threshold SHARE = new Threshold("general.jobWideShare", 0.8, 0, 1,
            "share of the bytes the setting governs in the run",
            "A setting that acts on the whole job (spark.sql.files.maxPartitionBytes, spark.sql.shuffle.partitions, AQE's"
                    + " advisory partition size) is proposed for the job's cluster only when the stages it was sized for hold"
                    + " at least this share of the bytes it governs (every file scan's, every shuffle's Spark sizes); below,"
                    + " it is set for that query only, in the code.",
            OURS + "a value sized for one stage that also re-cuts a fifth or more of the job's data elsewhere is that"
                    + " stage's setting, not the job's");

    private JobWide() {}

    /** Whether a value sized on {@code stageBytes} suits a job in which the setting governs {@code governedBytes}. */
    public static boolean benefits(long stageBytes, long governedBytes, Thresholds t) {
        return governedBytes <= 0 || stageBytes >= t.get(SHARE) * governedBytes;
    }

    /** The setting for the job's cluster when the job benefits, else for the query of {@code stageId} only. */
    public static Change setting(String key, Object value, int stageId, boolean jobWide) {
        if (jobWide) {
            return Change.sparkConf(key, value);
        }
        Messages m = Messages.of("job-wide", Map.of("key", key, "value", String.valueOf(value), "stageId", stageId));
        return Change.code(m.text("queryChange"), m.text("querySnippet"));
    }

    /**
     * Where the run set a setting: {@code cluster} when the job cluster's spark_conf sets it (the bot changes it
     * there), {@code code} when the cluster is known and does not, on Databricks (the job's code or session set it, and a
     * cluster setting does not win over the session's), {@code run} when the log alone tells (no cluster given, or not
     * Databricks), {@code default} when nothing sets it.
     */
    public static String setBy(RunView run, String key) {
        if (run.cluster().flatMap(c -> c.sparkConf(key)).isPresent()) {
            return "cluster";
        }
        if (run.facts().properties().get(key).isEmpty()) {
            return "default";
        }
        return run.cluster().isPresent() && run.facts().platform().databricks() ? "code" : "run";
    }

    /** Bytes every file scan of the run read: what spark.sql.files.maxPartitionBytes cuts. */
    public static long scanBytes(RunView run) {
        return ScanRead.all(run).stream().mapToLong(r -> r.scan().bytesRead()).sum();
    }

    /** Shuffle bytes of the run whose partition count Spark's settings made (not a repartition(n) in the code). */
    public static long settingShuffleBytes(RunView run) {
        return ShuffleRead.of(run).stream().filter(r -> r.countByCode() < 0).mapToLong(ShuffleRead::bytes).sum();
    }
}
