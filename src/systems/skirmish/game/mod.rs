//! The incremental card sequence and a one-dimensional engagement. Each
//! side shuffles its deck, holds a hand, and plays alternately, drawing
//! after each play, until both decks and hands are spent. One side
//! advances to charge; the other stands and shoots. A charge follows the
//! text's two-card melee: declared on the attacker's card; on the
//! defender's card the defenders test morale, fire, the attackers test
//! morale, the pairs melee, and routing defenders run under free hacks;
//! routing attackers pull away on their next card under free hacks.
//!
//! The engagement is this project's model built from the text's rules (the
//! text describes a tabletop battle, not an algorithm): men of a side stand
//! together, the distance between the sides is one number, and each
//! shooter aims at the first fighting enemy.

use super::events::Event;
use super::rules::{MoralePass, Rules, VALUES};
use super::scenario::{Man, Scenario, MAX_MEN};
use super::strategy::{shots, CardPlay, Grouping, Hand, Situation, SkirmishStrategy};
use super::table::{effect, fire_modifier, morale_level, passing_faces, Condition, Effect};
use crate::engine::deck::shuffle;
use crate::engine::seeding::{game_rng, GameRng, Stream};
use crate::engine::{BySeat, Seat};
use crate::system::{Observer, Unobserved};
use rand::Rng;

mod combat;
mod person;
mod reserves;
mod search;
mod told;

/// Cards in a deck at most: four of each value.
pub const MAX_DECK: usize = 4 * VALUES;

/// Shots are counted by range in bands of ten inches, 0-9 to 90-99, and one
/// band for 100 inches and more.
pub const RANGE_BANDS: usize = 11;

/// The six presence bits of a hand spread into six byte lanes: adding
/// `SPREAD[present]` each play counts, per value, the plays it was in hand
/// with one add. A lane holds up to 255; a side plays at most 24 cards.
const SPREAD: [u64; 64] = {
    let mut table = [0u64; 64];
    let mut mask = 0;
    while mask < 64 {
        let mut v = 0;
        while v < VALUES {
            table[mask] |= ((mask as u64 >> v) & 1) << (8 * v);
            v += 1;
        }
        mask += 1;
    }
    table
};

/// One roll on the table.
pub fn roll(rng: &mut GameRng, modifier: i32, rules: &Rules) -> Effect {
    effect(d10(rng), modifier, rules.reading)
}

/// A d10's natural face: the one draw every roll makes, so that a replay
/// reads the faces from a copy of the stream exactly as the roll drew them.
#[inline(always)]
fn d10(rng: &mut GameRng) -> u8 {
    rng.random_range(1..=10)
}

/// A percentile roll's face, 0 to 99 (read 1 to 100).
#[inline(always)]
fn percentile(rng: &mut GameRng) -> u64 {
    rng.random_range(0..100u64)
}

/// A melee between two men thrown until one or both score (or the cap):
/// what a does to b, and b to a.
pub fn melee(
    rng: &mut GameRng,
    a_modifier: i32,
    b_modifier: i32,
    rules: &Rules,
) -> (Effect, Effect, u32) {
    for throw in 1..=rules.melee_max_throws {
        let (a, b) = (roll(rng, a_modifier, rules), roll(rng, b_modifier, rules));
        if a.scores() || b.scores() {
            return (a, b, throw);
        }
    }
    (Effect::NoEffect, Effect::NoEffect, rules.melee_max_throws)
}

/// A percentile roll against `level`.
pub fn morale_roll(rng: &mut GameRng, level: i64, rule: MoralePass) -> bool {
    percentile(rng) < passing_faces(level, rule)
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ManState {
    pub present: bool,
    pub dead: bool,
    pub wounded: bool,
    /// Turned to run: out of the fight, gone once it has pulled away.
    pub routing: bool,
    pub gone: bool,
}

impl ManState {
    pub fn fighting(&self) -> bool {
        self.present && !self.dead && !self.routing && !self.gone
    }

    fn condition(&self) -> Condition {
        if self.wounded || self.routing {
            Condition::Shaken
        } else {
            Condition::Sound
        }
    }
}

/// How a charge went. As a game's outcome (its first charge, in the
/// records): `NoCharge` when none was declared; as a charge's, when it was
/// declared on the game's last cards and never met (cut off).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ChargeOutcome {
    #[default]
    NoCharge,
    /// Melee: attackers still fighting met defenders still fighting.
    ReachedContact,
    /// Every attacker was down or running before contact.
    StoppedByFire,
    /// The charge was declared and every attacker failed morale.
    StoppedByMorale,
    /// Every defender was down or running before contact: nobody to meet.
    NoDefender,
}

/// Charge outcomes, `ChargeOutcome as usize`.
pub const CHARGE_OUTCOMES: usize = 5;

impl ChargeOutcome {
    pub const fn name(self) -> &'static str {
        match self {
            ChargeOutcome::NoCharge => "none",
            ChargeOutcome::ReachedContact => "contact",
            ChargeOutcome::StoppedByFire => "stopped_by_fire",
            ChargeOutcome::StoppedByMorale => "stopped_by_morale",
            ChargeOutcome::NoDefender => "no_defender",
        }
    }
}

/// A morale test: its group's makeup and whether it passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoraleTest {
    pub sound: u8,
    pub shaken: u8,
    pub passed: bool,
}

/// Everything one game did, for statistics and records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameTally {
    pub plays: BySeat<u32>,
    pub increments: BySeat<u32>,
    /// Plays by card value, and plays with each value in hand.
    pub played: BySeat<[u32; VALUES]>,
    pub in_hand: BySeat<[u32; VALUES]>,
    pub wasted: BySeat<u32>,
    pub killed: BySeat<u32>,
    pub wounded: BySeat<u32>,
    pub routed: BySeat<u32>,
    pub melees_won: BySeat<u32>,
    /// Reserves the side called up, and the victory points they cost it.
    pub reserves_called: BySeat<u32>,
    pub reserve_cost: BySeat<u32>,
    pub melees: u32,
    /// How the game's first charge went.
    pub charge: ChargeOutcome,
    /// Every charge declared, by how it went (`ChargeOutcome as usize`;
    /// `NoCharge`: declared and cut off by the end of the game).
    pub charges: [u32; CHARGE_OUTCOMES],
    /// The attackers were all down or running before they declared a
    /// charge.
    pub stopped_before_charge: bool,
    /// Shots: count by (range band, effect), (shots on the card 1..=6, effect), (shield, effect).
    pub shots_by_range: [[u32; 4]; RANGE_BANDS],
    pub shots_by_fire: [[u32; 4]; VALUES],
    pub shots_by_shield: [[u32; 4]; 2],
    /// Morale tests by (sound, shaken) makeup: tests and passes.
    pub morale: [[[u32; 2]; 4]; 4],
}

impl Default for GameTally {
    fn default() -> Self {
        GameTally {
            plays: BySeat::default(),
            increments: BySeat::default(),
            played: BySeat::default(),
            in_hand: BySeat::default(),
            wasted: BySeat::default(),
            killed: BySeat::default(),
            wounded: BySeat::default(),
            routed: BySeat::default(),
            melees_won: BySeat::default(),
            reserves_called: BySeat::default(),
            reserve_cost: BySeat::default(),
            melees: 0,
            charge: ChargeOutcome::NoCharge,
            charges: [0; CHARGE_OUTCOMES],
            stopped_before_charge: false,
            shots_by_range: [[0; 4]; RANGE_BANDS],
            shots_by_fire: [[0; 4]; VALUES],
            shots_by_shield: [[0; 4]; 2],
            morale: [[[0; 2]; 4]; 4],
        }
    }
}

impl GameTally {
    /// A declared charge went `outcome`; the game's first sets its outcome.
    fn charge_went(&mut self, outcome: ChargeOutcome) {
        self.charges[outcome as usize] += 1;
        if self.charge == ChargeOutcome::NoCharge {
            self.charge = outcome;
        }
    }

    /// Victory points scored: one per enemy killed.
    pub fn victory_points(&self, seat: Seat) -> u32 {
        self.killed[seat.other()]
    }

    /// Victory points scored less those the side's reserves cost: "taken
    /// from each side for every extra man, above the initial 7, brought
    /// into the scenario".
    pub fn net_points(&self, seat: Seat) -> i64 {
        self.victory_points(seat) as i64 - self.reserve_cost[seat] as i64
    }

    /// The side with more net victory points.
    pub fn winner(&self) -> Option<Seat> {
        let [a, b] = Seat::BOTH.map(|s| self.net_points(s));
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(Seat::A),
            std::cmp::Ordering::Less => Some(Seat::B),
            std::cmp::Ordering::Equal => None,
        }
    }

    pub fn shots(&self) -> u32 {
        self.shots_by_shield.iter().flatten().sum()
    }

    pub fn shot_hits(&self) -> u32 {
        self.shots_by_shield
            .iter()
            .map(|e| e[1] + e[2] + e[3])
            .sum()
    }

    /// Back to a new game's tally, in place. The shot and morale tables
    /// are most of it: they are cleared only when the last game wrote to
    /// them (a game without shots or tests leaves them zero), and nothing
    /// is copied out and back, which cost a hundred instructions a game.
    pub fn clear(&mut self) {
        let tables_written = self.shots() != 0 || self.morale_tests().0 != 0;
        // Every field by name: a new field cannot be left uncleared.
        let GameTally {
            plays,
            increments,
            played,
            in_hand,
            wasted,
            killed,
            wounded,
            routed,
            melees_won,
            reserves_called,
            reserve_cost,
            melees,
            charge,
            charges,
            stopped_before_charge,
            shots_by_range,
            shots_by_fire,
            shots_by_shield,
            morale,
        } = self;
        *plays = BySeat::default();
        *increments = BySeat::default();
        *played = BySeat::default();
        *in_hand = BySeat::default();
        *wasted = BySeat::default();
        *killed = BySeat::default();
        *wounded = BySeat::default();
        *routed = BySeat::default();
        *melees_won = BySeat::default();
        *reserves_called = BySeat::default();
        *reserve_cost = BySeat::default();
        *melees = 0;
        *charge = ChargeOutcome::NoCharge;
        *charges = [0; CHARGE_OUTCOMES];
        *stopped_before_charge = false;
        if tables_written {
            *shots_by_range = [[0; 4]; RANGE_BANDS];
            *shots_by_fire = [[0; 4]; VALUES];
            *shots_by_shield = [[0; 4]; 2];
            *morale = [[[0; 2]; 4]; 4];
        }
    }

    pub fn morale_tests(&self) -> (u32, u32) {
        let all = self.morale.iter().flatten();
        all.fold((0, 0), |(t, p), [tests, passes]| (t + tests, p + passes))
    }
}

/// One worker's reusable game, told to `obs` as it goes (`Unobserved` in
/// a run).
#[derive(Clone)]
pub struct Game<O = Unobserved> {
    deal: GameRng,
    dice: GameRng,
    seats: BySeat<GameRng>,
    decks: BySeat<[u8; MAX_DECK]>,
    next_card: BySeat<usize>,
    pub hands: BySeat<Hand>,
    pub men: BySeat<[ManState; MAX_MEN]>,
    commander: BySeat<u32>,
    pub distance: u32,
    charge_pending: bool,
    /// The attackers' cards still to spend crossing the creek (0: not in
    /// it), and its inches before the defenders while it lies ahead of
    /// them or they are in it (0 once across, or with none).
    crossing: u32,
    creek_at: u32,
    /// Each side's fighting men as a bitmask, with their slowest speed and
    /// shortest load: refreshed whenever a man's state changes, so the
    /// plays in which nothing happens cost next to nothing.
    fighting_mask: BySeat<u16>,
    /// Men running but not yet gone: the free hacks to come.
    running_mask: BySeat<u16>,
    /// Reserves not yet called up.
    reserves_left: BySeat<u16>,
    /// The unshuffled deck for `sorted_for` cards of each value: copied,
    /// not rebuilt, at every reset.
    sorted: [u8; MAX_DECK],
    sorted_for: [u8; VALUES],
    speed: BySeat<u32>,
    load: BySeat<Option<u8>>,
    /// The first play's decision of each side, for the trace.
    pub first_card: BySeat<Option<u32>>,
    /// The play (from 1) the events being told belong to: written only
    /// when observed.
    told_at: u32,
    pub obs: O,
}

/// A side's men as either side sees them (`Game::men_count`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MenCount {
    pub fighting: u32,
    /// Of the fighting.
    pub wounded: u32,
    pub running: u32,
    pub dead: u32,
    /// Reserves not yet called up.
    pub reserves: u32,
}

/// Who chooses a side's cards besides its built-in player: an external
/// agent (`agent.rs`). `None` leaves the card to the built-in player.
pub trait Cards {
    fn card<O: Observer<Event>>(
        &mut self,
        game: &Game<O>,
        seat: Seat,
        step: usize,
        situation: &Situation,
    ) -> Option<u32>;
}

/// Every card to the built-in players: compiled away.
pub struct BuiltIn;

impl Cards for BuiltIn {
    #[inline(always)]
    fn card<O: Observer<Event>>(
        &mut self,
        _: &Game<O>,
        _: Seat,
        _: usize,
        _: &Situation,
    ) -> Option<u32> {
        None
    }
}

impl Game {
    pub fn new() -> Game {
        Game {
            deal: game_rng(0, 0, Stream::DEAL),
            dice: game_rng(0, 0, Stream::RULES),
            seats: BySeat([
                game_rng(0, 0, Stream::seat(0)),
                game_rng(0, 0, Stream::seat(1)),
            ]),
            decks: BySeat([[0; MAX_DECK]; 2]),
            next_card: BySeat::default(),
            hands: BySeat::default(),
            men: BySeat([[ManState::default(); MAX_MEN]; 2]),
            commander: BySeat::default(),
            distance: 0,
            charge_pending: false,
            crossing: 0,
            creek_at: 0,
            fighting_mask: BySeat::default(),
            running_mask: BySeat::default(),
            reserves_left: BySeat::default(),
            sorted: [0; MAX_DECK],
            sorted_for: [0; VALUES],
            speed: BySeat::default(),
            load: BySeat::default(),
            first_card: BySeat::default(),
            told_at: 0,
            obs: Unobserved,
        }
    }

    // The run's entry points are not generic, so that they are compiled
    // once here, as they were before the game was watched: a generic one
    // would be compiled again in each crate that calls it (the benches),
    // where it inlines differently.

    /// Sets up game `index`: shuffled decks (a's then b's, from the deal
    /// stream), opening hands, the men, the distance.
    pub fn reset(&mut self, rules: &Rules, scenario: &Scenario, master_seed: u64, index: u64) {
        self.start(rules, scenario, master_seed, index);
    }

    /// Plays the whole game: every card of both decks, alternately.
    pub fn play(
        &mut self,
        rules: &Rules,
        scenario: &Scenario,
        strategies: &BySeat<SkirmishStrategy>,
        tally: &mut GameTally,
    ) {
        self.play_built_in(rules, scenario, strategies, tally);
    }
}

impl<O: Observer<Event>> Game<O> {
    /// Recomputes `seat`'s fighting men, speed and load.
    fn refresh(&mut self, seat: Seat, rules: &Rules, scenario: &Scenario) {
        let mut mask = 0u16;
        let mut running = 0u16;
        let (mut speed, mut load) = (u32::MAX, None::<u8>);
        for (i, man) in scenario.men(seat).iter().enumerate() {
            let state = self.men[seat][i];
            running |= ((state.present && state.routing && !state.dead && !state.gone) as u16) << i;
            if state.fighting() {
                mask |= 1 << i;
                speed = speed.min(if man.cavalry {
                    rules.cavalry_inches
                } else {
                    rules.foot_inches
                });
                load = match (load, man.load) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
            }
        }
        self.fighting_mask[seat] = mask;
        self.running_mask[seat] = running;
        self.speed[seat] = if mask == 0 { rules.foot_inches } else { speed };
        self.load[seat] = load;
    }

    /// `reset`, told.
    #[inline(never)]
    pub fn start(&mut self, rules: &Rules, scenario: &Scenario, master_seed: u64, index: u64) {
        self.deal = game_rng(master_seed, index, Stream::DEAL);
        self.dice = game_rng(master_seed, index, Stream::RULES);
        for seat in Seat::BOTH {
            self.seats[seat] = game_rng(master_seed, index, Stream::seat(seat.index()));
        }
        let size = rules.deck_size() as usize;
        if self.sorted_for != rules.cards {
            let values = (1..=VALUES as u8).zip(rules.cards);
            let cards = values.flat_map(|(value, n)| std::iter::repeat_n(value, n as usize));
            for (card, value) in self.sorted.iter_mut().zip(cards) {
                *card = value;
            }
            self.sorted_for = rules.cards;
        }
        for seat in Seat::BOTH {
            let deck = &mut self.decks[seat];
            deck[..size].copy_from_slice(&self.sorted[..size]);
            shuffle(&mut deck[..size], &mut self.deal);
            self.hands[seat] = Hand::default();
            self.next_card[seat] = 0;
            for _ in 0..rules.hand_size.min(size as u8) {
                self.draw(seat, size);
            }
            self.men[seat] = [ManState::default(); MAX_MEN];
            for man in self.men[seat]
                .iter_mut()
                .take(scenario.count[seat] as usize)
            {
                man.present = true;
            }
            let mut reserves = scenario.reserves[seat];
            while reserves != 0 {
                self.men[seat][reserves.trailing_zeros() as usize].present = false;
                reserves &= reserves - 1;
            }
            self.reserves_left[seat] = scenario.reserves[seat];
            self.commander[seat] = rules.commander_points;
            self.first_card[seat] = None;
        }
        self.distance = scenario.distance;
        self.charge_pending = false;
        self.crossing = 0;
        self.creek_at = scenario.creek.unwrap_or(0);
        for seat in Seat::BOTH {
            self.refresh(seat, rules, scenario);
        }
        if self.obs.on() {
            self.told_start(rules, scenario);
        }
    }

    fn draw(&mut self, seat: Seat, size: usize) {
        if self.next_card[seat] < size {
            let value = self.decks[seat][self.next_card[seat]];
            self.hands[seat].add(value as u32);
            self.next_card[seat] += 1;
        }
    }

    /// The cards of each side's deck in shuffled order, for the trace.
    pub fn deck_fingerprint(&self, size: usize) -> u64 {
        Seat::BOTH
            .iter()
            .flat_map(|&s| self.decks[s][..size].iter())
            .fold(0u64, |h, &c| h.wrapping_mul(7).wrapping_add(c as u64))
    }

    /// `seat`'s fighting men, in order.
    fn fighting(&self, seat: Seat) -> impl Iterator<Item = usize> {
        let mut bits = self.fighting_mask[seat];
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                i
            })
        })
    }

    fn any_fighting(&self, seat: Seat) -> bool {
        self.fighting_mask[seat] != 0
    }

    fn situation(&self, seat: Seat, scenario: &Scenario) -> Situation {
        Situation {
            attacking: seat == scenario.attacker,
            distance: self.distance,
            speed: self.speed[seat],
            load: self.load[seat],
            charged: self.charge_pending && seat != scenario.attacker,
            stop: self.distance - self.creek_at,
        }
    }

    /// The attackers' cards still to spend crossing the creek (0: not in
    /// it).
    pub fn crossing(&self) -> u32 {
        self.crossing
    }

    /// `seat`'s men as a side may see them: fighting (of them wounded),
    /// running or gone, and dead.
    pub fn men_count(&self, scenario: &Scenario, seat: Seat) -> MenCount {
        let men = &self.men[seat][..scenario.count[seat] as usize];
        MenCount {
            fighting: men.iter().filter(|m| m.fighting()).count() as u32,
            wounded: men.iter().filter(|m| m.fighting() && m.wounded).count() as u32,
            running: men
                .iter()
                .filter(|m| m.present && !m.dead && (m.routing || m.gone))
                .count() as u32,
            dead: men.iter().filter(|m| m.dead).count() as u32,
            reserves: self.reserves_left[seat].count_ones(),
        }
    }

    /// `play`, told. Out of line, as `play` was before it was told: the
    /// card loop inlined here compiles best (the tally cleared in place).
    #[inline(never)]
    pub fn play_built_in(
        &mut self,
        rules: &Rules,
        scenario: &Scenario,
        strategies: &BySeat<SkirmishStrategy>,
        tally: &mut GameTally,
    ) {
        self.play_with(rules, scenario, strategies, &mut BuiltIn, tally);
    }

    /// `play`, with `cards` choosing the cards of the sides it takes (an
    /// external agent's); the built-in players choose the rest.
    pub fn play_with<C: Cards>(
        &mut self,
        rules: &Rules,
        scenario: &Scenario,
        strategies: &BySeat<SkirmishStrategy>,
        cards: &mut C,
        tally: &mut GameTally,
    ) {
        tally.clear();
        let size = rules.deck_size() as usize;
        // With nobody on one side the engagement can never act: the game is
        // the card sequence alone.
        let engaged = Seat::BOTH
            .iter()
            .all(|&s| self.fighting_mask[s] | self.reserves_left[s] != 0);
        let mut in_hand = BySeat([0u64; 2]);
        let first = scenario.first;
        let args = (rules, scenario, strategies);
        let in_hand = &mut in_hand;
        // Unengaged, a play only moves cards: a loop of its own, with the
        // engagement's branches compiled out; and the engaged loop without
        // reserves to call never asks about them.
        let reserves = scenario.reserves[Seat::A] | scenario.reserves[Seat::B] != 0;
        match (engaged, reserves, first) {
            (true, true, Seat::A) => {
                self.card_loop::<true, true, C>(Seat::A, size, args, cards, in_hand, tally)
            }
            (true, true, Seat::B) => {
                self.card_loop::<true, true, C>(Seat::B, size, args, cards, in_hand, tally)
            }
            (true, false, Seat::A) => {
                self.card_loop::<true, false, C>(Seat::A, size, args, cards, in_hand, tally)
            }
            (true, false, Seat::B) => {
                self.card_loop::<true, false, C>(Seat::B, size, args, cards, in_hand, tally)
            }
            (false, _, Seat::A) => {
                self.card_loop::<false, false, C>(Seat::A, size, args, cards, in_hand, tally)
            }
            (false, _, Seat::B) => {
                self.card_loop::<false, false, C>(Seat::B, size, args, cards, in_hand, tally)
            }
        }
        // A charge declared on the last cards, never met: cut off.
        if self.charge_pending {
            tally.charges[ChargeOutcome::NoCharge as usize] += 1;
            if self.obs.on() {
                self.told_charge_ends(scenario.attacker, None);
            }
        }
        // Plays and increments follow from the plays of each value.
        for seat in Seat::BOTH {
            for (v, count) in tally.in_hand[seat].iter_mut().enumerate() {
                *count = (in_hand[seat] >> (8 * v) & 0xff) as u32;
            }
            let played = &tally.played[seat];
            tally.plays[seat] = played.iter().sum();
            tally.increments[seat] = played
                .iter()
                .enumerate()
                .map(|(v, &n)| (v as u32 + 1) * n)
                .sum();
        }
        for seat in Seat::BOTH {
            for man in &self.men[seat][..scenario.count[seat] as usize] {
                tally.killed[seat] += man.dead as u32;
                tally.wounded[seat] += (man.wounded && !man.dead) as u32;
                tally.routed[seat] += (man.gone && !man.dead) as u32;
            }
        }
        self.tally_reserves(scenario, tally);
        if self.obs.on() {
            self.told_end(tally);
        }
    }

    /// Every step of the card sequence, `first` and the other side
    /// alternating: each step of two plays one card of each, with the seats
    /// constants of the loop, so every per-side field is at a fixed place.
    #[inline(always)]
    fn card_loop<const ENGAGED: bool, const RESERVES: bool, C: Cards>(
        &mut self,
        first: Seat,
        size: usize,
        args: (&Rules, &Scenario, &BySeat<SkirmishStrategy>),
        cards: &mut C,
        in_hand: &mut BySeat<u64>,
        tally: &mut GameTally,
    ) {
        let mut step = 0;
        while step < 2 * size {
            self.play_step::<ENGAGED, RESERVES, C>(first, step, args, cards, in_hand, tally);
            self.play_step::<ENGAGED, RESERVES, C>(
                first.other(),
                step + 1,
                args,
                cards,
                in_hand,
                tally,
            );
            step += 2;
        }
    }

    /// One step of the card sequence: `seat`, if it holds a card, plays
    /// the card its player (or `cards`) chooses.
    #[inline(always)]
    fn play_step<const ENGAGED: bool, const RESERVES: bool, C: Cards>(
        &mut self,
        seat: Seat,
        step: usize,
        (rules, scenario, strategies): (&Rules, &Scenario, &BySeat<SkirmishStrategy>),
        cards: &mut C,
        in_hand: &mut BySeat<u64>,
        tally: &mut GameTally,
    ) {
        let engaged = ENGAGED;
        if self.hands[seat].is_empty() {
            return;
        }
        if RESERVES && self.reserves_left[seat] != 0 {
            self.call_reserves(seat, step, rules, scenario, &strategies[seat]);
        }
        let situation = self.situation(seat, scenario);
        in_hand[seat] += SPREAD[self.hands[seat].present() as usize];
        let card = match cards.card(self, seat, step, &situation) {
            Some(card) => card,
            None => match strategies[seat].cards {
                CardPlay::Search if engaged => {
                    self.search_card(seat, step, rules, scenario, strategies)
                }
                _ => strategies[seat].card(&self.hands[seat], &situation, &mut self.seats[seat]),
            },
        };
        self.first_card[seat].get_or_insert(card);
        if self.obs.on() {
            self.told_play(seat, step, card, rules);
        }
        self.apply(seat, card, engaged, rules, scenario, strategies, tally);
    }

    /// `seat` plays `card`: it leaves the hand, one is drawn, and the
    /// engagement acts on it.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn apply(
        &mut self,
        seat: Seat,
        card: u32,
        engaged: bool,
        rules: &Rules,
        scenario: &Scenario,
        strategies: &BySeat<SkirmishStrategy>,
        tally: &mut GameTally,
    ) {
        let size = rules.deck_size() as usize;
        self.hands[seat].remove(card);
        self.draw(seat, size);
        tally.played[seat][card as usize - 1] += 1;
        let used = if !engaged {
            0
        } else if seat == scenario.attacker {
            self.attacker_card(card, rules, scenario, &strategies[seat], tally)
        } else {
            self.defender_card(card, rules, scenario, strategies, tally)
        };
        tally.wasted[seat] += card - used.min(card);
        if self.obs.on() && used < card {
            self.told_unused(seat, card, card - used);
        }
    }

    /// Plays the game on from `step`, `seat` next, with `strategies`.
    fn finish(
        &mut self,
        from: usize,
        mut seat: Seat,
        rules: &Rules,
        scenario: &Scenario,
        strategies: &BySeat<SkirmishStrategy>,
        tally: &mut GameTally,
    ) {
        let size = rules.deck_size() as usize;
        for step in from..2 * size {
            if !self.hands[seat].is_empty() {
                if self.reserves_left[seat] != 0 {
                    self.call_reserves(seat, step, rules, scenario, &strategies[seat]);
                }
                let situation = self.situation(seat, scenario);
                let card =
                    strategies[seat].card(&self.hands[seat], &situation, &mut self.seats[seat]);
                self.apply(seat, card, true, rules, scenario, strategies, tally);
            }
            seat = seat.other();
        }
    }
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

/// A few indices on the stack: iterating a side's men while changing them.
mod indices {
    use super::MAX_MEN;

    #[derive(Clone, Copy)]
    pub struct Indices {
        items: [usize; MAX_MEN],
        len: usize,
    }

    impl Indices {
        pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
            self.items[..self.len].iter().copied()
        }
    }

    impl FromIterator<usize> for Indices {
        fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Indices {
            let mut few = Indices {
                items: [0; MAX_MEN],
                len: 0,
            };
            for i in iter {
                few.items[few.len] = i;
                few.len += 1;
            }
            few
        }
    }
}
