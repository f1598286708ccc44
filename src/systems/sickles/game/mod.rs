//! The Hammerin' Sickles turn as written: the Command Decision Phase (key
//! chits in, random exclusions, the rest of the cup), then the Chit Draw
//! Phase chit by chit, each chit resolved as its type says, until the cup
//! is empty or Fortunes of War ends the draw. The artillery phase and the
//! map are not modelled: the simulator counts who activates what, when,
//! and which events come out.
//!
//! Every chit of the game sits in exactly one place at every step (see
//! `Places`), which `tests/sickles.rs` checks after every chit.

use super::events::{self, Event};
use super::rules::{
    DivisionEligible, DivisionReturn, FortunesOfWar, HeldEvents, Rules, WildEffect, EVENTS,
};
use super::scenario::{Scenario, MAX_BRIGADES, MAX_DIVISIONS};
use super::strategy::{Decide, Heuristic, Order, Search, SicklesStrategy, View};
use crate::engine::cup::Cup;
use crate::engine::dice::Die;
use crate::engine::seeding::{game_rng, rng_from_seed, GameRng, Stream};
use crate::engine::{BySeat, Seat};
use crate::system::{Observer, Unobserved};
use rand::Rng;

mod search;
mod tell;

/// Chit ids: events, division, CIC and Wild chits, Fortunes of War.
pub mod chit {
    use super::*;

    pub const fn event(seat: Seat, event: usize) -> u8 {
        (seat as usize * EVENTS + event) as u8
    }
    pub const DIVISION_BASE: u8 = 2 * EVENTS as u8;
    pub const fn division(seat: Seat, division: usize) -> u8 {
        DIVISION_BASE + (seat as usize * MAX_DIVISIONS + division) as u8
    }
    pub const CIC_BASE: u8 = DIVISION_BASE + 2 * MAX_DIVISIONS as u8;
    pub const fn cic(seat: Seat, k: usize) -> u8 {
        CIC_BASE + (seat as usize * 2 + k) as u8
    }
    pub const WILD_BASE: u8 = CIC_BASE + 4;
    pub const fn wild(k: usize) -> u8 {
        WILD_BASE + k as u8
    }
    pub const FORTUNES_OF_WAR: u8 = WILD_BASE + 4;
    /// The bits of every event chit of `seat`.
    pub const fn events_of(seat: Seat) -> u64 {
        ((1u64 << EVENTS) - 1) << (seat as usize * EVENTS)
    }
    pub const ALL_EVENTS: u64 = (1u64 << (2 * EVENTS)) - 1;
}

/// A chit, decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chit {
    Event(Seat, usize),
    Division(Seat, usize),
    Cic(Seat),
    Wild,
    FortunesOfWar,
}

impl Chit {
    pub fn of(id: u8) -> Chit {
        let seat_of = |i: u8, per: u8| if i < per { Seat::A } else { Seat::B };
        match id {
            id if id < chit::DIVISION_BASE => {
                Chit::Event(seat_of(id, EVENTS as u8), id as usize % EVENTS)
            }
            id if id < chit::CIC_BASE => {
                let i = id - chit::DIVISION_BASE;
                Chit::Division(seat_of(i, MAX_DIVISIONS as u8), i as usize % MAX_DIVISIONS)
            }
            id if id < chit::WILD_BASE => Chit::Cic(seat_of(id - chit::CIC_BASE, 2)),
            id if id < chit::FORTUNES_OF_WAR => Chit::Wild,
            _ => Chit::FortunesOfWar,
        }
    }
}

/// Where each chit is, as disjoint bitsets over chit ids.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Places {
    pub cup: Cup,
    /// Events excluded in the Command Decision Phase.
    pub excluded: u64,
    /// Events drawn and held by their owner.
    pub held: u64,
    /// Events drawn and used (at once, or later from the hand).
    pub used: u64,
    /// Wild, CIC, Fortunes of War and division chits discarded for the turn.
    pub spent: u64,
    /// Events Fortunes of War took out of the cup.
    pub blocked: u64,
    /// Held events lost at the end of the turn.
    pub expired: u64,
    /// Other chits left in the cup when Fortunes of War ended the draw.
    pub unplayed: u64,
    /// Chits not in play this turn: divisions not yet arrived or killed.
    pub off: u64,
}

impl Places {
    /// Every place, for the conservation check.
    pub fn all(&self) -> [u64; 9] {
        [
            self.cup.bits(),
            self.excluded,
            self.held,
            self.used,
            self.spent,
            self.blocked,
            self.expired,
            self.unplayed,
            self.off,
        ]
    }
}

/// What became of an event chit in a turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Fate {
    #[default]
    Excluded,
    Used,
    /// Held and lost at the end of the turn.
    Lost,
    Blocked,
}

impl Fate {
    pub const fn name(self) -> &'static str {
        match self {
            Fate::Excluded => "excluded",
            Fate::Used => "used",
            Fate::Lost => "lost",
            Fate::Blocked => "blocked",
        }
    }

    pub const fn drawn(self) -> bool {
        matches!(self, Fate::Used | Fate::Lost)
    }
}

/// Everything one turn did, for statistics and records.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnTally {
    pub turn: u32,
    pub puller: Seat,
    pub keys: BySeat<u8>,
    pub fates: BySeat<[Fate; EVENTS]>,
    /// Events that were held at some point (used later or lost).
    pub held: BySeat<u16>,
    /// Draw position (1-based) of each key chit, 0 if never drawn.
    pub key_position: BySeat<u32>,
    pub activations: BySeat<u32>,
    /// Activations of a brigade already activated this turn, by any chit.
    pub reactivations: BySeat<u32>,
    /// Of those, the CIC (or Wild) picks.
    pub pick_reactivations: BySeat<u32>,
    pub idle_brigades: BySeat<u32>,
    pub brigades_in_play: BySeat<u32>,
    pub returned: BySeat<u32>,
    pub orders: BySeat<[u32; 4]>,
    /// Sum of the draw positions of the side's activations, and of their
    /// squares.
    pub position_sum: BySeat<u32>,
    pub position_squares: BySeat<u32>,
    pub first_activation: Option<Seat>,
    pub chits_drawn: u32,
    /// Chits drawn before Fortunes of War.
    pub fortunes_position: Option<u32>,
    /// Activations of each brigade this turn.
    pub brigade_activations: BySeat<[[u8; MAX_BRIGADES]; MAX_DIVISIONS]>,
    /// Per division, the brigades activated at least once this turn (bit
    /// b: `brigade_activations` of b above 0), kept as they happen because
    /// every division chit asks.
    pub active: BySeat<[u8; MAX_DIVISIONS]>,
}

/// A decision the search plays out, with what finishing it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Decision {
    /// Event chit `id` was drawn: use it or hold it.
    Event { id: u8 },
    /// Division chit `id` activates one of its eligible brigades.
    Division { id: u8, division: usize },
    /// A CIC or Wild chit activates any brigade of the side.
    Any,
}

/// A choice at a `Decision`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choice {
    Use(bool),
    Brigade(usize, u8),
}

/// Most brigades a side can have in play, so most choices of one decision.
const MAX_CHOICES: usize = MAX_DIVISIONS * MAX_BRIGADES;

/// One worker's reusable game, told to `obs` as it goes (`Unobserved` in
/// a run).
#[derive(Clone)]
pub struct Game<O = Unobserved> {
    pub turn: u32,
    pub places: Places,
    /// Random exclusions and cup pulls.
    deal: GameRng,
    /// Die rolls the rules call for.
    dice: GameRng,
    seats: BySeat<GameRng>,
    pub events_used: BySeat<[u32; EVENTS]>,
    /// Per division, the brigades its division chit activated this turn.
    activated: BySeat<[u8; MAX_DIVISIONS]>,
    brigades: BySeat<[u8; MAX_DIVISIONS]>,
    keys: BySeat<u8>,
    pub obs: O,
}

impl Game {
    pub fn new(master_seed: u64, game: u64) -> Game {
        let mut state = Game {
            turn: 0,
            places: Places::default(),
            deal: game_rng(master_seed, game, Stream::DEAL),
            dice: game_rng(master_seed, game, Stream::RULES),
            seats: BySeat::from_fn(|s| game_rng(master_seed, game, Stream::seat(s.index()))),
            events_used: BySeat::default(),
            activated: BySeat::default(),
            brigades: BySeat::default(),
            keys: BySeat::default(),
            obs: Unobserved,
        };
        state.reset(master_seed, game);
        state
    }

    /// A game like this one (its seeds and state), told to `obs`.
    pub fn observed<P>(self, obs: P) -> Game<P> {
        Game {
            turn: self.turn,
            places: self.places,
            deal: self.deal,
            dice: self.dice,
            seats: self.seats,
            events_used: self.events_used,
            activated: self.activated,
            brigades: self.brigades,
            keys: self.keys,
            obs,
        }
    }

    /// Every chit of this scenario and these rules, for the conservation
    /// check.
    pub fn universe(rules: &Rules, scenario: &Scenario) -> u64 {
        let mut all = chit::ALL_EVENTS | 1 << chit::FORTUNES_OF_WAR;
        for seat in Seat::BOTH {
            for d in 0..scenario.division_count[seat] as usize {
                all |= 1 << chit::division(seat, d);
            }
            for k in 0..rules.cic_chits as usize {
                all |= 1 << chit::cic(seat, k);
            }
        }
        for k in 0..rules.wild_chits as usize {
            all |= 1 << chit::wild(k);
        }
        all
    }
}

impl<O: Observer<Event>> Game<O> {
    /// This game's state, unwatched: a search's playouts are not the game.
    fn unobserved(&self) -> Game {
        Game {
            turn: self.turn,
            places: self.places,
            deal: self.deal.clone(),
            dice: self.dice.clone(),
            seats: self.seats.clone(),
            events_used: self.events_used,
            activated: self.activated,
            brigades: self.brigades,
            keys: self.keys,
            obs: Unobserved,
        }
    }

    /// Starts game `game` of the run seeded by `master_seed`.
    pub fn reset(&mut self, master_seed: u64, game: u64) {
        self.turn = 0;
        self.deal = game_rng(master_seed, game, Stream::DEAL);
        self.dice = game_rng(master_seed, game, Stream::RULES);
        for seat in Seat::BOTH {
            self.seats[seat] = game_rng(master_seed, game, Stream::seat(seat.index()));
        }
        self.events_used = BySeat::default();
    }

    /// The deal stream's next draw, without consuming it: a fingerprint of
    /// the game's randomness that no player can touch.
    pub fn deal_fingerprint(&self) -> u64 {
        use rand::RngCore;
        self.deal.clone().next_u64()
    }

    /// What `seat` may see, borrowed field by field so that its random
    /// stream can be borrowed beside it.
    fn view<'a>(
        brigades: &'a BySeat<[u8; MAX_DIVISIONS]>,
        events_used: &'a BySeat<[u32; EVENTS]>,
        seat: Seat,
        tally: &'a TurnTally,
    ) -> View<'a> {
        View {
            brigades: &brigades[seat],
            activations: &tally.brigade_activations[seat],
            events_used: &events_used[seat],
        }
    }

    /// The Command Decision Phase: returns each side's key chit.
    fn command_decision<D: Decide>(
        &mut self,
        rules: &Rules,
        scenario: &Scenario,
        strategies: &BySeat<D>,
        tally: &mut TurnTally,
    ) {
        self.places = Places::default();
        for seat in Seat::BOTH {
            for (d, division) in scenario.divisions(seat).iter().enumerate() {
                self.brigades[seat][d] = if division.in_play(self.turn) {
                    division.brigades
                } else {
                    0
                };
            }
            self.activated[seat] = [0; MAX_DIVISIONS];
        }
        for seat in Seat::BOTH {
            let view = Self::view(&self.brigades, &self.events_used, seat, tally);
            let key = strategies[seat].key_chit(&view, &mut self.seats[seat]);
            self.keys[seat] = key;
            tally.keys[seat] = key;
            self.places.cup.put(chit::event(seat, key as usize));
            // The opponent picks `excluded_events` of the other eight at
            // random, face down: a partial shuffle of their positions.
            let mut others = [0u8; EVENTS - 1];
            let mut n = 0;
            for e in (0..EVENTS as u8).filter(|&e| e != key) {
                others[n] = e;
                n += 1;
            }
            let excluded = rules.excluded_events as usize;
            for i in 0..excluded {
                let j = i + (rand::Rng::random_range(&mut self.deal, 0..(n - i) as u32) as usize);
                others.swap(i, j);
            }
            for (i, &e) in others.iter().enumerate() {
                let id = chit::event(seat, e as usize);
                if i < excluded {
                    self.places.excluded |= 1 << id;
                    tally.fates[seat][e as usize] = Fate::Excluded;
                } else {
                    self.places.cup.put(id);
                }
            }
            for (d, division) in scenario.divisions(seat).iter().enumerate() {
                let id = chit::division(seat, d);
                if division.chit_in_cup(self.turn) {
                    self.places.cup.put(id);
                } else {
                    self.places.off |= 1 << id;
                }
            }
            for k in 0..rules.cic_chits as usize {
                self.places.cup.put(chit::cic(seat, k));
            }
        }
        for k in 0..rules.wild_chits as usize {
            self.places.cup.put(chit::wild(k));
        }
        self.places.cup.put(chit::FORTUNES_OF_WAR);
    }

    /// One brigade activation of `seat`: held events are used first, then
    /// the order is chosen, and returned for the caller to tell.
    fn activate<D: Decide>(
        &mut self,
        seat: Seat,
        division: usize,
        brigade: u8,
        picked: bool,
        strategies: &BySeat<D>,
        tally: &mut TurnTally,
    ) -> Order {
        let held = self.places.held & chit::events_of(seat);
        if held != 0 {
            if self.obs.on() {
                self.tell_held(seat, held, "activation");
            }
            self.places.held &= !held;
            self.places.used |= held;
            self.count_uses(seat, held, tally);
        }
        let nth = tally.brigade_activations[seat][division][brigade as usize];
        let order: Order = strategies[seat].order(nth, &mut self.seats[seat]);
        tally.brigade_activations[seat][division][brigade as usize] += 1;
        tally.active[seat][division] |= 1 << brigade;
        tally.reactivations[seat] += (nth > 0) as u32;
        tally.pick_reactivations[seat] += (nth > 0 && picked) as u32;
        tally.activations[seat] += 1;
        tally.orders[seat][order as usize] += 1;
        tally.position_sum[seat] += tally.chits_drawn;
        tally.position_squares[seat] += tally.chits_drawn * tally.chits_drawn;
        tally.first_activation.get_or_insert(seat);
        order
    }

    /// A CIC-like activation by chit `id`: the side's strategy picks any
    /// brigade.
    #[allow(clippy::too_many_arguments)]
    fn activate_any<D: Decide>(
        &mut self,
        id: u8,
        seat: Seat,
        rules: &Rules,
        scenario: &Scenario,
        strategies: &BySeat<D>,
        tally: &mut TurnTally,
    ) {
        let pick = match strategies[seat].search() {
            Some(search) => {
                let view = Self::view(&self.brigades, &self.events_used, seat, tally);
                let heuristic = SicklesStrategy::Heuristic(Heuristic::DEFAULT);
                match heuristic.any_brigade(&view, &mut self.seats[seat]) {
                    None => None,
                    Some(usual) => {
                        let mut choices = [Choice::Brigade(usual.0, usual.1); MAX_CHOICES];
                        let n = self.distinct_brigades(seat, &mut choices, tally, |_| true);
                        let decision = Decision::Any;
                        let choices = &choices[..n];
                        Some(self.search_brigade(
                            &search, seat, decision, choices, rules, scenario, tally,
                        ))
                    }
                }
            }
            None => {
                let view = Self::view(&self.brigades, &self.events_used, seat, tally);
                strategies[seat].any_brigade(&view, &mut self.seats[seat])
            }
        };
        match pick {
            Some((d, b)) => {
                let order = self.activate(seat, d, b, true, strategies, tally);
                if self.obs.on() {
                    self.tell_pick(id, seat, (d, b), order, scenario, tally);
                }
            }
            None => {
                if self.obs.on() {
                    self.tell_no_activation(id, seat, scenario);
                }
            }
        }
    }

    fn count_uses(&mut self, seat: Seat, events: u64, tally: &mut TurnTally) {
        let mut bits = events >> (seat as usize * EVENTS);
        while bits != 0 {
            let e = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            tally.fates[seat][e] = Fate::Used;
            self.events_used[seat][e] += 1;
        }
    }

    /// Plays turn `self.turn + 1` and returns what it did; `after_each`
    /// sees the game after the Command Decision Phase and after every chit.
    pub fn play_turn<D: Decide>(
        &mut self,
        rules: &Rules,
        scenario: &Scenario,
        strategies: &BySeat<D>,
        after_each: &mut impl FnMut(&Game<O>),
    ) -> TurnTally {
        self.turn += 1;
        let puller = if self.turn % 2 == 1 { Seat::A } else { Seat::B };
        let mut tally = TurnTally {
            turn: self.turn,
            puller,
            ..TurnTally::default()
        };
        self.command_decision(rules, scenario, strategies, &mut tally);
        if self.obs.on() {
            self.tell_command_decision(puller, scenario);
        }
        after_each(self);
        // Fortunes of War under cancel_next_chit: the next chit drawn.
        let mut cancel_next = false;
        while let Some(id) = self.places.cup.pull(&mut self.deal) {
            self.resolve(
                id,
                rules,
                scenario,
                strategies,
                &mut tally,
                &mut cancel_next,
            );
            after_each(self);
        }
        self.end_turn(rules, scenario, &mut tally);
        after_each(self);
        tally
    }

    /// The rest of the turn, from a cup mid-draw: a search's playout.
    fn draw_rest<D: Decide>(
        &mut self,
        rules: &Rules,
        scenario: &Scenario,
        strategies: &BySeat<D>,
        tally: &mut TurnTally,
    ) {
        let mut cancel_next = false;
        while let Some(id) = self.places.cup.pull(&mut self.deal) {
            self.resolve(id, rules, scenario, strategies, tally, &mut cancel_next);
        }
        self.end_turn(rules, scenario, tally);
    }

    /// Chit `id`, just pulled, resolved as its type says.
    fn resolve<D: Decide>(
        &mut self,
        id: u8,
        rules: &Rules,
        scenario: &Scenario,
        strategies: &BySeat<D>,
        tally: &mut TurnTally,
        cancel_next: &mut bool,
    ) {
        tally.chits_drawn += 1;
        let position = tally.chits_drawn;
        if self.obs.on() {
            self.tell_draw(id, position, *cancel_next, scenario);
        }
        if std::mem::take(cancel_next) {
            match Chit::of(id) {
                Chit::Event(seat, e) => {
                    self.places.blocked |= 1 << id;
                    tally.fates[seat][e] = Fate::Blocked;
                }
                _ => self.places.spent |= 1 << id,
            }
            return;
        }
        match Chit::of(id) {
            Chit::Event(seat, e) => {
                if e as u8 == self.keys[seat] {
                    tally.key_position[seat] = position;
                }
                let decision = Decision::Event { id };
                let use_now = match strategies[seat].search() {
                    Some(search) => {
                        let choices = [Choice::Use(true), Choice::Use(false)];
                        self.search(&search, seat, decision, &choices, rules, scenario, tally)
                            == Choice::Use(true)
                    }
                    None => strategies[seat].use_at_once(&mut self.seats[seat]),
                };
                if self.obs.on() {
                    self.tell_event_drawn(seat, e, use_now);
                }
                self.take_event(seat, id, use_now, tally);
            }
            Chit::Wild => {
                self.places.spent |= 1 << id;
                if rules.wild_effect == WildEffect::RollForActivation {
                    // The non-puller rolls: 1-3 Confederate, 4-6 Union.
                    let roll = Die::D6.roll(&mut self.dice);
                    let seat = if roll <= 3 { Seat::A } else { Seat::B };
                    if self.obs.on() {
                        self.tell_wild_roll(roll, seat);
                    }
                    self.activate_any(id, seat, rules, scenario, strategies, tally);
                }
            }
            Chit::Division(seat, d) => {
                let eligible = self.eligible(seat, d, rules, tally);
                if eligible == 0 {
                    // Every brigade already active (a CIC or Wild chit
                    // got there first, under not_this_turn): nothing
                    // to activate, the chit is spent.
                    if self.obs.on() {
                        self.tell_no_activation(id, seat, scenario);
                    }
                    self.places.spent |= 1 << id;
                    return;
                }
                let fresh = eligible & !self.active(seat, d, tally);
                let b = match strategies[seat].search() {
                    Some(search) => {
                        let usual = Decide::division_brigade(
                            &SicklesStrategy::Heuristic(Heuristic::DEFAULT),
                            d,
                            eligible,
                            fresh,
                            &mut self.seats[seat],
                        );
                        let mut choices = [Choice::Brigade(d, usual); MAX_BRIGADES];
                        let n = self.distinct_brigades(seat, &mut choices, tally, |db| {
                            db.0 == d && eligible & 1 << db.1 != 0
                        });
                        let decision = Decision::Division { id, division: d };
                        let choices = &choices[..n];
                        self.search_brigade(
                            &search, seat, decision, choices, rules, scenario, tally,
                        )
                        .1
                    }
                    None => {
                        strategies[seat].division_brigade(d, eligible, fresh, &mut self.seats[seat])
                    }
                };
                let offered = (eligible, fresh);
                self.division_activates(
                    seat, d, id, b, offered, rules, scenario, strategies, tally,
                );
            }
            Chit::Cic(seat) => {
                self.places.spent |= 1 << id;
                self.activate_any(id, seat, rules, scenario, strategies, tally);
            }
            Chit::FortunesOfWar => {
                self.places.spent |= 1 << id;
                tally.fortunes_position = Some(position - 1);
                let cup = self.places.cup.bits();
                let keys = Seat::BOTH
                    .iter()
                    .fold(0u64, |m, &s| m | 1 << chit::event(s, self.keys[s] as usize));
                *cancel_next = rules.fortunes_of_war == FortunesOfWar::CancelNextChit;
                let lost_events = match rules.fortunes_of_war {
                    FortunesOfWar::None | FortunesOfWar::CancelNextChit => 0,
                    FortunesOfWar::CancelKeyChits => cup & keys,
                    FortunesOfWar::CancelRemainingEvents | FortunesOfWar::EndTurn => {
                        cup & chit::ALL_EVENTS
                    }
                };
                self.block(lost_events, tally);
                if rules.fortunes_of_war == FortunesOfWar::EndTurn {
                    let rest = self.places.cup.bits();
                    self.places.unplayed |= rest;
                    self.places.cup = Cup::new();
                }
                if self.obs.on() {
                    self.tell_fortunes(position, rules, lost_events, scenario);
                }
            }
        }
    }

    /// A drawn event used at once, or held for the side's next activation.
    fn take_event(&mut self, seat: Seat, id: u8, use_now: bool, tally: &mut TurnTally) {
        if use_now {
            self.places.used |= 1 << id;
            self.count_uses(seat, 1 << id, tally);
        } else {
            self.places.held |= 1 << id;
            tally.held[seat] |= 1 << (id as usize % EVENTS);
        }
    }

    /// The brigades of `seat`'s division `d` that some chit activated this
    /// turn.
    fn active(&self, seat: Seat, d: usize, tally: &TurnTally) -> u8 {
        tally.active[seat][d]
    }

    /// The brigades of `seat`'s division `d` its chit may activate now
    /// (division_eligible).
    fn eligible(&self, seat: Seat, d: usize, rules: &Rules, tally: &TurnTally) -> u8 {
        let all = ((1u16 << self.brigades[seat][d]) - 1) as u8;
        all & !self.activated[seat][d]
            & match rules.division_eligible {
                DivisionEligible::NotByThisChit => all,
                DivisionEligible::NotThisTurn => !self.active(seat, d, tally),
            }
    }

    /// Division chit `id` activates brigade `b` of division `d`; then the
    /// return roll, if an eligible brigade is left. `offered` (the masks
    /// of the eligible brigades and of those not yet active) is only told.
    // Inlined as it was before the game was told to an observer: the
    // telling's calls made it look too big to the inliner.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn division_activates<D: Decide>(
        &mut self,
        seat: Seat,
        d: usize,
        id: u8,
        b: u8,
        offered: (u8, u8),
        rules: &Rules,
        scenario: &Scenario,
        strategies: &BySeat<D>,
        tally: &mut TurnTally,
    ) {
        self.activated[seat][d] |= 1 << b;
        let order = self.activate(seat, d, b, false, strategies, tally);
        if self.obs.on() {
            self.tell_division_activation(id, seat, (d, b), offered, order, scenario, tally);
        }
        let more = self.eligible(seat, d, rules, tally) != 0;
        let rating = scenario.divisions[seat][d].return_rating;
        let mut roll = None;
        let returns = more
            && match rules.division_return {
                DivisionReturn::Never => false,
                DivisionReturn::Always => true,
                DivisionReturn::RatingD6 => {
                    let d6 = Die::D6.roll(&mut self.dice);
                    roll = Some(d6);
                    d6 <= rating
                }
            };
        if self.obs.on() {
            self.tell_return(seat, d, more, roll, returns, scenario);
        }
        if returns {
            self.places.cup.put(id);
            tally.returned[seat] += 1;
        } else {
            self.places.spent |= 1 << id;
        }
    }

    fn block(&mut self, events: u64, tally: &mut TurnTally) {
        let mut bits = events;
        while bits != 0 {
            let id = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            self.places.cup.remove(id);
            self.places.blocked |= 1 << id;
            if let Chit::Event(seat, e) = Chit::of(id) {
                tally.fates[seat][e] = Fate::Blocked;
            }
        }
    }

    /// The End Turn Phase: held events are lost or used, idle brigades
    /// counted; activation status resets with the next turn's setup.
    fn end_turn(&mut self, rules: &Rules, scenario: &Scenario, tally: &mut TurnTally) {
        for seat in Seat::BOTH {
            let held = self.places.held & chit::events_of(seat);
            self.places.held &= !held;
            if held != 0 && self.obs.on() {
                self.tell_held_at_end(seat, held, rules);
            }
            match rules.held_events {
                HeldEvents::UsedAtTurnEnd => {
                    self.places.used |= held;
                    self.count_uses(seat, held, tally);
                }
                HeldEvents::LostAtTurnEnd => {
                    self.places.expired |= held;
                    let mut bits = held >> (seat as usize * EVENTS);
                    while bits != 0 {
                        tally.fates[seat][bits.trailing_zeros() as usize] = Fate::Lost;
                        bits &= bits - 1;
                    }
                }
            }
            for d in 0..scenario.division_count[seat] as usize {
                for b in 0..self.brigades[seat][d] as usize {
                    tally.brigades_in_play[seat] += 1;
                    tally.idle_brigades[seat] +=
                        (tally.brigade_activations[seat][d][b] == 0) as u32;
                }
            }
        }
        if self.obs.on() {
            self.tell_turn_end(scenario, tally);
        }
    }

    /// Each side's key chit this turn.
    pub fn keys(&self) -> BySeat<u8> {
        self.keys
    }
}
