-- Hot values are kept as a keyed hash (HMAC-SHA256, bot/.../store/KeyedHash.java), never in clear: the follow-up
-- recognises the value in its recount by the hash. Values found before this version are dropped (they cannot be
-- hashed here without the key); their lookups keep their share.
ALTER TABLE hot_values ADD COLUMN hot_value_hash VARCHAR(64);
ALTER TABLE hot_values DROP COLUMN hot_value;

-- The bot rebuilds the query from parsed names: the evidence keeps no query text built from plan text.
UPDATE hot_values SET evidence_json = REGEXP_REPLACE(evidence_json, ',"hotValueQuery":"(\\.|[^"\\])*"', '');

-- The HMAC key when SPARK_ADVISOR_HASH_KEY is not set: generated once by the first replica that needs it.
CREATE TABLE hash_keys (
    name    VARCHAR(50)  PRIMARY KEY,
    secret  VARCHAR(100) NOT NULL
);
