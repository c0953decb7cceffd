package io.sparkadvisor.bot.scan;

import io.sparkadvisor.databricks.billing.JobCost;
import io.sparkadvisor.rules.advisor.Finding;
import io.sparkadvisor.rules.advisor.Severity;
import io.sparkadvisor.rules.advisor.Step;
import java.math.BigDecimal;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** A finding of a scanned job with a first step to take and the dollars a week it puts at stake. */
public record Opportunity(JobScan scan, JobCost job, Finding finding, WeeklyStake stake) {
    public BigDecimal perWeek() {
        return stake.perWeek();
    }

    public Step firstStep() {
        return finding.recommendation().steps().get(0);
    }

    /**
     * The findings of the analysed jobs that are worth a step (medium or high, with a saving of any kind
     * and a step to take), most dollars a week first ({@link WeeklyStake} prices each kind); a tie goes to the job id, then the rule, so the
     * order is the same on every replica.
     */
    public static List<Opportunity> rank(List<JobScan> scans, List<JobCost> jobs) {
        Map<String, JobCost> byId = jobs.stream().collect(Collectors.toMap(JobCost::jobId, Function.identity(), (a, b) -> a));
        return scans.stream().filter(JobScan::wasAnalysed).filter(s -> byId.containsKey(s.jobId()))
                .flatMap(s -> s.findings().stream().filter(Opportunity::worthAStep)
                        .map(f -> new Opportunity(s, byId.get(s.jobId()), f, WeeklyStake.of(byId.get(s.jobId()), f.savings(), s.runMs(), s.cluster(), s.stake()))))
                .filter(o -> o.perWeek().signum() > 0)
                .sorted(Comparator.comparing(Opportunity::perWeek).reversed().thenComparing(o -> o.job().jobId())
                        .thenComparing(o -> o.finding().rule()))
                .toList();
    }

    private static boolean worthAStep(Finding f) {
        return f.severity().compareTo(Severity.MEDIUM) >= 0 && f.savings().any() && !f.recommendation().steps().isEmpty();
    }
}
