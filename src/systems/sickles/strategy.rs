//! Sickles players: the choices the sequence of play leaves to a side
//! (its key chit, using an event at once or holding it, which brigade a
//! division or CIC chit activates, and the brigade's order), statically
//! dispatched through `SicklesStrategy`. The search player's playouts live
//! in `game.rs` (`Game::search`), since they need the whole game.

use super::rules::EVENTS;
use super::scenario::MAX_DIVISIONS;
use crate::engine::seeding::GameRng;
use crate::params::{ParamKind, ParamSpec, ParamValues};
use crate::system::{infos, typed, BuiltIn, Player, StrategyInfo};
use rand::Rng;

/// The four orders a brigade can be given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    Attack = 0,
    Defend = 1,
    Maneuver = 2,
    Regroup = 3,
}

impl Order {
    pub const ALL: [Order; 4] = [
        Order::Attack,
        Order::Defend,
        Order::Maneuver,
        Order::Regroup,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Order::Attack => "attack",
            Order::Defend => "defend",
            Order::Maneuver => "maneuver",
            Order::Regroup => "regroup",
        }
    }
}

/// What a side may know when it decides: its own brigades' status this
/// turn and its own event history, never the cup's order or the
/// opponent's hidden chits.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    /// Brigades of each division in play now (0 when not in play).
    pub brigades: &'a [u8; MAX_DIVISIONS],
    /// Activations of each brigade this turn (division and CIC chits).
    pub activations: &'a [[u8; 8]; MAX_DIVISIONS],
    /// Times each event was used so far this game.
    pub events_used: &'a [u32; EVENTS],
}

impl View<'_> {
    fn brigades_in_play(&self) -> u32 {
        self.brigades.iter().map(|&b| b as u32).sum()
    }

    /// The `n`-th brigade in play, as (division, brigade).
    fn nth_brigade(&self, mut n: u32) -> (usize, u8) {
        for (division, &count) in self.brigades.iter().enumerate() {
            if n < count as u32 {
                return (division, n as u8);
            }
            n -= count as u32;
        }
        unreachable!("n is below brigades_in_play")
    }
}

/// How the heuristic picks its key chit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyChoice {
    /// The event used least so far this game (the side's most-needed).
    MostNeeded,
    /// Always `key_event`.
    Fixed,
    /// Uniformly at random.
    Random,
}

/// Tuning of the heuristic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Heuristic {
    pub key_choice: KeyChoice,
    /// With `KeyChoice::Fixed`: the event (0-based).
    pub key_event: u8,
    /// Hold events for the side's next activation instead of using them.
    pub hold_events: bool,
}

pub const KEY_CHOICE: ParamSpec = ParamSpec {
    name: "key_choice",
    kind: ParamKind::Choice(&["most_needed", "fixed", "random"]),
    default: 0,
    doc: "the key chit: the event used least so far this game, always key_event, or a random one",
    source: "heuristic tuning (A: \"an Event the player really needs to occur\")",
};
pub const KEY_EVENT: ParamSpec = ParamSpec {
    name: "key_event",
    kind: ParamKind::Int {
        min: 1,
        max: EVENTS as i64,
    },
    default: 1,
    doc: "the event chosen as key chit with key_choice = fixed",
    source: "heuristic tuning",
};
pub const HOLD_EVENTS: ParamSpec = ParamSpec {
    name: "hold_events",
    kind: ParamKind::Bool,
    default: 0,
    doc: "hold drawn events for the side's next brigade activation instead of using them at once",
    source: "heuristic tuning (C i: \"saving it for later use or apply it immediately\")",
};

pub const HEURISTIC_TUNING: &[ParamSpec] = &[KEY_CHOICE, KEY_EVENT, HOLD_EVENTS];

/// The search's budget and the objective it maximises over the rest of
/// the turn: nothing a side decides reaches past the turn's end (the cup,
/// activations and held events all start afresh), so the turn is the
/// whole horizon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Search {
    /// Draw orders of the rest of the cup per decision; every choice is
    /// played out on each.
    pub samples: u32,
    pub activation_weight: u32,
    pub brigade_weight: u32,
    pub key_weight: u32,
    pub event_weight: u32,
}

pub const SAMPLES: ParamSpec = ParamSpec {
    name: "samples",
    kind: ParamKind::Int { min: 1, max: 10_000 },
    default: 16,
    doc: "draw orders of the rest of the cup sampled per decision; every choice is played out to the turn's end on each (the budget is playouts, never time)",
    source: "search tuning",
};
pub const ACTIVATION_WEIGHT: ParamSpec = ParamSpec {
    name: "activation_weight",
    kind: ParamKind::Int { min: 0, max: 1000 },
    default: 1,
    doc: "objective: worth of each brigade activation of the side this turn (a division chit returns only while it has an eligible brigade, so a CIC pick can cost one)",
    source: "search objective (the text leaves a side its activations and its key chit)",
};
pub const BRIGADE_WEIGHT: ParamSpec = ParamSpec {
    name: "brigade_weight",
    kind: ParamKind::Int { min: 0, max: 1000 },
    default: 2,
    doc: "objective: worth of each brigade of the side in play activated at least once this turn (an idle brigade is worth nothing)",
    source: "search objective",
};
pub const KEY_WEIGHT: ParamSpec = ParamSpec {
    name: "key_weight",
    kind: ParamKind::Int { min: 0, max: 1000 },
    default: 3,
    doc: "objective: worth of the side's key chit used this turn (A: \"an Event the player really needs to occur\")",
    source: "search objective",
};
pub const EVENT_WEIGHT: ParamSpec = ParamSpec {
    name: "event_weight",
    kind: ParamKind::Int { min: 0, max: 1000 },
    default: 1,
    doc: "objective: worth of each of the side's events used this turn, the key chit included",
    source: "search objective",
};

pub const SEARCH_TUNING: &[ParamSpec] = &[
    SAMPLES,
    ACTIVATION_WEIGHT,
    BRIGADE_WEIGHT,
    KEY_WEIGHT,
    EVENT_WEIGHT,
];

impl Search {
    pub fn from_values(values: &ParamValues) -> Search {
        let get = |spec| values.of(spec) as u32;
        Search {
            samples: get(&SAMPLES),
            activation_weight: get(&ACTIVATION_WEIGHT),
            brigade_weight: get(&BRIGADE_WEIGHT),
            key_weight: get(&KEY_WEIGHT),
            event_weight: get(&EVENT_WEIGHT),
        }
    }
}

/// The built-in players: what each is called and does, its tuning, and
/// how its typed value is built (the one list of them; a preset is one of
/// these with tuning).
pub const BUILT_INS: [BuiltIn<SicklesStrategy>; 3] = [
    BuiltIn {
        info: StrategyInfo {
            name: "random",
            about: "uniform over every choice: key chit, use or hold, brigade, order",
            tuning: &[],
        },
        build: |_| SicklesStrategy::Random,
    },
    BuiltIn {
        info: StrategyInfo {
            name: "heuristic",
            about: "key chit: the event used least so far; uses events at once; a division chit activates \
                    one of its eligible brigades (division_eligible) that no chit has activated this \
                    turn, else one of its eligible ones; a CIC chit one of the brigades with the fewest \
                    activations this turn; attack on a brigade's first activation of the turn, regroup after; \
                    ties between equal choices drawn from the side's own stream",
            tuning: HEURISTIC_TUNING,
        },
        build: |tuning| SicklesStrategy::Heuristic(Heuristic::from_values(tuning)),
    },
    BuiltIn {
        info: StrategyInfo {
            name: "search",
            about: "determinized Monte Carlo over the objective: at each event drawn (use or hold) and each \
                    brigade a division, CIC or Wild chit activates, plays every choice out to the turn's end \
                    on the same sampled draw orders of the rest of the cup, heuristics in both seats, and \
                    keeps the best; key chit and orders as the heuristic (no key chit and no order changes \
                    the objective)",
            tuning: SEARCH_TUNING,
        },
        build: |tuning| SicklesStrategy::Search(Search::from_values(tuning)),
    },
];

/// The built-ins as `fortunes strategies` lists them.
pub const STRATEGIES: &[StrategyInfo] = &infos(&BUILT_INS);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SicklesStrategy {
    Random,
    Heuristic(Heuristic),
    Search(Search),
}

impl Heuristic {
    /// The heuristic with its default tuning: the search's playouts and
    /// the decisions it does not search.
    pub const DEFAULT: Heuristic = Heuristic {
        key_choice: KeyChoice::MostNeeded,
        key_event: 0,
        hold_events: false,
    };

    /// Read from tuning of `HEURISTIC_TUNING`.
    fn from_values(tuning: &ParamValues) -> Heuristic {
        Heuristic {
            key_choice: [KeyChoice::MostNeeded, KeyChoice::Fixed, KeyChoice::Random]
                [tuning.of(&KEY_CHOICE) as usize],
            key_event: tuning.of(&KEY_EVENT) as u8 - 1,
            hold_events: tuning.of(&HOLD_EVENTS) != 0,
        }
    }
}

impl SicklesStrategy {
    pub fn from_player(player: &Player) -> SicklesStrategy {
        typed(&BUILT_INS, player)
    }

    /// The key chit (0-based event).
    #[inline]
    pub fn key_chit(&self, view: &View<'_>, rng: &mut GameRng) -> u8 {
        let random = |rng: &mut GameRng| rng.random_range(0..EVENTS as u8);
        match self {
            SicklesStrategy::Random => random(rng),
            SicklesStrategy::Search(_) => Self::Heuristic(Heuristic::DEFAULT).key_chit(view, rng),
            SicklesStrategy::Heuristic(h) => match h.key_choice {
                KeyChoice::Fixed => h.key_event,
                KeyChoice::Random => random(rng),
                KeyChoice::MostNeeded => {
                    let (mut fewest, mut least_used) = (u32::MAX, 0u16);
                    for (e, &used) in view.events_used.iter().enumerate() {
                        if used < fewest {
                            (fewest, least_used) = (used, 1 << e);
                        } else if used == fewest {
                            least_used |= 1 << e;
                        }
                    }
                    one_of(least_used, rng)
                }
            },
        }
    }

    /// Use a drawn event at once (true) or hold it (false).
    #[inline]
    pub fn use_at_once(&self, rng: &mut GameRng) -> bool {
        match self {
            SicklesStrategy::Random => rng.random::<bool>(),
            SicklesStrategy::Heuristic(h) => !h.hold_events,
            SicklesStrategy::Search(_) => !Heuristic::DEFAULT.hold_events,
        }
    }

    /// The brigade a division chit activates: one of `eligible` (a mask of
    /// the division's brigades the rules let it activate); `fresh` are those
    /// of them no chit has activated this turn.
    #[inline(always)]
    pub fn division_brigade(&self, eligible: u8, fresh: u8, rng: &mut GameRng) -> u8 {
        debug_assert!(eligible != 0);
        match self {
            SicklesStrategy::Random => {
                let mut bits = eligible;
                for _ in 0..rng.random_range(0..eligible.count_ones()) {
                    bits &= bits - 1;
                }
                bits.trailing_zeros() as u8
            }
            // A brigade no chit has activated yet before one a CIC or
            // Wild chit already moved.
            SicklesStrategy::Heuristic(_) | SicklesStrategy::Search(_) => {
                one_of(if fresh != 0 { fresh } else { eligible } as u16, rng)
            }
        }
    }

    /// The brigade a CIC (or Wild) activation picks: any brigade in play,
    /// as (division, brigade); `None` when the side has none in play.
    #[inline]
    pub fn any_brigade(&self, view: &View<'_>, rng: &mut GameRng) -> Option<(usize, u8)> {
        let total = view.brigades_in_play();
        if total == 0 {
            return None;
        }
        Some(match self {
            SicklesStrategy::Random => view.nth_brigade(rng.random_range(0..total)),
            SicklesStrategy::Heuristic(_) | SicklesStrategy::Search(_) => {
                // One pass for the fewest activations and how many brigades
                // have them; a second, only on a tie, to find the one drawn.
                let in_play = || {
                    (0..MAX_DIVISIONS).flat_map(move |d| {
                        (0..view.brigades[d]).map(move |b| (d, b, view.activations[d][b as usize]))
                    })
                };
                let (mut fewest, mut tied, mut first) = (u8::MAX, 0u32, (0, 0));
                for (d, b, count) in in_play() {
                    if count < fewest {
                        (fewest, tied, first) = (count, 1, (d, b));
                    } else if count == fewest {
                        tied += 1;
                    }
                }
                if tied == 1 {
                    return Some(first);
                }
                // Equal brigades are told apart by the seat's own stream,
                // never by where the scenario lists them.
                let pick = rng.random_range(0..tied) as usize;
                let (d, b, _) = in_play()
                    .filter(|&(_, _, count)| count == fewest)
                    .nth(pick)
                    .expect("pick is below the tied brigades");
                (d, b)
            }
        })
    }

    /// The order of a brigade about to activate for the `nth` time this
    /// turn (0 for its first activation).
    #[inline]
    pub fn order(&self, nth: u8, rng: &mut GameRng) -> Order {
        match self {
            SicklesStrategy::Random => Order::ALL[rng.random_range(0..4)],
            SicklesStrategy::Heuristic(_) | SicklesStrategy::Search(_) => {
                if nth == 0 {
                    Order::Attack
                } else {
                    Order::Regroup
                }
            }
        }
    }
}

/// One of the choices set in `mask`, uniformly from the seat's stream when
/// there is more than one: equal choices are never told apart by the
/// order the scenario or the rules list them in. With one choice nothing
/// is drawn.
#[inline(always)]
fn one_of(mask: u16, rng: &mut GameRng) -> u8 {
    debug_assert!(mask != 0);
    let mut bits = mask;
    if bits.count_ones() > 1 {
        for _ in 0..rng.random_range(0..bits.count_ones()) {
            bits &= bits - 1;
        }
    }
    bits.trailing_zeros() as u8
}

/// A side's decisions, as the game asks them: a built-in player, or an
/// external agent (`super::agent::Seated`).
pub trait Decide {
    fn key_chit(&self, view: &View<'_>, rng: &mut GameRng) -> u8;
    fn use_at_once(&self, rng: &mut GameRng) -> bool;
    /// `division` is 0-based; `eligible` and `fresh` are brigade masks.
    fn division_brigade(&self, division: usize, eligible: u8, fresh: u8, rng: &mut GameRng) -> u8;
    fn any_brigade(&self, view: &View<'_>, rng: &mut GameRng) -> Option<(usize, u8)>;
    fn order(&self, nth: u8, rng: &mut GameRng) -> Order;
    /// The search's budget and objective, when this side searches: the
    /// game then plays out its use-or-hold and brigade decisions itself.
    fn search(&self) -> Option<Search> {
        None
    }
}

impl Decide for SicklesStrategy {
    #[inline]
    fn key_chit(&self, view: &View<'_>, rng: &mut GameRng) -> u8 {
        SicklesStrategy::key_chit(self, view, rng)
    }
    #[inline]
    fn use_at_once(&self, rng: &mut GameRng) -> bool {
        SicklesStrategy::use_at_once(self, rng)
    }
    #[inline]
    fn division_brigade(&self, _division: usize, eligible: u8, fresh: u8, rng: &mut GameRng) -> u8 {
        SicklesStrategy::division_brigade(self, eligible, fresh, rng)
    }
    #[inline]
    fn any_brigade(&self, view: &View<'_>, rng: &mut GameRng) -> Option<(usize, u8)> {
        SicklesStrategy::any_brigade(self, view, rng)
    }
    #[inline]
    fn order(&self, nth: u8, rng: &mut GameRng) -> Order {
        SicklesStrategy::order(self, nth, rng)
    }
    #[inline]
    fn search(&self) -> Option<Search> {
        match self {
            SicklesStrategy::Search(search) => Some(*search),
            _ => None,
        }
    }
}
