//! A Piquet Regimental game: two sides, each a commander and any
//! subordinate players, every player with an 18-card deck (the 9 basic
//! cards and 9 from the side's Army Deck), a hand as large as its quality
//! allows, and initiative. On each KARD every player turns its top card (or
//! plays one from the hand, discarding the top card unseen) and uses it,
//! keeps it, or lets it go; Officer Checks cast for initiative, issue
//! orders, rally or pass initiative down; a matching card lets a
//! regiment's order cast against its movement chips; assaults are fought
//! on every KARD once begun. After 18 KARDs the basic cards come out, the
//! army cards go back and the decks are dealt again, counting cards held.
//!
//! No map: a regiment's orders come from its plan in the scenario (or its
//! player chooses each, `orders = "chosen"`) and an assault's target is
//! named there (or is the nearest enemy); the field is one axis, side a facing
//! up it and side b down it, so that a Move order closes to Engagement
//! range, a Maneuver moves four inches and loaded regiments in range fire.
//! Fire needs no card: after the KARD's cards every loaded regiment or
//! company with an enemy in range may fire for its IP, both sides at once;
//! the reload cards reload, Crushing Volley raises the KARD's volleys, and
//! a regiment fire takes to zero Elan withdraws and must rally.

use super::cards::{Card, Kind, KindCounts, BASIC, DECK, KINDS};
use super::dice::{cast, Rating};
use super::dice::{eight_gun_steps, volley};
use super::events::{self, Event};
use super::field::{self, outside_dx, within, within_dx, At, Deployed, Status, Unit, IDLE_UNIT};
use super::rules::{BothZero, Rules, MAX_INITIATIVE};
use super::rules::{FireOrders, KardFirst, ShortOverlap, UnralliedWinner};
use super::scenario::{
    frontage_after, Arm, DeployTo, Deployment, Maneuver, OrderKind, Ranges, Regiment, Scenario,
    Terrain, MAX_PLAYERS, MAX_UNITS, ORDER_KINDS,
};
use super::stats::{
    volley_key, AssaultEnd, DecqRecord, EngagementEnd, FireKind, GameTally, RallyKind, Spend, Stats,
};
use super::strategy::{
    Decide, Needs, OfficerAction, OrderFacts, PiquetStrategy, Search, TurnedUse,
};
use crate::engine::deck::shuffle;
use crate::engine::seeding::{game_rng, rng_from_seed, GameRng, Stream};
use crate::engine::{BySeat, Seat};
use crate::system::{Observer, Unobserved};
use rand::Rng;
use roster::Roster;

/// Who decides and what about (`At`), from the game's fields alone, so
/// that it may sit beside a player's state borrowed for change.
macro_rules! at {
    ($game:expr, $setup:expr, $seat:expr, $p:expr, $regiments:expr, $target:expr) => {
        At {
            seat: $seat,
            player: $p,
            regiments: $regiments,
            target: $target,
            to: None,
            scenario: Some($setup.scenario),
            units: &$game.units,
            loaded: &$game.loaded,
            deployed: &$game.deployed,
            deploys_at: &$game.deploys_at,
            maneuvers_to: &$game.maneuvers_to,
            piquets: &$game.piquets,
            kard: $game.kard,
        }
    };
}

mod assault;
mod attached;
mod chosen;
mod deal;
mod deploy;
mod engagement;
mod execute;
mod fire;
mod obstacles;
mod orders;
mod piquets;
mod places;
mod retire;
mod roster;
mod round;
mod search;
mod start;
mod told;
mod turn;
mod view;
mod waves;

#[cfg(test)]
mod chain;
#[cfg(test)]
mod firing;
#[cfg(test)]
mod ties;

/// A chosen Move that goes on to its objective (`Game::moves_to`).
const TO_OBJECTIVE: i32 = i32::MIN;

/// The most cards a hand holds (a Superior commander's).
pub const MAX_HAND: usize = 5;
/// Assaults at once: each has its own defender.
const MAX_ASSAULTS: usize = 2 * MAX_UNITS;

#[derive(Clone, Copy, Debug, Default)]
struct Assault {
    defender: u8,
    defender_seat: Seat,
    attackers: u16,
    /// Attackers that have not yet fought their first round.
    fresh: u16,
    /// Attackers that ever joined (the multi-unit rule, matchups), but a
    /// lead its second line relieved: the two never fought together.
    joined: u16,
    first_attacker: u8,
    kards: u32,
    /// The KARD its last round was fought on (0: none yet).
    fought_on: u32,
    /// Attackers at the defender's flank or rear: "its full effect is
    /// applied to the single unit", outside the multi-unit rule's
    /// combined cast.
    independent: u16,
    /// Of those, the ones at its rear.
    rear: u16,
    /// Attackers that crossed a bridge or gate to go in: it covers the
    /// defender against them (note 21).
    covered: u16,
}

impl Assault {
    /// Attacker `i` goes in at `aspect`: at a flank or the rear, outside
    /// the front's combined cast.
    fn goes_in(&mut self, i: usize, aspect: Aspect) {
        let bit = 1u16 << i;
        self.independent = self.independent & !bit | ((aspect != Aspect::Front) as u16) << i;
        self.rear = self.rear & !bit | ((aspect == Aspect::Rear) as u16) << i;
        self.covered &= !bit;
    }
}

/// Where an attacker meets its defender (Multiple Unit Combats).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Aspect {
    Front,
    Flank,
    Rear,
}

#[derive(Clone, Copy, Debug)]
struct PlayerState {
    ip: u32,
    deck: [Card; DECK],
    next: usize,
    hand: [Card; MAX_HAND],
    hand_len: usize,
    /// The hand's size by the player's quality.
    hand_size: usize,
    /// The kinds in the hand, one bit each.
    present: u16,
    heroic: bool,
}

impl PlayerState {
    fn hand(&self) -> &[Card] {
        &self.hand[..self.hand_len]
    }

    fn take_from_hand(&mut self, slot: usize) -> Card {
        let card = self.hand[slot];
        self.hand_len -= 1;
        self.hand[slot] = self.hand[self.hand_len];
        self.present = self.hand().iter().fold(0, |m, c| m | 1 << c.kind() as u16);
        card
    }

    fn add_to_hand(&mut self, card: Card) {
        self.hand[self.hand_len] = card;
        self.hand_len += 1;
        self.present |= 1 << card.kind() as u16;
    }
}

/// This KARD's card of one player, and what the player does with it.
#[derive(Clone, Copy, Debug)]
struct Play {
    card: Card,
    from_hand: bool,
    used: bool,
}

/// A game, told to `obs` as it goes (`Unobserved` in a run).
#[derive(Clone)]
pub struct Game<O = Unobserved> {
    deal: GameRng,
    dice: GameRng,
    /// Each player's strategy stream.
    seats: BySeat<[GameRng; MAX_PLAYERS]>,
    /// Each player's stream for the ties the game draws for it (which of
    /// equal regiments is asked first, aimed at, rallied): apart from its
    /// strategy stream, so that an agent served that stream decides as
    /// in the process.
    ties: BySeat<[GameRng; MAX_PLAYERS]>,
    /// Each player's stream for its search's samples, so that a search
    /// leaves the player's other draws as the heuristic's.
    samples: BySeat<[GameRng; MAX_PLAYERS]>,
    players: BySeat<[PlayerState; MAX_PLAYERS]>,
    units: BySeat<[Unit; MAX_UNITS]>,
    assaults: [Assault; MAX_ASSAULTS],
    /// Cards for a redeal, shuffled in place.
    pool: [Card; 256],
    kard: u32,
    /// Assault slots in use, one bit each.
    active: u32,
    /// Each side's regiments by status, kept as statuses change, so what a
    /// player sees of its side costs no walk over its regiments.
    rosters: BySeat<[Roster; MAX_PLAYERS]>,
    /// A side's regiments of every player: its commander's view.
    totals: BySeat<Roster>,
    /// The regiments of each middle player (`Side::middle`: a corps
    /// commander) and of every player below it; empty for the others.
    commanded: BySeat<[Roster; MAX_PLAYERS]>,
    /// Bumped by every change to a side's regiments.
    versions: BySeat<u32>,
    /// Each player's view of its side, and the version it was read at.
    views: BySeat<[(u32, Needs); MAX_PLAYERS]>,
    /// Card kinds the plans of each side's regiments still in the game
    /// want: changes only when a regiment is removed.
    planned: BySeat<u16>,
    decq: DecqRecord,
    /// The first KARD's decision of each seat, for the stream check.
    pub first_decision: BySeat<u64>,
    /// The players of each side whose own figure has detached from the
    /// regiment the scenario attached it to.
    detached: BySeat<u8>,
    /// Per regiment, the KARD it last broke through on and the enemy
    /// regiments it broke through then, one bit each: behind it, out of
    /// its path. Beside the units: a wider `Unit` costs every copy.
    broke: BySeat<[(u32, u16); MAX_UNITS]>,
    /// Regiments whose volleys a Crushing Volley raises on this KARD.
    volley_up: BySeat<u16>,
    /// Regiments that hold their fire on this KARD: under the command of a
    /// player who used a Reload card (rule `reload_holds_fire`).
    held_fire: BySeat<u16>,
    /// The KARD each deck's (by holder) hand play last executed an order
    /// on: a hand play counts once, whoever shares the card.
    hand_play_executed: BySeat<[u32; MAX_PLAYERS]>,
    /// Regiments and companies loaded.
    loaded: BySeat<u16>,
    /// How each regiment is deployed, and where its Deploy orders are in
    /// its scenario's `deploy_to` (for a chosen regiment, whose
    /// `deploy_to` is not followed: the `DEPLOY_TO` its player chose for
    /// its Deploy order).
    deployed: BySeat<Deployed>,
    deploys_at: BySeat<[u8; MAX_UNITS]>,
    /// Where each chosen regiment's Maneuver order goes, as its player
    /// chose (`Maneuver`).
    maneuvers_to: BySeat<[u8; MAX_UNITS]>,
    /// The terrain objective (index + 1; 0: none) each regiment's piquet
    /// was placed in when its Move order was issued (rule `piquets_hold`):
    /// it holds it while that order stands.
    piquets: BySeat<[u8; MAX_UNITS]>,
    /// Where each chosen regiment's Move order stops, as its player placed
    /// its piquet: a place on the axis short of its objective, or
    /// `TO_OBJECTIVE`.
    moves_to: BySeat<[i32; MAX_UNITS]>,
    /// Where each regiment stood when its order was given: an assault
    /// that crossed a bridge or gate on its way from there, in one leg or
    /// several, has it as the defender's cover (note 21).
    given_at: BySeat<[i32; MAX_UNITS]>,
    /// Formed infantry under an Assault order on skirmishers that has
    /// moved up to them and taken their cast as more chips (Formed Unit
    /// Options Against Skirmishing Units): its next completion goes in.
    through: BySeat<u16>,
    /// Regiments and companies that have fired in the game (or started it
    /// unloaded): the artillery "that has fired" (rule `artillery_reload`),
    /// which stays so once reloaded.
    fired: BySeat<u16>,
    /// Each regiment's fire target (`fire_target`), those with one, and the
    /// versions and geometry they were worked out at: read again only when
    /// a status or a place has changed.
    aims: BySeat<[u8; MAX_UNITS]>,
    aimed: BySeat<u16>,
    aims_at: BySeat<(u32, u16, u16)>,
    /// Regiments that may be fired at: in the game, not fighting an
    /// assault, with Elan to lose.
    targetable: BySeat<u16>,
    /// Bumped by every change of place.
    geometry: u32,
    /// Whether any player of either side shares another's deck.
    sharing: bool,
    /// The sides whose players choose orders, one bit each (`Seat as u8`):
    /// their views read the enemy too, so its changes are theirs.
    choosing: u8,
    /// The KARD's volleys, cast and waiting to land (kept here so that a
    /// KARD without fire does not clear them).
    volleys: [Volley; 2 * MAX_UNITS],
    /// Engagements in progress: side b's regiments engaged with each of
    /// side a's, and the KARD each began.
    engaged: [u16; MAX_UNITS],
    engaged_since: [[u32; MAX_UNITS]; MAX_UNITS],
    /// This game's assaults begun and their Elans (attacker, defender), for
    /// the game's tally.
    begun: u32,
    begun_elan: [u32; 2],
    /// This game's attackers going in at the front, a flank and the rear.
    aspects: [u32; 3],
    /// A playout's choice for one player's card on its first KARD.
    forced: Option<(Seat, usize, TurnChoice)>,
    /// The choice of the player turning now, when a search made it.
    choice: Option<TurnChoice>,
    /// Each side's Army Deck cards dealt to no player this DECQ, by kind.
    undealt: BySeat<KindCounts>,
    /// The search's world and statistics, made on its first decision and
    /// kept, so that no playout allocates.
    playout: Scratch,
    /// What a search of the chosen regiments' orders keeps.
    order_search: OrderSearch,
    pub obs: O,
}

/// What a search of the chosen regiments' orders keeps (`search_order`).
/// A copy of a game, a search's world, starts with none of it.
#[derive(Clone)]
struct OrderSearch {
    /// The game as this KARD began, kept when a searching side chooses
    /// orders: its order decisions are played out from there, the KARD's
    /// card choices in `kard_choices`.
    kard_start: Scratch,
    /// The game KARD `kard_start` holds (`u32::MAX`: none), and its place
    /// in its DECQ (`Game::OPENING`: before the free first orders).
    kard_start_at: u32,
    kard_start_in_decq: usize,
    kard_choices: [[Option<TurnChoice>; MAX_PLAYERS]; 2],
    /// The orders each player's search gave its chosen regiments this
    /// KARD, forced again in the worlds of its later ones.
    picked: BySeat<[[OrderPick; MAX_UNITS]; MAX_PLAYERS]>,
    /// A world's orders forced for one player's chosen regiments, each
    /// taken once, lapsing with their KARD.
    forced_orders: Option<(Seat, usize, [OrderPick; MAX_UNITS])>,
}

impl Default for OrderSearch {
    fn default() -> Self {
        OrderSearch {
            kard_start: Scratch(None),
            kard_start_at: u32::MAX,
            kard_start_in_decq: 0,
            kard_choices: [[None; MAX_PLAYERS]; 2],
            picked: BySeat::default(),
            forced_orders: None,
        }
    }
}

/// An order a search picked for a chosen regiment, or none picked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum OrderPick {
    #[default]
    Unpicked,
    Picked(Pick),
}

/// A chosen regiment's order (none: no order) and, for a Deploy or a
/// Maneuver, where it goes (its `DeployTo` or `Maneuver` index; none:
/// where its player's heuristic sends it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pick {
    order: Option<OrderKind>,
    way: Option<u8>,
}

impl Pick {
    const fn of(order: Option<OrderKind>) -> Pick {
        Pick { order, way: None }
    }
}

/// Most picks a chosen regiment is offered: each order, a Deploy's and a
/// Maneuver's each way apart, no order, and its player's own first.
const MAX_PICKS: usize = ORDER_KINDS + DeployTo::ALL.len() + Maneuver::ALL.len() + 2;

/// What a player does with its KARD's card, as the search chooses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TurnChoice {
    /// Play this hand slot instead of the top card.
    Hand(usize),
    /// Turn the top card, and let the heuristic decide what to do with it.
    Turn,
    /// Turn the top card and do this with it.
    Turned(TurnedUse),
}

/// Most choices of one search decision: the hand's cards and the turned
/// card's uses.
const MAX_CHOICES: usize = MAX_HAND + 3;

/// The search's scratch world. A copy of a game gets none: a world
/// searches nothing itself, and copying a game must not allocate.
struct Scratch(Option<Box<(Game, Stats)>>);

impl Clone for Scratch {
    fn clone(&self) -> Self {
        Scratch(None)
    }
}

/// The players of a playout: the heuristic everywhere.
const PLAYOUT: BySeat<PiquetStrategy> = BySeat([PiquetStrategy::HEURISTIC; 2]);

/// One volley of a KARD's fire, cast and waiting to land with the others.
#[derive(Clone, Copy, Debug, Default)]
struct Volley {
    seat: Seat,
    firer: u8,
    target: u8,
    value: u8,
    /// Within Engagement range (else a bombardment).
    engaged: bool,
}

/// How far regiment `regiment` fires: Bombardment range for the companies
/// that bombard, else Engagement range.
#[inline]
fn reach(ranges: Ranges, regiment: &Regiment) -> i32 {
    if regiment.bombards() {
        ranges.bombardment.max(ranges.engagement)
    } else {
        ranges.engagement
    }
}

/// The reload cards, one bit each.
const RELOAD_KINDS: u16 = 1 << Kind::MusketReload as u16 | 1 << Kind::ArtilleryReload as u16;

/// Which way a side faces on the axis: a up, b down.
const fn facing(seat: Seat) -> i32 {
    match seat {
        Seat::A => 1,
        Seat::B => -1,
    }
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

/// What a game needs besides its state: the variant's rules, scenario and
/// players.
pub struct Setup<'a, D: Decide = PiquetStrategy> {
    pub rules: &'a Rules,
    pub scenario: &'a Scenario,
    pub strategies: &'a BySeat<D>,
}

impl<O: Observer<Event>> Game<O> {
    /// Plays the whole game, writing into `stats` and `tally` and, when
    /// given, one record per DECQ.
    pub fn play<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        game: u64,
        stats: &mut Stats,
        tally: &mut GameTally,
        mut records: Option<&mut Vec<DecqRecord>>,
    ) {
        *tally = GameTally::default();
        for decq in 0..setup.scenario.decqs {
            if decq > 0 {
                for seat in Seat::BOTH {
                    self.redeal(setup.scenario, seat);
                }
            }
            self.decq = DecqRecord {
                game,
                decq: decq + 1,
                ..DecqRecord::default()
            };
            for seat in Seat::BOTH {
                self.decq.ip_start[seat] = self.players[seat][0].ip;
            }
            if self.obs.on() {
                self.tell_decq_start(setup);
            }
            for kard_in_decq in 0..DECK {
                self.kard += 1;
                self.play_kard(setup, kard_in_decq, stats, tally);
            }
            for seat in Seat::BOTH {
                self.decq.ip_end[seat] = self.players[seat][0].ip;
            }
            if self.obs.on() {
                let [ip_a, ip_b] = self.tell_ips(setup);
                let decq = self.decq.decq;
                self.obs.event(Event::DecqEnd { decq, ip_a, ip_b });
            }
            stats.record_decq(&self.decq);
            tally.decqs += 1;
            if let Some(records) = records.as_deref_mut() {
                records.push(self.decq);
            }
        }
        for seat in Seat::BOTH {
            for unit in &self.units[seat][..setup.scenario.sides[seat].count as usize] {
                tally.removed[seat] += (unit.status == Status::Removed) as u32;
                // Cut off by the end of the game before its first card (an
                // order out of an assault too).
                if matches!(unit.status, Status::Ordered | Status::Retiring) {
                    let side = &mut stats.sides[seat];
                    match unit.executed {
                        false => side.waiting_at_end[unit.order as usize] += 1,
                        true => side.completing_at_end[unit.order as usize] += 1,
                    }
                }
            }
        }
        stats.assaults_cut_off += self.active.count_ones() as u64;
        tally.assaults_begun = self.begun;
        tally.assault_elan = self.begun_elan;
        tally.aspects = self.aspects;
        stats.engagements_cut_off += self
            .engaged
            .iter()
            .map(|m| m.count_ones() as u64)
            .sum::<u64>();
        stats.record_game(tally);
        if self.obs.on() {
            self.tell_game_end(setup, tally);
        }
    }

    fn play_kard<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        kard_in_decq: usize,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) {
        self.volley_up = BySeat::default();
        self.held_fire = BySeat::default();
        // Every player chooses at once: none sees another's card.
        let mut plays = [[Play {
            card: Card::basic(Kind::DressLines),
            from_hand: false,
            used: false,
        }; MAX_PLAYERS]; 2];
        // A search chooses before anyone turns a card (none sees another's),
        // and a playout's world has its first choice forced. Without
        // either, `turn` is the plain one (a const generic): the check
        // costs the heuristic's KARD nothing else.
        let searching = self.forced.is_some()
            || setup.strategies[Seat::A].search().is_some()
            || setup.strategies[Seat::B].search().is_some();
        if searching {
            let forced = self.searched(setup, kard_in_decq);
            if self.searches_orders(setup) {
                self.keep_kard_start(kard_in_decq, forced);
            }
            for seat in Seat::BOTH {
                let side = &setup.scenario.sides[seat];
                let mut holders = side.holders;
                while holders != 0 {
                    let p = holders.trailing_zeros() as usize;
                    holders &= holders - 1;
                    self.choice = forced[seat.index()][p];
                    plays[seat.index()][p] =
                        self.turn::<D, true>(setup, seat, p, kard_in_decq, stats, tally);
                }
            }
        } else {
            for seat in Seat::BOTH {
                let side = &setup.scenario.sides[seat];
                let mut holders = side.holders;
                while holders != 0 {
                    let p = holders.trailing_zeros() as usize;
                    holders &= holders - 1;
                    plays[seat.index()][p] =
                        self.turn::<D, false>(setup, seat, p, kard_in_decq, stats, tally);
                }
            }
        }
        // Players sharing a deck take its card once every holder has one.
        if self.sharing {
            for seat in Seat::BOTH {
                if setup.scenario.sides[seat].sharers != 0 {
                    self.share(
                        setup,
                        seat,
                        &mut plays[seat.index()],
                        kard_in_decq,
                        stats,
                        tally,
                    );
                }
            }
        }
        // Effects: simultaneous in the text, which gives them no order.
        let first = self.resolves_first(setup);
        for seat in [first, first.other()] {
            let players = setup.scenario.sides[seat].player_count as usize;
            for (p, &play) in plays[seat.index()][..players].iter().enumerate() {
                if play.used {
                    self.use_card(
                        setup,
                        seat,
                        p,
                        play.card.kind(),
                        play.from_hand,
                        stats,
                        tally,
                    );
                }
            }
        }
        // Most KARDs no one is loaded with an enemy in range, or no player
        // can pay for a fire order.
        let ready = |game: &mut Game<O>, seat: Seat| {
            let players = setup.scenario.sides[seat].player_count as usize;
            let able = game.loaded[seat] & game.totals[seat].able();
            game.players[seat][..players]
                .iter()
                .any(|player| player.ip >= setup.rules.fire_cost)
                && able != 0
                && able & game.aimed(setup, seat) != 0
        };
        if ready(self, Seat::A) || ready(self, Seat::B) {
            self.fire(setup, first, stats, tally);
        }
        self.fight(setup, stats, tally);
        self.sweep_engagements(setup, stats);
    }
}

impl<O: Observer<Event>> Game<O> {
    /// The side whose used cards take effect first this KARD (rule
    /// `kard_first`).
    #[inline(always)]
    fn resolves_first<D: Decide>(&mut self, setup: &Setup<'_, D>) -> Seat {
        let a_first = match setup.rules.kard_first {
            KardFirst::Alternate => self.kard % 2 == 1,
            KardFirst::A => true,
            KardFirst::B => false,
            KardFirst::Random => self.toss_for_first(),
        };
        if a_first {
            Seat::A
        } else {
            Seat::B
        }
    }

    /// `kard_first = random`: a coin of the rules stream, told.
    #[cold]
    #[inline(never)]
    fn toss_for_first(&mut self) -> bool {
        let a_first = self.dice.random_bool(0.5);
        if self.obs.on() {
            let (decq, kard) = told::when(self.decq.decq, self.kard);
            let side = if a_first { Seat::A } else { Seat::B }.name();
            self.obs.event(Event::ResolvesFirst { decq, kard, side });
        }
        a_first
    }
}

/// The multi-unit rule: "remove the highest and lowest values until there
/// are only two values left and then take the highest of these", or one
/// left with an odd number. One cast is itself.
pub fn multi_unit(casts: &mut [u8]) -> u32 {
    match casts.len() {
        0 => 0,
        1 => casts[0] as u32,
        n => {
            casts.sort_unstable();
            // Keep the middle one (odd) or the upper of the middle two.
            casts[n / 2] as u32
        }
    }
}

/// A stream of player `p` of `seat` of its own: `base + 8 * seat + p`,
/// apart for every (seat, player) while a side has at most 8 players.
const fn per_player(base: u64, seat: Seat, p: usize) -> Stream {
    Stream(base + 8 * seat.index() as u64 + p as u64)
}
const _: () = assert!(crate::systems::piquet::scenario::MAX_PLAYERS <= 8);

/// Player `p` of `seat`'s stream for the ties the game draws for it.
pub fn tie_stream(seat: Seat, p: usize) -> Stream {
    per_player(128, seat, p)
}

/// Player `p` of `seat`'s stream for its search's samples.
pub fn sample_stream(seat: Seat, p: usize) -> Stream {
    per_player(192, seat, p)
}

/// Player `p` of `seat`'s strategy stream: a side's commander keeps the
/// seat's stream; subordinates have streams of their own.
pub fn player_stream(seat: Seat, p: usize) -> Stream {
    if p == 0 {
        Stream::seat(seat.index())
    } else {
        per_player(64, seat, p)
    }
}

pub fn three_d6(rng: &mut GameRng) -> u32 {
    (0..3).map(|_| rng.random_range(1..=6u32)).sum()
}

#[cfg(test)]
mod testing;
