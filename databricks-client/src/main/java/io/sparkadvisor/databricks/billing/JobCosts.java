package io.sparkadvisor.databricks.billing;

import java.time.LocalDate;
import java.util.List;

/** Jobs spend by week, day and run: from the billing tables ({@link SystemTableCosts}) or estimated from runs. */
public interface JobCosts {
    /** The week from {@code weekStart} and the week before, with the {@code top} costliest and fastest growing jobs. */
    WeeklyCosts weekly(LocalDate weekStart, int top);

    List<DailyCost> daily(List<String> jobIds, LocalDate from, LocalDate to);

    List<RunCost> perRun(List<String> jobIds, LocalDate from, LocalDate to);
}
