-- The run whose verdict was posted for an applied step: set once, by a conditional update, so of
-- several replicas polling the same change exactly one posts the verdict, and a failed step that
-- stays applied (offering its roll back) is not judged again.
ALTER TABLE changes ADD COLUMN followed_up_run_id BIGINT;
