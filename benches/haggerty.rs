//! Haggerty speed on one core: the deal-only floor (seed a game, shuffle
//! 54 cards, deal two hands) against whole games with statistics, for every
//! built-in strategy. Throughput is in turns, so criterion's elem/s is
//! turns per second; per-turn time is a game's time over its turns.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use fortunes::engine::BySeat;
use fortunes::experiment::{Experiment, Overrides};
use fortunes::systems::haggerty::{Haggerty, HaggertyStrategy, Heuristic, Rules};
use std::hint::black_box;
mod common;
#[path = "common/floors.rs"]
mod floors;
use std::path::Path;

fn deal_only(c: &mut Criterion) {
    let mut floor = floors::HaggertyDeal::default();
    let mut index = 0u64;
    c.bench_function("haggerty/deal_only", |b| {
        b.iter(|| {
            index += 1;
            floor.run(index);
        })
    });
}

fn games(c: &mut Criterion) {
    let rules = Rules::default();
    let turns = rules.turns as u64;
    let mut group = c.benchmark_group("haggerty/game");
    group.throughput(Throughput::Elements(turns));
    for (name, strategy) in [
        ("random", HaggertyStrategy::Random),
        ("lowest", HaggertyStrategy::Lowest),
        ("highest", HaggertyStrategy::Highest),
        (
            "heuristic",
            HaggertyStrategy::Heuristic(Heuristic::default()),
        ),
    ] {
        let simulation = Haggerty {
            rules: rules.clone(),
            strategies: BySeat([strategy, strategy]),
            agents: fortunes::system::agent::Agents::default(),
        };
        common::games(&mut group, name, &simulation);
    }
    group.finish();
}

fn experiment(sweep: &str, games: u64) -> Experiment {
    let text = format!("system = \"haggerty\"\ngames = {games}\n{sweep}");
    let table: toml::Table = toml::from_str(&text).unwrap();
    Experiment::from_table("bench", Path::new("bench"), &table, &Overrides::default()).unwrap()
}

fn play(experiment: &Experiment, seed: u64) {
    black_box(experiment.play(seed, 1).unwrap());
}

/// The same games through the registry and the runner on one thread, as
/// the CLI plays them: the reference for the CLI's end-to-end speed.
fn runner_one_thread(c: &mut Criterion) {
    const GAMES: u64 = 4 * fortunes::system::plan::BATCH;
    let plain = experiment("", GAMES);
    let mut group = c.benchmark_group("haggerty/runner_1_thread");
    group.throughput(Throughput::Elements(GAMES));
    group.sample_size(20);
    let mut seed = 0u64;
    group.bench_function("heuristic", |b| {
        b.iter(|| {
            seed += 1;
            play(&plain, seed);
        })
    });
    group.finish();
}

/// A 5-variant sweep played in lockstep with its paired sums, against the
/// same five variants played as five separate runs of the same games.
fn sweep_overhead(c: &mut Criterion) {
    const GAMES: u64 = 2 * fortunes::system::plan::BATCH;
    let sweep = experiment("[sweep]\nhand_size_a = [4, 5, 6, 7, 8]", GAMES);
    let separate: Vec<Experiment> = (4..=8)
        .map(|size| experiment(&format!("[rules]\nhand_size_a = {size}"), GAMES))
        .collect();
    let mut group = c.benchmark_group("haggerty/sweep_of_5");
    group.throughput(Throughput::Elements(5 * GAMES));
    group.sample_size(20);
    let mut seed = 0u64;
    group.bench_function("one_sweep", |b| {
        b.iter(|| {
            seed += 1;
            play(&sweep, seed);
        })
    });
    group.bench_function("five_runs", |b| {
        b.iter(|| {
            seed += 1;
            for experiment in &separate {
                play(experiment, seed);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, deal_only, games, runner_one_thread, sweep_overhead);
criterion_main!(benches);
