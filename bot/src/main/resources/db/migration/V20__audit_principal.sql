-- The Databricks user a person's action was taken for (their SCIM userName), next to their Slack id in actor:
-- the bot acts for a person, and the trail says whom. Null on the bot's own lines.
ALTER TABLE audit ADD COLUMN principal VARCHAR(320);
