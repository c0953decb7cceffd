-- Signed requests already taken, across replicas, in the shape of slack_events: a hash of the request's
-- signature with its timestamp, or of its trigger_id. A replay of a signed request within Slack's five-minute
-- signature window is dropped. Rows older than the window (and a margin) are deleted as new ones arrive.
CREATE TABLE slack_requests (
    event_id    VARCHAR(64) PRIMARY KEY,
    received_at TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX slack_requests_received_idx ON slack_requests (received_at);
