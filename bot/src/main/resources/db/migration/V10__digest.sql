-- The weekly cost digest. One schema for H2 and PostgreSQL.

-- db-scheduler's table (its PostgreSQL layout, with types H2 understands too): one row per
-- subscribed channel holds the channel's next digest; replicas claim a due row with an optimistic
-- version check, so one of them runs it.
CREATE TABLE scheduled_tasks (
    task_name            VARCHAR(100) NOT NULL,
    task_instance        VARCHAR(200) NOT NULL,
    task_data            BYTEA,
    execution_time       TIMESTAMP WITH TIME ZONE NOT NULL,
    picked               BOOLEAN      NOT NULL,
    picked_by            VARCHAR(100),
    last_success         TIMESTAMP WITH TIME ZONE,
    last_failure         TIMESTAMP WITH TIME ZONE,
    consecutive_failures INT,
    last_heartbeat       TIMESTAMP WITH TIME ZONE,
    version              BIGINT       NOT NULL,
    priority             SMALLINT,
    PRIMARY KEY (task_name, task_instance)
);
CREATE INDEX execution_time_idx ON scheduled_tasks (execution_time);
CREATE INDEX last_heartbeat_idx ON scheduled_tasks (last_heartbeat);
CREATE INDEX priority_execution_time_idx ON scheduled_tasks (priority DESC, execution_time ASC);

-- A channel's subscription: its schedule, its noise controls (null: the config file's) and the
-- last week it was sent, claimed by a conditional update so a week is posted once.
CREATE TABLE digest_subscriptions (
    channel            VARCHAR(50)  PRIMARY KEY,
    schedule           VARCHAR(100) NOT NULL,
    min_weekly_cost    DECIMAL(18, 2),
    only_on_increase   BOOLEAN,
    subscribed_by      VARCHAR(50)  NOT NULL,
    subscribed_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    last_week          DATE
);

-- The findings of each analysed run, for the digest's waste section; one row per recommendation id.
CREATE TABLE analysed_findings (
    recommendation_id  VARCHAR(200) PRIMARY KEY,
    run_id             BIGINT       NOT NULL,
    job_id             BIGINT,
    subject            VARCHAR(300) NOT NULL,
    rule_id            VARCHAR(100) NOT NULL,
    title              VARCHAR      NOT NULL,
    runtime_ms         BIGINT       NOT NULL,
    core_hours         DOUBLE PRECISION NOT NULL,
    analysed_at        TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX analysed_findings_by_time ON analysed_findings (analysed_at);
