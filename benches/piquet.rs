//! Piquet Regimental speed on one core: one DECQ of the default scenario
//! (seeding, the deal, 18 KARDs of both players, statistics) beside the
//! floor of seeding a game and dealing and shuffling the two decks of a
//! DECQ, and beside the DECQ's mechanical floor (that deal, every card
//! turned with its statistics, and the dice a DECQ rolls, fire included);
//! and the default six-DECQ game.

use criterion::{criterion_group, criterion_main, Criterion};
use fortunes::systems::piquet::Piquet;
use piquet_floor::seed_and_deal;
use std::hint::black_box;
mod common;
#[path = "common/piquet_floor.rs"]
mod piquet_floor;

const DEFAULT: &str = include_str!("../experiments/piquet/scenarios/default.toml");

fn floor(c: &mut Criterion) {
    let mut index = 0u64;
    c.bench_function("piquet/deal_floor", |b| {
        b.iter(|| {
            index += 1;
            black_box(seed_and_deal(index))
        })
    });
}

/// The least a DECQ's mechanics could cost (`piquet_floor::mechanics`).
fn mechanics_floor(c: &mut Criterion) {
    let mut index = 0u64;
    let mut tallies = piquet_floor::Tallies::default();
    c.bench_function("piquet/mechanics_floor", |b| {
        b.iter(|| {
            index += 1;
            piquet_floor::mechanics(index, &mut tallies)
        })
    });
}

fn games(c: &mut Criterion) {
    let one_decq = DEFAULT.replace("decqs = 6", "decqs = 1");
    assert_ne!(one_decq, DEFAULT, "the default scenario sets decqs = 6");
    let mut group = c.benchmark_group("piquet/game");
    // The card flow alone: no regiments, so nothing to order or fight.
    let no_regiments: String = one_decq
        .split("\n[a]")
        .next()
        .map(|head| format!("{head}\n[a]\ncommander = \"good\"\n[b]\ncommander = \"average\"\n"))
        .unwrap();
    for (name, player, scenario) in [
        ("decq_cards_only", "heuristic", Some(no_regiments.as_str())),
        ("decq_heuristic", "heuristic", Some(one_decq.as_str())),
        ("decq_random", "random", Some(one_decq.as_str())),
        ("six_decqs_heuristic", "heuristic", None),
    ] {
        let simulation: Piquet = common::simulation("piquet", player, scenario);
        common::games(&mut group, name, &simulation);
    }
    group.finish();
}

criterion_group!(benches, floor, mechanics_floor, games);
criterion_main!(benches);
