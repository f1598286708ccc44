//! Piquet Regimental's dice method: casts rolled by the simulation code
//! held to the exact distributions, with tolerances from their intervals.

use fortunes::engine::seeding::{game_rng, Stream};
use fortunes::stats::Rate;
use fortunes::systems::piquet::dice::{cast, cast_distribution, BeyondFour};

#[test]
fn casts_follow_the_exact_distributions() {
    let mut rng = game_rng(11, 0, Stream::RULES);
    for (sides, count, step, beyond) in [
        (8, 2, 0, BeyondFour::NextType),
        (8, 2, -1, BeyondFour::NextType),
        (8, 2, -3, BeyondFour::NextType),
        (10, 3, 2, BeyondFour::NextType),
        (6, 4, 2, BeyondFour::Climb),
        (4, 1, -2, BeyondFour::NextType),
        (12, 4, 1, BeyondFour::NextType),
    ] {
        let exact = cast_distribution(sides, count, step, beyond);
        let trials = 30_000u64;
        let mut counts = vec![0u64; exact.len()];
        for _ in 0..trials {
            counts[cast(&mut rng, sides, count, step, beyond) as usize] += 1;
        }
        for (value, chance) in exact.iter().enumerate() {
            let rate = Rate::new(counts[value], trials);
            let (low, high) = rate.wilson(0.9999);
            assert!(
                low <= chance.value() && chance.value() <= high,
                "{count}d{sides} step {step:+}: value {value} {rate:?} vs {chance}"
            );
        }
    }
}

#[test]
fn assaults_follow_the_exact_markov_chain() {
    use fortunes::stats::Mean;
    use fortunes::systems::piquet::dice::{assault, assault_odds, AssaultEnd, Rating};
    let mut rng = game_rng(12, 0, Stream::RULES);
    let rating = |text: &str, step| Rating {
        step,
        ..Rating::parse(text).unwrap()
    };
    for (attacker, defender, elan) in [
        (
            rating("elite,veteran", 0),
            rating("line,reliable", 0),
            (12, 12),
        ),
        (
            rating("line,reliable", 1),
            rating("conscript,veteran", -1),
            (8, 10),
        ),
        (
            rating("militia,undependable", 0),
            rating("militia,undependable", 0),
            (6, 6),
        ),
    ] {
        let exact = assault_odds(&attacker, &defender, elan, BeyondFour::NextType).unwrap();
        let trials = 20_000u64;
        let mut ends = [0u64; 3];
        let mut kards = Mean::default();
        for _ in 0..trials {
            let (end, n) = assault(
                &mut rng,
                &attacker,
                &defender,
                elan,
                BeyondFour::NextType,
                10_000,
            );
            match end {
                AssaultEnd::AttackerWins => ends[0] += 1,
                AssaultEnd::DefenderWins => ends[1] += 1,
                AssaultEnd::Together => ends[2] += 1,
                AssaultEnd::Undecided => panic!("an assault did not end"),
            }
            kards.record(n as u64);
        }
        for (count, p) in
            ends.iter()
                .zip([exact.attacker_wins, exact.defender_wins, exact.together])
        {
            let (low, high) = Rate::new(*count, trials).wilson(0.9999);
            assert!(
                low <= p && p <= high,
                "{attacker:?} v {defender:?}: {count}/{trials} vs {p}"
            );
        }
        let (low, high) = kards.interval(0.9999);
        assert!(
            low <= exact.expected_kards && exact.expected_kards <= high,
            "kards {low}..{high} vs {}",
            exact.expected_kards
        );
    }
}

#[test]
fn rallies_follow_the_exact_law() {
    use fortunes::systems::piquet::dice::rally_distribution;
    let mut rng = game_rng(13, 0, Stream::RULES);
    for (sides, defeated, cavalry) in [(8u8, false, false), (6, true, false), (10, true, true)] {
        let exact = rally_distribution(sides, defeated, cavalry);
        let (dice, target) = if cavalry {
            (9, 8)
        } else if defeated {
            (6, 6)
        } else {
            (6, 4)
        };
        let trials = 20_000u64;
        let mut counts = vec![0u64; exact.len()];
        for _ in 0..trials {
            let failures = (0..dice)
                .filter(|_| rand::Rng::random_range(&mut rng, 1..=sides as u32) < target)
                .count();
            counts[failures] += 1;
        }
        for (k, chance) in exact.iter().enumerate() {
            let (low, high) = Rate::new(counts[k], trials).wilson(0.9999);
            assert!(
                low <= chance.value() && chance.value() <= high,
                "d{sides}: {k} failures"
            );
        }
    }
}

/// `odds piquet assault` takes the game's beyond_four choice: past four
/// dice, climbing a type further each step is not adding the next type.
#[test]
fn assault_odds_follow_the_beyond_four_rule() {
    let odds = |beyond: &str| {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_fortunes"))
            .args([
                "odds",
                "piquet",
                "assault",
                "--attacker",
                "conscript,undependable",
                "--defender",
                "line,reliable",
                "--steps",
                "8,0",
                "--beyond-four",
                beyond,
            ])
            .output()
            .unwrap();
        assert!(output.status.success());
        String::from_utf8(output.stdout).unwrap()
    };
    let (next, climb) = (odds("next_type"), odds("climb"));
    let wins = |text: &str| -> f64 {
        let line = text
            .lines()
            .find(|l| l.starts_with("attacker wins"))
            .unwrap();
        line.split_whitespace().last().unwrap().parse().unwrap()
    };
    // Climbing reaches d12s sooner: the attacker wins more often.
    assert!(wins(&climb) > wins(&next) + 0.05, "{next}\n{climb}");
}
