//! The Piquet players' tuning and the list of built-ins: the search's
//! budget and objective, the heuristic's thresholds, each a parameter with
//! its range and meaning, and how each built-in's typed value is built.

use super::PiquetStrategy;
use crate::params::{ParamKind, ParamSpec};
use crate::system::{infos, BuiltIn, StrategyInfo};

/// The search's budget and the objective it maximises at the end of its
/// horizon. The text gives Piquet no victory condition, so the objective
/// is the one the issue names: Elan and units lost, the side's against
/// the enemy's, with the side's order executions so that standing still is
/// not free.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Search {
    /// Determinizations per decision; every choice is played out on each.
    pub samples: u32,
    /// KARDs played out after the decision's own (the DECQ's end is no
    /// stop: the next is dealt; the game's end is).
    pub horizon: u32,
    pub regiment_weight: u32,
    pub box_weight: u32,
    pub elan_weight: u32,
    pub execution_weight: u32,
    /// The chosen regiments' orders are searched too (else the
    /// heuristic's).
    pub search_orders: bool,
}

pub const SAMPLES: ParamSpec = ParamSpec {
    name: "samples",
    kind: ParamKind::Int { min: 1, max: 10_000 },
    default: 8,
    doc: "determinizations per decision (the army cards the player has not seen dealt back at random, its own deck's order, the other players' hands and decks, the dice); every choice is played out on each (the budget is playouts, never time)",
    source: "search tuning",
};
pub const HORIZON: ParamSpec = ParamSpec {
    name: "horizon",
    kind: ParamKind::Int { min: 0, max: 200 },
    default: 6,
    doc: "KARDs played out after the decision's own, heuristics deciding for every player, before the objective is read",
    source: "search tuning",
};
pub const REGIMENT_WEIGHT: ParamSpec = ParamSpec {
    name: "regiment_weight",
    kind: ParamKind::Int { min: 0, max: 1000 },
    default: 30,
    doc: "objective: worth of each of the side's regiments still in the game, less each of the enemy's",
    source: "search objective (the text gives no victory condition: Elan and units lost)",
};
pub const BOX_WEIGHT: ParamSpec = ParamSpec {
    name: "box_weight",
    kind: ParamKind::Int { min: 0, max: 1000 },
    default: 4,
    doc: "objective: worth of each open stamina box of the side's regiments, less each of the enemy's",
    source: "search objective",
};
pub const ELAN_WEIGHT: ParamSpec = ParamSpec {
    name: "elan_weight",
    kind: ParamKind::Int { min: 0, max: 1000 },
    default: 1,
    doc:
        "objective: worth of each Elan point the side's regiments hold, less each the enemy's hold",
    source: "search objective",
};
pub const EXECUTION_WEIGHT: ParamSpec = ParamSpec {
    name: "execution_weight",
    kind: ParamKind::Int { min: 0, max: 1000 },
    default: 2,
    doc: "objective: worth of each order execution of the side within the horizon (the plans moving on)",
    source: "search objective",
};

pub const ORDERS: ParamSpec = ParamSpec {
    name: "orders_by",
    kind: ParamKind::Choice(&["search", "heuristic"]),
    default: 0,
    doc: "who chooses the orders of the side's chosen regiments (scenario orders = \"chosen\"): search (the default: each order the regiment may be given, a Deploy to each deployment and a Maneuver each way apart, and none, played out on every sample from the game as its KARD began, the KARD's card choice forced, or, for the free first orders, from the game as they are given; the objective deciding; a player sharing another's deck leaves its orders to the heuristic), or heuristic (the heuristic's orders: the search decides only the cards)",
    source: "search tuning",
};

pub const SEARCH_TUNING: &[ParamSpec] = &[
    SAMPLES,
    HORIZON,
    REGIMENT_WEIGHT,
    BOX_WEIGHT,
    ELAN_WEIGHT,
    EXECUTION_WEIGHT,
    ORDERS,
];

impl Search {
    pub fn from_values(values: &crate::params::ParamValues) -> Search {
        let get = |name| values.get(name) as u32;
        Search {
            samples: get("samples"),
            horizon: get("horizon"),
            regiment_weight: get("regiment_weight"),
            box_weight: get("box_weight"),
            elan_weight: get("elan_weight"),
            execution_weight: get("execution_weight"),
            search_orders: get("orders_by") == 0,
        }
    }
}

pub const RESERVE: ParamSpec = ParamSpec {
    name: "reserve",
    kind: ParamKind::Int { min: 0, max: 18 },
    default: 2,
    doc: "IP kept back: hand plays, swaps and extra casts are bought only with IP above it",
    source: "this project's heuristic",
};
pub const RECAST_BELOW: ParamSpec = ParamSpec {
    name: "recast_below",
    kind: ParamKind::Int { min: 0, max: 19 },
    default: 8,
    doc: "an Officer Check casts for initiative (rather than order or rally) while IP is below this; with nothing to order or rally it always casts",
    source: "this project's heuristic",
};
pub const FIRE_RESERVE: ParamSpec = ParamSpec {
    name: "fire_reserve",
    kind: ParamKind::Int { min: 0, max: 18 },
    default: 0,
    doc: "IP kept back from fire: a loaded regiment with an enemy in range fires while IP is above fire_cost plus this (reloads are bought above reserve)",
    source: "this project's heuristic",
};
pub const ASSAULT_AT_ELAN: ParamSpec = ParamSpec {
    name: "assault_at_elan",
    kind: ParamKind::Int { min: 0, max: 60 },
    default: 60,
    doc: "a regiment whose plan's next order is an assault is ordered to assault only once its target's Elan is at most this, firing at it meanwhile; 60 (the most Elan) orders it at once",
    source: "this project's heuristic",
};

pub const RALLY_WORN_AT: ParamSpec = ParamSpec {
    name: "rally_worn_at",
    kind: ParamKind::Int { min: 0, max: 100 },
    default: 50,
    doc: "a regiment that has lost Elan but is not unrallied is rallied on an Officer Check (6 dice needing 4+, a stamina box checked for each failure, its Elan whole again) once its Elan is at most this percent of its full Elan; 0 never (unrallied regiments are always rallied)",
    source: "this project's heuristic",
};

pub const RETIRE_AT_ELAN: ParamSpec = ParamSpec {
    name: "retire_at_elan",
    kind: ParamKind::Int { min: 0, max: 100 },
    default: 25,
    doc: "a regiment fighting an assault is ordered to Maneuver out of it (rule assault_maneuver) once its Elan is at most this percent of its full Elan and below the enemy's in the fight (the defender's, or the most of the attackers'); 0 never",
    source: "this project's heuristic",
};

pub const PREPARE_WITHIN: ParamSpec = ParamSpec {
    name: "prepare_within",
    kind: ParamKind::Int { min: 0, max: 100 },
    default: 12,
    doc: "a chosen infantry regiment in formed order (orders = \"chosen\"; skirmishers stay skirmishing) is ordered to Deploy into Prepared to Receive Cavalry once enemy cavalry not skirmishing is within this many inches, when the rules give Prepared an effect (prepared_step below 0); 0 never",
    source: "this project's heuristic",
};

pub const TUNING: &[ParamSpec] = &[
    RESERVE,
    RECAST_BELOW,
    FIRE_RESERVE,
    ASSAULT_AT_ELAN,
    RALLY_WORN_AT,
    RETIRE_AT_ELAN,
    PREPARE_WITHIN,
];

/// The built-in players: what each is called and does, its tuning, and
/// how its typed value is built (the one list of them; a preset is one of
/// these with tuning).
pub const BUILT_INS: [BuiltIn<PiquetStrategy>; 3] = [
    BuiltIn {
        info: StrategyInfo {
            name: "random",
            about: "every choice at random among those it can pay for",
            tuning: &[],
        },
        build: |_| PiquetStrategy::RANDOM,
    },
    BuiltIn {
        info: StrategyInfo {
            name: "heuristic",
            about: "uses a card that executes orders or reloads, keeps Brilliant Leaders, Officer Checks and Heroic Moments for later, plays them from the hand when they execute, rallies before ordering, buys extra casts and reloads above a reserve, fires whenever it can, orders an assault once its target is worn to assault_at_elan, orders a regiment out of a losing assault at retire_at_elan, moves a regiment whose orders it chooses (orders = \"chosen\") up while no enemy is within its reach and assaults from Engagement range the nearest enemy holding no more Elan than it, deploys chosen infantry into Prepared to Receive Cavalry against cavalry within prepare_within when rule prepared_step gives Prepared an effect, and sends a second line in when it holds at least the enemy's Elan (to relieve only a losing lead)",
            tuning: TUNING,
        },
        build: PiquetStrategy::heuristic,
    },
    BuiltIn {
        info: StrategyInfo {
            name: "search",
            about: "determinized Monte Carlo over the objective (Elan, stamina boxes and regiments, the side's against the enemy's, and its order executions): each KARD, whether to play a hand card and then what to do with the turned card, every choice played out through its KARD and `horizon` more on the same sampled decks and dice, heuristics deciding for every player after it; orders chosen, each chosen regiment's order too (tuning orders_by); everything else as the heuristic",
            tuning: SEARCH_TUNING,
        },
        build: |tuning| PiquetStrategy {
            search: Some(Search::from_values(tuning)),
            ..PiquetStrategy::HEURISTIC
        },
    },
];

/// The built-ins as `fortunes strategies` lists them.
pub const STRATEGIES: &[StrategyInfo] = &infos(&BUILT_INS);
