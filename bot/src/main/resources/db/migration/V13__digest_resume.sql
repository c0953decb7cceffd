-- A digest is several messages: the parent in the channel, the rest in its thread. When a message
-- after the parent fails, the week stays claimed and these say where the retry goes on, so the
-- channel never gets the parent twice. Both are cleared once the digest is complete.
ALTER TABLE digest_subscriptions ADD COLUMN thread_ts VARCHAR(40);
ALTER TABLE digest_subscriptions ADD COLUMN messages_posted INT;
