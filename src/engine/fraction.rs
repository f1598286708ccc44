//! Reduced fractions of integers, for exact odds: dice, cards and tables
//! small enough that every chance is a ratio of counts.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fraction {
    pub num: u128,
    pub den: u128,
}

const fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl Fraction {
    pub const fn new(num: u128, den: u128) -> Fraction {
        let g = gcd(num, den);
        let g = if g == 0 { 1 } else { g };
        Fraction {
            num: num / g,
            den: den / g,
        }
    }

    pub fn value(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

impl fmt::Display for Fraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}
