//! Equal choices are drawn from the seat's own stream, never decided by
//! the order the scenario lists regiments or players in.

use super::*;

/// The shipped default scenario with its 2nd Line made the 1st Line's
/// twin: the same data (target, rating, plan), a brigade of its own so
/// that each takes its own orders and fire orders; b's Dragoons charge
/// the Light instead of the 1st Line.
fn twins() -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("experiments/piquet/scenarios/default.toml");
    let text = std::fs::read_to_string(path).unwrap();
    let second = "name = \"2nd Line\"\nrating = \"line,reliable\"\nbrigade = 1\n\
                  orders = [\"move\", \"assault\"]\ntarget = \"Fusiliers\"";
    assert!(text.contains(second), "the default scenario changed");
    let dragoons = "target = \"1st Line\"";
    assert_eq!(text.matches(dragoons).count(), 1);
    text.replace(
        second,
        "name = \"2nd Line\"\nrating = \"line,reliable\"\nbrigade = 4\n\
         orders = [\"move\", \"assault\"]\ntarget = \"Grenadiers\"",
    )
    .replace(dragoons, "target = \"Light\"")
}

/// Per game, for each of side a's first two regiments: the orders it
/// completed and the volleys it fired, KARD by KARD.
fn figures(text: &str, games: u64) -> Vec<[[f64; 2]; 2]> {
    let scenario = Scenario::from_table(&toml::from_str(text).unwrap()).unwrap();
    let rules = Rules::default();
    let strategies = BySeat([PiquetStrategy::HEURISTIC; 2]);
    let setup = Setup {
        rules: &rules,
        scenario: &scenario,
        strategies: &strategies,
    };
    let mut game = Game::new();
    let (mut stats, mut tally) = (Stats::default(), GameTally::default());
    (0..games)
        .map(|index| {
            game.reset(&setup, 36, index);
            let mut figures = [[0.0; 2]; 2];
            for decq in 0..scenario.decqs {
                if decq > 0 {
                    for seat in Seat::BOTH {
                        game.redeal(&scenario, seat);
                    }
                }
                for kard in 0..DECK {
                    let before = game.units[Seat::A];
                    let loaded = game.loaded[Seat::A];
                    game.kard += 1;
                    game.play_kard(&setup, kard, &mut stats, &mut tally);
                    for (i, figure) in figures.iter_mut().enumerate() {
                        let after = &game.units[Seat::A][i];
                        figure[0] += (after.plan_at != before[i].plan_at) as u32 as f64;
                        // Fired: loaded before the KARD, unloaded after,
                        // not reloaded (a reload loads, never unloads).
                        figure[1] +=
                            (loaded >> i & 1 != 0 && !game.is_loaded(Seat::A, i)) as u32 as f64;
                    }
                }
            }
            figures
        })
        .collect()
}

fn mean_se(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let values: Vec<f64> = values.collect();
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

#[test]
fn identical_regiments_fare_alike_wherever_the_scenario_lists_them() {
    // The 1st and 2nd Line have the same data: nothing in the rules tells
    // them apart, so neither may the players (orders, fire orders, extra
    // casts and rallies when IP runs short go to either at random).
    let games = 4_000;
    let text = twins();
    let listed = figures(&text, games);
    for (f, name) in ["orders completed", "volleys"].iter().enumerate() {
        let (difference, se) = mean_se(listed.iter().map(|g| g[0][f] - g[1][f]));
        assert!(
            difference.abs() < 4.0 * se,
            "1st - 2nd Line, {name}: {difference} a game (se {se})"
        );
    }
    // Listed the other way round (their names swapped), the 1st Line's
    // figures stay within their intervals.
    let swapped = text
        .replace("\"1st Line\"", "\"first\"")
        .replace("\"2nd Line\"", "\"1st Line\"")
        .replace("\"first\"", "\"2nd Line\"");
    let reordered = figures(&swapped, games);
    for (f, name) in ["orders completed", "volleys"].iter().enumerate() {
        let (first, se_first) = mean_se(listed.iter().map(|g| g[0][f]));
        let (second, se_second) = mean_se(reordered.iter().map(|g| g[1][f]));
        let tolerance = 4.0 * (se_first.powi(2) + se_second.powi(2)).sqrt();
        assert!(
            (first - second).abs() < tolerance,
            "1st Line's {name} listed first {first}, second {second} (tolerance {tolerance})"
        );
    }
}
