//! French-suited cards encoded so that a card's index *is* its Haggerty
//! ranking: `rank * 4 + suit`, with ranks Ace (low) to King and suits in
//! the seed's order Spades < Diamonds < Clubs < Hearts, then jokers.
//! Ranking two cards is then an integer comparison, and "every card in a
//! hand that outranks X" is one mask.

use std::fmt;

/// Number of suit cards (13 ranks x 4 suits).
pub const SUIT_CARDS: u8 = 52;
/// Upper bound on jokers: the deck must fit one `u64` bitset.
pub const MAX_JOKERS: u8 = 4;
/// Upper bound on the deck size.
pub const MAX_DECK: usize = (SUIT_CARDS + MAX_JOKERS) as usize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    Spades = 0,
    Diamonds = 1,
    Clubs = 2,
    Hearts = 3,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Diamonds, Suit::Clubs, Suit::Hearts];

    pub const fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
            Suit::Hearts => 'H',
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Suit::Spades => "spades",
            Suit::Diamonds => "diamonds",
            Suit::Clubs => "clubs",
            Suit::Hearts => "hearts",
        }
    }
}

/// Rank 1 (Ace) to 13 (King).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl Rank {
    pub const ACE: Rank = Rank(1);
    pub const JACK: Rank = Rank(11);
    pub const QUEEN: Rank = Rank(12);
    pub const KING: Rank = Rank(13);

    pub const fn new(value: u8) -> Option<Rank> {
        if value >= 1 && value <= 13 {
            Some(Rank(value))
        } else {
            None
        }
    }

    pub const fn value(self) -> u8 {
        self.0
    }

    pub const fn label(self) -> &'static str {
        const LABELS: [&str; 14] = [
            "", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ];
        LABELS[self.0 as usize]
    }
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card((rank.0 - 1) * 4 + suit as u8)
    }

    /// The `n`th joker (0-based); jokers rank equal to one another.
    pub const fn joker(n: u8) -> Card {
        assert!(n < MAX_JOKERS);
        Card(SUIT_CARDS + n)
    }

    pub const fn from_index(index: u8) -> Option<Card> {
        if (index as usize) < MAX_DECK {
            Some(Card(index))
        } else {
            None
        }
    }

    pub const fn index(self) -> u8 {
        self.0
    }

    pub const fn is_joker(self) -> bool {
        self.0 >= SUIT_CARDS
    }

    pub const fn rank(self) -> Option<Rank> {
        if self.is_joker() {
            None
        } else {
            Some(Rank(self.0 / 4 + 1))
        }
    }

    pub const fn suit(self) -> Option<Suit> {
        if self.is_joker() {
            None
        } else {
            Some(Suit::ALL[(self.0 % 4) as usize])
        }
    }

    /// Ranking strength: the index for suit cards, one shared value for
    /// all jokers (the seed gives no order between them).
    pub const fn strength(self) -> u8 {
        if self.is_joker() {
            SUIT_CARDS
        } else {
            self.0
        }
    }

    /// Strictly outranks: a joker never outranks a joker.
    pub const fn outranks(self, other: Card) -> bool {
        self.strength() > other.strength()
    }

    /// Short label such as `10H`, `KC` or `JOKER`.
    pub fn label(self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.rank(), self.suit()) {
            (Some(rank), Some(suit)) => write!(f, "{}{}", rank.label(), suit.letter()),
            _ => f.write_str("JOKER"),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::str::FromStr for Card {
    type Err = String;

    /// Parses `10H`, `JS`, `AC`, `JOKER` (the first joker), `JOKER2`.
    fn from_str(text: &str) -> Result<Card, String> {
        let upper = text.trim().to_ascii_uppercase();
        if let Some(rest) = upper.strip_prefix("JOKER") {
            let n: u8 = if rest.is_empty() {
                1
            } else {
                rest.parse()
                    .map_err(|_| format!("bad joker number in {text:?}"))?
            };
            if n == 0 || n > MAX_JOKERS {
                return Err(format!("joker number in {text:?} must be 1..={MAX_JOKERS}"));
            }
            return Ok(Card::joker(n - 1));
        }
        // At the last character, not the last byte: `Q♥` or `é` is refused
        // by name, not cut inside a character.
        let last = upper.char_indices().next_back().map_or(0, |(at, _)| at);
        let (rank_text, suit_text) = upper.split_at(last);
        let suit = match suit_text {
            "S" => Suit::Spades,
            "D" => Suit::Diamonds,
            "C" => Suit::Clubs,
            "H" => Suit::Hearts,
            _ => return Err(format!("card {text:?}: suit must be one of S, D, C, H")),
        };
        let rank = match rank_text {
            "A" => 1,
            "J" => 11,
            "Q" => 12,
            "K" => 13,
            number => number
                .parse::<u8>()
                .ok()
                .filter(|n| (2..=10).contains(n))
                .ok_or_else(|| format!("card {text:?}: rank must be A, 2..10, J, Q or K"))?,
        };
        Ok(Card::new(Rank(rank), suit))
    }
}

/// `CardSet::outranking` of every card index.
const OUTRANKING: [CardSet; 64] = {
    let mut table = [CardSet::EMPTY; 64];
    let mut index = 0;
    while index < 64 {
        let strength = Card(index as u8).strength();
        if strength < SUIT_CARDS {
            table[index] = CardSet(!((1u64 << (strength + 1)) - 1));
        }
        index += 1;
    }
    table
};

/// `CardSet::outranked_by` of every card index.
const OUTRANKED_BY: [CardSet; 64] = {
    let mut table = [CardSet::EMPTY; 64];
    let mut index = 0;
    while index < 64 {
        table[index] = CardSet((1u64 << Card(index as u8).strength()) - 1);
        index += 1;
    }
    table
};

/// A set of cards as a `u64` bitset; bit `i` is the card with index `i`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(pub u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);

    /// The 52 suit cards plus `jokers` jokers.
    pub const fn deck(jokers: u8) -> CardSet {
        CardSet((1u64 << (SUIT_CARDS + jokers)) - 1)
    }

    pub const fn single(card: Card) -> CardSet {
        CardSet(1 << card.0)
    }

    /// Every card (of any deck) that strictly outranks `card`.
    pub const fn outranking(card: Card) -> CardSet {
        // A table: the heuristic players ask this of every card they weigh,
        // where the joker's branch and two shifts were a tenth of a turn.
        OUTRANKING[card.0 as usize % 64]
    }

    /// Every card that `card` strictly outranks.
    pub const fn outranked_by(card: Card) -> CardSet {
        OUTRANKED_BY[card.0 as usize % 64]
    }

    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.0) != 0
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | (1 << card.0))
    }

    pub const fn without(self, card: Card) -> CardSet {
        CardSet(self.0 & !(1 << card.0))
    }

    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    pub const fn intersect(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    pub const fn minus(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.0;
    }

    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.0);
    }

    /// The lowest-ranked card (jokers last).
    pub const fn lowest(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card(self.0.trailing_zeros() as u8))
        }
    }

    /// The highest-ranked card.
    pub const fn highest(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card(63 - self.0.leading_zeros() as u8))
        }
    }

    /// The `n`th card in ranking order (0 = lowest), for uniform picks.
    pub fn nth(self, n: u32) -> Option<Card> {
        let mut bits = self.0;
        for _ in 0..n {
            bits &= bits.wrapping_sub(1);
        }
        CardSet(bits).lowest()
    }

    pub fn iter(self) -> CardIter {
        CardIter(self.0)
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        iter.into_iter().fold(CardSet::EMPTY, CardSet::with)
    }
}

/// Cards of a set from lowest to highest.
pub struct CardIter(u64);

impl Iterator for CardIter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let card = Card(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(card)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardIter {}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn text_that_is_not_a_card_is_refused_not_cut_inside_a_character() {
        for text in ["Q♥", "♥", "é", "10♠", "", "JOKERé", "JOKER٣"] {
            assert!(text.parse::<Card>().is_err(), "{text:?}");
        }
        assert_eq!(card(" qh "), card("QH"));
    }

    #[test]
    fn seed_ranking_order() {
        // "a 7 of any suit outranks any Ace through 6, a 7 of Clubs outranks a
        // 7 of Diamonds or Spades"
        assert!(card("7S").outranks(card("6H")));
        assert!(card("7C").outranks(card("7D")));
        assert!(card("7C").outranks(card("7S")));
        assert!(card("7H").outranks(card("7C")));
        assert!(card("KS").outranks(card("QH")));
        assert!(card("2S").outranks(card("AH")));
        assert!(card("JOKER").outranks(card("KH")));
        assert!(!card("JOKER").outranks(card("JOKER2")));
        assert!(!card("JOKER2").outranks(card("JOKER")));
    }

    #[test]
    fn labels_round_trip() {
        for index in 0..MAX_DECK as u8 {
            let c = Card::from_index(index).unwrap();
            assert_eq!(card(&c.label()).strength(), c.strength());
            if !c.is_joker() {
                assert_eq!(card(&c.label()), c);
            }
        }
        assert!("11H".parse::<Card>().is_err());
        assert!("10X".parse::<Card>().is_err());
    }

    #[test]
    fn outranking_mask_matches_comparison() {
        let deck = CardSet::deck(MAX_JOKERS);
        for a in deck.iter() {
            let above = CardSet::outranking(a).intersect(deck);
            let below = CardSet::outranked_by(a).intersect(deck);
            for b in deck.iter() {
                assert_eq!(above.contains(b), b.outranks(a), "{b} over {a}");
                assert_eq!(below.contains(b), a.outranks(b), "{a} over {b}");
            }
        }
    }

    #[test]
    fn nth_walks_in_order() {
        let set: CardSet = ["3D", "KH", "JOKER", "AS"]
            .iter()
            .map(|t| card(t))
            .collect();
        let ordered: Vec<Card> = (0..4).map(|n| set.nth(n).unwrap()).collect();
        assert_eq!(ordered, set.iter().collect::<Vec<_>>());
        assert_eq!(set.nth(4), None);
        assert_eq!(set.lowest(), Some(card("AS")));
        assert_eq!(set.highest(), Some(card("JOKER")));
    }
}
