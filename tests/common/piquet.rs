//! Helpers shared by the Piquet test binaries: a scenario from its text, a
//! tuned heuristic, and a run of games straight on the engine.
#![allow(dead_code)]

use fortunes::engine::BySeat;
use fortunes::system::Player;
use fortunes::systems::piquet::stats::DecqRecord;
use fortunes::systems::piquet::{
    strategy, Game, GameTally, PiquetStrategy, Rules, Scenario, Setup, Stats,
};

pub fn scenario(text: &str) -> Scenario {
    Scenario::from_table(&toml::from_str(text).unwrap()).unwrap()
}

/// The error a scenario the game must refuse gives, naming `field`.
pub fn refused(text: &str, field: &str) -> String {
    let error = Scenario::from_table(&toml::from_str(text).unwrap())
        .expect_err(field)
        .to_string();
    assert!(error.contains(field), "{field}: {error}");
    error
}

/// The heuristic with the tuning keys `sets` changed.
pub fn heuristic(sets: &[(&str, i64)]) -> PiquetStrategy {
    let index = strategy::STRATEGIES
        .iter()
        .position(|s| s.name == "heuristic")
        .unwrap();
    let mut player = Player::built_in(strategy::STRATEGIES, index);
    for (name, value) in sets {
        player.tuning.set_text(&format!("{name}={value}")).unwrap();
    }
    PiquetStrategy::from_player(&player)
}

/// Plays games `0..games` of `seed` under `rules`, writing every DECQ's
/// record into `records` when given.
pub fn play(
    scenario: &Scenario,
    rules: &Rules,
    strategies: BySeat<PiquetStrategy>,
    games: u64,
    seed: u64,
    mut records: Option<&mut Vec<DecqRecord>>,
) -> Stats {
    let setup = Setup {
        rules,
        scenario,
        strategies: &strategies,
    };
    let mut game = Game::new();
    let mut stats = Stats::default();
    let mut tally = GameTally::default();
    for index in 0..games {
        game.reset(&setup, seed, index);
        game.play(
            &setup,
            index,
            &mut stats,
            &mut tally,
            records.as_deref_mut(),
        );
    }
    stats
}

/// What a line,reliable regiment's cast of 2d8 (`dice`, as told) reads at
/// `step`: the higher die unstepped, the lower one step down, and the
/// highest of three dice (a third, of the next type, added) one step up,
/// as the text's dice step method gives them.
pub fn two_d8_cast(dice: &serde_json::Value, step: i32) -> u64 {
    let mut dice: Vec<u64> = dice
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_u64().unwrap())
        .collect();
    dice.sort_unstable_by(|a, b| b.cmp(a));
    let count = match step {
        1.. => 3,
        _ => 2,
    };
    assert_eq!(dice.len(), count, "2d8 at step {step}: {dice:?}");
    match step {
        -1 => dice[1],
        0 | 1 => dice[0],
        _ => panic!("step {step} is not read here"),
    }
}
