//! Hammerin' Sickles speed on one core: a whole game (the scenario's
//! turns) per iteration, throughput in turns, beside the floor of seeding
//! a turn's streams and shuffling its cup (filling it with the turn's chits
//! and pulling every one).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use fortunes::engine::cup::Cup;
use fortunes::engine::seeding::{game_rng, Stream};
use fortunes::systems::sickles::Sickles;
use std::hint::black_box;
mod common;

/// The floor: seed the turn's four streams, fill the cup with the
/// illustrative scenario's chits (about 38), pull them all.
fn cup_floor(c: &mut Criterion) {
    let mut index = 0u64;
    c.bench_function("sickles/turn_floor", |b| {
        b.iter(|| {
            index += 1;
            let mut deal = game_rng(1, index, Stream::DEAL);
            for stream in [Stream::RULES, Stream::seat(0), Stream::seat(1)] {
                black_box(game_rng(1, index, stream));
            }
            let mut cup = Cup::new();
            for id in 0..38 {
                cup.put(id);
            }
            let mut last = 0;
            while let Some(id) = cup.pull(&mut deal) {
                last = id;
            }
            black_box(last)
        })
    });
}

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("sickles/game");
    for name in ["heuristic", "random"] {
        let simulation: Sickles = common::simulation("sickles", name, None);
        group.throughput(Throughput::Elements(simulation.turns as u64));
        common::games(&mut group, name, &simulation);
    }
    group.finish();
}

criterion_group!(benches, cup_floor, games);
criterion_main!(benches);
