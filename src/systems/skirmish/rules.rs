//! Skirmishing with Ancients (Walter Simon; seed `003_95b269483f53f494.txt`)
//! as named parameters: the increment deck, the fire and melee table, group
//! morale, and the readings the text leaves open.

use crate::error::{Error, ErrorKind, Result};
use crate::params::{ParamKind, ParamSpec, ParamValues};

pub const SYSTEM: &str = "skirmish";

/// Card values: one to six increments.
pub const VALUES: usize = 6;

pub const SPECS: &[ParamSpec] = &[
    ParamSpec {
        name: "cards_per_value",
        kind: ParamKind::Int { min: 1, max: 4 },
        default: 2,
        doc: "cards of each value (1 to 6 increments) in each side's deck; a side plays its whole deck",
        source: "\"There are 2 one-increment cards, 2 two-increment cards, all the way up to 2 six-increment cards\"",
    },
    ParamSpec {
        name: "cards_1",
        kind: ParamKind::OptionalInt { min: 0, max: 4 },
        default: crate::params::NONE,
        doc: "one-increment cards in each side's deck; none: cards_per_value (for a deck that is not the same for every value)",
        source: "\"There are 2 one-increment cards, 2 two-increment cards, all the way up to 2 six-increment cards\"",
    },
    ParamSpec {
        name: "cards_2",
        kind: ParamKind::OptionalInt { min: 0, max: 4 },
        default: crate::params::NONE,
        doc: "two-increment cards in each side's deck; none: cards_per_value (for a deck that is not the same for every value)",
        source: "\"There are 2 one-increment cards, 2 two-increment cards, all the way up to 2 six-increment cards\"",
    },
    ParamSpec {
        name: "cards_3",
        kind: ParamKind::OptionalInt { min: 0, max: 4 },
        default: crate::params::NONE,
        doc: "three-increment cards in each side's deck; none: cards_per_value (for a deck that is not the same for every value)",
        source: "\"There are 2 one-increment cards, 2 two-increment cards, all the way up to 2 six-increment cards\"",
    },
    ParamSpec {
        name: "cards_4",
        kind: ParamKind::OptionalInt { min: 0, max: 4 },
        default: crate::params::NONE,
        doc: "four-increment cards in each side's deck; none: cards_per_value (for a deck that is not the same for every value)",
        source: "\"There are 2 one-increment cards, 2 two-increment cards, all the way up to 2 six-increment cards\"",
    },
    ParamSpec {
        name: "cards_5",
        kind: ParamKind::OptionalInt { min: 0, max: 4 },
        default: crate::params::NONE,
        doc: "five-increment cards in each side's deck; none: cards_per_value (for a deck that is not the same for every value)",
        source: "\"There are 2 one-increment cards, 2 two-increment cards, all the way up to 2 six-increment cards\"",
    },
    ParamSpec {
        name: "cards_6",
        kind: ParamKind::OptionalInt { min: 0, max: 4 },
        default: crate::params::NONE,
        doc: "six-increment cards in each side's deck; none: cards_per_value (for a deck that is not the same for every value)",
        source: "\"There are 2 one-increment cards, 2 two-increment cards, all the way up to 2 six-increment cards\"",
    },
    ParamSpec {
        name: "hand_size",
        kind: ParamKind::Int { min: 1, max: 6 },
        default: 3,
        doc: "cards held; one is played, then one drawn",
        source: "\"3 cards drawn which the gamer holds in, and plays from, his hand\"",
    },
    ParamSpec {
        name: "result_reading",
        kind: ParamKind::Choice(&["clamp", "natural_extremes"]),
        default: 0,
        doc: "how a modified d10 outside 1-10 reads: clamped to 1 (no effect) or 10 (kill); or the same, except that a natural 1 never scores and a natural 10 always kills",
        source: "the table gives 1-10 and modifiers; results outside it are not covered (RULES-NOTES)",
    },
    ParamSpec {
        name: "morale_pass",
        kind: ParamKind::Choice(&["strictly_under", "at_or_under"]),
        default: 0,
        doc: "a percentile roll (1-100) passes morale strictly under the group's level, or at or under it",
        source: "\"neither rolled under the required number using percentage dice\"",
    },
    ParamSpec {
        name: "commander_points",
        kind: ParamKind::Int { min: 0, max: 1000 },
        default: 100,
        doc: "morale points each commander may add to his groups' checks, each point spent once",
        source: "\"each side was assigned a total of 100 morale points ... on a one-shot basis\"",
    },
    ParamSpec {
        name: "foot_inches",
        kind: ParamKind::Int { min: 1, max: 12 },
        default: 2,
        doc: "inches a foot soldier moves per increment",
        source: "\"Each increment, each man may move 2 inches\"",
    },
    ParamSpec {
        name: "cavalry_inches",
        kind: ParamKind::Int { min: 1, max: 24 },
        default: 4,
        doc: "inches a cavalryman moves per increment",
        source: "\"Cavalry move twice as fast as infantry, i.e., 4 inches per increment\"",
    },
    ParamSpec {
        name: "creek_cards",
        kind: ParamKind::Int { min: 1, max: 12 },
        default: 2,
        doc: "the attackers' cards spent crossing a scenario's creek (its `creek`), whatever their increments: the advance stops at the creek, the next cards are spent in it, and the advance goes on from the far bank",
        source: "\"Crossing the creek took 2 complete card draws... regardless of the number of increments\"",
    },
    ParamSpec {
        name: "support_fire_increments",
        kind: ParamKind::Int { min: 0, max: 6 },
        default: 2,
        doc: "increments of the defender's card a bowman not himself charged may use against a charge",
        source: "\"defensive support fire was limited to 2 increments only\"",
    },
    ParamSpec {
        name: "charging_shooters",
        kind: ParamKind::Choice(&["fire_leftover", "hold_fire"]),
        default: 0,
        doc: "attacking missile men on the card they charge: fire with the increments the advance leaves, at point-blank (each increment a man may move or fire, on either side), or hold their fire (the text describes fire on a charge only for the defenders)",
        source: "\"Each increment, each man may move 2 inches, or pivot in place, or fire an arrow\"; \"on the attacker's card, a charge was declared and the charging men placed just short of contact\"",
    },
    ParamSpec {
        name: "long_range",
        kind: ParamKind::Choice(&["tens", "digit"]),
        default: 0,
        doc: "the range modifier at 100 inches and more: the whole number of tens (105 inches: -10), so that a weapon fires until the modifier makes a hit impossible; or the written tens digit alone (105 inches: -0)",
        source: "\"minus the ten's digit of the range measurement in inches\"; \"there is no reason to specify a maximum range for the weapon... it fires until the range modifier makes it impossible to hit\"",
    },
    ParamSpec {
        name: "melee_max_throws",
        kind: ParamKind::Int { min: 1, max: 1000 },
        default: 100,
        doc: "a melee whose men cannot score (modifiers too low) ends undecided after this many throws",
        source: "\"the dice were thrown again until one, or both of them hit\" (which need not happen)",
    },
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    Clamp,
    NaturalExtremes,
}

/// How the range modifier reads past 99 inches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LongRange {
    Tens,
    Digit,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoralePass {
    StrictlyUnder,
    AtOrUnder,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    /// Cards of each value (index 0: one increment) in each side's deck.
    pub cards: [u8; VALUES],
    /// Their sum, kept: every draw asks for it.
    deck: u32,
    pub hand_size: u8,
    pub reading: Reading,
    pub morale_pass: MoralePass,
    pub commander_points: u32,
    pub foot_inches: u32,
    pub cavalry_inches: u32,
    pub support_fire_increments: u32,
    pub creek_cards: u32,
    /// Charging missile men fire the increments their advance leaves.
    pub charging_fire: bool,
    pub long_range: LongRange,
    pub melee_max_throws: u32,
}

impl Rules {
    pub fn defaults() -> ParamValues {
        ParamValues::defaults(SYSTEM, SPECS)
    }

    pub fn from_values(values: &ParamValues) -> Result<Rules> {
        let get = |name: &str| values.get(name);
        let rules = Rules {
            deck: 0,
            cards: std::array::from_fn(|v| {
                match values.get(
                    [
                        "cards_1", "cards_2", "cards_3", "cards_4", "cards_5", "cards_6",
                    ][v],
                ) {
                    crate::params::NONE => get("cards_per_value") as u8,
                    n => n as u8,
                }
            }),
            hand_size: get("hand_size") as u8,
            reading: [Reading::Clamp, Reading::NaturalExtremes][get("result_reading") as usize],
            morale_pass: [MoralePass::StrictlyUnder, MoralePass::AtOrUnder]
                [get("morale_pass") as usize],
            commander_points: get("commander_points") as u32,
            foot_inches: get("foot_inches") as u32,
            cavalry_inches: get("cavalry_inches") as u32,
            support_fire_increments: get("support_fire_increments") as u32,
            creek_cards: get("creek_cards") as u32,
            charging_fire: get("charging_shooters") == 0,
            long_range: [LongRange::Tens, LongRange::Digit][get("long_range") as usize],
            melee_max_throws: get("melee_max_throws") as u32,
        };
        let rules = Rules {
            deck: rules.cards.iter().map(|&n| n as u32).sum(),
            ..rules
        };
        if rules.deck_size() == 0 {
            return Err(Error::new(ErrorKind::BadValue {
                name: "cards_1..cards_6".into(),
                value: "0 cards in all".into(),
                allowed: "a deck of at least one card (each value's count, or cards_per_value where it is unset)".into(),
            }));
        }
        Ok(rules)
    }

    /// Cards in a side's deck (and so the plays a side makes).
    pub fn deck_size(&self) -> u32 {
        self.deck
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules::from_values(&Rules::defaults()).expect("defaults are valid")
    }
}
