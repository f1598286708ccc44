//! A chit cup: up to 64 distinct chits as a bitset, pulled uniformly at
//! random without replacement.

use rand::Rng;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cup(u64);

impl Cup {
    pub const fn new() -> Cup {
        Cup(0)
    }

    /// Puts chit `id` (0..64) in the cup.
    pub fn put(&mut self, id: u8) {
        self.0 |= 1 << id;
    }

    pub const fn contains(self, id: u8) -> bool {
        self.0 & (1 << id) != 0
    }

    pub fn remove(&mut self, id: u8) -> bool {
        let had = self.contains(id);
        self.0 &= !(1 << id);
        had
    }

    /// The chits in the cup, one bit per id.
    pub const fn bits(self) -> u64 {
        self.0
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Pulls one chit uniformly at random.
    pub fn pull<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<u8> {
        let len = self.len();
        if len == 0 {
            return None;
        }
        let mut bits = self.0;
        for _ in 0..rng.random_range(0..len) {
            bits &= bits - 1;
        }
        let id = bits.trailing_zeros() as u8;
        self.0 &= !(1 << id);
        Some(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::seeding::{game_rng, Stream};
    use crate::stats::Rate;

    #[test]
    fn pulls_are_uniform_and_without_replacement() {
        let trials = 60_000u64;
        let mut first = [0u64; 6];
        let mut rng = game_rng(5, 0, Stream::RULES);
        for _ in 0..trials {
            let mut cup = Cup::new();
            for id in [0, 3, 9, 17, 40, 63] {
                cup.put(id);
            }
            let pulled = cup.pull(&mut rng).unwrap();
            let slot = [0, 3, 9, 17, 40, 63]
                .iter()
                .position(|&i| i == pulled)
                .unwrap();
            first[slot] += 1;
            let mut rest = 1;
            while let Some(id) = cup.pull(&mut rng) {
                assert_ne!(id, pulled);
                rest += 1;
            }
            assert_eq!(rest, 6);
        }
        for count in first {
            let (low, high) = Rate::new(count, trials).wilson(0.999);
            assert!(low <= 1.0 / 6.0 && 1.0 / 6.0 <= high, "{low}..{high}");
        }
    }
}
