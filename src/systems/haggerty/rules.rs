//! The Haggerty sequence's rule parameters (seed `000_4f524c386eb34d1d.txt`)
//! and their typed, validated form.

use crate::engine::cards::{Card, CardSet, Rank, Suit, MAX_DECK, MAX_JOKERS};
use crate::engine::{BySeat, Seat};
use crate::error::{Error, ErrorKind, Result};
use crate::params::{ParamKind, ParamSpec, ParamValues, NONE};

pub const SYSTEM: &str = "haggerty";

/// Upper bound on a hand: keeps rounds per turn (at most both hands) and
/// chain lengths inside the fixed-size statistics.
pub const MAX_HAND: i64 = 30;

pub const JOKER_TIE: &[&str] = &["coin_flip", "previous_first"];
pub const EMPTY_DRAW_PILE: &[&str] = &["reshuffle", "end_game"];

pub const SPECS: &[ParamSpec] = &[
    ParamSpec {
        name: "jokers",
        kind: ParamKind::Int { min: 0, max: MAX_JOKERS as i64 },
        default: 2,
        doc: "jokers added to the 52 suit cards; they outrank every suit card and tie with each other",
        source: "seed: \"The two Jokers outrank all suit cards.\"",
    },
    ParamSpec {
        name: "hand_size",
        kind: ParamKind::Int { min: 1, max: MAX_HAND },
        default: 6,
        doc: "cards each side holds after the deal and after each turn's refill",
        source: "seed: \"each player is dealt a hand of six cards\"; \"replenishing his hand to six cards\"",
    },
    ParamSpec {
        name: "hand_size_a",
        kind: ParamKind::OptionalInt { min: 1, max: MAX_HAND },
        default: NONE,
        doc: "seat a's hand size if it differs from hand_size (none: use hand_size)",
        source: "seed variant: \"the maximum number of cards in a player's hand can be varied to reflect differences in CinC ability\"",
    },
    ParamSpec {
        name: "hand_size_b",
        kind: ParamKind::OptionalInt { min: 1, max: MAX_HAND },
        default: NONE,
        doc: "seat b's hand size if it differs from hand_size (none: use hand_size)",
        source: "seed variant: \"the maximum number of cards in a player's hand can be varied to reflect differences in CinC ability\"",
    },
    ParamSpec {
        name: "actions_per_card",
        kind: ParamKind::Int { min: 1, max: 60 },
        default: 6,
        doc: "total actions one card allows, spread over units within the per-unit limit",
        source: "seed: \"Each card allows a total of six actions to be performed\" (\"larger games may require more\")",
    },
    ParamSpec {
        name: "unit_actions_face",
        kind: ParamKind::Int { min: 1, max: 10 },
        default: 1,
        doc: "actions one unit may take on a Jack, Queen or King",
        source: "seed: \"Jack, Queen, King = one action\"",
    },
    ParamSpec {
        name: "unit_actions_middle",
        kind: ParamKind::Int { min: 1, max: 10 },
        default: 2,
        doc: "actions one unit may take on a 4 to 10",
        source: "seed: \"4, 5, 6, 7, 8, 9, 10 = two actions\"",
    },
    ParamSpec {
        name: "unit_actions_low",
        kind: ParamKind::Int { min: 1, max: 10 },
        default: 3,
        doc: "actions one unit may take on an Ace, 2 or 3",
        source: "seed: \"Ace, 2, 3, = three actions\"",
    },
    ParamSpec {
        name: "unit_actions_joker",
        kind: ParamKind::Int { min: 1, max: 10 },
        default: 3,
        doc: "actions one unit may take on a joker (of any type)",
        source: "seed: jokers \"permit a unit to perform three actions of any type\"",
    },
    ParamSpec {
        name: "joker_tie",
        kind: ParamKind::Choice(JOKER_TIE),
        default: 0,
        doc: "who is first player when both reveal jokers: a coin flip, or the game's previous first player (coin flip if there is none)",
        source: "RULES-NOTES gap: two jokers are equal and the text gives no tie rule",
    },
    ParamSpec {
        name: "empty_draw_pile",
        kind: ParamKind::Choice(EMPTY_DRAW_PILE),
        default: 0,
        doc: "when a refill needs a card and the pile is empty: shuffle the discards into a new pile, or end the game before that turn (seat a refills before seat b)",
        source: "RULES-NOTES gap: the text does not say what happens when the draw pile runs out",
    },
    ParamSpec {
        name: "turns",
        kind: ParamKind::Int { min: 1, max: 1000 },
        default: 10,
        doc: "turns in a game (a scenario parameter)",
        source: "RULES-NOTES gap: the text does not give a game length",
    },
    ParamSpec {
        name: "cavalry_charge_on_red",
        kind: ParamKind::Bool,
        default: 0,
        doc: "cavalry may charge on either red suit, so diamonds also count towards charge actions",
        source: "seed variant: \"cavalry could be permitted to Charge on either red suit\"",
    },
    ParamSpec {
        name: "artillery_fire_any_suit",
        kind: ParamKind::Bool,
        default: 0,
        doc: "artillery may fire on any suit, so red cards also count towards fire actions",
        source: "seed variant: \"artillery allowed to fire on all suits\"",
    },
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JokerTie {
    CoinFlip,
    PreviousFirst,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmptyDrawPile {
    Reshuffle,
    EndGame,
}

/// The action types a card can allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionType {
    Move = 0,
    Fire = 1,
    Rally = 2,
    Charge = 3,
}

impl ActionType {
    pub const ALL: [ActionType; 4] = [
        ActionType::Move,
        ActionType::Fire,
        ActionType::Rally,
        ActionType::Charge,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            ActionType::Move => "move",
            ActionType::Fire => "fire",
            ActionType::Rally => "rally",
            ActionType::Charge => "charge",
        }
    }
}

/// Validated rules with the per-card tables the game loop reads.
#[derive(Clone, Debug)]
pub struct Rules {
    pub values: ParamValues,
    pub jokers: u8,
    pub deck: CardSet,
    pub hand_size: BySeat<u8>,
    pub actions_per_card: u32,
    pub turns: u32,
    pub joker_tie: JokerTie,
    pub empty_draw_pile: EmptyDrawPile,
    /// Per-unit action limit of each card, by card index.
    pub unit_actions: [u8; MAX_DECK],
    /// The same limits bit-sliced: bit `k` of a card's limit is its bit in
    /// `unit_action_bits[k]`, so a set's total is four popcounts.
    pub unit_action_bits: [CardSet; 4],
    /// The cards that allow each `ActionType`.
    pub allows: [CardSet; 4],
}

impl Default for Rules {
    fn default() -> Self {
        Rules::from_values(ParamValues::defaults(SYSTEM, SPECS)).expect("defaults are valid")
    }
}

impl Rules {
    pub fn defaults() -> ParamValues {
        ParamValues::defaults(SYSTEM, SPECS)
    }

    pub fn from_values(values: ParamValues) -> Result<Rules> {
        let jokers = values.get("jokers") as u8;
        let deck = CardSet::deck(jokers);
        let hand = values.get("hand_size");
        let side = |name: &str| match values.get(name) {
            NONE => hand,
            own => own,
        };
        let hand_size = BySeat([side("hand_size_a") as u8, side("hand_size_b") as u8]);
        let dealt = hand_size[Seat::A] as u32 + hand_size[Seat::B] as u32;
        if dealt > deck.len() {
            return Err(Error::new(ErrorKind::ImpossibleRules(format!(
                "the hands hold {dealt} cards ({} + {}) but the deck has only {} \
                 (52 + jokers = {jokers}); lower hand_size, hand_size_a or hand_size_b, or add jokers",
                hand_size[Seat::A],
                hand_size[Seat::B],
                deck.len()
            ))));
        }
        let mut unit_actions = [0u8; MAX_DECK];
        for card in CardSet::deck(MAX_JOKERS).iter() {
            unit_actions[card.index() as usize] = match card.rank().map(Rank::value) {
                None => values.get("unit_actions_joker"),
                Some(1..=3) => values.get("unit_actions_low"),
                Some(4..=10) => values.get("unit_actions_middle"),
                Some(_) => values.get("unit_actions_face"),
            } as u8;
        }
        let mut unit_action_bits = [CardSet::EMPTY; 4];
        for card in deck.iter() {
            for (bit, slice) in unit_action_bits.iter_mut().enumerate() {
                if unit_actions[card.index() as usize] >> bit & 1 == 1 {
                    slice.insert(card);
                }
            }
        }
        let jokers_set = deck.minus(CardSet::deck(0));
        let suit = |wanted: &[Suit]| -> CardSet {
            deck.iter()
                .filter(|c| c.suit().is_some_and(|s| wanted.contains(&s)))
                .collect::<CardSet>()
                .union(jokers_set)
        };
        let red = suit(&[Suit::Hearts, Suit::Diamonds]);
        let fire = if values.get("artillery_fire_any_suit") != 0 {
            deck
        } else {
            suit(&[Suit::Clubs, Suit::Spades])
        };
        let charge = if values.get("cavalry_charge_on_red") != 0 {
            red
        } else {
            suit(&[Suit::Hearts])
        };
        let allows = [red, fire, suit(&[Suit::Spades]), charge];
        Ok(Rules {
            jokers,
            deck,
            hand_size,
            actions_per_card: values.get("actions_per_card") as u32,
            turns: values.get("turns") as u32,
            joker_tie: [JokerTie::CoinFlip, JokerTie::PreviousFirst]
                [values.get("joker_tie") as usize],
            empty_draw_pile: [EmptyDrawPile::Reshuffle, EmptyDrawPile::EndGame]
                [values.get("empty_draw_pile") as usize],
            unit_actions,
            unit_action_bits,
            allows,
            values,
        })
    }

    pub fn unit_actions(&self, card: Card) -> u32 {
        self.unit_actions[card.index() as usize] as u32
    }

    /// Sum of the per-unit limits of every card in `cards`.
    #[inline]
    pub fn unit_actions_of(&self, cards: CardSet) -> u32 {
        self.unit_action_bits
            .iter()
            .enumerate()
            .map(|(bit, slice)| cards.intersect(*slice).len() << bit)
            .sum()
    }

    /// Whether `card` allows `action`.
    pub fn allows(&self, card: Card, action: ActionType) -> bool {
        self.allows[action as usize].contains(card)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn seed_action_table() {
        let rules = Rules::default();
        assert_eq!(rules.deck.len(), 54);
        assert_eq!(rules.unit_actions(card("KH")), 1);
        assert_eq!(rules.unit_actions(card("JS")), 1);
        assert_eq!(rules.unit_actions(card("10H")), 2);
        assert_eq!(rules.unit_actions(card("4C")), 2);
        assert_eq!(rules.unit_actions(card("3D")), 3);
        assert_eq!(rules.unit_actions(card("AS")), 3);
        assert_eq!(rules.unit_actions(card("JOKER")), 3);
        assert!(rules.allows(card("10H"), ActionType::Charge));
        assert!(rules.allows(card("10H"), ActionType::Move));
        assert!(!rules.allows(card("10H"), ActionType::Fire));
        assert!(rules.allows(card("JS"), ActionType::Rally));
        assert!(rules.allows(card("JS"), ActionType::Fire));
        assert!(!rules.allows(card("5C"), ActionType::Rally));
        assert!(!rules.allows(card("5D"), ActionType::Charge));
        for action in ActionType::ALL {
            assert!(rules.allows(card("JOKER"), action));
        }
    }

    #[test]
    fn bit_sliced_unit_actions_match_the_table() {
        let mut values = Rules::defaults();
        values.set_text("unit_actions_middle=10").unwrap();
        values.set_text("unit_actions_joker=7").unwrap();
        for rules in [Rules::default(), Rules::from_values(values).unwrap()] {
            let mut total = 0;
            let mut set = CardSet::EMPTY;
            for card in rules.deck.iter() {
                total += rules.unit_actions(card);
                set.insert(card);
                assert_eq!(rules.unit_actions_of(set), total);
                assert_eq!(
                    rules.unit_actions_of(CardSet::single(card)),
                    rules.unit_actions(card)
                );
            }
        }
    }

    #[test]
    fn variants_widen_action_types() {
        let mut values = Rules::defaults();
        values.set_text("cavalry_charge_on_red=true").unwrap();
        values.set_text("artillery_fire_any_suit=true").unwrap();
        let rules = Rules::from_values(values).unwrap();
        assert!(rules.allows(card("5D"), ActionType::Charge));
        assert!(rules.allows(card("5H"), ActionType::Fire));
        assert!(!rules.allows(card("5C"), ActionType::Charge));
    }

    #[test]
    fn impossible_deal_is_an_error() {
        let mut values = Rules::defaults();
        values.set_text("hand_size=27").unwrap();
        assert!(Rules::from_values(values.clone()).is_ok());
        values.set_text("hand_size_b=28").unwrap();
        let error = Rules::from_values(values).unwrap_err().to_string();
        assert!(
            error.contains("55 cards") && error.contains("only 54"),
            "{error}"
        );
        let error = Rules::defaults()
            .set_text("hand_size=0")
            .unwrap_err()
            .to_string();
        assert!(error.contains("1..=30"), "{error}");
    }
}
