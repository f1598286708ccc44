//! After one warm-up game, Haggis games allocate nothing on the heap, for
//! every pair of players (the search player's playouts included). This
//! test owns the process's global allocator, so it lives alone.

use fortunes::engine::BySeat;
use fortunes::haggis::strategy::{Heuristic, Search};
use fortunes::haggis::{Haggis, HaggisStrategy, Rules, Stats};
use fortunes::runner::Simulation;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

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
            simulation.play(&mut state, 1, 0, &mut stats, None); // warm-up
            let before = ALLOCATIONS.load(Ordering::Relaxed);
            for game in 1..30 {
                simulation.play(&mut state, 1, game, &mut stats, None);
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
