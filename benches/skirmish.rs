//! Skirmishing with Ancients speed on one core: the card sequence alone
//! (two men too far apart to meet, so only cards are played) and the
//! default engagement, beside the floor of seeding a game and shuffling
//! two 12-card decks.

use criterion::{criterion_group, criterion_main, Criterion};
use fortunes::system::Simulation;
use fortunes::systems::skirmish::Skirmish;
use std::hint::black_box;
mod common;
#[path = "common/floors.rs"]
mod floors;

fn simulation(scenario: Option<&str>) -> Skirmish {
    common::simulation("skirmish", "hold_high", scenario)
}

fn floor(c: &mut Criterion) {
    let mut index = 0u64;
    c.bench_function("skirmish/deal_floor", |b| {
        b.iter(|| {
            index += 1;
            floors::skirmish_deal(index);
        })
    });
}

fn games(c: &mut Criterion) {
    // No men: the card sequence alone.
    let cards_only = "distance = 0\n";
    let mut group = c.benchmark_group("skirmish/game");
    for (name, scenario) in [("cards_only", Some(cards_only)), ("engagement", None)] {
        common::games(&mut group, name, &simulation(scenario));
    }
    group.finish();
}

/// The card sequence alone, as the engine plays it (reset, every play,
/// the game's tally), without adding the tally to a run's statistics.
fn card_sequence(c: &mut Criterion) {
    let simulation = simulation(Some("distance = 0\n"));
    let (mut game, mut tally) = simulation.new_state();
    let mut index = 0u64;
    c.bench_function("skirmish/card_sequence", |b| {
        b.iter(|| {
            index += 1;
            game.reset(&simulation.rules, &simulation.scenario, 1, index);
            game.play(
                &simulation.rules,
                &simulation.scenario,
                &simulation.strategies,
                &mut tally,
            );
            black_box(&tally);
        })
    });
}

criterion_group!(benches, floor, card_sequence, games);
criterion_main!(benches);
