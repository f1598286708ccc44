//! Hammerin' Sickles speed on one core: a whole game (the scenario's
//! turns) per iteration, throughput in turns, beside the floor of seeding
//! a turn's streams and shuffling its cup (filling it with the turn's chits
//! and pulling every one).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use fortunes::systems::sickles::Sickles;
mod common;
#[path = "common/floors.rs"]
mod floors;

/// The floor: seed the turn's four streams, fill the cup with the
/// illustrative scenario's chits (about 38), pull them all.
fn cup_floor(c: &mut Criterion) {
    let mut index = 0u64;
    c.bench_function("sickles/turn_floor", |b| {
        b.iter(|| {
            index += 1;
            floors::sickles_turn(index);
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
