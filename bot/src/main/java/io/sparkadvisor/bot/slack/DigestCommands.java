package io.sparkadvisor.bot.slack;

import com.slack.api.methods.MethodsClient;
import io.sparkadvisor.bot.approvals.DigestAdmins;
import io.sparkadvisor.bot.config.DigestConfig;
import io.sparkadvisor.bot.digest.DigestSchedule;
import io.sparkadvisor.bot.digest.DigestScheduler;
import io.sparkadvisor.bot.digest.Digests;
import io.sparkadvisor.bot.scan.OnDemandScans;
import io.sparkadvisor.bot.store.DigestSubscriptions;
import io.sparkadvisor.bot.store.ScanRequests;
import io.sparkadvisor.bot.store.Subscription;
import io.sparkadvisor.templates.digest.DigestMessages;
import io.sparkadvisor.templates.replies.DigestReply;
import io.sparkadvisor.templates.slack.SlackMessage;
import io.sparkadvisor.templates.slack.SlackMessages;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code /spark-advisor digest subscribe [#channel] [schedule]}, {@code digest unsubscribe [#channel]}
 * and {@code digest preview}; each answer goes to the asker alone. Subscribing and unsubscribing
 * any channel, and the fleet scan, are for {@link DigestAdmins}: they decide where cost data and
 * job names go and spend warehouse time; a channel shared outside the company is refused
 * ({@link SharedChannels}). A preview runs the billing query on the shared warehouse,
 * so each person gets one per {@link #PREVIEW_EVERY}.
 */
public final class DigestCommands {
    private static final Pattern CHANNEL = Pattern.compile("^<#([A-Z0-9]+)(?:\\|[^>]*)?>\\s*");
    /** Noise controls of one subscription, after the schedule: {@code min=50}, {@code only-on-increase}. */
    private static final Pattern MIN_COST = Pattern.compile("(?i)\\s*\\bmin=(\\d+(?:\\.\\d+)?)");
    private static final Pattern ONLY_ON_INCREASE = Pattern.compile("(?i)\\s*\\bonly-on-increase\\b");
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("EEE d MMM yyyy HH:mm zzz", Locale.ROOT);

    private final DigestSubscriptions subscriptions;
    private final DigestScheduler scheduler;
    private final Digests digests;
    private final String defaultSchedule;
    /** Up to five minutes of warehouse time each; ten minutes apart keeps one person below a third of a warehouse. */
    static final Duration PREVIEW_EVERY = Duration.ofMinutes(10);

    private final Clock clock;
    private final DigestAdmins admins;
    private final SharedChannels sharing;
    private final Map<String, Instant> lastPreview = new ConcurrentHashMap<>();
    private final OnDemandScan scan;

    public DigestCommands(DigestSubscriptions subscriptions, DigestScheduler scheduler, Digests digests, DigestConfig config, Clock clock,
            DigestAdmins admins, ScanRequests scans) {
        this.admins = admins;
        this.sharing = new SharedChannels(config.orgSharedChannels());
        this.subscriptions = subscriptions;
        this.scheduler = scheduler;
        this.digests = digests;
        this.defaultSchedule = config.schedule();
        this.clock = clock;
        this.scan = new OnDemandScan(new OnDemandScans(digests, admins, scans, clock), sharing);
    }

    /** {@code scan}: the fleet scan now, in a thread of {@code channel}; what to tell the asker alone when it cannot run. */
    Optional<String> scan(MethodsClient slack, String channel, String user) {
        return this.scan.run(slack, channel, user);
    }

    /** The reply to {@code digest <args>} typed in {@code channel} by {@code user}; {@code slack} asks whether they are a digest admin. */
    List<SlackMessage> answer(String channel, String user, String args, MethodsClient slack) {
        String[] words = args.trim().split("\\s+", 2);
        String rest = words.length > 1 ? words[1] : "";
        String command = words[0].toLowerCase(Locale.ROOT);
        return switch (command) {
            case "subscribe", "unsubscribe" -> {
                if (!admins.includes(new SlackUsers(slack), user)) {
                    yield notice(DigestReply.ADMINS_ONLY.text());
                }
                Target target = Target.of(channel, rest);
                yield notice(command.equals("subscribe") ? subscribe(target, channel, user, slack) : unsubscribe(target, channel));
            }
            case "preview" -> admins.includes(new SlackUsers(slack), user) ? preview(user) : notice(DigestReply.PREVIEW_ADMINS_ONLY.text());
            default -> notice(usage());
        };
    }

    private List<SlackMessage> preview(String user) {
        Instant now = clock.instant();
        AtomicBoolean granted = new AtomicBoolean();
        Instant last = lastPreview.compute(user, (u, before) -> {
            if (before != null && before.isAfter(now.minus(PREVIEW_EVERY))) {
                return before;
            }
            granted.set(true);
            return now;
        });
        if (!granted.get()) {
            long minutes = Math.max(1, Duration.between(now, last.plus(PREVIEW_EVERY)).toMinutes());
            return notice(DigestReply.PREVIEW_TOO_SOON.text("minutes", minutes));
        }
        return DigestMessages.slack(digests.prepare(DigestSchedule.parse(defaultSchedule).weekStartFor(now)).report());
    }

    private String subscribe(Target target, String channel, String user, MethodsClient slack) {
        Optional<String> refusal = sharing.refusal(slack, target.channel(), target.describe(channel));
        if (refusal.isPresent()) {
            return refusal.get();
        }
        Matcher min = MIN_COST.matcher(target.rest());
        BigDecimal minWeeklyCost = min.find() ? new BigDecimal(min.group(1)) : null;
        Matcher increase = ONLY_ON_INCREASE.matcher(min.replaceAll(""));
        Boolean onlyOnIncrease = increase.find() ? Boolean.TRUE : null;
        String scheduleText = increase.replaceAll("").trim();
        DigestSchedule schedule;
        try {
            schedule = DigestSchedule.parse(scheduleText.isEmpty() ? defaultSchedule : scheduleText);
        } catch (IllegalArgumentException e) {
            return DigestReply.BAD_SCHEDULE.text("reason", e.getMessage(), "usage", usage());
        }
        Instant now = clock.instant();
        subscriptions.subscribe(new Subscription(target.channel(), schedule.toString(), minWeeklyCost, onlyOnIncrease, user, now, null));
        Instant next = scheduler.schedule(target.channel(), schedule, now);
        return DigestReply.SUBSCRIBED.text("target", target.describe(channel), "schedule", schedule,
                "next", WHEN.format(next.atZone(schedule.zone())), "minWeeklyCost", minWeeklyCost == null ? "" : minWeeklyCost.toPlainString(),
                "onlyOnIncrease", onlyOnIncrease != null);
    }

    private String unsubscribe(Target target, String channel) {
        scheduler.cancel(target.channel());
        return (subscriptions.unsubscribe(target.channel()) ? DigestReply.UNSUBSCRIBED : DigestReply.NOT_SUBSCRIBED)
                .text("target", target.describe(channel));
    }

    /** The channel a command names ({@code <#C123|data>} as Slack sends it), else the one it was typed in; and what follows. */
    private record Target(String channel, String rest) {
        static Target of(String typedIn, String args) {
            Matcher named = CHANNEL.matcher(args);
            return named.lookingAt() ? new Target(named.group(1), args.substring(named.end()).trim()) : new Target(typedIn, args.trim());
        }

        /** Values are escaped in messages, so a channel is named in words rather than linked. */
        String describe(String typedIn) {
            return channel.equals(typedIn) ? DigestReply.THIS_CHANNEL.text() : DigestReply.OTHER_CHANNEL.text("channel", channel);
        }
    }

    static String usage() {
        return DigestReply.USAGE.text("command", SlackBot.COMMAND);
    }

    private static List<SlackMessage> notice(String text) {
        return List.of(SlackMessages.notice(text));
    }
}
