//! After one warm-up game, Haggis games allocate nothing on the heap, for
//! every pair of players (the search player's playouts included). This
//! test owns the process's global allocator, so it lives alone.

use fortunes::engine::BySeat;
use fortunes::haggis::strategy::{Heuristic, Search};
use fortunes::haggis::{Haggis, HaggisStrategy, Rules, Stats};
use fortunes::runner::Simulation;
use fortunes::stats::Ratio;
mod common;

use common::{Counting, ALLOCATIONS};
use std::sync::atomic::Ordering;

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn haggis_games_allocate_nothing_after_warm_up() {
    let players = [
        HaggisStrategy::Random,
        HaggisStrategy::Greedy,
        HaggisStrategy::Heuristic(Heuristic::default()),
        HaggisStrategy::Search(Search {
            samples: 4,
            candidates: 4,
        }),
    ];
    let mut rounds = 0;
    for a in players {
        for b in players {
            let simulation = Haggis {
                rules: Rules::default(),
                strategies: BySeat([a, b]),
            };
            let mut state = simulation.new_state();
            let mut stats = Stats::default();
            let mut series = vec![Ratio::default(); 64];
            simulation.play(
                &mut state,
                1,
                0,
                &mut stats,
                &mut series[..Haggis::SERIES.len()],
                None,
            ); // warm-up
            let before = ALLOCATIONS.load(Ordering::Relaxed);
            for game in 1..30 {
                simulation.play(
                    &mut state,
                    1,
                    game,
                    &mut stats,
                    &mut series[..Haggis::SERIES.len()],
                    None,
                );
            }
            let allocations = ALLOCATIONS.load(Ordering::Relaxed) - before;
            assert_eq!(
                allocations, 0,
                "{a:?} vs {b:?} allocated {allocations} times"
            );
            assert_eq!(stats.games, 30);
            rounds += stats.rounds;
        }
    }
    assert!(rounds > 2000, "only {rounds} rounds");
}
