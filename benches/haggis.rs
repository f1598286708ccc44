//! Haggis speed on one core: the deal-only floor (seed a game, shuffle the
//! 36 number cards, deal two hands and the Haggis) against whole rounds
//! (deal, bets, every play, scoring) for each built-in player, and the move
//! generator alone. criterion's elem/s is rounds (or generations) per
//! second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use fortunes::engine::BySeat;
use fortunes::systems::haggis::strategy::{Heuristic, Search};
use fortunes::systems::haggis::{generate, BombSet, Cards, Game, HaggisStrategy, MoveList, Rules};
use std::hint::black_box;
#[path = "common/floors.rs"]
mod floors;

fn deal_only(c: &mut Criterion) {
    let mut floor = floors::HaggisDeal::default();
    let mut index = 0u64;
    c.bench_function("haggis/deal_only", |b| {
        b.iter(|| {
            index += 1;
            floor.run(index);
        })
    });
}

fn rounds(c: &mut Criterion) {
    let rules = Rules::default();
    let mut group = c.benchmark_group("haggis/round");
    group.throughput(Throughput::Elements(1));
    for (name, player) in [
        ("greedy", HaggisStrategy::Greedy),
        ("random", HaggisStrategy::Random),
        ("heuristic", HaggisStrategy::Heuristic(Heuristic::default())),
        ("search", HaggisStrategy::Search(Search::default())),
        // The `fast` preset: a third of the playouts of the search as it
        // was, at its strength.
        (
            "search_fast",
            HaggisStrategy::Search(Search {
                samples: 16,
                ..Search::default()
            }),
        ),
        // The search as it was: 8 candidates, the bet from the hand's shape.
        (
            "search_8_candidates_shape_bet",
            HaggisStrategy::Search(Search {
                candidates: 8,
                bet_samples: 0,
                ..Search::default()
            }),
        ),
    ] {
        if name.starts_with("search") {
            group.sample_size(10);
        }
        let strategies = BySeat([player; 2]);
        let mut game = Game::new(&rules, 1, 0);
        let mut index = 0u64;
        group.bench_function(name, |b| {
            b.iter(|| {
                // A fresh game now and then keeps the scores realistic.
                if game.result(&rules).is_some() {
                    index += 1;
                    game.reset(&rules, 1, index);
                }
                black_box(game.play_round(&rules, &strategies));
            })
        });
    }
    group.finish();
}

/// Every lead of a dealt hand with its three wilds, and every answer to a
/// pair: the generator's two cases.
fn move_generation(c: &mut Criterion) {
    let rules = Rules::default();
    let mut game = Game::new(&rules, 2, 0);
    let hands: Vec<Cards> = (0..64)
        .map(|i| {
            game.reset(&rules, 2, i);
            game.deal(&rules);
            game.round.hands.0[0]
        })
        .collect();
    let pair =
        fortunes::systems::haggis::moves::readings(Cards::parse("5S 5H").unwrap(), BombSet::ALL)[0];
    let mut list = MoveList::new();
    let mut group = c.benchmark_group("haggis/moves");
    group.throughput(Throughput::Elements(hands.len() as u64));
    group.bench_function("leads", |b| {
        b.iter(|| {
            for &hand in &hands {
                generate(hand, None, BombSet::ALL, &mut list);
                black_box(list.len());
            }
        })
    });
    group.bench_function("answers_to_a_pair", |b| {
        b.iter(|| {
            for &hand in &hands {
                generate(hand, Some(pair.combo), BombSet::ALL, &mut list);
                black_box(list.len());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, deal_only, rounds, move_generation);
criterion_main!(benches);
