//! Haggis rule parameters. The defaults are the players' leaflet (seed
//! `002_2221c49abcd832ef.txt`); `experiments/haggis/official.toml` sets the
//! official rules (RULES-NOTES.md) from the same parameters.

use super::cards::{Cards, NUMBER_CARDS};
use super::combo::{Bomb, BombSet};
use crate::error::{Error, ErrorKind, Result};
use crate::params::{ParamKind, ParamSpec, ParamValues};

pub const SYSTEM: &str = "haggis";

/// Largest hand: half the number cards. Keeps per-round histograms fixed.
pub const MAX_HAND: i64 = 18;

pub const CARD_POINTS: &[&str] = &["one_each", "official"];
pub const HAGGIS_SCORING: &[&str] = &["flat", "card_points"];
pub const FIRST_DEALER: &[&str] = &["random", "a", "b"];
pub const BETTING: &[&str] = &["simultaneous", "leader_first", "dealer_first"];

const BOMB_SOURCE: &str = "seed: \"There are six types of bomb\" (3-5-7-9 in four different suits, J-Q, J-K, Q-K, J-Q-K, 3-5-7-9 in one suit)";

pub const SPECS: &[ParamSpec] = &[
    ParamSpec {
        name: "hand_size",
        kind: ParamKind::Int { min: 1, max: MAX_HAND },
        default: 14,
        doc: "number cards dealt to each player (the J, Q, K wilds come on top)",
        source: "seed: \"deal 14 cards face-down to each player\"",
    },
    ParamSpec {
        name: "haggis_size",
        kind: ParamKind::Int { min: 0, max: NUMBER_CARDS as i64 },
        default: 8,
        doc: "number cards set aside unseen as the Haggis; any cards beyond both hands and the Haggis are left out of the round",
        source: "seed: \"The remaining eight cards are the Haggis\"",
    },
    ParamSpec {
        name: "little_bet",
        kind: ParamKind::Int { min: 0, max: 1000 },
        default: 15,
        doc: "points of a little bet",
        source: "seed: \"Little bet - 15 points if they go out first\"",
    },
    ParamSpec {
        name: "big_bet",
        kind: ParamKind::Int { min: 0, max: 1000 },
        default: 30,
        doc: "points of a big bet",
        source: "seed: \"Big bet - 30 points if they're first to go out\"",
    },
    ParamSpec {
        name: "betting",
        kind: ParamKind::Choice(BETTING),
        default: 0,
        doc: "whether both bet unseen, or one player bets first and the other sees it (the leader is the non-dealer)",
        source: "RULES-NOTES gap: neither text says who bets first; \"Players may make the same bet\"",
    },
    ParamSpec {
        name: "captured_card_points",
        kind: ParamKind::Choice(CARD_POINTS),
        default: 0,
        doc: "worth of a captured card: 1 each (leaflet), or 3/5/7/9 = 1, J = 2, Q = 3, K = 5, others 0 (official); also used by the two card-point rules below",
        source: "seed: \"count 1 point for each card captured\"; RULES-NOTES: official card values",
    },
    ParamSpec {
        name: "points_per_card_left",
        kind: ParamKind::Int { min: 0, max: 100 },
        default: 6,
        doc: "points the player who went out scores per card (wilds included) left in the other's hand; the leaflet says 6 in its scoring section and 5 in its bomb advice, the scoring section is taken; official 5",
        source: "seed: \"scores 6 points for each card in opponent's hand\" vs \"opponent would score 5 points per card you hold\"",
    },
    ParamSpec {
        name: "loser_hand_card_points",
        kind: ParamKind::Bool,
        default: 0,
        doc: "the player who went out also scores the card points of the other's hand (official)",
        source: "RULES-NOTES: official rules, the loser's point cards go to the player who went out",
    },
    ParamSpec {
        name: "haggis_scoring",
        kind: ParamKind::Choice(HAGGIS_SCORING),
        default: 0,
        doc: "what the Haggis gives the player who went out: haggis_points flat (leaflet) or its cards' points (official)",
        source: "seed: \"also scores 8 points for the Haggis\"; RULES-NOTES: official, its point cards",
    },
    ParamSpec {
        name: "haggis_points",
        kind: ParamKind::Int { min: 0, max: 1000 },
        default: 8,
        doc: "flat points of the Haggis when haggis_scoring = flat",
        source: "seed: \"also scores 8 points for the Haggis\"",
    },
    ParamSpec {
        name: "target_score",
        kind: ParamKind::Int { min: 1, max: 100_000 },
        default: 250,
        doc: "the game ends after the round in which a player reaches this score; the higher score wins (equal scores play on)",
        source: "seed: \"perhaps 250 to 300 might be reasonable\"; official: 250 short, 350 long",
    },
    ParamSpec {
        name: "max_rounds",
        kind: ParamKind::Int { min: 1, max: 100_000 },
        default: 200,
        doc: "safety cap: a game still short of the target after this many rounds ends, the higher score winning (equal: a draw)",
        source: "RULES-NOTES gap: nothing bounds a game whose rules give few points",
    },
    ParamSpec {
        name: "first_dealer",
        kind: ParamKind::Choice(FIRST_DEALER),
        default: 0,
        doc: "who deals the first round (the non-dealer leads); later rounds: the score leader deals, a tie the last round's winner",
        source: "RULES-NOTES gap: the texts give the dealer of later rounds only",
    },
    ParamSpec {
        name: "bomb_rainbow",
        kind: ParamKind::Bool,
        default: 1,
        doc: "3-5-7-9 in four different suits is a bomb (the lowest)",
        source: BOMB_SOURCE,
    },
    ParamSpec {
        name: "bomb_jq",
        kind: ParamKind::Bool,
        default: 1,
        doc: "J-Q is a bomb (without it, a lone J and Q cannot be played together)",
        source: BOMB_SOURCE,
    },
    ParamSpec {
        name: "bomb_jk",
        kind: ParamKind::Bool,
        default: 1,
        doc: "J-K is a bomb",
        source: BOMB_SOURCE,
    },
    ParamSpec {
        name: "bomb_qk",
        kind: ParamKind::Bool,
        default: 1,
        doc: "Q-K is a bomb",
        source: BOMB_SOURCE,
    },
    ParamSpec {
        name: "bomb_jqk",
        kind: ParamKind::Bool,
        default: 1,
        doc: "J-Q-K is a bomb",
        source: BOMB_SOURCE,
    },
    ParamSpec {
        name: "bomb_suited",
        kind: ParamKind::Bool,
        default: 1,
        doc: "3-5-7-9 in one suit is a bomb (the highest)",
        source: BOMB_SOURCE,
    },
];

const BOMB_PARAMS: [(&str, Bomb); 6] = [
    ("bomb_rainbow", Bomb::Rainbow),
    ("bomb_jq", Bomb::JackQueen),
    ("bomb_jk", Bomb::JackKing),
    ("bomb_qk", Bomb::QueenKing),
    ("bomb_jqk", Bomb::JackQueenKing),
    ("bomb_suited", Bomb::Suited),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardPoints {
    OneEach,
    Official,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HaggisScoring {
    Flat(u32),
    CardPoints,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstDealer {
    Random,
    A,
    B,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Betting {
    Simultaneous,
    LeaderFirst,
    DealerFirst,
}

/// The bet sizes, in order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Bet {
    #[default]
    None = 0,
    Little = 1,
    Big = 2,
}

impl Bet {
    pub const ALL: [Bet; 3] = [Bet::None, Bet::Little, Bet::Big];
    pub const fn name(self) -> &'static str {
        match self {
            Bet::None => "none",
            Bet::Little => "little",
            Bet::Big => "big",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Rules {
    pub values: ParamValues,
    pub hand_size: u32,
    pub haggis_size: u32,
    pub bet_points: [u32; 3],
    pub betting: Betting,
    pub card_points: CardPoints,
    pub points_per_card_left: u32,
    pub loser_hand_card_points: bool,
    pub haggis_scoring: HaggisScoring,
    pub target_score: u32,
    pub max_rounds: u32,
    pub first_dealer: FirstDealer,
    pub bombs: BombSet,
}

impl Default for Rules {
    fn default() -> Self {
        Rules::from_values(Rules::defaults()).expect("the defaults are valid")
    }
}

/// Number cards worth a point under the official values: every 3, 5, 7, 9.
const ODD_POINT_CARDS: Cards =
    Cards(Cards::rank(3).0 | Cards::rank(5).0 | Cards::rank(7).0 | Cards::rank(9).0);

impl Rules {
    pub fn defaults() -> ParamValues {
        ParamValues::defaults(SYSTEM, SPECS)
    }

    pub fn from_values(values: ParamValues) -> Result<Rules> {
        let hand_size = values.get("hand_size") as u32;
        let haggis_size = values.get("haggis_size") as u32;
        if 2 * hand_size + haggis_size > NUMBER_CARDS {
            return Err(Error::new(ErrorKind::ImpossibleRules(format!(
                "two hands of hand_size = {hand_size} and haggis_size = {haggis_size} need {} number cards; the deck has {NUMBER_CARDS}",
                2 * hand_size + haggis_size
            ))));
        }
        let mut bombs = BombSet(0);
        for (name, bomb) in BOMB_PARAMS {
            if values.get(name) != 0 {
                bombs.0 |= 1 << bomb as u8;
            }
        }
        Ok(Rules {
            hand_size,
            haggis_size,
            bet_points: [
                0,
                values.get("little_bet") as u32,
                values.get("big_bet") as u32,
            ],
            betting: [
                Betting::Simultaneous,
                Betting::LeaderFirst,
                Betting::DealerFirst,
            ][values.get("betting") as usize],
            card_points: [CardPoints::OneEach, CardPoints::Official]
                [values.get("captured_card_points") as usize],
            points_per_card_left: values.get("points_per_card_left") as u32,
            loser_hand_card_points: values.get("loser_hand_card_points") != 0,
            haggis_scoring: match values.get("haggis_scoring") {
                0 => HaggisScoring::Flat(values.get("haggis_points") as u32),
                _ => HaggisScoring::CardPoints,
            },
            target_score: values.get("target_score") as u32,
            max_rounds: values.get("max_rounds") as u32,
            first_dealer: [FirstDealer::Random, FirstDealer::A, FirstDealer::B]
                [values.get("first_dealer") as usize],
            bombs,
            values,
        })
    }

    /// What captured `cards` are worth.
    #[inline]
    pub fn card_points(&self, cards: Cards) -> u32 {
        match self.card_points {
            CardPoints::OneEach => cards.len(),
            CardPoints::Official => {
                let wilds = cards.wild_mask() as u32;
                cards.intersect(ODD_POINT_CARDS).len()
                    + 2 * (wilds & 1)
                    + 3 * ((wilds >> 1) & 1)
                    + 5 * (wilds >> 2)
            }
        }
    }

    pub const fn bet(&self, bet: Bet) -> u32 {
        self.bet_points[bet as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn official_card_points() {
        let mut values = Rules::defaults();
        values.set_text("captured_card_points=official").unwrap();
        let rules = Rules::from_values(values).unwrap();
        let cards = Cards::parse("3S 5D 7C 9H 2S 4S 10H J Q K").unwrap();
        assert_eq!(rules.card_points(cards), 4 + 2 + 3 + 5);
        assert_eq!(Rules::default().card_points(cards), 10);
    }

    #[test]
    fn impossible_deal_is_an_error() {
        let mut values = Rules::defaults();
        values.set_text("hand_size=15").unwrap();
        let error = Rules::from_values(values).unwrap_err().to_string();
        assert!(error.contains("38 number cards"), "{error}");
    }
}
