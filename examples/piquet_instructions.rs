//! A fixed amount of Piquet work for an instruction count (valgrind's
//! callgrind), which does not drift with the machine as times do:
//!
//! ```sh
//! cargo build --release --example piquet_instructions
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/piquet_instructions decq_heuristic 10000
//! ```
//!
//! `floor N` runs the mechanics floor N times (`benches/piquet.rs`), and
//! `decq_heuristic N` / `decq_random N` play N one-DECQ games of the
//! default scenario with their statistics, as the bench does. The marginal
//! count of one (the difference between N = 20,000 and N = 10,000, over
//! 10,000) leaves out start-up.

#[path = "../benches/common/piquet_floor.rs"]
mod piquet_floor;

use fortunes::stats::Ratio;
use fortunes::system::Simulation;
use fortunes::systems::{self, piquet::Piquet};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: piquet_instructions floor|decq_heuristic|decq_random N";
    let (Some(mode), Some(n)) = (args.get(1), args.get(2).and_then(|n| n.parse::<u64>().ok()))
    else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    match mode.as_str() {
        "floor" => {
            let mut tallies = piquet_floor::Tallies::default();
            for index in 0..n {
                piquet_floor::mechanics(index, &mut tallies);
            }
        }
        "decq_heuristic" | "decq_random" => {
            let player = mode.trim_start_matches("decq_");
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
            eprintln!("{usage}");
            std::process::exit(2);
        }
    }
}
