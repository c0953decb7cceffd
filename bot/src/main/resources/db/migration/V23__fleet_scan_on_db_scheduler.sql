-- The fleet scan's jobs run as db-scheduler executions (one per week and job, in a table of their own so that
-- the digest's scheduler never sees them), which carry who runs a job and its heartbeats. fleet_scan_jobs keeps
-- only the outcomes the digest reads: claims of the hand-written lease (state 'running', holder, claimed_at) go.
-- One schema for H2 and PostgreSQL.
DELETE FROM fleet_scan_jobs WHERE state <> 'done';
ALTER TABLE fleet_scan_jobs DROP CONSTRAINT known_scan_state;
ALTER TABLE fleet_scan_jobs DROP COLUMN state;
ALTER TABLE fleet_scan_jobs DROP COLUMN holder;
ALTER TABLE fleet_scan_jobs DROP COLUMN claimed_at;
ALTER TABLE fleet_scan_jobs ALTER COLUMN outcome_json SET NOT NULL;

-- db-scheduler's layout, as scheduled_tasks (V10): task_instance is '<week>/<job id>'.
CREATE TABLE fleet_scan_tasks (
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
CREATE INDEX fleet_scan_tasks_execution_time_idx ON fleet_scan_tasks (execution_time);
CREATE INDEX fleet_scan_tasks_last_heartbeat_idx ON fleet_scan_tasks (last_heartbeat);
