//! Skirmish players: which card of the hand to play, how the men are
//! grouped for a morale check, and how the commander spends his one-shot
//! morale points.

use super::rules::VALUES;
use crate::engine::seeding::GameRng;
use crate::params::{ParamKind, ParamSpec, ParamValues};
use crate::system::{infos, typed, BuiltIn, Player, StrategyInfo};
use rand::Rng;

/// Shots a man with a weapon loading in `load` increments fires on a card
/// of `increments`: loaded at the start (loading between cards is
/// automatic), then fire, load, fire, ... (an archer on a 5: 3 shots).
pub const fn shots(increments: u32, load: u8) -> u32 {
    if increments == 0 {
        0
    } else {
        1 + (increments - 1) / (load as u32 + 1)
    }
}

/// What a side knows when it picks a card.
#[derive(Clone, Copy, Debug)]
pub struct Situation {
    pub attacking: bool,
    /// Inches to the enemy (0 in contact).
    pub distance: u32,
    /// Inches per increment of the side's slowest fighting man.
    pub speed: u32,
    /// Its shooters' load time, if it has any shooter.
    pub load: Option<u8>,
    /// The enemy has declared a charge this side must now meet.
    pub charged: bool,
    /// Inches the attackers' advance still has to go before it stops: to
    /// the creek while it lies ahead of them (0 in it), else to contact
    /// (`distance`).
    pub stop: u32,
}

/// How a player picks its card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardPlay {
    Random,
    Lowest,
    Highest,
    /// Save high cards for the charge: attacking, play the lowest card that
    /// reaches contact, else the lowest; defending, the highest against a
    /// charge (the most defensive fire), else the lowest.
    HoldHigh,
    /// Fire-load cadence: the card giving its shooters the most shots,
    /// the lowest of equals (an archer plays a 5 before a 6).
    Cadence,
    /// Determinized Monte Carlo over victory points: the game plays each
    /// card out on sampled decks and dice (`Game::search_card`); as a
    /// plain rule, it plays as `HoldHigh`.
    Search,
}

/// How a side groups its fighting men for a morale check: "the tester has
/// the option of grouping up to 3 men for the check".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grouping {
    /// The groups that keep the most men standing on average
    /// (`table::most_standing_groups`), men taken in standing order.
    MostStanding,
    /// Threes in standing order, whatever their state.
    StandingOrder,
}

impl Grouping {
    pub const fn name(self) -> &'static str {
        match self {
            Grouping::MostStanding => "most_standing",
            Grouping::StandingOrder => "standing_order",
        }
    }
}

/// When a side calls up its reserves: "the Viking leader, 3 points down
/// ..., assumed he had nothing to lose in summoning up reserves"; "the
/// Viking commander was forced to call up a reserve to counter the
/// invader".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reserves {
    /// On its card, while it has fewer fighting men than the enemy, the
    /// side calls reserves up one at a time, in standing order, until it
    /// has as many.
    Outnumbered,
    /// On its card, while its net victory points are below the enemy's,
    /// the side calls up every reserve it has left.
    Behind,
    Never,
}

impl Reserves {
    pub const fn name(self) -> &'static str {
        match self {
            Reserves::Outnumbered => "outnumbered",
            Reserves::Behind => "behind",
            Reserves::Never => "never",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SkirmishStrategy {
    pub cards: CardPlay,
    pub grouping: Grouping,
    /// Commander points raise a failing-prone group's level up to this (0: never).
    pub morale_target: u32,
    /// The search's samples a decision (0 for the other players).
    pub samples: u32,
    /// Attacking, a side with shooters halts to shoot a card it cannot
    /// charge on when the enemy is this close (0: never halts).
    pub halt_within: u32,
    pub reserves: Reserves,
}

pub const MORALE_TARGET: ParamSpec = ParamSpec {
    name: "morale_target",
    kind: ParamKind::Int { min: 0, max: 100 },
    default: 80,
    doc:
        "the commander spends points to bring a testing group's level up to this (0: never spends)",
    source: "\"the commander could assist, on a one-shot basis, any of his troops\"",
};
pub const HALT_WITHIN: ParamSpec = ParamSpec {
    name: "halt_within",
    kind: ParamKind::Int { min: 0, max: 1000 },
    default: 0,
    doc: "attacking with missile men, halt the whole side to shoot (instead of advancing) on a card that cannot reach contact, nor a creek ahead, when the enemy is at most this many inches away (0: never halts; charging shooters still fire with the increments the charge leaves)",
    source: "\"Each increment, each man may move 2 inches, or pivot in place, or fire an arrow, or notch an arrow\"",
};

pub const GROUPING: ParamSpec = ParamSpec {
    name: "grouping",
    kind: ParamKind::Choice(&["most_standing", "standing_order"]),
    default: 0,
    doc: "how the side's fighting men are grouped (up to 3 a group) for a morale check: most_standing (the groups that keep the most men standing on average: a group's men times its chance to pass, commander points aside; the men of each makeup taken in standing order) or standing_order (threes in standing order, whatever their state)",
    source: "\"When morale is tested, the tester has the option of grouping up to 3 men for the check\"",
};

pub const RESERVES: ParamSpec = ParamSpec {
    name: "reserves",
    kind: ParamKind::Choice(&["outnumbered", "behind", "never"]),
    default: 0,
    doc: "when the side calls up its scenario's reserves, on its own card before it plays: outnumbered (while it has fewer fighting men than the enemy, one at a time in standing order until it has as many), behind (while its net victory points, enemy dead less its reserves' cost, are below the enemy's: every reserve left) or never",
    source: "\"assumed he had nothing to lose in summoning up reserves\"; \"forced to call up a reserve to counter the invader\"",
};

pub const TUNING: &[ParamSpec] = &[MORALE_TARGET, HALT_WITHIN, GROUPING, RESERVES];

/// The built-in players: what each is called and does, its tuning, and
/// how its typed value is built (the one list of them; a preset is one of
/// these with tuning).
pub const BUILT_INS: [BuiltIn<SkirmishStrategy>; 6] = [
    BuiltIn {
        info: StrategyInfo {
            name: "random",
            about: "plays a card of the hand at random",
            tuning: TUNING,
        },
        build: |tuning| SkirmishStrategy::with(CardPlay::Random, tuning),
    },
    BuiltIn {
        info: StrategyInfo {
            name: "lowest",
            about: "plays its lowest card",
            tuning: TUNING,
        },
        build: |tuning| SkirmishStrategy::with(CardPlay::Lowest, tuning),
    },
    BuiltIn {
        info: StrategyInfo {
            name: "highest",
            about: "plays its highest card",
            tuning: TUNING,
        },
        build: |tuning| SkirmishStrategy::with(CardPlay::Highest, tuning),
    },
    BuiltIn {
        info: StrategyInfo {
            name: "hold_high",
            about: "saves high cards for the charge: the lowest card that reaches contact, else the lowest; defending, the highest against a charge",
            tuning: TUNING,
        },
        build: |tuning| SkirmishStrategy::with(CardPlay::HoldHigh, tuning),
    },
    BuiltIn {
        info: StrategyInfo {
            name: "cadence",
            about: "plays the card that gives its shooters the most shots, the lowest of equals (a 5 before a 6 for an archer); without shooters, the lowest",
            tuning: TUNING,
        },
        build: |tuning| SkirmishStrategy::with(CardPlay::Cadence, tuning),
    },
    BuiltIn {
        info: StrategyInfo {
            name: "search",
            about: "determinized Monte Carlo: for each card value in hand, 16 times shuffles what it cannot see (its own deck, the enemy's hand and deck) and rolls new dice, plays the game out with hold_high players, and plays the card with the best average victory-point margin",
            tuning: SEARCH_TUNING,
        },
        build: |tuning| SkirmishStrategy::with(CardPlay::Search, tuning),
    },
];

/// The built-ins as `fortunes strategies` lists them.
pub const STRATEGIES: &[StrategyInfo] = &infos(&BUILT_INS);

/// The search's keys: the others', and its budget.
pub const SAMPLES: ParamSpec = ParamSpec {
    name: "samples",
    kind: ParamKind::Int { min: 1, max: 10_000 },
    default: 16,
    doc: "deals and dice sampled per card decision; every card value in hand is played out on each (the budget is playouts, never time)",
    source: "search tuning",
};

pub const SEARCH_TUNING: &[ParamSpec] = &[MORALE_TARGET, HALT_WITHIN, GROUPING, RESERVES, SAMPLES];

/// Cards in hand: counts per value (index 0 = one increment), and the
/// values present as bits, so the lowest, the highest and "is a 6 in hand"
/// are single bit operations on every play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hand {
    counts: [u8; VALUES],
    present: u8,
}

impl Hand {
    pub fn add(&mut self, value: u32) {
        self.counts[value as usize - 1] += 1;
        self.present |= 1 << (value - 1);
    }

    pub fn remove(&mut self, value: u32) {
        let count = &mut self.counts[value as usize - 1];
        *count -= 1;
        // Branch-free: whether the last card of a value went is a coin flip
        // to the branch predictor.
        self.present &= !(((*count == 0) as u8) << (value - 1));
    }

    pub fn count(&self, value: u32) -> u32 {
        self.counts[value as usize - 1] as u32
    }

    pub fn len(&self) -> u32 {
        self.counts.iter().map(|&c| c as u32).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.present == 0
    }

    pub fn has(&self, value: u32) -> bool {
        self.present >> (value - 1) & 1 != 0
    }

    /// The values present, one bit each (bit 0 = one increment).
    pub fn present(&self) -> u8 {
        self.present
    }

    pub fn values(&self) -> impl Iterator<Item = u32> {
        let mut bits = self.present;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let v = bits.trailing_zeros() + 1;
                bits &= bits - 1;
                v
            })
        })
    }

    pub fn lowest(&self) -> Option<u32> {
        (self.present != 0).then(|| self.present.trailing_zeros() + 1)
    }

    pub fn highest(&self) -> Option<u32> {
        (self.present != 0).then(|| 8 - self.present.leading_zeros())
    }
}

impl SkirmishStrategy {
    /// `cards` with `tuning` (of `TUNING`, or `SEARCH_TUNING` for the
    /// search, which adds its samples).
    fn with(cards: CardPlay, tuning: &ParamValues) -> SkirmishStrategy {
        SkirmishStrategy {
            cards,
            grouping: match tuning.of(&GROUPING) {
                0 => Grouping::MostStanding,
                _ => Grouping::StandingOrder,
            },
            morale_target: tuning.of(&MORALE_TARGET) as u32,
            samples: match cards {
                CardPlay::Search => tuning.of(&SAMPLES) as u32,
                _ => 0,
            },
            halt_within: tuning.of(&HALT_WITHIN) as u32,
            reserves: match tuning.of(&RESERVES) {
                0 => Reserves::Outnumbered,
                1 => Reserves::Behind,
                _ => Reserves::Never,
            },
        }
    }

    pub fn from_player(player: &Player) -> SkirmishStrategy {
        typed(&BUILT_INS, player)
    }

    /// The value of the card to play from a non-empty hand.
    #[inline(always)]
    pub fn card(&self, hand: &Hand, situation: &Situation, rng: &mut GameRng) -> u32 {
        let lowest = hand.lowest().expect("a hand to play from");
        match self.cards {
            CardPlay::Lowest => lowest,
            CardPlay::Highest => hand.highest().unwrap_or(lowest),
            CardPlay::Random => {
                let mut pick = rng.random_range(0..hand.len());
                for v in 1..=VALUES as u32 {
                    let count = hand.count(v);
                    if pick < count {
                        return v;
                    }
                    pick -= count;
                }
                unreachable!("pick is below the hand's size")
            }
            CardPlay::HoldHigh | CardPlay::Search => {
                // The advance stops at the creek (in it, every card
                // crosses alike: `stop` is 0 and the lowest is played).
                if situation.attacking && situation.distance > 0 {
                    hand.values()
                        .find(|&v| v * situation.speed >= situation.stop)
                        .unwrap_or(lowest)
                } else if situation.charged {
                    hand.highest().unwrap_or(lowest)
                } else {
                    lowest
                }
            }
            CardPlay::Cadence => match situation.load {
                None => lowest,
                Some(load) => {
                    hand.values()
                        .fold((lowest, 0), |(best, most), v| {
                            let s = shots(v, load);
                            if s > most {
                                (v, s)
                            } else {
                                (best, most)
                            }
                        })
                        .0
                }
            },
        }
    }

    /// Commander points to add to a group at `level`, from `available`.
    pub fn morale_points(&self, level: i64, available: u32) -> u32 {
        let short = self.morale_target as i64 - level;
        if self.morale_target == 0 || short <= 0 {
            0
        } else {
            (short as u32).min(available)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_archer_fires_load_fire_load_fire_on_a_five() {
        assert_eq!(shots(5, 1), 3);
        assert_eq!(
            (1..=6).map(|n| shots(n, 1)).collect::<Vec<_>>(),
            [1, 1, 2, 2, 3, 3]
        );
        // A crossbow (3 to load) fires half as often as an archer.
        assert_eq!(
            (1..=6).map(|n| shots(n, 3)).collect::<Vec<_>>(),
            [1, 1, 1, 1, 2, 2]
        );
        assert_eq!(shots(0, 1), 0);
    }

    #[test]
    fn holding_high_plays_the_lowest_card_that_reaches_the_next_stop() {
        let player = SkirmishStrategy {
            cards: CardPlay::HoldHigh,
            grouping: Grouping::MostStanding,
            morale_target: 0,
            samples: 0,
            halt_within: 0,
            reserves: Reserves::Never,
        };
        let mut hand = Hand::default();
        for value in [2, 4, 5] {
            hand.add(value);
        }
        let mut rng = crate::engine::seeding::game_rng(0, 0, crate::engine::seeding::Stream::DEAL);
        let mut play = |distance: u32, stop: u32| {
            let situation = Situation {
                attacking: true,
                distance,
                stop,
                speed: 2,
                load: None,
                charged: false,
            };
            player.card(&hand, &situation, &mut rng)
        };
        // Open ground 8" off: the 4 reaches contact.
        assert_eq!(play(8, 8), 4);
        // A creek 10" ahead of the attackers, 20" from the enemy: the 5
        // takes them to it (the 4 would stop short).
        assert_eq!(play(20, 10), 5);
        // In the creek every card crosses alike: the lowest.
        assert_eq!(play(10, 0), 2);
        // Nothing reaches: the lowest.
        assert_eq!(play(30, 30), 2);
    }
}
