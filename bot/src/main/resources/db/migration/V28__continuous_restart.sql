-- A step on a continuous job is in the job's settings but not in effect until the job's active run restarts (Databricks
-- applies new settings to a continuous job only then), and a restart happens only on an approver's confirmation:
-- "awaiting-restart" holds an applied step until then, "rolled-back-waiting" a rolled-back one (state ids fit the column's 20 characters).
ALTER TABLE changes DROP CONSTRAINT known_state;
ALTER TABLE changes ADD CONSTRAINT known_state CHECK (state IN ('proposed', 'approved', 'applying', 'applied',
    'checks-failed', 'verified', 'rolling-back', 'rolled-back', 'rejected', 'awaiting-restart', 'rolled-back-waiting'));
-- When the confirmed restart cancelled the job's active run, and which run that was: the step is judged on a window of the
-- runs started since, against the same window of the cancelled run. Null for a step on a job that is not continuous.
ALTER TABLE changes ADD COLUMN restarted_at TIMESTAMP WITH TIME ZONE;
ALTER TABLE changes ADD COLUMN restarted_from_run_id BIGINT;
