-- The rest of an analysed finding's saving, so the digest's waste line says what the finding said: node-hours and
-- list-price dollars, and whether the figures are the most the run can save ("up to") or an estimate ("about").
-- Rows kept before read as they did: no node-hours or dollars, "about".
ALTER TABLE analysed_findings ADD COLUMN node_hours DOUBLE PRECISION DEFAULT 0 NOT NULL;
ALTER TABLE analysed_findings ADD COLUMN dollars DOUBLE PRECISION DEFAULT 0 NOT NULL;
ALTER TABLE analysed_findings ADD COLUMN upper_bound BOOLEAN DEFAULT FALSE NOT NULL;
