//! The field as a player sees it when deciding: every regiment's place,
//! Elan, status and order, and `At`, who decides and what about. The game
//! keeps its regiments here; an agent and a person are shown `At`
//! (`agent.rs`), while the built-in players decide from their `Needs`.

use super::scenario::{OrderKind, Scenario, MAX_UNITS};
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
    reloaded: 0,
};

/// No regiments: the field of a decision that arrives over the protocol
/// (`fortunes agent piquet`), which the built-ins never read.
static NO_UNITS: BySeat<[Unit; MAX_UNITS]> = BySeat([[IDLE_UNIT; MAX_UNITS]; 2]);
static NO_LOADED: BySeat<u16> = BySeat([0; 2]);

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
            kard: 0,
        }
    }
}
