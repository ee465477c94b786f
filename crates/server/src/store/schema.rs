//! Schema migrations, numbered and applied in order inside one transaction at start-up. A
//! migration is never edited once released: changes are new entries at the end.
//!
//! Both databases get the same migrations, written once (`migrations!`): they differ only in
//! the integer column type (SQLite `INTEGER`, PostgreSQL `BIGINT`) and in how a flag is stored
//! (SQLite has no boolean: `INTEGER` with default `0`; PostgreSQL `BOOLEAN`, default `FALSE`).

/// One schema step.
pub(crate) struct Migration {
    pub version: i64,
    pub name: &'static str,
    pub sql: &'static str,
}

/// Every migration, for a database whose integer column type is `$int` and whose flag column
/// type and false are `$flag` and `$no`.
macro_rules! migrations {
    ($int:literal, $flag:literal, $no:literal) => {
        &[
            Migration {
                version: 1,
                name: "matches, seats, moves",
                sql: concat!(
                    "
CREATE TABLE matches (
    id            TEXT PRIMARY KEY,
    game          TEXT NOT NULL,
    scenario      TEXT,
    rules_version TEXT NOT NULL,
    config        TEXT NOT NULL,
    seed          ",
                    $int,
                    " NOT NULL,
    hotseat       ",
                    $flag,
                    " NOT NULL DEFAULT ",
                    $no,
                    ",
    ai_delay_ms   ",
                    $int,
                    ",
    status        TEXT NOT NULL,
    rev           ",
                    $int,
                    " NOT NULL DEFAULT 0,
    moves         ",
                    $int,
                    " NOT NULL DEFAULT 0,
    undos         ",
                    $int,
                    " NOT NULL DEFAULT 0,
    result        TEXT,
    created_ms    ",
                    $int,
                    " NOT NULL,
    updated_ms    ",
                    $int,
                    " NOT NULL
);
CREATE INDEX matches_by_status ON matches (status, created_ms);
CREATE TABLE seats (
    match_id   TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat       ",
                    $int,
                    " NOT NULL,
    kind       TEXT NOT NULL,
    agent      TEXT,
    token_hash TEXT,
    PRIMARY KEY (match_id, seat)
);
CREATE TABLE moves (
    match_id   TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    n          ",
                    $int,
                    " NOT NULL,
    seat       ",
                    $int,
                    " NOT NULL,
    action     TEXT NOT NULL,
    created_ms ",
                    $int,
                    " NOT NULL,
    PRIMARY KEY (match_id, n)
);
"
                ),
            },
            Migration {
                version: 2,
                name: "AI leases",
                sql: concat!(
                    "
ALTER TABLE matches ADD COLUMN ai_owner TEXT;
ALTER TABLE matches ADD COLUMN ai_until ",
                    $int,
                    ";
CREATE INDEX matches_by_ai_lease ON matches (ai_until) WHERE ai_owner IS NOT NULL;
UPDATE matches SET ai_owner = 'upgrade', ai_until = 0 WHERE status IN ('open', 'running')
    AND EXISTS (SELECT 1 FROM seats WHERE seats.match_id = matches.id AND seats.kind = 'ai');
"
                ),
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
            Migration {
                version: 5,
                name: "lab runs",
                sql: concat!(
                    "
CREATE TABLE lab_runs (
    id         TEXT PRIMARY KEY,
    creator    TEXT NOT NULL,
    game       TEXT NOT NULL,
    setup      TEXT,
    request    TEXT NOT NULL,
    status     TEXT NOT NULL,
    done       ",
                    $int,
                    " NOT NULL DEFAULT 0,
    total      ",
                    $int,
                    " NOT NULL,
    report     TEXT,
    charts     TEXT,
    error      TEXT,
    created_ms ",
                    $int,
                    " NOT NULL,
    updated_ms ",
                    $int,
                    " NOT NULL,
    token_hash TEXT NOT NULL
);
CREATE INDEX lab_runs_by_created ON lab_runs (created_ms);
CREATE INDEX lab_runs_by_status ON lab_runs (status, creator);
"
                ),
            },
        ]
    };
}

/// SQLite migrations.
pub(crate) const SQLITE: &[Migration] = migrations!("INTEGER", "INTEGER", "0");

/// PostgreSQL migrations.
pub(crate) const POSTGRES: &[Migration] = migrations!("BIGINT", "BOOLEAN", "FALSE");
