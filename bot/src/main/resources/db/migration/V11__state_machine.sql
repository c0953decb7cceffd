-- The explicit state machine (store/Transition): "applying" and "rolling-back" hold a change whose
-- outcome is not known until the job is read back; "checks-failed" replaces an applied step with a
-- failed verdict. One schema for H2 and PostgreSQL.
ALTER TABLE changes DROP CONSTRAINT known_state;
UPDATE changes SET state = 'checks-failed' WHERE state = 'applied' AND followed_up_run_id IS NOT NULL AND followed_up_run_id <> 0;
ALTER TABLE changes ADD CONSTRAINT known_state CHECK (state IN ('proposed', 'approved', 'applying', 'applied',
    'checks-failed', 'verified', 'rolling-back', 'rolled-back', 'rejected'));
-- When the step entered its state: how old an unsettled apply or roll back is.
ALTER TABLE changes ADD COLUMN state_since TIMESTAMP WITH TIME ZONE;
UPDATE changes SET state_since = COALESCE(applied_at, decided_at);

-- One change per job at a time, across replicas: a row is a held lock. The insert is the claim (the
-- primary key lets one replica win); a lock past expires_at belonged to a stopped bot and may be taken.
CREATE TABLE job_locks (
    job_id     BIGINT      PRIMARY KEY,
    holder     VARCHAR(64) NOT NULL,
    expires_at TIMESTAMP WITH TIME ZONE NOT NULL
);
