//! Phase 1 (order cards, the Master's refresh, bribes) and phase 3 (round end, end triggers,
//! scoring) as game steps.
//!
//! A later round's phase 1: a chance deal gives the Master its numbered cards, which it reveals
//! to every player (§7 phase 1 step 4), and leaves the rest face down (seen by no one); the
//! Master announces a proposed distribution of the cards it knows, one card at a time (step 4:
//! public, not binding); every other player, in seat order from the seat after the Master, then
//! gets two passes of the offer window (build a bribe one resource unit at a time and pay it
//! with or without a note, or post it as an offer under `binding`, replacing one's open one;
//! withdraw one's offer; or keep what stands); the Master then commits, one step at a time: the refresh
//! choice, then each card it knows (the drawn ones, then the Master card) to a seat. The last
//! step settles every open offer, deals the face-down cards to the seats left, draws the
//! refresh's replacements and reveals the order.

use crate::BribeRule;
use crate::Resource;
use crate::Resources;
use crate::action::{Action, Event};
use crate::rules::bribes::{
    Condition, MasterDecision, OfferTerms, OpenOffers, Payment, Transfer, settle,
};
use crate::rules::orders::{OrderCard, complete_deal, master_of, turn_order};
use crate::rules::refresh::{RefreshChoice, RefreshKind};
use crate::rules::scoring::{EndTrigger, Holdings, Score, round_limit, scores};
use crate::rules::setup::{dir_tier, mod_tier};
use crate::rules::structures::Structure;
use crate::state::{Draw, OrderPhase, OrderStage, Phase, Table};
use gridwright_engine::{Events, PerSeat, Seat};
use std::sync::OnceLock;

/// Every way to finish a bribe of `seats` players (`Action::Offer` with each condition), as
/// actions in sorted order, computed once per player count.
fn finishes(seats: usize) -> &'static [Action] {
    static CACHE: [OnceLock<Vec<Action>>; 5] = [const { OnceLock::new() }; 5];
    CACHE[seats.min(4)].get_or_init(|| {
        let mut v: Vec<Action> = Condition::all(seats)
            .into_iter()
            .map(Action::Offer)
            .collect();
        v.sort_unstable();
        v
    })
}

/// Passes of the offer window (item 53).
pub const OFFER_PASSES: u8 = 2;

impl Table {
    /// Reveals the round's order cards and starts the first turn.
    #[must_use]
    pub(crate) fn reveal_orders(
        &mut self,
        cards: PerSeat<OrderCard>,
        events: &mut Events<Event>,
    ) -> Option<Phase> {
        let order = turn_order(&cards).unwrap_or_else(|_| Seat::all(self.seats()).collect());
        self.order = order.clone();
        let shown = cards.as_slice().to_vec();
        self.cards = Some(cards);
        events.emit(|| Event::OrdersRevealed {
            cards: shown,
            order: order.clone(),
        });
        order.first().map(|first| self.begin_turn(*first, events))
    }

    /// The seats that make offers, in order: from the seat after the Master, round the table.
    fn offerers(&self, master: Seat) -> Vec<Seat> {
        let mut v = Vec::new();
        let mut s = master.next(self.seats());
        while s != master {
            v.push(s);
            s = s.next(self.seats());
        }
        v
    }

    pub(crate) fn order_actions(&self, seat: Seat, o: &OrderPhase, out: &mut Vec<Action>) {
        match o.stage {
            OrderStage::Offers { .. } => {
                // A bribe is built one resource unit at a time (any resources, in any amounts
                // held: §7 phase 1 step 5, issue 20.7), then finished with a condition (or, under
                // the default rule, no note). Pushed in sorted order: `offer`s, `withdraw`,
                // `keep`, `transfer`, `add`s.
                let storage = self.storage[seat];
                let binding = self.rules.config.bribes == BribeRule::Binding;
                let offerer = seat != o.master;
                let building = o.bribe != Resources::ZERO;
                if offerer && building {
                    out.extend_from_slice(finishes(self.seats()));
                }
                if binding && !building && o.offers.offers().any(|f| f.payer == seat) {
                    out.push(Action::Withdraw);
                }
                out.push(Action::Keep);
                if offerer && building && !binding {
                    out.push(Action::Transfer);
                }
                if offerer {
                    for r in Resource::ALL {
                        if o.bribe.get(r) < storage.get(r) {
                            out.push(Action::AddBribe(r));
                        }
                    }
                }
            }
            OrderStage::Propose => {
                for s in Seat::all(self.seats()) {
                    if !o.proposal.iter().any(|(g, _)| *g == s) {
                        out.push(Action::Propose(s));
                    }
                }
            }
            OrderStage::Refresh => out.extend(RefreshChoice::all().map(Action::Refresh)),
            OrderStage::Give => {
                for s in Seat::all(self.seats()) {
                    if !o.given.iter().any(|(g, _)| *g == s) {
                        out.push(Action::Give(s));
                    }
                }
            }
        }
    }

    /// `seat` adds one unit of `r` to the bribe it is building; nothing moves yet, and the
    /// window stays with the seat.
    pub(crate) fn add_bribe(&self, o: &mut OrderPhase, seat: Seat, r: Resource) {
        let more = o.bribe.saturating_add(Resources::only(r, 1));
        if seat != o.master && self.storage[seat].covers(more) {
            o.bribe = more;
        }
    }

    /// `seat` finishes its bribe (`offer`, `transfer`), withdraws its offer or keeps what
    /// stands; the offer window moves on.
    pub(crate) fn close_bribe(
        &mut self,
        o: &mut OrderPhase,
        seat: Seat,
        action: Action,
        events: &mut Events<Event>,
    ) {
        let bribe = std::mem::replace(&mut o.bribe, Resources::ZERO);
        let note = match action {
            Action::Offer(c) => Some(Some(c)),
            Action::Transfer => Some(None),
            _ => None,
        };
        let payment = Payment::new(bribe)
            .ok()
            .filter(|p| self.storage[seat].covers(p.as_resources()));
        match action {
            Action::Offer(_) | Action::Transfer
                if self.rules.config.bribes == BribeRule::Transfer && seat != o.master =>
            {
                // The rulebook's bribe: the resources move now; the note binds nobody.
                if let (Some(payment), Some(note)) = (payment, note) {
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
                        let master_storage = self.storage[o.master];
                        events.emit(|| Event::Transferred {
                            transfer: t,
                            payer_storage: left,
                            master_storage,
                        });
                    }
                }
            }
            Action::Offer(condition) => {
                if let Some(payment) = payment {
                    let terms = OfferTerms { payment, condition };
                    if o.offers.post(seat, terms).is_ok() {
                        let offer = crate::rules::bribes::Offer { payer: seat, terms };
                        events.emit(|| Event::OfferPosted { offer });
                    }
                }
            }
            Action::Withdraw if o.offers.withdraw(seat).is_ok() => {
                events.emit(|| Event::OfferWithdrawn { payer: seat });
            }
            _ => {}
        }
        // The offer window moves on after a finished bribe, Withdraw or Keep.
        if let OrderStage::Offers { pass, seat: at } = o.stage {
            let list = self.offerers(o.master);
            let pos = list.iter().position(|s| *s == at).unwrap_or(0);
            o.stage = if pos + 1 < list.len() {
                OrderStage::Offers {
                    pass,
                    seat: list[pos + 1],
                }
            } else if pass < OFFER_PASSES {
                OrderStage::Offers {
                    pass: pass + 1,
                    seat: list[0],
                }
            } else {
                OrderStage::Refresh
            };
        }
    }

    /// The Master chooses the refresh (§7 phase 1 steps 2–3), then gives out its cards.
    pub(crate) fn choose_refresh(
        o: &mut OrderPhase,
        choice: RefreshChoice,
        events: &mut Events<Event>,
    ) {
        o.refresh = Some(choice);
        o.stage = OrderStage::Give;
        events.emit(|| Event::Refreshed { choice });
    }

    /// The Master proposes the next card it knows for `to` (§7 phase 1 step 4: public, not
    /// binding); after the last one the offer window opens.
    pub(crate) fn propose(&self, o: &mut OrderPhase, to: Seat, events: &mut Events<Event>) {
        let known = o.known();
        let card = known[o.proposal.len()];
        o.proposal.push((to, card));
        events.emit(|| Event::Proposed { card, seat: to });
        if o.proposal.len() == known.len() {
            let first = o.master.next(self.seats());
            o.stage = OrderStage::Offers {
                pass: 1,
                seat: first,
            };
        }
    }

    /// The Master gives the next card it knows to `to`; after the last one it commits.
    #[must_use]
    pub(crate) fn give(
        &mut self,
        o: &mut OrderPhase,
        to: Seat,
        events: &mut Events<Event>,
    ) -> Option<Phase> {
        let known = o.known();
        let card = known[o.given.len()];
        o.given.push((to, card));
        events.emit(|| Event::Given { card, seat: to });
        if o.given.len() == known.len() {
            self.commit_master(o, events)
        } else {
            None
        }
    }

    /// The Master's commitment: settle offers, deal, refresh, reveal (§7 phase 1 steps 2–6).
    #[must_use]
    fn commit_master(&mut self, o: &OrderPhase, events: &mut Events<Event>) -> Option<Phase> {
        let Ok(cards) = complete_deal(self.seats(), &o.given, &o.face_down) else {
            debug_assert!(false, "the Master gave {:?} of {:?}", o.given, o.face_down);
            return None;
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
        self.reveal_orders(cards, events)
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
                self.dir_discard[dir_tier(dt)] |= 1 << c.0;
            }
        }
        if module {
            if let Some(c) = self.slots[i].1.take() {
                self.mod_discard[mod_tier(mt)] |= 1 << c.0;
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
    pub(crate) fn end_round(&mut self, events: &mut Events<Event>) -> Phase {
        if let Some(t) = round_limit(self.round, self.rules.config.round_limit) {
            return self.end_game(t, events);
        }
        if !self.progress {
            return self.end_game(EndTrigger::NoProgress, events);
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
        let Ok(offers) = OpenOffers::new(master, self.seats()) else {
            // Never: the Master card's holder is a seat of the game.
            debug_assert!(false, "the Master {master} is no seat");
            return self.end_game(EndTrigger::NoProgress, events);
        };
        self.draws.push(Draw::MasterDeal);
        Phase::Orders(Box::new(OrderPhase {
            master,
            drawn: Vec::new(),
            face_down: Vec::new(),
            offers,
            stage: OrderStage::Propose,
            refresh: None,
            given: Vec::new(),
            proposal: Vec::new(),
            transfers: Vec::new(),
            bribe: Resources::ZERO,
        }))
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
        let h = PerSeat::from_fn(self.seats(), |s| self.holdings(s));
        scores(&h, ended)
    }

    /// Ends the game at once and scores it (§14, §15).
    pub(crate) fn end_game(&mut self, trigger: EndTrigger, events: &mut Events<Event>) -> Phase {
        self.draws.clear();
        let s = self.scores_now(Some(trigger));
        events.emit(|| Event::GameEnded {
            trigger,
            scores: s.as_slice().to_vec(),
        });
        Phase::Over { trigger }
    }
}
