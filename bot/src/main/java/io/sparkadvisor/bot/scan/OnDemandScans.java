package io.sparkadvisor.bot.scan;

import io.sparkadvisor.bot.access.SlackDirectory;
import io.sparkadvisor.bot.approvals.DigestAdmins;
import io.sparkadvisor.bot.config.ScanConfig;
import io.sparkadvisor.bot.store.ScanRequests;
import io.sparkadvisor.templates.digest.DigestReport;
import io.sparkadvisor.templates.replies.ScanReply;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * {@code /spark-advisor scan}: the fleet scan of the week the next digest reports, now, and the digest it makes. Only
 * approvers and digest admins start it (it spends warehouse time); not in a channel shared outside the company; and at
 * most {@code scan.perChannelPerDay} times a UTC day per channel, counted in the database so that replicas share the
 * limit. Jobs an earlier scan of that week finished are read, not analysed again.
 */
public final class OnDemandScans {
    private static final DateTimeFormatter NEXT = DateTimeFormatter.ofPattern("EEE d MMM HH:mm 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC);

    /** The digest a scan makes (digest/Digests), seen from here so that scan/ does not import digest/. */
    public interface Digests {
        /** The fleet scan's settings, when it is on. */
        Optional<ScanConfig> scanConfig();

        /** The week the next digest reports, at {@code now}. */
        LocalDate weekFor(Instant now);

        Scanned scan(LocalDate week, ScanProgress progress);
    }

    /** What a scan made: the outcome of each job, the fixes it ranked and the digest that lists them. */
    public record Scanned(List<JobScan> scans, int fixes, DigestReport report) {
        public Scanned {
            scans = List.copyOf(scans);
        }

        public long analysed() {
            return scans.stream().filter(JobScan::wasAnalysed).count();
        }

        public long unreadable() {
            return scans.size() - analysed();
        }
    }

    /** Whether a scan may start: why not, for the asker alone, or the week it scans. */
    public sealed interface Start {
        record Refused(String text) implements Start {}

        record Granted(LocalDate week, ScanConfig config) implements Start {}
    }

    private final Digests digests;
    private final DigestAdmins admins;
    private final ScanRequests requests;
    private final Clock clock;

    public OnDemandScans(Digests digests, DigestAdmins admins, ScanRequests requests, Clock clock) {
        this.digests = digests;
        this.admins = admins;
        this.requests = requests;
        this.clock = clock;
    }

    /**
     * Whether {@code user} may scan in {@code channel} now, taking one of its scans of the day when so;
     * {@code sharedRefusal} says why the channel may not get cost data (asked only once the rest allows it).
     */
    public Start start(String channel, String user, SlackDirectory directory, Supplier<Optional<String>> sharedRefusal) {
        if (!admins.includes(directory, user)) {
            return new Start.Refused(ScanReply.ADMINS_ONLY.text());
        }
        Optional<ScanConfig> config = digests.scanConfig();
        if (config.isEmpty()) {
            return new Start.Refused(ScanReply.OFF.text());
        }
        Optional<String> shared = sharedRefusal.get();
        if (shared.isPresent()) {
            return new Start.Refused(shared.get());
        }
        int perDay = config.get().perChannelPerDay();
        Instant now = clock.instant();
        if (!requests.take(channel, user, perDay, now)) {
            return new Start.Refused(ScanReply.TOO_MANY.text("perDay", perDay, "one", perDay == 1, "next", NEXT.format(ScanRequests.nextDay(now))));
        }
        return new Start.Granted(digests.weekFor(now), config.get());
    }

    public Scanned run(Start.Granted granted, ScanProgress progress) {
        return digests.scan(granted.week(), progress);
    }
}
