//! Piquet statistics, as integer counters: initiative KARD by KARD and how
//! it is spent, cards turned, hand plays, orders from issue to execution,
//! volleys, reloads and the Elan fire takes, engagements and assaults by
//! matchup, breakthroughs and rallies.

use super::cards::{Kind, KINDS};
use super::dice::{dice_label, BeyondFour, Rating, DICE};
use super::rules::MAX_INITIATIVE;
use super::scenario::{Arm, OrderKind, Regiment, Scenario, MAX_PLAYERS, ORDER_KINDS};
use crate::engine::{BySeat, Seat};
use crate::stats::{Histogram, Mean, Rate, SummaryRow, ALL_SEATS, NO_BREAKDOWN};
use std::ops::AddAssign;

mod rows;

/// What initiative is spent on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spend {
    Orders = 0,
    Rally,
    HandPlay,
    HandSwap,
    ExtraCast,
    Attached,
    Pass,
    Fire,
    Reload,
}

pub const SPENDS: usize = 9;
const SPEND_NAMES: [&str; SPENDS] = [
    "orders",
    "rally",
    "hand_play",
    "hand_swap",
    "extra_cast",
    "attached",
    "pass",
    "fire",
    "reload",
];

/// What fired a volley: infantry, or artillery at Engagement range, or
/// artillery beyond it (Bombardment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FireKind {
    Musketry = 0,
    Artillery,
    Bombardment,
}

pub const FIRE_KINDS: usize = 3;
const FIRE_NAMES: [&str; FIRE_KINDS] = ["musketry", "artillery", "bombardment"];

/// How an engagement (two regiments within Engagement range, one having
/// fired at the other) ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngagementEnd {
    /// Side a's regiment lost its last Elan to fire and withdrew.
    AWithdrew = 0,
    BWithdrew,
    /// Each took the other's last Elan on the same KARD.
    BothWithdrew,
    /// One assaulted the other.
    Assault,
    /// Out of range, or one left the fight some other way (an assault
    /// elsewhere, a rout by another's fire, removed).
    BrokenOff,
}

pub const ENGAGEMENT_ENDS: usize = 5;
const ENGAGEMENT_END_NAMES: [&str; ENGAGEMENT_ENDS] = [
    "a_withdrew",
    "b_withdrew",
    "both_withdrew",
    "assault",
    "broken_off",
];

/// Volleys by their dice: die type (d4..d12), dice (1..4), steps (-6..=6),
/// and the eight-gun die.
const VOLLEY_STEPS: i32 = 6;
const VOLLEY_KEYS: usize = DICE.len() * 4 * (2 * VOLLEY_STEPS as usize + 1) * 2;

/// The histogram a volley of these dice is counted in, if any: steps past
/// six either way have none.
pub fn volley_key(sides: u8, count: u8, step: i32, special: bool) -> Option<usize> {
    let die = DICE.iter().position(|&d| d == sides)?;
    if !(1..=4).contains(&count) || step.abs() > VOLLEY_STEPS {
        return None;
    }
    let steps = 2 * VOLLEY_STEPS as usize + 1;
    Some(
        ((die * 4 + count as usize - 1) * steps + (step + VOLLEY_STEPS) as usize) * 2
            + special as usize,
    )
}

fn volley_dice(key: usize, beyond: BeyondFour) -> String {
    let steps = 2 * VOLLEY_STEPS as usize + 1;
    let special = key % 2 == 1;
    let step = (key / 2 % steps) as i32 - VOLLEY_STEPS;
    let count = (key / 2 / steps % 4) as u8 + 1;
    let sides = DICE[key / 2 / steps / 4];
    dice_label(sides, count, step, beyond, special)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RallyKind {
    Sound = 0,
    Defeated,
    DefeatedByCavalry,
}

const RALLY_NAMES: [&str; 3] = ["sound", "defeated", "defeated_by_cavalry"];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AssaultEnd {
    AttackerWins = 0,
    DefenderWins,
    /// Both Elans reached zero on the same KARD.
    Together,
    /// Every attacker broke through, or a breakthrough took the last Elan.
    Breakthrough,
    /// Neither side could finish it within `max_assault_kards`.
    Undecided,
    /// The defender, or the last attacker, maneuvered out of it.
    Retired,
}

pub const ENDS: usize = 6;
const END_NAMES: [&str; ENDS] = [
    "attacker_wins",
    "defender_wins",
    "together",
    "breakthrough",
    "undecided",
    "retired",
];

pub const OFFICER_ACTIONS: usize = 6;
const OFFICER_NAMES: [&str; OFFICER_ACTIONS] =
    ["cast", "orders", "rally", "pass", "nothing", "detach"];

/// Ratings: eliteness (d4..d10) by experience (1..3 dice).
const RATINGS: usize = 12;
/// Units: the ratings, then artillery by poundage (d4..d12) and class
/// (1..4 dice).
const UNIT_CLASSES: usize = RATINGS + 16;

fn unit_index(r: &Regiment) -> usize {
    if r.arm == Arm::Artillery {
        let poundage = match r.rating.sides {
            4 => 0,
            6 => 1,
            8 => 2,
            _ => 3,
        };
        RATINGS + poundage * 4 + (r.rating.dice as usize - 1).min(3)
    } else {
        rating_index(&r.rating)
    }
}

fn unit_name(index: usize) -> String {
    if index < RATINGS {
        return rating_name(index);
    }
    let poundage = ["light", "medium", "medium_heavy", "heavy"][(index - RATINGS) / 4];
    let class = ["I", "II", "III", "IV"][(index - RATINGS) % 4];
    format!("{poundage},{class} artillery")
}

fn rating_index(r: &Rating) -> usize {
    let eliteness = match r.sides {
        4 => 0,
        6 => 1,
        8 => 2,
        _ => 3,
    };
    eliteness * 3 + (r.dice as usize - 1).min(2)
}

fn rating_name(index: usize) -> String {
    let eliteness = ["militia", "conscript", "line", "elite"][index / 3];
    let experience = ["undependable", "reliable", "veteran"][index % 3];
    format!("{eliteness},{experience}")
}

/// One DECQ of one game: a row of `records.parquet`, and the per-DECQ
/// observations of the summary.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DecqRecord {
    pub game: u64,
    pub decq: u32,
    pub ip_start: BySeat<u32>,
    pub ip_end: BySeat<u32>,
    /// Officer Check casts for initiative.
    pub casts: BySeat<u32>,
    /// Orders paid for (one covers a brigade).
    pub orders: BySeat<u32>,
    pub executions: BySeat<u32>,
    pub hand_plays: BySeat<u32>,
    pub hand_keeps: BySeat<u32>,
    pub hand_swaps: BySeat<u32>,
    pub ip_spent: BySeat<u32>,
    pub spent: BySeat<[u32; SPENDS]>,
    pub turned: BySeat<[u8; KINDS]>,
    pub dress_lines: BySeat<u32>,
    /// Volleys fired, by FireKind.
    pub volleys: BySeat<[u32; FIRE_KINDS]>,
    /// Reloads bought: infantry, artillery.
    pub reloads: BySeat<[u32; 2]>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameTally {
    pub ip_sum: BySeat<u32>,
    pub kards: BySeat<u32>,
    pub move_wait: BySeat<u32>,
    pub move_orders: BySeat<u32>,
    pub hand_plays: BySeat<u32>,
    pub executions: BySeat<u32>,
    pub removed: BySeat<u32>,
    pub decqs: u32,
    pub assaults: u32,
    pub attacker_won: u32,
    pub assault_kards: u32,
    pub breakthrough_attempts: u32,
    pub breakthroughs: u32,
    /// Enemy Moves the side's piquets met, and those they kept out.
    pub piquets_met: BySeat<u32>,
    pub piquets_held: BySeat<u32>,
    pub rallies: u32,
    pub rally_boxes: u32,
    pub volleys: BySeat<u32>,
    /// Elan the side's regiments lost to enemy fire: musketry, artillery.
    pub elan_lost: BySeat<[u32; 2]>,
    /// Assaults begun, and the attackers' and defenders' Elan as they
    /// began.
    pub assaults_begun: u32,
    pub assault_elan: [u32; 2],
    /// Attackers going in at the front, a flank and the rear.
    pub aspects: [u32; 3],
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SideStats {
    /// Initiative at the start of each KARD of the DECQ.
    pub initiative: [Histogram<{ MAX_INITIATIVE as usize + 1 }>; 18],
    /// The same by player of the side (0: its commander).
    pub initiative_by_player: [Histogram<{ MAX_INITIATIVE as usize + 1 }>; MAX_PLAYERS],
    pub spent: [Mean; SPENDS],
    pub ip_spent: Mean,
    pub officer_actions: [u64; OFFICER_ACTIONS],
    /// Cards of each kind turned in a DECQ (at most 18): a histogram is one
    /// increment a DECQ where a mean is three.
    pub turned: [Histogram<19>; KINDS],
    pub from_hand: [u64; KINDS],
    pub hand_plays: Mean,
    pub hand_keeps: Mean,
    pub hand_swaps: Mean,
    pub executions: Mean,
    pub executions_from_hand: u64,
    pub hand_plays_executing: u64,
    pub extra_casts: u64,
    pub performance_casts: u64,
    pub orders: Mean,
    pub orders_issued: [u64; ORDER_KINDS],
    /// Orders still waiting for their first executing card when the game
    /// ended: cut off, so not in `first_execution`.
    pub waiting_at_end: [u64; ORDER_KINDS],
    /// Orders executing but with movement chips left when the game ended:
    /// cut off, so not in `completion`.
    pub completing_at_end: [u64; ORDER_KINDS],
    /// KARDs from an order's issue to its first executing card, and to its
    /// last chip.
    pub first_execution: [Mean; ORDER_KINDS],
    pub completion: [Mean; ORDER_KINDS],
    pub removed: Mean,
    pub volleys: [Mean; FIRE_KINDS],
    pub volleys_all: Mean,
    /// Elan each volley removed, and the volleys that removed any.
    pub volley_elan: Mean,
    pub volley_hits: u64,
    pub reloads: [Mean; 2],
    pub reloads_all: Mean,
    /// Elan lost to enemy fire in a game: musketry, artillery, and both.
    pub elan_lost: [Mean; 2],
    pub elan_lost_all: Mean,
    /// Enemy Moves about to enter a terrain objective the side's piquets
    /// held, and those the piquet kept out (rule `piquets_hold`).
    pub piquets_met: u64,
    pub piquets_held: u64,
}

impl Default for SideStats {
    fn default() -> Self {
        SideStats {
            initiative: [Histogram::default(); 18],
            initiative_by_player: [Histogram::default(); MAX_PLAYERS],
            spent: Default::default(),
            ip_spent: Mean::default(),
            officer_actions: [0; OFFICER_ACTIONS],
            turned: [Histogram::default(); KINDS],
            from_hand: [0; KINDS],
            hand_plays: Mean::default(),
            hand_keeps: Mean::default(),
            hand_swaps: Mean::default(),
            executions: Mean::default(),
            executions_from_hand: 0,
            hand_plays_executing: 0,
            extra_casts: 0,
            performance_casts: 0,
            orders: Mean::default(),
            orders_issued: [0; ORDER_KINDS],
            waiting_at_end: [0; ORDER_KINDS],
            completing_at_end: [0; ORDER_KINDS],
            first_execution: Default::default(),
            completion: Default::default(),
            removed: Mean::default(),
            volleys: Default::default(),
            volleys_all: Mean::default(),
            volley_elan: Mean::default(),
            volley_hits: 0,
            reloads: Default::default(),
            reloads_all: Mean::default(),
            elan_lost: Default::default(),
            elan_lost_all: Mean::default(),
            piquets_met: 0,
            piquets_held: 0,
        }
    }
}

fn add<T: AddAssign + Copy, const N: usize>(mine: &mut [T; N], theirs: &[T; N]) {
    for (a, &b) in mine.iter_mut().zip(theirs) {
        *a += b;
    }
}

impl AddAssign<&SideStats> for SideStats {
    fn add_assign(&mut self, o: &SideStats) {
        add(&mut self.initiative, &o.initiative);
        add(&mut self.initiative_by_player, &o.initiative_by_player);
        add(&mut self.spent, &o.spent);
        self.ip_spent += o.ip_spent;
        add(&mut self.officer_actions, &o.officer_actions);
        add(&mut self.turned, &o.turned);
        add(&mut self.from_hand, &o.from_hand);
        self.hand_plays += o.hand_plays;
        self.hand_keeps += o.hand_keeps;
        self.hand_swaps += o.hand_swaps;
        self.executions += o.executions;
        self.executions_from_hand += o.executions_from_hand;
        self.hand_plays_executing += o.hand_plays_executing;
        self.extra_casts += o.extra_casts;
        self.performance_casts += o.performance_casts;
        self.orders += o.orders;
        add(&mut self.orders_issued, &o.orders_issued);
        add(&mut self.waiting_at_end, &o.waiting_at_end);
        add(&mut self.completing_at_end, &o.completing_at_end);
        add(&mut self.first_execution, &o.first_execution);
        add(&mut self.completion, &o.completion);
        self.removed += o.removed;
        add(&mut self.volleys, &o.volleys);
        self.volleys_all += o.volleys_all;
        self.volley_elan += o.volley_elan;
        self.volley_hits += o.volley_hits;
        add(&mut self.reloads, &o.reloads);
        self.reloads_all += o.reloads_all;
        add(&mut self.elan_lost, &o.elan_lost);
        self.elan_lost_all += o.elan_lost_all;
        self.piquets_met += o.piquets_met;
        self.piquets_held += o.piquets_held;
    }
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Stats {
    pub games: u64,
    pub decqs: u64,
    pub sides: BySeat<SideStats>,
    /// Stamina boxes checked by a rally, by kind.
    pub rallies: [Histogram<10>; 3],
    pub removed_by_rally: u64,
    pub breakthrough_attempts: u64,
    pub breakthroughs: u64,
    /// Single-attacker assaults by (attacker rating and arm, defender
    /// rating): how they ended, and their KARDs.
    pub matchups: Vec<[u64; ENDS]>,
    pub matchup_kards: Vec<Mean>,
    pub ends: [u64; ENDS],
    pub multi_unit: u64,
    /// Attackers going into an assault at its front, flank and rear.
    pub aspects: [u64; 3],
    pub assault_kards: Mean,
    pub attacker_won: u64,
    /// Every assault that began (its first cast is on the KARD it begins),
    /// those with a breakthrough on that cast, and those still running when
    /// the game ended (cut off: in none of the ends above).
    pub assaults_begun: u64,
    pub assaults_broken_through: u64,
    pub assaults_cut_off: u64,
    /// Attacker's and defender's Elan as an assault begins.
    pub assault_elan: [Mean; 2],
    /// Every volley's final die value, by its dice (`volley_key`).
    pub volley_casts: Vec<Histogram<13>>,
    pub engagements_begun: u64,
    pub engagements_cut_off: u64,
    pub engagement_ends: [u64; ENGAGEMENT_ENDS],
    pub engagement_kards: Mean,
    /// Engagements by (side a's unit, side b's unit): how they ended.
    pub engagement_matchups: Vec<[u64; ENGAGEMENT_ENDS]>,
}

const MATCHUPS: usize = 2 * RATINGS * UNIT_CLASSES;

impl Default for Stats {
    fn default() -> Self {
        Stats {
            games: 0,
            decqs: 0,
            sides: BySeat::default(),
            rallies: [Histogram::default(); 3],
            removed_by_rally: 0,
            breakthrough_attempts: 0,
            breakthroughs: 0,
            matchups: vec![[0; ENDS]; MATCHUPS],
            matchup_kards: vec![Mean::default(); MATCHUPS],
            ends: [0; ENDS],
            multi_unit: 0,
            aspects: [0; 3],
            assault_kards: Mean::default(),
            attacker_won: 0,
            assaults_begun: 0,
            assaults_broken_through: 0,
            assaults_cut_off: 0,
            assault_elan: Default::default(),
            volley_casts: vec![Histogram::default(); VOLLEY_KEYS],
            engagements_begun: 0,
            engagements_cut_off: 0,
            engagement_ends: [0; ENGAGEMENT_ENDS],
            engagement_kards: Mean::default(),
            engagement_matchups: vec![[0; ENGAGEMENT_ENDS]; UNIT_CLASSES * UNIT_CLASSES],
        }
    }
}

impl AddAssign<&Stats> for Stats {
    fn add_assign(&mut self, o: &Stats) {
        self.games += o.games;
        self.decqs += o.decqs;
        for seat in Seat::BOTH {
            self.sides[seat] += &o.sides[seat];
        }
        add(&mut self.rallies, &o.rallies);
        self.removed_by_rally += o.removed_by_rally;
        self.breakthrough_attempts += o.breakthrough_attempts;
        self.breakthroughs += o.breakthroughs;
        for (a, b) in self.matchups.iter_mut().zip(&o.matchups) {
            add(a, b);
        }
        for (a, &b) in self.matchup_kards.iter_mut().zip(&o.matchup_kards) {
            *a += b;
        }
        add(&mut self.ends, &o.ends);
        self.multi_unit += o.multi_unit;
        for (mine, theirs) in self.aspects.iter_mut().zip(&o.aspects) {
            *mine += theirs;
        }
        self.assault_kards += o.assault_kards;
        self.attacker_won += o.attacker_won;
        self.assaults_begun += o.assaults_begun;
        self.assaults_broken_through += o.assaults_broken_through;
        self.assaults_cut_off += o.assaults_cut_off;
        add(&mut self.assault_elan, &o.assault_elan);
        for (a, b) in self.volley_casts.iter_mut().zip(&o.volley_casts) {
            *a += *b;
        }
        self.engagements_begun += o.engagements_begun;
        self.engagements_cut_off += o.engagements_cut_off;
        add(&mut self.engagement_ends, &o.engagement_ends);
        self.engagement_kards += o.engagement_kards;
        for (a, b) in self
            .engagement_matchups
            .iter_mut()
            .zip(&o.engagement_matchups)
        {
            add(a, b);
        }
    }
}

impl Stats {
    pub fn record_decq(&mut self, d: &DecqRecord) {
        self.decqs += 1;
        for seat in Seat::BOTH {
            let s = &mut self.sides[seat];
            for (mean, &v) in s.spent.iter_mut().zip(&d.spent[seat]) {
                mean.record(v as u64);
            }
            s.ip_spent.record(d.ip_spent[seat] as u64);
            for (histogram, &v) in s.turned.iter_mut().zip(&d.turned[seat]) {
                histogram.record(v as usize);
            }
            s.hand_plays.record(d.hand_plays[seat] as u64);
            s.hand_keeps.record(d.hand_keeps[seat] as u64);
            s.hand_swaps.record(d.hand_swaps[seat] as u64);
            s.executions.record(d.executions[seat] as u64);
            s.orders.record(d.orders[seat] as u64);
            for (mean, &v) in s.volleys.iter_mut().zip(&d.volleys[seat]) {
                mean.record(v as u64);
            }
            s.volleys_all
                .record(d.volleys[seat].iter().sum::<u32>() as u64);
            for (mean, &v) in s.reloads.iter_mut().zip(&d.reloads[seat]) {
                mean.record(v as u64);
            }
            s.reloads_all
                .record(d.reloads[seat].iter().sum::<u32>() as u64);
        }
    }

    /// A volley cast with the dice of `key` (`volley_key`) reading `cast`.
    #[inline]
    pub fn record_volley_cast(&mut self, key: Option<usize>, cast: u32) {
        if let Some(key) = key {
            self.volley_casts[key].record(cast as usize);
        }
    }

    /// A volley of `seat` landing: the Elan it took, at most what its
    /// target had.
    #[inline]
    pub fn record_volley_elan(&mut self, seat: Seat, removed: u32) {
        let side = &mut self.sides[seat];
        side.volley_elan.record(removed as u64);
        side.volley_hits += (removed > 0) as u64;
    }

    pub fn record_engagement(
        &mut self,
        a: &Regiment,
        b: &Regiment,
        end: EngagementEnd,
        kards: u32,
    ) {
        self.engagement_ends[end as usize] += 1;
        self.engagement_kards.record(kards as u64);
        self.engagement_matchups[unit_index(a) * UNIT_CLASSES + unit_index(b)][end as usize] += 1;
    }

    pub fn record_game(&mut self, t: &GameTally) {
        self.games += 1;
        for (all, &n) in self.aspects.iter_mut().zip(&t.aspects) {
            *all += n as u64;
        }
        for seat in Seat::BOTH {
            let side = &mut self.sides[seat];
            side.removed.record(t.removed[seat] as u64);
            for (mean, &v) in side.elan_lost.iter_mut().zip(&t.elan_lost[seat]) {
                mean.record(v as u64);
            }
            side.elan_lost_all
                .record(t.elan_lost[seat].iter().sum::<u32>() as u64);
        }
    }

    pub fn record_assault(
        &mut self,
        attacker: &Regiment,
        defender: &Regiment,
        multi_unit: bool,
        end: AssaultEnd,
        kards: u32,
        attacker_won: bool,
    ) {
        self.ends[end as usize] += 1;
        self.assault_kards.record(kards as u64);
        self.attacker_won += attacker_won as u64;
        if multi_unit {
            self.multi_unit += 1;
            return;
        }
        let index = ((attacker.arm == Arm::Cavalry) as usize * RATINGS
            + rating_index(&attacker.rating))
            * UNIT_CLASSES
            + unit_index(defender);
        self.matchups[index][end as usize] += 1;
        self.matchup_kards[index].record(kards as u64);
    }
}
