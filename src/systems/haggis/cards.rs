//! Haggis cards as one `u64` bitset: the 36 number cards (2–10 in four
//! suits) and a player's three wild court cards. Both players hold a J, a Q
//! and a K, and a court card's suit never matters, so the three wild bits
//! mean "this player's J / Q / K" and a hand, a play or a trick pile is one
//! word.

use crate::engine::cards::Suit;
use crate::error::{Error, ErrorKind, Result};
use std::fmt;

/// Ranks run 2..=10 for number cards and 11, 12, 13 for J, Q, K.
pub type Rank = u8;
pub const JACK: Rank = 11;
pub const QUEEN: Rank = 12;
pub const KING: Rank = 13;
pub const LOWEST: Rank = 2;
pub const HIGHEST_NUMBER: Rank = 10;
pub const HIGHEST: Rank = KING;
/// Number cards in the deck: 9 ranks x 4 suits.
pub const NUMBER_CARDS: u32 = 36;

const WILD_SHIFT: u32 = NUMBER_CARDS;

/// A set of Haggis cards. Bit `(rank - 2) * 4 + suit` is a number card;
/// bits 36, 37, 38 are the holder's J, Q, K.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cards(pub u64);

impl Cards {
    pub const EMPTY: Cards = Cards(0);
    pub const ALL_NUMBERS: Cards = Cards((1 << NUMBER_CARDS) - 1);
    pub const WILDS: Cards = Cards(0b111 << WILD_SHIFT);

    pub const fn number(rank: Rank, suit: u8) -> Cards {
        Cards(1 << ((rank - LOWEST) as u32 * 4 + suit as u32))
    }

    /// The wild court card of `rank` (11, 12 or 13).
    pub const fn wild(rank: Rank) -> Cards {
        Cards(1 << (WILD_SHIFT + (rank - JACK) as u32))
    }

    /// All four suits of a number rank.
    pub const fn rank(rank: Rank) -> Cards {
        Cards(0b1111 << ((rank - LOWEST) as u32 * 4))
    }

    /// All number cards of one suit.
    pub const fn suit(suit: u8) -> Cards {
        Cards(0x1_1111_1111 << suit)
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub const fn union(self, other: Cards) -> Cards {
        Cards(self.0 | other.0)
    }
    pub const fn intersect(self, other: Cards) -> Cards {
        Cards(self.0 & other.0)
    }
    pub const fn without(self, other: Cards) -> Cards {
        Cards(self.0 & !other.0)
    }
    pub const fn contains(self, other: Cards) -> bool {
        self.0 & other.0 == other.0
    }
    pub const fn numbers(self) -> Cards {
        self.intersect(Cards::ALL_NUMBERS)
    }
    pub const fn wilds(self) -> Cards {
        self.intersect(Cards::WILDS)
    }
    /// The wilds as a 3-bit mask: bit 0 J, bit 1 Q, bit 2 K.
    pub const fn wild_mask(self) -> u8 {
        (self.0 >> WILD_SHIFT) as u8 & 0b111
    }
    pub const fn from_wild_mask(mask: u8) -> Cards {
        Cards(((mask & 0b111) as u64) << WILD_SHIFT)
    }
    /// The suits present at a number rank, as a 4-bit mask.
    pub const fn suits_at(self, rank: Rank) -> u8 {
        ((self.0 >> ((rank - LOWEST) as u32 * 4)) & 0b1111) as u8
    }
    /// The ranks present in one suit, as a mask with bit `rank - 2`.
    pub const fn ranks_in(self, suit: u8) -> u16 {
        // Gather every fourth bit: pairs into bytes, bytes into nibbles,
        // nibbles into one word.
        let mut x = (self.0 >> suit) & 0x1_1111_1111;
        x = (x | x >> 3) & 0x03_0303_0303;
        x = (x | x >> 6) & 0xF_000F_000F;
        x = (x | x >> 12 | x >> 24) & 0x1FF;
        x as u16
    }
    /// Cards in ascending order: number cards by rank then suit, then J, Q, K.
    pub fn iter(self) -> impl Iterator<Item = Cards> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let low = bits & bits.wrapping_neg();
                bits ^= low;
                Cards(low)
            })
        })
    }
    /// Rank and suit of a single number card, or the rank of a single wild
    /// (suit `None`).
    pub fn describe_single(self) -> (Rank, Option<u8>) {
        let index = self.0.trailing_zeros();
        if index >= WILD_SHIFT {
            (JACK + (index - WILD_SHIFT) as Rank, None)
        } else {
            (LOWEST + (index / 4) as Rank, Some((index % 4) as u8))
        }
    }

    /// Parses "2H 10S 3D J Q" (also "TS", comma separated, lower case).
    pub fn parse(text: &str) -> Result<Cards> {
        let mut cards = Cards::EMPTY;
        for token in text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
        {
            let card = parse_card(token)?;
            if cards.contains(card) {
                return Err(bad_cards(format!("{token} is listed twice")));
            }
            cards = cards.union(card);
        }
        Ok(cards)
    }
}

fn bad_cards(message: String) -> Error {
    Error::new(ErrorKind::BadArgument(message))
}

fn parse_card(token: &str) -> Result<Cards> {
    let upper = token.to_ascii_uppercase();
    match upper.as_str() {
        "J" => return Ok(Cards::wild(JACK)),
        "Q" => return Ok(Cards::wild(QUEEN)),
        "K" => return Ok(Cards::wild(KING)),
        _ => {}
    }
    let bad = || {
        bad_cards(format!(
            "unknown card {token:?}; allowed: a rank 2-10 (or T) and a suit S, D, C, H \
             (e.g. 10H, 3S), or a wild J, Q, K"
        ))
    };
    // At the last character, not the last byte (`2♠` is a refusal, not a
    // cut inside a character).
    let (last, _) = upper.char_indices().next_back().ok_or_else(bad)?;
    let (rank_text, suit_text) = upper.split_at(last);
    let suit = match suit_text {
        "S" => 0,
        "D" => 1,
        "C" => 2,
        "H" => 3,
        _ => return Err(bad()),
    };
    let rank: Rank = match rank_text {
        "T" => 10,
        text => text.parse().map_err(|_| bad())?,
    };
    if !(LOWEST..=HIGHEST_NUMBER).contains(&rank) {
        return Err(bad());
    }
    Ok(Cards::number(rank, suit))
}

pub fn rank_name(rank: Rank) -> &'static str {
    const NAMES: [&str; 14] = [
        "?", "?", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
    ];
    NAMES.get(rank as usize).copied().unwrap_or("?")
}

impl fmt::Display for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            match card.describe_single() {
                (rank, Some(suit)) => write!(
                    f,
                    "{}{}",
                    rank_name(rank),
                    Suit::ALL[suit as usize].letter()
                )?,
                (rank, None) => f.write_str(rank_name(rank))?,
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{self}]")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_display_round_trip() {
        let cards = Cards::parse("2h 10S TD 9C J K").unwrap();
        assert_eq!(cards.len(), 6);
        assert_eq!(cards.to_string(), "2H 9C 10S 10D J K");
        assert_eq!(Cards::parse(&cards.to_string()).unwrap(), cards);
        assert!(Cards::parse("11H").is_err());
        assert!(Cards::parse("AH").is_err());
        assert!(Cards::parse("2H 2H").is_err());
        // Cut at a character, not a byte: refused, never a panic.
        for text in ["2♠", "♠", "é", "10♥", "J\u{301}"] {
            assert!(Cards::parse(text).is_err(), "{text}");
        }
    }

    #[test]
    fn masks_agree_with_cards() {
        let cards = Cards::parse("3S 3H 5H 10H Q").unwrap();
        assert_eq!(cards.suits_at(3), 0b1001);
        assert_eq!(cards.ranks_in(3), 0b1_0000_1010);
        assert_eq!(cards.wild_mask(), 0b010);
        assert_eq!(Cards::suit(3).len(), 9);
        // The bit trick against the plain definition, every suit of many sets.
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..10_000 {
            state = crate::engine::seeding::splitmix64(state);
            let set = Cards(state).intersect(Cards::ALL_NUMBERS);
            for suit in 0..4 {
                let plain = (LOWEST..=HIGHEST_NUMBER)
                    .filter(|&r| set.contains(Cards::number(r, suit)))
                    .fold(0u16, |m, r| m | 1 << (r - LOWEST));
                assert_eq!(set.ranks_in(suit), plain);
            }
        }
        assert_eq!(Cards::rank(10).intersect(cards), Cards::number(10, 3));
    }
}
