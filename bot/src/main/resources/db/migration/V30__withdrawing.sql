-- A step awaiting its continuous job's restart may be rolled back before it was ever in effect: "withdrawing" holds it
-- while its settings are put back (then rolled back, with no restart, or back to awaiting-restart if that failed).
ALTER TABLE changes DROP CONSTRAINT known_state;
ALTER TABLE changes ADD CONSTRAINT known_state CHECK (state IN ('proposed', 'approved', 'applying', 'applied',
    'checks-failed', 'verified', 'rolling-back', 'rolled-back', 'rejected', 'awaiting-restart', 'rolled-back-waiting',
    'withdrawing'));
