-- The measured effect of an applied step (its verdict and before/after table), kept with the change
-- so `/spark-advisor history` shows it without searching the audit trail.
ALTER TABLE changes ADD COLUMN verdict VARCHAR;
