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
mod by_seat_tests {
    use super::*;

    #[test]
    fn by_seat_maps_and_zips_seat_by_seat() {
        let names = BySeat::from_fn(Seat::name);
        assert_eq!(names, BySeat(["a", "b"]));
        assert_eq!(names.map(str::len), BySeat([1, 1]));
        let zipped = BySeat([1, 2]).zip(BySeat(['x', 'y']));
        assert_eq!(zipped, BySeat([(1, 'x'), (2, 'y')]));
        assert_eq!(BySeat([3, 4]).as_ref().map(|v| v * 2), BySeat([6, 8]));
    }
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

impl<T> BySeat<T> {
    /// Each seat's value, from the seat.
    pub fn from_fn(f: impl FnMut(Seat) -> T) -> BySeat<T> {
        BySeat(Seat::BOTH.map(f))
    }

    /// Each seat's value turned into another.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> BySeat<U> {
        BySeat(self.0.map(f))
    }

    /// Each seat's value beside the other's of the same seat.
    pub fn zip<U>(self, other: BySeat<U>) -> BySeat<(T, U)> {
        let [a, b] = self.0;
        let [c, d] = other.0;
        BySeat([(a, c), (b, d)])
    }

    /// References to each seat's value.
    pub fn as_ref(&self) -> BySeat<&T> {
        BySeat([&self.0[0], &self.0[1]])
    }
}

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
