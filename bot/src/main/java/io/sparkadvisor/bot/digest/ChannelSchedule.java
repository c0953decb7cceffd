package io.sparkadvisor.bot.digest;

import com.github.kagkarlsson.scheduler.task.ExecutionComplete;
import com.github.kagkarlsson.scheduler.task.helper.ScheduleAndData;
import com.github.kagkarlsson.scheduler.task.schedule.Schedule;
import java.time.Instant;

/**
 * A channel's schedule as db-scheduler keeps it with the channel's execution. The next digest is
 * computed from when the last one finished, so a digest missed while no replica ran is sent once
 * on return, and the one after that falls on the schedule again (no catching up tick by tick).
 */
public record ChannelSchedule(String text) implements ScheduleAndData, Schedule {
    public DigestSchedule parsed() {
        return DigestSchedule.parse(text);
    }

    @Override
    public Instant getNextExecutionTime(ExecutionComplete executionComplete) {
        return parsed().nextAfter(executionComplete.getTimeDone());
    }

    @Override
    public boolean isDeterministic() {
        return true;
    }

    @Override
    public Schedule getSchedule() {
        return this;
    }

    @Override
    public Object getData() {
        return text;
    }
}
