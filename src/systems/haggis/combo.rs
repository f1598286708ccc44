//! Combinations: what a group of cards is played as, and which beats which.

use super::cards::{rank_name, Cards, Rank};
use std::fmt;

/// The six bombs, lowest first (the leaflet's order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Bomb {
    /// 3-5-7-9 in four different suits, no wilds.
    Rainbow = 0,
    JackQueen = 1,
    JackKing = 2,
    QueenKing = 3,
    JackQueenKing = 4,
    /// 3-5-7-9 all in one suit, no wilds.
    Suited = 5,
}

impl Bomb {
    pub const ALL: [Bomb; 6] = [
        Bomb::Rainbow,
        Bomb::JackQueen,
        Bomb::JackKing,
        Bomb::QueenKing,
        Bomb::JackQueenKing,
        Bomb::Suited,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Bomb::Rainbow => "rainbow",
            Bomb::JackQueen => "JQ",
            Bomb::JackKing => "JK",
            Bomb::QueenKing => "QK",
            Bomb::JackQueenKing => "JQK",
            Bomb::Suited => "suited",
        }
    }

    /// The wild bomb made of exactly these wilds (mask bit 0 J, 1 Q, 2 K).
    pub const fn of_wilds(mask: u8) -> Option<Bomb> {
        match mask {
            0b011 => Some(Bomb::JackQueen),
            0b101 => Some(Bomb::JackKing),
            0b110 => Some(Bomb::QueenKing),
            0b111 => Some(Bomb::JackQueenKing),
            _ => None,
        }
    }
}

/// Which bombs the rules allow, one bit per `Bomb`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BombSet(pub u8);

impl BombSet {
    pub const ALL: BombSet = BombSet(0b11_1111);
    pub const fn contains(self, bomb: Bomb) -> bool {
        self.0 & (1 << bomb as u8) != 0
    }
}

/// What a played group counts as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Combo {
    /// `width` cards of each of `length` consecutive ranks ending at `top`:
    /// a set when `length` is 1 (a single when `width` is also 1), a run of
    /// singles when `width` is 1, a run of sets otherwise.
    Seq {
        width: u8,
        length: u8,
        top: Rank,
    },
    Bomb(Bomb),
}

impl Combo {
    /// Whether `self` may be played on `previous`: the same shape and a
    /// higher top rank, or a bomb on a non-bomb, or a higher bomb.
    pub fn beats(self, previous: Combo) -> bool {
        match (self, previous) {
            (Combo::Bomb(mine), Combo::Bomb(theirs)) => mine > theirs,
            (Combo::Bomb(_), Combo::Seq { .. }) => true,
            (Combo::Seq { .. }, Combo::Bomb(_)) => false,
            (
                Combo::Seq { width, length, top },
                Combo::Seq {
                    width: w,
                    length: l,
                    top: t,
                },
            ) => width == w && length == l && top > t,
        }
    }

    /// What orders plays of one kind: the top rank, or the bomb's place.
    pub const fn rank(self) -> u8 {
        match self {
            Combo::Seq { top, .. } => top,
            Combo::Bomb(bomb) => bomb as u8,
        }
    }

    pub const fn is_bomb(self) -> bool {
        matches!(self, Combo::Bomb(_))
    }

    /// "set", "run" or "bomb".
    pub const fn kind(self) -> &'static str {
        match self {
            Combo::Seq { length: 1, .. } => "set",
            Combo::Seq { .. } => "run",
            Combo::Bomb(_) => "bomb",
        }
    }

    /// Cards a play of this combination holds.
    pub const fn size(self) -> u32 {
        match self {
            Combo::Seq { width, length, .. } => width as u32 * length as u32,
            Combo::Bomb(Bomb::JackQueen | Bomb::JackKing | Bomb::QueenKing) => 2,
            Combo::Bomb(Bomb::JackQueenKing) => 3,
            Combo::Bomb(Bomb::Rainbow | Bomb::Suited) => 4,
        }
    }

    /// Sort key for listings: sets, runs, bombs; then shape and rank.
    pub fn sort_key(self) -> (u8, u8, u8, u8) {
        match self {
            Combo::Seq {
                width,
                length: 1,
                top,
            } => (0, width, 1, top),
            Combo::Seq { width, length, top } => (1, width, length, top),
            Combo::Bomb(bomb) => (2, 0, 0, bomb as u8),
        }
    }

    /// Parses a shape as printed by `Display` without the cards:
    /// "WxL" (e.g. "2x3").
    pub fn parse_shape(text: &str) -> Option<(u8, u8)> {
        let (width, length) = text.split_once(['x', 'X'])?;
        Some((width.parse().ok()?, length.parse().ok()?))
    }
}

/// `kind shape rank`: e.g. `set 3x1 9`, `run 1x4 8`, `run 2x2 6`,
/// `bomb - JQK`.
impl fmt::Display for Combo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Combo::Seq { width, length, top } => {
                write!(f, "{} {width}x{length} {}", self.kind(), rank_name(top))
            }
            Combo::Bomb(bomb) => write!(f, "bomb - {}", bomb.name()),
        }
    }
}

/// A group of cards and what it is played as. The same group may appear
/// more than once with different combinations (5S 6S J Q is the run 5-8 and
/// the pair-run 5-5-6-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Play {
    pub cards: Cards,
    pub combo: Combo,
}

/// One line of `fortunes haggis moves`: `kind shape rank: cards`.
impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.combo, self.cards)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn beating_needs_the_same_shape_or_a_higher_bomb() {
        let pair = |top| Combo::Seq {
            width: 2,
            length: 1,
            top,
        };
        assert!(pair(5).beats(pair(4)));
        assert!(!pair(4).beats(pair(4)));
        let run = Combo::Seq {
            width: 1,
            length: 3,
            top: 9,
        };
        assert!(!run.beats(pair(4)) && !pair(10).beats(run));
        assert!(Combo::Bomb(Bomb::Rainbow).beats(pair(10)));
        assert!(Combo::Bomb(Bomb::Suited).beats(Combo::Bomb(Bomb::JackQueenKing)));
        assert!(!Combo::Bomb(Bomb::JackQueen).beats(Combo::Bomb(Bomb::JackQueen)));
        assert!(!pair(10).beats(Combo::Bomb(Bomb::Rainbow)));
    }
}
