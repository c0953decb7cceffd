-- Events API deliveries already taken, by Slack's event_id: a retry of an event some replica took is
-- dropped, a retry of one that never got through is answered. Rows older than Slack's retry window
-- are deleted as new ones arrive.
CREATE TABLE slack_events (
    event_id    VARCHAR(64) PRIMARY KEY,
    received_at TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX slack_events_received_idx ON slack_events (received_at);
