package io.sparkadvisor.bot.followup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.databricks.sdk.service.jobs.JobsHealthMetric;
import io.sparkadvisor.databricks.apply.HealthRule;
import io.sparkadvisor.databricks.apply.JobHealth;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.RunFactsReader;
import io.sparkadvisor.knowledge.facts.StreamingQueryFacts;
import io.sparkadvisor.databricks.SdkJson;
import java.util.List;
import java.util.Optional;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** The offer under a verified step's verdict, from the job's new history and the rules it has. */
class HealthRuleOfferTest {
    private static final JobHealth NO_RULES = JobHealth.of(SdkJson.object("{\"name\":\"nightly\"}", "settings"));
    private static final List<Long> THREE_RUNS = List.of(100_000L, 120_000L, 110_000L);

    private static JobHealth rules(String rules) {
        return JobHealth.of(SdkJson.object("{\"health\":{\"rules\":[" + rules + "]}}", "settings"));
    }

    @Test
    void aDurationRuleIsTheFactorTimesTheP95OfTheRunsSinceTheStepAndSaysFromHowMany() {
        HealthRuleOffer offer = HealthRuleOffer.duration(THREE_RUNS, NO_RULES, 1, 1.5, 3);
        assertEquals(Optional.of(new HealthRule(JobsHealthMetric.RUN_DURATION_SECONDS, 180)), offer.rule(),
                "p95 of three runs is the slowest, 120 s; x 1.5 = 180 s");
        assertTrue(offer.text().contains("longer than 3.0 min") && offer.text().contains("1.5x the p95 (2.0 min) of the 3 runs")
                && offer.text().contains("since step 1"), offer.text());
    }

    @Test
    void theP95IsTheNearestRankSoOneOutlierOfTwentyRunsIsLeftOut() {
        List<Long> runs = LongStream.rangeClosed(1, 20).map(s -> s * 1000).boxed().toList();
        assertEquals(19_000, HealthRuleOffer.p95(runs));
        assertEquals(Optional.of(new HealthRule(JobsHealthMetric.RUN_DURATION_SECONDS, 29)),
                HealthRuleOffer.duration(runs, NO_RULES, 2, 1.5, 3).rule(), "19 s x 1.5 = 28.5, rounded up to whole seconds");
    }

    @Test
    void tooLittleHistoryOffersNothingYetAndSaysHowManyRunsThereAreAndAreNeeded() {
        HealthRuleOffer offer = HealthRuleOffer.duration(List.of(100_000L), NO_RULES, 1, 1.5, 3);
        assertEquals(Optional.empty(), offer.rule());
        assertTrue(offer.waitsForRuns(), "the step waits for its job's runs");
        assertTrue(!HealthRuleOffer.duration(THREE_RUNS, NO_RULES, 1, 1.5, 3).waitsForRuns());
        assertTrue(offer.text().contains("1 run completed since step 1") && offer.text().contains("needs 3"), offer.text());
    }

    @Test
    void anEqualOrTighterRuleOfTheMetricIsNamedAndNothingOffered() {
        for (long existing : new long[] {180, 150}) {
            HealthRuleOffer offer = HealthRuleOffer.duration(THREE_RUNS,
                    rules("{\"metric\":\"RUN_DURATION_SECONDS\",\"op\":\"GREATER_THAN\",\"value\":" + existing + "}"), 1, 1.5, 3);
            assertEquals(Optional.empty(), offer.rule());
            assertTrue(offer.text().contains("already has RUN_DURATION_SECONDS > " + existing)
                    && offer.text().contains("RUN_DURATION_SECONDS > 180"), offer.text());
        }
    }

    @Test
    void aLooserRuleIsReplacedAndARuleOfAnotherMetricDoesNotCount() {
        HealthRuleOffer looser = HealthRuleOffer.duration(THREE_RUNS,
                rules("{\"metric\":\"RUN_DURATION_SECONDS\",\"op\":\"GREATER_THAN\",\"value\":600}"), 1, 1.5, 3);
        assertEquals(180, looser.rule().orElseThrow().value());
        assertTrue(looser.text().contains("replaces the job's looser rule, RUN_DURATION_SECONDS > 600"), looser.text());
        HealthRuleOffer other = HealthRuleOffer.duration(THREE_RUNS,
                rules("{\"metric\":\"STREAMING_BACKLOG_SECONDS\",\"op\":\"GREATER_THAN\",\"value\":60}"), 1, 1.5, 3);
        assertEquals(180, other.rule().orElseThrow().value());
        assertTrue(!other.text().contains("replaces"), other.text());
    }

    @Test
    void aKafkaStreamThatFellBehindGetsABacklogRuleFromTheMostItWasBehind() {
        // Real Spark 3.5 with a Kafka source: 27 batches, offsets behind latest growing 2,244 -> 4,093.
        HealthRuleOffer offer = HealthRuleOffer.backlog(77, streams("stream-kafka-waits.log.gz"), NO_RULES, 1.5);
        assertEquals(Optional.of(new HealthRule(JobsHealthMetric.STREAMING_BACKLOG_RECORDS, 6140)), offer.rule(), "4,093 x 1.5, rounded up");
        assertTrue(offer.text().contains("more than 6,140 records behind") && offer.text().contains("(4,093 records)")
                && offer.text().contains("last 27 batches of run 77"), offer.text());
    }

    @Test
    void aStreamWhoseSourcesReportNoBacklogGetsNoRuleAndIsToldWhy() {
        // The healthy control reads a rate source, which reports no offsets behind latest.
        HealthRuleOffer offer = HealthRuleOffer.backlog(78, streams("stream-healthy.log.gz"), NO_RULES, 1.5);
        assertEquals(Optional.empty(), offer.rule());
        assertTrue(offer.text().contains("No backlog alert offered") && offer.text().contains("run 78"), offer.text());
    }

    @Test
    void aStreamAlreadyAlertingOnATighterBacklogIsNotOfferedOne() {
        HealthRuleOffer offer = HealthRuleOffer.backlog(77, streams("stream-kafka-waits.log.gz"),
                rules("{\"metric\":\"STREAMING_BACKLOG_RECORDS\",\"op\":\"GREATER_THAN\",\"value\":5000}"), 1.5);
        assertEquals(Optional.empty(), offer.rule());
        assertTrue(offer.text().contains("STREAMING_BACKLOG_RECORDS > 5000"), offer.text());
    }

    private static List<StreamingQueryFacts> streams(String log) {
        return RunFactsReader.read(Corpus.dir().resolve("streaming").resolve(log)).streaming();
    }
}
