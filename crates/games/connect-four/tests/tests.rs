//! The one integration-test binary of the crate: engine conformance, a cross-check of the
//! bitboard against a plain referee, and the golden replays.

// A test binary reports failure by panicking; helpers outside `#[test]` fns may unwrap too.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use gridwright_connect_four::{Column, Config, ConnectFour, Observation};
use gridwright_engine::testing::golden::Golden;
use gridwright_engine::testing::{check_action_index, check_event_fold, random_sim};
use gridwright_engine::{ActionIndex, Actor, Events, Game, Rng, Seat, Session, Turn, Viewer};

/// The engine's conformance harness: legal actions sorted and unique, clone equality,
/// out-of-turn refusals, action text round trips, observations for every viewer, returns in
/// range, length within `max_game_length`, and every 50th game re-run from its replay file.
#[test]
fn conformance_random_sim() {
    let report = random_sim::<ConnectFour>(&Config::default(), 3000, 2024, 50);
    assert_eq!(report.games, 3000);
    assert!(report.longest <= 42);
    // Random play favours the first player (about 56% to 44%), and the sums are ±1 per game.
    let [p1, p2] = [report.returns[Seat::new(0)], report.returns[Seat::new(1)]];
    assert_eq!(p1, -p2, "zero-sum");
    assert!(p1 > 0.0, "P1 should win more random games than P2: {p1}");
}

/// The event log is an audit trail: after every move of random games, the first observation
/// folded with every event so far is the observation (for both seats and a spectator).
#[test]
fn every_visible_change_is_an_event() {
    let r = check_event_fold::<ConnectFour>(&Config::default(), 300, 2024);
    assert_eq!(r.games, 300);
    assert!(r.folded > 300 * 7 * 3, "{r:?}");
}

/// The flat action index: 7 indices, one per column; every legal drop maps to its own index
/// and back, the mask marks exactly the columns with room.
#[test]
fn action_index_conformance() {
    let r = check_action_index::<ConnectFour>(&Config::default(), 300, 2024);
    assert_eq!((r.num_distinct_actions, r.mapped, r.games), (7, 7, 300));
    assert_eq!((r.unindexed, r.indices_seen), (0, 7));
    assert!(r.states > 300 * 7, "{r:?}");
}

/// Whether `seat` has four in a row on `board` (rows top first), checked cell by cell.
fn naive_four(board: &[Vec<Option<Seat>>], seat: Seat) -> bool {
    let at = |r: i32, c: i32| {
        r >= 0
            && c >= 0
            && (r as usize) < board.len()
            && (c as usize) < board[0].len()
            && board[r as usize][c as usize] == Some(seat)
    };
    let directions = [(0, 1), (1, 0), (1, 1), (1, -1)];
    (0..board.len() as i32).any(|r| {
        (0..board[0].len() as i32).any(|c| {
            directions
                .iter()
                .any(|&(dr, dc)| (0..4).all(|i| at(r + dr * i, c + dc * i)))
        })
    })
}

/// The bitboard's verdict matches a cell-by-cell referee after every move of many random games,
/// and discs land where the referee expects.
#[test]
fn bitboard_agrees_with_a_plain_referee() {
    let mut rng = Rng::seed_from_u64(99);
    for _ in 0..2000 {
        let mut game = ConnectFour::initial();
        while let Turn::Seat(seat) = game.turn() {
            let legal = game.legal_actions_vec(seat);
            for c in Column::all() {
                let has = legal.iter().any(|a| a.column() == c);
                assert_eq!(has, game.height(c) < ConnectFour::ROWS);
            }
            let action = legal[rng.index(legal.len())];
            let before: Observation = game.observe(Viewer::Spectator);
            game.step(Actor::Seat(seat), action, &mut Events::disabled());
            let after = game.observe(Viewer::Spectator);
            let landed = (0..6)
                .rev()
                .find(|&r| before.board[r][action.column().index()].is_none());
            let Some(r) = landed else {
                panic!("dropped into a full column");
            };
            assert_eq!(after.board[r][action.column().index()], Some(seat));
            let four = naive_four(&after.board, seat);
            assert_eq!(
                game.winner() == Some(seat),
                four,
                "\n{}",
                render_obs(&after)
            );
            let full = after.board.iter().flatten().all(Option::is_some);
            assert_eq!(game.is_draw(), full && !four);
        }
    }
}

fn render_obs(obs: &Observation) -> String {
    obs.board
        .iter()
        .map(|row| {
            row.iter()
                .map(|c| c.map_or(".".to_owned(), |s| s.to_string()))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The flat action index is the one it has always been (`drop c` is index `c - 1`): a digest of
/// the whole `index → action` table, pinned when the codec was rewritten as blocks (issue 21).
#[test]
fn action_indices_are_unchanged() {
    let digest = gridwright_engine::testing::action_index_digest::<ConnectFour>(&Config::default());
    assert_eq!(
        digest,
        "18c3d5fb82f64012de4c51fdd281a61a9ffa887351d5ce3746617c1ebe6b3cf6"
    );
    for c in 1..=7u8 {
        let column = Column::try_from(c - 1).unwrap();
        let i = ConnectFour::action_index(
            &Config::default(),
            &gridwright_connect_four::Action::Drop(column),
        );
        assert_eq!(i, Some(usize::from(c) - 1));
    }
}

// ----- golden replays -----

fn golden() -> Golden {
    Golden::new(env!("CARGO_MANIFEST_DIR"), env!("CARGO_PKG_NAME"))
}

/// The golden games: file name, moves as typed, and how the game ends.
const GOLDEN: &[(&str, &str, Option<u8>)] = &[
    // A short game that P1 wins on a rising diagonal.
    (
        "p1-diagonal-win.replay.json",
        "1 2 2 3 3 4 3 4 4 7 4",
        Some(1),
    ),
    // A full board with no four in a row.
    (
        "full-board-draw.replay.json",
        "2 1 6 5 3 7 7 3 6 6 7 7 2 6 1 7 4 4 3 7 6 5 5 3 6 4 5 4 4 2 3 5 4 3 2 5 2 1 1 1 2 1",
        None,
    ),
];

fn play(moves: &str) -> Session<ConnectFour> {
    let mut s = Session::<ConnectFour>::new(Config::default(), 0).unwrap();
    for text in moves.split_whitespace() {
        let Turn::Seat(seat) = s.turn() else {
            panic!("game over before `{text}`");
        };
        s.apply_text(seat, text).unwrap();
    }
    s
}

/// Every golden replay re-runs to the event-log hash stored in it, ends as recorded, and is the
/// replay the moves listed here record. A failure here means the rules (or the event format)
/// changed: if that was intended, bump `INFO.rules_version` and re-bless with
/// `cargo test -p gridwright-connect-four --test integration -- --ignored bless_golden_replays`.
#[test]
fn golden_replays_verify() {
    for (name, moves, winner) in GOLDEN {
        let session = golden().verify(name, &Config::default(), 0, &play(moves));
        let game = session.state();
        assert!(game.is_terminal(), "{name}: game not finished");
        assert_eq!(game.winner().map(Seat::number), *winner, "{name}");
        assert_eq!(
            session.moves().len(),
            moves.split_whitespace().count(),
            "{name}: the file's moves differ from the list in this test"
        );
    }
}

/// Rewrites the golden files from the move lists above. Run on purpose only (it is ignored).
#[test]
#[ignore = "rewrites tests/golden; run deliberately after a rules change"]
fn bless_golden_replays() {
    for (name, moves, _) in GOLDEN {
        golden().bless(name, &play(moves));
    }
}
