//! Rule tests, each named after the rule it checks. Moves are written as people type them: the
//! one-based column numbers, seats alternating from P1.

use crate::{Action, Column, ConnectFour, Event, render};
use gridwright_engine::{Game, RejectReason, Seat, Session, TextActionError, Turn, Viewer};

const P1: Seat = Seat::new(0);
const P2: Seat = Seat::new(1);

/// What a sequence of moves should lead to.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Expect {
    /// The game goes on with this seat to move.
    ToMove(Seat),
    /// This seat has won.
    Winner(Seat),
    /// The board is full, nobody won.
    Draw,
}

/// Plays `moves` from the empty board through a [`Session`] (so every move is validated and
/// logged). Panics if a move is refused.
fn play(moves: &str) -> Session<ConnectFour> {
    let mut session = Session::<ConnectFour>::new(crate::Config::default(), 0).unwrap();
    for (i, text) in moves.split_whitespace().enumerate() {
        let Turn::Seat(seat) = session.turn() else {
            panic!("move {i} (`{text}`): the game is already over");
        };
        if let Err(e) = session.apply_text(seat, text) {
            panic!("move {i} (`{text}`) refused: {e}");
        }
    }
    session
}

/// Plays `moves` and checks where the game stands. The one place the tests touch the rules API.
fn check(moves: &str, expect: Expect) -> Session<ConnectFour> {
    let session = play(moves);
    let game = session.state();
    let got = match (game.to_move(), game.winner()) {
        (Some(s), _) => Expect::ToMove(s),
        (None, Some(w)) => Expect::Winner(w),
        (None, None) => Expect::Draw,
    };
    assert_eq!(got, expect, "after `{moves}`:\n{}", render(game));
    let last_events = session
        .log()
        .last()
        .map(|e| e.events.clone())
        .unwrap_or_default();
    match expect {
        Expect::ToMove(s) => {
            assert_eq!(game.turn(), Turn::Seat(s));
            assert_eq!(game.returns(), vec![0.0, 0.0]);
        }
        Expect::Winner(w) => {
            assert_eq!(game.turn(), Turn::Terminal);
            assert_eq!(last_events.last(), Some(&Event::Won { seat: w }));
            let expected = if w == P1 { [1.0, -1.0] } else { [-1.0, 1.0] };
            assert_eq!(game.returns(), expected);
        }
        Expect::Draw => {
            assert_eq!(game.turn(), Turn::Terminal);
            assert_eq!(last_events.last(), Some(&Event::Draw));
            assert_eq!(game.returns(), vec![0.0, 0.0]);
        }
    }
    session
}

#[test]
fn four_in_a_row_horizontal_wins() {
    check("1 1 2 2 3 3 4", Expect::Winner(P1));
}

#[test]
fn four_in_a_row_vertical_wins() {
    check("1 2 1 2 1 2 1", Expect::Winner(P1));
}

#[test]
fn four_in_a_row_diagonal_rising_wins() {
    // P1 ends on (1,1) (2,2) (3,3) (4,4) as (column, row) counted from the bottom-left.
    check("1 2 2 3 3 4 3 4 4 7 4", Expect::Winner(P1));
}

#[test]
fn four_in_a_row_diagonal_falling_wins() {
    // The mirror image: (7,1) (6,2) (5,3) (4,4).
    check("7 6 6 5 5 4 5 4 4 1 4", Expect::Winner(P1));
}

#[test]
fn second_player_wins_with_four_too() {
    check("1 2 1 2 1 2 7 2", Expect::Winner(P2));
}

#[test]
fn three_in_a_row_does_not_win() {
    check("1 1 2 2 3 3", Expect::ToMove(P1));
}

#[test]
fn a_line_does_not_wrap_from_the_top_of_one_column_to_the_next() {
    // P1 holds the top three cells of column 1 and the bottom cell of column 2: not a line.
    check("2 1 7 1 7 1 1 7 1 6 1", Expect::ToMove(P2));
}

#[test]
fn full_column_is_illegal() {
    let mut session = play("1 1 1 1 1 1");
    let before = session.state().clone();
    assert!(
        !session
            .legal_actions(P1)
            .contains(&Action::Drop(Column::new(0)))
    );
    assert_eq!(session.legal_actions(P1).len(), 6);
    let err = session.apply_text(P1, "drop 1").unwrap_err();
    assert!(
        matches!(
            &err,
            TextActionError::Refused { reason: RejectReason::Illegal(why), .. }
                if why == "column 1 is full"
        ),
        "{err}"
    );
    assert_eq!(session.state(), &before, "a refused move changes nothing");
}

#[test]
fn full_board_is_draw() {
    let session = check(
        "2 1 6 5 3 7 7 3 6 6 7 7 2 6 1 7 4 4 3 7 6 5 5 3 6 4 5 4 4 2 3 5 4 3 2 5 2 1 1 1 2 1",
        Expect::Draw,
    );
    assert_eq!(session.state().moves_played(), 42);
    assert!(session.state().is_draw());
    assert_eq!(session.state().end_reason(), Some("board full"));
}

#[test]
fn the_end_reason_says_four_in_a_row_or_board_full() {
    assert_eq!(play("1 1 2 2 3").state().end_reason(), None);
    assert_eq!(
        check("1 2 1 2 1 2 1", Expect::Winner(P1))
            .state()
            .end_reason(),
        Some("four in a row")
    );
    assert_eq!(
        check("1 2 1 2 1 2 7 2", Expect::Winner(P2))
            .state()
            .end_reason(),
        Some("four in a row")
    );
}

#[test]
fn p1_moves_first_and_seats_alternate() {
    let mut session = play("");
    let refused = session.apply_text(P2, "drop 4").unwrap_err();
    assert!(matches!(
        refused,
        TextActionError::Refused {
            reason: RejectReason::NotYourTurn { .. },
            ..
        }
    ));
    session.apply_text(P1, "drop 4").unwrap();
    assert_eq!(session.turn(), Turn::Seat(P2));
}

#[test]
fn no_move_is_allowed_after_a_win() {
    let mut session = check("1 2 1 2 1 2 1", Expect::Winner(P1));
    assert!(session.legal_actions(P2).is_empty());
    let err = session.apply_text(P2, "drop 3").unwrap_err();
    assert!(matches!(
        err,
        TextActionError::Refused {
            reason: RejectReason::GameOver,
            ..
        }
    ));
}

#[test]
fn a_disc_falls_to_the_lowest_empty_cell() {
    let session = play("4 4 4");
    let game = session.state();
    assert_eq!(game.height(Column::new(3)), 3);
    assert_eq!(game.cell(Column::new(3), 0), Some(P1));
    assert_eq!(game.cell(Column::new(3), 1), Some(P2));
    assert_eq!(game.cell(Column::new(3), 2), Some(P1));
    assert_eq!(game.cell(Column::new(3), 3), None);
    let events = &session.log()[2].events;
    assert_eq!(
        events,
        &vec![Event::Dropped {
            seat: P1,
            column: Column::new(3),
            row: 2
        }]
    );
}

#[test]
fn moves_are_typed_as_drop_and_a_column_from_1_to_7() {
    let game = ConnectFour::initial();
    let four = Action::Drop(Column::new(3));
    assert_eq!(game.action_text(&four), "drop 4");
    assert_eq!(game.parse_action(P1, "drop 4"), Ok(four));
    assert_eq!(game.parse_action(P1, "  DROP   4 "), Ok(four));
    assert_eq!(game.parse_action(P1, "4"), Ok(four));
    assert!(game.parse_action(P1, "drop 0").is_err());
    assert!(game.parse_action(P1, "drop 8").is_err());
    assert!(game.parse_action(P1, "take 4").is_err());
    assert_eq!(
        game.legal_actions_vec(P1),
        Column::all().map(Action::Drop).collect::<Vec<_>>()
    );
}

#[test]
fn observation_lists_rows_top_first_and_is_the_same_for_everyone() {
    let session = play("1 2");
    let obs = session.observe(Viewer::Spectator);
    assert_eq!(obs, session.observe(Viewer::Seat(P1)));
    assert_eq!(obs, session.observe(Viewer::Seat(P2)));
    assert_eq!(obs.board.len(), 6);
    assert_eq!(obs.board[5][0], Some(P1));
    assert_eq!(obs.board[5][1], Some(P2));
    assert_eq!(obs.board[4][0], None);
    assert_eq!(obs.next, Some(P1));
    assert_eq!(obs.winner, None);
    let json = serde_json::to_string(&obs).unwrap();
    assert!(json.ends_with(r#"[0,1,null,null,null,null,null]],"next":0,"winner":null}"#));
}

#[test]
fn render_draws_the_board_with_column_numbers() {
    let session = play("4 4 3");
    assert_eq!(
        render(session.state()),
        "\
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . O . . .
. . X X . . .
1 2 3 4 5 6 7
P2 (O) to move
"
    );
    let won = check("1 2 1 2 1 2 1", Expect::Winner(P1));
    assert!(render(won.state()).ends_with("P1 (X) wins\n"));
}
