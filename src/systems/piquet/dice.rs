//! The Piquet Regimental dice method (seed `004_95d5d795d2285ff3.txt`):
//! a unit casts its dice (type by eliteness or poundage, number by
//! experience or class) and reads the highest; each step down reads the next
//! highest, and past the last die halves the lowest (dropping the
//! remainder) once per further step; each step up adds a die of the unit's
//! type, up to four dice, then dice of the next larger type (a d12 adds
//! d12s). It is fully specified, so its distributions are exact.

use crate::engine::fraction::Fraction;
use num_bigint::BigUint;

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
        highest_of(&dice_up(sides, count, step as u32, beyond))
    } else {
        down_distribution(&vec![sides; count as usize], -step as u32)
    }
}

/// Every cast of dice with these `sides`, each read `down` steps down:
/// the exact distribution, by enumeration (at most 12^5 casts).
fn down_distribution(sides: &[u8], down: u32) -> Vec<Fraction> {
    let total: u128 = sides.iter().map(|&s| s as u128).product();
    let top = sides.iter().copied().max().unwrap_or(0) as usize;
    let mut counts = vec![0u128; top + 1];
    let mut faces = vec![1u8; sides.len()];
    for _ in 0..total {
        counts[stepped_down(&faces, down) as usize] += 1;
        for (face, &most) in faces.iter_mut().zip(sides) {
            if *face < most {
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

/// A volley: `count` dice of `sides` stepped `step`, and with `special` one
/// die of the next larger type beside them, whatever the steps: "In this
/// case, and this case only, the Up 1 is of a die of the next higher die
/// type regardless of the rating of the company. Thus, an eight gun company
/// of Class II medium heavy artillery would cast 2d8 plus 1d10." Without
/// `special` it is `cast`, die for die.
pub fn volley<R: rand::Rng + ?Sized>(
    rng: &mut R,
    sides: u8,
    count: u8,
    step: i32,
    beyond: BeyondFour,
    special: bool,
) -> u32 {
    if !special {
        return cast(rng, sides, count, step, beyond);
    }
    if step >= 0 {
        let own = cast(rng, sides, count, step, beyond);
        own.max(rng.random_range(1..=larger(sides) as u32))
    } else {
        // Down steps read down through every die cast, the special one too.
        let mut faces = [0u8; 8];
        let n = (count as usize).min(7);
        for face in faces.iter_mut().take(n) {
            *face = rng.random_range(1..=sides);
        }
        faces[n] = rng.random_range(1..=larger(sides));
        stepped_down(&faces[..n + 1], (-step) as u32)
    }
}

/// The steps and special die a volley of `step` casts, with `special` an
/// eight-gun company's Up 1 of the next larger type (rule
/// `eight_gun_steps`): `netted`, the Up 1 is one step among the others,
/// so a net step down (`step` < 0 before it) cancels it and the company
/// casts its own dice `step + 1`; otherwise (`step` >= 0, or beside) the
/// special die is cast and `step` applies as `volley` reads it.
pub fn eight_gun_steps(step: i32, special: bool, netted: bool) -> (i32, bool) {
    if special && netted && step < 0 {
        (step + 1, false)
    } else {
        (step, special)
    }
}

/// The exact distribution of a volley's final die value (index = value):
/// `cast_distribution` with the special die of `volley` when `special`.
pub fn volley_distribution(
    sides: u8,
    count: u8,
    step: i32,
    beyond: BeyondFour,
    special: bool,
) -> Vec<Fraction> {
    if !special {
        return cast_distribution(sides, count, step, beyond);
    }
    let big = larger(sides);
    if step >= 0 {
        let mut dice = dice_up(sides, count, step as u32, beyond);
        match dice.iter_mut().find(|(s, _)| *s == big) {
            Some((_, n)) => *n += 1,
            None => dice.push((big, 1)),
        }
        highest_of(&dice)
    } else {
        let mut dice = vec![sides; count as usize];
        dice.push(big);
        down_distribution(&dice, -step as u32)
    }
}

/// The highest of independent dice, (sides, how many) pairs: P(max <= v)
/// is a product.
fn highest_of(dice: &[(u8, u32)]) -> Vec<Fraction> {
    let top = dice.iter().map(|&(s, _)| s).max().unwrap_or(0) as usize;
    let den: BigUint = dice.iter().map(|&(s, n)| BigUint::from(s).pow(n)).product();
    let at_most = |v: usize| -> BigUint {
        dice.iter()
            .map(|&(s, n)| BigUint::from(v.min(s as usize)).pow(n))
            .product()
    };
    (0..=top)
        .map(|v| {
            let below = if v == 0 {
                BigUint::ZERO
            } else {
                at_most(v - 1)
            };
            Fraction::big(at_most(v) - below, den.clone())
        })
        .collect()
}

/// How a volley's dice read: `2d8+1d10`, `3d10 down 2`.
pub fn dice_label(sides: u8, count: u8, step: i32, beyond: BeyondFour, special: bool) -> String {
    let special = special.then(|| larger(sides));
    if step >= 0 {
        let mut dice = dice_up(sides, count, step as u32, beyond);
        if let Some(big) = special {
            match dice.iter_mut().find(|(s, _)| *s == big) {
                Some((_, n)) => *n += 1,
                None => dice.push((big, 1)),
            }
        }
        let parts: Vec<String> = dice.iter().map(|(s, n)| format!("{n}d{s}")).collect();
        parts.join("+")
    } else {
        let extra = special.map_or(String::new(), |big| format!("+1d{big}"));
        format!("{count}d{sides}{extra} down {}", -step)
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
    let den = BigUint::from(216u8).pow(casts);
    let at_most =
        |v: usize| -> BigUint { BigUint::from(three_d6[..=v].iter().sum::<u128>()).pow(casts) };
    (0..=18)
        .map(|v| {
            let below = if v == 0 {
                BigUint::ZERO
            } else {
                at_most(v - 1)
            };
            Fraction::big(at_most(v) - below, den.clone())
        })
        .collect()
}

/// The mean of a distribution indexed by value, as a fraction.
pub fn mean(distribution: &[Fraction]) -> Fraction {
    Fraction::mean(distribution)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assault_odds_add_up_and_favour_the_better_unit() {
        let elite = Rating::parse("elite,veteran").unwrap();
        let line = Rating::parse("line,reliable").unwrap();
        let odds = assault_odds(&elite, &line, (12, 12), BeyondFour::NextType).unwrap();
        let total = odds.attacker_wins + odds.defender_wins + odds.together;
        assert!((total - 1.0).abs() < 1e-12, "{odds:?}");
        assert!(odds.attacker_wins > odds.defender_wins, "{odds:?}");
        // Equal units with equal Elan: a fair fight.
        let even = assault_odds(&line, &line, (10, 10), BeyondFour::NextType).unwrap();
        assert!((even.attacker_wins - even.defender_wins).abs() < 1e-12);
        // One KARD when every cast removes all the other's Elan.
        let one = assault_odds(&line, &line, (1, 1), BeyondFour::NextType).unwrap();
        assert!((one.together - 1.0).abs() < 1e-12 && (one.expected_kards - 1.0).abs() < 1e-12);
        // Steps so far down that nobody can hurt anybody.
        let feeble = Rating {
            step: -8,
            ..Rating::parse("militia,undependable").unwrap()
        };
        assert!(assault_odds(&feeble, &feeble, (5, 5), BeyondFour::NextType).is_none());
    }

    /// The mean of the highest of many 3d6 casts passes 2^128 in its
    /// numerator: exact, it agrees with the same sum in floating point.
    #[test]
    fn initiative_means_do_not_overflow() {
        let mut ways = [0f64; 19];
        for a in 1..=6 {
            for b in 1..=6 {
                for c in 1..=6 {
                    ways[a + b + c] += 1.0;
                }
            }
        }
        for checks in [0u32, 5, 15, 40] {
            let casts = checks as i32 + 1;
            let at_most = |v: usize| (ways[..=v].iter().sum::<f64>() / 216.0).powi(casts);
            let float: f64 = (3..=18)
                .map(|v| v as f64 * (at_most(v) - at_most(v - 1)))
                .sum();
            let exact = mean(&initiative_distribution(checks)).value();
            assert!(
                (exact - float).abs() < 1e-9,
                "{checks} checks: {exact} against {float}"
            );
        }
        assert!((mean(&initiative_distribution(15)).value() - 15.58).abs() < 0.01);
    }

    #[test]
    fn rallies_follow_the_binomial_law() {
        // d6, six dice needing 4+: each fails with 1/2.
        let dist = rally_distribution(6, false, false);
        assert_eq!(dist[0], Fraction::new(1, 64));
        assert_eq!(dist[3], Fraction::new(20, 64));
        // d4 after defeat by cavalry needs 8+: all nine dice fail.
        assert_eq!(rally_distribution(4, true, true)[9], Fraction::new(1, 1));
    }

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

/// A unit's dice: die type by eliteness (or poundage), number by
/// experience (or class), and the steps its casts are adjusted by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rating {
    pub sides: u8,
    pub dice: u8,
    pub step: i32,
}

impl Rating {
    /// `elite,veteran`: eliteness (elite d10, line d8, conscript d6,
    /// militia d4) and experience (veteran 3, reliable 2, undependable 1).
    pub fn parse(text: &str) -> Option<Rating> {
        let (eliteness, experience) = text.split_once(',')?;
        let sides = match eliteness {
            "elite" => 10,
            "line" => 8,
            "conscript" => 6,
            "militia" => 4,
            _ => return None,
        };
        let dice = match experience {
            "veteran" => 3,
            "reliable" => 2,
            "undependable" => 1,
            _ => return None,
        };
        Some(Rating {
            sides,
            dice,
            step: 0,
        })
    }

    /// `medium_heavy,II`: poundage (heavy d12, medium_heavy d8, medium d6,
    /// light d4) and class (IV 4 dice, III 3, II 2, I 1).
    pub fn parse_artillery(text: &str) -> Option<Rating> {
        let (poundage, class) = text.split_once(',')?;
        let sides = match poundage {
            "heavy" => 12,
            "medium_heavy" => 8,
            "medium" => 6,
            "light" => 4,
            _ => return None,
        };
        let dice = match class {
            "IV" => 4,
            "III" => 3,
            "II" => 2,
            "I" => 1,
            _ => return None,
        };
        Some(Rating {
            sides,
            dice,
            step: 0,
        })
    }

    pub fn distribution(&self, beyond: BeyondFour) -> Vec<f64> {
        cast_distribution(self.sides, self.dice, self.step, beyond)
            .iter()
            .map(|f| f.value())
            .collect()
    }
}

/// How an assault ends, and how long it takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AssaultOdds {
    pub attacker_wins: f64,
    pub defender_wins: f64,
    /// Both Elans reach zero on the same KARD.
    pub together: f64,
    pub expected_kards: f64,
}

/// The assault as an absorbing Markov chain over (attacker Elan, defender
/// Elan): each KARD each side casts and removes its final value from the
/// other's Elan; a side at zero has lost. Elan only falls, so states are
/// solved in increasing order of Elan; a KARD in which both cast 0 (steps
/// far down) leaves the state unchanged, a self-loop divided out. `None`
/// when neither side can ever remove anything.
pub fn assault_odds(
    attacker: &Rating,
    defender: &Rating,
    elan: (u32, u32),
    beyond: BeyondFour,
) -> Option<AssaultOdds> {
    exchange_odds(
        &attacker.distribution(beyond),
        &defender.distribution(beyond),
        elan,
    )
}

/// Two units that each take the other's Elan by their casts at once, KARD
/// by KARD, until one or both are at zero: the assault, or an engagement's
/// exchange of volleys (each side's volley distribution `p` and `q`, index
/// = Elan removed). The same absorbing chain as `assault_odds`.
pub fn exchange_odds(p: &[f64], q: &[f64], elan: (u32, u32)) -> Option<AssaultOdds> {
    let stay = p[0] * q[0];
    if stay >= 1.0 - 1e-15 {
        return None;
    }
    let (ea, eb) = (elan.0 as usize, elan.1 as usize);
    // value[a][b] = (attacker wins, defender wins, together, kards to go).
    let mut value = vec![vec![[0.0f64; 4]; eb + 1]; ea + 1];
    for a in 1..=ea {
        for b in 1..=eb {
            let mut acc = [0.0f64; 4];
            for (x, &px) in p.iter().enumerate() {
                for (y, &qy) in q.iter().enumerate() {
                    let chance = px * qy;
                    if chance == 0.0 || (x == 0 && y == 0) {
                        continue;
                    }
                    // The attacker's cast x hits the defender's Elan.
                    let (na, nb) = (a.saturating_sub(y), b.saturating_sub(x));
                    match (na, nb) {
                        (0, 0) => acc[2] += chance,
                        (_, 0) => acc[0] += chance,
                        (0, _) => acc[1] += chance,
                        _ => {
                            let next = value[na][nb];
                            for k in 0..3 {
                                acc[k] += chance * next[k];
                            }
                            acc[3] += chance * next[3];
                        }
                    }
                }
            }
            let scale = 1.0 - stay;
            value[a][b] = [
                acc[0] / scale,
                acc[1] / scale,
                acc[2] / scale,
                (1.0 + acc[3]) / scale,
            ];
        }
    }
    let [attacker_wins, defender_wins, together, expected_kards] = value[ea][eb];
    Some(AssaultOdds {
        attacker_wins,
        defender_wins,
        together,
        expected_kards,
    })
}

/// The stamina boxes a rally checks: one per die below the target. Six
/// dice needing 4+ (or 6+ once defeated); nine needing 8+ after defeat by
/// cavalry. Exact, by the binomial law.
pub fn rally_distribution(sides: u8, defeated: bool, by_cavalry: bool) -> Vec<Fraction> {
    let (dice, target) = match (defeated, by_cavalry) {
        (_, true) => (9u32, 8u32),
        (true, false) => (6, 6),
        (false, false) => (6, 4),
    };
    let failing = BigUint::from((target - 1).min(sides as u32));
    let sides = BigUint::from(sides);
    let den = sides.pow(dice);
    let choose = |n: u32, k: u32| -> BigUint {
        (0..k).fold(BigUint::from(1u8), |acc, i| acc * (n - i) / (i + 1))
    };
    (0..=dice)
        .map(|k| {
            let ways = choose(dice, k) * failing.pow(k) * (&sides - &failing).pow(dice - k);
            Fraction::big(ways, den.clone())
        })
        .collect()
}

/// How a simulated assault ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AssaultEnd {
    AttackerWins,
    DefenderWins,
    Together,
    /// Nobody reached zero within the cap.
    Undecided,
}

/// Fights an assault KARD by KARD, as the game will: returns how it ended
/// and the KARDs it took (at most `max_kards`).
pub fn assault<R: rand::Rng + ?Sized>(
    rng: &mut R,
    attacker: &Rating,
    defender: &Rating,
    elan: (u32, u32),
    beyond: BeyondFour,
    max_kards: u32,
) -> (AssaultEnd, u32) {
    let (mut a, mut b) = elan;
    for kard in 1..=max_kards {
        let x = cast(rng, attacker.sides, attacker.dice, attacker.step, beyond);
        let y = cast(rng, defender.sides, defender.dice, defender.step, beyond);
        a = a.saturating_sub(y);
        b = b.saturating_sub(x);
        match (a, b) {
            (0, 0) => return (AssaultEnd::Together, kard),
            (_, 0) => return (AssaultEnd::AttackerWins, kard),
            (0, _) => return (AssaultEnd::DefenderWins, kard),
            _ => {}
        }
    }
    (AssaultEnd::Undecided, max_kards)
}
