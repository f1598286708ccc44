//! Piquet Regimental speed on one core: one DECQ of the default scenario
//! (seeding, the deal, 18 KARDs of both players, statistics) beside the
//! floor of seeding a game and dealing and shuffling the two decks of a
//! DECQ; and the default six-DECQ game.

use criterion::{criterion_group, criterion_main, Criterion};
use fortunes::engine::deck::shuffle;
use fortunes::engine::seeding::{game_rng, Stream};
use fortunes::piquet::Piquet;
use rand::Rng;
use std::hint::black_box;
mod common;

const DEFAULT: &str = include_str!("../experiments/piquet/scenarios/default.toml");

fn floor(c: &mut Criterion) {
    let mut index = 0u64;
    c.bench_function("piquet/deal_floor", |b| {
        b.iter(|| {
            index += 1;
            let mut deal = game_rng(1, index, Stream::DEAL);
            for stream in [Stream::RULES, Stream::seat(0), Stream::seat(1)] {
                black_box(game_rng(1, index, stream));
            }
            // Each side: 9 of its 16 army cards dealt, the 18-card deck
            // shuffled.
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
            black_box(decks)
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

criterion_group!(benches, floor, games);
criterion_main!(benches);
