package io.sparkadvisor.rules.advisor;

import java.util.List;

/** One stage of a recommendation: the changes, what must hold after the next full run, and when to undo it. */
public record Step(int step, List<Change> changes, List<String> checks, String rollbackWhen) {}
