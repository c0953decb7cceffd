package io.sparkadvisor.bot.slack;

import static io.sparkadvisor.bot.slack.BotHarness.CHANNEL;
import static io.sparkadvisor.bot.slack.BotHarness.USER;
import static io.sparkadvisor.bot.slack.BotHarness.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.eventlog.DeliveredDays;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Asking about a continuous job's active run: the run is RUNNING on its running job cluster, whose log delivery holds
 * three days and four hours of parts (the corpus's real live streaming layout spread over them by {@link DeliveredDays}).
 * The answer judges the last 6 hours: the first part and the window's parts are read, the days before are not opened.
 */
class LiveRunEndToEndTest {
    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final long JOB = 61;
    private static final long RUN = 6101;
    private static final String CLUSTER = "0601-stream";
    private static final Duration RUNNING_FOR = Duration.ofHours(76);

    @TempDir
    Path dir;

    @Test
    void anAskAboutARunningContinuousJobJudgesTheLastSixHoursWithoutReadingTheDaysBefore() throws Exception {
        Instant now = Instant.now();
        DeliveredDays.Layout days = DeliveredDays.write(Corpus.streamingDir().resolve("layouts/databricks-live"), dir.resolve("days"),
                now, RUNNING_FOR, Duration.ofHours(6), 1);
        try (BotHarness bot = new BotHarness()) {
            addRunningContinuousJob(bot, days.folder(), now.minus(RUNNING_FOR).toEpochMilli());

            bot.requests.command("run:" + RUN, CHANNEL, USER);
            await(WAIT, () -> bot.slack.calls("chat.update").stream().anyMatch(c -> c.param("blocks").contains("Details in the thread")
                    && c.param("blocks").contains("run:" + RUN)));

            String thread = bot.slack.calls("chat.postMessage").stream().filter(c -> !c.param("thread_ts").isEmpty())
                    .map(c -> c.param("blocks")).collect(Collectors.joining("\n"));
            assertTrue(thread.contains("Judged the last 6 h of a run running for 3 d 4 h: 3 delivered log parts read, "
                    + days.fillers() + " older ones wholly before the window not opened."), thread);
            assertTrue(thread.contains("batch-overhead") && thread.contains("long-running spends"),
                    "the real stream's finding: " + thread);
            Set<String> read = bot.workspace.requests("GET", "/api/2.0/dbfs/read").stream().map(r -> r.param("path").orElseThrow())
                    .map(p -> p.substring(p.lastIndexOf('/') + 1)).collect(Collectors.toCollection(TreeSet::new));
            String first = days.parts().get(0).getFileName().toString();
            String windowPart = days.parts().get(days.parts().size() - 2).getFileName().toString();
            assertEquals(new TreeSet<>(Set.of(first, windowPart, "eventlog")), read, "only the first part and the window's");
        }
    }

    /** Job 61 runs continuously; its active run 6101 started {@code startMs} on job cluster 0601-stream, still running. */
    private static void addRunningContinuousJob(BotHarness bot, Path delivered, long startMs) {
        TestPeople.enrol(bot.workspace);
        TestPeople.shareJob(bot.workspace, JOB);
        String cluster = "{\"spark_version\":\"15.4.x-scala2.12\",\"node_type_id\":\"i3.xlarge\",\"num_workers\":2,"
                + "\"data_security_mode\":\"SINGLE_USER\"," + BotHarness.LOG_CONF + "}";
        bot.workspace.putJson("clusters/" + CLUSTER + ".json", "{\"cluster_id\":\"" + CLUSTER + "\",\"spark_version\":\"15.4.x-scala2.12\","
                + "\"node_type_id\":\"i3.xlarge\",\"num_workers\":2,\"data_security_mode\":\"SINGLE_USER\"," + BotHarness.LOG_CONF
                + ",\"cluster_source\":\"JOB\",\"state\":\"RUNNING\",\"spark_context_id\":777,\"driver\":{\"private_ip\":\"10.0.0.7\"}}");
        bot.workspace.putJson("jobs/" + JOB + ".json", "{\"job_id\":" + JOB + ",\"settings\":{\"name\":\"clickstream\","
                + "\"continuous\":{\"pause_status\":\"UNPAUSED\"},\"job_clusters\":[{\"job_cluster_key\":\"main\",\"new_cluster\":"
                + cluster + "}],\"tasks\":[{\"task_key\":\"main\",\"job_cluster_key\":\"main\",\"spark_python_task\":"
                + "{\"python_file\":\"/Repos/etl/clickstream.py\"}}]}}");
        String running = "{\"life_cycle_state\":\"RUNNING\",\"state_message\":\"\"}";
        bot.workspace.addRun(JOB, "{\"run_id\":" + RUN + ",\"run_name\":\"clickstream\",\"trigger\":\"CONTINUOUS\",\"state\":"
                + running + ",\"start_time\":" + startMs + ",\"job_clusters\":[{\"job_cluster_key\":\"main\",\"new_cluster\":" + cluster
                + "}],\"tasks\":[{\"task_key\":\"main\",\"run_id\":" + (RUN * 10 + 1) + ",\"state\":" + running + ",\"start_time\":"
                + startMs + ",\"cluster_instance\":{\"cluster_id\":\"" + CLUSTER + "\",\"spark_context_id\":\"777\"},"
                + "\"job_cluster_key\":\"main\"}]}", delivered);
    }
}
