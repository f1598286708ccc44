//! Reduced fractions of integers, for exact odds: dice, cards and tables
//! small enough that every chance is a ratio of counts. The integers are
//! unbounded, because the counts are not: the highest of 16 casts of 3d6
//! is over 216^16, past 2^124, and its mean's numerator past 2^128.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fraction {
    num: BigUint,
    den: BigUint,
}

fn gcd(mut a: BigUint, mut b: BigUint) -> BigUint {
    while !b.is_zero() {
        let r = &a % &b;
        a = b;
        b = r;
    }
    a
}

impl Fraction {
    /// `num / den` in lowest terms (`den` is never 0 for a chance).
    pub fn new(num: u128, den: u128) -> Fraction {
        Fraction::big(num.into(), den.into())
    }

    /// `new` of unbounded integers.
    pub fn big(num: BigUint, den: BigUint) -> Fraction {
        let g = gcd(num.clone(), den.clone());
        if g.is_zero() {
            return Fraction { num, den };
        }
        Fraction {
            num: num / &g,
            den: den / &g,
        }
    }

    pub fn numerator(&self) -> &BigUint {
        &self.num
    }

    pub fn denominator(&self) -> &BigUint {
        &self.den
    }

    /// The nearest double: both terms cut to their top bits first, so a
    /// ratio of numbers past f64's range still reads right.
    pub fn value(&self) -> f64 {
        let shift = self.den.bits().max(self.num.bits()).saturating_sub(1000);
        let (num, den) = (&self.num >> shift, &self.den >> shift);
        num.to_f64().unwrap_or(f64::NAN) / den.to_f64().unwrap_or(f64::NAN)
    }

    /// The mean of a distribution indexed by value, exact: summed over
    /// the least common multiple of the denominators.
    pub fn mean(distribution: &[Fraction]) -> Fraction {
        let den = distribution.iter().fold(BigUint::from(1u8), |l, f| {
            let g = gcd(l.clone(), f.den.clone());
            l / g * &f.den
        });
        let num = distribution
            .iter()
            .enumerate()
            .map(|(v, f)| BigUint::from(v) * &f.num * (&den / &f.den))
            .sum::<BigUint>();
        Fraction::big(num, den)
    }
}

impl fmt::Display for Fraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == BigUint::from(1u8) {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_reduce_and_read_past_128_bits() {
        assert_eq!(Fraction::new(6, 8), Fraction::new(3, 4));
        assert_eq!(Fraction::new(6, 8).to_string(), "3/4");
        assert_eq!(Fraction::new(0, 5).to_string(), "0");
        let huge = BigUint::from(3u8).pow(300);
        let third = Fraction::big(huge.clone(), huge * 3u8);
        assert_eq!(third, Fraction::new(1, 3));
        let big = Fraction::big(
            BigUint::from(1u8) << 2000,
            (BigUint::from(1u8) << 2001) + 1u8,
        );
        assert!((big.value() - 0.5).abs() < 1e-12, "{}", big.value());
    }

    #[test]
    fn a_mean_is_exact() {
        let one_die: Vec<Fraction> = (0..=6u32)
            .map(|v| Fraction::new(u128::from(v > 0), 6))
            .collect();
        assert_eq!(Fraction::mean(&one_die), Fraction::new(7, 2));
    }
}
