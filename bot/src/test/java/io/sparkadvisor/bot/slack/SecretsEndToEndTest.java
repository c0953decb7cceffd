package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.CHANNEL;
import static io.sparkadvisor.bot.slack.BotHarness.USER;
import static io.sparkadvisor.bot.slack.BotHarness.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sparkadvisor.bot.store.TestDatabases;
import io.sparkadvisor.knowledge.Corpus;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The security audit's secrets (§3, §6), planted in a job's cluster and in its run's Spark
 * properties: after an ask about an old run whose job has rotated them since, the drift notice
 * names the keys that changed, and no secret is in any Slack call, log line, facts-cache file or
 * database row.
 */
class SecretsEndToEndTest {
    private static final Duration ANSWER = Duration.ofSeconds(90);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String STORAGE_KEY = "spark.hadoop.fs.azure.account.key.prodlake.dfs.core.windows.net";
    private static final String METASTORE_URL = "spark.hadoop.javax.jdo.option.ConnectionURL";

    /** The audit's secrets, and a rotated JDBC password. */
    static final List<String> PLANTED = List.of("AZKEY-AT-RUN-TIME-SECRET==", "AZKEY-ROTATED-NOW-SECRET==", "JdbcPwInUrl99",
            "JdbcPwInUrl-ROTATED-77", "EnvVarPw-OLD-SECRET-41", "EnvVarPw-SECRET-42", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            "AZKEY+LEAK/abc123SECRETSECRET==", "Hunter2JdbcPw");

    @TempDir
    Path scratch;

    @Test
    void theDriftNoticeNamesTheRotatedKeysAndNoSecretIsPostedLoggedCachedOrStored() throws Exception {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream original = System.err;
        System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8)); // slf4j-simple writes the bot's log lines there
        List<FakeSlackApi.Call> calls;
        try (BotHarness bot = new BotHarness()) {
            String atRunTime = "\"node_type_id\":\"i3.xlarge\",\"num_workers\":2,\"spark_conf\":{\"" + STORAGE_KEY + "\":\"AZKEY-AT-RUN-TIME-SECRET==\","
                    + "\"" + METASTORE_URL + "\":\"jdbc:mysql://meta:3306/hive?user=hive&password=JdbcPwInUrl99\","
                    + "\"spark.sql.shuffle.partitions\":\"200\"},\"spark_env_vars\":{\"DB_PASSWORD\":\"EnvVarPw-OLD-SECRET-41\"}";
            BotHarness.addJob(bot.workspace, 45, "lake-load", "1203-lake", atRunTime, BotHarness.LOG_CONF, null, 4501, 4501);
            bot.workspace.putFile("dbfs/cluster-logs/1203-lake/eventlog/1203-lake_10_0_0_7/777/eventlog-2026-12-01--00-00.gz",
                    skewLogWithSecretProperties());
            String now = atRunTime.replace("AZKEY-AT-RUN-TIME-SECRET==", "AZKEY-ROTATED-NOW-SECRET==")
                    .replace("JdbcPwInUrl99", "JdbcPwInUrl-ROTATED-77").replace("\"200\"", "\"auto\"")
                    .replace("{\"DB_PASSWORD\":\"EnvVarPw-OLD-SECRET-41\"}",
                            "{\"DB_PASSWORD\":\"EnvVarPw-SECRET-42\",\"AWS_SECRET_ACCESS_KEY\":\"wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\"}");
            bot.workspace.putJson("jobs/45.json", "{\"job_id\":45,\"settings\":{\"name\":\"lake-load\",\"job_clusters\":[{\"job_cluster_key\":\"main\","
                    + "\"new_cluster\":{\"spark_version\":\"15.4.x-scala2.12\"," + now + ",\"data_security_mode\":\"SINGLE_USER\","
                    + BotHarness.LOG_CONF + "}}],\"tasks\":[{\"task_key\":\"main\",\"job_cluster_key\":\"main\","
                    + "\"spark_python_task\":{\"python_file\":\"/Repos/etl/lake-load.py\"}}]}}");

            bot.requests.command("run:4501", CHANNEL, USER);
            await(ANSWER, () -> bot.slack.calls("chat.postMessage").stream().anyMatch(c -> c.param("blocks").contains("has changed since run 4501")));
            await(ANSWER, () -> bot.slack.calls("chat.update").stream().anyMatch(c -> c.param("blocks").contains("Details in the thread")));

            String notice = bot.slack.calls("chat.postMessage").stream().map(c -> c.param("blocks"))
                    .filter(b -> b.contains("has changed since run 4501")).findFirst().orElseThrow();
            assertTrue(notice.contains("spark_conf: 3 keys changed: " + STORAGE_KEY + ", " + METASTORE_URL + ", spark.sql.shuffle.partitions"), notice);
            assertTrue(notice.contains("spark_env_vars: 2 keys changed: AWS_SECRET_ACCESS_KEY, DB_PASSWORD"), notice);

            calls = bot.slack.calls();
            assertFalse(calls.isEmpty());
            assertNoSecret("the facts cache", cachedFacts(bot.factsCache));
            String rows = TestDatabases.allRows(bot.db);
            assertTrue(rows.contains("4501"), "the ask left rows");
            assertNoSecret("the database", rows);
        } finally {
            System.setErr(original);
        }
        for (FakeSlackApi.Call call : calls) {
            assertNoSecret("Slack call " + call.method(), call.params().toString());
        }
        assertTrue(log.size() > 0, "the bot's log lines were captured");
        assertNoSecret("the bot's log", log.toString(StandardCharsets.UTF_8));
    }

    static void assertNoSecret(String where, String text) {
        PLANTED.forEach(secret -> assertFalse(text.contains(secret), secret + " in " + where));
    }

    /** The corpus's skewed-join log with the audit's secrets among its Spark properties, as a cluster's log would carry them. */
    private Path skewLogWithSecretProperties() throws IOException {
        Path log = scratch.resolve("eventlog.gz");
        try (BufferedReader in = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(
                Corpus.dir().resolve("skew.log.gz"))), StandardCharsets.UTF_8));
                PrintWriter out = new PrintWriter(new GZIPOutputStream(Files.newOutputStream(log)), false, StandardCharsets.UTF_8)) {
            int planted = 0;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.contains("\"SparkListenerEnvironmentUpdate\"")) {
                    ObjectNode event = (ObjectNode) JSON.readTree(line);
                    ObjectNode properties = (ObjectNode) event.path("Spark Properties");
                    properties.put(STORAGE_KEY, "AZKEY+LEAK/abc123SECRETSECRET==");
                    properties.put("spark.myapp.jdbc.url", "jdbc:postgresql://db:5432/app?user=etl&password=Hunter2JdbcPw");
                    line = JSON.writeValueAsString(event);
                    planted++;
                }
                out.println(line);
            }
            assertEquals(1, planted, "the log has its environment");
        }
        return log;
    }

    private static String cachedFacts(Path folder) throws IOException {
        StringBuilder all = new StringBuilder();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path file : files.toList()) {
                try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
                    all.append(new String(in.readAllBytes(), StandardCharsets.UTF_8));
                }
            }
        }
        assertTrue(all.indexOf("spark.sql.shuffle.partitions") >= 0 || all.indexOf("spark.master") >= 0, "the run's facts were cached");
        return all.toString();
    }
}
