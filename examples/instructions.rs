//! A fixed amount of work for an instruction count (valgrind's
//! callgrind), which does not drift with the machine as times do: each
//! system's floor (the least a game could cost), Skirmish's card sequence
//! and Piquet's DECQ.
//!
//! ```sh
//! cargo build --release --example instructions
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/instructions piquet_decq_heuristic 10000
//! ```
//!
//! The marginal count of one (the difference between two N over their
//! difference) leaves out start-up. `tests/budgets.rs` measures the floors
//! this way beside the whole commands, for docs/speed.md's ratios.

#[path = "../benches/common/floors.rs"]
mod floors;
#[path = "../benches/common/piquet_floor.rs"]
mod piquet_floor;

use fortunes::stats::Ratio;
use fortunes::system::Simulation;
use fortunes::systems::{self, piquet::Piquet, skirmish::Skirmish};

/// Every mode, as the usage line lists them.
const MODES: &str = "haggerty_deal|haggis_deal|skirmish_deal|skirmish_cards|sickles_turn|piquet_deal|piquet_floor|piquet_decq_heuristic|piquet_decq_random";

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(mode), Some(n)) = (args.get(1), args.get(2).and_then(|n| n.parse::<u64>().ok()))
    else {
        eprintln!("usage: instructions {MODES} N");
        std::process::exit(2);
    };
    match mode.as_str() {
        "haggerty_deal" => {
            let mut floor = floors::HaggertyDeal::default();
            (0..n).for_each(|index| floor.run(index));
        }
        "haggis_deal" => {
            let mut floor = floors::HaggisDeal::default();
            (0..n).for_each(|index| floor.run(index));
        }
        "skirmish_deal" => (0..n).for_each(floors::skirmish_deal),
        "skirmish_cards" => {
            // The card sequence alone, as benches/skirmish.rs times it: two
            // men too far apart to meet, so every play is a card.
            let system = systems::find("skirmish").expect("registered");
            let mut variant =
                system.default_variant(system.both_playing("hold_high").expect("built in"));
            variant.scenario = toml::from_str("distance = 0\n").expect("a scenario");
            let simulation = Skirmish::build(&variant).expect("valid");
            let (mut game, mut tally) = simulation.new_state();
            for index in 0..n {
                game.reset(&simulation.rules, &simulation.scenario, 1, index);
                game.play(
                    &simulation.rules,
                    &simulation.scenario,
                    &simulation.strategies,
                    &mut tally,
                );
                std::hint::black_box(&tally);
            }
        }
        "sickles_turn" => (0..n).for_each(floors::sickles_turn),
        "piquet_deal" => {
            for index in 0..n {
                std::hint::black_box(piquet_floor::seed_and_deal(index));
            }
        }
        "piquet_floor" => {
            let mut tallies = piquet_floor::Tallies::default();
            for index in 0..n {
                piquet_floor::mechanics(index, &mut tallies);
            }
        }
        "piquet_decq_heuristic" | "piquet_decq_random" => {
            let player = mode.trim_start_matches("piquet_decq_");
            let system = systems::find("piquet").expect("registered");
            let mut variant =
                system.default_variant(system.both_playing(player).expect("built in"));
            let one = include_str!("../experiments/piquet/scenarios/default.toml")
                .replace("decqs = 6", "decqs = 1");
            variant.scenario = toml::from_str(&one).expect("the default scenario");
            let simulation = Piquet::build(&variant).expect("valid");
            let mut state = simulation.new_state();
            let mut stats = <Piquet as Simulation>::Stats::default();
            let mut series = vec![Ratio::default(); Piquet::SERIES.len()];
            for index in 0..n {
                simulation.play(&mut state, 1, index, &mut stats, &mut series, None);
            }
            std::hint::black_box(&stats);
        }
        _ => {
            eprintln!("usage: instructions {MODES} N");
            std::process::exit(2);
        }
    }
}
