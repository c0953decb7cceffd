package io.sparkadvisor.bot.scan;

import io.sparkadvisor.rules.advisor.Change;
import io.sparkadvisor.templates.digest.DigestReport;
import io.sparkadvisor.templates.replies.DigestReply;
import io.sparkadvisor.templates.replies.ScanReply;
import java.util.List;
import java.util.stream.Collectors;

/** The digest's "Top fixes this week" from a scan's outcomes; no I/O, so its numbers follow from the fixtures. */
public final class TopFixesSection {
    private static final List<String> SETTINGS = List.of("spark_conf", "spark_env_vars", "cluster");

    private TopFixesSection() {}

    /** {@code shown}: the fixes to list, in order; {@code held}: fixes the channel's noise controls left out. */
    public static DigestReport.TopFixes of(List<JobScan> scans, List<Opportunity> shown, int held) {
        List<DigestReport.Fix> fixes = shown.stream().map(o -> new DigestReport.Fix(job(o.scan()), o.scan().runId(), o.finding().rule(),
                o.finding().title(), firstStep(o), o.stake().basis(), o.stake().saved(), o.stake().whole(), o.stake().costPerRun(),
                o.stake().savingPerRun(), o.stake().runsPerWeek(), o.perWeek()))
                .toList();
        List<DigestReport.Unanalysed> unanalysed = scans.stream().filter(s -> !s.wasAnalysed()).map(s -> new DigestReport.Unanalysed(job(s),
                what(s.unreadable().kind()), s.unreadable().reason())).toList();
        return new DigestReport.TopFixes(scans.size(), fixes, unanalysed, held);
    }

    /** The job as the digest names it everywhere. */
    public static String job(JobScan s) {
        return s.jobName() == null ? DigestReply.UNNAMED_JOB.text("jobId", s.jobId())
                : DigestReply.NAMED_JOB.text("name", s.jobName(), "jobId", s.jobId());
    }

    /** What the first step changes: the settings with their values, or that it is a change by hand. */
    static String firstStep(Opportunity o) {
        return o.firstStep().changes().stream().map(TopFixesSection::change).distinct().collect(Collectors.joining(", "));
    }

    private static String change(Change c) {
        return SETTINGS.contains(c.scope()) ? ScanReply.SETTING.text("key", c.key(), "value", c.value())
                : ScanReply.MANUAL_STEP.text("scope", c.scope());
    }

    private static String what(JobScan.Unreadable.Kind kind) {
        return ScanReply.valueOf(kind.name()).text();
    }
}
