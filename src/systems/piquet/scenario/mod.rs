//! Piquet scenarios as data: for each side its players (the commander and
//! any subordinates, each with a quality and perhaps an attached figure),
//! its Army Deck, its regiments (rating, arm, Elan, stamina boxes, brigade,
//! commanding player, the orders they will be given, an assault's target,
//! an attached subordinate figure, its place on the field's one axis and
//! what bears on its fire); for the game its length in DECQs, the movement
//! chips each order starts with and the ranges of fire (the text's
//! movement-chip and range tables were lost in the scan).

use super::cards::{Card, Kind, KindCounts, BASIC, DECK, KINDS};
use super::dice::Rating;
use crate::engine::{BySeat, Seat};
use crate::error::Result;
use crate::scenario_fields::{bad, int, text};

mod deploy;
mod frontage;
mod obstacles;
mod regiment;
mod side;
mod terrain;

pub use obstacles::{Obstacle, ObstacleKind, Obstacles, MAX_OBSTACLES};
pub use terrain::{Objective, Terrain, Terrains, MAX_OBJECTIVES};

/// Regiments a side: a side's units are one fixed array and sets of them
/// are 16-bit masks.
pub const MAX_UNITS: usize = 12;
/// Orders in a regiment's plan (repeated once done).
pub const MAX_PLAN: usize = 4;
/// Players a side: its commander and up to three subordinates.
pub const MAX_PLAYERS: usize = 4;

/// A commander's quality, which sets the cards the hand holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quality {
    Miserable = 1,
    Poor,
    Average,
    Good,
    Superior,
}

impl Quality {
    pub const NAMES: [&'static str; 5] = ["miserable", "poor", "average", "good", "superior"];

    /// "Superior 5 cards, Good 4 cards, Average 3 cards, Poor 2 cards, and
    /// Miserable 1 card."
    pub const fn hand_size(self) -> usize {
        self as usize
    }

    pub fn parse(text: &str) -> Option<Quality> {
        use Quality::*;
        Quality::NAMES
            .iter()
            .position(|&n| n == text)
            .map(|i| [Miserable, Poor, Average, Good, Superior][i])
    }

    pub const fn name(self) -> &'static str {
        Quality::NAMES[self as usize - 1]
    }
}

/// The orders the text lists: Melee Resolution (an assault), Move,
/// Maneuver, Deploy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderKind {
    Move = 0,
    Maneuver,
    Deploy,
    Assault,
}

pub const ORDER_KINDS: usize = 4;

/// Formed, at the frontage it has.
const FORMED: Deploy = Deploy {
    into: Deployment::Formed,
    frontage: 0,
};

impl OrderKind {
    pub const ALL: [OrderKind; ORDER_KINDS] = [
        OrderKind::Move,
        OrderKind::Maneuver,
        OrderKind::Deploy,
        OrderKind::Assault,
    ];
    pub const NAMES: [&'static str; ORDER_KINDS] = ["move", "maneuver", "deploy", "assault"];

    pub const fn name(self) -> &'static str {
        OrderKind::NAMES[self as usize]
    }

    pub fn parse(text: &str) -> Option<OrderKind> {
        OrderKind::NAMES
            .iter()
            .position(|&n| n == text)
            .map(|i| OrderKind::ALL[i])
    }

    /// The card that executes this order for a unit of `arm`: a Move order
    /// waits for Infantry Move in Open, Cavalry in Open or, for artillery,
    /// Artillery Move (note 12; that card's definition was lost in the scan,
    /// its name is read literally).
    pub const fn card(self, arm: Arm) -> Kind {
        match (self, arm) {
            (OrderKind::Move, Arm::Infantry) => Kind::InfantryMoveInOpen,
            (OrderKind::Move, Arm::Cavalry) => Kind::CavalryInOpen,
            (OrderKind::Move, Arm::Artillery) => Kind::ArtilleryMove,
            (OrderKind::Maneuver, _) => Kind::Maneuver,
            (OrderKind::Deploy, _) => Kind::Deployment,
            (OrderKind::Assault, _) => Kind::MeleeResolution,
        }
    }
}

/// A regiment's frontage limits, in tenths of an inch (worked out in
/// `frontage.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub min: i32,
    pub max: i32,
}

/// Where a Maneuver order takes a regiment: "forward, back, to either
/// flank" (each flank as the regiment faces).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Maneuver {
    Forward,
    Back,
    Left,
    Right,
}

impl Maneuver {
    pub const NAMES: [&'static str; 4] = ["forward", "back", "left", "right"];
    pub const ALL: [Maneuver; 4] = [
        Maneuver::Forward,
        Maneuver::Back,
        Maneuver::Left,
        Maneuver::Right,
    ];

    pub const fn name(self) -> &'static str {
        Maneuver::NAMES[self as usize]
    }

    pub fn parse(text: &str) -> Option<Maneuver> {
        use Maneuver::*;
        Maneuver::NAMES
            .iter()
            .position(|&n| n == text)
            .map(|i| [Forward, Back, Left, Right][i])
    }
}

/// How a regiment stands (`deploy.rs`): formed at a frontage between
/// its limits, Prepared to Receive Cavalry (infantry), or in skirmish
/// order (the optional Skirmish Engagement).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Deployment {
    #[default]
    Formed,
    Prepared,
    Skirmish,
}

/// What a Deploy order changes a regiment to: a deployment and its
/// frontage in tenths (0: the frontage it has, kept).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deploy {
    pub into: Deployment,
    pub frontage: i32,
}

/// The deployments a Deploy order may take a regiment to, as a scenario's
/// `deploy_to` and a player choosing one name them (one bit each in a
/// mask, in `DeployTo`'s order).
pub const DEPLOY_TO: [&str; 5] = ["max", "min", "formed", "prepared", "skirmish"];

/// A deployment by name (`DEPLOY_TO`): formed at the widest or narrowest
/// frontage or at the scenario's, Prepared to Receive Cavalry, skirmish
/// order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeployTo {
    Max,
    Min,
    Formed,
    Prepared,
    Skirmish,
}

impl DeployTo {
    pub const ALL: [DeployTo; 5] = [
        DeployTo::Max,
        DeployTo::Min,
        DeployTo::Formed,
        DeployTo::Prepared,
        DeployTo::Skirmish,
    ];

    pub const fn name(self) -> &'static str {
        DEPLOY_TO[self as usize]
    }

    pub fn parse(text: &str) -> Option<DeployTo> {
        DEPLOY_TO
            .iter()
            .position(|&n| n == text)
            .map(|k| DeployTo::ALL[k])
    }
}

/// Where a `prepared` Deploy (frontage 0: kept) from `from` at `width`
/// leaves a regiment formed at `formed`: out of skirmish order it takes
/// its formed frontage first; else it keeps the one it has.
pub fn frontage_after(to: Deploy, from: Deployment, width: i32, formed: i32) -> i32 {
    match (to.frontage, from) {
        (0, Deployment::Skirmish) => formed,
        (0, _) => width,
        (frontage, _) => frontage,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arm {
    Infantry,
    Cavalry,
    Artillery,
}

impl Arm {
    /// Infantry and artillery fire; cavalry only in skirmish order
    /// ("skirmishing cavalry", Fire).
    pub const fn fires(self) -> bool {
        !matches!(self, Arm::Cavalry)
    }
}

/// The ranges of fire, in inches: the text's range table was lost in the
/// scan. Engagement is 3" ("withdraw to 3" from the objective (Engagement
/// range)"); Bombardment, for medium heavy and heavy artillery, 12" (note
/// 16: "900 yards ... heavy artillery is equally as effective at 8" as at
/// 12"", at 75 yards to the inch).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ranges {
    pub engagement: i32,
    pub bombardment: i32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Regiment {
    pub rating: Rating,
    pub arm: Arm,
    /// Battle cavalry may break through.
    pub battle_cavalry: bool,
    pub elan: u8,
    /// Stamina boxes of the Fresh, Fatigued and Exhausted tiers.
    pub stamina: [u8; 3],
    pub brigade: u8,
    /// The division its brigade belongs to (0: none named, the brigade
    /// stands alone).
    pub division: u8,
    pub plan: [OrderKind; MAX_PLAN],
    pub plan_len: u8,
    /// Its orders are chosen by its player on each Officer Check (`orders =
    /// "chosen"`, its own or its side's), not taken from a plan.
    pub chosen: bool,
    /// The enemy regiment its assaults go in against, and its fire when in
    /// range.
    pub target: u8,
    /// Whether the scenario named a target.
    pub has_target: bool,
    /// Chips an attached subordinate figure removes on each executing card
    /// (Poor 2, Average 3, Superior 4); 0 without one.
    pub figure: u8,
    /// The player commanding it (0: the side's commander).
    pub player: u8,
    /// Where it stands on the field's one axis, in inches: side a faces
    /// up the axis, side b down it.
    pub at: i32,
    /// Loaded at the start of the game.
    pub loaded: bool,
    /// An eight-gun artillery company: its fire casts one die of the next
    /// larger type beside its own.
    pub eight_guns: bool,
    /// Horse artillery (`horse = true`), the only artillery a cavalry
    /// regiment takes attached: "Cavalry in Open : Allows movement of a
    /// cavalry formation and attached horse artillery".
    pub horse: bool,
    /// In an urban block: its fire is down (note 17).
    pub urban: bool,
    /// Steps its fire is adjusted by, besides those the game works out (the
    /// fire modifiers of the lost table, as scenario data).
    pub fire_step: i32,
    /// Where its Maneuver orders take it.
    pub maneuver: Maneuver,
    /// Where the centre of its frontage stands across the field, and the
    /// frontage, in tenths of an inch; the frontage's limits.
    pub y: i32,
    pub frontage: i32,
    pub frontage_limits: Limits,
    /// Light infantry or cavalry that may deploy in skirmish order
    /// (`skirmishers`); how it stands as the game opens (`deployment`,
    /// with the frontage that gives it); what its plan's Deploy orders
    /// change it to, in turn (`deploy_to`; none: a Deploy order keeps its
    /// deployment as it is).
    pub skirmishers: bool,
    pub deployment: Deploy,
    pub deploys: [Deploy; MAX_PLAN],
    pub deploys_len: u8,
    /// The cavalry regiment of its brigade it follows in the second line
    /// (`follows`), and the one following it: Cavalry Wave Assaults.
    pub lead: Option<u8>,
    pub second_line: Option<u8>,
    /// The regiment an artillery company is attached to (`attached_to`),
    /// with which it moves; and a regiment's attached companies, one bit
    /// each.
    pub attached_to: Option<u8>,
    pub attached: u16,
}

impl Regiment {
    /// Medium heavy and heavy artillery fire at Bombardment range.
    pub fn bombards(&self) -> bool {
        self.arm == Arm::Artillery && self.rating.sides >= 8
    }

    pub fn boxes(&self) -> u32 {
        self.stamina.iter().map(|&b| b as u32).sum()
    }

    /// The orders it will be given, in turn.
    pub fn plan(&self) -> &[OrderKind] {
        &self.plan[..self.plan_len as usize]
    }

    /// The orders its player may choose for it, one bit each: any, but
    /// an assault for artillery, which "does not assault".
    pub fn choices(&self) -> u8 {
        let all = OrderKind::ALL.iter().fold(0, |m, &o| m | 1 << o as u8);
        match self.arm {
            Arm::Artillery => all & !(1 << OrderKind::Assault as u8),
            _ => all,
        }
    }

    /// The card kinds its plan's orders wait for, one bit each; a chosen
    /// regiment's any order it may be given.
    pub fn plan_kinds(&self) -> u16 {
        let kinds = |orders: &mut dyn Iterator<Item = OrderKind>| {
            orders.fold(0, |m, order| m | 1 << order.card(self.arm) as u16)
        };
        match self.chosen {
            true => kinds(
                &mut OrderKind::ALL
                    .into_iter()
                    .filter(|&o| self.choices() >> o as u8 & 1 != 0),
            ),
            false => kinds(&mut self.plan[..self.plan_len as usize].iter().copied()),
        }
    }
}

/// One player of a side: the side's commander (the first) or a
/// subordinate commander under it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Commander {
    pub quality: Quality,
    /// The regiment the player's own figure is attached to.
    pub attached_to: Option<u8>,
    /// The player it answers to (`superior`, by default the side's
    /// commander); none for the side's commander.
    pub superior: Option<u8>,
    /// It holds no deck and acts on the card its superior turns
    /// (`shares_deck`: "all the division commanders for a specific corps
    /// will use the same card turned by their corps commander").
    pub shares_deck: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Side {
    pub players: [Commander; MAX_PLAYERS],
    pub player_count: u8,
    pub player_names: Vec<String>,
    pub army_deck: KindCounts,
    /// The side's commander's Commander-in-Chief Deck (`cic_deck`): the
    /// cards it holds in place of the 9 basic cards, by kind, the rest
    /// of its 18 dealt from the Army Deck; none, a Basic Player Deck.
    pub cic_deck: Option<KindCounts>,
    /// The Army Deck's cards in kind order, as a redeal with no army card
    /// in any hand lays them out before dealing.
    pub army_pool: Vec<Card>,
    pub regiments: [Regiment; MAX_UNITS],
    pub count: u8,
    pub names: Vec<String>,
    /// The card kinds its regiments' plans want at the start.
    pub planned: u16,
    /// The regiments whose orders their players choose, one bit each.
    pub chosen: u16,
    /// Each attached subordinate figure's regiment and the rest of its
    /// command (its division and brigade): read once, here, not per card.
    pub figure_commands: Vec<(u8, u16)>,
    /// The regiments each player's cards reach: its own and those of
    /// every player below it in the chain of command ("the direct
    /// commander of the unit or any player higher in the command chain").
    pub commands: [u16; MAX_PLAYERS],
    /// The players below each player, at any depth, one bit each.
    pub below: [u8; MAX_PLAYERS],
    /// Each player and every player above it: those whose cards reach
    /// its regiments.
    pub chain: [u8; MAX_PLAYERS],
    /// `bypassed[p][q]`: the players player `p` goes around to order
    /// player `q`'s regiments, `q` and every player between them (none
    /// for its own).
    pub bypassed: [[u8; MAX_PLAYERS]; MAX_PLAYERS],
    /// The players with a superior and subordinates both (a corps
    /// commander between the army and a division): the game keeps a
    /// roster of all they command.
    pub middle: u8,
    /// For each player, the middle players whose rosters count its
    /// regiments: itself and those above it that are middle.
    pub middle_over: [u8; MAX_PLAYERS],
    /// The players that hold no deck of their own (`shares_deck`), and
    /// each player's deck: the player whose deck it turns or shares.
    pub sharers: u8,
    /// The players that turn a deck of their own, one bit each.
    pub holders: u8,
    pub deck_of: [u8; MAX_PLAYERS],
    /// The regiments a card reaches through player `p` that a player below
    /// it on the same deck acts for instead: one card, one execution.
    pub yield_to: [u16; MAX_PLAYERS],
    /// The side's infantry, and its artillery.
    pub infantry: u16,
    pub artillery: u16,
    /// The regiments standing Prepared to Receive Cavalry and in skirmish
    /// order as the game opens (`deployment`), and those loaded then.
    pub prepared: u16,
    pub skirmishing: u16,
    pub loaded: u16,
    /// The companies that fire at Bombardment range (`Regiment::bombards`).
    pub bombards: u16,
    /// Each regiment's brigade (the same brigade number in the same
    /// division), itself included: what one fire order covers.
    pub brigades: [u16; MAX_UNITS],
    /// Each regiment's division, itself included (what a fire order covers
    /// under `fire_orders = division`).
    pub divisions: [u16; MAX_UNITS],
    /// Each player's own regiments.
    pub owned: [u16; MAX_PLAYERS],
    /// Each regiment and the company it maneuvers as one with (a Russian
    /// twelve-gun company's two halves, `maneuvers_with`), else itself.
    pub pairs: [u16; MAX_UNITS],
    /// The regiments formed in a second line (`follows`), one bit each.
    pub followers: u16,
    /// The artillery companies attached to a regiment (`attached_to`).
    pub attached: u16,
    /// The group each regiment's free first order covers, as an Officer
    /// Check would group them (`order_groups`: whole, then idle_alike),
    /// with attached companies apart, then second lines too
    /// (`cavalry_waves`).
    pub first_groups: [[[u16; MAX_UNITS]; 2]; 2],
}

impl Side {
    pub fn players(&self) -> &[Commander] {
        &self.players[..self.player_count as usize]
    }

    /// The players player `p` goes around to order player `q`'s
    /// regiments: every one between them and `q` (`each_player`, rule
    /// `bypass_levels`), else `q` alone; none for its own.
    #[inline]
    pub fn bypass(&self, p: usize, q: usize, each_player: bool) -> u8 {
        let path = self.bypassed[p][q];
        if each_player || path == 0 {
            path
        } else {
            1 << q
        }
    }

    /// How many decks the side's players turn: one each, but for those
    /// sharing another's.
    pub fn decks(&self) -> u32 {
        self.player_count as u32 - self.sharers.count_ones()
    }

    /// Whether player `p` commands other players (it may order their
    /// regiments and pass them initiative).
    pub fn leads(&self, p: usize) -> bool {
        self.below[p] != 0
    }

    pub fn regiments(&self) -> &[Regiment] {
        &self.regiments[..self.count as usize]
    }

    pub fn army_cards(&self) -> u32 {
        self.army_deck.iter().map(|&c| c as u32).sum()
    }
}

/// Each side's table, its regiment entries and their names, as read
/// before any regiment (`side.rs`).
struct Listed<'t> {
    tables: BySeat<Option<&'t toml::Table>>,
    entries: BySeat<&'t [toml::Value]>,
    names: BySeat<Vec<String>>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    pub name: String,
    pub decqs: u32,
    /// Movement chips an order of each kind starts with.
    pub chips: [u8; ORDER_KINDS],
    pub ranges: Ranges,
    /// Its terrain objectives (`[[objectives]]`), none by default.
    pub terrain: Terrains,
    /// Note 21's bridges and gates (`[[obstacles]]`), none by default.
    pub obstacles: Obstacles,
    pub sides: BySeat<Side>,
    /// Some regiment stands off the centre line or may maneuver to a flank
    /// (by its scenario's `maneuver`, or its player's choice):
    /// places across the field can differ. Without, every frontage
    /// overlaps every other all game (all centred on `y = 0`), so no gap
    /// across is ever worked out.
    pub lateral: bool,
}

fn unknown_keys(table: &toml::Table, at: &str, keys: &[&str]) -> Result<()> {
    match table.keys().find(|k| !keys.contains(&k.as_str())) {
        Some(key) => Err(bad(
            &format!("{at}{key}"),
            "(unknown key)",
            &keys.join(", "),
        )),
        None => Ok(()),
    }
}

fn name<'t>(table: &'t toml::Table, at: &str, key: &str, allowed: &str) -> Result<Option<&'t str>> {
    match table.get(key) {
        None => Ok(None),
        Some(toml::Value::String(s)) => Ok(Some(s)),
        Some(other) => Err(bad(&format!("{at}{key}"), other, allowed)),
    }
}

fn stamina(value: Option<&toml::Value>, at: &str, default: [u8; 3]) -> Result<[u8; 3]> {
    let allowed = "three box counts [fresh, fatigued, exhausted], each 0..=9, at least one box";
    let Some(value) = value else {
        return Ok(default);
    };
    let boxes: Option<Vec<u8>> = value.as_array().and_then(|list| {
        list.iter()
            .map(|v| {
                v.as_integer()
                    .filter(|n| (0..=9).contains(n))
                    .map(|n| n as u8)
            })
            .collect()
    });
    match boxes {
        Some(b) if b.len() == 3 && b.iter().any(|&n| n > 0) => Ok([b[0], b[1], b[2]]),
        _ => Err(bad(at, value, allowed)),
    }
}

fn army_deck(value: &toml::Value, at: &str) -> Result<KindCounts> {
    let toml::Value::Table(table) = value else {
        return Err(bad(at, value, "a table of card type = count"));
    };
    let mut counts = [0u8; KINDS];
    for (key, count) in table {
        let kind = Kind::parse(key).ok_or_else(|| {
            bad(
                &format!("{at}.{key}"),
                "(unknown card type)",
                &Kind::NAMES.join(", "),
            )
        })?;
        counts[kind as usize] = match count {
            toml::Value::Integer(n) if (0..=64).contains(n) => *n as u8,
            other => return Err(bad(&format!("{at}.{key}"), other, "a count 0..=64")),
        };
    }
    Ok(counts)
}

impl Scenario {
    /// Reads a scenario table (see `experiments/piquet/scenarios/default.toml`):
    /// the game's values here, each side's table in `side.rs` and each
    /// regiment's in `regiment.rs`.
    pub fn from_table(table: &toml::Table) -> Result<Scenario> {
        unknown_keys(
            table,
            "",
            &[
                "name",
                "description",
                "decqs",
                "elan",
                "stamina",
                "chips",
                "ranges",
                "distance",
                "army_deck",
                "objectives",
                "obstacles",
                "a",
                "b",
            ],
        )?;
        // Side a stands at 0 and side b `distance` inches up the axis,
        // unless a regiment gives its own `at`.
        let distance = int(table, "", "distance", (0, 200), Some(10))? as i32;
        let ranges = match table.get("ranges") {
            None => Ranges {
                engagement: 3,
                bombardment: 12,
            },
            Some(toml::Value::Table(t)) => {
                unknown_keys(t, "ranges.", &["engagement", "bombardment"])?;
                Ranges {
                    engagement: int(t, "ranges.", "engagement", (1, 100), Some(3))? as i32,
                    bombardment: int(t, "ranges.", "bombardment", (1, 200), Some(12))? as i32,
                }
            }
            Some(other) => {
                return Err(bad(
                    "ranges",
                    other,
                    "a table of engagement, bombardment = inches",
                ))
            }
        };
        let decqs = int(table, "", "decqs", (1, 100), None)? as u32;
        let elan = int(table, "", "elan", (1, 60), Some(12))? as u8;
        let boxes = stamina(table.get("stamina"), "stamina", [2, 2, 2])?;
        let mut chips = [0u8; ORDER_KINDS];
        match table.get("chips") {
            Some(toml::Value::Table(t)) => {
                unknown_keys(t, "chips.", &OrderKind::NAMES)?;
                for kind in OrderKind::ALL {
                    chips[kind as usize] = int(t, "chips.", kind.name(), (0, 100), None)? as u8;
                }
            }
            other => {
                return Err(bad(
                    "chips",
                    other.map_or("(missing)".to_string(), |v| v.to_string()),
                    "a table of move, maneuver, deploy, assault = chips",
                ))
            }
        }
        let shared_deck = table
            .get("army_deck")
            .map(|v| army_deck(v, "army_deck"))
            .transpose()?;
        // Names first: an assault names its target on the other side.
        let listed = Listed::read(table)?;
        let mut sides = Vec::new();
        for seat in Seat::BOTH {
            // What a regiment is unless its entry says otherwise.
            let unwritten = Regiment {
                rating: Rating {
                    sides: 8,
                    dice: 2,
                    step: 0,
                },
                arm: Arm::Infantry,
                battle_cavalry: false,
                elan,
                stamina: boxes,
                brigade: 1,
                division: 0,
                plan: [OrderKind::Move; MAX_PLAN],
                plan_len: 0,
                chosen: false,
                target: 0,
                has_target: false,
                figure: 0,
                player: 0,
                at: if seat == Seat::A { 0 } else { distance },
                loaded: true,
                eight_guns: false,
                horse: false,
                urban: false,
                fire_step: 0,
                maneuver: Maneuver::Forward,
                y: 0,
                frontage: 0,
                frontage_limits: Limits { min: 0, max: 0 },
                skirmishers: false,
                deployment: FORMED,
                deploys: [FORMED; MAX_PLAN],
                deploys_len: 0,
                lead: None,
                second_line: None,
                attached_to: None,
                attached: 0,
            };
            sides.push(Side::read(seat, &listed, shared_deck, &unwritten)?);
        }
        let b = sides.pop().expect("two sides");
        let a = sides.pop().expect("two sides");
        let scenario = Scenario {
            name: text(table, "", "name")?.unwrap_or("scenario").to_string(),
            decqs,
            chips,
            ranges,
            terrain: Terrains::read(table.get("objectives"))?,
            obstacles: Obstacles::read(table.get("obstacles"))?,
            lateral: [&a, &b].iter().any(|side| {
                side.regiments().iter().any(|r| {
                    // A chosen regiment's player may maneuver it to a
                    // flank.
                    r.y != 0 || r.chosen || matches!(r.maneuver, Maneuver::Left | Maneuver::Right)
                })
            }),
            sides: BySeat([a, b]),
        };
        scenario.check_army_decks()?;
        Ok(scenario)
    }

    /// Note 13's least Army Deck: `per_player` cards for each player the
    /// side deals to, plus `spare`.
    pub fn check_army_minimum(&self, per_player: u32, per_cic: u32, spare: u32) -> Result<()> {
        for seat in Seat::BOTH {
            let side = &self.sides[seat];
            // "at least 16 cards for each Basic Player Deck and 18 for each
            // CIC Deck": decks, so a player sharing another's deck needs
            // none of its own.
            let cic = side.cic_deck.is_some() as u32;
            let basic = side.decks() - cic;
            let least = per_player * basic + per_cic * cic + spare;
            if side.army_cards() < least {
                let what = match cic {
                    0 => format!("note 13's {per_player} cards for each of the side's {basic} deck(s)"),
                    _ => format!(
                        "note 13's {per_player} cards for each of the side's {basic} Basic Player Deck(s), {per_cic} for its CIC Deck"
                    ),
                };
                return Err(bad(
                    &format!("{}.army_deck", seat.name()),
                    format!("{} cards", side.army_cards()),
                    &format!(
                        "at least {least}: {what}, plus {spare} spare (rules army_cards_per_player, army_cards_per_cic_deck, army_spare_cards)"
                    ),
                ));
            }
        }
        Ok(())
    }

    /// A redeal gives each player 18 cards less the basic cards it holds in
    /// hand; when every held card is basic that is 9 + the hand's size
    /// (note 13: "the army deck must be able to provide 14 cards to the
    /// player's deck"). An Army Deck with fewer could not be dealt.
    fn check_army_decks(&self) -> Result<()> {
        for seat in Seat::BOTH {
            let side = &self.sides[seat];
            let holders = || side.players().iter().filter(|p| !p.shares_deck);
            // A redeal fills each deck with army cards past the fixed ones
            // not held in the hand: 9 basic, or a CIC Deck's own.
            let fixed = |p: usize| match (p, side.cic_deck) {
                (0, Some(cic)) => cic.iter().map(|&n| n as usize).sum(),
                _ => BASIC,
            };
            let need: u32 = holders()
                .enumerate()
                .map(|(p, c)| (DECK - fixed(p) + c.quality.hand_size().min(fixed(p))) as u32)
                .sum();
            if side.army_cards() < need || side.army_cards() > 255 {
                let qualities: Vec<&str> = holders().map(|p| p.quality.name()).collect();
                return Err(bad(
                    &format!("{}.army_deck", seat.name()),
                    format!("{} cards", side.army_cards()),
                    &format!(
                        "{need} to 255 cards: the redeal of the side's {} deck(s) ({}) may need {need} (note 13 also keeps some undealt for uncertainty)",
                        side.decks(),
                        qualities.join(", ")
                    ),
                ));
            }
        }
        Ok(())
    }
}
