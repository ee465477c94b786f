//! Every check of the harness fails on a game broken in the way it looks for.
//!
//! The fixture is "high card": chance deals each seat a private card 1–3, then both seats
//! secretly bid 1 or 2 at once; when both have bid, the cards and bids are shown and the higher
//! card wins a quarter of the bids (a tie is a draw). Its config names one flaw; with
//! [`Flaw::None`] the game is correct and passes.

use super::random_sim;
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
}

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
    const INFO: GameInfo = GameInfo {
        short_name: "high-card",
        long_name: "High card",
        summary: "harness test fixture",
        min_seats: 2,
        max_seats: 2,
        chance: ChanceMode::Explicit,
        information: Information::Imperfect,
        rules_version: "1",
    };

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
            Turn::Simultaneous(
                Seat::all(2)
                    .filter(|s| self.bids[s.index()].is_none())
                    .collect(),
            )
        }
    }
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Act>) {
        if self.turn().includes(seat) {
            out.push(Act::Bid(1));
            let capped = self.flaw == Flaw::LegalReadsOtherCard
                && seat.index() == 1
                && self.cards[0] == Some(3);
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
    fn returns(&self) -> Vec<f64> {
        let (Some(c0), Some(c1)) = (self.cards[0], self.cards[1]) else {
            return vec![0.0; 2];
        };
        if !self.shown {
            return if self.flaw == Flaw::EarlyReturns && c0 != c1 {
                let lead = if c0 > c1 { 0.5 } else { -0.5 };
                vec![lead, -lead]
            } else {
                vec![0.0; 2]
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
            std::cmp::Ordering::Greater => vec![x, lose],
            std::cmp::Ordering::Less => vec![lose, x],
            std::cmp::Ordering::Equal => vec![0.0; 2],
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
        Obs {
            moves: self.moves,
            mine,
            dealt: self.cards.map(|c| c.is_some()),
            bid: self.bids.map(|b| b.is_some()),
            other_card,
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
        if self.bids[o].is_some() {
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
