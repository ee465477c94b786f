//! Schema migrations, numbered and applied in order inside one transaction at start-up. A
//! migration is never edited once released: changes are new entries at the end.

/// One schema step.
pub(crate) struct Migration {
    pub version: i64,
    pub name: &'static str,
    pub sql: &'static str,
}

/// SQLite migrations.
pub(crate) const SQLITE: &[Migration] = &[
    Migration {
        version: 1,
        name: "matches, seats, moves",
        sql: "
CREATE TABLE matches (
    id            TEXT PRIMARY KEY,
    game          TEXT NOT NULL,
    scenario      TEXT,
    rules_version TEXT NOT NULL,
    config        TEXT NOT NULL,
    seed          INTEGER NOT NULL,
    hotseat       INTEGER NOT NULL DEFAULT 0,
    ai_delay_ms   INTEGER,
    status        TEXT NOT NULL,
    rev           INTEGER NOT NULL DEFAULT 0,
    moves         INTEGER NOT NULL DEFAULT 0,
    undos         INTEGER NOT NULL DEFAULT 0,
    result        TEXT,
    created_ms    INTEGER NOT NULL,
    updated_ms    INTEGER NOT NULL
);
CREATE INDEX matches_by_status ON matches (status, created_ms);
CREATE TABLE seats (
    match_id   TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    kind       TEXT NOT NULL,
    agent      TEXT,
    token_hash TEXT,
    PRIMARY KEY (match_id, seat)
);
CREATE TABLE moves (
    match_id   TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    n          INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    action     TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    PRIMARY KEY (match_id, n)
);
",
    },
    Migration {
        version: 2,
        name: "AI leases",
        sql: "
ALTER TABLE matches ADD COLUMN ai_owner TEXT;
ALTER TABLE matches ADD COLUMN ai_until INTEGER;
CREATE INDEX matches_by_ai_lease ON matches (ai_until) WHERE ai_owner IS NOT NULL;
UPDATE matches SET ai_owner = 'upgrade', ai_until = 0 WHERE status IN ('open', 'running')
    AND EXISTS (SELECT 1 FROM seats WHERE seats.match_id = matches.id AND seats.kind = 'ai');
",
    },
    Migration {
        version: 3,
        name: "who created a match",
        sql: "
ALTER TABLE matches ADD COLUMN creator TEXT;
CREATE INDEX matches_by_creator ON matches (creator, status) WHERE creator IS NOT NULL;
",
    },
    Migration {
        version: 4,
        name: "aborting a match",
        sql: "
ALTER TABLE matches ADD COLUMN creator_token_hash TEXT;
ALTER TABLE matches ADD COLUMN aborted_by TEXT;
",
    },
];

/// PostgreSQL migrations.
pub(crate) const POSTGRES: &[Migration] = &[
    Migration {
        version: 1,
        name: "matches, seats, moves",
        sql: "
CREATE TABLE matches (
    id            TEXT PRIMARY KEY,
    game          TEXT NOT NULL,
    scenario      TEXT,
    rules_version TEXT NOT NULL,
    config        TEXT NOT NULL,
    seed          BIGINT NOT NULL,
    hotseat       BOOLEAN NOT NULL DEFAULT FALSE,
    ai_delay_ms   BIGINT,
    status        TEXT NOT NULL,
    rev           BIGINT NOT NULL DEFAULT 0,
    moves         BIGINT NOT NULL DEFAULT 0,
    undos         BIGINT NOT NULL DEFAULT 0,
    result        TEXT,
    created_ms    BIGINT NOT NULL,
    updated_ms    BIGINT NOT NULL
);
CREATE INDEX matches_by_status ON matches (status, created_ms);
CREATE TABLE seats (
    match_id   TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat       BIGINT NOT NULL,
    kind       TEXT NOT NULL,
    agent      TEXT,
    token_hash TEXT,
    PRIMARY KEY (match_id, seat)
);
CREATE TABLE moves (
    match_id   TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    n          BIGINT NOT NULL,
    seat       BIGINT NOT NULL,
    action     TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    PRIMARY KEY (match_id, n)
);
",
    },
    Migration {
        version: 2,
        name: "AI leases",
        sql: "
ALTER TABLE matches ADD COLUMN ai_owner TEXT;
ALTER TABLE matches ADD COLUMN ai_until BIGINT;
CREATE INDEX matches_by_ai_lease ON matches (ai_until) WHERE ai_owner IS NOT NULL;
UPDATE matches SET ai_owner = 'upgrade', ai_until = 0 WHERE status IN ('open', 'running')
    AND EXISTS (SELECT 1 FROM seats WHERE seats.match_id = matches.id AND seats.kind = 'ai');
",
    },
    Migration {
        version: 3,
        name: "who created a match",
        sql: "
ALTER TABLE matches ADD COLUMN creator TEXT;
CREATE INDEX matches_by_creator ON matches (creator, status) WHERE creator IS NOT NULL;
",
    },
    Migration {
        version: 4,
        name: "aborting a match",
        sql: "
ALTER TABLE matches ADD COLUMN creator_token_hash TEXT;
ALTER TABLE matches ADD COLUMN aborted_by TEXT;
",
    },
];
