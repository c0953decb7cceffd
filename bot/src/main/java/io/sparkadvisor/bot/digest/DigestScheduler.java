package io.sparkadvisor.bot.digest;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.serializer.Serializer;
import com.github.kagkarlsson.scheduler.task.Execution;
import com.github.kagkarlsson.scheduler.task.ExecutionContext;
import com.github.kagkarlsson.scheduler.task.FailureHandler;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.task.TaskInstanceId;
import com.github.kagkarlsson.scheduler.task.helper.RecurringTaskWithPersistentSchedule;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import io.sparkadvisor.bot.store.Database;
import io.sparkadvisor.bot.store.SchedulerJdbc;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;

/**
 * The digest's schedule in db-scheduler, on the bot's database: one execution per subscribed
 * channel (instance id = channel), carrying the channel's schedule. Replicas pick a due execution
 * with an optimistic version check, so one of them sends it; its next time is then computed from
 * the schedule.
 */
public final class DigestScheduler {
    public static final String TASK = "weekly-digest";
    /** A digest may go out up to this late: it is weekly, so a minute is plenty. */
    static final Duration POLLING = Duration.ofMinutes(1);
    /** A digest that failed (the workspace unreachable) is tried again soon, not a week later as its schedule would. */
    static final Duration RETRY = Duration.ofMinutes(15);

    /** The schedule text is all an execution carries: readable in the table, no Java serialization. */
    public static final Serializer SCHEDULE_TEXT = new Serializer() {
        @Override
        public byte[] serialize(Object data) {
            return ((ChannelSchedule) data).text().getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public <T> T deserialize(Class<T> type, byte[] bytes) {
            return type.cast(new ChannelSchedule(new String(bytes, StandardCharsets.UTF_8)));
        }
    };

    private final SchedulerClient client;

    public DigestScheduler(SchedulerClient client) {
        this.client = client;
    }

    /** The task every replica registers; {@code digests} sends a channel's digest when it is due. */
    public static RecurringTaskWithPersistentSchedule<ChannelSchedule> task(ScheduledDigests digests) {
        return Tasks.recurringWithPersistentSchedule(TASK, ChannelSchedule.class)
                .onFailure(new FailureHandler.OnFailureRetryLater<>(RETRY))
                .execute((instance, context) -> digests.send(instance.getId(), instance.getData().parsed(), pickedAt(context)));
    }

    /** When this replica picked the execution, on the scheduler's clock (its due time if the store did not say). */
    private static Instant pickedAt(ExecutionContext context) {
        Execution execution = context.getExecution();
        return execution.lastHeartbeat != null ? execution.lastHeartbeat : execution.getExecutionTime();
    }

    /**
     * Starts executing due digests on this replica: polls the table every {@link #POLLING}, and
     * revives an execution whose replica stopped sending heartbeats (it died mid-digest).
     */
    public static Scheduler start(Database db, ScheduledDigests digests) {
        Scheduler scheduler = Scheduler.create(db.dataSource(), task(digests)).serializer(SCHEDULE_TEXT).threads(1)
                .jdbcCustomization(SchedulerJdbc.of(db)).pollingInterval(POLLING).registerShutdownHook().build();
        scheduler.start();
        return scheduler;
    }

    /** Schedules the channel's next digest, replacing an earlier schedule; returns when it is due. */
    public Instant schedule(String channel, DigestSchedule schedule, Instant now) {
        cancel(channel);
        Instant next = schedule.nextAfter(now);
        client.scheduleIfNotExists(new TaskInstance<>(TASK, channel, new ChannelSchedule(schedule.toString())), next);
        return next;
    }

    public void cancel(String channel) {
        TaskInstanceId id = TaskInstanceId.of(TASK, channel);
        if (client.getScheduledExecution(id).isPresent()) {
            client.cancel(id);
        }
    }
}
