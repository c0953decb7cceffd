-- A verified step whose job had too few runs since it for a duration health rule (follow-up.healthRuleMinRuns): the
-- follow-up schedule looks again (one runs/list a poll) and offers the rule in the verdict's thread once the runs are
-- there. The row goes when the offer is made, the step is rolled back, or follow-up.healthRuleWaitDays have passed.
CREATE TABLE health_rule_waits (
    recommendation_id  VARCHAR(200) NOT NULL REFERENCES recommendations (id),
    step               INT          NOT NULL,
    waiting_since      TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT one_wait_per_step PRIMARY KEY (recommendation_id, step)
);
