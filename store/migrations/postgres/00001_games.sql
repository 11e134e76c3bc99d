-- The first schema of timechess serve, for PostgreSQL. Times are milliseconds
-- since 1970 (UTC), durations milliseconds; token hashes are SHA-256 (32
-- bytes). docs/storage.md describes every column.

-- +goose Up
CREATE TABLE games (
    id            TEXT PRIMARY KEY,
    variant       TEXT NOT NULL,
    start         TEXT NOT NULL,
    white_token   BYTEA CHECK (white_token IS NULL OR length(white_token) = 32),
    white_owner   TEXT,
    white_engine  TEXT NOT NULL,
    black_token   BYTEA CHECK (black_token IS NULL OR length(black_token) = 32),
    black_owner   TEXT,
    black_engine  TEXT NOT NULL,
    initial_ms    BIGINT NOT NULL CHECK (initial_ms >= 0),
    increment_ms  BIGINT NOT NULL CHECK (increment_ms >= 0),
    days_per_move INTEGER NOT NULL CHECK (days_per_move >= 0),
    status        TEXT NOT NULL CHECK (status IN ('waiting', 'ongoing', 'ended')),
    result        TEXT NOT NULL CHECK (result IN ('*', '1-0', '0-1', '1/2-1/2')),
    reason        TEXT NOT NULL,
    white_ms      BIGINT NOT NULL,
    black_ms      BIGINT NOT NULL,
    turn_start_ms BIGINT,
    draw_offer    TEXT NOT NULL CHECK (draw_offer IN ('', 'white', 'black')),
    takeback      TEXT NOT NULL CHECK (takeback IN ('', 'white', 'black')),
    ply           INTEGER NOT NULL CHECK (ply >= 0),
    version       BIGINT NOT NULL CHECK (version >= 1),
    comments      INTEGER NOT NULL CHECK (comments >= 0),
    created_ms    BIGINT NOT NULL,
    updated_ms    BIGINT NOT NULL
);
CREATE INDEX games_white_token ON games (white_token) WHERE white_token IS NOT NULL;
CREATE INDEX games_black_token ON games (black_token) WHERE black_token IS NOT NULL;
CREATE INDEX games_white_owner ON games (white_owner) WHERE white_owner IS NOT NULL;
CREATE INDEX games_black_owner ON games (black_owner) WHERE black_owner IS NOT NULL;
CREATE INDEX games_updated ON games (updated_ms);
CREATE INDEX games_status_updated ON games (status, updated_ms);

CREATE TABLE moves (
    game_id  TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply      INTEGER NOT NULL CHECK (ply >= 1),
    action   TEXT NOT NULL,
    clock_ms BIGINT NOT NULL,
    at_ms    BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);

CREATE TABLE comments (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL CHECK (seq >= 1),
    author  TEXT NOT NULL,
    body    TEXT NOT NULL,
    at_ms   BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE seeks (
    id            TEXT PRIMARY KEY,
    variant       TEXT NOT NULL,
    start         TEXT NOT NULL,
    initial_ms    BIGINT NOT NULL CHECK (initial_ms >= 0),
    increment_ms  BIGINT NOT NULL CHECK (increment_ms >= 0),
    days_per_move INTEGER NOT NULL CHECK (days_per_move >= 0),
    side          TEXT NOT NULL CHECK (side IN ('', 'white', 'black')),
    token         BYTEA NOT NULL CHECK (length(token) = 32),
    owner         TEXT,
    created_ms    BIGINT NOT NULL,
    game_id       TEXT REFERENCES games (id) ON DELETE CASCADE
);
CREATE INDEX seeks_open ON seeks (created_ms) WHERE game_id IS NULL;
