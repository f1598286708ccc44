//! The fire and melee table, group morale, and their exact odds. Every
//! chance here is a ratio of small integers (a d10, two d10s, a percentile
//! roll), so the odds are exact fractions; the simulation rolls through the
//! same functions, and tests hold its frequencies to these fractions.

use super::rules::{LongRange, MoralePass, Reading};
pub use crate::engine::fraction::Fraction;

/// What a hit does to the man it strikes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Effect {
    NoEffect = 0,
    Rout = 1,
    Wound = 2,
    Kill = 3,
}

impl Effect {
    pub const ALL: [Effect; 4] = [Effect::NoEffect, Effect::Rout, Effect::Wound, Effect::Kill];

    pub const fn name(self) -> &'static str {
        match self {
            Effect::NoEffect => "no effect",
            Effect::Rout => "rout",
            Effect::Wound => "wound",
            Effect::Kill => "kill",
        }
    }

    /// 1-6 no effect, 7 rout, 8 wound, 9-10 kill.
    pub const fn of_result(result: i32) -> Effect {
        match result {
            i32::MIN..=6 => Effect::NoEffect,
            7 => Effect::Rout,
            8 => Effect::Wound,
            _ => Effect::Kill,
        }
    }

    pub const fn scores(self) -> bool {
        !matches!(self, Effect::NoEffect)
    }
}

/// The effect of a natural d10 roll with `modifier`, read as `reading` says.
pub const fn effect(natural: u8, modifier: i32, reading: Reading) -> Effect {
    if let Reading::NaturalExtremes = reading {
        if natural == 1 {
            return Effect::NoEffect;
        }
        if natural == 10 {
            return Effect::Kill;
        }
    }
    let result = natural as i32 + modifier;
    // Clamping to 1..=10 reads below 1 as no effect and above 10 as a kill,
    // which `of_result` already does.
    Effect::of_result(result)
}

/// The range's tens: what the range costs a shot. Below 100 inches the
/// text's tens digit; past 99, as `long_range` reads it.
pub const fn range_tens(range_inches: u32, long_range: LongRange) -> u32 {
    match long_range {
        LongRange::Tens => range_inches / 10,
        LongRange::Digit => range_inches / 10 % 10,
    }
}

/// The modifier of one shot: +1 per increment of fire, +1 against an
/// unshielded target, minus the range's tens.
pub const fn fire_modifier(
    fire_increments: u32,
    range_inches: u32,
    unshielded: bool,
    long_range: LongRange,
) -> i32 {
    fire_increments as i32 + unshielded as i32 - range_tens(range_inches, long_range) as i32
}

/// Tenths of the d10 faces giving each effect with `modifier`.
pub fn effect_counts(modifier: i32, reading: Reading) -> [u64; 4] {
    let mut counts = [0; 4];
    for natural in 1..=10 {
        counts[effect(natural, modifier, reading) as usize] += 1;
    }
    counts
}

/// The exact distribution of one roll's effect.
pub fn effect_odds(modifier: i32, reading: Reading) -> [Fraction; 4] {
    effect_counts(modifier, reading).map(|c| Fraction::new(c as u128, 10))
}

/// How a melee between a and b ends: only a scores, only b scores, both;
/// and the expected number of throws. `None` when neither can ever score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MeleeOdds {
    pub a_only: Fraction,
    pub b_only: Fraction,
    pub both: Fraction,
    pub expected_throws: Fraction,
}

/// Throws repeat until one or both score: each throw ends the melee with
/// chance S = 1 - (1 - pa)(1 - pb), so the outcome is the first throw's,
/// conditioned on its ending it, and the throws are geometric (mean 1/S).
pub fn melee_odds(a_modifier: i32, b_modifier: i32, reading: Reading) -> Option<MeleeOdds> {
    let hits = |m| 10 - effect_counts(m, reading)[Effect::NoEffect as usize];
    let (ha, hb) = (hits(a_modifier), hits(b_modifier));
    let ending = 100 - (10 - ha) * (10 - hb);
    if ending == 0 {
        return None;
    }
    let f = |num: u64, den: u64| Fraction::new(num as u128, den as u128);
    Some(MeleeOdds {
        a_only: f(ha * (10 - hb), ending),
        b_only: f((10 - ha) * hb, ending),
        both: f(ha * hb, ending),
        expected_throws: f(100, ending),
    })
}

/// A man's state, for morale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Condition {
    Sound,
    /// Wounded or routing: both count 15.
    Shaken,
}

impl Condition {
    pub const fn morale(self) -> u32 {
        match self {
            Condition::Sound => 30,
            Condition::Shaken => 15,
        }
    }
}

/// A group's morale level: 30 per sound man, 15 per wounded or routing
/// man, minus the inches between the two furthest, plus commander points.
pub fn morale_level(men: &[Condition], spread_inches: u32, bonus: u32) -> i64 {
    men.iter().map(|c| c.morale() as i64).sum::<i64>() - spread_inches as i64 + bonus as i64
}

/// Faces of a percentile roll (1-100) that pass at `level`.
pub fn passing_faces(level: i64, rule: MoralePass) -> u64 {
    let passing = match rule {
        MoralePass::StrictlyUnder => level - 1,
        MoralePass::AtOrUnder => level,
    };
    passing.clamp(0, 100) as u64
}

/// The exact chance a group passes.
pub fn morale_odds(level: i64, rule: MoralePass) -> Fraction {
    Fraction::new(passing_faces(level, rule) as u128, 100)
}

/// The most men a side may have: a scenario's limit (`MAX_MEN`) is this,
/// and the morale tables cover every count up to it.
pub const MOST_MEN: usize = 16;

/// A side's morale groups by their makeup: `(sound, shaken)` men each, in
/// the order they were chosen (larger groups first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GroupMakeups {
    pub groups: [(u8, u8); MOST_MEN],
    pub len: usize,
}

impl GroupMakeups {
    pub fn as_slice(&self) -> &[(u8, u8)] {
        &self.groups[..self.len]
    }
}

/// The makeups a group of up to three may have, larger groups and sound
/// men first: among partitions as good, the first found is kept, so the
/// choice is the same whatever order the men stand in.
const MAKEUPS: [(u8, u8); 9] = [
    (3, 0),
    (2, 1),
    (1, 2),
    (0, 3),
    (2, 0),
    (1, 1),
    (0, 2),
    (1, 0),
    (0, 1),
];

/// Men a group of `sound` and `shaken` men expects to keep fighting, in
/// hundredths: its size times its passing faces (out of 100), without
/// commander points; `spread` inches apart when it has more than one man.
pub fn group_standing(sound: u32, shaken: u32, spread: u32, rule: MoralePass) -> u64 {
    let men = [Condition::Sound; 3];
    let mut conditions = men;
    for c in &mut conditions[sound as usize..(sound + shaken) as usize] {
        *c = Condition::Shaken;
    }
    let size = (sound + shaken) as usize;
    let spread = if size > 1 { spread } else { 0 };
    size as u64 * passing_faces(morale_level(&conditions[..size], spread, 0), rule)
}

/// "The tester has the option of grouping up to 3 men for the check": for
/// every count of sound and shaken fighting men, the first group (by
/// makeup) of the split into groups of one to three that keeps the most
/// standing on average, the groups `spread` inches apart (a lone man 0).
/// Exact: built once for a spread and a pass rule over every count (the
/// scenario keeps one a rule), walked at each morale check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoraleSplits {
    first: [[u8; MOST_MEN + 1]; MOST_MEN + 1],
}

impl MoraleSplits {
    pub fn new(spread: u32, rule: MoralePass) -> MoraleSplits {
        let mut value = [[0u64; 4]; 4];
        for (s, row) in value.iter_mut().enumerate() {
            for (w, v) in row.iter_mut().enumerate().take(4 - s) {
                *v = group_standing(s as u32, w as u32, spread, rule);
            }
        }
        // most[s][w]: the most standing (hundredths) from s sound and w
        // shaken men.
        let mut most = [[0u64; MOST_MEN + 1]; MOST_MEN + 1];
        let mut first = [[0u8; MOST_MEN + 1]; MOST_MEN + 1];
        for s in 0..=MOST_MEN {
            for w in 0..=MOST_MEN - s {
                if s + w == 0 {
                    continue;
                }
                let mut here: Option<(u64, u8)> = None;
                for (k, &(gs, gw)) in MAKEUPS.iter().enumerate() {
                    let (gs, gw) = (gs as usize, gw as usize);
                    if gs > s || gw > w {
                        continue;
                    }
                    let total = value[gs][gw] + most[s - gs][w - gw];
                    if here.is_none_or(|(v, _)| total > v) {
                        here = Some((total, k as u8));
                    }
                }
                (most[s][w], first[s][w]) = here.expect("a group fits");
            }
        }
        MoraleSplits { first }
    }

    /// The makeup `(sound, shaken)` of the first group of the best split of
    /// `sound` and `shaken` men (at least one): the largest of its groups.
    #[inline]
    pub fn first_group(&self, sound: u32, shaken: u32) -> (u32, u32) {
        let (gs, gw) = MAKEUPS[self.first[sound as usize][shaken as usize] as usize];
        (gs as u32, gw as u32)
    }

    /// The groups of `sound` and `shaken` men, larger groups first.
    pub fn groups(&self, sound: u32, shaken: u32) -> GroupMakeups {
        let (mut s, mut w) = (sound as usize, shaken as usize);
        assert!(s + w <= MOST_MEN, "at most {MOST_MEN} men a side");
        let mut makeups = GroupMakeups {
            groups: [(0, 0); MOST_MEN],
            len: 0,
        };
        while s + w > 0 {
            let (gs, gw) = MAKEUPS[self.first[s][w] as usize];
            makeups.groups[makeups.len] = (gs, gw);
            makeups.len += 1;
            (s, w) = (s - gs as usize, w - gw as usize);
        }
        makeups
    }
}

/// `MoraleSplits::groups` for one count of men.
pub fn most_standing_groups(
    sound: u32,
    shaken: u32,
    spread: u32,
    rule: MoralePass,
) -> GroupMakeups {
    MoraleSplits::new(spread, rule).groups(sound, shaken)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every way to split `sound` and `shaken` men into groups of one to
    /// three, by makeup: the most standing any of them keeps (written apart
    /// from the table above, by trying them all).
    fn most_standing_by_trying_all(sound: u32, shaken: u32, spread: u32, rule: MoralePass) -> u64 {
        if sound + shaken == 0 {
            return 0;
        }
        let mut most = 0;
        for gs in 0..=sound.min(3) {
            for gw in 0..=shaken.min(3 - gs) {
                if gs + gw == 0 {
                    continue;
                }
                let rest = most_standing_by_trying_all(sound - gs, shaken - gw, spread, rule);
                most = most.max(group_standing(gs, gw, spread, rule) + rest);
            }
        }
        most
    }

    #[test]
    fn the_most_standing_groups_are_the_best_of_every_split() {
        for rule in [MoralePass::StrictlyUnder, MoralePass::AtOrUnder] {
            for spread in [0, 3, 20, 45, 70] {
                for sound in 0..=7 {
                    for shaken in 0..=7 - sound {
                        let groups = most_standing_groups(sound, shaken, spread, rule);
                        let split = groups.as_slice();
                        let kept: u64 = split
                            .iter()
                            .map(|&(s, w)| group_standing(s as u32, w as u32, spread, rule))
                            .sum();
                        let want = most_standing_by_trying_all(sound, shaken, spread, rule);
                        assert_eq!(kept, want, "{sound} sound, {shaken} shaken, {spread}\"");
                        let men = |f: fn(&(u8, u8)) -> u8| {
                            split.iter().map(f).map(u32::from).sum::<u32>()
                        };
                        assert_eq!((men(|g| g.0), men(|g| g.1)), (sound, shaken));
                        assert!(split.iter().all(|&(s, w)| (1..=3).contains(&(s + w))));
                        // Larger groups first: the order they test in.
                        assert!(split.windows(2).all(|p| p[0].0 + p[0].1 >= p[1].0 + p[1].1));
                    }
                }
            }
        }
    }

    #[test]
    fn the_texts_groups_and_a_wounded_man_left_alone() {
        // "The group of 3 contained a wounded man, hence the group morale
        // level was 30+30+15, 75%, less ... 3 inches, making 72%": 3 x 71
        // faces strictly under 72.
        let rule = MoralePass::StrictlyUnder;
        assert_eq!(group_standing(2, 1, 3, rule), 3 * 71);
        // Three sound men and a wounded one: the wounded man tests alone
        // (3 x 86 + 14) rather than in the three (3 x 71 + 29).
        let groups = most_standing_groups(3, 1, 3, rule);
        assert_eq!(groups.as_slice(), &[(3, 0), (0, 1)]);
        // "it pays to have your men clustered": six sound men, two threes.
        assert_eq!(
            most_standing_groups(6, 0, 3, rule).as_slice(),
            &[(3, 0), (3, 0)]
        );
        // Men so far apart that a group is worth less than its men alone.
        let apart = most_standing_groups(3, 0, 70, rule);
        assert_eq!(apart.as_slice(), &[(1, 0), (1, 0), (1, 0)]);
    }

    #[test]
    fn the_range_modifier_past_ninety_nine_inches() {
        // "32 inches gives a factor of -3, while 57 inches gives ... -5".
        for reading in [LongRange::Tens, LongRange::Digit] {
            assert_eq!(range_tens(32, reading), 3);
            assert_eq!(range_tens(57, reading), 5);
        }
        // Past 99: every ten keeps costing, or only the written digit.
        assert_eq!(range_tens(105, LongRange::Tens), 10);
        assert_eq!(range_tens(105, LongRange::Digit), 0);
        assert_eq!(range_tens(230, LongRange::Digit), 3);
        // 6 increments at an unshielded man at 109 inches: +7 - 10 = -3,
        // so only a natural 10 scores, a rout.
        let odds = effect_odds(fire_modifier(6, 109, true, LongRange::Tens), Reading::Clamp);
        assert_eq!(odds[Effect::Rout as usize], Fraction::new(1, 10));
        assert_eq!(odds[Effect::NoEffect as usize], Fraction::new(9, 10));
    }

    #[test]
    fn the_texts_worked_examples() {
        // 3 increments of fire at 24 inches against a shield: +1, so a
        // natural 8 or better kills: 3/10.
        let modifier = fire_modifier(3, 24, false, LongRange::Tens);
        assert_eq!(modifier, 1);
        let odds = effect_odds(modifier, Reading::Clamp);
        assert_eq!(odds[Effect::Kill as usize], Fraction::new(3, 10));
        assert_eq!(odds[Effect::Wound as usize], Fraction::new(1, 10));
        assert_eq!(odds[Effect::Rout as usize], Fraction::new(1, 10));
        assert_eq!(odds[Effect::NoEffect as usize], Fraction::new(1, 2));
        // Morale: 30 + 30 + 15 less 3 inches is 72; 30 + 30 less 1 is 59;
        // 30 + 15 less 2, plus 47 commander points, is 90.
        use Condition::*;
        assert_eq!(morale_level(&[Sound, Sound, Shaken], 3, 0), 72);
        assert_eq!(morale_level(&[Sound, Sound], 1, 0), 59);
        assert_eq!(morale_level(&[Sound, Shaken], 2, 47), 90);
        assert_eq!(
            morale_odds(72, MoralePass::StrictlyUnder),
            Fraction::new(71, 100)
        );
        assert_eq!(
            morale_odds(72, MoralePass::AtOrUnder),
            Fraction::new(18, 25)
        );
        assert_eq!(
            morale_odds(130, MoralePass::StrictlyUnder),
            Fraction::new(1, 1)
        );
    }

    #[test]
    fn melee_odds_sum_to_one_and_match_the_geometric_series() {
        for a in -6..=6 {
            for b in -6..=6 {
                let Some(odds) = melee_odds(a, b, Reading::Clamp) else {
                    // Neither can score: both below 7 on every face.
                    assert!(a <= -4 && b <= -4, "{a} {b}");
                    continue;
                };
                let total = odds.a_only.value() + odds.b_only.value() + odds.both.value();
                assert!((total - 1.0).abs() < 1e-12);
                // Summing the series term by term agrees.
                let pa = 1.0 - effect_odds(a, Reading::Clamp)[0].value();
                let pb = 1.0 - effect_odds(b, Reading::Clamp)[0].value();
                let (mut series, mut stay) = (0.0, 1.0);
                for _ in 0..10_000 {
                    series += stay * pa * (1.0 - pb);
                    stay *= (1.0 - pa) * (1.0 - pb);
                }
                assert!((series - odds.a_only.value()).abs() < 1e-9, "{a} {b}");
            }
        }
        // Natural extremes: a natural 10 always kills, so a melee always ends.
        assert!(melee_odds(-9, -9, Reading::NaturalExtremes).is_some());
    }
}
