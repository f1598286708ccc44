//! The Piquet Regimental dice method (seed `004_95d5d795d2285ff3.txt`):
//! a unit casts its dice (type by eliteness or poundage, number by
//! experience or class) and reads the highest; each step down reads the next
//! highest, and past the last die halves the lowest (dropping the
//! remainder) once per further step; each step up adds a die of the unit's
//! type, up to four dice, then dice of the next larger type (a d12 adds
//! d12s). It is fully specified, so its distributions are exact.

use crate::engine::fraction::Fraction;

/// The die types, smallest first.
pub const DICE: [u8; 5] = [4, 6, 8, 10, 12];

/// The most dice of the unit's own type a step up reaches.
pub const MOST_OWN_DICE: u8 = 4;

/// How steps up past four dice of the unit's type go: each adds a die of
/// the next larger type (the text's example: 3d10 up two is 4d10 + 1d12),
/// or each climbs one type further (4d8 + 1d10, then + 1d12, ...). The
/// text shows one step past four only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BeyondFour {
    NextType,
    Climb,
}

/// The next larger die type (a d12 stays a d12).
pub fn larger(sides: u8) -> u8 {
    DICE.iter().copied().find(|&d| d > sides).unwrap_or(12)
}

/// The dice a cast of `count` dice of `sides` stepped `step` (> 0) up rolls:
/// (sides, how many) pairs.
pub fn dice_up(sides: u8, count: u8, step: u32, beyond: BeyondFour) -> Vec<(u8, u32)> {
    let own = (count as u32 + step).min(MOST_OWN_DICE.max(count) as u32);
    let mut dice = vec![(sides, own)];
    let extra = count as u32 + step - own;
    let mut next = sides;
    for _ in 0..extra {
        next = match beyond {
            BeyondFour::NextType => larger(sides),
            BeyondFour::Climb => larger(next),
        };
        match dice.iter_mut().find(|(s, _)| *s == next) {
            Some((_, n)) => *n += 1,
            None => dice.push((next, 1)),
        }
    }
    dice
}

/// The final die value of a cast stepped down `down` steps (`down` >= 0):
/// the (down + 1)-th highest die, or past the last die the lowest halved
/// once per further step. `cast` is in any order.
pub fn stepped_down(cast: &[u8], down: u32) -> u32 {
    let mut sorted = [0u8; 8];
    let n = cast.len().min(8);
    sorted[..n].copy_from_slice(&cast[..n]);
    sorted[..n].sort_unstable_by(|a, b| b.cmp(a));
    if (down as usize) < n {
        sorted[down as usize] as u32
    } else {
        let halvings = down as usize - (n - 1);
        (sorted[n - 1] as u32) >> halvings.min(31)
    }
}

/// Casts `count` dice of `sides` stepped `step` (negative: down) and
/// returns the final die value.
pub fn cast<R: rand::Rng + ?Sized>(
    rng: &mut R,
    sides: u8,
    count: u8,
    step: i32,
    beyond: BeyondFour,
) -> u32 {
    if step >= 0 {
        let mut highest = 0;
        let mut own = (count as u32 + step as u32).min(MOST_OWN_DICE.max(count) as u32);
        let mut extra = count as u32 + step as u32 - own;
        let mut next = sides;
        while own > 0 {
            highest = highest.max(rng.random_range(1..=sides as u32));
            own -= 1;
        }
        while extra > 0 {
            next = match beyond {
                BeyondFour::NextType => larger(sides),
                BeyondFour::Climb => larger(next),
            };
            highest = highest.max(rng.random_range(1..=next as u32));
            extra -= 1;
        }
        highest
    } else {
        let mut faces = [0u8; 8];
        let n = (count as usize).min(8);
        for face in faces.iter_mut().take(n) {
            *face = rng.random_range(1..=sides);
        }
        stepped_down(&faces[..n], (-step) as u32)
    }
}

/// The exact distribution of the final die value (index = value) of
/// `count` dice of `sides` stepped `step` (negative: down).
pub fn cast_distribution(sides: u8, count: u8, step: i32, beyond: BeyondFour) -> Vec<Fraction> {
    if step >= 0 {
        // The highest of independent dice: P(max <= v) is a product.
        let dice = dice_up(sides, count, step as u32, beyond);
        let top = dice.iter().map(|&(s, _)| s).max().unwrap_or(sides) as usize;
        let den: u128 = dice.iter().map(|&(s, n)| (s as u128).pow(n)).product();
        let at_most = |v: usize| -> u128 {
            dice.iter()
                .map(|&(s, n)| (v.min(s as usize) as u128).pow(n))
                .product()
        };
        (0..=top)
            .map(|v| {
                let below = if v == 0 { 0 } else { at_most(v - 1) };
                Fraction::new(at_most(v) - below, den)
            })
            .collect()
    } else {
        // Down: enumerate every cast (at most 12^4 of them).
        let n = count as u32;
        let total = (sides as u128).pow(n);
        let mut counts = vec![0u128; sides as usize + 1];
        let mut cast = vec![1u8; count as usize];
        for _ in 0..total {
            counts[stepped_down(&cast, (-step) as u32) as usize] += 1;
            for face in cast.iter_mut() {
                if *face < sides {
                    *face += 1;
                    break;
                }
                *face = 1;
            }
        }
        counts
            .into_iter()
            .map(|c| Fraction::new(c, total))
            .collect()
    }
}

/// The exact distribution of initiative (3 to 18) after the opening cast
/// and `checks` Officer Check casts, each kept only if greater: the
/// highest of `checks + 1` casts of 3d6.
pub fn initiative_distribution(checks: u32) -> Vec<Fraction> {
    let mut three_d6 = [0u128; 19];
    for a in 1..=6 {
        for b in 1..=6 {
            for c in 1..=6 {
                three_d6[a + b + c] += 1;
            }
        }
    }
    let casts = checks + 1;
    let den = 216u128.pow(casts);
    let at_most = |v: usize| -> u128 { three_d6[..=v].iter().sum::<u128>().pow(casts) };
    (0..=18)
        .map(|v| {
            let below = if v == 0 { 0 } else { at_most(v - 1) };
            Fraction::new(at_most(v) - below, den)
        })
        .collect()
}

/// The mean of a distribution indexed by value, as a fraction.
pub fn mean(distribution: &[Fraction]) -> Fraction {
    const fn gcd(a: u128, b: u128) -> u128 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    // Over the least common multiple of the denominators, the sum is exact.
    let den = distribution
        .iter()
        .fold(1u128, |l, f| l / gcd(l, f.den) * f.den);
    let num: u128 = distribution
        .iter()
        .enumerate()
        .map(|(v, f)| v as u128 * f.num * (den / f.den))
        .sum();
    Fraction::new(num, den)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_texts_worked_example() {
        // 2d8 casting 4 and 6: 6; down one 4, two 2, three 1, four 0.
        let cast = [4, 6];
        assert_eq!(
            (0..=4).map(|d| stepped_down(&cast, d)).collect::<Vec<_>>(),
            [6, 4, 2, 1, 0]
        );
        // A veteran elite regiment (3d10) up one: 4d10; up two: 4d10 + 1d12.
        assert_eq!(dice_up(10, 3, 1, BeyondFour::NextType), [(10, 4)]);
        assert_eq!(dice_up(10, 3, 2, BeyondFour::NextType), [(10, 4), (12, 1)]);
        assert_eq!(dice_up(12, 4, 2, BeyondFour::NextType), [(12, 6)]);
        assert_eq!(
            dice_up(6, 4, 3, BeyondFour::Climb),
            [(6, 4), (8, 1), (10, 1), (12, 1)]
        );
        assert_eq!(dice_up(6, 4, 3, BeyondFour::NextType), [(6, 4), (8, 3)]);
    }

    #[test]
    fn distributions_sum_to_one_and_agree_with_enumeration() {
        for sides in DICE {
            for count in 1..=3u8 {
                for step in -4..=3 {
                    let dist = cast_distribution(sides, count, step, BeyondFour::NextType);
                    let total: f64 = dist.iter().map(|f| f.value()).sum();
                    assert!((total - 1.0).abs() < 1e-12, "d{sides} x{count} step {step}");
                }
            }
        }
        // Up one from 1d6 is 2d6: P(max = 6) = 11/36.
        assert_eq!(
            cast_distribution(6, 1, 1, BeyondFour::NextType)[6],
            Fraction::new(11, 36)
        );
        // Down one of 2d6 is the lower die: P(min = 1) = 11/36.
        assert_eq!(
            cast_distribution(6, 2, -1, BeyondFour::NextType)[1],
            Fraction::new(11, 36)
        );
        // Initiative: one cast is 3d6 (10 comes 27/216); its mean is 21/2.
        let one = initiative_distribution(0);
        assert_eq!(one[10], Fraction::new(27, 216));
        assert_eq!(mean(&one), Fraction::new(21, 2));
        // Denominators that do not divide each other: halves and thirds.
        let mixed = [
            Fraction::new(0, 1),
            Fraction::new(1, 2),
            Fraction::new(1, 3),
            Fraction::new(1, 6),
        ];
        // 1/2 + 2/3 + 3/6 = 5/3.
        assert_eq!(mean(&mixed), Fraction::new(5, 3));
        // More checks can only raise it.
        assert!(mean(&initiative_distribution(3)).value() > mean(&one).value());
    }
}
