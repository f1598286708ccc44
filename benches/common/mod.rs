//! What several benches share: a registered system's simulation, and one
//! whole game per iteration with its statistics.
#![allow(dead_code)]

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId};
use fortunes::stats::Ratio;
use fortunes::system::Simulation;
use fortunes::systems;
use std::hint::black_box;

/// System `name`'s simulation with built-in `player` in both seats, and the
/// default scenario unless `scenario` (TOML) is given.
pub fn simulation<S: Simulation>(name: &str, player: &str, scenario: Option<&str>) -> S {
    let system = systems::find(name).unwrap();
    let mut variant = system.default_variant(system.both_playing(player).unwrap());
    if let Some(text) = scenario {
        variant.scenario = toml::from_str(text).unwrap();
    }
    S::build(&variant).unwrap()
}

/// Benches one whole game per iteration, statistics included, as the
/// runner plays it.
pub fn games<S: Simulation>(group: &mut BenchmarkGroup<'_, WallTime>, name: &str, simulation: &S) {
    let mut state = simulation.new_state();
    let mut stats = S::Stats::default();
    let mut series = vec![Ratio::default(); S::SERIES.len()];
    let mut index = 0u64;
    group.bench_function(BenchmarkId::from_parameter(name), |b| {
        b.iter(|| {
            index += 1;
            simulation.play(&mut state, 1, index, &mut stats, &mut series, None);
            black_box(&stats);
        })
    });
}
