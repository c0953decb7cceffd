package io.sparkadvisor.templates.replies;

import java.util.List;

/**
 * The sentences of the health-rule offer after a verified step ({@code templates/replies/healthrules.yaml}): the offer
 * with its arithmetic, why none is offered, and what came of a click. Each constant names what its entry is filled with.
 */
public enum HealthRuleReply implements Reply {
    OFFER_DURATION("limit", "factor", "p95", "runs", "plural", "step", "replaces"),
    OFFER_BACKLOG("limit", "factor", "peak", "batchRows", "batches", "runId", "replaces"),
    TOO_LITTLE_HISTORY("runs", "plural", "step", "needed"),
    WAITING_FOR_RUNS("days"),
    STOPPED_WAITING("runs", "plural", "step", "needed", "days"),
    ALREADY_COVERED("rule", "offered"),
    NO_BACKLOG_MEASURE("runId"),
    RULE("metric", "value"),
    SET_BY("user", "rule"),
    SET_NOTE("user", "rule", "jobId"),
    ALREADY_SET("user"),
    UNKNOWN_OFFER,
    NOT_SET("reason");

    private final List<String> fills;

    HealthRuleReply(String... fills) {
        this.fills = List.of(fills);
    }

    @Override
    public String catalogue() {
        return "healthrules";
    }

    @Override
    public List<String> fills() {
        return fills;
    }
}
