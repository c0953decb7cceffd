package io.sparkadvisor.rules.compare;

import java.util.List;

/**
 * One cause of the run's time difference, with the time it explains summed over the stages it acted in.
 *
 * @param title      one line naming the cause
 * @param ms         signed milliseconds it explains: positive when it made the run slower
 * @param share      {@code ms} over the whole difference
 * @param stageIds   the run's stages it acted in (the baseline's for a stage the run dropped)
 * @param arithmetic one line per stage (or for the time outside stages): the numbers that give its part
 * @param because    the changed settings that act through this cause
 */
public record Cause(CauseKind kind, String title, long ms, double share, List<Integer> stageIds, List<String> arithmetic,
        List<SettingChange> because) {

    public Cause {
        stageIds = List.copyOf(stageIds);
        arithmetic = List.copyOf(arithmetic);
        because = List.copyOf(because);
    }
}
