//! Phase 1 (order cards, the Master's refresh, bribes) and phase 3 (round end, end triggers,
//! scoring) as game steps.
//!
//! A later round's phase 1: a chance deal gives the Master its numbered cards, which it reveals
//! to every player (§7 phase 1 step 4), and leaves the rest face down (seen by no one); the
//! Master announces a proposed distribution of the cards it knows, one card at a time (step 4:
//! public, not binding); every other player, in seat order from the seat after the Master, then
//! gets two passes of the offer window (post or replace an offer, withdraw it, or keep what
//! stands); the Master then commits, one step at a time: the refresh
//! choice, then each card it knows (the drawn ones, then the Master card) to a seat. The last
//! step settles every open offer, deals the face-down cards to the seats left, draws the
//! refresh's replacements and reveals the order.

use crate::BribeRule;
use crate::Resource;
use crate::action::{Action, Event};
use crate::rules::bribes::{
    MAX_BRIBE, MasterDecision, OfferTerms, OpenOffers, Payment, Transfer, settle,
};
use crate::rules::orders::{OrderCard, complete_deal, master_of, turn_order};
use crate::rules::refresh::{RefreshChoice, RefreshKind};
use crate::rules::scoring::{EndTrigger, Holdings, Score, round_limit, scores};
use crate::rules::setup::{dir_tier, mod_tier};
use crate::rules::structures::Structure;
use crate::state::{Draw, Milkomeda, OrderPhase, OrderStage, Phase};
use gridwright_engine::{Events, PerSeat, Seat};
use std::sync::OnceLock;

/// Every offer of `seats` players as actions, sorted, with where each payment's block lies.
///
/// Terms sort by payment first (resource, then amount), so the offers one storage covers are,
/// for each resource, one run from its amount-1 block to the end of the block of the most it
/// can pay: the legal list is copied in at most four slices, with no test per offer.
struct OfferList {
    actions: Vec<Action>,
    /// Per resource, in list order: the start of its run and the end after amounts 1, 2, 3.
    runs: Vec<(Resource, usize, [usize; MAX_BRIBE as usize])>,
}

/// The offer list for `seats` players (computed once per player count).
fn offer_list(seats: usize) -> &'static OfferList {
    static CACHE: [OnceLock<OfferList>; 5] = [const { OnceLock::new() }; 5];
    CACHE[seats.min(4)].get_or_init(|| {
        let mut terms = OfferTerms::all(seats);
        terms.sort_unstable();
        let mut runs: Vec<(Resource, usize, [usize; MAX_BRIBE as usize])> = Vec::new();
        for (i, t) in terms.iter().enumerate() {
            let r = t.payment.resource();
            if runs.last().is_none_or(|(last, ..)| *last != r) {
                runs.push((r, i, [i; MAX_BRIBE as usize]));
            }
            if let Some((_, _, ends)) = runs.last_mut() {
                for end in ends.iter_mut().skip(usize::from(t.payment.amount()) - 1) {
                    *end = i + 1;
                }
            }
        }
        OfferList {
            actions: terms.into_iter().map(Action::Offer).collect(),
            runs,
        }
    })
}

/// Passes of the offer window (item 53).
pub const OFFER_PASSES: u8 = 2;

impl Milkomeda {
    /// Reveals the round's order cards and starts the first turn.
    pub(crate) fn reveal_orders(&mut self, cards: PerSeat<OrderCard>, events: &mut Events<Event>) {
        let order = turn_order(&cards).unwrap_or_else(|_| Seat::all(self.seats).collect());
        self.order = order.clone();
        let shown = cards.as_slice().to_vec();
        self.cards = Some(cards);
        events.emit(|| Event::OrdersRevealed {
            cards: shown,
            order: order.clone(),
        });
        if let Some(first) = order.first() {
            self.begin_turn(*first, events);
        }
    }

    /// The seats that make offers, in order: from the seat after the Master, round the table.
    fn offerers(&self, master: Seat) -> Vec<Seat> {
        let mut v = Vec::new();
        let mut s = master.next(self.seats);
        while s != master {
            v.push(s);
            s = s.next(self.seats);
        }
        v
    }

    pub(crate) fn order_actions(&self, seat: Seat, o: &OrderPhase, out: &mut Vec<Action>) {
        match o.stage {
            OrderStage::Offers { .. } => {
                // The terms the payer's storage covers (as `OpenOffers::postable`), copied from
                // a list sorted once, so the legal list needs no sort at every offer step.
                let storage = self.storage[seat];
                if seat != o.master {
                    let list = offer_list(self.seats);
                    for (r, start, ends) in &list.runs {
                        let most = usize::from(storage.get(*r).min(u16::from(MAX_BRIBE)));
                        if most > 0 {
                            out.extend_from_slice(&list.actions[*start..ends[most - 1]]);
                        }
                    }
                }
                let binding = self.config.bribes == BribeRule::Binding;
                if binding && o.offers.offers().any(|f| f.payer == seat) {
                    out.push(Action::Withdraw);
                }
                out.push(Action::Keep);
                if !binding && seat != o.master {
                    out.extend(
                        Payment::all()
                            .filter(|p| storage.covers(p.as_resources()))
                            .map(Action::Transfer),
                    );
                }
            }
            OrderStage::Propose => {
                for s in Seat::all(self.seats) {
                    if !o.proposal.iter().any(|(g, _)| *g == s) {
                        out.push(Action::Propose(s));
                    }
                }
            }
            OrderStage::Refresh => out.extend(RefreshChoice::all().map(Action::Refresh)),
            OrderStage::Give => {
                for s in Seat::all(self.seats) {
                    if !o.given.iter().any(|(g, _)| *g == s) {
                        out.push(Action::Give(s));
                    }
                }
            }
        }
    }

    pub(crate) fn order_step(&mut self, seat: Seat, action: Action, events: &mut Events<Event>) {
        let Phase::Orders(o) = &mut self.phase else {
            return;
        };
        let transfer = match action {
            Action::Offer(t) => Some((t.payment, Some(t.condition))),
            Action::Transfer(p) => Some((p, None)),
            _ => None,
        };
        match action {
            Action::Offer(_) | Action::Transfer(_)
                if self.config.bribes == BribeRule::Transfer && seat != o.master =>
            {
                // The rulebook's bribe: the resources move now; the note binds nobody.
                if let Some((payment, note)) = transfer {
                    let cost = payment.as_resources();
                    if let Some(left) = self.storage[seat].checked_sub(cost) {
                        self.storage[seat] = left;
                        self.storage[o.master] = self.storage[o.master].saturating_add(cost);
                        let t = Transfer {
                            payer: seat,
                            payment,
                            note,
                        };
                        o.transfers.push(t);
                        events.emit(|| Event::Transferred { transfer: t });
                    }
                }
            }
            Action::Offer(terms) if o.offers.post(seat, terms).is_ok() => {
                let offer = crate::rules::bribes::Offer { payer: seat, terms };
                events.emit(|| Event::OfferPosted { offer });
            }
            Action::Withdraw if o.offers.withdraw(seat).is_ok() => {
                events.emit(|| Event::OfferWithdrawn { payer: seat });
            }
            Action::Refresh(choice) => {
                o.refresh = Some(choice);
                o.stage = OrderStage::Give;
                events.emit(|| Event::Refreshed { choice });
                return;
            }
            Action::Propose(to) => {
                let known = o.known();
                let card = known[o.proposal.len()];
                o.proposal.push((to, card));
                events.emit(|| Event::Proposed { card, seat: to });
                if o.proposal.len() == known.len() {
                    let first = o.master.next(self.seats);
                    o.stage = OrderStage::Offers {
                        pass: 0,
                        seat: first,
                    };
                }
                return;
            }
            Action::Give(to) => {
                let known = o.known();
                let card = known[o.given.len()];
                o.given.push((to, card));
                events.emit(|| Event::Given { card, seat: to });
                if o.given.len() == known.len() {
                    self.commit_master(events);
                }
                return;
            }
            _ => {}
        }
        // The offer window moves on after Offer, Withdraw or Keep.
        if let OrderStage::Offers { pass, seat: at } = o.stage {
            let master = o.master;
            let list = self.offerers(master);
            let pos = list.iter().position(|s| *s == at).unwrap_or(0);
            let Phase::Orders(o) = &mut self.phase else {
                return;
            };
            o.stage = if pos + 1 < list.len() {
                OrderStage::Offers {
                    pass,
                    seat: list[pos + 1],
                }
            } else if pass + 1 < OFFER_PASSES {
                OrderStage::Offers {
                    pass: pass + 1,
                    seat: list[0],
                }
            } else {
                OrderStage::Refresh
            };
        }
    }

    /// The Master's commitment: settle offers, deal, refresh, reveal (§7 phase 1 steps 2–6).
    fn commit_master(&mut self, events: &mut Events<Event>) {
        let Phase::Orders(o) = &self.phase else {
            return;
        };
        let o = o.clone();
        let Ok(cards) = complete_deal(self.seats, &o.given, &o.face_down) else {
            return;
        };
        let decision = MasterDecision {
            refresh: o.refresh,
            cards: cards.clone(),
        };
        let (after, settled) = settle(&o.offers, &decision, &self.storage);
        self.storage = after;
        for (offer, settlement) in settled {
            events.emit(|| Event::OfferSettled { offer, settlement });
        }
        if let Some(choice) = o.refresh {
            self.apply_refresh(choice);
        }
        self.reveal_orders(cards, events);
    }

    /// Discards the chosen card(s) and queues their replacements (§7 phase 1 steps 2–3).
    fn apply_refresh(&mut self, choice: RefreshChoice) {
        let p = choice.position;
        let i = usize::from(p.number() - 1);
        let (dt, mt) = p.tiers();
        let directive = matches!(choice.kind, RefreshKind::Pair | RefreshKind::Directive);
        let module = matches!(choice.kind, RefreshKind::Pair | RefreshKind::Module);
        if directive {
            if let Some(c) = self.slots[i].0.take() {
                self.dir_discard[dir_tier(dt)] |= 1 << c;
            }
        }
        if module {
            if let Some(c) = self.slots[i].1.take() {
                self.mod_discard[mod_tier(mt)] |= 1 << c;
            }
        }
        // The draws go before the first turn's own draws (none are pending now).
        if directive {
            self.draws.push(Draw::Directive(p));
        }
        if module {
            self.draws.push(Draw::Module(p));
        }
    }

    /// Phase 3: after the last turn of a round, check the end triggers, else start the next
    /// round with the Master card's holder as Master of the Order.
    pub(crate) fn end_round(&mut self, events: &mut Events<Event>) {
        if let Some(t) = round_limit(self.round, self.config.round_limit) {
            self.end_game(t, events);
            return;
        }
        if !self.progress {
            self.end_game(EndTrigger::NoProgress, events);
            return;
        }
        self.progress = false;
        self.round += 1;
        let master = self
            .cards
            .as_ref()
            .and_then(master_of)
            .unwrap_or(Seat::new(0));
        let round = self.round;
        events.emit(|| Event::RoundStarted {
            round,
            master: Some(master),
        });
        let Ok(offers) = OpenOffers::new(master, self.seats) else {
            // Never: the Master card's holder is a seat of the game.
            self.end_game(EndTrigger::NoProgress, events);
            return;
        };
        self.phase = Phase::Orders(Box::new(OrderPhase {
            master,
            drawn: Vec::new(),
            face_down: Vec::new(),
            offers,
            stage: OrderStage::Propose,
            refresh: None,
            given: Vec::new(),
            proposal: Vec::new(),
            transfers: Vec::new(),
        }));
        self.draws.push(Draw::MasterDeal);
    }

    /// What `seat` holds now, as §15 scores it.
    pub(crate) fn holdings(&self, seat: Seat) -> Holdings {
        let mut structures = [0u8; 4];
        for p in self.structures.iter().filter(|p| p.owner == seat) {
            let k = Structure::ALL
                .iter()
                .position(|s| *s == p.structure)
                .unwrap_or(0);
            structures[k] += 1;
        }
        Holdings {
            controlled_sectors: self.control.iter().filter(|c| **c == Some(seat)).count() as u32,
            structures,
            fleets_on_map: self.fleets_on_map(seat),
            storage: self.storage[seat],
            objective_points: self.claims.points_of(seat),
        }
    }

    pub(crate) fn scores_now(&self, ended: Option<EndTrigger>) -> PerSeat<Score> {
        let h = PerSeat::from_fn(self.seats, |s| self.holdings(s));
        scores(&h, ended)
    }

    /// Ends the game at once and scores it (§14, §15).
    pub(crate) fn end_game(&mut self, trigger: EndTrigger, events: &mut Events<Event>) {
        self.ended = Some(trigger);
        self.phase = Phase::Over;
        self.draws.clear();
        let s = self.scores_now(Some(trigger));
        events.emit(|| Event::GameEnded {
            trigger,
            scores: s.as_slice().to_vec(),
        });
    }
}
