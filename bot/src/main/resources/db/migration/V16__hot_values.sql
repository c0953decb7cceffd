-- "Find the hot value" on a posted skew finding: what to look up (the finding's evidence: key, table, query), who
-- may start it, and what was found. The conditional claim (offered or failed -> running) makes a double click, two
-- clickers or two replicas run one statement; a run left by a stopped bot may be claimed again once it is stale.
CREATE TABLE hot_values (
    id             VARCHAR(250) PRIMARY KEY,
    run_id         BIGINT       NOT NULL,
    job_id         BIGINT,
    channel        VARCHAR(50)  NOT NULL,
    thread_ts      VARCHAR(50)  NOT NULL,
    requester      VARCHAR(50)  NOT NULL,
    evidence_json  VARCHAR      NOT NULL,
    state          VARCHAR(20)  NOT NULL,
    started_by     VARCHAR(50),
    started_at     TIMESTAMP WITH TIME ZONE,
    hot_value      VARCHAR,
    value_type     VARCHAR(50),
    share          DOUBLE PRECISION,
    CONSTRAINT known_lookup_state CHECK (state IN ('offered', 'running', 'found', 'failed'))
);
