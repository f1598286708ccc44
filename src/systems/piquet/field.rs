//! The field as a player sees it when deciding: every regiment's place,
//! Elan, status and order, and `At`, who decides and what about. The game
//! keeps its regiments here; an agent and a person are shown `At`
//! (`agent.rs`), while the built-in players decide from their `Needs`.

use super::scenario::{Deployment, OrderKind, Scenario, MAX_UNITS};
use crate::engine::{BySeat, Seat};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Waiting for its next order.
    Idle,
    /// Executing an order on its card.
    Ordered,
    /// An assault's chips are gone; its target is fighting elsewhere.
    Closing,
    Fighting,
    /// Fighting an assault under a Maneuver order out of it ("Units that
    /// are Assaulting can only be issued a Maneuver order"): it fights on
    /// until the order completes and it retires from the fight.
    Retiring,
    /// Out of an assault: must rally before new orders.
    Shaken {
        defeated: bool,
        by_cavalry: bool,
    },
    Removed,
}

impl Status {
    pub const fn name(self) -> &'static str {
        match self {
            Status::Idle => "idle",
            Status::Ordered => "ordered",
            Status::Closing => "closing",
            Status::Fighting => "fighting",
            Status::Retiring => "retiring",
            Status::Shaken { .. } => "shaken",
            Status::Removed => "removed",
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Unit {
    pub status: Status,
    pub elan: u8,
    pub boxes_left: u8,
    pub order: OrderKind,
    pub chips: u8,
    /// The KARD its order was issued on (0: before the game's first KARD).
    pub issued: u32,
    pub executed: bool,
    /// The regiments its order was given to with it, itself included:
    /// under `group_casts = weakest_link` they execute it as one.
    pub group: u16,
    pub plan_at: u8,
    /// The enemy regiment its assault goes in against: its scenario
    /// target, or the one its player's chosen assault aims at.
    pub target: u8,
    /// Where it stands on the axis, in inches.
    pub x: i32,
    /// Where the centre of its frontage stands across the field, in
    /// tenths of an inch.
    pub y: i32,
    /// Its frontage, in tenths of an inch.
    pub width: i32,
    /// The KARD it reloaded on: it may not fire on that card.
    pub reloaded: u32,
}

pub const IDLE_UNIT: Unit = Unit {
    status: Status::Idle,
    elan: 0,
    boxes_left: 0,
    order: OrderKind::Move,
    chips: 0,
    issued: 0,
    executed: false,
    group: 0,
    plan_at: 0,
    target: 0,
    x: 0,
    y: 0,
    width: 10,
    reloaded: 0,
};

impl Unit {
    /// The gap across the field between the nearer ends of its frontage
    /// and `other`'s, in tenths of an inch (rounded up); 0 when the two
    /// overlap or touch.
    #[inline]
    pub fn gap(&self, other: &Unit) -> i32 {
        let doubled = 2 * (self.y - other.y).abs() - self.width - other.width;
        (doubled.max(0) + 1) / 2
    }

    /// `gap`, known to be 0 on a field where no place across differs
    /// (`Scenario::lateral` false: every frontage is centred on one line),
    /// where it is not worked out.
    #[inline(always)]
    pub fn gap_on(&self, lateral: bool, other: &Unit) -> i32 {
        match lateral {
            true => self.gap(other),
            false => 0,
        }
    }

    /// The distance to `other`, squared, in tenths of an inch: what
    /// "nearest" compares.
    #[inline]
    pub fn apart(&self, other: &Unit) -> i64 {
        let dx = (other.x - self.x) as i64;
        100 * dx * dx + (self.gap(other) as i64).pow(2)
    }

    /// Whether at least half its frontage lies across `other`'s ("at
    /// least 50% of its frontage overlapping the single unit", Multiple
    /// Unit Combats).
    #[inline]
    pub fn half_overlaps(&self, other: &Unit) -> bool {
        // Ends doubled, so that a centre and half a frontage stay whole.
        let right = (2 * self.y + self.width).min(2 * other.y + other.width);
        let left = (2 * self.y - self.width).max(2 * other.y - other.width);
        right - left >= self.width
    }

    /// Whether its frontage and `other`'s overlap: `other` stands in its
    /// path.
    #[inline]
    pub fn overlaps(&self, other: &Unit) -> bool {
        2 * (self.y - other.y).abs() < self.width + other.width
    }
}

/// How a side's regiments are deployed, one bit each: Prepared to
/// Receive Cavalry, in skirmish order, else formed. Beside the units: a
/// wider `Unit` costs every copy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Deployed {
    pub prepared: u16,
    pub skirmish: u16,
}

impl Deployed {
    pub fn of(&self, i: usize) -> Deployment {
        if self.skirmish >> i & 1 != 0 {
            Deployment::Skirmish
        } else if self.prepared >> i & 1 != 0 {
            Deployment::Prepared
        } else {
            Deployment::Formed
        }
    }

    pub fn skirmishing(&self, i: usize) -> bool {
        self.skirmish >> i & 1 != 0
    }

    /// Regiment `i` now stands as `deployment`.
    pub fn set(&mut self, i: usize, deployment: Deployment) {
        let bit = 1u16 << i;
        self.prepared &= !bit;
        self.skirmish &= !bit;
        match deployment {
            Deployment::Formed => {}
            Deployment::Prepared => self.prepared |= bit,
            Deployment::Skirmish => self.skirmish |= bit,
        }
    }
}

/// Whether two regiments `dx` inches apart along the axis and `gap`
/// tenths apart across it are within `range` inches: ranges are measured
/// straight, from the nearer ends of the frontages.
#[inline]
pub fn within(dx: i32, gap: i32, range: i32) -> bool {
    if gap == 0 {
        return dx.abs() <= range;
    }
    let (dx, gap, range) = (dx as i64, gap as i64, range as i64);
    100 * dx * dx + gap * gap <= 100 * range * range
}

/// The distance between two regiments `dx` inches apart along the axis
/// and `gap` tenths apart across it, in whole inches rounded up (so that
/// it is within a range exactly when `within` says so).
#[inline]
pub fn distance(dx: i32, gap: i32) -> u32 {
    if gap == 0 {
        return dx.unsigned_abs();
    }
    let squared = 100 * (dx as i64).pow(2) + (gap as i64).pow(2);
    let root = squared.isqrt();
    let root = if root * root < squared {
        root + 1
    } else {
        root
    };
    ((root + 9) / 10) as u32
}

/// The farthest along the axis, in whole inches, that a regiment `gap`
/// tenths across from an enemy stands within `range` of it; none when the
/// gap alone is beyond the range. With no gap, the range itself.
#[inline]
pub fn within_dx(gap: i32, range: i32) -> Option<i32> {
    if gap == 0 {
        return Some(range);
    }
    let room = 100 * (range as i64).pow(2) - (gap as i64).pow(2);
    (room >= 0).then(|| (room.isqrt() / 10) as i32)
}

/// The nearest along the axis, in whole inches, that a regiment `gap`
/// tenths across from an enemy stands 1" outside its `range` ("withdraw
/// to 1\" outside of the Engagement range"). With no gap, range + 1.
#[inline]
pub fn outside_dx(gap: i32, range: i32) -> i32 {
    if gap == 0 {
        return range + 1;
    }
    let room = 100 * (range as i64 + 1).pow(2) - (gap as i64).pow(2);
    if room <= 0 {
        return 0;
    }
    let root = room.isqrt();
    // Rounded up: the place must be outside, not a tenth short.
    let root = if root * root < room { root + 1 } else { root };
    ((root + 9) / 10) as i32
}

/// No regiments: the field of a decision that arrives over the protocol
/// (`fortunes agent piquet`), which the built-ins never read.
static NO_UNITS: BySeat<[Unit; MAX_UNITS]> = BySeat([[IDLE_UNIT; MAX_UNITS]; 2]);
static NO_LOADED: BySeat<u16> = BySeat([0; 2]);
static NO_CHOSEN_TO: BySeat<[u8; MAX_UNITS]> = BySeat([[0; MAX_UNITS]; 2]);
static NO_DEPLOYED: BySeat<Deployed> = BySeat(
    [Deployed {
        prepared: 0,
        skirmish: 0,
    }; 2],
);

/// Who decides and what about: side `seat`'s player `player` (0 its
/// commander, then its subordinates), the side's `regiments` the decision
/// concerns (one bit each: an order group; the regiment to rally, reload,
/// execute or fire; the one whose assault waits), the enemy regiment it
/// aims at (`target`: a fire's or an assault's), the subordinate
/// initiative goes to (`to`), and the field as it stands.
#[derive(Clone, Copy)]
pub struct At<'a> {
    pub seat: Seat,
    pub player: usize,
    pub regiments: u16,
    pub target: Option<u8>,
    pub to: Option<u8>,
    pub scenario: Option<&'a Scenario>,
    pub units: &'a BySeat<[Unit; MAX_UNITS]>,
    pub loaded: &'a BySeat<u16>,
    pub deployed: &'a BySeat<Deployed>,
    /// Where each chosen regiment's pending Deploy (`DEPLOY_TO`) and
    /// Maneuver (`Maneuver`) go, as its piquet shows them.
    pub deploys_at: &'a BySeat<[u8; MAX_UNITS]>,
    pub maneuvers_to: &'a BySeat<[u8; MAX_UNITS]>,
    /// The terrain objective (index + 1; 0: none) each regiment's piquet
    /// was placed in with its Move order (rule `piquets_hold`).
    pub piquets: &'a BySeat<[u8; MAX_UNITS]>,
    pub kard: u32,
}

impl At<'static> {
    /// A decision told over the protocol, without its field.
    pub fn blind(seat: Seat, player: usize) -> At<'static> {
        At {
            seat,
            player,
            regiments: 0,
            target: None,
            to: None,
            scenario: None,
            units: &NO_UNITS,
            loaded: &NO_LOADED,
            deployed: &NO_DEPLOYED,
            deploys_at: &NO_CHOSEN_TO,
            maneuvers_to: &NO_CHOSEN_TO,
            piquets: &NO_CHOSEN_TO,
            kard: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(y: i32, width: i32) -> Unit {
        Unit {
            y,
            width,
            ..IDLE_UNIT
        }
    }

    #[test]
    fn gaps_and_overlaps_are_between_the_ends_of_frontages() {
        // 9.3" centred on 0 spans -4.65 to 4.65; 6.2" centred on 7 spans
        // 3.9 to 10.1: 0.75" of overlap, less than half of 6.2".
        let (grenadiers, line) = (at(0, 93), at(70, 62));
        assert_eq!(grenadiers.gap(&line), 0);
        assert!(line.overlaps(&grenadiers) && !line.half_overlaps(&grenadiers));
        // Half exactly is enough: "at least 50%".
        assert!(at(31, 62).half_overlaps(&at(0, 62)));
        assert!(!at(32, 62).half_overlaps(&at(0, 62)));
        // 4.4" centred on -10 ends at -7.8: 3.15" short of -4.65, a tenth
        // rounded up.
        assert_eq!(at(-100, 44).gap(&grenadiers), 32);
        assert!(!at(-100, 44).overlaps(&grenadiers));
    }

    #[test]
    fn the_axis_helpers_agree_with_within() {
        for range in [1, 3, 12] {
            for gap in 0..=140 {
                match within_dx(gap, range) {
                    Some(dx) => {
                        assert!(within(dx, gap, range) && !within(dx + 1, gap, range));
                    }
                    None => assert!(!within(0, gap, range)),
                }
                let out = outside_dx(gap, range);
                let squared = |dx: i64| 100 * dx * dx + (gap as i64).pow(2);
                let beyond = 100 * (range as i64 + 1).pow(2);
                assert!(squared(out as i64) >= beyond, "{gap} {range}");
                assert!(
                    out == 0 || squared(out as i64 - 1) < beyond,
                    "{gap} {range}"
                );
                for dx in -20..=20 {
                    let d = distance(dx, gap) as i32;
                    assert_eq!(d <= range, within(dx, gap, range), "{dx} {gap} {range}");
                }
            }
        }
        assert_eq!(
            (within_dx(0, 3), outside_dx(0, 3), distance(-5, 0)),
            (Some(3), 4, 5)
        );
    }
}
