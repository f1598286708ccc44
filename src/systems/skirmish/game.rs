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

use super::rules::{MoralePass, Rules, VALUES};
use super::scenario::{Man, Scenario, MAX_MEN};
use super::strategy::{shots, CardPlay, Hand, Situation, SkirmishStrategy};
use super::table::{effect, fire_modifier, morale_level, passing_faces, Condition, Effect};
use crate::engine::deck::shuffle;
use crate::engine::seeding::{game_rng, GameRng, Stream};
use crate::engine::{BySeat, Seat};
use rand::Rng;

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
    effect(rng.random_range(1..=10), modifier, rules.reading)
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
    rng.random_range(0..100u64) < passing_faces(level, rule)
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

    /// Victory points: one per enemy killed.
    pub fn victory_points(&self, seat: Seat) -> u32 {
        self.killed[seat.other()]
    }

    pub fn winner(&self) -> Option<Seat> {
        let [a, b] = Seat::BOTH.map(|s| self.victory_points(s));
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

    pub fn morale_tests(&self) -> (u32, u32) {
        let all = self.morale.iter().flatten();
        all.fold((0, 0), |(t, p), [tests, passes]| (t + tests, p + passes))
    }
}

/// One worker's reusable game.
#[derive(Clone)]
pub struct Game {
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
    /// Each side's fighting men as a bitmask, with their slowest speed and
    /// shortest load: refreshed whenever a man's state changes, so the
    /// plays in which nothing happens cost next to nothing.
    fighting_mask: BySeat<u16>,
    /// Men running but not yet gone: the free hacks to come.
    running_mask: BySeat<u16>,
    /// The unshuffled deck for `sorted_for` cards per value: copied, not
    /// rebuilt (a division per card), at every reset.
    sorted: [u8; MAX_DECK],
    sorted_for: u8,
    speed: BySeat<u32>,
    load: BySeat<Option<u8>>,
    /// The first play's decision of each side, for the trace.
    pub first_card: BySeat<Option<u32>>,
}

/// A side's men as either side sees them (`Game::men_count`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MenCount {
    pub fighting: u32,
    /// Of the fighting.
    pub wounded: u32,
    pub running: u32,
    pub dead: u32,
}

/// Who chooses a side's cards besides its built-in player: an external
/// agent (`agent.rs`). `None` leaves the card to the built-in player.
pub trait Cards {
    fn card(&mut self, game: &Game, seat: Seat, step: usize, situation: &Situation) -> Option<u32>;
}

/// Every card to the built-in players: compiled away.
pub struct BuiltIn;

impl Cards for BuiltIn {
    #[inline(always)]
    fn card(&mut self, _: &Game, _: Seat, _: usize, _: &Situation) -> Option<u32> {
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
            fighting_mask: BySeat::default(),
            running_mask: BySeat::default(),
            sorted: [0; MAX_DECK],
            sorted_for: 0,
            speed: BySeat::default(),
            load: BySeat::default(),
            first_card: BySeat::default(),
        }
    }

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

    /// Sets up game `index`: shuffled decks (a's then b's, from the deal
    /// stream), opening hands, the men, the distance.
    pub fn reset(&mut self, rules: &Rules, scenario: &Scenario, master_seed: u64, index: u64) {
        self.deal = game_rng(master_seed, index, Stream::DEAL);
        self.dice = game_rng(master_seed, index, Stream::RULES);
        for seat in Seat::BOTH {
            self.seats[seat] = game_rng(master_seed, index, Stream::seat(seat.index()));
        }
        let size = rules.deck_size() as usize;
        if self.sorted_for != rules.cards_per_value {
            for (i, card) in self.sorted.iter_mut().take(size).enumerate() {
                *card = (i / rules.cards_per_value as usize) as u8 + 1;
            }
            self.sorted_for = rules.cards_per_value;
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
            self.commander[seat] = rules.commander_points;
            self.first_card[seat] = None;
        }
        self.distance = scenario.distance;
        self.charge_pending = false;
        for seat in Seat::BOTH {
            self.refresh(seat, rules, scenario);
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
        }
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
        }
    }

    /// Plays the whole game: every card of both decks, alternately.
    pub fn play(
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
        // The shot and morale tables are most of the tally: clear them only
        // when the last game wrote to them.
        if tally.shots() == 0 && tally.morale_tests().0 == 0 {
            let (range, fire, shield, morale) = (
                tally.shots_by_range,
                tally.shots_by_fire,
                tally.shots_by_shield,
                tally.morale,
            );
            *tally = GameTally {
                shots_by_range: range,
                shots_by_fire: fire,
                shots_by_shield: shield,
                morale,
                ..GameTally::default()
            };
        } else {
            *tally = GameTally::default();
        }
        let size = rules.deck_size() as usize;
        // With nobody on one side the engagement can never act: the game is
        // the card sequence alone.
        let engaged = self.fighting_mask[Seat::A] != 0 && self.fighting_mask[Seat::B] != 0;
        let mut seat = scenario.first;
        let mut in_hand = BySeat([0u64; 2]);
        for step in 0..2 * size {
            if !self.hands[seat].is_empty() {
                let situation = self.situation(seat, scenario);
                in_hand[seat] += SPREAD[self.hands[seat].present() as usize];
                let card = match cards.card(self, seat, step, &situation) {
                    Some(card) => card,
                    None => match strategies[seat].cards {
                        CardPlay::Search if engaged => {
                            self.search_card(seat, step, rules, scenario, strategies)
                        }
                        _ => strategies[seat].card(
                            &self.hands[seat],
                            &situation,
                            &mut self.seats[seat],
                        ),
                    },
                };
                self.first_card[seat].get_or_insert(card);
                self.apply(seat, card, engaged, rules, scenario, strategies, tally);
            }
            seat = seat.other();
        }
        // A charge declared on the last cards, never met: cut off.
        if self.charge_pending {
            tally.charges[ChargeOutcome::NoCharge as usize] += 1;
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
    }

    /// `seat` plays `card`: it leaves the hand, one is drawn, and the
    /// engagement acts on it.
    #[allow(clippy::too_many_arguments)]
    #[inline]
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
    }

    /// The search's card: each card value in `seat`'s hand played out on
    /// `samples` sampled worlds (what the seat cannot see shuffled: its own
    /// deck's order, the enemy's hand and deck; and new dice), the rest of
    /// the game played by `hold_high` players; the value with the best
    /// total victory-point margin, the lowest of equals.
    #[inline(never)]
    fn search_card(
        &mut self,
        seat: Seat,
        step: usize,
        rules: &Rules,
        scenario: &Scenario,
        strategies: &BySeat<SkirmishStrategy>,
    ) -> u32 {
        let hand = self.hands[seat];
        let mut values = [0u32; VALUES];
        let mut count = 0;
        for v in hand.values() {
            values[count] = v;
            count += 1;
        }
        if count == 1 {
            return values[0];
        }
        let size = rules.deck_size() as usize;
        let playout_players = BySeat(Seat::BOTH.map(|s| SkirmishStrategy {
            cards: CardPlay::HoldHigh,
            samples: 0,
            ..strategies[s]
        }));
        let enemy = seat.other();
        let mut margins = [0i64; VALUES];
        for _ in 0..strategies[seat].samples {
            let mut world = self.clone();
            let seed = self.seats[seat].random::<u64>();
            world.dice = game_rng(seed, 0, Stream::RULES);
            // My deck's order is unknown to me.
            let next = world.next_card[seat];
            shuffle(&mut world.decks[seat][next..size], &mut world.dice);
            // The enemy's hand and deck: one pool, dealt again.
            let (next, held) = (world.next_card[enemy], world.hands[enemy].len() as usize);
            let mut pool = [0u8; MAX_DECK];
            let mut n = 0;
            for v in world.hands[enemy].values() {
                for _ in 0..world.hands[enemy].count(v) {
                    pool[n] = v as u8;
                    n += 1;
                }
            }
            for &card in &world.decks[enemy][next..size] {
                pool[n] = card;
                n += 1;
            }
            shuffle(&mut pool[..n], &mut world.dice);
            world.hands[enemy] = Hand::default();
            for &card in &pool[..held] {
                world.hands[enemy].add(card as u32);
            }
            world.decks[enemy][next..size].copy_from_slice(&pool[held..n]);
            for (value, margin) in values[..count].iter().zip(&mut margins) {
                let mut trial = world.clone();
                let mut tally = GameTally::default();
                trial.apply(
                    seat,
                    *value,
                    true,
                    rules,
                    scenario,
                    &playout_players,
                    &mut tally,
                );
                trial.finish(
                    step + 1,
                    seat.other(),
                    rules,
                    scenario,
                    &playout_players,
                    &mut tally,
                );
                let dead = |s: Seat| {
                    trial.men[s][..scenario.count[s] as usize]
                        .iter()
                        .filter(|m| m.dead)
                        .count() as i64
                };
                *margin += dead(enemy) - dead(seat);
            }
        }
        let best = (0..count).fold(
            0,
            |best, i| if margins[i] > margins[best] { i } else { best },
        );
        values[best]
    }

    /// Plays a whole game with a person at seat `you`: `ask` gives the
    /// person's card (a value in hand) or `None` to abandon; `tell` hears
    /// what each play did. Returns false when abandoned.
    #[allow(clippy::too_many_arguments)]
    pub fn play_with_person(
        &mut self,
        rules: &Rules,
        scenario: &Scenario,
        strategies: &BySeat<SkirmishStrategy>,
        you: Seat,
        ask: &mut dyn FnMut(&Game, usize) -> Option<u32>,
        tell: &mut dyn FnMut(&Game, Seat, u32),
        tally: &mut GameTally,
    ) -> bool {
        *tally = GameTally::default();
        let size = rules.deck_size() as usize;
        let engaged = self.fighting_mask[Seat::A] != 0 && self.fighting_mask[Seat::B] != 0;
        let mut seat = scenario.first;
        for step in 0..2 * size {
            if !self.hands[seat].is_empty() {
                let card = if seat == you {
                    match ask(self, step) {
                        Some(card) => card,
                        None => return false,
                    }
                } else {
                    match strategies[seat].cards {
                        CardPlay::Search if engaged => {
                            self.search_card(seat, step, rules, scenario, strategies)
                        }
                        _ => {
                            let situation = self.situation(seat, scenario);
                            strategies[seat].card(
                                &self.hands[seat],
                                &situation,
                                &mut self.seats[seat],
                            )
                        }
                    }
                };
                self.apply(seat, card, engaged, rules, scenario, strategies, tally);
                tell(self, seat, card);
            }
            seat = seat.other();
        }
        for seat in Seat::BOTH {
            for man in &self.men[seat][..scenario.count[seat] as usize] {
                tally.killed[seat] += man.dead as u32;
            }
        }
        true
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
        for _ in from..2 * size {
            if !self.hands[seat].is_empty() {
                let situation = self.situation(seat, scenario);
                let card =
                    strategies[seat].card(&self.hands[seat], &situation, &mut self.seats[seat]);
                self.apply(seat, card, true, rules, scenario, strategies, tally);
            }
            seat = seat.other();
        }
    }

    /// Applies `effect` to man `i` of `seat`; a rout from fire sends him
    /// off at once. "A man who was wounded and was hit again, was deemed
    /// killed": a hit is any scoring result (the melee's "until one, or both
    /// of them hit" is until one scores), so a rout kills a wounded man too.
    fn strike(&mut self, seat: Seat, i: usize, effect: Effect, from_fire: bool) {
        let man = &mut self.men[seat][i];
        match effect {
            Effect::NoEffect => {}
            _ if man.wounded => man.dead = true,
            Effect::Rout => {
                man.routing = true;
                man.gone |= from_fire;
            }
            Effect::Wound => man.wounded = true,
            Effect::Kill => man.dead = true,
        }
    }

    fn record_shot(tally: &mut GameTally, range: u32, fire: u32, target: &Man, effect: Effect) {
        let e = effect as usize;
        tally.shots_by_range[(range / 10).min(RANGE_BANDS as u32 - 1) as usize][e] += 1;
        tally.shots_by_fire[(fire.clamp(1, VALUES as u32) - 1) as usize][e] += 1;
        tally.shots_by_shield[target.shield as usize][e] += 1;
    }

    /// Each fighting shooter of `seat` fires `increments` worth at the
    /// first fighting enemy in the enemy's standing order.
    fn volley(
        &mut self,
        seat: Seat,
        increments_of: &dyn Fn(usize) -> u32,
        range: u32,
        rules: &Rules,
        scenario: &Scenario,
        tally: &mut GameTally,
    ) {
        let enemy = seat.other();
        for i in 0..scenario.count[seat] as usize {
            let Some(load) = scenario.men(seat)[i].load else {
                continue;
            };
            if !self.men[seat][i].fighting() {
                continue;
            }
            let Some(target) = self.fighting(enemy).next() else {
                return;
            };
            let fire = shots(increments_of(i), load);
            if fire == 0 {
                continue;
            }
            let man = scenario.men(enemy)[target];
            let modifier = fire_modifier(fire, range, !man.shield, rules.long_range);
            let effect = roll(&mut self.dice, modifier, rules);
            Self::record_shot(tally, range, fire, &man, effect);
            self.strike(enemy, target, effect, true);
            self.refresh(enemy, rules, scenario);
        }
    }

    /// Every fighting man of `seat` tests morale in groups of up to three,
    /// formed from the men still fighting in their standing order (the dead
    /// and the running leave no gap); a failing group turns to run.
    fn morale_check(
        &mut self,
        seat: Seat,
        rules: &Rules,
        scenario: &Scenario,
        strategy: &SkirmishStrategy,
        tally: &mut GameTally,
    ) {
        let mut group = [0usize; 3];
        let mut members = 0;
        let count = scenario.count[seat] as usize;
        for i in 0..=count {
            if i < count {
                if !self.men[seat][i].fighting() {
                    continue;
                }
                group[members] = i;
                members += 1;
                if members < 3 {
                    continue;
                }
            }
            if members == 0 {
                continue;
            }
            let mut conditions = [Condition::Sound; 3];
            for (c, &m) in conditions.iter_mut().zip(&group[..members]) {
                *c = self.men[seat][m].condition();
            }
            let spread = if members > 1 { scenario.spread } else { 0 };
            let level = morale_level(&conditions[..members], spread, 0);
            let bonus = strategy.morale_points(level, self.commander[seat]);
            self.commander[seat] -= bonus;
            let passed = morale_roll(&mut self.dice, level + bonus as i64, rules.morale_pass);
            let sound = conditions[..members]
                .iter()
                .filter(|&&c| c == Condition::Sound)
                .count();
            tally.morale[sound][members - sound][0] += 1;
            tally.morale[sound][members - sound][1] += passed as u32;
            if !passed {
                for &m in &group[..members] {
                    self.men[seat][m].routing = true;
                }
            }
            members = 0;
        }
        self.refresh(seat, rules, scenario);
    }

    /// Free hacks at the men of `seat` who are routing away.
    fn free_hacks(&mut self, seat: Seat, rules: &Rules, scenario: &Scenario) {
        let running = |m: &ManState| m.present && m.routing && !m.dead && !m.gone;
        if !self.men[seat][..scenario.count[seat] as usize]
            .iter()
            .any(running)
        {
            return;
        }
        let enemy_fights = self.any_fighting(seat.other());
        for i in 0..scenario.count[seat] as usize {
            let man = self.men[seat][i];
            if man.present && man.routing && !man.dead && !man.gone {
                if enemy_fights {
                    // A back turned: no shield counts. A rout result adds
                    // nothing to a sound man already running, but is a hit
                    // that kills a wounded one.
                    let effect = roll(&mut self.dice, 1, rules);
                    self.strike(seat, i, effect, false);
                }
                self.men[seat][i].gone = true;
            }
        }
        self.refresh(seat, rules, scenario);
    }

    /// The attacker's card: routing attackers pull away; the rest advance,
    /// declaring a charge once contact is in reach, and its missile men
    /// shoot with the increments the advance leaves (the text's men may
    /// move or fire each increment, on either side). Out of reach, a side
    /// with shooters may halt to shoot the whole card, if its player says
    /// so (`halt_within`). Returns the increments used.
    fn attacker_card(
        &mut self,
        card: u32,
        rules: &Rules,
        scenario: &Scenario,
        strategy: &SkirmishStrategy,
        tally: &mut GameTally,
    ) -> u32 {
        let attacker = scenario.attacker;
        self.free_hacks(attacker, rules, scenario);
        if !self.any_fighting(attacker) || !self.any_fighting(attacker.other()) {
            return 0;
        }
        let speed = self.speed[attacker];
        let shooters = self.load[attacker].is_some();
        if self.distance <= speed * card {
            let used = self.distance.div_ceil(speed).max(1).min(card);
            self.distance = 0;
            self.charge_pending = true;
            if shooters && card > used && rules.charging_fire {
                // Just short of contact: point-blank.
                self.volley(attacker, &|_| card - used, 0, rules, scenario, tally);
                return card;
            }
            used
        } else if shooters && self.distance <= strategy.halt_within {
            self.volley(attacker, &|_| card, self.distance, rules, scenario, tally);
            card
        } else {
            self.distance -= speed * card;
            card
        }
    }

    /// The defender's card: against a charge, the text's sequence; else its
    /// shooters fire. Returns the increments used. Kept out of line: it is
    /// large and only engaged games call it, so the card loop stays tight.
    #[inline(never)]
    fn defender_card(
        &mut self,
        card: u32,
        rules: &Rules,
        scenario: &Scenario,
        strategies: &BySeat<SkirmishStrategy>,
        tally: &mut GameTally,
    ) -> u32 {
        let attacker = scenario.attacker;
        let defender = attacker.other();
        if !self.any_fighting(defender) || !self.any_fighting(attacker) {
            if self.charge_pending {
                tally.charge_went(if self.any_fighting(attacker) {
                    ChargeOutcome::NoDefender
                } else {
                    ChargeOutcome::StoppedByFire
                });
            }
            self.charge_pending = false;
            return 0;
        }
        if !self.charge_pending {
            if self.distance == 0 {
                return 0;
            }
            let has_shooters = self.load[defender].is_some();
            self.volley(defender, &|_| card, self.distance, rules, scenario, tally);
            // Shot down on the approach, before any charge was declared.
            tally.stopped_before_charge |= !self.any_fighting(attacker);
            return if has_shooters { card } else { 0 };
        }
        self.charge_pending = false;
        // 1. The defenders test morale.
        self.morale_check(defender, rules, scenario, &strategies[defender], tally);
        let defenders_left = self.any_fighting(defender);
        // 2. Defensive fire: a missile man paired with an attacker fires the
        //    whole card, the others support with at most 2 increments.
        let attackers = self.fighting(attacker).count();
        let mut order = [0usize; MAX_MEN];
        let mut n = 0;
        for missile in [false, true] {
            for i in self.fighting(defender).collect::<indices::Indices>().iter() {
                if scenario.men(defender)[i].load.is_some() == missile {
                    order[n] = i;
                    n += 1;
                }
            }
        }
        let contacted = |i: usize| order[..n.min(attackers)].contains(&i);
        let support = rules.support_fire_increments.min(card);
        self.volley(
            defender,
            &|i| if contacted(i) { card } else { support },
            0,
            rules,
            scenario,
            tally,
        );
        if !self.any_fighting(attacker) {
            tally.charge_went(ChargeOutcome::StoppedByFire);
            return card;
        }
        // 3. The attackers test morale.
        self.morale_check(attacker, rules, scenario, &strategies[attacker], tally);
        if !self.any_fighting(attacker) {
            tally.charge_went(ChargeOutcome::StoppedByMorale);
            return card;
        }
        // Every defender turned at the charge: the attackers meet nobody.
        tally.charge_went(if defenders_left {
            ChargeOutcome::ReachedContact
        } else {
            ChargeOutcome::NoDefender
        });
        // 4. The melee, pair by pair; the loser turns to run.
        let a_men: indices::Indices = self.fighting(attacker).collect();
        let d_men: indices::Indices = self.fighting(defender).collect();
        for (a, d) in a_men.iter().zip(d_men.iter()) {
            let (am, dm) = (scenario.men(attacker)[a], scenario.men(defender)[d]);
            let (on_d, on_a, _) =
                melee(&mut self.dice, !dm.shield as i32, !am.shield as i32, rules);
            tally.melees += 1;
            match (on_d.scores(), on_a.scores()) {
                (true, false) => tally.melees_won[attacker] += 1,
                (false, true) => tally.melees_won[defender] += 1,
                _ => {}
            }
            for (seat, i, effect) in [(defender, d, on_d), (attacker, a, on_a)] {
                if effect.scores() {
                    self.strike(seat, i, effect, false);
                    self.men[seat][i].routing |= !self.men[seat][i].dead;
                }
            }
        }
        for seat in Seat::BOTH {
            self.refresh(seat, rules, scenario);
        }
        // 5. Routing defenders run under the attackers' free hacks.
        self.free_hacks(defender, rules, scenario);
        card
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

#[cfg(test)]
mod tests {
    //! The mechanics around the dice, each from the text: grouping for
    //! morale, the commander's one-shot points, free hacks, support fire, a
    //! wounded man hit again, and missile men on the attacking side.
    use super::*;
    use crate::systems::skirmish::strategy::CardPlay;

    fn scenario(text: &str) -> Scenario {
        Scenario::from_table(&toml::from_str(text).unwrap()).unwrap()
    }

    fn rules(sets: &[&str]) -> Rules {
        let mut values = Rules::defaults();
        for set in sets {
            values.set_text(set).unwrap();
        }
        Rules::from_values(&values).unwrap()
    }

    fn player(morale_target: u32, halt_within: u32) -> SkirmishStrategy {
        SkirmishStrategy {
            cards: CardPlay::Lowest,
            morale_target,
            halt_within,
            samples: 0,
        }
    }

    fn game_of(rules: &Rules, scenario: &Scenario, index: u64) -> Game {
        let mut game = Game::new();
        game.reset(rules, scenario, 11, index);
        game
    }

    #[test]
    fn morale_groups_form_from_the_men_still_fighting() {
        let rules = rules(&["commander_points=0"]);
        let seven = scenario("distance = 0\n[[a.men]]\ncount = 1\n[[b.men]]\ncount = 7\n");
        let mut game = game_of(&rules, &seven, 0);
        game.men[Seat::B][1].dead = true;
        game.refresh(Seat::B, &rules, &seven);
        let mut tally = GameTally::default();
        game.morale_check(Seat::B, &rules, &seven, &player(0, 0), &mut tally);
        // Six men still fighting test as two groups of three sound men:
        // "the tester has the option of grouping up to 3 men".
        assert_eq!(tally.morale[3][0][0], 2);
        assert_eq!(tally.morale_tests().0, 2);
    }

    #[test]
    fn commander_points_are_spent_once() {
        let rules = rules(&[]);
        let pair =
            scenario("distance = 0\nspread = 2\n[[a.men]]\ncount = 1\n[[b.men]]\ncount = 2\n");
        let mut game = game_of(&rules, &pair, 0);
        let mut tally = GameTally::default();
        // Two sound men 2 inches apart: 30 + 30 - 2 = 58; a target of 80
        // spends 22 of the commander's 100 on each check, until they run out.
        let mut left = Vec::new();
        for _ in 0..6 {
            for man in game.men[Seat::B].iter_mut().take(2) {
                man.routing = false;
            }
            game.refresh(Seat::B, &rules, &pair);
            game.morale_check(Seat::B, &rules, &pair, &player(80, 0), &mut tally);
            left.push(game.commander[Seat::B]);
        }
        assert_eq!(left, [78, 56, 34, 12, 0, 0]);
    }

    /// Free hacks on `trials` running men, `wounded` or not: (killed,
    /// wounded) counts.
    fn free_hacks_on(wounded: bool, trials: u64) -> (u64, u64) {
        let rules = rules(&[]);
        let duel =
            scenario("distance = 0\n[[a.men]]\ncount = 1\n[[b.men]]\ncount = 1\nshield = true\n");
        let (mut killed, mut hurt) = (0, 0);
        for index in 0..trials {
            let mut game = game_of(&rules, &duel, index);
            game.men[Seat::B][0].routing = true;
            game.men[Seat::B][0].wounded = wounded;
            game.refresh(Seat::B, &rules, &duel);
            game.free_hacks(Seat::B, &rules, &duel);
            let man = game.men[Seat::B][0];
            assert!(man.gone, "a running man leaves the field");
            killed += man.dead as u64;
            hurt += (man.wounded && !man.dead && !wounded) as u64;
        }
        (killed, hurt)
    }

    #[test]
    fn free_hacks_follow_the_table_and_kill_a_wounded_man_on_any_hit() {
        use crate::stats::Rate;
        let trials = 20_000;
        let within = |count: u64, exact: f64| {
            let (low, high) = Rate::new(count, trials).wilson(0.9999);
            assert!(low <= exact && exact <= high, "{count}/{trials} vs {exact}");
        };
        // A back turned counts as unshielded: +1. A d10 of 8, 9 or 10 reads
        // 9 to 11, a kill (3 in 10); a 7 reads 8, a wound (1 in 10).
        let (killed, wounded) = free_hacks_on(false, trials);
        within(killed, 0.3);
        within(wounded, 0.1);
        // Wounded already: any hit, 6 to 10 reading 7 to 11, kills (5 in 10).
        let (killed, _) = free_hacks_on(true, trials);
        within(killed, 0.5);
    }

    #[test]
    fn a_wounded_man_scored_on_again_is_killed() {
        let rules = rules(&[]);
        let duel = scenario("distance = 0\n[[a.men]]\ncount = 1\n[[b.men]]\ncount = 1\n");
        for effect in [Effect::Rout, Effect::Wound, Effect::Kill] {
            let mut game = game_of(&rules, &duel, 0);
            game.men[Seat::B][0].wounded = true;
            game.strike(Seat::B, 0, effect, false);
            assert!(game.men[Seat::B][0].dead, "{effect:?}");
        }
        let mut game = game_of(&rules, &duel, 0);
        game.strike(Seat::B, 0, Effect::Rout, false);
        assert!(!game.men[Seat::B][0].dead && game.men[Seat::B][0].routing);
    }

    #[test]
    fn support_fire_is_limited_to_two_increments() {
        // Morale always passes, so both archers stand and shoot.
        let rules = rules(&["morale_pass=at_or_under", "commander_points=1000"]);
        let charge = scenario(
            "distance = 0\n[[a.men]]\ncount = 1\nshield = true\n[[b.men]]\ncount = 2\nweapon = \"archer\"\n",
        );
        let strategies = BySeat([player(100, 0), player(100, 0)]);
        let mut supported = 0;
        for index in 0..500 {
            let mut game = game_of(&rules, &charge, index);
            game.charge_pending = true;
            let mut tally = GameTally::default();
            game.defender_card(5, &rules, &charge, &strategies, &mut tally);
            let fired = |fire: usize| tally.shots_by_fire[fire - 1].iter().sum::<u32>();
            // The archer charged fires the whole 5 (fire, load, fire, load,
            // fire: 3); the one supporting pivots and fires once, and only
            // if the attacker is still coming.
            assert_eq!(fired(3), 1);
            assert_eq!(fired(1), tally.shots() - 1);
            assert!(tally.shots() <= 2);
            supported += fired(1);
        }
        assert!(supported > 100, "{supported}");
    }

    #[test]
    fn attacking_missile_men_shoot() {
        let rules = rules(&[]);
        // Only the attackers have bows: every shot is theirs.
        let text = |distance: u32| {
            format!("distance = {distance}\nattacker = \"a\"\n[[a.men]]\ncount = 2\nweapon = \"archer\"\n[[b.men]]\ncount = 3\n")
        };
        let mut tally = GameTally::default();
        // In contact at once: the charge takes one increment, the rest of
        // the card is fire at point-blank, unless they hold their fire.
        let close = scenario(&text(0));
        let strategies = BySeat([player(80, 0), player(80, 0)]);
        let shots = |rules: &Rules| {
            let mut tally = GameTally::default();
            (0..200)
                .map(|index| {
                    let mut game = game_of(rules, &close, index);
                    game.play(rules, &close, &strategies, &mut tally);
                    tally.shots()
                })
                .sum::<u32>()
        };
        assert!(shots(&rules) > 100, "{}", shots(&rules));
        let holding = super::tests::rules(&["charging_shooters=hold_fire"]);
        assert_eq!(shots(&holding), 0);
        // 20 inches off and halting within 30: no card reaches contact (6
        // increments at 2 inches), so the side stands and shoots every card.
        let far = scenario(&text(20));
        let halting = BySeat([player(80, 30), player(80, 0)]);
        for index in 0..200 {
            let mut game = game_of(&rules, &far, index);
            game.play(&rules, &far, &halting, &mut tally);
            assert_eq!(tally.charges.iter().sum::<u32>(), 0);
            assert!(tally.shots() > 0);
        }
    }
}
