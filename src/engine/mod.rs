//! The engine core every system is built from: cards and bitset hands,
//! draw piles, chit cups, dice, and per-game seeding.

pub mod cards;
pub mod cup;
pub mod deck;
pub mod dice;
pub mod digest;
pub mod fraction;
pub mod seeding;

/// The index of the greatest of `totals`, the earliest on a tie: a
/// search lists its default choice first, so a tie keeps it.
pub fn first_best<T: PartialOrd>(totals: &[T]) -> usize {
    (0..totals.len()).fold(0, |best, i| if totals[i] > totals[best] { i } else { best })
}

#[cfg(test)]
mod first_best_tests {
    #[test]
    fn the_earliest_of_the_greatest_wins() {
        assert_eq!(super::first_best(&[3, 7, 7, 1]), 1);
        assert_eq!(super::first_best(&[-2i64, -2]), 0);
        assert_eq!(super::first_best(&[5u64]), 0);
    }
}

/// A seat at the table. Two-player systems use `A` and `B`; arrays of
/// per-seat data are indexed by `Seat as usize`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Seat {
    #[default]
    A = 0,
    B = 1,
}

impl Seat {
    pub const BOTH: [Seat; 2] = [Seat::A, Seat::B];

    pub const fn other(self) -> Seat {
        match self {
            Seat::A => Seat::B,
            Seat::B => Seat::A,
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn name(self) -> &'static str {
        match self {
            Seat::A => "a",
            Seat::B => "b",
        }
    }

    pub fn parse(text: &str) -> Option<Seat> {
        match text.to_ascii_lowercase().as_str() {
            "a" => Some(Seat::A),
            "b" => Some(Seat::B),
            _ => None,
        }
    }
}

/// Per-seat data, indexed by `Seat`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BySeat<T>(pub [T; 2]);

impl<T> std::ops::Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat as usize]
    }
}

impl<T> std::ops::IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat as usize]
    }
}
