package io.sparkadvisor.bot.config;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Every environment variable the bot reads, each declared once with its type, range, default and
 * doc: {@code serve} checks them all before it starts ({@link #check}), and {@code serve --help} and
 * the README's settings table are generated from this list ({@link SettingsTable}). The Databricks
 * SDK reads DATABRICKS_* itself (with its other auth variables); they are here to be documented and checked.
 */
public final class BotSettings {
    private BotSettings() {}

    public static final Setting<String> SLACK_BOT_TOKEN = secret("SLACK_BOT_TOKEN",
            "The bot token from the app's OAuth page; serve needs it.", Types.token("xoxb-", "a bot token"));
    public static final Setting<String> SLACK_SIGNING_SECRET = secret("SLACK_SIGNING_SECRET",
            "Verifies every request in HTTP mode; not needed in Socket Mode.", Types.token("", "a signing secret"));
    public static final Setting<String> SLACK_APP_TOKEN = secret("SLACK_APP_TOKEN",
            "An app-level token with connections:write: Socket Mode instead of HTTP.", Types.token("xapp-", "an app-level token"));
    public static final Setting<Long> PORT = plain("PORT", "3000",
            "HTTP port for Slack's requests at /slack/events (HTTP mode); nothing else is served there.",
            Types.whole(1, 65535, "port"));
    public static final Setting<Long> OPS_PORT = plain("SPARK_ADVISOR_OPS_PORT", "9090",
            "The operator's port, in both modes: /healthz, /readyz, /metrics; keep it off the public network. Not PORT.",
            Types.whole(1, 65535, "port"));
    /** Long enough that probes from several sources (kubelet, a load balancer, a scraper) share a check; shorter than a probe period. */
    public static final Setting<Long> READY_CACHE_SECONDS = plain("SPARK_ADVISOR_READY_CACHE_SECONDS", "5",
            "How long a /readyz answer is reused before the database, Slack and the workspace are asked again; 0 asks on every probe.",
            Types.whole(0, 300, "seconds"));
    public static final Setting<String> SLACK_API_URL = plain("SLACK_API_URL", null,
            "Base of Slack's Web API (a proxy, a test double); Slack's own when unset.", Types.httpUrl());

    public static final Setting<String> DATABRICKS_HOST = plain("DATABRICKS_HOST", null,
            "The workspace, with DATABRICKS_TOKEN or another of the Databricks SDK's auth settings (not with --workspace-dir).",
            Types.httpUrl());
    public static final Setting<String> DATABRICKS_TOKEN = secret("DATABRICKS_TOKEN",
            "A personal access token for DATABRICKS_HOST, read by the Databricks SDK.", Types.text("token"));
    public static final Setting<String> DATABRICKS_CONFIG_PROFILE = plain("DATABRICKS_CONFIG_PROFILE", null,
            "A profile of ~/.databrickscfg instead of DATABRICKS_HOST.", Types.text("profile name"));
    public static final Setting<String> DATABRICKS_WAREHOUSE_ID = plain("DATABRICKS_WAREHOUSE_ID", null,
            "SQL warehouse for the digest's costs (system.billing; estimates when unset) and hot-value lookups.", Types.text("warehouse id"));

    public static final Setting<String> DATABASE_URL = secret("DATABASE_URL",
            "PostgreSQL, shared by replicas: approvals, changes, audit trail, schedules; the H2 file SPARK_ADVISOR_DB_PATH when unset.",
            Types.postgresUrl());
    public static final Setting<Path> DB_PATH = plain("SPARK_ADVISOR_DB_PATH", "~/.spark-advisor/advisor",
            "The H2 database file (one process) when DATABASE_URL is unset; H2 adds .mv.db.", Types.path());
    public static final Setting<Long> DB_POOL_SIZE = plain("SPARK_ADVISOR_DB_POOL_SIZE", "10",
            "Connections each replica keeps open to the database at most.", Types.whole(1, 100, "connections"));
    public static final Setting<String> HASH_KEY = secret("SPARK_ADVISOR_HASH_KEY",
            "Keys the HMAC of hot values kept in the database, the same on every replica; a key generated into the database when unset.",
            Types.key(32));
    public static final Setting<Path> CONFIG = plain("SPARK_ADVISOR_CONFIG", null,
            "YAML config file: thresholds, digest, scan and access sections (--config wins).", Types.path());

    public static final Setting<List<String>> APPROVERS = plain("SPARK_ADVISOR_APPROVERS", null,
            "Who may approve a change.", Types.list("Slack user ids"));
    public static final Setting<String> APPROVER_GROUP = plain("SPARK_ADVISOR_APPROVER_GROUP", null,
            "Whose members may approve a change too.", Types.text("Slack user group id"));
    public static final Setting<String> SELF_APPROVAL = plain("SPARK_ADVISOR_SELF_APPROVAL", "deny",
            "Whether an approver may approve a change they asked for.", Types.oneOf("deny", "allow"));
    public static final Setting<String> DIGEST_ADMIN_GROUP = plain("SPARK_ADVISOR_DIGEST_ADMIN_GROUP", null,
            "Whose members may scan and subscribe digests, besides the approvers.", Types.text("Slack user group id"));
    public static final Setting<Long> FOLLOWUP_SECONDS = plain("SPARK_ADVISOR_FOLLOWUP_SECONDS", "300",
            "How often applied steps are followed up (their job's next runs judged).", Types.whole(1, 86_400, "seconds"));

    public static final Setting<Path> FACTS_CACHE_DIR = plain("SPARK_ADVISOR_FACTS_CACHE_DIR", "~/.spark-advisor/facts-cache",
            "Where the facts of completed runs are kept between asks.", Types.path());
    /**
     * spark-advisor's own choice: a gzipped entry of a 100,000-task run is well under 1 MB, so 256 MB
     * keeps the facts of hundreds of large runs (a week of a fleet scan) at a small share of a disk.
     */
    public static final Setting<Long> FACTS_CACHE_MB = plain("SPARK_ADVISOR_FACTS_CACHE_MB", "256",
            "At most this much facts cache; 0 turns it off.", Types.whole(0, 1L << 20, "megabytes"));
    /**
     * spark-advisor's own choice: 6 hours holds hundreds of micro-batches of any trigger up to a minute (enough for the
     * streaming rules' recent window and trends) while a week-old continuous run's log is read for a few parts, not all.
     */
    public static final Setting<Long> LIVE_WINDOW_HOURS = plain("SPARK_ADVISOR_LIVE_WINDOW_HOURS", "6",
            "How far back a running run's delivered log is read (a continuous job's run never ends); its first part is always read.",
            Types.whole(1, 24 * 31, "hours"));
    public static final Setting<Long> HOT_VALUE_SECONDS = plain("SPARK_ADVISOR_HOT_VALUE_SECONDS", "300",
            "The budget of one hot-value lookup, a stopped warehouse's start included.", Types.whole(1, 999_999, "seconds"));

    public static final Setting<String> LOG_FORMAT = plain("SPARK_ADVISOR_LOG_FORMAT", "text",
            "Log lines as text, or one JSON object per line (with the ask or change id) for a log collector.", Types.oneOf("text", "json"));

    public static final List<Setting<?>> ALL = List.of(SLACK_BOT_TOKEN, SLACK_SIGNING_SECRET, SLACK_APP_TOKEN, PORT, OPS_PORT, READY_CACHE_SECONDS, SLACK_API_URL,
            DATABRICKS_HOST, DATABRICKS_TOKEN, DATABRICKS_CONFIG_PROFILE, DATABRICKS_WAREHOUSE_ID,
            DATABASE_URL, DB_PATH, DB_POOL_SIZE, HASH_KEY, CONFIG,
            APPROVERS, APPROVER_GROUP, SELF_APPROVAL, DIGEST_ADMIN_GROUP, FOLLOWUP_SECONDS,
            FACTS_CACHE_DIR, FACTS_CACHE_MB, LIVE_WINDOW_HOURS, HOT_VALUE_SECONDS, LOG_FORMAT);

    /** Reads every setting once, so a wrong one stops the start with one line naming it, before anything runs. */
    public static void check(Map<String, String> env) {
        ALL.forEach(s -> s.read(env));
    }

    private static <T> Setting<T> plain(String key, String defaultValue, String doc, Setting.Type<T> type) {
        return new Setting<>(key, type, defaultValue, doc, false);
    }

    private static <T> Setting<T> secret(String key, String doc, Setting.Type<T> type) {
        return new Setting<>(key, type, null, doc, true);
    }
}
