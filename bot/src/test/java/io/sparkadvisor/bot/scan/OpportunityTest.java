package io.sparkadvisor.bot.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sparkadvisor.bot.ask.ClusterSize;
import io.sparkadvisor.databricks.billing.JobCost;
import io.sparkadvisor.knowledge.Corpus;
import io.sparkadvisor.knowledge.facts.JobRunMode;
import io.sparkadvisor.knowledge.facts.RunFacts;
import io.sparkadvisor.rules.advisor.Advisor;
import io.sparkadvisor.rules.advisor.RunView;
import io.sparkadvisor.rules.advisor.Stake;
import io.sparkadvisor.rules.thresholds.Thresholds;
import io.sparkadvisor.templates.digest.DigestReport.SavingBasis;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The fleet scan's ranking on real logs: an always-on streaming job (corpus/streaming, the Kafka query on 8 slots that
 * reads 2 partitions) next to a batch job (the skewed join), each finding priced in dollars a week.
 */
class OpportunityTest {
    private static final Advisor ADVISOR = new Advisor(Thresholds.defaults());

    private static JobScan scan(String jobId, String name, RunFacts facts) {
        return JobScan.analysed(jobId, name, 1, facts.application().durationMs(), ClusterSize.UNKNOWN, null, null,
                ADVISOR.advise(facts).findings(), Stake.of(new RunView(facts)));
    }

    private static JobCost cost(String jobId, String name, long runs, String dollars) {
        return new JobCost(jobId, name, runs, BigDecimal.TEN, new BigDecimal(dollars), 0, BigDecimal.ZERO);
    }

    @Test
    void anAlwaysOnJobsFindingIsItsShareOfTheClusterEveryHourOfTheWeekRankedWithBatchJobsWeeks() {
        RunFacts stream = Corpus.streamingFacts("stream-kafka-2-partitions");
        JobScan streaming = scan("50", "kafka-enrich", stream);
        JobScan batch = scan("42", "skewed-join", Corpus.facts("skew"));

        List<Opportunity> ranked = Opportunity.rank(List.of(batch, streaming),
                List.of(cost("50", "kafka-enrich", 1, "155.00"), cost("42", "skewed-join", 7, "100.00")));

        Opportunity source = ranked.stream().filter(o -> o.finding().rule().equals("source-parallelism")).findFirst()
                .orElseThrow(() -> new AssertionError("the always-on job's finding is ranked: " + ranked));
        assertEquals(SavingBasis.ALWAYS_ON, source.stake().basis());
        // 6 of its 8 slots wait every hour: the same share of every hour the job cost this week
        double share = source.finding().savings().coreHours() / streaming.stake().runCoreHours();
        assertEquals(0.75, share, 0.01);
        assertEquals(new BigDecimal("155.00").multiply(BigDecimal.valueOf(share)).setScale(2, RoundingMode.HALF_UP),
                source.perWeek());
        assertTrue(ranked.stream().anyMatch(o -> o.job().jobId().equals("42")), "the batch job's findings stand beside it");
        assertEquals(source, ranked.get(0), "$116 a week of the always-on job before the batch job's " + ranked);
        for (int i = 1; i < ranked.size(); i++) {
            assertTrue(ranked.get(i - 1).perWeek().compareTo(ranked.get(i).perWeek()) >= 0, "most dollars a week first");
        }
    }

    @Test
    void aStreamingJobOnAScheduleIsPricedPerRunNotPerWeekAlwaysOn() {
        RunFacts stream = Corpus.streamingFacts("stream-kafka-2-partitions").withJobRunMode(Optional.of(JobRunMode.SCHEDULED));
        JobScan scheduled = scan("50", "kafka-enrich", stream);
        assertEquals(0, scheduled.stake().alwaysOnHours(), "the job's schedule, not the log's trigger, decides");

        List<Opportunity> ranked = Opportunity.rank(List.of(scheduled), List.of(cost("50", "kafka-enrich", 24, "155.00")));
        assertTrue(ranked.stream().noneMatch(o -> o.stake().basis() == SavingBasis.ALWAYS_ON), ranked.toString());
        BigDecimal perRun = new BigDecimal("155.00").divide(BigDecimal.valueOf(24), 2, RoundingMode.HALF_UP);
        for (Opportunity o : ranked) {
            assertEquals(24, o.stake().runsPerWeek(), "a saving per run, times the week's runs");
            assertTrue(o.stake().savingPerRun().compareTo(perRun) <= 0, o.toString());
        }
    }
}
