-- What a recommendation predicted its job's run time would become (the analysed run's duration less
-- the finding's saving), and what each run judged after one of its steps took: the verdict shows
-- both, and `spark-advisor accuracy` says per rule how far off the predictions were.
CREATE TABLE predictions (
    recommendation_id VARCHAR(200) PRIMARY KEY REFERENCES recommendations (id),
    rule_id           VARCHAR(100) NOT NULL,
    baseline_ms       BIGINT       NOT NULL,
    predicted_ms      BIGINT       NOT NULL,
    upper_bound       BOOLEAN      NOT NULL
);
CREATE TABLE prediction_outcomes (
    recommendation_id VARCHAR(200) NOT NULL REFERENCES predictions (recommendation_id),
    step              INT          NOT NULL,
    run_id            BIGINT       NOT NULL,
    actual_ms         BIGINT       NOT NULL,
    PRIMARY KEY (recommendation_id, step)
);
