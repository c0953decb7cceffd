-- The digest's threads per job that got costlier get a table of their own: until now they were claimed in fix_posts
-- under a rule id no rule has ('got-costlier'), a special case the fix threads' noise controls had to step around.
CREATE TABLE costlier_threads (
    channel      VARCHAR(50)    NOT NULL,
    week_start   DATE           NOT NULL,
    job_id       VARCHAR(40)    NOT NULL,
    per_week     DECIMAL(18, 2) NOT NULL,
    thread_ts    VARCHAR(50),
    posted_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (channel, week_start, job_id)
);
INSERT INTO costlier_threads (channel, week_start, job_id, per_week, thread_ts, posted_at)
    SELECT channel, week_start, job_id, per_week, thread_ts, posted_at FROM fix_posts WHERE rule_id = 'got-costlier';
DELETE FROM fix_posts WHERE rule_id = 'got-costlier';
