//! Piquet Regimental speed on one core: one DECQ of the default scenario
//! (seeding, the deal, 18 KARDs of both players, statistics) beside the
//! floor of seeding a game and dealing and shuffling the two decks of a
//! DECQ, and beside the DECQ's mechanical floor (that deal, every card
//! turned with its statistics, and the dice a DECQ rolls); and the default
//! six-DECQ game.

use criterion::{criterion_group, criterion_main, Criterion};
use fortunes::engine::deck::shuffle;
use fortunes::engine::seeding::{game_rng, GameRng, Stream};
use fortunes::systems::piquet::Piquet;
use rand::Rng;
use std::hint::black_box;
mod common;

const DEFAULT: &str = include_str!("../experiments/piquet/scenarios/default.toml");

/// The deck work of one DECQ: game `index`'s four streams seeded and, for
/// each side, 9 of its 16 army cards dealt and the 18-card deck shuffled.
/// Returns the decks and the rules stream (the dice).
fn seed_and_deal(index: u64) -> ([[u8; 18]; 2], GameRng) {
    let mut deal = game_rng(1, index, Stream::DEAL);
    let dice = game_rng(1, index, Stream::RULES);
    for stream in [Stream::seat(0), Stream::seat(1)] {
        black_box(game_rng(1, index, stream));
    }
    let mut decks = [[0u8; 18]; 2];
    for deck in &mut decks {
        let mut army: [u8; 16] = std::array::from_fn(|i| 9 + (i % 4) as u8);
        for i in 0..9 {
            let j = deal.random_range(i as u32..16) as usize;
            army.swap(i, j);
        }
        for (i, card) in deck.iter_mut().enumerate() {
            *card = if i < 9 { i as u8 } else { army[i - 9] };
        }
        shuffle(deck, &mut deal);
    }
    (decks, dice)
}

fn floor(c: &mut Criterion) {
    let mut index = 0u64;
    c.bench_function("piquet/deal_floor", |b| {
        b.iter(|| {
            index += 1;
            black_box(seed_and_deal(index))
        })
    });
}

/// The least a DECQ's mechanics could cost whatever the players decide:
/// the deal floor, then each KARD's two cards turned and counted with the
/// initiative histogram, then the 68 dice a first DECQ of the default
/// scenario rolls on average (6 for the opening initiative, 62 for casts,
/// assaults and rallies; counted with the heuristic). No decision is made
/// and no rule applied: what is left to a real DECQ is choosing and
/// resolving.
fn mechanics_floor(c: &mut Criterion) {
    let mut index = 0u64;
    // Statistics live across games, as the runner's do.
    let mut turned = [[0u32; 16]; 2];
    let mut initiative = [[[0u64; 19]; 18]; 2];
    c.bench_function("piquet/mechanics_floor", |b| {
        b.iter(|| {
            index += 1;
            let (decks, mut dice) = seed_and_deal(index);
            let ip: [u32; 2] =
                std::array::from_fn(|_| (0..3).map(|_| dice.random_range(1..=6u32)).sum());
            for k in 0..18 {
                for side in 0..2 {
                    turned[side][decks[side][k] as usize] += 1;
                    initiative[side][k][ip[side] as usize] += 1;
                }
            }
            let rolled: u32 = (0..62).map(|_| dice.random_range(1..=8u32)).sum();
            black_box((&turned, &initiative, rolled));
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
