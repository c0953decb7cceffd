-- On-demand fleet scans (/spark-advisor scan) per channel and UTC day, so that every replica keeps to
-- scan.perChannelPerDay: a scan takes the first free slot of its channel's day, and the primary key
-- lets one of two replicas taking the same slot win. Rows of earlier days are deleted as scans come.
CREATE TABLE scan_requests (
    channel       VARCHAR(50)  NOT NULL,
    scan_day      DATE         NOT NULL,
    slot          INT          NOT NULL,
    requested_by  VARCHAR(50)  NOT NULL,
    requested_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (channel, scan_day, slot)
);
