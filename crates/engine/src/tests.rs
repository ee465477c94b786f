//! Engine tests over a tiny fixture game with chance and a hidden simultaneous commitment.

use crate::*;
use serde::{Deserialize, Serialize};

/// Both seats act at once, those whose slot (indexed by seat) is still empty; shared with the
/// harness's fixture in `testing/tests.rs`.
pub(crate) fn waiting_on<T>(slots: &[Option<T>; 2]) -> Turn {
    Turn::Simultaneous(
        Seat::all(2)
            .filter(|s| slots[s.index()].is_none())
            .collect(),
    )
}

/// "Sealed race": each round both seats secretly commit a stride 1–3; then a d6 is rolled and
/// every seat whose stride is at most the roll advances by it. First to 10 wins; both at once or
/// 20 rounds is a draw.
#[derive(Clone, Debug, PartialEq)]
struct Race {
    pos: [u8; 2],
    commit: [Option<u8>; 2],
    round: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
enum RaceAction {
    Stride(u8),
    Roll(u8),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum RaceEvent {
    Committed { seat: Seat, stride: Option<u8> },
    Rolled(u8),
}

#[derive(Clone, Debug, PartialEq, Serialize)]
struct RaceObs {
    pos: [u8; 2],
    mine: Option<u8>,
    committed: [bool; 2],
}

impl Game for Race {
    type Config = ();
    type Action = RaceAction;
    type Event = RaceEvent;
    type Observation = RaceObs;
    const INFO: GameInfo = crate::testing::fixture_info(
        "race",
        "Sealed race",
        2,
        ChanceMode::Explicit,
        Information::Imperfect,
    );
    fn new(_: &()) -> Result<Self, SetupError> {
        Ok(Race {
            pos: [0; 2],
            commit: [None; 2],
            round: 0,
        })
    }
    fn num_seats(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        if self.pos.iter().any(|p| *p >= 10) || self.round >= 20 {
            Turn::Terminal
        } else if self.commit.iter().all(Option::is_some) {
            Turn::Chance
        } else {
            waiting_on(&self.commit)
        }
    }
    fn legal_actions(&self, seat: Seat, out: &mut Vec<RaceAction>) {
        if self.turn().includes(seat) {
            out.extend((1..=3).map(RaceAction::Stride));
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(RaceAction, u32)>) {
        if self.turn() == Turn::Chance {
            out.extend((1..=6).map(|r| (RaceAction::Roll(r), 1)));
        }
    }
    fn step(&mut self, actor: Actor, action: RaceAction, ev: &mut Events<RaceEvent>) {
        match (actor, action) {
            (Actor::Seat(s), RaceAction::Stride(k)) => {
                self.commit[s.index()] = Some(k);
                ev.emit(|| RaceEvent::Committed {
                    seat: s,
                    stride: Some(k),
                });
            }
            (_, RaceAction::Roll(r)) => {
                ev.emit(|| RaceEvent::Rolled(r));
                for i in 0..2 {
                    if let Some(k) = self.commit[i].take() {
                        if k <= r {
                            self.pos[i] += k;
                        }
                    }
                }
                self.round += 1;
            }
            _ => unreachable!(),
        }
    }
    fn returns(&self) -> PerSeat<f64> {
        match (self.pos[0] >= 10, self.pos[1] >= 10) {
            (true, false) => vec![1.0, -1.0].into(),
            (false, true) => vec![-1.0, 1.0].into(),
            _ => vec![0.0, 0.0].into(),
        }
    }
    fn observe(&self, viewer: Viewer) -> RaceObs {
        RaceObs {
            pos: self.pos,
            mine: match viewer {
                Viewer::Seat(s) => self.commit[s.index()],
                Viewer::Spectator => None,
            },
            committed: [self.commit[0].is_some(), self.commit[1].is_some()],
        }
    }
    fn max_game_length(&self) -> usize {
        60
    }
    fn action_text(&self, a: &RaceAction) -> String {
        match a {
            RaceAction::Stride(k) => format!("stride {k}"),
            RaceAction::Roll(r) => format!("roll {r}"),
        }
    }
    fn event_text(&self, e: &RaceEvent) -> String {
        format!("{e:?}")
    }
    fn action_visible_to(&self, actor: Actor, _: &RaceAction, viewer: Viewer) -> bool {
        match actor {
            Actor::Seat(s) => viewer.sees_secrets_of(s),
            Actor::Chance => true,
        }
    }
    /// Redraws the other seat's commitment, if any.
    fn resample(&self, seat: Seat, rng: &mut Rng) -> Self {
        let mut s = self.clone();
        let other = 1 - seat.index();
        if s.commit[other].is_some() {
            s.commit[other] = Some(rng.below(3) as u8 + 1);
        }
        s
    }
    fn redact_event(&self, e: &RaceEvent, viewer: Viewer) -> Option<RaceEvent> {
        Some(match e {
            RaceEvent::Committed { seat, .. } if !viewer.sees_secrets_of(*seat) => {
                RaceEvent::Committed {
                    seat: *seat,
                    stride: None,
                }
            }
            other => other.clone(),
        })
    }
}

const P1: Seat = Seat::new(0);
const P2: Seat = Seat::new(1);

#[test]
fn conformance_random_sim() {
    let r = testing::random_sim::<Race>(&(), 300, 11, 5);
    assert_eq!(r.games, 300);
    assert!(r.resamples_changed > 0 && r.hidden_pairs > 0, "{r:?}");
}

#[test]
fn same_seed_and_moves_give_identical_log() {
    let play = || {
        let mut s = Session::<Race>::new((), 99).unwrap();
        while !s.state().is_terminal() {
            for seat in [P1, P2] {
                if s.turn().includes(seat) {
                    s.apply(seat, RaceAction::Stride(2)).unwrap();
                }
            }
        }
        (s.event_hash(), serde_json::to_string(s.log()).unwrap())
    };
    assert_eq!(play(), play());
}

#[test]
fn rejected_action_leaves_session_unchanged() {
    let mut s = Session::<Race>::new((), 1).unwrap();
    s.apply(P1, RaceAction::Stride(3)).unwrap();
    let before = (s.state().clone(), s.event_hash(), s.version());
    let err = s.apply(P1, RaceAction::Stride(1)).unwrap_err();
    assert_eq!(err.reason, RejectReason::NotYourTurn { seat: P1 });
    let err = s.apply(P2, RaceAction::Stride(7)).unwrap_err();
    assert!(matches!(err.reason, RejectReason::Illegal(_)));
    assert_eq!(before, (s.state().clone(), s.event_hash(), s.version()));
}

#[test]
fn text_errors_name_why_and_list_legal_actions() {
    let mut s = Session::<Race>::new((), 1).unwrap();
    let err = s.apply_text(P1, "jump 4").unwrap_err();
    assert!(err.to_string().contains("jump 4"));
    assert_eq!(err.legal(), ["stride 1", "stride 2", "stride 3"]);
    assert!(s.apply_text(P1, "  STRIDE   2 ").is_ok());
}

#[test]
fn hidden_commitment_is_invisible_to_the_other_seat() {
    let run = |k: u8| {
        let mut s = Session::<Race>::new((), 5).unwrap();
        s.apply(P1, RaceAction::Stride(k)).unwrap();
        (
            serde_json::to_string(&s.observe(Viewer::Seat(P2))).unwrap(),
            serde_json::to_string(&s.visible_log(Viewer::Seat(P2), 0)).unwrap(),
            serde_json::to_string(&s.visible_log(Viewer::Spectator, 0)).unwrap(),
        )
    };
    assert_eq!(run(1), run(3));
    let mine = Session::<Race>::new((), 5).map(|mut s| {
        s.apply(P1, RaceAction::Stride(3)).unwrap();
        s.visible_log(Viewer::Seat(P1), 0)
    });
    assert_eq!(mine.unwrap()[0].action, Some(RaceAction::Stride(3)));
}

#[test]
fn replay_round_trip_and_tamper_detection() {
    let mut s = Session::<Race>::new((), 3).unwrap();
    for _ in 0..4 {
        s.apply(P1, RaceAction::Stride(1)).unwrap();
        s.apply(P2, RaceAction::Stride(3)).unwrap();
    }
    let text = s.replay().to_json();
    let r = Replay::from_json(&text).unwrap();
    assert_eq!(r.verify::<Race>().unwrap().event_hash(), s.event_hash());
    assert_eq!(r.event_hash, Replay::hash_of(&r.config, &s.event_hash()));

    let mut bad = r.clone();
    bad.seed += 1;
    assert!(matches!(
        bad.verify::<Race>(),
        Err(ReplayError::HashMismatch { .. })
    ));
    let mut bad = r.clone();
    bad.moves[1].action = serde_json::json!({"Stride": 9});
    assert!(matches!(
        bad.verify::<Race>(),
        Err(ReplayError::Action { index: 1, .. })
    ));
    let mut bad = r.clone();
    bad.game = "chess".into();
    assert!(matches!(
        bad.verify::<Race>(),
        Err(ReplayError::WrongGame { .. })
    ));
    assert!(matches!(
        Replay::from_json("{not json"),
        Err(ReplayError::Json(_))
    ));
    assert!(matches!(
        Replay::from_json(&text.replace("\"format\": 2", "\"format\": 7")),
        Err(ReplayError::Format { found: 7 })
    ));
}

#[test]
fn the_replay_hash_covers_the_config() {
    let mut s = Session::<Race>::new((), 3).unwrap();
    s.apply(P1, RaceAction::Stride(1)).unwrap();
    let r = s.replay();
    assert_eq!(r.format, 2);
    // A hash made for another config does not verify, although the event log is the same (as a
    // renamed unit re-runs to the same log; see the CLI tests for that case with real content).
    let mut bad = r.clone();
    bad.event_hash = Replay::hash_of(&serde_json::json!({"renamed": true}), &s.event_hash());
    let e = bad.verify::<Race>().unwrap_err();
    assert!(matches!(e, ReplayError::HashMismatch { .. }), "{e}");
    assert_ne!(
        r.event_hash,
        s.event_hash(),
        "the file's hash is not the bare log hash"
    );
    // Key order and spacing do not matter: the config is hashed in canonical form.
    assert_eq!(
        Replay::hash_of(&serde_json::json!({"a": 1, "b": [1, 2]}), "x"),
        Replay::hash_of(
            &serde_json::from_str("{ \"b\": [1,2], \"a\": 1 }").unwrap(),
            "x"
        )
    );
}

/// A resignation is part of the replay: written as `resigned`, covered by the hash (adding,
/// removing or moving it is caught), checked against the game (a seat it has, a game not yet
/// over); a replay without one reads and hashes exactly as before.
#[test]
fn a_resignation_is_recorded_in_the_replay_and_covered_by_its_hash() {
    let mut s = Session::<Race>::new((), 3).unwrap();
    s.apply(P1, RaceAction::Stride(1)).unwrap();
    s.apply(P2, RaceAction::Stride(2)).unwrap();
    let plain = s.replay();
    assert_eq!(plain.resigned, None);
    assert!(
        !plain.to_json().contains("resigned"),
        "no field when nobody resigned"
    );
    let r = plain.clone().resign(P2);
    assert_eq!(r.resigned, Some(P2));
    assert_ne!(r.event_hash, plain.event_hash);
    assert_eq!(r.clone().resign(P1), r, "a replay records one resignation");
    let text = r.to_json();
    assert!(text.contains("\"resigned\": 1"), "{text}");
    let back = Replay::from_json(&text).unwrap();
    assert_eq!(back, r);
    back.verify::<Race>().unwrap();
    // Taken out, moved to another seat, or added to a replay without one: caught.
    let mut bad = back.clone();
    bad.resigned = None;
    assert!(matches!(
        bad.verify::<Race>(),
        Err(ReplayError::HashMismatch { .. })
    ));
    let mut bad = back.clone();
    bad.resigned = Some(P1);
    assert!(matches!(
        bad.verify::<Race>(),
        Err(ReplayError::HashMismatch { .. })
    ));
    let mut bad = plain.clone();
    bad.resigned = Some(P2);
    assert!(matches!(
        bad.verify::<Race>(),
        Err(ReplayError::HashMismatch { .. })
    ));
    // A seat the game does not have.
    let e = plain
        .clone()
        .resign(Seat::new(4))
        .verify::<Race>()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "the replay's resignation is invalid: P5 resigned, but the game has 2 seats"
    );
    // A replay written before resignations were recorded has no field: it reads as it is.
    Replay::from_json(&plain.to_json())
        .unwrap()
        .verify::<Race>()
        .unwrap();
}

/// A finished game cannot be resigned after its end: such a file is refused, saying why.
#[test]
fn a_resignation_after_the_end_of_the_game_is_refused() {
    let mut s = Session::<Race>::new((), 3).unwrap();
    while !s.state().is_terminal() {
        let Turn::Simultaneous(set) = s.turn() else {
            unreachable!("chance is played by the session")
        };
        for seat in set.iter() {
            s.apply(seat, RaceAction::Stride(3)).unwrap();
        }
    }
    let e = s.replay().resign(P1).verify::<Race>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "the replay's resignation is invalid: P1 resigned after the game was already over"
    );
}

#[test]
fn old_formats_and_huge_hashes_get_short_clear_messages() {
    let mut s = Session::<Race>::new((), 3).unwrap();
    s.apply(P1, RaceAction::Stride(1)).unwrap();
    let text = s.replay().to_json();
    let old = text.replace("\"format\": 2", "\"format\": 1");
    let e = Replay::from_json(&old).unwrap_err().to_string();
    assert!(
        e.contains("format 1") && e.contains("did not cover the config"),
        "{e}"
    );
    let mut bad = s.replay();
    bad.event_hash = "f".repeat(1_000_000);
    let e = bad.verify::<Race>().unwrap_err().to_string();
    assert!(
        e.len() < 400,
        "the message repeats at most 64 characters of the hash: {e}"
    );
    assert!(e.contains("(1000000 characters)"), "{e}");
}

#[test]
fn undo_replays_a_prefix_with_the_same_dice() {
    let mut s = Session::<Race>::new((), 8).unwrap();
    s.apply(P1, RaceAction::Stride(2)).unwrap();
    s.apply(P2, RaceAction::Stride(2)).unwrap();
    let after_first_round = (s.state().clone(), s.event_hash());
    s.apply(P1, RaceAction::Stride(3)).unwrap();
    assert!(s.undo(P1).unwrap());
    assert_eq!(after_first_round, (s.state().clone(), s.event_hash()));
    assert_eq!(s.version(), 2);
}

#[test]
fn engine_types_are_send_and_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Session<Race>>();
    assert_send_sync::<Replay>();
    fn assert_agent_object_safe(_: &dyn Agent<Race>) {}
    assert_agent_object_safe(&RandomAgent);
}

/// The greedy argmax keeps the actions within 1e-9 of the best, restarts on a better one, and
/// draws once from the RNG to choose among those kept (as Starcore's and Milkomeda's greedy
/// agents did by hand).
#[test]
fn pick_best_breaks_ties_with_one_draw_among_the_best() {
    let legal = ['a', 'b', 'c', 'd', 'e'];
    let scores = [1.0, 2.0, 2.0 + 1e-10, 0.5, 2.0 - 1e-10];
    let score = |x: &char| scores[legal.iter().position(|y| y == x).unwrap_or(0)];
    for seed in 0..20 {
        let mut rng = Rng::seed_from_u64(seed);
        let mut twin = rng.clone();
        let want = ['b', 'c', 'e'][twin.index(3)];
        assert_eq!(pick_best(&legal, score, &mut rng), Some(want));
        assert_eq!(rng, twin, "one draw");
    }
    // A better score later starts the list again.
    let mut rng = Rng::seed_from_u64(3);
    let twin = rng.clone();
    assert_eq!(pick_best(&[1, 2, 3], |a| f64::from(*a), &mut rng), Some(3));
    assert_ne!(rng, twin, "a lone best still takes its draw");
    // Nothing above -∞: no pick, no draw.
    let mut rng = Rng::seed_from_u64(3);
    assert_eq!(pick_best(&[1, 2], |_| f64::NEG_INFINITY, &mut rng), None);
    assert_eq!(rng, Rng::seed_from_u64(3));
}

/// The first strictly best action wins; actions scored `None` are skipped.
#[test]
fn first_best_keeps_the_first_of_equal_scores() {
    let items = [(0, 1.0), (1, 3.0), (2, 3.0), (3, 9.0)];
    let best = first_best(items, |(i, s)| (*i != 3).then_some(*s));
    assert_eq!(best, Some(((1, 3.0), 3.0)));
    assert_eq!(first_best([1, 2], |_| None), None);
}

/// A setup refused for content problems names every problem, as the problems print them.
#[test]
fn setup_error_from_problems_lists_every_problem() {
    let mut problems = content::Problems::new();
    problems.push("units[0].name", "must not be empty");
    problems.push("map.width", "must be at least 1");
    let text = problems.to_string();
    assert!(text.contains("must not be empty") && text.contains("must be at least 1"));
    let e = SetupError::from(problems.clone());
    assert_eq!(e.problems(), &problems);
    assert_eq!(e.to_string(), format!("invalid game setup: {text}"));
    // The sentence form is one problem naming no field.
    let one = SetupError::because("at least one round");
    assert_eq!(one.problems().len(), 1);
    assert_eq!(one.problems().as_slice()[0].field, "");
    assert_eq!(one.to_string(), "invalid game setup: at least one round");
}

/// The race as planes: a 1 × 10 track, each seat's position (`mine`, `theirs`), then its own
/// hidden stride as a constant plane.
impl ObservationPlanes for Race {
    type Layout = ();
    fn layout(_: &(), list: &mut PlaneList) {
        list.one("mine");
        list.one("theirs");
        list.one("my stride");
    }
    fn board_size(_: &()) -> (usize, usize) {
        (1, 10)
    }
    fn encode_planes(input: &PlaneInput<'_, Self>, out: &mut Planes<'_>) {
        let (seat, seen) = (input.seat, input.seen);
        for (s, pos) in seen.pos.iter().enumerate() {
            // A position of 10 or more is off the track: the write is ignored, not a panic.
            out.set(usize::from(s != seat.index()), 0, usize::from(*pos), 1.0);
        }
        out.fill(2, f32::from(seen.mine.unwrap_or(0)));
        out.fill(7, 1.0); // no such plane: ignored
    }
}

#[test]
fn planes_are_named_counted_and_encoded_from_the_observation() {
    assert_eq!(Race::planes_shape(&()), [3, 1, 10]);
    assert_eq!(Race::plane_names(&()), ["mine", "theirs", "my stride"]);
    let mut race = Race::new(&()).unwrap_or_else(|e| panic!("{e}"));
    race.pos = [3, 12];
    race.commit = [Some(2), Some(3)];
    let p1 = race.observation_planes(&(), Seat::new(0));
    let mut want = vec![0.0; 30];
    want[3] = 1.0; // P1 on square 3; P2 off the track
    want[20..].fill(2.0); // P1's own stride, never P2's
    assert_eq!(p1, want);
    let p2 = race.observation_planes(&(), Seat::new(1));
    assert_eq!(p2[10 + 3], 1.0);
    assert!(p2[20..].iter().all(|v| *v == 3.0));
}

#[test]
fn a_plane_list_counts_what_it_names_and_ratios_stay_in_range() {
    let mut naming = PlaneList::naming();
    let mut counting = PlaneList::counting();
    for list in [&mut naming, &mut counting] {
        assert!(list.is_empty());
        assert_eq!(list.one("a"), 0);
        assert_eq!(list.many(3, |i| format!("b{i}")), 1);
        assert_eq!(list.one("c"), 4);
    }
    assert_eq!(naming.len(), counting.len());
    assert_eq!(naming.into_names(), ["a", "b0", "b1", "b2", "c"]);
    assert!(counting.into_names().is_empty());
    assert_eq!((ratio(3, 4), ratio(5, 4), ratio(1, 0)), (0.75, 1.0, 0.0));
}
