//! After one warm-up game, playing games allocates nothing on the heap.
//! This test owns the process's global allocator, so it lives alone.

use fortunes::engine::BySeat;
use fortunes::haggerty::{Game, Haggerty, HaggertyStrategy, Heuristic, Rules, Stats};
use fortunes::runner::Simulation;
use fortunes::stats::Ratio;
mod common;

use common::{Counting, ALLOCATIONS};
use std::sync::atomic::Ordering;

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn games_allocate_nothing_after_warm_up() {
    let strategies = [
        HaggertyStrategy::Random,
        HaggertyStrategy::Lowest,
        HaggertyStrategy::Highest,
        HaggertyStrategy::Heuristic(Heuristic::default()),
    ];
    let mut values = Rules::defaults();
    values.set_text("turns=30").unwrap(); // long enough to reshuffle
    let rules = Rules::from_values(values).unwrap();
    for a in strategies {
        for b in strategies {
            let simulation = fortunes::haggerty::Haggerty {
                rules: rules.clone(),
                strategies: BySeat([a, b]),
            };
            let mut state: Game = simulation.new_state();
            let mut stats = Stats::default();
            let mut series = vec![Ratio::default(); 64];
            simulation.play(
                &mut state,
                1,
                0,
                &mut stats,
                &mut series[..Haggerty::SERIES.len()],
                None,
            ); // warm-up
            let before = ALLOCATIONS.load(Ordering::Relaxed);
            for game in 1..500 {
                simulation.play(
                    &mut state,
                    1,
                    game,
                    &mut stats,
                    &mut series[..Haggerty::SERIES.len()],
                    None,
                );
            }
            let allocations = ALLOCATIONS.load(Ordering::Relaxed) - before;
            assert_eq!(
                allocations, 0,
                "{a:?} vs {b:?} allocated {allocations} times"
            );
            assert_eq!(stats.games, 500);
            assert!(stats.reshuffles_per_game.sum > 0);
        }
    }
}
