//! Integration tests of the server over real HTTP and WebSocket connections: lobby, seats and
//! tokens, versions, hidden information, AI seats, undo, replays, reconnection, hostile input,
//! the OpenAPI document, crash-and-resume of the real binary, and PostgreSQL with two processes.
//!
//! PostgreSQL tests use `$GRIDWRIGHT_TEST_PG` (an admin URL; each test creates its own
//! database), or start a throwaway server with `scripts/pg-test-server.sh`. They fail rather
//! than skip when `CI` is set.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    missing_debug_implementations
)]

mod common;
mod fixture;
mod perturbed;
mod spawn;

mod abort;
mod api;
mod connections;
mod decks;
mod fairness;
mod hardening;
mod hidden_cc;
mod hidden_games;
mod hints;
mod hotseat;
mod integrity;
mod lab;
mod limits;
mod page_weight;
mod persistence;
mod play;
mod postgres;
mod probe;
mod reads;
mod table;
mod undo;
mod web_imports;
mod web_types;
