//! The example games of a report: for each metric of interest, the games of
//! the reference variant, among the first of the run, with the lowest, a
//! typical (nearest the median) and the highest value of the metric's
//! first series, each played again with its events. Found by playing those
//! first games again, so they depend only on the seed, never on threads or
//! shards.

use crate::experiment::Experiment;
use crate::output::number;
use crate::system::GameReplay;

/// Games played again to choose the examples from.
pub const POOL: u64 = 200;

pub struct Example {
    pub metric: String,
    /// `lowest`, `typical` or `highest`.
    pub role: &'static str,
    /// The series whose value chose the game (`initiative a`).
    pub series: String,
    pub value: String,
    pub game: u64,
    /// How many games the examples were chosen from.
    pub pool: u64,
    /// The command that replays it.
    pub command: String,
    /// Its events, or why there are none.
    pub replay: Result<GameReplay, String>,
}

/// The example games of `experiment`, run from `run_toml` (for the
/// commands); none when a seat is an external agent (its program is not
/// started again for a report).
pub fn examples(experiment: &Experiment, run_toml: &str, played: u64) -> Vec<Example> {
    let variant = &experiment.variants[experiment.reference];
    if variant.players.0.iter().any(|p| p.command.is_some()) {
        return Vec::new();
    }
    let system = experiment.system;
    let Ok(mut games) = system.game_loop(variant) else {
        return Vec::new();
    };
    let pool = played.min(POOL);
    let series = system.series();
    let watched = experiment.watched_series();
    let mut values: Vec<Vec<Option<f64>>> = vec![Vec::new(); watched.len()];
    for game in 0..pool {
        games.play(experiment.seed, game);
        let last = games.last_series();
        for (column, &s) in values.iter_mut().zip(&watched) {
            let ratio = last[s];
            column.push((ratio.den > 0).then(|| ratio.num as f64 / ratio.den as f64));
        }
    }
    let mut examples = Vec::new();
    for metric in &experiment.metrics {
        let Some(w) = watched
            .iter()
            .position(|&s| series[s].metric == metric.as_str())
        else {
            continue;
        };
        let mut scored: Vec<(f64, u64)> = values[w]
            .iter()
            .enumerate()
            .filter_map(|(game, v)| v.map(|v| (v, game as u64)))
            .collect();
        if scored.is_empty() {
            continue;
        }
        // Ties go to the earlier game, so the choice is the same on any run.
        scored.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let picks = [
            ("lowest", scored[0]),
            ("typical", scored[(scored.len() - 1) / 2]),
            ("highest", scored[scored.len() - 1]),
        ];
        let mut seen = Vec::new();
        for (role, (value, game)) in picks {
            if seen.contains(&game) {
                continue;
            }
            seen.push(game);
            let mut command = format!("fortunes replay {run_toml} {game}");
            if experiment.variants.len() > 1 {
                command.push_str(&format!(" --variant '{}'", variant.label));
            }
            examples.push(Example {
                metric: metric.clone(),
                role,
                series: series[watched[w]].label(),
                value: number(value),
                game,
                pool,
                command,
                replay: system
                    .replay(variant, experiment.seed, game)
                    .map_err(|e| e.to_string()),
            });
        }
    }
    examples
}
