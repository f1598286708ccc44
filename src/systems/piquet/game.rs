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
//! No map: a regiment's orders come from its plan in the scenario and an
//! assault's target is named there; the field is one axis, side a facing
//! up it and side b down it, so that a Move order closes to Engagement
//! range, a Maneuver moves four inches and loaded regiments in range fire.
//! Fire needs no card: after the KARD's cards every loaded regiment or
//! company with an enemy in range may fire for its IP, both sides at once;
//! the reload cards reload, Crushing Volley raises the KARD's volleys, and
//! a regiment fire takes to zero Elan withdraws and must rally.

use super::cards::{Card, Kind, KindCounts, BASIC, DECK, KINDS};
use super::dice::volley;
use super::dice::{cast, Rating};
use super::field::{At, Status, Unit, IDLE_UNIT};
use super::rules::UnralliedWinner;
use super::rules::{BothZero, Rules, MAX_INITIATIVE};
use super::scenario::{
    Arm, OrderKind, Ranges, Regiment, Scenario, MAX_PLAYERS, MAX_UNITS, ORDER_KINDS,
};
use super::stats::{
    volley_key, AssaultEnd, DecqRecord, EngagementEnd, FireKind, GameTally, RallyKind, Spend, Stats,
};
use super::strategy::{Decide, Needs, OfficerAction, PiquetStrategy, Search, TurnedUse};
use crate::engine::deck::shuffle;
use crate::engine::seeding::{game_rng, rng_from_seed, GameRng, Stream};
use crate::engine::{BySeat, Seat};
use rand::Rng;

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
            kard: $game.kard,
        }
    };
}

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
    /// Attackers that ever joined (the multi-unit rule, matchups).
    joined: u16,
    first_attacker: u8,
    kards: u32,
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

/// A side's regiments by status: how many wait for each card kind and
/// which, and which are idle, shaken, fighting or closing on their target.
#[derive(Clone, Copy, Debug, Default)]
struct Roster {
    waiting: [u8; KINDS],
    /// The same regiments one bit each, for a card to walk. Kept beside
    /// the counts: counting the bits on every view read cost 5% more
    /// instructions a DECQ.
    waiting_units: [u16; KINDS],
    /// The kinds with a regiment waiting, one bit each.
    waiting_kinds: u16,
    idle: u16,
    /// Every regiment waiting for a card, whatever the kind.
    ordered: u16,
    shaken: u16,
    fighting: u16,
    closing: u16,
}

impl Roster {
    /// Regiments that may fire or reload: neither shaken, fighting an
    /// assault, nor removed.
    #[inline]
    fn able(&self) -> u16 {
        self.idle | self.ordered | self.closing
    }
}

/// This KARD's card of one player, and what the player does with it.
#[derive(Clone, Copy, Debug)]
struct Play {
    card: Card,
    from_hand: bool,
    used: bool,
}

#[derive(Clone)]
pub struct Game {
    deal: GameRng,
    dice: GameRng,
    /// Each player's strategy stream.
    seats: BySeat<[GameRng; MAX_PLAYERS]>,
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
    /// Regiments whose volleys a Crushing Volley raises on this KARD.
    volley_up: BySeat<u16>,
    /// Regiments that hold their fire on this KARD: under the command of a
    /// player who used a Reload card (rule `reload_holds_fire`).
    held_fire: BySeat<u16>,
    /// Regiments and companies loaded.
    loaded: BySeat<u16>,
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
    /// A playout's choice for one player's card on its first KARD.
    forced: Option<(Seat, usize, TurnChoice)>,
    /// The choice of the player turning now, when a search made it.
    choice: Option<TurnChoice>,
    /// Each side's Army Deck cards dealt to no player this DECQ, by kind.
    undealt: BySeat<KindCounts>,
    /// The search's world and statistics, made on its first decision and
    /// kept, so that no playout allocates.
    playout: Scratch,
}

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

impl Game {
    pub fn new() -> Game {
        let rng = game_rng(0, 0, Stream::DEAL);
        let player = PlayerState {
            ip: 0,
            deck: [Card::basic(Kind::DressLines); DECK],
            next: 0,
            hand: [Card::basic(Kind::DressLines); MAX_HAND],
            hand_len: 0,
            hand_size: 0,
            present: 0,
            heroic: false,
        };
        Game {
            deal: rng.clone(),
            dice: rng.clone(),
            seats: BySeat([
                std::array::from_fn(|_| rng.clone()),
                std::array::from_fn(|_| rng.clone()),
            ]),
            players: BySeat([[player; MAX_PLAYERS]; 2]),
            units: BySeat([[IDLE_UNIT; MAX_UNITS]; 2]),
            assaults: [Assault::default(); MAX_ASSAULTS],
            pool: [Card::basic(Kind::DressLines); 256],
            kard: 0,
            active: 0,
            rosters: BySeat::default(),
            totals: BySeat::default(),
            versions: BySeat::default(),
            views: BySeat([[(u32::MAX, Needs::default()); MAX_PLAYERS]; 2]),
            planned: BySeat::default(),
            decq: DecqRecord::default(),
            first_decision: BySeat([u64::MAX; 2]),
            volley_up: BySeat::default(),
            held_fire: BySeat::default(),
            loaded: BySeat::default(),
            aims: BySeat([[0; MAX_UNITS]; 2]),
            aimed: BySeat::default(),
            aims_at: BySeat([(u32::MAX, 0, 0); 2]),
            targetable: BySeat::default(),
            geometry: 0,
            volleys: [Volley::default(); 2 * MAX_UNITS],
            engaged: [0; MAX_UNITS],
            engaged_since: [[0; MAX_UNITS]; MAX_UNITS],
            begun: 0,
            begun_elan: [0; 2],
            forced: None,
            choice: None,
            undealt: BySeat::default(),
            playout: Scratch(None),
        }
    }

    /// Seeds game `game`, deals the first decks, casts the opening
    /// initiative and issues every regiment its first order free ("each
    /// player can issue as many orders of any type to units he or she
    /// commands with no initiative expenditure").
    pub fn reset<D: Decide>(&mut self, setup: &Setup<'_, D>, master_seed: u64, game: u64) {
        self.deal = game_rng(master_seed, game, Stream::DEAL);
        self.dice = game_rng(master_seed, game, Stream::RULES);
        for seat in Seat::BOTH {
            for p in 0..setup.scenario.sides[seat].player_count as usize {
                self.seats[seat][p] = game_rng(master_seed, game, player_stream(seat, p));
            }
        }
        self.kard = 0;
        // No assault in progress: a slot is written whole when one begins.
        self.active = 0;
        // A new game: no view read in the last one is current.
        self.views = BySeat([[(u32::MAX, Needs::default()); MAX_PLAYERS]; 2]);
        self.versions = BySeat::default();
        self.first_decision = BySeat([u64::MAX; 2]);
        self.engaged = [0; MAX_UNITS];
        self.volley_up = BySeat::default();
        self.held_fire = BySeat::default();
        self.aims_at = BySeat([(u32::MAX, 0, 0); 2]);
        self.begun = 0;
        self.begun_elan = [0; 2];
        for seat in Seat::BOTH {
            let side = &setup.scenario.sides[seat];
            for (player, commander) in self.players[seat].iter_mut().zip(side.players()) {
                player.hand_size = commander.quality.hand_size();
                player.hand_len = 0;
                player.present = 0;
                player.heroic = false;
            }
            for (unit, regiment) in self.units[seat].iter_mut().zip(side.regiments()) {
                *unit = Unit {
                    status: Status::Ordered,
                    elan: regiment.elan,
                    boxes_left: regiment.boxes() as u8,
                    order: regiment.plan[0],
                    chips: setup.scenario.chips[regiment.plan[0] as usize],
                    issued: 0,
                    executed: false,
                    plan_at: 0,
                    x: regiment.at,
                    reloaded: 0,
                };
            }
            self.loaded[seat] = side
                .regiments()
                .iter()
                .enumerate()
                .filter(|(_, r)| r.loaded && r.arm.fires())
                .fold(0, |m, (i, _)| m | 1 << i);
        }
        for seat in Seat::BOTH {
            self.rosters[seat] = [Roster::default(); MAX_PLAYERS];
            self.totals[seat] = Roster::default();
            self.targetable[seat] = 0;
            for i in 0..setup.scenario.sides[seat].count as usize {
                self.file(setup, seat, i, true);
                self.retarget(seat, i);
            }
            self.planned[seat] = setup.scenario.sides[seat].planned;
            self.redeal(setup.scenario, seat);
        }
        for seat in Seat::BOTH {
            for player in
                &mut self.players[seat][..setup.scenario.sides[seat].player_count as usize]
            {
                player.ip = three_d6(&mut self.dice);
            }
        }
    }

    /// A fingerprint of both first decks.
    pub fn deal_fingerprint(&self) -> u64 {
        self.players
            .0
            .iter()
            .flatten()
            .flat_map(|p| p.deck.iter())
            .fold(0xcbf2_9ce4_8422_2325u64, |h, c| {
                (h ^ c.code() as u64).wrapping_mul(0x100_0000_01b3)
            })
    }

    /// The deck for a new DECQ: the basic cards not held in the hand, and
    /// army cards (those in no hand) to make 18, shuffled.
    fn redeal(&mut self, scenario: &Scenario, seat: Seat) {
        let side = &scenario.sides[seat];
        let players = &mut self.players[seat][..side.player_count as usize];
        let mut remaining = side.army_deck;
        let mut in_hands = false;
        for player in players.iter() {
            for card in player.hand() {
                if card.from_army() {
                    remaining[card.kind() as usize] -= 1;
                    in_hands = true;
                }
            }
        }
        let len = if in_hands {
            let mut len = 0;
            for (k, &n) in remaining.iter().enumerate() {
                for _ in 0..n {
                    self.pool[len] = Card::army(Kind::ALL[k]);
                    len += 1;
                }
            }
            len
        } else {
            let pool = &side.army_pool;
            self.pool[..pool.len()].copy_from_slice(pool);
            pool.len()
        };
        // Deal each player's share from the shuffled Army Deck: a partial
        // Fisher-Yates draws exactly the cards a full shuffle would.
        let mut dealt = 0;
        for player in players.iter_mut() {
            let mut basic_held = [false; BASIC];
            for card in player.hand() {
                if !card.from_army() {
                    basic_held[card.kind() as usize] = true;
                }
            }
            let mut filled = 0;
            for (k, &held) in basic_held.iter().enumerate() {
                if !held {
                    player.deck[filled] = Card::basic(Kind::ALL[k]);
                    filled += 1;
                }
            }
            for slot in filled..DECK {
                let j = self.deal.random_range(dealt as u32..len as u32) as usize;
                self.pool.swap(dealt, j);
                player.deck[slot] = self.pool[dealt];
                dealt += 1;
            }
            shuffle(&mut player.deck, &mut self.deal);
            player.next = 0;
        }
        // What no player was dealt, for the search's deals.
        let mut undealt = [0; KINDS];
        for card in &self.pool[dealt..len] {
            undealt[card.kind() as usize] += 1;
        }
        self.undealt[seat] = undealt;
    }

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
            for kard_in_decq in 0..DECK {
                self.kard += 1;
                self.play_kard(setup, kard_in_decq, stats, tally);
            }
            for seat in Seat::BOTH {
                self.decq.ip_end[seat] = self.players[seat][0].ip;
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
                // Cut off by the end of the game before its first card.
                if unit.status == Status::Ordered {
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
        stats.engagements_cut_off += self
            .engaged
            .iter()
            .map(|m| m.count_ones() as u64)
            .sum::<u64>();
        stats.record_game(tally);
    }

    fn plan_cards<D: Decide>(&mut self, setup: &Setup<'_, D>, seat: Seat) {
        self.planned[seat] = self.units[seat]
            .iter()
            .zip(setup.scenario.sides[seat].regiments())
            .filter(|(unit, _)| unit.status != Status::Removed)
            .fold(0, |m, (_, regiment)| m | regiment.plan_kinds());
        self.versions[seat] = self.versions[seat].wrapping_add(1);
    }

    /// What player `p` of `seat` sees: its own regiments, and the side's
    /// commander with subordinates every regiment of the side (it may
    /// order theirs for the bypass cost, and its cards execute theirs).
    /// Read again only when the side's regiments have changed; the
    /// initiative is always current.
    #[inline(always)]
    fn needs<D: Decide>(&mut self, setup: &Setup<'_, D>, seat: Seat, p: usize) -> Needs {
        let version = self.versions[seat];
        let mut needs = match self.views[seat][p] {
            (read, needs) if read == version => needs,
            _ => {
                let needs = self.read_view(setup, seat, p);
                self.views[seat][p] = (version, needs);
                needs
            }
        };
        let side = &setup.scenario.sides[seat];
        let players = &self.players[seat][..side.player_count as usize];
        needs.ip = players[p].ip;
        if needs.subordinates > 0 {
            needs.neediest = players[1..].iter().map(|q| q.ip).min().unwrap_or(0);
        }
        // Fire changes nothing a view reads, so its needs come from masks:
        // the reload cards "execute" the unloaded regiments and companies
        // the player's cards reach, a Crushing Volley the loaded ones with
        // an enemy in range.
        let reach = side.commands[p] & self.totals[seat].able();
        let unloaded = side.commands[p] & self.may_reload(setup.rules, seat) & !self.loaded[seat];
        let infantry = (unloaded & side.infantry).count_ones() as u8;
        let artillery = (unloaded & side.artillery).count_ones() as u8;
        needs.executions[Kind::MusketReload as usize] = infantry;
        needs.executions[Kind::ArtilleryReload as usize] = artillery;
        let bits = ((infantry > 0) as u16) << Kind::MusketReload as u16
            | ((artillery > 0) as u16) << Kind::ArtilleryReload as u16;
        needs.executable = needs.executable & !RELOAD_KINDS | bits;
        if reach & self.loaded[seat] != 0 {
            let aimed = self.aimed(setup, seat);
            needs.volley_ready = (reach & self.loaded[seat] & aimed).count_ones() as u8;
        }
        needs
    }

    /// The regiments of `seat` with an enemy in range (their targets in
    /// `aims`), worked out again only when a place or the enemies that may
    /// be fired at have changed.
    #[inline]
    fn aimed<D: Decide>(&mut self, setup: &Setup<'_, D>, seat: Seat) -> u16 {
        let enemy = seat.other();
        // Shaken enemies at Engagement range may not be fired at, so a
        // rally changes what is in range as a move does.
        let key = (
            self.geometry,
            self.targetable[enemy],
            self.totals[enemy].shaken,
        );
        if self.aims_at[seat] != key {
            self.aim(setup, seat);
            self.aims_at[seat] = key;
        }
        self.aimed[seat]
    }

    /// Works out `aims` and `aimed` of `seat` again.
    #[inline(never)]
    fn aim<D: Decide>(&mut self, setup: &Setup<'_, D>, seat: Seat) {
        let enemy = seat.other();
        let open = self.targetable[enemy];
        let shaken = self.totals[enemy].shaken;
        // The span of the enemies that may be fired at bounds every
        // distance from below: most regiments out of range are passed over
        // without a scan of the enemy.
        let (mut lo, mut hi) = (i32::MAX, i32::MIN);
        let mut rest = open;
        while rest != 0 {
            let x = self.units[enemy][rest.trailing_zeros() as usize].x;
            rest &= rest - 1;
            (lo, hi) = (lo.min(x), hi.max(x));
        }
        let ranges = setup.scenario.ranges;
        let side = &setup.scenario.sides[seat];
        let mut aimed = 0u16;
        // `aims` is read only where `aimed` has a bit.
        if open != 0 {
            for (i, regiment) in side.regiments().iter().enumerate() {
                let x = self.units[seat][i].x;
                let reach = if side.bombards >> i & 1 != 0 {
                    ranges.bombardment.max(ranges.engagement)
                } else {
                    ranges.engagement
                };
                if (lo - x).max(x - hi) > reach {
                    continue;
                }
                if let Some(t) = self.fire_target(ranges, regiment, seat, i, open, shaken) {
                    self.aims[seat][i] = t as u8;
                    aimed |= 1 << i;
                }
            }
        }
        self.aimed[seat] = aimed;
    }

    /// Keeps `targetable` for regiment `i` after its status or Elan moved.
    #[inline]
    fn retarget(&mut self, seat: Seat, i: usize) {
        let unit = &self.units[seat][i];
        let open = unit.elan > 0 && !matches!(unit.status, Status::Removed | Status::Fighting);
        if open {
            self.targetable[seat] |= 1 << i;
        } else {
            self.targetable[seat] &= !(1 << i);
        }
    }

    fn read_view<D: Decide>(&self, setup: &Setup<'_, D>, seat: Seat, p: usize) -> Needs {
        let side = &setup.scenario.sides[seat];
        let chief = p == 0 && side.player_count > 1;
        let own = &self.rosters[seat][p];
        let view = if chief { &self.totals[seat] } else { own };
        let attached = self.attached(setup, seat, p);
        let allowed = attached.map_or(u16::MAX, |a| 1 << a);
        let mut groups = 0u64;
        let mut idle = if chief && attached.is_none() {
            view.idle
        } else {
            own.idle & allowed
        };
        let rules = setup.rules;
        let under_figure = if idle == 0 {
            0
        } else {
            self.under_figure(setup, seat)
        };
        let mut order_cost = u32::MAX;
        while idle != 0 {
            let i = idle.trailing_zeros() as usize;
            idle &= idle - 1;
            let regiment = &side.regiments[i];
            let next = regiment.plan[self.units[seat][i].plan_at as usize];
            if !self.may_order(setup, seat, p, i, false) {
                continue;
            }
            groups |= 1 << (regiment.brigade as usize * ORDER_KINDS + next as usize);
            let base = match under_figure >> i & 1 {
                0 => rules.order_cost,
                _ => rules.figure_command_cost,
            };
            let bypass = if regiment.player as usize != p {
                rules.bypass_cost
            } else {
                0
            };
            order_cost = order_cost.min(base + bypass);
        }
        let executions = view.waiting;
        Needs {
            ip: 0,
            executions,
            volley_ready: 0,
            executable: view.waiting_kinds & ((1 << BASIC) - 1),
            planned: self.planned[seat],
            order_groups: groups.count_ones(),
            order_cost: if order_cost == u32::MAX {
                0
            } else {
                order_cost
            },
            rallies: (own.shaken & allowed).count_ones(),
            in_assault: view.fighting != 0,
            may_cast: attached.is_none(),
            subordinates: if chief {
                side.player_count as u32 - 1
            } else {
                0
            },
            neediest: 0,
        }
    }

    /// The regiment player `p`'s own figure is attached to, while it is in
    /// the game.
    #[inline]
    fn attached<D: Decide>(&self, setup: &Setup<'_, D>, seat: Seat, p: usize) -> Option<usize> {
        setup.scenario.sides[seat].players[p]
            .attached_to
            .map(|a| a as usize)
            .filter(|&a| self.units[seat][a].status != Status::Removed)
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
            for seat in Seat::BOTH {
                let players = setup.scenario.sides[seat].player_count as usize;
                for (p, play) in plays[seat.index()][..players].iter_mut().enumerate() {
                    self.choice = forced[seat.index()][p];
                    *play = self.turn::<D, true>(setup, seat, p, kard_in_decq, stats, tally);
                }
            }
        } else {
            for seat in Seat::BOTH {
                let players = setup.scenario.sides[seat].player_count as usize;
                for (p, play) in plays[seat.index()][..players].iter_mut().enumerate() {
                    *play = self.turn::<D, false>(setup, seat, p, kard_in_decq, stats, tally);
                }
            }
        }
        // Effects: simultaneous in the text; the side resolving first
        // alternates KARD by KARD so neither side always goes first.
        let first = if self.kard % 2 == 1 { Seat::A } else { Seat::B };
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
        let ready = |game: &mut Game, seat: Seat| {
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

    /// Each player's forced card choice this KARD: a playout's, and each
    /// searching player's, worked out from the KARD's start.
    #[inline(never)]
    fn searched<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        kard_in_decq: usize,
    ) -> [[Option<TurnChoice>; MAX_PLAYERS]; 2] {
        let mut forced = [[None; MAX_PLAYERS]; 2];
        if let Some((seat, p, choice)) = self.forced.take() {
            forced[seat.index()][p] = Some(choice);
        }
        for seat in Seat::BOTH {
            if let Some(search) = setup.strategies[seat].search() {
                let players = setup.scenario.sides[seat].player_count as usize;
                for (p, choice) in forced[seat.index()][..players].iter_mut().enumerate() {
                    *choice = Some(self.search_turn(setup, &search, seat, p, kard_in_decq));
                }
            }
        }
        forced
    }

    /// The search's choice for player `p` of `seat`: first whether to play
    /// a hand card (not knowing the top card, as the text has it: "the top
    /// card discarded unseen"), then, turning, what to do with the top
    /// card. The heuristic's own choice is tried first and keeps a tie.
    fn search_turn<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        search: &Search,
        seat: Seat,
        p: usize,
        kard_in_decq: usize,
    ) -> TurnChoice {
        let rules = setup.rules;
        let heuristic = PiquetStrategy::HEURISTIC;
        let needs = self.needs(setup, seat, p);
        let player = self.players[seat][p];
        let rng = &mut self.seats[seat][p];
        let mut choices = [TurnChoice::Turn; MAX_CHOICES];
        let mut n = 1;
        let add = |choices: &mut [TurnChoice; MAX_CHOICES], n: &mut usize, c: TurnChoice| {
            let same = |a: TurnChoice, b: TurnChoice| match (a, b) {
                (TurnChoice::Hand(x), TurnChoice::Hand(y)) => player.hand[x] == player.hand[y],
                (
                    TurnChoice::Turned(TurnedUse::Keep(Some(x))),
                    TurnChoice::Turned(TurnedUse::Keep(Some(y))),
                ) => player.hand[x] == player.hand[y],
                _ => a == b,
            };
            if !choices[..*n].iter().any(|&d| same(c, d)) {
                choices[*n] = c;
                *n += 1;
            }
        };
        if player.hand_len > 0 && player.ip >= rules.hand_play_cost {
            if let Some(slot) = heuristic.hand_play(
                &at!(self, setup, seat, p, 0, None),
                player.hand(),
                player.present,
                &needs,
                rules,
                rng,
            ) {
                choices[0] = TurnChoice::Hand(slot);
                add(&mut choices, &mut n, TurnChoice::Turn);
            }
            for slot in 0..player.hand_len {
                add(&mut choices, &mut n, TurnChoice::Hand(slot));
            }
            let first =
                self.best_choice(setup, search, seat, p, kard_in_decq, &choices[..n], false);
            if first != TurnChoice::Turn {
                return first;
            }
        }
        // Turning: the top card is seen now.
        let top = player.deck[player.next];
        let room = player.hand_len < player.hand_size;
        let rng = &mut self.seats[seat][p];
        let at = at!(self, setup, seat, p, 0, None);
        let usual = heuristic.turned(&at, top.kind(), player.hand(), room, &needs, rules, rng);
        choices[0] = TurnChoice::Turned(usual);
        n = 1;
        add(&mut choices, &mut n, TurnChoice::Turned(TurnedUse::Use));
        add(&mut choices, &mut n, TurnChoice::Turned(TurnedUse::Pass));
        if room {
            add(
                &mut choices,
                &mut n,
                TurnChoice::Turned(TurnedUse::Keep(None)),
            );
        } else if player.ip >= rules.hand_swap_cost {
            for slot in 0..player.hand_len {
                add(
                    &mut choices,
                    &mut n,
                    TurnChoice::Turned(TurnedUse::Keep(Some(slot))),
                );
            }
        }
        self.best_choice(setup, search, seat, p, kard_in_decq, &choices[..n], true)
    }

    /// The choice worth most over the search's samples: each sample
    /// deals what player `p` cannot see afresh (`determinize`: its own
    /// deck's unturned cards, the top card too unless `top_seen`; every
    /// other player's hand and unturned deck; the dice, and the decks of
    /// later DECQs), and every choice is played out on the same
    /// deal. The army cards dealt afresh are those the player has not seen,
    /// so it knows how many of each kind its side and the enemy's have
    /// left unseen, not which deck holds them.
    #[allow(clippy::too_many_arguments)]
    fn best_choice<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        search: &Search,
        seat: Seat,
        p: usize,
        kard_in_decq: usize,
        choices: &[TurnChoice],
        top_seen: bool,
    ) -> TurnChoice {
        if choices.len() == 1 {
            return choices[0];
        }
        let mut scratch = self
            .playout
            .0
            .take()
            .unwrap_or_else(|| Box::new((Game::new(), Stats::default())));
        let (world, stats) = &mut *scratch;
        let mut totals = [0i64; MAX_CHOICES];
        for _ in 0..search.samples {
            let seed = self.seats[seat][p].random::<u64>();
            for (&choice, total) in choices.iter().zip(&mut totals) {
                world.clone_from(self);
                world.determinize(setup.scenario, seat, p, top_seen, seed);
                world.forced = Some((seat, p, choice));
                *total += world.play_out(setup, search, seat, kard_in_decq, stats);
            }
        }
        self.playout = Scratch(Some(scratch));
        let best = crate::engine::first_best(&totals[..choices.len()]);
        choices[best]
    }

    /// Deals afresh what player `p` of `seat` cannot see (`best_choice`):
    /// each side's army cards that it has not seen (those in the hidden
    /// hands and unturned decks, and those dealt to no one) go back to
    /// the hidden places at random, then the hidden places are shuffled.
    /// It counts the others' turned cards as seen, and its own turned
    /// cards, even the top cards a hand play discarded unseen.
    fn determinize(
        &mut self,
        scenario: &Scenario,
        seat: Seat,
        p: usize,
        top_seen: bool,
        seed: u64,
    ) {
        let mut rng = rng_from_seed(seed);
        self.deal = rng_from_seed(rng.random());
        self.dice = rng_from_seed(rng.random());
        for s in Seat::BOTH {
            let players = scenario.sides[s].player_count as usize;
            // The hidden places of player `q`: its deck from `from`, and
            // (another player's) its hand.
            let hidden_from = |q: usize, player: &PlayerState| match (s, q) == (seat, p) {
                true => (player.next + top_seen as usize).min(DECK),
                false => player.next,
            };
            let mut unseen = [Card::basic(Kind::DressLines); 256];
            let mut count = 0;
            for (k, &n) in self.undealt[s].iter().enumerate() {
                for _ in 0..n {
                    unseen[count] = Card::army(Kind::ALL[k]);
                    count += 1;
                }
            }
            for (q, player) in self.players[s][..players].iter().enumerate() {
                let from = hidden_from(q, player);
                let hand = if (s, q) == (seat, p) {
                    &[][..]
                } else {
                    player.hand()
                };
                for &card in player.deck[from..].iter().chain(hand) {
                    if card.from_army() {
                        unseen[count] = card;
                        count += 1;
                    }
                }
            }
            shuffle(&mut unseen[..count], &mut rng);
            let mut next_unseen = 0;
            for q in 0..players {
                self.seats[s][q] = rng_from_seed(rng.random());
                let player = &mut self.players[s][q];
                let from = hidden_from(q, player);
                let own = (s, q) == (seat, p);
                let held = if own { 0 } else { player.hand_len };
                for card in player.deck[from..]
                    .iter_mut()
                    .chain(&mut player.hand[..held])
                {
                    if card.from_army() {
                        *card = unseen[next_unseen];
                        next_unseen += 1;
                    }
                }
                if own {
                    shuffle(&mut player.deck[from..], &mut rng);
                    continue;
                }
                let mut places = [Card::basic(Kind::DressLines); DECK + MAX_HAND];
                let left = DECK - from;
                places[..held].copy_from_slice(player.hand());
                places[held..held + left].copy_from_slice(&player.deck[from..]);
                shuffle(&mut places[..held + left], &mut rng);
                player.hand[..held].copy_from_slice(&places[..held]);
                player.deck[from..].copy_from_slice(&places[held..held + left]);
                player.present = player
                    .hand()
                    .iter()
                    .fold(0, |m, c| m | 1 << c.kind() as u16);
            }
        }
    }

    /// This KARD and `search.horizon` more, the heuristic deciding for every
    /// player but the forced choice; returns the objective for `seat`.
    fn play_out<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        search: &Search,
        seat: Seat,
        kard_in_decq: usize,
        stats: &mut Stats,
    ) -> i64 {
        let playout = Setup {
            rules: setup.rules,
            scenario: setup.scenario,
            strategies: &PLAYOUT,
        };
        let mut tally = GameTally::default();
        let mut k = kard_in_decq;
        self.play_kard(&playout, k, stats, &mut tally);
        for _ in 0..search.horizon {
            k += 1;
            if k == DECK {
                if self.decq.decq >= setup.scenario.decqs {
                    break;
                }
                for s in Seat::BOTH {
                    self.redeal(setup.scenario, s);
                }
                self.decq.decq += 1;
                k = 0;
            }
            self.kard += 1;
            self.play_kard(&playout, k, stats, &mut tally);
        }
        let mut worth = search.execution_weight as i64 * tally.executions[seat] as i64;
        for s in Seat::BOTH {
            let sign = if s == seat { 1 } else { -1 };
            for unit in &self.units[s][..setup.scenario.sides[s].count as usize] {
                if unit.status != Status::Removed {
                    worth += sign
                        * (search.regiment_weight as i64
                            + search.box_weight as i64 * unit.boxes_left as i64
                            + search.elan_weight as i64 * unit.elan as i64);
                }
            }
        }
        worth
    }

    /// Player `p` of `seat` turns its top card or plays one from its hand,
    /// and decides what to do with a turned card; with `FORCED`,
    /// `self.choice` (when some) is the choice made.
    // `turn`, `use_card`, `execute`, `needs` and `fire` stay out of line:
    // inlined into `play_kard`, their registers spill, and a heuristic
    // DECQ took 4% more instructions (callgrind, docs/speed.md).
    #[inline(never)]
    fn turn<D: Decide, const FORCED: bool>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        p: usize,
        kard_in_decq: usize,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) -> Play {
        let forced = if FORCED { self.choice } else { None };
        let rules = setup.rules;
        let needs = self.needs(setup, seat, p);
        let strategy = &setup.strategies[seat];
        let side_stats = &mut stats.sides[seat];
        side_stats.initiative[kard_in_decq].record(needs.ip as usize);
        side_stats.initiative_by_player[p].record(needs.ip as usize);
        tally.ip_sum[seat] += needs.ip;
        tally.kards[seat] += 1;
        let at = at!(self, setup, seat, p, 0, None);
        let player = &mut self.players[seat][p];
        player.heroic = false;
        let rng = &mut self.seats[seat][p];
        let hand_play = match forced {
            Some(TurnChoice::Hand(slot)) => Some(slot),
            Some(_) => None,
            None if player.hand_len > 0 && player.ip >= rules.hand_play_cost => {
                strategy.hand_play(&at, player.hand(), player.present, &needs, rules, rng)
            }
            None => None,
        };
        let top = player.deck[player.next];
        player.next += 1;
        let play = if let Some(slot) = hand_play {
            // The deck's top card goes to the discards unseen.
            let card = player.take_from_hand(slot);
            player.ip -= rules.hand_play_cost;
            self.decq.spent[seat][Spend::HandPlay as usize] += rules.hand_play_cost;
            side_stats.from_hand[card.kind() as usize] += 1;
            tally.hand_plays[seat] += 1;
            self.decq.hand_plays[seat] += 1;
            self.decq.ip_spent[seat] += rules.hand_play_cost;
            Play {
                card,
                from_hand: true,
                used: true,
            }
        } else {
            self.decq.turned[seat][top.kind() as usize] += 1;
            let room = player.hand_len < player.hand_size;
            let choice = match forced {
                Some(TurnChoice::Turned(choice)) => choice,
                _ => strategy.turned(&at, top.kind(), player.hand(), room, &needs, rules, rng),
            };
            match choice {
                TurnedUse::Use => {}
                TurnedUse::Keep(discard) => {
                    // A swap needs a card to discard and the IP; a strategy
                    // that offers neither for a full hand keeps nothing.
                    debug_assert!(room || (discard.is_some() && player.ip >= rules.hand_swap_cost));
                    if let Some(slot) = discard.filter(|_| !room) {
                        player.take_from_hand(slot);
                        player.ip -= rules.hand_swap_cost;
                        self.decq.spent[seat][Spend::HandSwap as usize] += rules.hand_swap_cost;
                        self.decq.hand_swaps[seat] += 1;
                        self.decq.ip_spent[seat] += rules.hand_swap_cost;
                    } else {
                        self.decq.hand_keeps[seat] += 1;
                    }
                    player.add_to_hand(top);
                }
                TurnedUse::Pass => {}
            }
            if kard_in_decq == 0 && self.kard == 1 && p == 0 {
                self.first_decision[seat] = top.code() as u64 * 4
                    + match choice {
                        TurnedUse::Use => 0,
                        TurnedUse::Keep(_) => 1,
                        TurnedUse::Pass => 2,
                    };
            }
            Play {
                card: top,
                from_hand: false,
                used: choice == TurnedUse::Use,
            }
        };
        if play.card.kind() == Kind::DressLines {
            self.decq.dress_lines[seat] += 1;
        }
        play
    }

    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn use_card<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        p: usize,
        kind: Kind,
        from_hand: bool,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) {
        let kind = if kind == Kind::BrilliantLeader {
            let needs = self.needs(setup, seat, p);
            let at = at!(self, setup, seat, p, 0, None);
            setup.strategies[seat].brilliant(&at, &needs, &mut self.seats[seat][p])
        } else {
            kind
        };
        match kind {
            Kind::OfficerCheck => self.officer_check(setup, seat, p, stats, tally),
            Kind::HeroicMoment => self.players[seat][p].heroic = true,
            Kind::CrushingVolley => self.volley_up[seat] |= self.command(setup, seat, p),
            Kind::MusketReload => self.reload(setup, seat, p, Arm::Infantry),
            Kind::ArtilleryReload => self.reload(setup, seat, p, Arm::Artillery),
            Kind::DressLines if setup.rules.dress_lines_rally => {
                let rules = setup.rules;
                if self.players[seat][p].ip >= rules.rally_cost {
                    if let Some(unit) = self.next_rally(setup, seat, p) {
                        self.rally(setup, seat, p, unit, stats, tally);
                    }
                }
            }
            _ => self.execute(setup, seat, p, kind, from_hand, stats, tally),
        }
    }

    /// The regiments one order to regiment `i` covers, from those that may
    /// be ordered now (`eligible`). Read literally ("an order can be issued
    /// to a regiment, a brigade, or a division"; note 9), a group is a whole
    /// division, or else a whole brigade, every regiment of which still in
    /// the game is eligible and waits for the same next order; else the
    /// regiment alone. `order_groups = idle_alike` groups the eligible
    /// regiments of its division (its brigade, when no division is named)
    /// whose next order is the same.
    fn order_group<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        eligible: u16,
    ) -> u16 {
        let side = &setup.scenario.sides[seat];
        let regiments = side.regiments();
        let next = |j: usize| regiments[j].plan[self.units[seat][j].plan_at as usize];
        let members = |same: &dyn Fn(&Regiment) -> bool| {
            (0..regiments.len())
                .filter(|&j| self.units[seat][j].status != Status::Removed && same(&regiments[j]))
                .fold(0u16, |m, j| m | 1 << j)
        };
        let me = regiments[i];
        let alike = |group: u16| {
            (0..regiments.len())
                .filter(|&j| group >> j & 1 != 0)
                .all(|j| eligible >> j & 1 != 0 && next(j) == next(i))
        };
        let division = members(&|r| me.division != 0 && r.division == me.division);
        let brigade = members(&|r| r.brigade == me.brigade && r.division == me.division);
        if !setup.rules.whole_groups {
            let wider = if me.division != 0 { division } else { brigade };
            return (0..regiments.len())
                .filter(|&j| wider >> j & 1 != 0 && eligible >> j & 1 != 0 && next(j) == next(i))
                .fold(0u16, |m, j| m | 1 << j);
        }
        if division != 0 && alike(division) {
            division
        } else if alike(brigade) {
            brigade
        } else {
            1 << i
        }
    }

    /// Regiments under an attached subordinate figure's command other than
    /// the one it is attached to (the rest of its brigade), while the
    /// figure's regiment is in the game: their casts and orders cost
    /// `figure_command_cost`.
    #[inline]
    fn under_figure<D: Decide>(&self, setup: &Setup<'_, D>, seat: Seat) -> u16 {
        setup.scenario.sides[seat]
            .figure_commands
            .iter()
            .filter(|&&(f, _)| self.units[seat][f as usize].status != Status::Removed)
            .fold(0, |mask, &(_, command)| mask | command)
    }

    /// Regiments player `p` may order or rally: its own, or only the one
    /// its figure is attached to.
    fn own<D: Decide>(&self, setup: &Setup<'_, D>, seat: Seat, p: usize, i: usize) -> bool {
        setup.scenario.sides[seat].regiments[i].player as usize == p
            && self.attached(setup, seat, p).is_none_or(|a| a == i)
    }

    /// The first Shaken regiment to rally (defeated first) among the
    /// player's own.
    fn next_rally<D: Decide>(&self, setup: &Setup<'_, D>, seat: Seat, p: usize) -> Option<usize> {
        let count = setup.scenario.sides[seat].count as usize;
        let candidates = || (0..count).filter(move |&i| self.own(setup, seat, p, i));
        candidates()
            .find(|&i| {
                matches!(
                    self.units[seat][i].status,
                    Status::Shaken { defeated: true, .. }
                )
            })
            .or_else(|| {
                candidates().find(|&i| matches!(self.units[seat][i].status, Status::Shaken { .. }))
            })
    }

    fn officer_check<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        p: usize,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) {
        let rules = setup.rules;
        let needs = self.needs(setup, seat, p);
        let strategy = &setup.strategies[seat];
        let at = at!(self, setup, seat, p, 0, None);
        let action = strategy.officer_check(&at, &needs, rules, &mut self.seats[seat][p]);
        stats.sides[seat].officer_actions[action as usize] += 1;
        let side = &setup.scenario.sides[seat];
        match action {
            OfficerAction::Cast => {
                let cast = three_d6(&mut self.dice);
                let player = &mut self.players[seat][p];
                player.ip = player.ip.max(cast).min(MAX_INITIATIVE);
                if p == 0 {
                    self.decq.casts[seat] += 1;
                }
            }
            OfficerAction::Orders => {
                let chief =
                    p == 0 && side.player_count > 1 && self.attached(setup, seat, p).is_none();
                let eligible = (0..side.count as usize)
                    .filter(|&i| {
                        let bypass = side.regiments[i].player as usize != p;
                        // Whose the regiment is first: the player is asked
                        // about an assault only for a regiment it may order.
                        self.units[seat][i].status == Status::Idle
                            && (self.own(setup, seat, p, i) || (chief && bypass))
                            && self.may_order(setup, seat, p, i, true)
                    })
                    .fold(0u16, |m, i| m | 1 << i);
                // One order (one cost) covers the group `order_group` finds;
                // those under an attached figure's command pay the figure's
                // price, and going around a subordinate costs the bypass
                // once for that subordinate on this Officer Check (note 9:
                // "three as counted above and one more").
                let under_figure = self.under_figure(setup, seat);
                let (mut ordered, mut declined, mut bypassed) = (0u16, 0u16, 0u8);
                for i in 0..side.count as usize {
                    if eligible >> i & 1 == 0 || declined >> i & 1 != 0 {
                        continue;
                    }
                    let unit = self.units[seat][i];
                    let regiment = &side.regiments[i];
                    let next = regiment.plan[unit.plan_at as usize];
                    if ordered >> i & 1 == 0 {
                        let group = self.order_group(setup, seat, i, eligible);
                        let others = (0..side.count as usize)
                            .filter(|&j| group >> j & 1 != 0)
                            .map(|j| side.regiments[j].player as usize)
                            .filter(|&q| q != p)
                            .fold(0u8, |m, q| m | 1 << q);
                        let base = if group & under_figure != 0 {
                            rules.figure_command_cost
                        } else {
                            rules.order_cost
                        };
                        let cost = base + (others & !bypassed).count_ones() * rules.bypass_cost;
                        if self.players[seat][p].ip < cost
                            || !strategy.issue(
                                &at!(self, setup, seat, p, group, None),
                                next,
                                cost,
                                &mut self.seats[seat][p],
                            )
                        {
                            // The whole group goes unordered, not a part.
                            declined |= group;
                            continue;
                        }
                        self.players[seat][p].ip -= cost;
                        self.decq.spent[seat][Spend::Orders as usize] += cost;
                        self.decq.ip_spent[seat] += cost;
                        self.decq.orders[seat] += 1;
                        ordered |= group;
                        bypassed |= others;
                    }
                    stats.sides[seat].orders_issued[next as usize] += 1;
                    self.units[seat][i] = Unit {
                        order: next,
                        chips: setup.scenario.chips[next as usize],
                        issued: self.kard,
                        executed: false,
                        ..unit
                    };
                    self.set_status(setup, seat, i, Status::Ordered);
                }
            }
            OfficerAction::Rally => {
                for i in 0..side.count as usize {
                    let shaken = matches!(self.units[seat][i].status, Status::Shaken { .. });
                    if !shaken
                        || !self.own(setup, seat, p, i)
                        || self.players[seat][p].ip < rules.rally_cost
                        || !strategy.rally(
                            &at!(self, setup, seat, p, 1 << i, None),
                            &mut self.seats[seat][p],
                        )
                    {
                        continue;
                    }
                    self.rally(setup, seat, p, i, stats, tally);
                }
            }
            OfficerAction::Pass => {
                // To the subordinate with the least initiative: 1 IP to
                // pass, plus the IP passed; the track stops at 18.
                let players = &self.players[seat][..side.player_count as usize];
                let (to, held) = players
                    .iter()
                    .enumerate()
                    .skip(1)
                    .map(|(q, player)| (q, player.ip))
                    .min_by_key(|&(_, ip)| ip)
                    .expect("a commander with subordinates");
                let most =
                    (players[p].ip.saturating_sub(rules.pass_cost)).min(MAX_INITIATIVE - held);
                if most == 0 {
                    return;
                }
                let at = At {
                    to: Some(to as u8),
                    ..at!(self, setup, seat, p, 0, None)
                };
                let amount =
                    strategy.pass_amount(&at, players[p].ip, most, &mut self.seats[seat][p]);
                self.players[seat][p].ip -= rules.pass_cost + amount;
                self.players[seat][to].ip += amount;
                self.decq.spent[seat][Spend::Pass as usize] += rules.pass_cost + amount;
                self.decq.ip_spent[seat] += rules.pass_cost + amount;
            }
            OfficerAction::Nothing => {}
        }
    }

    fn rally<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        p: usize,
        i: usize,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) {
        let rules = setup.rules;
        let Status::Shaken {
            defeated,
            by_cavalry,
        } = self.units[seat][i].status
        else {
            return;
        };
        self.players[seat][p].ip -= rules.rally_cost;
        self.decq.spent[seat][Spend::Rally as usize] += rules.rally_cost;
        self.decq.ip_spent[seat] += rules.rally_cost;
        let regiment = &setup.scenario.sides[seat].regiments[i];
        let (kind, dice, target) = match (defeated, by_cavalry) {
            (_, true) => (RallyKind::DefeatedByCavalry, 9, 8),
            (true, false) => (RallyKind::Defeated, 6, 6),
            (false, false) => (RallyKind::Sound, 6, 4),
        };
        let sides = regiment.rating.sides as u32;
        let failures = (0..dice)
            .filter(|_| self.dice.random_range(1..=sides) < target)
            .count() as u8;
        stats.rallies[kind as usize].record(failures as usize);
        tally.rallies += 1;
        tally.rally_boxes += failures as u32;
        let unit = &mut self.units[seat][i];
        unit.boxes_left = unit.boxes_left.saturating_sub(failures);
        if unit.boxes_left == 0 {
            self.set_status(setup, seat, i, Status::Removed);
            stats.removed_by_rally += 1;
            self.plan_cards(setup, seat);
        } else {
            unit.elan = regiment.elan;
            self.set_status(setup, seat, i, Status::Idle);
        }
    }

    /// A card that executes orders: each of the player's regiments with a
    /// matching order casts against its chips.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn execute<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        p: usize,
        kind: Kind,
        from_hand: bool,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) {
        let rules = setup.rules;
        let side = &setup.scenario.sides[seat];
        let strategy = &setup.strategies[seat];
        let attached = self.attached(setup, seat, p);
        let mut executed_any = false;
        // A card executes the orders of the regiments its player commands,
        // directly or as the side's commander. Executing one changes no
        // other regiment of the side, so the set is read once.
        let roster = if p == 0 {
            &self.totals[seat]
        } else {
            &self.rosters[seat][p]
        };
        let mut matching = roster.waiting_units[kind as usize];
        let under_figure = match matching {
            0 => 0,
            _ => self.under_figure(setup, seat),
        };
        while matching != 0 {
            let i = matching.trailing_zeros() as usize;
            matching &= matching - 1;
            let regiment = &side.regiments[i];
            let unit = self.units[seat][i];
            let order = unit.order as usize;
            // Under an attached subordinate figure's command, even the
            // first cast costs IP: without it the order waits.
            let first_cast = if under_figure >> i & 1 != 0 {
                rules.figure_command_cost
            } else {
                0
            };
            if first_cast > 0 {
                let player = &mut self.players[seat][p];
                if player.ip < first_cast
                    || !strategy.extra_cast(
                        &at!(self, setup, seat, p, 1 << i, None),
                        player.ip,
                        first_cast,
                        unit.chips as u32,
                        &mut self.seats[seat][p],
                    )
                {
                    continue;
                }
                player.ip -= first_cast;
                self.decq.spent[seat][Spend::Attached as usize] += first_cast;
                self.decq.ip_spent[seat] += first_cast;
            }
            if !unit.executed {
                let wait = self.kard - unit.issued;
                stats.sides[seat].first_execution[order].record(wait as u64);
                if unit.order == OrderKind::Move {
                    tally.move_wait[seat] += wait;
                    tally.move_orders[seat] += 1;
                }
                self.units[seat][i].executed = true;
            }
            let player = &mut self.players[seat][p];
            // An attached subordinate figure removes its chips once on each
            // turn of the card, beside whatever the casts remove.
            let mut chips = (unit.chips as u32).saturating_sub(regiment.figure as u32);
            if attached == Some(i)
                && chips > 0
                && player.ip >= rules.attached_cost
                && strategy.attached(
                    &at!(self, setup, seat, p, 1 << i, None),
                    &mut self.seats[seat][p],
                )
            {
                player.ip -= rules.attached_cost;
                self.decq.spent[seat][Spend::Attached as usize] += rules.attached_cost;
                self.decq.ip_spent[seat] += rules.attached_cost;
                chips = 0;
            }
            let mut casts = 0;
            while chips > 0 {
                let Some(cost) = rules.cast_cost(casts) else {
                    break;
                };
                if casts > 0 {
                    let player = &mut self.players[seat][p];
                    if player.ip < cost
                        || !strategy.extra_cast(
                            &at!(self, setup, seat, p, 1 << i, None),
                            player.ip,
                            cost,
                            chips,
                            &mut self.seats[seat][p],
                        )
                    {
                        break;
                    }
                    player.ip -= cost;
                    self.decq.spent[seat][Spend::ExtraCast as usize] += cost;
                    stats.sides[seat].extra_casts += 1;
                    self.decq.ip_spent[seat] += cost;
                }
                let r = regiment.rating;
                let step = r.step + self.tier_step(rules, seat, i, regiment);
                let removed = cast(&mut self.dice, r.sides, r.dice, step, rules.beyond_four);
                chips = chips.saturating_sub(removed);
                casts += 1;
                stats.sides[seat].performance_casts += 1;
            }
            executed_any = true;
            tally.executions[seat] += 1;
            self.decq.executions[seat] += 1;
            if from_hand {
                stats.sides[seat].executions_from_hand += 1;
            }
            self.units[seat][i].chips = chips as u8;
            if chips == 0 {
                stats.sides[seat].completion[order].record((self.kard - unit.issued) as u64);
                let plan_len = regiment.plan_len;
                let unit = &mut self.units[seat][i];
                unit.plan_at = (unit.plan_at + 1) % plan_len;
                match unit.order {
                    OrderKind::Assault => {
                        self.set_status(setup, seat, i, Status::Closing);
                        self.contact(setup, seat, i, stats);
                    }
                    OrderKind::Move => {
                        self.close_in(setup, seat, i);
                        self.set_status(setup, seat, i, Status::Idle);
                    }
                    OrderKind::Maneuver => {
                        self.maneuver(setup, seat, i);
                        self.set_status(setup, seat, i, Status::Idle);
                    }
                    OrderKind::Deploy => self.set_status(setup, seat, i, Status::Idle),
                }
            }
        }
        if from_hand && executed_any {
            stats.sides[seat].hand_plays_executing += 1;
        }
    }

    /// An assaulting regiment whose chips are gone meets its target.
    fn contact<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        stats: &mut Stats,
    ) {
        let enemy = seat.other();
        let t = setup.scenario.sides[seat].regiments[i].target as usize;
        match self.units[enemy][t].status {
            // Defeated, unrallied units "may not resist Assault ... but must
            // immediately withdraw": the objective is taken unopposed. So do
            // unrallied winners, who "must Rally before [they] can ...
            // participate in combat", unless `unrallied_winner = fights`.
            Status::Removed | Status::Shaken { defeated: true, .. } => {
                self.take_objective(setup, seat, i, t, stats);
            }
            Status::Shaken {
                defeated: false, ..
            } if setup.rules.unrallied_winner == UnralliedWinner::Withdraws => {
                self.take_objective(setup, seat, i, t, stats);
            }
            Status::Fighting => {
                let active = self.active;
                let joinable = self.assaults.iter_mut().enumerate().find_map(|(slot, x)| {
                    (active >> slot & 1 != 0
                        && x.defender_seat == enemy
                        && x.defender as usize == t)
                        .then_some(x)
                });
                if let Some(x) = joinable {
                    // The multi-unit rule: one more attacker on one defender.
                    x.attackers |= 1 << i;
                    x.fresh |= 1 << i;
                    x.joined |= 1 << i;
                    self.units[seat][i].x = self.units[enemy][t].x;
                    self.moved();
                    self.end_engagement(setup, seat, i, t, EngagementEnd::Assault, stats);
                    self.set_status(setup, seat, i, Status::Fighting);
                }
                // Else the target attacks elsewhere: wait for it.
            }
            _ => {
                // At most one assault per defender: a free slot exists.
                let slot = (!self.active).trailing_zeros() as usize;
                self.active |= 1 << slot;
                stats.assaults_begun += 1;
                self.assaults[slot] = Assault {
                    defender: t as u8,
                    defender_seat: enemy,
                    attackers: 1 << i,
                    fresh: 1 << i,
                    joined: 1 << i,
                    first_attacker: i as u8,
                    kards: 0,
                };
                let elan = [self.units[seat][i].elan, self.units[enemy][t].elan];
                for (k, &e) in elan.iter().enumerate() {
                    stats.assault_elan[k].record(e as u64);
                    self.begun_elan[k] += e as u32;
                }
                self.begun += 1;
                self.units[seat][i].x = self.units[enemy][t].x;
                self.moved();
                self.end_engagement(setup, seat, i, t, EngagementEnd::Assault, stats);
                self.set_status(setup, enemy, t, Status::Fighting);
                self.set_status(setup, seat, i, Status::Fighting);
            }
        }
    }

    /// One round of every assault: the regiments still closing try their
    /// targets again, then each assault's sides cast and take Elan.
    fn fight<D: Decide>(&mut self, setup: &Setup<'_, D>, stats: &mut Stats, tally: &mut GameTally) {
        for seat in Seat::BOTH {
            // Contact changes only the regiment closing and enemies.
            let mut closing = self.totals[seat].closing;
            while closing != 0 {
                let i = closing.trailing_zeros() as usize;
                closing &= closing - 1;
                self.contact(setup, seat, i, stats);
            }
        }
        let mut active = self.active;
        while active != 0 {
            let slot = active.trailing_zeros() as usize;
            active &= active - 1;
            self.round(setup, slot, stats, tally);
        }
    }

    fn round<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        slot: usize,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) {
        let rules = setup.rules;
        let x = self.assaults[slot];
        // The attackers in this round, breakthroughs included.
        let fought = x.attackers;
        let (ds, as_) = (x.defender_seat, x.defender_seat.other());
        let d = x.defender as usize;
        let defender = setup.scenario.sides[ds].regiments[d];
        // Heroic Moment: the drawing player's regiments, or any of the
        // side's when its commander drew it.
        let heroic = |players: &[PlayerState; MAX_PLAYERS], player: u8| {
            (players[0].heroic || players[player as usize].heroic) as i32
        };
        let y = self.perform(
            defender.rating,
            heroic(&self.players[ds], defender.player) + self.tier_step(rules, ds, d, &defender),
            rules,
        );
        // Each attacker casts; with several on one defender, drop the high
        // and low casts in pairs and take the highest left.
        let mut casts = [0u8; MAX_UNITS];
        let mut n = 0;
        let mut attackers = x.attackers;
        let mut breakthroughs = 0u16;
        while attackers != 0 {
            let i = attackers.trailing_zeros() as usize;
            attackers &= attackers - 1;
            let regiment = setup.scenario.sides[as_].regiments[i];
            let v = self.perform(
                regiment.rating,
                heroic(&self.players[as_], regiment.player)
                    + self.tier_step(rules, as_, i, &regiment),
                rules,
            );
            casts[n] = v as u8;
            n += 1;
            let unit = &mut self.units[as_][i];
            unit.elan = unit.elan.saturating_sub(y as u8);
            // A regiment the defender's cast left without Elan is beaten,
            // not breaking through.
            if x.fresh & (1 << i) != 0
                && unit.elan > 0
                && regiment.battle_cavalry
                && v > y
                && rules.breakthrough_multiplier > 0
            {
                stats.breakthrough_attempts += 1;
                tally.breakthrough_attempts += 1;
                let chance = rules.breakthrough_multiplier * (v - y);
                // Percentile dice, '00' read as 100.
                if self.dice.random_range(1..=100) <= chance {
                    stats.breakthroughs += 1;
                    tally.breakthroughs += 1;
                    breakthroughs |= 1 << i;
                }
            }
        }
        let combined = multi_unit(&mut casts[..n]);
        let def = &mut self.units[ds][d].elan;
        *def = def.saturating_sub(combined as u8);
        let mut through = breakthroughs;
        while through != 0 {
            let i = through.trailing_zeros() as usize;
            through &= through - 1;
            let d8 = self.dice.random_range(1..=8u8);
            let d4 = self.dice.random_range(1..=4u8);
            let def = &mut self.units[ds][d].elan;
            *def = def.saturating_sub(d8);
            let unit = &mut self.units[as_][i];
            unit.elan = unit.elan.saturating_sub(d4);
            // "If the cavalry still has Elan, it will immediately move
            // forward to the next objective": out of this assault, ready
            // for its next order. Spent by its own d4, it stops there and
            // rallies (its Elan was not taken by the enemy: not defeated).
            let status = if unit.elan > 0 {
                Status::Idle
            } else {
                Status::Shaken {
                    defeated: false,
                    by_cavalry: false,
                }
            };
            self.set_status(setup, as_, i, status);
        }
        // An attacker breaks through only on its first cast: on the KARD
        // the assault begins, which the end of the game cannot cut off, or
        // the one it joins on (the multi-unit rule).
        stats.assaults_broken_through += (breakthroughs != 0) as u64;
        let a = &mut self.assaults[slot];
        a.attackers &= !breakthroughs;
        a.fresh = 0;
        a.kards += 1;
        let x = *a;

        let mut standing = 0u16;
        let mut fallen = 0u16;
        let mut rest = x.attackers;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if self.units[as_][i].elan > 0 {
                standing |= 1 << i;
            } else {
                fallen |= 1 << i;
            }
        }
        let defender_down = self.units[ds][d].elan == 0;
        // "An infantry unit that was defeated in an Assault by a cavalry
        // unit": the defender, by cavalry among the attackers of the
        // deciding round (not one that had already withdrawn); attackers,
        // by a cavalry defender (settle keeps it to infantry).
        let cavalry_attacked = {
            let mut any = false;
            let mut rest = fought;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                any |= setup.scenario.sides[as_].regiments[i].arm == Arm::Cavalry;
            }
            any
        };
        let cavalry_defended = defender.arm == Arm::Cavalry;
        let end = if defender_down && standing != 0 {
            Some(AssaultEnd::AttackerWins)
        } else if defender_down && fallen != 0 {
            Some(AssaultEnd::Together)
        } else if defender_down {
            // Only breakthroughs took the defender's last Elan.
            Some(AssaultEnd::Breakthrough)
        } else if standing == 0 && fallen != 0 {
            Some(AssaultEnd::DefenderWins)
        } else if standing == 0 {
            Some(AssaultEnd::Breakthrough)
        } else if x.kards >= rules.max_assault_kards {
            Some(AssaultEnd::Undecided)
        } else {
            None
        };
        // Attackers knocked to zero while others fight on withdraw defeated.
        if end.is_none() {
            self.loaded[as_] &= !fallen;
            self.withdraw(setup, as_, fallen, self.units[ds][d].x);
            self.settle(setup, as_, fallen, true, cavalry_defended);
            self.assaults[slot].attackers &= !fallen;
            return;
        }
        let end = end.expect("checked");
        let (attackers_defeated, defender_defeated) = match end {
            AssaultEnd::AttackerWins => (false, true),
            AssaultEnd::DefenderWins => (true, false),
            AssaultEnd::Together => match rules.both_zero {
                BothZero::BothDefeated => (true, true),
                BothZero::DefenderHolds => (true, false),
                BothZero::AttackerWins => (false, true),
            },
            AssaultEnd::Breakthrough => (false, defender_down),
            AssaultEnd::Undecided => (false, false),
        };
        let together = end == AssaultEnd::Together && !rules.together_by_cavalry;
        // "All participants are considered to be unloaded at the completion
        // of the Assault"; the defeated "must withdraw to the next
        // objective": here out of Engagement range of where it was fought.
        let contact = self.units[ds][d].x;
        for (seat, set) in [(as_, fought | fallen | standing), (ds, 1 << d)] {
            self.loaded[seat] &= !set;
        }
        let beaten = if attackers_defeated {
            fallen | standing
        } else {
            fallen
        };
        self.withdraw(setup, as_, beaten, contact);
        if defender_defeated {
            self.withdraw(setup, ds, 1 << d, contact);
        }
        // Fallen attackers beside standing winners are still defeated.
        self.settle(
            setup,
            as_,
            fallen,
            attackers_defeated || standing != 0,
            cavalry_defended && !together,
        );
        self.settle(
            setup,
            as_,
            standing,
            attackers_defeated,
            cavalry_defended && !together,
        );
        self.settle(
            setup,
            ds,
            1 << d,
            defender_defeated,
            cavalry_attacked && !together,
        );
        self.active &= !(1 << slot);
        tally.assaults += 1;
        tally.assault_kards += x.kards;
        let attacker = setup.scenario.sides[as_].regiments[x.first_attacker as usize];
        // A breakthrough that finishes the defender is the attacker's win.
        let attacker_won = end == AssaultEnd::AttackerWins
            || (end == AssaultEnd::Together && rules.both_zero == BothZero::AttackerWins)
            || (end == AssaultEnd::Breakthrough && defender_down);
        tally.attacker_won += attacker_won as u32;
        stats.record_assault(
            &attacker,
            &defender,
            x.joined.count_ones() > 1,
            end,
            x.kards,
            attacker_won,
        );
    }

    /// Takes `units` of `seat` out of an assault, defeated or not; infantry
    /// defeated there by cavalry (`by_cavalry`) rallies as such.
    fn settle<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        units: u16,
        defeated: bool,
        by_cavalry: bool,
    ) {
        let mut rest = units;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let infantry = setup.scenario.sides[seat].regiments[i].arm == Arm::Infantry;
            let status = Status::Shaken {
                defeated,
                by_cavalry: defeated && by_cavalry && infantry,
            };
            self.set_status(setup, seat, i, status);
        }
    }

    /// Every status change goes through here, keeping the rosters.
    fn set_status<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        status: Status,
    ) {
        self.versions[seat] = self.versions[seat].wrapping_add(1);
        self.file(setup, seat, i, false);
        self.units[seat][i].status = status;
        self.file(setup, seat, i, true);
        self.retarget(seat, i);
    }

    /// Enters regiment `i` in (or takes it out of) its player's roster and
    /// its side's, under its status.
    #[inline]
    fn file<D: Decide>(&mut self, setup: &Setup<'_, D>, seat: Seat, i: usize, enter: bool) {
        let regiment = &setup.scenario.sides[seat].regiments[i];
        let unit = &self.units[seat][i];
        let bit = 1u16 << i;
        let card = unit.order.card(regiment.arm) as usize;
        let status = unit.status;
        // The status is matched once for both rosters.
        let file_in = |roster: &mut Roster| {
            let set = match status {
                Status::Ordered => {
                    if enter {
                        roster.waiting[card] += 1;
                        roster.ordered |= bit;
                        roster.waiting_kinds |= 1 << card;
                    } else {
                        roster.waiting[card] -= 1;
                        roster.ordered &= !bit;
                        if roster.waiting[card] == 0 {
                            roster.waiting_kinds &= !(1 << card);
                        }
                    }
                    &mut roster.waiting_units[card]
                }
                Status::Idle => &mut roster.idle,
                Status::Shaken { .. } => &mut roster.shaken,
                Status::Fighting => &mut roster.fighting,
                Status::Closing => &mut roster.closing,
                Status::Removed => return,
            };
            if enter {
                *set |= bit;
            } else {
                *set &= !bit;
            }
        };
        file_in(&mut self.rosters[seat][regiment.player as usize]);
        file_in(&mut self.totals[seat]);
    }

    /// Steps a unit's performance casts are adjusted by for its stamina
    /// tier: Fresh while any top-tier box is open, Fatigued while any
    /// middle-tier box is, else Exhausted.
    #[inline]
    fn tier_step(&self, rules: &Rules, seat: Seat, i: usize, regiment: &Regiment) -> i32 {
        let checked = regiment.boxes() as u8 - self.units[seat][i].boxes_left;
        let [fresh, fatigued, _] = regiment.stamina;
        let tier = if checked < fresh {
            0
        } else if checked < fresh + fatigued {
            1
        } else {
            2
        };
        rules.tier_steps[tier]
    }

    /// A change of place: what is in range may differ.
    #[inline]
    fn moved(&mut self) {
        self.geometry = self.geometry.wrapping_add(1);
    }

    /// The regiments player `p`'s cards reach: its own, or every regiment
    /// of the side for the side's commander.
    #[inline]
    fn command<D: Decide>(&self, setup: &Setup<'_, D>, seat: Seat, p: usize) -> u16 {
        setup.scenario.sides[seat].commands[p]
    }

    pub fn is_loaded(&self, seat: Seat, i: usize) -> bool {
        self.loaded[seat] >> i & 1 != 0
    }

    #[inline]
    fn set_loaded(&mut self, seat: Seat, i: usize, loaded: bool) {
        if loaded {
            self.loaded[seat] |= 1 << i;
        } else {
            self.loaded[seat] &= !(1 << i);
        }
    }

    /// Whether idle regiment `i` may be given its plan's next order now by
    /// player `p`: an assault waits while the player holds it back (its target's Elan
    /// above `assault_at_elan`).
    #[inline]
    fn may_order<D: Decide>(
        &self,
        setup: &Setup<'_, D>,
        seat: Seat,
        p: usize,
        i: usize,
        asking: bool,
    ) -> bool {
        let regiment = &setup.scenario.sides[seat].regiments[i];
        let next = regiment.plan[self.units[seat][i].plan_at as usize];
        next != OrderKind::Assault
            || setup.strategies[seat].assault_now(
                &at!(self, setup, seat, p, 1 << i, Some(regiment.target)),
                self.units[seat.other()][regiment.target as usize].elan as u32,
                asking,
            )
    }

    /// The units of `seat` that may reload: those that may fight, and with
    /// `shaken_reload` the unrallied too.
    #[inline]
    fn may_reload(&self, rules: &Rules, seat: Seat) -> u16 {
        let totals = &self.totals[seat];
        totals.able()
            | if rules.shaken_reload {
                totals.shaken
            } else {
                0
            }
    }

    /// A reload card: each unloaded regiment (or company, for Artillery
    /// Reload) of `arm` the card reaches may reload for its cost, and may
    /// not fire on this card.
    fn reload<D: Decide>(&mut self, setup: &Setup<'_, D>, seat: Seat, p: usize, arm: Arm) {
        let rules = setup.rules;
        let side = &setup.scenario.sides[seat];
        let cost = match arm {
            Arm::Artillery => rules.artillery_reload_cost,
            _ => rules.musket_reload_cost,
        };
        let of_arm = match arm {
            Arm::Artillery => side.artillery,
            _ => side.infantry,
        };
        let command = self.command(setup, seat, p);
        if rules.reload_holds_player {
            self.held_fire[seat] |= command;
        }
        let mut reach = command & of_arm & !self.loaded[seat] & self.may_reload(rules, seat);
        while reach != 0 {
            let i = reach.trailing_zeros() as usize;
            reach &= reach - 1;
            let player = &mut self.players[seat][p];
            if player.ip < cost
                || !setup.strategies[seat].reload(
                    &at!(self, setup, seat, p, 1 << i, None),
                    player.ip,
                    cost,
                    &mut self.seats[seat][p],
                )
            {
                continue;
            }
            player.ip -= cost;
            self.decq.spent[seat][Spend::Reload as usize] += cost;
            self.decq.ip_spent[seat] += cost;
            self.decq.reloads[seat][(arm == Arm::Artillery) as usize] += 1;
            self.set_loaded(seat, i, true);
            self.units[seat][i].reloaded = self.kard;
        }
    }

    /// The enemy regiment `i` of `seat` fires at, of those `open` to fire
    /// (in the game, not fighting an assault, with Elan to lose): its
    /// target if that is in reach, else the nearest in reach, the lowest
    /// index among the nearest. Reach is Engagement range, or Bombardment
    /// range for the companies that bombard; unrallied regiments (`shaken`)
    /// "may not resist ... Engagement" but "can stand under Bombardment",
    /// so they are only bombarded.
    #[inline(always)]
    fn fire_target(
        &self,
        ranges: Ranges,
        regiment: &Regiment,
        seat: Seat,
        i: usize,
        open: u16,
        shaken: u16,
    ) -> Option<usize> {
        let reach = reach(ranges, regiment);
        let enemy = seat.other();
        let x = self.units[seat][i].x;
        let distance = |j: usize| {
            let d = (self.units[enemy][j].x - x).abs();
            (d <= reach && !(shaken >> j & 1 != 0 && d <= ranges.engagement)).then_some(d)
        };
        let target = regiment.target as usize;
        if regiment.has_target && open >> target & 1 != 0 && distance(target).is_some() {
            return Some(target);
        }
        let mut best: Option<(usize, i32)> = None;
        let mut rest = open;
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if let Some(d) = distance(j) {
                if best.is_none_or(|(_, b)| d < b) {
                    best = Some((j, d));
                }
            }
        }
        best.map(|(j, _)| j)
    }

    /// The KARD's fire: every loaded regiment and company with an enemy in
    /// range, not reloaded on this card, may fire for `fire_cost`, its
    /// player deciding; all volleys are cast first and land together. A
    /// regiment taken to zero Elan withdraws out of Engagement range of its
    /// firer (bombarded, it stays) and must rally as defeated.
    #[inline(never)]
    fn fire<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        first: Seat,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) {
        let rules = setup.rules;
        let mut n = 0;
        if self.loaded[Seat::A] | self.loaded[Seat::B] == 0 {
            return;
        }
        // Both sides fire at once: the second decides before seeing which
        // of the first's regiments fired (and so unloaded).
        let loaded_before = self.loaded;
        for seat in [first, first.other()] {
            let side = &setup.scenario.sides[seat];
            let mut ready = self.loaded[seat]
                & self.totals[seat].able()
                & self.aimed(setup, seat)
                & !self.held_fire[seat];
            // Those that fire on an order: not reloaded on this card.
            let reloaded = (0..side.count as usize)
                .filter(|&i| self.units[seat][i].reloaded == self.kard)
                .fold(0u16, |m, i| m | 1 << i);
            let may_fire = ready & !reloaded;
            // Brigades whose fire order has been decided, and those ordered
            // to fire (rule `fire_orders`).
            let (mut decided, mut ordered) = (0u16, 0u16);
            while ready != 0 {
                let i = ready.trailing_zeros() as usize;
                ready &= ready - 1;
                let regiment = &side.regiments[i];
                if self.units[seat][i].reloaded == self.kard {
                    continue;
                }
                let target = self.aims[seat][i] as usize;
                let distance = (self.units[seat.other()][target].x - self.units[seat][i].x).abs();
                if decided >> i & 1 == 0 {
                    // A player orders its own regiments only.
                    let order = if rules.brigade_fire {
                        side.brigades[i] & side.owned[regiment.player as usize]
                    } else {
                        1 << i
                    };
                    decided |= order;
                    let q = regiment.player as usize;
                    let player = &mut self.players[seat][q];
                    if player.ip < rules.fire_cost
                        || !setup.strategies[seat].fire(
                            &At {
                                loaded: &loaded_before,
                                ..at!(self, setup, seat, q, order & may_fire, Some(target as u8))
                            },
                            player.ip,
                            rules.fire_cost,
                            &mut self.seats[seat][q],
                        )
                    {
                        continue;
                    }
                    ordered |= order;
                    player.ip -= rules.fire_cost;
                    self.decq.spent[seat][Spend::Fire as usize] += rules.fire_cost;
                    self.decq.ip_spent[seat] += rules.fire_cost;
                } else if ordered >> i & 1 == 0 {
                    continue;
                }
                let engaged = distance <= setup.scenario.ranges.engagement;
                let kind = match (regiment.arm, engaged) {
                    (Arm::Artillery, true) => FireKind::Artillery,
                    (Arm::Artillery, false) => FireKind::Bombardment,
                    _ => FireKind::Musketry,
                };
                self.decq.volleys[seat][kind as usize] += 1;
                tally.volleys[seat] += 1;
                let r = regiment.rating;
                let step = r.step
                    + self.tier_step(rules, seat, i, regiment)
                    + regiment.fire_step
                    + if regiment.urban {
                        rules.urban_fire_step
                    } else {
                        0
                    }
                    + if self.volley_up[seat] >> i & 1 != 0 {
                        rules.crushing_volley_step
                    } else {
                        0
                    };
                let special = regiment.eight_guns && rules.eight_gun_die;
                let value = volley(
                    &mut self.dice,
                    r.sides,
                    r.dice,
                    step,
                    rules.beyond_four,
                    special,
                );
                stats.record_volley_cast(volley_key(r.sides, r.dice, step, special), value);
                self.set_loaded(seat, i, false);
                self.volleys[n] = Volley {
                    seat,
                    firer: i as u8,
                    target: target as u8,
                    value: value.min(255) as u8,
                    engaged,
                };
                n += 1;
            }
        }
        if n != 0 {
            self.land(setup, n, stats, tally);
        }
    }

    /// The KARD's `n` volleys land together: Elan taken, engagements begun,
    /// regiments broken withdraw and must rally as defeated.
    #[inline(never)]
    fn land<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        n: usize,
        stats: &mut Stats,
        tally: &mut GameTally,
    ) {
        // The Elan fire takes may let an assault held back go in.
        for seat in Seat::BOTH {
            self.versions[seat] = self.versions[seat].wrapping_add(1);
        }
        let mut broken: BySeat<u16> = BySeat::default();
        let mut broken_by: [[Option<i32>; MAX_UNITS]; 2] = [[None; MAX_UNITS]; 2];
        for k in 0..n {
            let v = self.volleys[k];
            let enemy = v.seat.other();
            let (i, j) = (v.firer as usize, v.target as usize);
            if v.engaged {
                self.begin_engagement(v.seat, i, j, stats);
            }
            let unit = &mut self.units[enemy][j];
            let removed = (v.value).min(unit.elan);
            unit.elan -= removed;
            stats.record_volley_elan(v.seat, removed as u32);
            let artillery = setup.scenario.sides[v.seat].regiments[i].arm == Arm::Artillery;
            tally.elan_lost[enemy][artillery as usize] += removed as u32;
            if removed > 0 && unit.elan == 0 {
                broken[enemy] |= 1 << j;
            }
            // Any volley at Engagement range makes a broken regiment
            // withdraw, from the most advanced such firer (places read
            // before anyone withdraws).
            if v.engaged {
                let x = self.units[v.seat][i].x;
                let from = &mut broken_by[enemy.index()][j];
                if from.is_none_or(|f| facing(v.seat) * (x - f) > 0) {
                    *from = Some(x);
                }
            }
        }
        // Two engaged regiments broken by each other on one KARD.
        let mut rest = broken[Seat::A];
        while rest != 0 {
            let a = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mut both = self.engaged[a] & broken[Seat::B];
            while both != 0 {
                let b = both.trailing_zeros() as usize;
                both &= both - 1;
                self.end_engagement(setup, Seat::A, a, b, EngagementEnd::BothWithdrew, stats);
            }
        }
        for seat in Seat::BOTH {
            let mut rest = broken[seat];
            while rest != 0 {
                let j = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if let Some(from) = broken_by[seat.index()][j] {
                    self.withdraw(setup, seat, 1 << j, from);
                }
                let end = match seat {
                    Seat::A => EngagementEnd::AWithdrew,
                    Seat::B => EngagementEnd::BWithdrew,
                };
                self.end_engagements_of(setup, seat, j, end, stats);
                let by_cavalry = matches!(
                    self.units[seat][j].status,
                    Status::Shaken {
                        by_cavalry: true,
                        ..
                    }
                );
                self.set_status(
                    setup,
                    seat,
                    j,
                    Status::Shaken {
                        defeated: true,
                        by_cavalry,
                    },
                );
            }
        }
    }

    /// `units` of `seat` withdraw to 1" outside Engagement range of `from`,
    /// the place of the enemy they withdraw from.
    fn withdraw<D: Decide>(&mut self, setup: &Setup<'_, D>, seat: Seat, units: u16, from: i32) {
        let out = setup.scenario.ranges.engagement + 1;
        let mut rest = units;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let unit = &mut self.units[seat][i];
            // Back, never forward: one already farther stays.
            let to = from - facing(seat) * out;
            if facing(seat) * (to - unit.x) < 0 {
                unit.x = to;
            }
        }
        self.moved();
    }

    /// The nearest enemy regiment still in the game to regiment `i`, or its
    /// target when it has one.
    fn objective<D: Decide>(&self, setup: &Setup<'_, D>, seat: Seat, i: usize) -> Option<usize> {
        let regiment = &setup.scenario.sides[seat].regiments[i];
        let enemy = seat.other();
        if regiment.has_target
            && self.units[enemy][regiment.target as usize].status != Status::Removed
        {
            return Some(regiment.target as usize);
        }
        let x = self.units[seat][i].x;
        (0..setup.scenario.sides[enemy].count as usize)
            .filter(|&j| self.units[enemy][j].status != Status::Removed)
            .min_by_key(|&j| ((self.units[enemy][j].x - x).abs(), j))
    }

    /// A completed Move order: "to move to within Engagement range of an
    /// enemy formation", its target's (else the nearest enemy's), stopping
    /// sooner at Engagement range of any enemy on the way (note 19: "to
    /// the next objective you encounter, whichever comes first"); a
    /// regiment already that close stays.
    fn close_in<D: Decide>(&mut self, setup: &Setup<'_, D>, seat: Seat, i: usize) {
        let Some(j) = self.objective(setup, seat, i) else {
            return;
        };
        let enemy = seat.other();
        let f = facing(seat);
        let range = setup.scenario.ranges.engagement;
        let x = self.units[seat][i].x;
        let goal = f * (self.units[enemy][j].x - x) - range;
        let first = (0..setup.scenario.sides[enemy].count as usize)
            .filter(|&k| self.units[enemy][k].status != Status::Removed)
            .map(|k| f * (self.units[enemy][k].x - x))
            .filter(|&ahead| ahead >= 0)
            .map(|ahead| ahead - range)
            .min()
            .unwrap_or(goal);
        let advance = goal.min(first);
        if advance > 0 {
            self.units[seat][i].x = x + f * advance;
            self.moved();
        }
    }

    /// A completed Maneuver order: `maneuver_inches` back, or forward but
    /// never closer than Engagement range to the nearest enemy ("you can
    /// not Maneuver into an Assault. You can Maneuver into Engagement").
    fn maneuver<D: Decide>(&mut self, setup: &Setup<'_, D>, seat: Seat, i: usize) {
        let inches = setup.rules.maneuver_inches;
        let f = facing(seat);
        let back = setup.scenario.sides[seat].regiments[i].maneuver_back;
        let x = self.units[seat][i].x;
        let to = if back {
            x - f * inches
        } else {
            let enemy = seat.other();
            // Enemies ahead (or level): never closer than Engagement range
            // to the nearest, and never back for a forward maneuver.
            let room = (0..setup.scenario.sides[enemy].count as usize)
                .filter(|&j| self.units[enemy][j].status != Status::Removed)
                .map(|j| f * (self.units[enemy][j].x - x))
                .filter(|&ahead| ahead >= 0)
                .map(|ahead| (ahead - setup.scenario.ranges.engagement).max(0))
                .min()
                .unwrap_or(inches);
            x + f * inches.min(room)
        };
        if to != x {
            self.units[seat][i].x = to;
            self.moved();
        }
    }

    /// An assault whose target may not resist: the objective is taken
    /// unopposed and the target withdraws out of Engagement range.
    fn take_objective<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        t: usize,
        stats: &mut Stats,
    ) {
        let enemy = seat.other();
        let x = self.units[enemy][t].x;
        self.units[seat][i].x = x;
        self.end_engagement(setup, seat, i, t, EngagementEnd::Assault, stats);
        if self.units[enemy][t].status != Status::Removed {
            self.withdraw(setup, enemy, 1 << t, x);
        }
        self.moved();
        self.set_status(setup, seat, i, Status::Idle);
    }

    fn begin_engagement(&mut self, seat: Seat, i: usize, j: usize, stats: &mut Stats) {
        let (a, b) = match seat {
            Seat::A => (i, j),
            Seat::B => (j, i),
        };
        if self.engaged[a] >> b & 1 == 0 {
            self.engaged[a] |= 1 << b;
            self.engaged_since[a][b] = self.kard;
            stats.engagements_begun += 1;
        }
    }

    /// Ends the engagement of `i` of `seat` with enemy `j`, if any: both
    /// "are considered to be unloaded at the end of the Engagement".
    fn end_engagement<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        j: usize,
        end: EngagementEnd,
        stats: &mut Stats,
    ) {
        let (a, b) = match seat {
            Seat::A => (i, j),
            Seat::B => (j, i),
        };
        if self.engaged[a] >> b & 1 == 0 {
            return;
        }
        self.engaged[a] &= !(1 << b);
        self.set_loaded(Seat::A, a, false);
        self.set_loaded(Seat::B, b, false);
        let kards = self.kard - self.engaged_since[a][b] + 1;
        stats.record_engagement(
            &setup.scenario.sides[Seat::A].regiments[a],
            &setup.scenario.sides[Seat::B].regiments[b],
            end,
            kards,
        );
    }

    fn end_engagements_of<D: Decide>(
        &mut self,
        setup: &Setup<'_, D>,
        seat: Seat,
        i: usize,
        end: EngagementEnd,
        stats: &mut Stats,
    ) {
        let enemy = seat.other();
        for j in 0..setup.scenario.sides[enemy].count as usize {
            self.end_engagement(setup, seat, i, j, end, stats);
        }
    }

    /// At the KARD's end, engagements whose regiments are out of
    /// Engagement range, or one of which is out of the fight (shaken,
    /// removed, fighting an assault), are broken off.
    fn sweep_engagements<D: Decide>(&mut self, setup: &Setup<'_, D>, stats: &mut Stats) {
        if self.engaged == [0; MAX_UNITS] {
            return;
        }
        let range = setup.scenario.ranges.engagement;
        for a in 0..setup.scenario.sides[Seat::A].count as usize {
            let mut rest = self.engaged[a];
            while rest != 0 {
                let b = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let (x, y) = (&self.units[Seat::A][a], &self.units[Seat::B][b]);
                let fighting =
                    |u: &Unit| matches!(u.status, Status::Idle | Status::Ordered | Status::Closing);
                if (x.x - y.x).abs() > range || !fighting(x) || !fighting(y) {
                    self.end_engagement(setup, Seat::A, a, b, EngagementEnd::BrokenOff, stats);
                }
            }
        }
    }

    fn perform(&mut self, rating: Rating, heroic: i32, rules: &Rules) -> u32 {
        cast(
            &mut self.dice,
            rating.sides,
            rating.dice,
            rating.step + heroic,
            rules.beyond_four,
        )
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

/// Player `p` of `seat`'s strategy stream: a side's commander keeps the
/// seat's stream; subordinates have streams of their own.
pub fn player_stream(seat: Seat, p: usize) -> Stream {
    if p == 0 {
        Stream::seat(seat.index())
    } else {
        Stream(64 + 8 * seat.index() as u64 + p as u64)
    }
}

pub fn three_d6(rng: &mut GameRng) -> u32 {
    (0..3).map(|_| rng.random_range(1..=6u32)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::piquet::strategy::Style;

    /// A game of `text` (heuristic players casting below `recast_below`)
    /// with side a's regiments `idle` waiting for orders, handed to `check`.
    fn on_side_a(
        text: &str,
        recast_below: u32,
        idle: &[usize],
        check: impl FnOnce(&Setup, &mut Game),
    ) {
        with_rules(text, Rules::default(), recast_below, idle, check);
    }

    /// `on_side_a` under `rules`.
    fn with_rules(
        text: &str,
        rules: Rules,
        recast_below: u32,
        idle: &[usize],
        check: impl FnOnce(&Setup, &mut Game),
    ) {
        let scenario = Scenario::from_table(&toml::from_str(text).unwrap()).unwrap();
        let heuristic = PiquetStrategy {
            style: Style::Heuristic,
            reserve: 2,
            recast_below,
            fire_reserve: 0,
            assault_at_elan: 60,
            search: None,
        };
        let strategies = BySeat([heuristic; 2]);
        let setup = Setup {
            rules: &rules,
            scenario: &scenario,
            strategies: &strategies,
        };
        let mut game = Game::new();
        game.reset(&setup, 1, 0);
        for &i in idle {
            game.set_status(&setup, Seat::A, i, Status::Idle);
        }
        check(&setup, &mut game);
    }

    #[test]
    fn going_around_a_subordinate_costs_one_ip_an_officer_check() {
        // Note 9: the army commander ordering the corps commander's second
        // division, "three as counted above and one more for the army
        // commander bypassing the corps commander player": one brigade of
        // two advancing (1), then one regiment advancing and one deploying
        // (1 each), and 1 to go around the corps commander: 4 IP.
        let regiment = |name: &str, brigade: u32, order: &str| {
            format!(
                "[[a.regiments]]\nname = \"{name}\"\nrating = \"line,reliable\"\nplayer = \"Corps\"\n\
                 division = 2\nbrigade = {brigade}\norders = [\"{order}\"]\n"
            )
        };
        let text = format!(
            "decqs = 1\n[chips]\nmove = 8\nmaneuver = 4\ndeploy = 3\nassault = 6\n\
             [army_deck]\nofficer_check = 14\ncrushing_volley = 14\n\
             [a]\ncommander = \"good\"\n[[a.subordinates]]\nname = \"Corps\"\ncommander = \"average\"\n\
             {}{}{}{}[b]\ncommander = \"average\"\n[[b.regiments]]\nname = \"Enemy\"\n\
             rating = \"line,reliable\"\norders = [\"maneuver\"]\n",
            regiment("R1", 1, "move"),
            regiment("R2", 1, "move"),
            regiment("R3", 2, "move"),
            regiment("R4", 2, "deploy"),
        );
        on_side_a(&text, 8, &[0, 1, 2, 3], |setup, game| {
            game.players[Seat::A][0].ip = 18;
            let (mut stats, mut tally) = (Stats::default(), GameTally::default());
            game.officer_check(setup, Seat::A, 0, &mut stats, &mut tally);
            assert_eq!(stats.sides[Seat::A].orders_issued.iter().sum::<u64>(), 4);
            assert_eq!(game.decq.orders[Seat::A], 3, "three orders");
            assert_eq!(
                game.players[Seat::A][0].ip,
                18 - 4,
                "three orders and one bypass"
            );
        });
    }

    #[test]
    fn the_heuristic_does_not_choose_orders_it_cannot_pay_for() {
        // Guard has the figure; Line, of its brigade, costs 4 IP to order.
        // With 3 IP and only Line waiting, an Officer Check that chose
        // Orders would do nothing: the heuristic casts instead.
        let text = "decqs = 1\n[chips]\nmove = 8\nmaneuver = 4\ndeploy = 3\nassault = 6\n\
             [army_deck]\nofficer_check = 14\ncrushing_volley = 14\n\
             [a]\ncommander = \"average\"\n\
             [[a.regiments]]\nname = \"Guard\"\nrating = \"line,reliable\"\nfigure = \"average\"\norders = [\"deploy\"]\n\
             [[a.regiments]]\nname = \"Line\"\nrating = \"line,reliable\"\norders = [\"move\"]\n\
             [b]\ncommander = \"average\"\n[[b.regiments]]\nname = \"Enemy\"\n\
             rating = \"line,reliable\"\norders = [\"maneuver\"]\n";
        on_side_a(text, 0, &[1], |setup, game| {
            game.players[Seat::A][0].ip = 3;
            let (mut stats, mut tally) = (Stats::default(), GameTally::default());
            game.officer_check(setup, Seat::A, 0, &mut stats, &mut tally);
            let actions = stats.sides[Seat::A].officer_actions;
            assert_eq!(actions[OfficerAction::Orders as usize], 0, "{actions:?}");
            assert_eq!(actions[OfficerAction::Cast as usize], 1, "{actions:?}");
            // With 4 IP it orders Line, for all 4.
            game.players[Seat::A][0].ip = 4;
            game.officer_check(setup, Seat::A, 0, &mut stats, &mut tally);
            assert_eq!(
                stats.sides[Seat::A].officer_actions[OfficerAction::Orders as usize],
                1
            );
            assert_eq!(game.players[Seat::A][0].ip, 0);
        });
    }

    /// Side a's line against side b's at `distance` inches, both loaded.
    const FIREFIGHT: &str = "decqs = 1\ndistance = 3\n[chips]\nmove = 8\nmaneuver = 4\ndeploy = 3\nassault = 6\n\
         [army_deck]\nofficer_check = 14\nmusket_reload = 14\n\
         [a]\ncommander = \"good\"\n\
         [[a.regiments]]\nname = \"Line\"\nrating = \"line,reliable\"\norders = [\"move\", \"maneuver\"]\ntarget = \"Enemy\"\n\
         [b]\ncommander = \"good\"\n[[b.regiments]]\nname = \"Enemy\"\n\
         rating = \"line,reliable\"\norders = [\"deploy\"]\n";

    #[test]
    fn a_regiment_does_not_fire_on_the_card_it_reloaded_on() {
        on_side_a(FIREFIGHT, 0, &[], |setup, game| {
            let (mut stats, mut tally) = (Stats::default(), GameTally::default());
            game.players[Seat::A][0].ip = 10;
            game.players[Seat::B][0].ip = 0;
            game.set_loaded(Seat::A, 0, false);
            game.kard = 1;
            game.use_card(
                setup,
                Seat::A,
                0,
                Kind::MusketReload,
                false,
                &mut stats,
                &mut tally,
            );
            assert!(game.is_loaded(Seat::A, 0), "reloaded for 1 IP");
            assert_eq!(game.players[Seat::A][0].ip, 9);
            game.fire(setup, Seat::A, &mut stats, &mut tally);
            assert_eq!(tally.volleys[Seat::A], 0, "not on the reload card");
            game.kard = 2;
            game.fire(setup, Seat::A, &mut stats, &mut tally);
            assert_eq!(tally.volleys[Seat::A], 1, "on the next card");
            assert!(!game.is_loaded(Seat::A, 0));
            assert_eq!(game.players[Seat::A][0].ip, 8, "fire_cost 1");
            // Unloaded, it cannot fire again until it reloads.
            game.kard = 3;
            game.fire(setup, Seat::A, &mut stats, &mut tally);
            assert_eq!(tally.volleys[Seat::A], 1);
        });
    }

    /// Two regiments of one brigade of side a against side b's, at 3".
    const BRIGADE_FIRE: &str =
        "decqs = 1\ndistance = 3\n[chips]\nmove = 8\nmaneuver = 4\ndeploy = 3\nassault = 6\n\
         [army_deck]\nofficer_check = 14\nmusket_reload = 14\n\
         [a]\ncommander = \"good\"\n\
         [[a.regiments]]\nname = \"First\"\nrating = \"line,reliable\"\norders = [\"deploy\"]\n\
         [[a.regiments]]\nname = \"Second\"\nrating = \"line,reliable\"\norders = [\"deploy\"]\n\
         [b]\ncommander = \"good\"\n[[b.regiments]]\nname = \"Enemy\"\n\
         rating = \"line,reliable\"\nelan = 60\norders = [\"deploy\"]\n";

    /// Side a's volleys and IP spent on one KARD of fire from `BRIGADE_FIRE`
    /// under `rules`, after `before` (given the game and its setup).
    fn brigade_volley(rules: Rules, before: impl FnOnce(&Setup, &mut Game)) -> (u32, u32) {
        let mut out = (0, 0);
        with_rules(BRIGADE_FIRE, rules, 0, &[], |setup, game| {
            let (mut stats, mut tally) = (Stats::default(), GameTally::default());
            game.players[Seat::A][0].ip = 10;
            game.players[Seat::B][0].ip = 0;
            game.kard = 1;
            before(setup, game);
            game.fire(setup, Seat::A, &mut stats, &mut tally);
            out = (tally.volleys[Seat::A], 10 - game.players[Seat::A][0].ip);
        });
        out
    }

    #[test]
    fn one_fire_order_covers_a_brigade_or_a_regiment() {
        // "An order can be issued to a regiment, a brigade, or a division
        // for the expense of 1 IP": both regiments fire for 1 IP.
        assert_eq!(brigade_volley(Rules::default(), |_, _| {}), (2, 1));
        let regiment = Rules {
            brigade_fire: false,
            ..Rules::default()
        };
        assert_eq!(brigade_volley(regiment, |_, _| {}), (2, 2));
    }

    #[test]
    fn a_fire_order_covers_only_its_own_players_regiments() {
        // One brigade (the default), two players: each pays its own order.
        let text = BRIGADE_FIRE.replace(
            "[[a.regiments]]\nname = \"Second\"",
            "[[a.subordinates]]\nname = \"Corps\"\ncommander = \"average\"\n\
             [[a.regiments]]\nname = \"Second\"\nplayer = \"Corps\"",
        );
        with_rules(&text, Rules::default(), 0, &[], |setup, game| {
            let (mut stats, mut tally) = (Stats::default(), GameTally::default());
            game.players[Seat::A][0].ip = 10;
            game.players[Seat::A][1].ip = 10;
            game.players[Seat::B][0].ip = 0;
            game.kard = 1;
            game.fire(setup, Seat::A, &mut stats, &mut tally);
            assert_eq!(tally.volleys[Seat::A], 2);
            assert_eq!(game.players[Seat::A][0].ip, 9, "the commander's order");
            assert_eq!(game.players[Seat::A][1].ip, 9, "the subordinate's");
        });
    }

    #[test]
    fn a_reload_card_holds_the_fire_of_the_reloaded_or_of_the_whole_command() {
        // Second unloaded, First loaded: a Musket Reload card reloads
        // Second for 1 IP; First fires (1 IP) unless the whole command holds.
        let reload_second = |setup: &Setup, game: &mut Game| {
            game.set_loaded(Seat::A, 1, false);
            let (mut stats, mut tally) = (Stats::default(), GameTally::default());
            let card = Kind::MusketReload;
            game.use_card(setup, Seat::A, 0, card, false, &mut stats, &mut tally);
            assert!(game.is_loaded(Seat::A, 1));
        };
        assert_eq!(brigade_volley(Rules::default(), reload_second), (1, 2));
        let player = Rules {
            reload_holds_player: true,
            ..Rules::default()
        };
        assert_eq!(brigade_volley(player, reload_second), (0, 1));
    }

    #[test]
    fn an_unrallied_regiment_reloads_only_under_shaken_reload() {
        for (shaken_reload, loaded) in [(true, true), (false, false)] {
            let rules = Rules {
                shaken_reload,
                ..Rules::default()
            };
            with_rules(BRIGADE_FIRE, rules, 0, &[], |setup, game| {
                let (mut stats, mut tally) = (Stats::default(), GameTally::default());
                game.players[Seat::A][0].ip = 10;
                let shaken = Status::Shaken {
                    defeated: true,
                    by_cavalry: false,
                };
                game.set_status(setup, Seat::A, 0, shaken);
                game.set_loaded(Seat::A, 0, false);
                let card = Kind::MusketReload;
                game.use_card(setup, Seat::A, 0, card, false, &mut stats, &mut tally);
                assert_eq!(game.is_loaded(Seat::A, 0), loaded, "{shaken_reload}");
                // Unrallied, it does not fire either way.
                game.kard = 1;
                game.fire(setup, Seat::A, &mut stats, &mut tally);
                assert_eq!(tally.volleys[Seat::A], 1, "only Second fires");
            });
        }
    }

    #[test]
    fn an_unrallied_regiment_is_fired_at_again_once_it_rallies_where_it_stands() {
        // Unrallied regiments "may not resist ... Engagement": at 3" the
        // shaken enemy is not fired at. Rallied without anyone moving, it
        // is, on the next fire.
        on_side_a(FIREFIGHT, 0, &[], |setup, game| {
            let (mut stats, mut tally) = (Stats::default(), GameTally::default());
            game.players[Seat::A][0].ip = 10;
            game.players[Seat::B][0].ip = 0;
            let shaken = Status::Shaken {
                defeated: false,
                by_cavalry: false,
            };
            game.set_status(setup, Seat::B, 0, shaken);
            game.kard = 1;
            game.fire(setup, Seat::A, &mut stats, &mut tally);
            assert_eq!(tally.volleys[Seat::A], 0, "not at an unrallied regiment");
            game.set_status(setup, Seat::B, 0, Status::Idle);
            game.kard = 2;
            game.fire(setup, Seat::A, &mut stats, &mut tally);
            assert_eq!(tally.volleys[Seat::A], 1, "rallied, it is in range");
        });
    }

    #[test]
    fn a_regiment_fire_takes_to_zero_withdraws_and_rallies_as_defeated() {
        on_side_a(FIREFIGHT, 0, &[], |setup, game| {
            let (mut stats, mut tally) = (Stats::default(), GameTally::default());
            game.players[Seat::A][0].ip = 10;
            game.players[Seat::B][0].ip = 0;
            game.units[Seat::B][0].elan = 1;
            game.kard = 1;
            game.fire(setup, Seat::A, &mut stats, &mut tally);
            assert_eq!(tally.volleys[Seat::A], 1);
            let enemy = game.units[Seat::B][0];
            assert_eq!(enemy.elan, 0);
            assert_eq!(
                enemy.status,
                Status::Shaken {
                    defeated: true,
                    by_cavalry: false
                }
            );
            // "withdraw to 1" outside of the Engagement range".
            assert_eq!(enemy.x - game.units[Seat::A][0].x, 4);
            assert_eq!(stats.engagement_ends[EngagementEnd::BWithdrew as usize], 1);
            assert!(!game.is_loaded(Seat::B, 0) && !game.is_loaded(Seat::A, 0));
            // Out of range and without Elan, it is fired at no more.
            game.set_loaded(Seat::A, 0, true);
            game.kard = 2;
            game.fire(setup, Seat::A, &mut stats, &mut tally);
            assert_eq!(tally.volleys[Seat::A], 1);
        });
    }

    #[test]
    fn moves_close_to_engagement_range_and_maneuvers_stop_there() {
        let text = FIREFIGHT.replace("distance = 3", "distance = 20");
        on_side_a(&text, 0, &[], |setup, game| {
            assert_eq!(game.units[Seat::B][0].x, 20);
            game.close_in(setup, Seat::A, 0);
            assert_eq!(game.units[Seat::A][0].x, 17, "3\" from its target");
            // Forward 4" from 17 would pass Engagement range: it stops at it.
            game.maneuver(setup, Seat::A, 0);
            assert_eq!(game.units[Seat::A][0].x, 17);
            game.units[Seat::A][0].x = 5;
            game.maneuver(setup, Seat::A, 0);
            assert_eq!(game.units[Seat::A][0].x, 9);
            // Side b faces down the axis.
            game.units[Seat::A][0].x = 9;
            game.close_in(setup, Seat::B, 0);
            assert_eq!(game.units[Seat::B][0].x, 12);
        });
    }

    #[test]
    fn stamina_tiers_step_every_cast() {
        on_side_a(FIREFIGHT, 0, &[], |setup, game| {
            let regiment = setup.scenario.sides[Seat::A].regiments[0];
            assert_eq!(regiment.stamina, [2, 2, 2]);
            // The proposals for the lost modifiers (the defaults are 0).
            let rules = Rules {
                tier_steps: [0, -1, -2],
                ..Rules::default()
            };
            assert_eq!(Rules::default().tier_steps, [0, 0, 0]);
            let step = |game: &mut Game, left: u8| {
                game.units[Seat::A][0].boxes_left = left;
                game.tier_step(&rules, Seat::A, 0, &regiment)
            };
            // Fresh while any top box is open: 6 or 5 left.
            assert_eq!(step(game, 6), 0);
            assert_eq!(step(game, 5), 0);
            assert_eq!(step(game, 4), -1, "Fatigued");
            assert_eq!(step(game, 3), -1);
            assert_eq!(step(game, 2), -2, "Exhausted");
            assert_eq!(step(game, 1), -2);
        });
    }

    #[test]
    fn the_multi_unit_rule_keeps_the_middle() {
        assert_eq!(multi_unit(&mut [5]), 5);
        // Two: the higher of the two.
        assert_eq!(multi_unit(&mut [2, 7]), 7);
        // Three: drop high and low.
        assert_eq!(multi_unit(&mut [9, 1, 4]), 4);
        // Four: drop 1 and 9, the higher of 3 and 6.
        assert_eq!(multi_unit(&mut [6, 9, 1, 3]), 6);
        assert_eq!(multi_unit(&mut [1, 2, 3, 4, 5]), 3);
    }
}
