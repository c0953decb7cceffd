package io.sparkadvisor.rules.infrastructure.idlealwayson;

import static io.sparkadvisor.rules.RuleTesting.advise;
import static io.sparkadvisor.rules.RuleTesting.finding;
import static io.sparkadvisor.rules.RuleTesting.firedAtItsStake;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.cluster.ClusterJson;
import io.sparkadvisor.knowledge.cluster.NodePrices;
import io.sparkadvisor.knowledge.facts.JobRunMode;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.thresholds.Thresholds;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * idle-always-on on real Structured Streaming logs (corpus/streaming): a file source that receives one file every 45 s
 * on a 2 s trigger, against the healthy control and tiny batches, whose triggers all find data.
 */
class IdleAlwaysOnTest {
    private static final String RULE = IdleAlwaysOnRule.ID;

    private static RunFacts idle() {
        return Corpus.streamingFacts("stream-idle-files");
    }

    @Test
    void aFileSourceThatRarelyReceivesDataIdlesItsCluster() {
        JsonNode measured = Corpus.streamingScenario("stream-idle-files").path("streaming");
        IdleAlwaysOnEvidence e = IdleAlwaysOnEvidence.of(new RunView(idle()), Thresholds.defaults()).get(0);
        assertEquals(measured.path("progressEvents").asLong(), e.batches());
        assertEquals(measured.path("listenerEvents").path("QueryIdleEvent").asLong(), e.idleEvents());
        assertEquals(e.batches() + e.idleEvents(), e.triggers());
        assertEquals((double) e.idleEvents() / e.triggers(), e.idleShare(), 1e-9);
        assertEquals(measured.path("durationMsSums").path("triggerExecution").asLong(), e.cluster().busyMs());
        assertTrue(e.busyShare() > 0.1 && e.busyShare() < 0.15, "busy share " + e.busyShare());
        // an hourly AvailableNow run keeps the cluster for the batches plus a five-minute start
        assertEquals(e.busyShare() + 5.0 / 60, e.scheduledShare(), 1e-9);
        assertEquals(1 - e.scheduledShare(), e.savedShare(), 1e-9);
        assertEquals(2 * 168, e.alwaysOnCoreHoursPerWeek(), 1e-9, "two slots always on");
        assertEquals(168 * e.coreHoursPerHour(), e.coreHoursPerWeek(), 1e-9);

        Finding f = firedAtItsStake(advise(idle(), Map.of()), RULE, idle());
        List<Change> changes = f.recommendation().steps().get(0).changes();
        assertEquals(new Change("code", "trigger of landing-orders", ".trigger(Trigger.AvailableNow())"), changes.get(0));
        assertTrue(changes.get(1).instruction(), "the schedule is the job owner's");
        assertTrue(f.savings().upperBound());
    }

    @Test
    void aScheduledAvailableNowRunIsNotJudgedAsAlwaysOn() {
        RunFacts scheduled = Corpus.streamingFacts("stream-available-now");
        assertEquals(List.of(), IdleAlwaysOnEvidence.of(new RunView(scheduled), Thresholds.defaults()),
                "it already runs on a schedule: nothing to weigh against an always-on cluster");
        assertTrue(advise(scheduled, Map.of()).findings().stream().noneMatch(f -> f.rule().equals(RULE)));
    }

    @Test
    void theJobsSettingsDecideOverTheLog() {
        RunFacts continuous = idle().withJobRunMode(Optional.of(JobRunMode.CONTINUOUS));
        Finding f = firedAtItsStake(advise(continuous, Map.of()), RULE, continuous);
        assertTrue(f.recommendation().summary().startsWith("The job runs continuously"), f.recommendation().summary());
        assertFalse(finding(advise(idle(), Map.of()), RULE).orElseThrow().recommendation().summary().contains("The job runs"),
                "without settings the log's trigger decided, and the words do not claim the job's");

        RunFacts availableNow = Corpus.streamingFacts("stream-available-now").withJobRunMode(Optional.of(JobRunMode.CONTINUOUS));
        assertEquals(1, IdleAlwaysOnEvidence.of(new RunView(availableNow), Thresholds.defaults()).size(),
                "a continuous job is always on whatever its batches show");

        for (JobRunMode scheduled : List.of(JobRunMode.SCHEDULED, JobRunMode.TRIGGERED)) {
            RunFacts run = idle().withJobRunMode(Optional.of(scheduled));
            assertEquals(List.of(), IdleAlwaysOnEvidence.of(new RunView(run), Thresholds.defaults()), scheduled.name());
            assertTrue(finding(advise(run, Map.of()), RULE).isEmpty(), "a job on a schedule already is what the rule proposes");
        }
    }

    @Test
    void onAKnownClusterItSaysWhatTheAlwaysOnClusterCosts() throws IOException {
        String cluster = Files.readString(Corpus.dir().resolve("clusters/aws-i3-dedicated.json"));
        String nodeTypes = Files.readString(Corpus.dir().resolve("clusters/node-types.json"));
        RunFacts onCluster = idle().withCluster(ClusterJson.parse(cluster, Optional.of(nodeTypes)));
        IdleAlwaysOnEvidence e = IdleAlwaysOnEvidence.of(new RunView(onCluster), Thresholds.defaults()).get(0);
        double perHour = NodePrices.of("i3.xlarge").orElseThrow().dollarsPerHour() * 2;
        assertEquals(perHour * 168, e.alwaysOnDollarsPerWeek(), 1e-6, "two i3.xlarge workers, a week");
        assertEquals(perHour * e.savedShare() * 168, e.dollarsPerWeek(), 1e-6);
        Finding f = finding(advise(onCluster, Map.of()), RULE).orElseThrow();
        assertTrue(f.recommendation().summary().contains(String.format(java.util.Locale.ROOT, "$%.0f", perHour * 168)),
                f.recommendation().summary());
        assertTrue(f.savings().dollars() > 0 && f.savings().nodeHours() > 0, f.savings().toString());
    }

    @Test
    void silentWhereTheTriggersFindData() {
        for (String busy : List.of("stream-healthy", "stream-tiny-batches", "stream-state-growth")) {
            IdleAlwaysOnEvidence e = IdleAlwaysOnEvidence.of(new RunView(Corpus.streamingFacts(busy)), Thresholds.defaults())
                    .get(0);
            assertTrue(e.idleShare() < 0.1, busy + " idle share " + e.idleShare());
            assertTrue(finding(advise(Corpus.streamingFacts(busy), Map.of()), RULE).isEmpty(), busy);
        }
        assertTrue(finding(advise(idle(), Map.of(RULE + ".maxBusyShare", "0.1")), RULE).isEmpty(),
                "its batches use 13% of the time: over a 10% limit");
    }
}
