//! Piquet Regimental's dice method: casts rolled by the simulation code
//! held to the exact distributions, with tolerances from their intervals.

use fortunes::engine::seeding::{game_rng, Stream};
use fortunes::piquet::dice::{cast, cast_distribution, BeyondFour};
use fortunes::stats::Rate;

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
