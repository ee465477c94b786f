//! Creating a match: the request checked (game, scenario, seats, agents, think budgets, seed),
//! stored, and put in the cache.

use super::ai::{check_operator_budget, check_think_budget};
use super::requests::{CreateMatch, Created, MAX_AI_DELAY_MS, SeatSpec};
use super::{Hub, LiveMatch, result_json, status_of};
use crate::error::ServerError;
use crate::games::{DeckName, GameProvider, ScenarioName};
use crate::store::{MatchRow, SeatKind, SeatRow, now_ms};
use crate::token;
use gridwright_agents::AgentSpec;
use gridwright_engine::Seat;
use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::Arc;

impl Hub {
    /// Creates a match.
    ///
    /// # Errors
    /// Unknown game, scenario or agent; seat list that does not fit the game; store failure.
    pub async fn create(
        self: &Arc<Self>,
        req: CreateMatch,
        client: IpAddr,
    ) -> Result<Created, ServerError> {
        // A token of the creation budget is only looked at here, and taken once the match is
        // known to be valid and within the caps: a refused create costs nothing.
        self.limiter
            .check(client)
            .map_err(|retry_after| ServerError::CreateRateLimited { retry_after })?;
        let game = self.games.named(&req.game)?.clone();
        if req.ai_delay_ms.is_some_and(|d| d > MAX_AI_DELAY_MS) {
            return Err(ServerError::BadRequest(format!(
                "ai_delay_ms may be at most {MAX_AI_DELAY_MS}"
            )));
        }
        let seed = match req.seed {
            Some(s) => s,
            None => token::random_seed().map_err(|e| ServerError::Internal(e.to_string()))?,
        };
        // A name from the game's own list, never a path: see `ScenarioName`.
        let scenario = match req.scenario.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(name) => Some(ScenarioName::resolve(game.as_ref(), name)?),
        };
        let decks = pick_decks(game.as_ref(), req.decks.as_ref())?;
        let mut seed = seed;
        // A fresh setup from the scenario and decks, or the one of a match played before.
        let start = |seed: u64| match &req.setup {
            Some(setup) => game
                .rebuild(&setup.config, seed, &setup.rules_version, &[])
                .map(|session| (setup.scenario.clone(), session))
                .map_err(|e| ServerError::Content(e.to_string())),
            None => game
                .new_session(scenario.as_ref(), &decks, seed)
                .map(|s| (s.scenario, s.session))
                .map_err(|e| ServerError::Content(e.to_string())),
        };
        let (played, mut session) = start(seed)?;
        let n = session.num_seats();
        let specs = match req.seats {
            Some(s) => s,
            None => (0..n)
                .map(|i| SeatSpec {
                    kind: if i == 0 || req.hotseat {
                        SeatKind::Human
                    } else {
                        SeatKind::Open
                    },
                    agent: None,
                })
                .collect(),
        };
        if specs.len() != n {
            return Err(ServerError::BadRequest(format!(
                "{} has {n} seats here, but {} seat(s) were given",
                game.info().short_name,
                specs.len()
            )));
        }
        let (seats, tokens) = seat_rows(game.as_ref(), &specs, req.hotseat)?;
        for (i, row) in seats.iter().enumerate() {
            if let Some(agent) = row
                .agent
                .as_deref()
                .and_then(|a| a.parse::<AgentSpec>().ok())
            {
                check_operator_budget(&agent, self.opts.limits.ai_max_think_ms)
                    .map_err(|e| ServerError::BadRequest(format!("{}: {e}", seat_name(i))))?;
            }
        }
        if req.hotseat && tokens.is_empty() {
            return Err(ServerError::BadRequest(
                "a hotseat match needs at least one human seat".into(),
            ));
        }
        // Someone else may take a seat — an open seat, or a second person's seat whose token
        // the creator hands on (not hotseat) — so a seed the creator chose would let the
        // creator foresee every roll of that person's game. Mixed with a secret of the
        // server's, it decides nothing; the effective seed is in the replay once the match ends.
        let people = seats.iter().filter(|s| s.kind != SeatKind::Ai).count();
        let others_may_play =
            seats.iter().any(|s| s.kind == SeatKind::Open) || (!req.hotseat && people >= 2);
        if req.seed.is_some() && others_may_play && !self.opts.keep_chosen_seeds {
            let secret = token::random_seed().map_err(|e| ServerError::Internal(e.to_string()))?;
            seed = gridwright_engine::derive_seed(secret, seed);
            session = start(seed)?.1;
        }
        // Counted once the request is known to be valid. Processes creating at the same
        // instant may overshoot the cap by a few.
        let creator = crate::limits::address_key(client);
        let mine = self.opts.matches.max_unfinished_per_address;
        if mine > 0 && self.store.count_unfinished_by(&creator).await? >= mine {
            return Err(ServerError::TooManyMatchesFromAddress { limit: mine });
        }
        let limit = self.opts.matches.max_unfinished;
        if self.store.count_unfinished().await? >= limit {
            return Err(ServerError::TooManyMatches { limit });
        }
        self.limiter
            .take(client)
            .map_err(|retry_after| ServerError::CreateRateLimited { retry_after })?;
        let replay = session.replay();
        let creator_token = token::new_token().map_err(|e| ServerError::Internal(e.to_string()))?;
        let id = token::new_match_id().map_err(|e| ServerError::Internal(e.to_string()))?;
        let now = now_ms();
        let row = MatchRow {
            id,
            game: game.info().short_name.to_owned(),
            scenario: played.or_else(|| scenario.map(|s| s.as_str().to_owned())),
            rules_version: replay.rules_version.clone(),
            config: replay.config.clone(),
            seed,
            hotseat: req.hotseat,
            ai_delay_ms: req.ai_delay_ms,
            status: status_of(session.as_ref(), &seats),
            rev: 0,
            moves: 0,
            undos: 0,
            result: result_json(session.as_ref(), None),
            created_ms: now,
            updated_ms: now,
            creator: Some(creator),
            creator_token_hash: Some(token::hash_token(&creator_token)),
            aborted_by: None,
        };
        self.store.create_match(&row, &seats).await?;
        let live = self.insert(Arc::new(LiveMatch::new(
            game,
            &row,
            session,
            seats,
            Vec::new(),
        )));
        self.kick_ai(&live);
        Ok(Created {
            live,
            tokens,
            creator_token,
        })
    }
}

/// The decks a create request picks, by seat: each seat one the game has (`p1`, `2`, …), each
/// deck a name from the game's list ([`DeckName::resolve`]), never a path.
fn pick_decks(
    game: &dyn GameProvider,
    requested: Option<&BTreeMap<String, String>>,
) -> Result<Vec<(Seat, DeckName)>, ServerError> {
    let Some(requested) = requested.filter(|r| !r.is_empty()) else {
        return Ok(Vec::new());
    };
    let seats = game.info().max_seats;
    let mut out: Vec<(Seat, DeckName)> = Vec::new();
    for (seat_text, name) in requested {
        let seat = Seat::parse_number(seat_text)
            .filter(|s| s.index() < usize::from(seats))
            .ok_or_else(|| {
                ServerError::BadRequest(format!(
                    "decks: `{}` is not a seat; {} has seats p1 to p{seats}",
                    seat_text.chars().take(20).collect::<String>(),
                    game.info().short_name
                ))
            })?;
        if out.iter().any(|(s, _)| *s == seat) {
            return Err(ServerError::BadRequest(format!(
                "decks: {seat} is given a deck twice"
            )));
        }
        out.push((seat, DeckName::resolve(game, name.trim())?));
    }
    Ok(out)
}

/// Seat `i` of a create request (0-based, its place in `seats`) as every message of the server
/// names a seat: its number on the wire and its name for players, `seat 1 (P2)`.
fn seat_name(i: usize) -> String {
    format!(
        "seat {}",
        super::commit::seat_name(u8::try_from(i).unwrap_or(u8::MAX))
    )
}

/// `(seat, token)` of each seat whose token is issued now.
type Tokens = Vec<(u8, String)>;

/// The stored seats of a create request, and the tokens issued for its `human` seats (one token
/// for all of them in a hotseat match).
fn seat_rows(
    game: &dyn GameProvider,
    specs: &[SeatSpec],
    hotseat: bool,
) -> Result<(Vec<SeatRow>, Tokens), ServerError> {
    let hotseat_token = token::new_token().map_err(|e| ServerError::Internal(e.to_string()))?;
    let mut seats = Vec::with_capacity(specs.len());
    let mut tokens = Vec::new();
    for (i, spec) in specs.iter().enumerate() {
        let seat = u8::try_from(i).map_err(|_| ServerError::Internal("seat index".into()))?;
        let kind = spec.kind;
        let mut row = SeatRow {
            seat,
            kind,
            agent: None,
            token_hash: None,
        };
        let no_agent = || {
            if spec.agent.is_some() {
                Err(ServerError::BadRequest(format!(
                    "{}: only `ai` seats take an agent",
                    seat_name(i)
                )))
            } else {
                Ok(())
            }
        };
        match kind {
            SeatKind::Ai => row.agent = Some(ai_agent(game, i, spec)?),
            SeatKind::Human => {
                no_agent()?;
                let t = if hotseat {
                    hotseat_token.clone()
                } else {
                    token::new_token().map_err(|e| ServerError::Internal(e.to_string()))?
                };
                row.token_hash = Some(token::hash_token(&t));
                tokens.push((seat, t));
            }
            SeatKind::Open => {
                if hotseat {
                    return Err(ServerError::BadRequest(
                        "a hotseat match has no open seats: every human plays on one device".into(),
                    ));
                }
                no_agent()?;
            }
        }
        seats.push(row);
    }
    Ok((seats, tokens))
}

/// The agent of AI seat `i` (0-based), checked: a spec the game knows, within the server's think
/// budgets.
fn ai_agent(game: &dyn GameProvider, i: usize, spec: &SeatSpec) -> Result<String, ServerError> {
    let text = spec.agent.as_deref().unwrap_or("random");
    let agent: AgentSpec = text
        .parse()
        .map_err(|e| ServerError::BadRequest(format!("{}: {e}", seat_name(i))))?;
    if agent.is_human() {
        return Err(ServerError::BadRequest(format!(
            "{}: use kind `human` for a person",
            seat_name(i)
        )));
    }
    game.check_agent(&agent)
        .map_err(|e| ServerError::Content(format!("{}: {e}", seat_name(i))))?;
    check_think_budget(&agent)
        .map_err(|e| ServerError::BadRequest(format!("{}: {e}", seat_name(i))))?;
    Ok(agent.to_string())
}
