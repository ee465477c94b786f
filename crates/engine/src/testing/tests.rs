//! Every check of the harness fails on a game broken in the way it looks for.
//!
//! The fixture is "high card": chance deals each seat a private card 1–3, then both seats
//! secretly bid 1 or 2 at once; when both have bid, the cards and bids are shown and the higher
//! card wins a quarter of the bids (a tie is a draw). Its config names one flaw; with
//! [`Flaw::None`] the game is correct and passes.

use super::{check_action_index, random_sim};
use crate::tests::waiting_on;
use crate::*;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Flaw {
    None,
    /// `Clone` forgets the move counter, which `==` ignores (a cache, say).
    CloneForgetsMoves,
    /// The move counter only counts when events are recorded.
    StepReadsEvents,
    /// Returns twice the stake.
    ReturnsOutOfRange,
    /// The loser gets 0.
    NotZeroSum,
    /// Returns name the leader before the game is over.
    EarlyReturns,
    /// Observations show the other seat's card.
    ObservationShowsOtherCard,
    /// The deal is not redacted in the log.
    LogShowsCard,
    /// Resample redraws the other seat's bid but keeps its card.
    ResampleKeepsCard,
    /// Resample redraws the seat's own card too.
    ResampleRedrawsOwnCard,
    /// Resample draws the other seat's bid from 1–3 (3 is no legal bid).
    ResampleDrawsBadBid,
    /// Redacting a deal for others reads the dealt seat's secret bid.
    RedactionReadsBid,
    /// P2 may not bid 2 when P1's card is a 3.
    LegalReadsOtherCard,
    /// P1 may not bid 2 when P2 has bid 2.
    LegalReadsOtherBid,
    /// Bids are hidden from the bidder too.
    OwnBidHidden,
    /// Bids are shown to spectators, not to the other seat.
    BidShownToSpectators,
    /// P1 has a legal action at chance nodes.
    LegalAtChance,
    /// Resample takes back the other seat's bid.
    ResampleTakesBackBid,
    /// Resample draws differently on every other call, whatever the RNG.
    ResampleNotRepeatable,
    /// Action index: both bids get index 0.
    IndexCollides,
    /// Action index: bid 2 gets index 2, but there are only 2.
    IndexOutOfRange,
    /// Action index: index 1 gives back bid 1.
    IndexNoRoundTrip,
    /// Action index: `action_from_index` indexes an array, so a large index panics.
    FromIndexPanics,
    /// Action index: bid 2 has no index, and the game does not say why.
    UnindexedUndeclared,
    /// Action index: bid 2 has no index, declared (a correct game).
    UnindexedDeclared,
    /// Action index: deals are indexed too.
    ChanceIndexed,
    /// The size of a bid is declared public as soon as it is made: the other seat's
    /// observation shows it and resample keeps it, so the other seat learns it before it bids
    /// itself (as Command Core once showed each program's card count, and when it was sealed,
    /// to the seat still programming).
    BidSizeShownBeforeTheOtherBids,
}

/// Calls of resample, for [`Flaw::ResampleNotRepeatable`].
static RESAMPLES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

#[derive(Debug)]
struct HighCard {
    flaw: Flaw,
    cards: [Option<u8>; 2],
    bids: [Option<u8>; 2],
    shown: bool,
    /// Steps taken: public.
    moves: u8,
}

impl PartialEq for HighCard {
    fn eq(&self, o: &Self) -> bool {
        let moves = self.flaw == Flaw::CloneForgetsMoves || self.moves == o.moves;
        moves
            && (self.flaw, self.cards, self.bids, self.shown) == (o.flaw, o.cards, o.bids, o.shown)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
enum Act {
    Deal { seat: Seat, card: u8 },
    Bid(u8),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum Ev {
    Dealt { seat: Seat, card: Option<u8> },
    Bid { seat: Seat, bid: Option<u8> },
    Shown { cards: [u8; 2], bids: [u8; 2] },
}

/// Both seats' cards and bids.
type Hands = ([Option<u8>; 2], [Option<u8>; 2]);

#[derive(Clone, Debug, Serialize)]
struct Obs {
    moves: u8,
    mine: Option<(Option<u8>, Option<u8>)>,
    dealt: [bool; 2],
    bid: [bool; 2],
    other_card: Option<u8>,
    other_bid: Option<u8>,
    shown: Option<Hands>,
}

fn other(s: Seat) -> Seat {
    Seat::new(1 - s.index() as u8)
}

impl HighCard {
    fn stake(&self) -> f64 {
        f64::from(self.bids.iter().flatten().sum::<u8>()) / 4.0
    }
}

impl Game for HighCard {
    type Config = Flaw;
    type Action = Act;
    type Event = Ev;
    type Observation = Obs;
    const INFO: GameInfo = crate::testing::fixture_info(
        "high-card",
        "High card",
        2,
        ChanceMode::Explicit,
        Information::Imperfect,
    );

    fn new(flaw: &Flaw) -> Result<Self, SetupError> {
        Ok(HighCard {
            flaw: *flaw,
            cards: [None; 2],
            bids: [None; 2],
            shown: false,
            moves: 0,
        })
    }
    fn num_seats(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        if self.shown {
            Turn::Terminal
        } else if self.cards.contains(&None) {
            Turn::Chance
        } else {
            waiting_on(&self.bids)
        }
    }
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Act>) {
        if self.flaw == Flaw::LegalAtChance && self.turn() == Turn::Chance && seat.index() == 0 {
            out.push(Act::Bid(1));
        }
        if self.turn().includes(seat) {
            out.push(Act::Bid(1));
            let capped = (self.flaw == Flaw::LegalReadsOtherCard
                && seat.index() == 1
                && self.cards[0] == Some(3))
                || (self.flaw == Flaw::LegalReadsOtherBid
                    && seat.index() == 0
                    && self.bids[1] == Some(2));
            if !capped {
                out.push(Act::Bid(2));
            }
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(Act, u32)>) {
        if let Some(i) = self.cards.iter().position(Option::is_none) {
            if !self.shown {
                let seat = Seat::new(i as u8);
                out.extend((1..=3).map(|card| (Act::Deal { seat, card }, 1)));
            }
        }
    }
    fn step(&mut self, actor: Actor, action: Act, ev: &mut Events<Ev>) {
        match (actor, action) {
            (Actor::Chance, Act::Deal { seat, card }) => {
                self.cards[seat.index()] = Some(card);
                ev.emit(|| Ev::Dealt {
                    seat,
                    card: Some(card),
                });
            }
            (Actor::Seat(seat), Act::Bid(bid)) => {
                self.bids[seat.index()] = Some(bid);
                ev.emit(|| Ev::Bid {
                    seat,
                    bid: Some(bid),
                });
                if let ([Some(c0), Some(c1)], [Some(b0), Some(b1)]) = (self.cards, self.bids) {
                    self.shown = true;
                    ev.emit(|| Ev::Shown {
                        cards: [c0, c1],
                        bids: [b0, b1],
                    });
                }
            }
            other => panic!("illegal {other:?}"),
        }
        if self.flaw != Flaw::StepReadsEvents || ev.is_enabled() {
            self.moves += 1;
        }
    }
    fn returns(&self) -> PerSeat<f64> {
        let (Some(c0), Some(c1)) = (self.cards[0], self.cards[1]) else {
            return vec![0.0; 2].into();
        };
        if !self.shown {
            return if self.flaw == Flaw::EarlyReturns && c0 != c1 {
                let lead = if c0 > c1 { 0.5 } else { -0.5 };
                vec![lead, -lead].into()
            } else {
                vec![0.0; 2].into()
            };
        }
        let x = match self.flaw {
            Flaw::ReturnsOutOfRange => 2.0 * self.stake(),
            _ => self.stake(),
        };
        let lose = if self.flaw == Flaw::NotZeroSum {
            0.0
        } else {
            -x
        };
        match c0.cmp(&c1) {
            std::cmp::Ordering::Greater => vec![x, lose].into(),
            std::cmp::Ordering::Less => vec![lose, x].into(),
            std::cmp::Ordering::Equal => vec![0.0; 2].into(),
        }
    }
    fn observe(&self, viewer: Viewer) -> Obs {
        let mine = match viewer {
            Viewer::Seat(s) => Some((self.cards[s.index()], self.bids[s.index()])),
            Viewer::Spectator => None,
        };
        let other_card = match viewer {
            Viewer::Seat(s) if self.flaw == Flaw::ObservationShowsOtherCard => {
                self.cards[other(s).index()]
            }
            _ => None,
        };
        let other_bid = match viewer {
            Viewer::Seat(s) if self.flaw == Flaw::BidSizeShownBeforeTheOtherBids => {
                self.bids[other(s).index()]
            }
            _ => None,
        };
        Obs {
            moves: self.moves,
            mine,
            dealt: self.cards.map(|c| c.is_some()),
            bid: self.bids.map(|b| b.is_some()),
            other_card,
            other_bid,
            shown: self.shown.then_some((self.cards, self.bids)),
        }
    }
    fn max_game_length(&self) -> usize {
        4
    }
    fn action_text(&self, a: &Act) -> String {
        match a {
            Act::Deal { seat, card } => format!("deal {seat} {card}"),
            Act::Bid(b) => format!("bid {b}"),
        }
    }
    fn event_text(&self, e: &Ev) -> String {
        format!("{e:?}")
    }
    fn action_visible_to(&self, actor: Actor, action: &Act, viewer: Viewer) -> bool {
        match (actor, action) {
            (Actor::Seat(_), _) if self.flaw == Flaw::OwnBidHidden => false,
            (Actor::Seat(_), _)
                if self.flaw == Flaw::BidShownToSpectators && viewer == Viewer::Spectator =>
            {
                true
            }
            (Actor::Seat(s), _) | (_, &Act::Deal { seat: s, .. }) => viewer.sees_secrets_of(s),
            _ => true,
        }
    }
    fn redact_event(&self, e: &Ev, viewer: Viewer) -> Option<Ev> {
        match e {
            Ev::Dealt { seat, .. } if !viewer.sees_secrets_of(*seat) => {
                if self.flaw == Flaw::LogShowsCard {
                    Some(e.clone())
                } else if self.flaw == Flaw::RedactionReadsBid && self.bids[seat.index()] == Some(2)
                {
                    None
                } else {
                    Some(Ev::Dealt {
                        seat: *seat,
                        card: None,
                    })
                }
            }
            Ev::Bid { seat, .. } if !viewer.sees_secrets_of(*seat) => Some(Ev::Bid {
                seat: *seat,
                bid: None,
            }),
            e => Some(e.clone()),
        }
    }
    /// Redraws the other seat's card and bid, unless shown.
    fn resample(&self, seat: Seat, rng: &mut Rng) -> Self {
        let mut s = self.clone();
        if self.shown {
            return s;
        }
        let o = other(seat).index();
        if self.cards[o].is_some() && self.flaw != Flaw::ResampleKeepsCard {
            s.cards[o] = Some(rng.below(3) as u8 + 1);
        }
        if self.flaw == Flaw::ResampleNotRepeatable
            && RESAMPLES.fetch_add(1, std::sync::atomic::Ordering::Relaxed) % 2 == 1
        {
            rng.next_u64();
        }
        if self.flaw == Flaw::ResampleTakesBackBid {
            s.bids[o] = None;
        } else if self.bids[o].is_some() && self.flaw != Flaw::BidSizeShownBeforeTheOtherBids {
            let top = if self.flaw == Flaw::ResampleDrawsBadBid {
                3
            } else {
                2
            };
            s.bids[o] = Some(rng.below(top) as u8 + 1);
        }
        let me = seat.index();
        if self.cards[me].is_some() && self.flaw == Flaw::ResampleRedrawsOwnCard {
            s.cards[me] = Some(rng.below(3) as u8 + 1);
        }
        s
    }
}

impl Clone for HighCard {
    /// With [`Flaw::CloneForgetsMoves`], drops the counter.
    fn clone(&self) -> Self {
        HighCard {
            moves: if self.flaw == Flaw::CloneForgetsMoves {
                0
            } else {
                self.moves
            },
            ..*self
        }
    }
}

fn sim(flaw: Flaw) -> testing::SimReport {
    random_sim::<HighCard>(&flaw, 300, 7, 10)
}

#[test]
fn a_correct_hidden_information_game_passes_every_check() {
    let r = sim(Flaw::None);
    assert_eq!(r.games, 300);
    assert_eq!(r.longest, 4);
    assert!(r.resamples > 20, "{r:?}");
    assert!(r.resamples_changed > 10, "{r:?}");
    assert!(r.resamples_played <= r.resamples, "{r:?}");
    assert!(r.resamples_played > 20, "{r:?}");
    assert!(r.hidden_pairs > 100, "{r:?}");
}

#[test]
#[should_panic(expected = "differs from the original stepped: observation of P1")]
fn clone_that_forgets_state_is_caught() {
    sim(Flaw::CloneForgetsMoves);
}

#[test]
#[should_panic(expected = "with events disabled gives another state")]
fn step_that_depends_on_event_recording_is_caught() {
    sim(Flaw::StepReadsEvents);
}

#[test]
#[should_panic(expected = "returns out of range")]
fn returns_out_of_range_are_caught() {
    sim(Flaw::ReturnsOutOfRange);
}

#[test]
#[should_panic(expected = "returns of a zero-sum game (Game::ZERO_SUM) sum to")]
fn returns_that_do_not_sum_to_zero_are_caught() {
    sim(Flaw::NotZeroSum);
}

#[test]
#[should_panic(expected = "returns must be 0 before the game is over")]
fn returns_before_the_end_are_caught() {
    sim(Flaw::EarlyReturns);
}

#[test]
#[should_panic(expected = "the observation leaks")]
fn observation_showing_a_hidden_card_is_caught() {
    sim(Flaw::ObservationShowsOtherCard);
}

#[test]
#[should_panic(expected = "the log leaks")]
fn log_showing_a_hidden_card_is_caught() {
    sim(Flaw::LogShowsCard);
}

#[test]
#[should_panic(expected = "keeps a secret: after `deal P")]
fn resample_keeping_a_secret_is_caught() {
    sim(Flaw::ResampleKeepsCard);
}

#[test]
#[should_panic(expected = "changed what P")]
fn resample_changing_what_the_seat_sees_is_caught() {
    sim(Flaw::ResampleRedrawsOwnCard);
}

#[test]
#[should_panic(expected = "of the state resampled for")]
fn resampled_state_that_cannot_be_is_caught_when_played_on() {
    sim(Flaw::ResampleDrawsBadBid);
}

#[test]
#[should_panic(expected = "visible log reads differently with the state resampled for")]
fn redaction_reading_secrets_is_caught() {
    sim(Flaw::RedactionReadsBid);
}

#[test]
#[should_panic(expected = "resample for P2 changed P2's legal actions")]
fn legal_actions_reading_secrets_are_caught() {
    sim(Flaw::LegalReadsOtherCard);
}

#[test]
#[should_panic(expected = "P1's legal actions tell apart `bid")]
fn legal_actions_reading_a_hidden_bid_are_caught() {
    sim(Flaw::LegalReadsOtherBid);
}

#[test]
#[should_panic(expected = "may not see its own action `bid")]
fn a_seat_that_cannot_see_its_own_action_is_caught() {
    sim(Flaw::OwnBidHidden);
}

#[test]
#[should_panic(expected = "is shown to spectators but hidden from P")]
fn spectators_seeing_more_than_a_seat_is_caught() {
    sim(Flaw::BidShownToSpectators);
}

#[test]
#[should_panic(expected = "P1 has legal actions out of turn (Chance)")]
fn legal_actions_at_a_chance_node_are_caught() {
    sim(Flaw::LegalAtChance);
}

#[test]
#[should_panic(expected = "changed whose turn it is")]
fn resample_changing_the_turn_is_caught() {
    sim(Flaw::ResampleTakesBackBid);
}

#[test]
#[should_panic(expected = "with equal RNGs gives different states")]
fn resample_not_fixed_by_its_rng_is_caught() {
    sim(Flaw::ResampleNotRepeatable);
}

#[test]
#[should_panic(
    expected = "P2's observation tells apart `bid 2` and `bid 1` by P1 at a sealed simultaneous choice"
)]
fn a_commitment_shown_before_the_other_seat_commits_is_caught() {
    sim(Flaw::BidSizeShownBeforeTheOtherBids);
}

/// The flaw above slips through every other hidden-information check: the game declares the
/// bid's size public (resample keeps it), so no pair of choices differs "only in secrets".
#[test]
fn a_commitment_shown_before_the_other_seat_commits_passes_the_older_checks() {
    let caught = std::panic::catch_unwind(|| sim(Flaw::BidSizeShownBeforeTheOtherBids))
        .err()
        .and_then(|e| e.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    assert!(
        caught.contains("sealed simultaneous choice that another seat still owes"),
        "{caught}"
    );
}

/// The real state and a resampled one that differ in P2's hidden bid, with P1 to bid.
fn after_p2_bid(flaw: Flaw, real: u8, guess: u8) -> (HighCard, HighCard) {
    let mut s = HighCard::new(&flaw).unwrap();
    let mut ev = Events::disabled();
    s.step(
        Actor::Chance,
        Act::Deal {
            seat: Seat::new(0),
            card: 2,
        },
        &mut ev,
    );
    s.step(
        Actor::Chance,
        Act::Deal {
            seat: Seat::new(1),
            card: 2,
        },
        &mut ev,
    );
    let mut r = s.clone();
    s.step(Actor::Seat(Seat::new(1)), Act::Bid(real), &mut ev);
    r.step(Actor::Seat(Seat::new(1)), Act::Bid(guess), &mut ev);
    (s, r)
}

fn play_on(s: HighCard, r: HighCard) {
    let mut report = testing::SimReport::default();
    let mut run = super::Run {
        game: 0,
        rng: Rng::seed_from_u64(1),
        checks: Rng::seed_from_u64(2),
        report: &mut report,
        played: 0,
    };
    let at = super::At {
        game: 0,
        step: 3,
        resampled: None,
    };
    run.play_on(s, r, Seat::new(0), at);
}

#[test]
fn a_consistent_resampled_state_plays_on() {
    let (s, r) = after_p2_bid(Flaw::None, 1, 2);
    play_on(s, r);
}

#[test]
#[should_panic(expected = "P1's legal actions differ from the real game while P1 sees the same")]
fn played_on_resampled_state_with_other_legal_actions_is_caught() {
    let (s, r) = after_p2_bid(Flaw::LegalReadsOtherBid, 1, 2);
    play_on(s, r);
}

#[test]
#[should_panic(expected = "returns out of range")]
fn played_on_impossible_resampled_state_is_caught() {
    // A bid of 3 is no legal bid: the resampled game ends with returns out of range.
    let (s, r) = after_p2_bid(Flaw::None, 1, 3);
    let mut s2 = s.clone();
    s2.cards = [Some(3), Some(1)];
    let mut r2 = r.clone();
    r2.cards = [Some(3), Some(1)];
    play_on(s2, r2);
}

/// A perfect-information counting race: seats alternately add 1 or 2; whoever reaches 5 wins.
/// `ZS` is its [`Game::ZERO_SUM`]; the config names a flaw.
#[derive(Clone, Debug, PartialEq)]
struct Count<const ZS: bool> {
    flaw: PerfectFlaw,
    total: u8,
    next: Seat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum PerfectFlaw {
    None,
    /// Each seat sees its own seat number in the observation.
    ObservationPerViewer,
    /// Shows P2's moves to P2 only.
    HidesMoves,
    /// Redacts events for spectators.
    RedactsEvents,
    /// Resample adds one.
    ResampleChanges,
    /// The loser gets 0.
    LoserGetsZero,
}

impl<const ZS: bool> Game for Count<ZS> {
    type Config = PerfectFlaw;
    type Action = u8;
    type Event = (Seat, u8);
    type Observation = (u8, Option<Seat>);
    const INFO: GameInfo = crate::testing::fixture_info(
        "count",
        "Count to five",
        2,
        ChanceMode::Deterministic,
        Information::Perfect,
    );
    const ZERO_SUM: bool = ZS;

    fn new(flaw: &PerfectFlaw) -> Result<Self, SetupError> {
        Ok(Count {
            flaw: *flaw,
            total: 0,
            next: Seat::new(0),
        })
    }
    fn num_seats(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        if self.total >= 5 {
            Turn::Terminal
        } else {
            Turn::Seat(self.next)
        }
    }
    fn legal_actions(&self, seat: Seat, out: &mut Vec<u8>) {
        if self.turn() == Turn::Seat(seat) {
            out.extend([1, 2]);
        }
    }
    fn chance_outcomes(&self, _: &mut Vec<(u8, u32)>) {}
    fn step(&mut self, actor: Actor, k: u8, ev: &mut Events<(Seat, u8)>) {
        let Actor::Seat(s) = actor else {
            panic!("no chance")
        };
        self.total += k;
        ev.emit(|| (s, k));
        self.next = s.next(2);
    }
    fn returns(&self) -> PerSeat<f64> {
        if self.total < 5 {
            return vec![0.0; 2].into();
        }
        // The seat that just moved (not `next`) reached 5.
        let mut r = rank_returns(&[
            u8::from(self.next != Seat::new(0)),
            u8::from(self.next == Seat::new(0)),
        ]);
        if self.flaw == PerfectFlaw::LoserGetsZero {
            r = r.map(|x| x.max(0.0));
        }
        r
    }
    fn observe(&self, viewer: Viewer) -> (u8, Option<Seat>) {
        let me = match viewer {
            Viewer::Seat(s) if self.flaw == PerfectFlaw::ObservationPerViewer => Some(s),
            _ => None,
        };
        (self.total, me)
    }
    fn max_game_length(&self) -> usize {
        5
    }
    fn action_text(&self, k: &u8) -> String {
        format!("add {k}")
    }
    fn event_text(&self, e: &(Seat, u8)) -> String {
        format!("{e:?}")
    }
    fn action_visible_to(&self, actor: Actor, _: &u8, viewer: Viewer) -> bool {
        self.flaw != PerfectFlaw::HidesMoves || actor == Actor::Seat(Seat::new(0)) || {
            let Actor::Seat(s) = actor else { return true };
            viewer == Viewer::Seat(s)
        }
    }
    fn redact_event(&self, e: &(Seat, u8), viewer: Viewer) -> Option<(Seat, u8)> {
        (self.flaw != PerfectFlaw::RedactsEvents || viewer != Viewer::Spectator).then_some(*e)
    }
    fn resample(&self, _: Seat, _: &mut Rng) -> Self {
        let mut s = self.clone();
        if self.flaw == PerfectFlaw::ResampleChanges {
            s.total += 1;
        }
        s
    }
}

fn count<const ZS: bool>(flaw: PerfectFlaw) -> testing::SimReport {
    random_sim::<Count<ZS>>(&flaw, 200, 3, 10)
}

#[test]
fn a_correct_perfect_information_game_passes() {
    let r = count::<true>(PerfectFlaw::None);
    assert_eq!(r.games, 200);
    assert!(r.resamples > 0 && r.resamples_changed == 0 && r.hidden_pairs == 0);
}

#[test]
fn a_game_that_is_not_zero_sum_may_say_so() {
    let r = count::<false>(PerfectFlaw::LoserGetsZero);
    assert!(r.returns.as_slice().iter().sum::<f64>() > 100.0, "{r:?}");
}

#[test]
#[should_panic(expected = "returns of a zero-sum game (Game::ZERO_SUM) sum to 1")]
fn a_zero_sum_game_whose_loser_gets_zero_is_caught() {
    count::<true>(PerfectFlaw::LoserGetsZero);
}

#[test]
#[should_panic(expected = "a perfect-information game shows P1 something other than")]
fn perfect_information_with_private_observations_is_caught() {
    count::<true>(PerfectFlaw::ObservationPerViewer);
}

#[test]
#[should_panic(expected = "a perfect-information game hides `add")]
fn perfect_information_hiding_a_move_is_caught() {
    count::<true>(PerfectFlaw::HidesMoves);
}

#[test]
#[should_panic(expected = "a perfect-information game redacts")]
fn perfect_information_redacting_an_event_is_caught() {
    count::<true>(PerfectFlaw::RedactsEvents);
}

#[test]
#[should_panic(expected = "a perfect-information game's resample changed the state")]
fn perfect_information_resample_that_changes_the_state_is_caught() {
    count::<true>(PerfectFlaw::ResampleChanges);
}

// ----- the action index -----

impl ActionIndex for HighCard {
    fn num_distinct_actions(_: &Flaw) -> usize {
        2
    }

    fn action_index(flaw: &Flaw, action: &Act) -> Option<usize> {
        match (*flaw, *action) {
            (Flaw::ChanceIndexed, Act::Deal { .. }) => Some(0),
            (_, Act::Deal { .. }) => None,
            (Flaw::IndexCollides, Act::Bid(_)) => Some(0),
            (Flaw::IndexOutOfRange, Act::Bid(2)) => Some(2),
            (Flaw::UnindexedUndeclared | Flaw::UnindexedDeclared, Act::Bid(2)) => None,
            (_, Act::Bid(b)) => usize::from(b).checked_sub(1).filter(|i| *i < 2),
        }
    }

    #[allow(clippy::indexing_slicing)]
    fn action_from_index(flaw: &Flaw, index: usize) -> Option<Act> {
        const BIDS: [Act; 2] = [Act::Bid(1), Act::Bid(2)];
        match *flaw {
            Flaw::FromIndexPanics => Some(BIDS[index]),
            Flaw::IndexNoRoundTrip => (index < 2).then_some(Act::Bid(1)),
            Flaw::UnindexedUndeclared | Flaw::UnindexedDeclared => {
                (index == 0).then_some(Act::Bid(1))
            }
            Flaw::IndexCollides | Flaw::IndexOutOfRange => (index == 0).then_some(Act::Bid(1)),
            _ => BIDS.get(index).copied(),
        }
    }

    fn unindexed(flaw: &Flaw, action: &Act) -> Option<&'static str> {
        (*flaw == Flaw::UnindexedDeclared && *action == Act::Bid(2))
            .then_some("bids of 2 are left out (test)")
    }
}

fn index_check(flaw: Flaw) -> testing::IndexReport {
    check_action_index::<HighCard>(&flaw, 50, 3)
}

#[test]
fn a_correct_action_index_passes() {
    let r = index_check(Flaw::None);
    assert_eq!((r.num_distinct_actions, r.mapped, r.games), (2, 2, 50));
    assert_eq!(r.unindexed, 0);
    assert_eq!(r.indices_seen, 2);
    // Both seats bid at once: two states per game at least.
    assert!(r.states >= 100 && r.legal > r.states, "{r:?}");
}

#[test]
fn declared_unindexed_actions_pass_and_are_counted() {
    let r = index_check(Flaw::UnindexedDeclared);
    assert_eq!((r.mapped, r.indices_seen), (1, 1));
    assert!(r.unindexed > 0 && r.unindexed < r.legal, "{r:?}");
    let mut game = HighCard::new(&Flaw::UnindexedDeclared).unwrap_or_else(|e| panic!("{e}"));
    for (seat, card) in [(0, 3), (1, 1)] {
        let deal = Act::Deal {
            seat: Seat::new(seat),
            card,
        };
        game.step(Actor::Chance, deal, &mut Events::disabled());
    }
    let mut mask = vec![true; 5];
    let left_out = game.legal_action_mask(&Flaw::UnindexedDeclared, Seat::new(0), &mut mask);
    assert_eq!((mask, left_out), (vec![true, false], 1));
}

#[test]
#[should_panic(expected = "share index 0")]
fn two_legal_actions_with_one_index_are_caught() {
    index_check(Flaw::IndexCollides);
}

#[test]
#[should_panic(expected = "has index 2, not below N = 2")]
fn an_index_out_of_range_is_caught() {
    index_check(Flaw::IndexOutOfRange);
}

#[test]
#[should_panic(expected = "not a round trip")]
fn an_index_that_does_not_round_trip_is_caught() {
    index_check(Flaw::IndexNoRoundTrip);
}

#[test]
#[should_panic(expected = "action_from_index(2) (N = 2) panicked")]
fn action_from_index_panicking_out_of_range_is_caught() {
    index_check(Flaw::FromIndexPanics);
}

#[test]
#[should_panic(expected = "has no index, and the game does not declare it unindexed")]
fn an_undeclared_unindexed_action_is_caught() {
    index_check(Flaw::UnindexedUndeclared);
}

#[test]
#[should_panic(expected = "only player actions are indexed")]
fn an_indexed_chance_outcome_is_caught() {
    index_check(Flaw::ChanceIndexed);
}

/// The audit-trail check of [`check_event_fold`](super::check_event_fold): "tally". Chance deals
/// each seat a private card 1–3 (only its holder sees the number); then seats take turns adding
/// 1 or 2 to a public total until it reaches 6.
mod fold {
    use super::super::check_event_fold;
    use crate::*;
    use serde::{Deserialize, Serialize};

    /// With `silent`, adding 2 changes the total without an event.
    #[derive(Clone, Debug, PartialEq)]
    struct Tally {
        silent: bool,
        cards: [Option<u8>; 2],
        total: u8,
        next: Seat,
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    enum Ev {
        Dealt { seat: Seat, card: Option<u8> },
        Added { seat: Seat, n: u8 },
    }

    #[derive(Clone, Debug, Serialize)]
    struct Obs {
        mine: Option<u8>,
        dealt: [bool; 2],
        total: u8,
    }

    impl Game for Tally {
        type Config = bool;
        type Action = (bool, u8);
        type Event = Ev;
        type Observation = Obs;
        const INFO: GameInfo = crate::testing::fixture_info(
            "tally",
            "Tally",
            2,
            ChanceMode::Explicit,
            Information::Imperfect,
        );
        fn new(silent: &bool) -> Result<Self, SetupError> {
            Ok(Tally {
                silent: *silent,
                cards: [None; 2],
                total: 0,
                next: Seat::new(0),
            })
        }
        fn num_seats(&self) -> usize {
            2
        }
        fn turn(&self) -> Turn {
            if self.cards.contains(&None) {
                Turn::Chance
            } else if self.total >= 6 {
                Turn::Terminal
            } else {
                Turn::Seat(self.next)
            }
        }
        fn legal_actions(&self, seat: Seat, out: &mut Vec<(bool, u8)>) {
            if self.turn() == Turn::Seat(seat) {
                out.extend([(false, 1), (false, 2)]);
            }
        }
        fn chance_outcomes(&self, out: &mut Vec<((bool, u8), u32)>) {
            if self.cards.contains(&None) {
                out.extend((1..=3).map(|c| ((true, c), 1)));
            }
        }
        fn step(&mut self, actor: Actor, (_, n): (bool, u8), ev: &mut Events<Ev>) {
            match actor {
                Actor::Chance => {
                    let i = self.cards.iter().position(Option::is_none).unwrap_or(0);
                    self.cards[i] = Some(n);
                    let seat = Seat::new(i as u8);
                    ev.emit(|| Ev::Dealt {
                        seat,
                        card: Some(n),
                    });
                }
                Actor::Seat(seat) => {
                    self.total += n;
                    if !(self.silent && n == 2) {
                        ev.emit(|| Ev::Added { seat, n });
                    }
                    self.next = Seat::new(1 - seat.index() as u8);
                }
            }
        }
        fn returns(&self) -> PerSeat<f64> {
            vec![0.0; 2].into()
        }
        fn observe(&self, viewer: Viewer) -> Obs {
            Obs {
                mine: match viewer {
                    Viewer::Seat(s) => self.cards[s.index()],
                    Viewer::Spectator => None,
                },
                dealt: self.cards.map(|c| c.is_some()),
                total: self.total,
            }
        }
        fn max_game_length(&self) -> usize {
            8
        }
        fn action_text(&self, a: &(bool, u8)) -> String {
            format!("add {}", a.1)
        }
        fn event_text(&self, e: &Ev) -> String {
            format!("{e:?}")
        }
        fn redact_event(&self, e: &Ev, viewer: Viewer) -> Option<Ev> {
            Some(match *e {
                Ev::Dealt { seat, .. } if viewer != Viewer::Seat(seat) => {
                    Ev::Dealt { seat, card: None }
                }
                ref other => other.clone(),
            })
        }
    }

    impl EventFold for Tally {
        fn fold_event(_: &Self, viewer: Viewer, seen: &mut Obs, e: &Ev) {
            match *e {
                Ev::Dealt { seat, card } => {
                    seen.dealt[seat.index()] = true;
                    if viewer == Viewer::Seat(seat) {
                        seen.mine = card;
                    }
                }
                Ev::Added { n, .. } => seen.total += n,
            }
        }
    }

    #[test]
    fn folded_events_give_every_viewers_observation() {
        let report = check_event_fold::<Tally>(&false, 20, 1);
        assert_eq!(report.games, 20);
        assert!(report.folded > 20 * 3 * 3, "{report:?}");
    }

    #[test]
    #[should_panic(expected = "events folded do not give its observation")]
    fn a_change_without_an_event_is_caught() {
        check_event_fold::<Tally>(&true, 20, 1);
    }
}

/// A golden folder of its own under the system's temporary folder.
fn golden_in_temp(name: &str) -> super::golden::Golden {
    let root =
        std::env::temp_dir().join(format!("gridwright-golden-{name}-{}", std::process::id()));
    std::fs::create_dir_all(root.join("tests/golden")).unwrap();
    super::golden::Golden::new(root.to_str().unwrap(), "gridwright-engine")
}

fn golden_game(seed: u64) -> Session<HighCard> {
    let agents: Vec<Box<dyn Agent<HighCard>>> = vec![Box::new(RandomAgent), Box::new(RandomAgent)];
    super::golden::play(Flaw::None, seed, 0x60, agents)
}

#[test]
fn a_blessed_golden_replay_verifies_against_the_same_game_played_again() {
    let golden = golden_in_temp("same");
    golden.bless("g.replay.json", &golden_game(3));
    let session = golden.verify("g.replay.json", &Flaw::None, 3, &golden_game(3));
    assert!(session.state().is_terminal());
    assert_eq!(session.replay(), golden.read("g.replay.json"));
}

#[test]
fn a_golden_replay_checked_against_another_seed_or_config_fails() {
    let golden = golden_in_temp("other");
    golden.bless("g.replay.json", &golden_game(3));
    let other_seed = std::panic::catch_unwind(|| {
        golden.verify("g.replay.json", &Flaw::None, 4, &golden_game(4));
    });
    assert!(other_seed.is_err());
    let other_config = std::panic::catch_unwind(|| {
        golden.verify("g.replay.json", &Flaw::NotZeroSum, 3, &golden_game(3));
    });
    assert!(other_config.is_err());
    let missing = std::panic::catch_unwind(|| golden.read("none.replay.json"));
    assert!(missing.is_err());
}
