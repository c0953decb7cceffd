package io.sparkadvisor.bot.followup;

import com.databricks.sdk.service.jobs.JobsHealthMetric;
import io.sparkadvisor.databricks.apply.HealthRule;
import io.sparkadvisor.databricks.apply.JobHealth;
import io.sparkadvisor.knowledge.facts.MicroBatch;
import io.sparkadvisor.knowledge.facts.StreamingQueryFacts;
import io.sparkadvisor.rules.advisor.Format;
import io.sparkadvisor.templates.replies.HealthRuleReply;
import io.sparkadvisor.templates.slack.HealthRuleMessages;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * What a verified step's verdict offers: a Databricks health rule from the job's new history with the sentence that
 * offers it, or (no rule) the sentence saying why none; {@code waitsForRuns} when none only because the job has not
 * completed enough runs since the step yet. A pure decision over what was read.
 */
public record HealthRuleOffer(Optional<HealthRule> rule, String text, boolean waitsForRuns) {
    static HealthRuleOffer none(String why) {
        return new HealthRuleOffer(Optional.empty(), why, false);
    }

    /**
     * RUN_DURATION_SECONDS at {@code factor} x the p95 of {@code wallTimesMs} (the job's runs since step {@code step}),
     * when there are at least {@code minRuns} of them and the job has no rule as tight already.
     */
    static HealthRuleOffer duration(List<Long> wallTimesMs, JobHealth existing, int step, double factor, int minRuns) {
        int runs = wallTimesMs.size();
        if (runs < minRuns) {
            return new HealthRuleOffer(Optional.empty(), HealthRuleReply.TOO_LITTLE_HISTORY.text("runs", runs, "plural", runs != 1,
                    "step", step, "needed", minRuns), true);
        }
        long p95 = p95(wallTimesMs);
        HealthRule offered = new HealthRule(JobsHealthMetric.RUN_DURATION_SECONDS, (long) Math.ceil(p95 * factor / 1000.0));
        return against(existing, offered, replaces -> HealthRuleReply.OFFER_DURATION.text("limit", Format.duration(offered.value() * 1000),
                "factor", Format.decimals(factor, 1), "p95", Format.duration(p95), "runs", runs, "plural", runs != 1, "step", step,
                "replaces", replaces));
    }

    /**
     * STREAMING_BACKLOG_RECORDS at {@code factor} x the most the run's sources were behind latest over their recent
     * batches, or one batch's input when that is more (a batch's worth waiting is a stream keeping up); none when no
     * source reports its backlog (Kafka does, rate and file sources do not).
     */
    static HealthRuleOffer backlog(long runId, List<StreamingQueryFacts> queries, JobHealth existing, double factor) {
        List<MicroBatch> batches = queries.stream().flatMap(q -> q.recent().stream()).toList();
        Optional<Long> peak = batches.stream().flatMap(b -> b.offsetsBehindLatest().stream()).reduce(Long::max);
        if (peak.isEmpty()) {
            return none(HealthRuleReply.NO_BACKLOG_MEASURE.text("runId", runId));
        }
        long batchRows = batches.stream().mapToLong(MicroBatch::numInputRows).max().orElse(0);
        long base = Math.max(peak.get(), batchRows);
        HealthRule offered = new HealthRule(JobsHealthMetric.STREAMING_BACKLOG_RECORDS, Math.max(1, (long) Math.ceil(base * factor)));
        return against(existing, offered, replaces -> HealthRuleReply.OFFER_BACKLOG.text("limit", count(offered.value()),
                "factor", Format.decimals(factor, 1), "peak", count(peak.get()),
                "batchRows", batchRows > peak.get() ? count(batchRows) : null, "batches", batches.size(), "runId", runId,
                "replaces", replaces));
    }

    /** The offer, unless the job alerts as early already; a looser rule of the metric is named as the one it replaces. */
    private static HealthRuleOffer against(JobHealth existing, HealthRule offered, Function<String, String> sentence) {
        Optional<HealthRule> current = existing.rule(offered.metric());
        if (current.isPresent() && current.get().atLeastAsTightAs(offered)) {
            return none(HealthRuleReply.ALREADY_COVERED.text("rule", named(current.get()), "offered", named(offered)));
        }
        return new HealthRuleOffer(Optional.of(offered), sentence.apply(current.map(HealthRuleOffer::named).orElse(null)), false);
    }

    static String named(HealthRule rule) {
        return HealthRuleMessages.rule(rule.metric().name(), rule.value());
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** The nearest-rank 95th percentile: the smallest value at least 95% of the runs do not exceed. */
    static long p95(List<Long> values) {
        List<Long> sorted = values.stream().sorted().toList();
        return sorted.get((int) Math.ceil(0.95 * sorted.size()) - 1);
    }
}
