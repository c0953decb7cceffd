-- The weekly fleet scan. One schema for H2 and PostgreSQL.

-- One row per week and job: the insert claims the job for one replica ('running', with the holder and
-- when); 'done' keeps the outcome (the findings of its latest run, or why it could not be analysed) as
-- JSON, so a scan cut short by a restart goes on with the jobs not done, and a second replica or the
-- digest of another channel reads the outcome instead of analysing again. A 'running' claim older than
-- the scan's time budget belonged to a stopped replica and may be taken over.
CREATE TABLE fleet_scan_jobs (
    week_start   DATE         NOT NULL,
    job_id       VARCHAR(40)  NOT NULL,
    state        VARCHAR(10)  NOT NULL,
    holder       VARCHAR(64)  NOT NULL,
    claimed_at   TIMESTAMP WITH TIME ZONE NOT NULL,
    outcome_json VARCHAR,
    PRIMARY KEY (week_start, job_id),
    CONSTRAINT known_scan_state CHECK (state IN ('running', 'done'))
);

-- Each fix a digest posted in a channel, with its dollars per week and its recommendation: a fix posted
-- before and not acted on is posted again only when its dollars grew. The primary key makes a week's
-- fix one thread per channel, however many replicas or retries post the digest.
CREATE TABLE fix_posts (
    channel            VARCHAR(50)    NOT NULL,
    week_start         DATE           NOT NULL,
    job_id             VARCHAR(40)    NOT NULL,
    rule_id            VARCHAR(100)   NOT NULL,
    per_week           DECIMAL(18, 2) NOT NULL,
    recommendation_id  VARCHAR(200),
    thread_ts          VARCHAR(50),
    posted_at          TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (channel, week_start, job_id, rule_id)
);
CREATE INDEX fix_posts_by_job ON fix_posts (job_id, rule_id);
