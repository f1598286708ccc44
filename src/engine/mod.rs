//! The engine core every system is built from: cards and bitset hands,
//! draw piles, chit cups, dice, and per-game seeding.

pub mod cards;
pub mod cup;
pub mod deck;
pub mod dice;
pub mod fraction;
pub mod seeding;

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
