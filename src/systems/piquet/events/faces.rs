//! The faces of the game's dice, read from a copy of its stream: the
//! game casts with `dice.rs`, which keeps only the value it reads, and a
//! replay must not draw differently from the run.

use crate::engine::seeding::GameRng;
use crate::systems::piquet::dice::{larger, stepped_down, BeyondFour, MOST_OWN_DICE};
use rand::Rng;

/// The faces `dice::cast` rolls from `rng` (given a copy of the game's
/// dice, so the game's own draws are untouched) and the value it reads:
/// draw for draw the same calls.
pub fn cast_faces(
    rng: &mut GameRng,
    sides: u8,
    count: u8,
    step: i32,
    beyond: BeyondFour,
) -> (Vec<u32>, u32) {
    if step >= 0 {
        let own = (count as u32 + step as u32).min(MOST_OWN_DICE.max(count) as u32);
        let extra = count as u32 + step as u32 - own;
        let mut faces: Vec<u32> = (0..own)
            .map(|_| rng.random_range(1..=sides as u32))
            .collect();
        let mut next = sides;
        for _ in 0..extra {
            next = match beyond {
                BeyondFour::NextType => larger(sides),
                BeyondFour::Climb => larger(next),
            };
            faces.push(rng.random_range(1..=next as u32));
        }
        let value = faces.iter().copied().max().unwrap_or(0);
        (faces, value)
    } else {
        let n = (count as usize).min(8);
        let rolled: Vec<u8> = (0..n).map(|_| rng.random_range(1..=sides)).collect();
        let value = stepped_down(&rolled, (-step) as u32);
        (rolled.into_iter().map(u32::from).collect(), value)
    }
}

/// `cast_faces` for `dice::volley`: with `special`, the die of the next
/// larger type is the last face.
pub fn volley_faces(
    rng: &mut GameRng,
    sides: u8,
    count: u8,
    step: i32,
    beyond: BeyondFour,
    special: bool,
) -> (Vec<u32>, u32) {
    if !special {
        return cast_faces(rng, sides, count, step, beyond);
    }
    if step >= 0 {
        let (mut faces, own) = cast_faces(rng, sides, count, step, beyond);
        let extra = rng.random_range(1..=larger(sides) as u32);
        faces.push(extra);
        (faces, own.max(extra))
    } else {
        let n = (count as usize).min(7);
        let mut rolled: Vec<u8> = (0..n).map(|_| rng.random_range(1..=sides)).collect();
        rolled.push(rng.random_range(1..=larger(sides)));
        let value = stepped_down(&rolled, (-step) as u32);
        (rolled.into_iter().map(u32::from).collect(), value)
    }
}

/// The 3d6 `three_d6` rolls from a copy of the game's dice.
pub fn three_d6_faces(rng: &mut GameRng) -> Vec<u32> {
    (0..3).map(|_| rng.random_range(1..=6u32)).collect()
}

/// The dice a rally casts, from a copy of the game's dice.
pub fn rally_faces(rng: &mut GameRng, dice: u32, sides: u32) -> Vec<u32> {
    (0..dice).map(|_| rng.random_range(1..=sides)).collect()
}
