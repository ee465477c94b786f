//! What a client may see: the `state` message for one viewer, and match summaries.
//!
//! # The hidden-information boundary
//! Every byte a client receives about a game in progress is built here, from
//! [`AnySession::observe`] for the caller's viewer, [`AnySession::legal`] for the caller's own
//! seats only, and [`AnySession::visible_log`] for the caller's viewer. The session's state, its
//! full log, its seed and its replay are never serialized for a match that is not finished.
//!
//! [`AnySession::observe`]: gridwright_catalog::AnySession::observe
//! [`AnySession::legal`]: gridwright_catalog::AnySession::legal
//! [`AnySession::visible_log`]: gridwright_catalog::AnySession::visible_log

use crate::hub::{LiveMatch, MatchState, Who, game_result, result_json};
use crate::store::{MatchRow, SeatKind, SeatRow, Status};
use crate::wire::{LegalEntry, MatchLinks, MatchSummary, SeatGrant, SeatInfo, StateMessage, You};
use gridwright_engine::Viewer;
use serde_json::Value;

/// The viewer a caller sees the game as: a spectator, or one of its seats (for a hotseat token,
/// the seat whose turn it is).
pub fn viewer_of(st: &MatchState, who: &Who) -> Viewer {
    let turn = st.session.turn();
    who.seats
        .iter()
        .find(|s| turn.seats.contains(s))
        .or(who.seats.first())
        .map_or(Viewer::Spectator, |s| Viewer::Seat(*s))
}

/// The `state` message for `who`, with log entries from `log_from` on. Returns the message,
/// the viewer it was built for and the log length it covers.
pub fn state_message(
    m: &LiveMatch,
    st: &MatchState,
    who: &Who,
    log_from: usize,
) -> (Value, Viewer, usize) {
    let viewer = viewer_of(st, who);
    let turn = st.session.turn();
    let (log, log_len) = match_log(st.session.as_ref(), st.resigned, viewer, log_from);
    let from = log_from.min(log_len);
    // Only the shown seat's choices: a hotseat token holding two seats that both choose at
    // once (sealed programs, fleet rosters, mulligans) gets one seat's choices at a time, so the
    // person at the screen can never make the other's sealed choice, and the screen changes
    // hands (behind a cover) once that seat has chosen.
    let legal: Vec<LegalEntry> = match viewer {
        Viewer::Seat(s) if turn.seats.contains(&s) => st
            .session
            .legal(s)
            .into_iter()
            .map(|l| LegalEntry {
                seat: s,
                action: l.action,
                text: l.text,
            })
            .collect(),
        _ => Vec::new(),
    };
    let you = (!who.is_spectator()).then(|| You {
        seats: who.seats.clone(),
        viewer: viewer_seat(viewer),
    });
    let msg = StateMessage {
        kind: "state",
        match_id: m.id.clone(),
        game: m.game.info().short_name,
        status: st.status,
        version: st.rev,
        moves: st.session.version(),
        turn,
        you,
        observation: st.session.observe(viewer),
        legal,
        log_from: from,
        log,
        log_len,
        result: game_result(st.session.as_ref(), st.resigned),
        aborted_by: st.aborted,
        ended: ended_sentence(st),
        seats: seat_infos(&st.seats),
    };
    let msg = serde_json::to_value(msg).unwrap_or(Value::Null);
    (msg, viewer, log_len)
}

/// The match's log as `viewer` may see it, from entry `from` on, and its length: the game's
/// log, then, if a seat resigned, one more entry recording it (that seat's `resign`, with the
/// sentence of the result: "P2 resigned; P1 won"), so the log and the replay show how the
/// match ended.
pub fn match_log(
    session: &dyn gridwright_catalog::AnySession,
    resigned: Option<gridwright_engine::Seat>,
    viewer: Viewer,
    from: usize,
) -> (Vec<Value>, usize) {
    let game_len = session.log_len();
    let mut log = session.visible_log(viewer, from.min(game_len));
    let Some(seat) = resigned else {
        return (log, game_len);
    };
    if from <= game_len {
        let won = game_result(session, Some(seat)).map(|r| r.text);
        let entry = gridwright_engine::VisibleEntry::<(), ()> {
            index: game_len,
            actor: gridwright_engine::Actor::Seat(seat),
            action: None,
            action_text: Some("resign".to_owned()),
            events: Vec::new(),
            event_texts: vec![match won {
                Some(won) => format!("{seat} resigned; {won}"),
                None => format!("{seat} resigned"),
            }],
        };
        log.push(serde_json::to_value(entry).unwrap_or(Value::Null));
    }
    (log, game_len + 1)
}

/// How a match that ended without its game being over ended, as players are told: "This
/// match was aborted by its creator." (`None` while it goes on, or once its game is over).
fn ended_sentence(st: &MatchState) -> Option<String> {
    ended_words(st.aborted, st.expired)
}

fn ended_words(aborted: Option<crate::store::AbortedBy>, expired: bool) -> Option<String> {
    match (aborted, expired) {
        (Some(by), _) => Some(format!("This match was {}.", by.sentence())),
        (None, true) => Some("This match expired: nothing happened in it for too long.".into()),
        (None, false) => None,
    }
}

fn viewer_seat(v: Viewer) -> Option<gridwright_engine::Seat> {
    match v {
        Viewer::Seat(s) => Some(s),
        Viewer::Spectator => None,
    }
}

/// Seats as the public sees them: kind, agent and whether taken, never token hashes.
fn seat_infos(seats: &[SeatRow]) -> Vec<SeatInfo> {
    seats
        .iter()
        .map(|s| SeatInfo {
            seat: s.seat,
            kind: s.kind,
            agent: s.agent.clone(),
            taken: s.kind == SeatKind::Ai || s.token_hash.is_some(),
        })
        .collect()
}

/// The link that opens the match in the browser; with a token, as that seat's player. The
/// token sits in the fragment, which browsers never send to servers or put in referrers.
pub fn play_link(id: &str, token: Option<&str>) -> String {
    match token {
        Some(t) => format!("/play/{id}#token={t}"),
        None => format!("/play/{id}"),
    }
}

/// The summary of a live match.
pub fn live_summary(m: &LiveMatch, st: &MatchState) -> MatchSummary {
    MatchSummary {
        id: m.id.clone(),
        game: m.game.info().short_name.to_owned(),
        scenario: m.scenario.clone(),
        status: st.status,
        version: st.rev,
        moves: st.session.version() as u64,
        hotseat: m.hotseat,
        ai_delay_ms: m.ai_delay_ms,
        turn: Some(st.session.turn()),
        seats: seat_infos(&st.seats),
        result: result_json(st.session.as_ref(), st.resigned),
        aborted_by: st.aborted,
        ended: ended_sentence(st),
        created_ms: m.created_ms,
        updated_ms: st.updated_ms,
        links: MatchLinks {
            spectate: play_link(&m.id, None),
        },
    }
}

/// The summary of a stored match (listings read the store, so they include other processes'
/// matches).
pub fn row_summary(row: &MatchRow, seats: &[SeatRow]) -> MatchSummary {
    let aborted_by = row.aborted_by.filter(|_| row.status == Status::Aborted);
    MatchSummary {
        id: row.id.clone(),
        game: row.game.clone(),
        scenario: row.scenario.clone(),
        status: row.status,
        version: row.rev,
        moves: row.moves,
        hotseat: row.hotseat,
        ai_delay_ms: row.ai_delay_ms,
        turn: None,
        seats: seat_infos(seats),
        result: row.result.clone(),
        aborted_by,
        ended: ended_words(aborted_by, row.status == Status::Expired),
        created_ms: row.created_ms,
        updated_ms: row.updated_ms,
        links: MatchLinks {
            spectate: play_link(&row.id, None),
        },
    }
}

/// A seat as shown to the player who holds it.
pub fn seat_grant(id: &str, seat: u8, token: &str) -> SeatGrant {
    SeatGrant {
        seat,
        token: token.to_owned(),
        link: play_link(id, Some(token)),
        ws: format!("/api/matches/{id}/ws"),
    }
}
