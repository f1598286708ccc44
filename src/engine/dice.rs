//! Dice for the systems that roll them, with exact distributions so that
//! Monte Carlo results can be checked against them.

use rand::Rng;

/// A fair die with `sides` faces numbered 1..=sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Die {
    pub sides: u8,
}

impl Die {
    pub const D4: Die = Die { sides: 4 };
    pub const D6: Die = Die { sides: 6 };
    pub const D8: Die = Die { sides: 8 };
    pub const D10: Die = Die { sides: 10 };
    pub const D12: Die = Die { sides: 12 };

    pub fn roll<R: Rng + ?Sized>(self, rng: &mut R) -> u8 {
        rng.random_range(1..=self.sides)
    }

    /// Sum of `count` rolls.
    pub fn roll_sum<R: Rng + ?Sized>(self, count: u8, rng: &mut R) -> u32 {
        (0..count).map(|_| self.roll(rng) as u32).sum()
    }

    /// Exact probability of each total of `count` dice, indexed by total.
    pub fn sum_distribution(self, count: u8) -> Vec<f64> {
        let sides = self.sides as usize;
        let mut dist = vec![1.0];
        for _ in 0..count {
            let mut next = vec![0.0; dist.len() + sides];
            for (total, p) in dist.iter().enumerate() {
                for face in 1..=sides {
                    next[total + face] += p / sides as f64;
                }
            }
            dist = next;
        }
        dist
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::seeding::{game_rng, Stream};
    use crate::stats::Rate;

    #[test]
    fn three_d6_matches_exact_distribution() {
        let exact = Die::D6.sum_distribution(3);
        assert!((exact.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!((exact[10] - 27.0 / 216.0).abs() < 1e-12);
        let trials = 200_000u64;
        let mut counts = vec![0u64; exact.len()];
        let mut rng = game_rng(11, 0, Stream::RULES);
        for _ in 0..trials {
            counts[Die::D6.roll_sum(3, &mut rng) as usize] += 1;
        }
        for (total, &p) in exact.iter().enumerate() {
            // 99.99% Wilson interval per total: 16 totals tested at once.
            let (low, high) = Rate::new(counts[total], trials).wilson(0.9999);
            assert!(
                low <= p && p <= high,
                "3d6 total {total}: {p} not in [{low}, {high}]"
            );
        }
    }
}
