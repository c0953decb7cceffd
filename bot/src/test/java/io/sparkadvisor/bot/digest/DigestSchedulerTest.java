package io.sparkadvisor.bot.digest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.kagkarlsson.scheduler.task.TaskInstanceId;
import com.github.kagkarlsson.scheduler.testhelper.ManualScheduler;
import io.sparkadvisor.bot.config.DigestConfig;
import io.sparkadvisor.bot.store.AnalysedFindings;
import io.sparkadvisor.bot.store.Changes;
import io.sparkadvisor.bot.store.Database;
import io.sparkadvisor.bot.store.Reached;
import io.sparkadvisor.bot.store.DigestSubscriptions;
import io.sparkadvisor.bot.store.Subscription;
import io.sparkadvisor.bot.store.TestDatabases;
import io.sparkadvisor.databricks.Workspaces;
import io.sparkadvisor.knowledge.Corpus;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The schedule run by db-scheduler on a real database, driven by its settable clock: no sleeping. */
class DigestSchedulerTest {
    static final String CHANNEL = "C0DATA";
    static final DigestSchedule BERLIN_MONDAY = DigestSchedule.parse("mon 09:00 Europe/Berlin");

    record Posted(String channel, LocalDate week) {}

    final Database db = TestDatabases.fresh(TestDatabases.Kind.H2);
    final DigestSubscriptions subscriptions = new DigestSubscriptions(db);
    final List<Posted> posted = new CopyOnWriteArrayList<>();

    /** Checks of the channel's sharing that fail before one gets through, as when Slack cannot be reached. */
    final AtomicInteger unknownSharing = new AtomicInteger();
    /** Posts that fail before one gets through, as when Slack is down or the bot is not in the channel yet. */
    final AtomicInteger failingPosts = new AtomicInteger();
    /** Messages after the parent that fail, as when Slack has a bad minute halfway through a digest. */
    final AtomicInteger failingReplies = new AtomicInteger();
    /** A digest here is three messages: the parent and two in its thread; each message number as it goes out. */
    static final int MESSAGES = 3;
    final List<Integer> threadMessages = new CopyOnWriteArrayList<>();

    ManualScheduler scheduler(Instant now) {
        Digests digests = new Digests(Workspaces.fromDirectory(Corpus.dir().resolve("workspace")), DigestConfig.DEFAULTS,
                new AnalysedFindings(db), new Changes(db));
        return DigestSchedulers.manual(db, new ScheduledDigests(subscriptions, digests, DigestConfig.DEFAULTS, (channel, digest, from, reached) -> {
            if (failingPosts.getAndDecrement() > 0) {
                throw new IllegalStateException("chat.postMessage answered not_in_channel");
            }
            if (!from.parentPosted()) {
                posted.add(new Posted(channel, digest.report().from()));
            }
            for (int next = from.messages() + 1; next <= MESSAGES; next++) {
                if (next > 1 && failingReplies.getAndDecrement() > 0) {
                    throw new IllegalStateException("chat.postMessage answered internal_error");
                }
                threadMessages.add(next);
                reached.accept(new Reached("P1", next));
            }
        }, channel -> {
            if (unknownSharing.getAndDecrement() > 0) {
                throw new IllegalStateException("conversations.info failed: SocketTimeoutException");
            }
            return Optional.empty();
        }), now);
    }

    void subscribe(ManualScheduler scheduler, DigestSchedule schedule, BigDecimal minWeeklyCost) {
        Instant now = scheduler.getClock().now();
        subscriptions.subscribe(new Subscription(CHANNEL, schedule.toString(), minWeeklyCost, null, "U0ANA", now, null));
        new DigestScheduler(scheduler).schedule(CHANNEL, schedule, now);
    }

    Instant nextExecution(ManualScheduler scheduler) {
        return scheduler.getScheduledExecution(TaskInstanceId.of(DigestScheduler.TASK, CHANNEL)).orElseThrow().getExecutionTime();
    }

    @Test
    void dueAtNineOnMondayInBerlinNotBefore() {
        ManualScheduler scheduler = scheduler(Instant.parse("2026-11-25T12:00:00Z"));
        subscribe(scheduler, BERLIN_MONDAY, null);
        assertEquals(Instant.parse("2026-11-30T08:00:00Z"), nextExecution(scheduler));

        scheduler.setTime(Instant.parse("2026-11-30T07:59:59Z"));
        scheduler.runAnyDueExecutions();
        assertEquals(List.of(), posted);

        scheduler.setTime(Instant.parse("2026-11-30T08:00:00Z"));
        scheduler.runAnyDueExecutions();
        scheduler.runAnyDueExecutions();
        assertEquals(List.of(new Posted(CHANNEL, LocalDate.parse("2026-11-23"))), posted);
        assertEquals(Instant.parse("2026-12-07T08:00:00Z"), nextExecution(scheduler));
    }

    @Test
    void aDigestMissedWhileTheBotWasDownIsSentOnceOnReturn() {
        ManualScheduler scheduler = scheduler(Instant.parse("2026-11-25T12:00:00Z"));
        subscribe(scheduler, BERLIN_MONDAY, null);

        scheduler.setTime(Instant.parse("2026-12-16T10:30:00Z"));   // down over three Mondays
        scheduler.runAnyDueExecutions();
        scheduler.runAnyDueExecutions();

        assertEquals(List.of(new Posted(CHANNEL, LocalDate.parse("2026-12-07"))), posted,
                "once, about the last complete week before the latest Monday, not the first missed one");
        assertEquals(Instant.parse("2026-12-21T08:00:00Z"), nextExecution(scheduler), "then back on the schedule");
    }

    @Test
    void theScheduleFollowsBerlinsClockAcrossTheEndOfSummerTime() {
        ManualScheduler scheduler = scheduler(Instant.parse("2026-10-14T12:00:00Z"));
        subscribe(scheduler, BERLIN_MONDAY, null);
        assertEquals(Instant.parse("2026-10-19T07:00:00Z"), nextExecution(scheduler), "09:00 CEST");

        scheduler.setTime(Instant.parse("2026-10-19T07:00:00Z"));
        scheduler.runAnyDueExecutions();

        assertEquals(1, posted.size());
        assertEquals(Instant.parse("2026-10-26T08:00:00Z"), nextExecution(scheduler), "09:00 CET after 25 October");
    }

    @Test
    void aWeekUnderTheMinimumIsNotPostedAndAnUnsubscribedChannelGetsNothing() {
        ManualScheduler scheduler = scheduler(Instant.parse("2026-11-25T12:00:00Z"));
        subscribe(scheduler, BERLIN_MONDAY, new BigDecimal("5000"));   // the recorded week cost 2,205.78
        scheduler.setTime(Instant.parse("2026-11-30T08:00:00Z"));
        scheduler.runAnyDueExecutions();
        assertEquals(List.of(), posted);
        assertEquals(LocalDate.parse("2026-11-23"), subscriptions.find(CHANNEL).orElseThrow().lastWeek(), "the week was dealt with");

        subscribe(scheduler, BERLIN_MONDAY, null);
        new DigestScheduler(scheduler).cancel(CHANNEL);
        subscriptions.unsubscribe(CHANNEL);
        scheduler.setTime(Instant.parse("2026-12-07T08:00:00Z"));
        scheduler.runAnyDueExecutions();
        assertEquals(List.of(), posted);
        assertTrue(scheduler.getScheduledExecution(TaskInstanceId.of(DigestScheduler.TASK, CHANNEL)).isEmpty());
    }

    @Test
    void aDigestSlackRefusedIsPostedByTheRetryNotLost() {
        ManualScheduler scheduler = scheduler(Instant.parse("2026-11-25T12:00:00Z"));
        subscribe(scheduler, BERLIN_MONDAY, null);
        failingPosts.set(2);

        scheduler.setTime(Instant.parse("2026-11-30T08:00:00Z"));
        scheduler.runAnyDueExecutions();
        assertEquals(List.of(), posted);
        assertEquals(null, subscriptions.find(CHANNEL).orElseThrow().lastWeek(), "the week is given back");
        assertEquals(Instant.parse("2026-11-30T08:15:00Z"), nextExecution(scheduler), "tried again in 15 minutes");

        scheduler.setTime(Instant.parse("2026-11-30T08:15:00Z"));
        scheduler.runAnyDueExecutions();
        scheduler.setTime(Instant.parse("2026-11-30T08:30:00Z"));
        scheduler.runAnyDueExecutions();
        scheduler.runAnyDueExecutions();

        assertEquals(List.of(new Posted(CHANNEL, LocalDate.parse("2026-11-23"))), posted, "once, when Slack took it");
        assertEquals(Instant.parse("2026-12-07T08:00:00Z"), nextExecution(scheduler), "then back on the schedule");
    }

    @Test
    void aChannelWhoseSharingSlackCannotTellGetsNothingUntilItCan() {
        ManualScheduler scheduler = scheduler(Instant.parse("2026-11-25T12:00:00Z"));
        subscribe(scheduler, BERLIN_MONDAY, null);
        unknownSharing.set(1);

        scheduler.setTime(Instant.parse("2026-11-30T08:00:00Z"));
        scheduler.runAnyDueExecutions();
        assertEquals(List.of(), posted, "fails closed");
        assertEquals(null, subscriptions.find(CHANNEL).orElseThrow().lastWeek(), "the week is not taken");
        assertEquals(Instant.parse("2026-11-30T08:15:00Z"), nextExecution(scheduler), "tried again in 15 minutes");

        scheduler.setTime(Instant.parse("2026-11-30T08:15:00Z"));
        scheduler.runAnyDueExecutions();
        assertEquals(List.of(new Posted(CHANNEL, LocalDate.parse("2026-11-23"))), posted, "posted once Slack tells");
    }

    @Test
    void aWeekIsClaimedOnce() {
        subscriptions.subscribe(new Subscription(CHANNEL, BERLIN_MONDAY.toString(), null, null, "U0ANA", Instant.EPOCH, null));
        assertTrue(subscriptions.claimWeek(CHANNEL, LocalDate.parse("2026-11-23")));
        assertEquals(false, subscriptions.claimWeek(CHANNEL, LocalDate.parse("2026-11-23")));
        assertEquals(false, subscriptions.claimWeek(CHANNEL, LocalDate.parse("2026-11-16")));
        assertTrue(subscriptions.claimWeek(CHANNEL, LocalDate.parse("2026-11-30")));
    }

    @Test
    void aDigestCutOffAfterItsParentIsFinishedByTheRetryWithoutASecondParent() {
        ManualScheduler scheduler = scheduler(Instant.parse("2026-11-25T12:00:00Z"));
        subscribe(scheduler, BERLIN_MONDAY, null);
        failingReplies.set(1);

        scheduler.setTime(Instant.parse("2026-11-30T08:00:00Z"));
        scheduler.runAnyDueExecutions();
        assertEquals(List.of(1), threadMessages, "the parent went out, its first reply failed");
        assertEquals(LocalDate.parse("2026-11-23"), subscriptions.find(CHANNEL).orElseThrow().lastWeek(), "the week stays claimed");
        assertEquals(new Reached("P1", 1), subscriptions.unfinished(CHANNEL, LocalDate.parse("2026-11-23")).orElseThrow());

        scheduler.setTime(Instant.parse("2026-11-30T08:15:00Z"));
        scheduler.runAnyDueExecutions();
        scheduler.runAnyDueExecutions();

        assertEquals(List.of(new Posted(CHANNEL, LocalDate.parse("2026-11-23"))), posted, "one parent");
        assertEquals(List.of(1, 2, 3), threadMessages, "each message once, in order");
        assertTrue(subscriptions.unfinished(CHANNEL, LocalDate.parse("2026-11-23")).isEmpty(), "finished");
        assertEquals(Instant.parse("2026-12-07T08:00:00Z"), nextExecution(scheduler), "then back on the schedule");
    }
}
