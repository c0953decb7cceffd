-- The Databricks health rule offered under a verified step's verdict (follow-up.healthRuleFactor x the job's new
-- history): the button carries only the step, the rule comes from here. The approver's click claims it once
-- (offered -> setting: a double click or a second replica sends nothing), then it is set; a send that failed gives it back.
CREATE TABLE health_rule_offers (
    recommendation_id  VARCHAR(200) NOT NULL REFERENCES recommendations (id),
    step               INT          NOT NULL,
    metric             VARCHAR(40)  NOT NULL,
    rule_value         BIGINT       NOT NULL,
    offer_text         VARCHAR      NOT NULL,
    state              VARCHAR(20)  NOT NULL,
    offered_at         TIMESTAMP WITH TIME ZONE NOT NULL,
    set_by             VARCHAR(50),
    CONSTRAINT one_offer_per_step PRIMARY KEY (recommendation_id, step),
    CONSTRAINT known_offer_state CHECK (state IN ('offered', 'setting', 'set'))
);
