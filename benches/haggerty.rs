//! Haggerty speed on one core: the deal-only floor (seed a game, shuffle
//! 54 cards, deal two hands) against whole games with statistics, for every
//! built-in strategy. Throughput is in turns, so criterion's elem/s is
//! turns per second; per-turn time is a game's time over its turns.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use fortunes::engine::BySeat;
use fortunes::haggerty::{Game, Haggerty, HaggertyStrategy, Heuristic, Rules, Stats};
use fortunes::runner::{run, RunConfig, Simulation};
use std::hint::black_box;

fn deal_only(c: &mut Criterion) {
    let rules = Rules::default();
    let mut game = Game::new(&rules, 0, 0);
    let mut index = 0u64;
    c.bench_function("haggerty/deal_only", |b| {
        b.iter(|| {
            index += 1;
            game.reset(&rules, 1, index);
            black_box(game.hands);
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
        };
        let mut state = simulation.new_state();
        let mut stats = Stats::default();
        let mut index = 0u64;
        group.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter(|| {
                index += 1;
                simulation.play(&mut state, 1, index, &mut stats, None);
                black_box(&stats);
            })
        });
        black_box(&stats);
    }
    group.finish();
}

/// The same games through the parallel runner on one thread, as the CLI
/// plays them: the reference for the CLI's end-to-end speed.
fn runner_one_thread(c: &mut Criterion) {
    const GAMES: u64 = 4 * fortunes::runner::BATCH;
    let simulation = Haggerty {
        rules: Rules::default(),
        strategies: BySeat([HaggertyStrategy::Heuristic(Heuristic::default()); 2]),
    };
    let mut group = c.benchmark_group("haggerty/runner_1_thread");
    group.throughput(Throughput::Elements(GAMES));
    group.sample_size(20);
    let mut seed = 0u64;
    group.bench_function("heuristic", |b| {
        b.iter(|| {
            seed += 1;
            let config = RunConfig {
                games: GAMES,
                seed,
                threads: 1,
            };
            black_box(run(&simulation, &config, None, None).unwrap());
        })
    });
    group.finish();
}

criterion_group!(benches, deal_only, games, runner_one_thread);
criterion_main!(benches);
