-- Whether the step's verdict passed: a verified step may be rolled back too, and a roll back that does not reach
-- the job returns the step to the verdict it had (verified or checks-failed). Until now only a failed step was judged
-- and then rolled back, so every judged step in a state other than verified failed.
ALTER TABLE changes ADD COLUMN passed BOOLEAN;
UPDATE changes SET passed = (state = 'verified') WHERE followed_up_run_id IS NOT NULL AND followed_up_run_id <> 0;
