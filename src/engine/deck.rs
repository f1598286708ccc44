//! A draw pile of at most `MAX_DECK` cards in a fixed array: shuffling,
//! drawing and reshuffling never touch the heap.

use super::cards::{Card, CardSet, MAX_DECK};
use rand::Rng;

#[derive(Clone)]
pub struct DrawPile {
    /// `cards[..len]`, top of the pile last.
    cards: [Card; MAX_DECK],
    len: u8,
}

impl Default for DrawPile {
    fn default() -> Self {
        DrawPile {
            cards: [Card::joker(0); MAX_DECK],
            len: 0,
        }
    }
}

impl DrawPile {
    /// Replaces the pile with `set`, shuffled (Fisher–Yates).
    pub fn refill_shuffled<R: Rng + ?Sized>(&mut self, set: CardSet, rng: &mut R) {
        let mut len = 0;
        for card in set.iter() {
            self.cards[len] = card;
            len += 1;
        }
        self.len = len as u8;
        shuffle(&mut self.cards[..len], rng);
    }

    /// Takes the top card.
    pub fn draw(&mut self) -> Option<Card> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.cards[self.len as usize])
    }

    /// Puts a card on top; for tests that stack a pile.
    pub fn push(&mut self, card: Card) {
        self.cards[self.len as usize] = card;
        self.len += 1;
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn as_set(&self) -> CardSet {
        self.cards[..self.len as usize].iter().copied().collect()
    }
}

/// Unbiased Fisher–Yates shuffle.
pub fn shuffle<T, R: Rng + ?Sized>(items: &mut [T], rng: &mut R) {
    for i in (1..items.len()).rev() {
        let j = rng.random_range(0..=i as u32) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::seeding::{game_rng, Stream};

    #[test]
    fn shuffle_keeps_every_card_once() {
        let mut rng = game_rng(1, 0, Stream::DEAL);
        let mut pile = DrawPile::default();
        let deck = CardSet::deck(2);
        pile.refill_shuffled(deck, &mut rng);
        assert_eq!(pile.len(), 54);
        assert_eq!(pile.as_set(), deck);
        let mut drawn = CardSet::EMPTY;
        while let Some(card) = pile.draw() {
            assert!(!drawn.contains(card));
            drawn.insert(card);
        }
        assert_eq!(drawn, deck);
    }

    #[test]
    fn top_card_is_uniform() {
        // Each of 4 cards should be on top 1/4 of the time; the tolerance is
        // a 99.9% normal interval for a binomial proportion at p = 1/4.
        let set = CardSet::deck(0).intersect(CardSet(0b1111));
        let trials = 40_000u32;
        let mut counts = [0u32; 4];
        let mut pile = DrawPile::default();
        for game in 0..trials {
            let mut rng = game_rng(3, game as u64, Stream::DEAL);
            pile.refill_shuffled(set, &mut rng);
            counts[pile.draw().unwrap().index() as usize] += 1;
        }
        let p = 0.25;
        let sd = (p * (1.0 - p) / trials as f64).sqrt();
        for count in counts {
            let rate = count as f64 / trials as f64;
            assert!((rate - p).abs() < 3.29 * sd, "top-card rate {rate}");
        }
    }
}
