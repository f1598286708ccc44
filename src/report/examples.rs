//! The games behind a report: for each metric of interest, the games of
//! the reference variant, among the first of the run, with the lowest, a
//! typical (nearest the median) and the highest value of the metric's
//! first series, each played again with its events; and, in a sweep, the
//! games whose paired difference from the reference moved most. Found by
//! playing those first games again, so they depend only on the seed,
//! never on threads or shards.

use crate::experiment::Experiment;
use crate::output::number;
use crate::system::GameReplay;

/// Games played again to choose the examples from.
pub const POOL: u64 = 200;
/// Games of all variants together played again to find those that moved
/// most: a large sweep looks at fewer games of each variant.
const MOVED_BUDGET: u64 = 4_000;
/// Games listed per metric as having moved most.
const MOVED: usize = 5;

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

/// A game whose figure moved most between the reference and a variant.
pub struct Moved {
    pub metric: String,
    pub series: String,
    pub variant: String,
    pub game: u64,
    pub reference: f64,
    pub value: f64,
    /// How many games of each variant were compared.
    pub pool: u64,
    pub command: String,
}

/// The games behind a report.
#[derive(Default)]
pub struct Games {
    pub examples: Vec<Example>,
    pub moved: Vec<Moved>,
}

/// Each game's value of each watched series (`None` where its
/// denominator is 0), for the first `pool` games of `variant`.
fn values(
    experiment: &Experiment,
    variant: &crate::system::Variant,
    pool: u64,
) -> Option<Vec<Vec<Option<f64>>>> {
    let mut games = experiment.system.game_loop(variant).ok()?;
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
    Some(values)
}

/// The games behind the report of `experiment`, written to `run_dir` (for
/// the commands); none when a seat is an external agent (its program is
/// not started again for a report).
pub fn games(experiment: &Experiment, run_dir: &str, played: u64) -> Games {
    let agents = experiment
        .variants
        .iter()
        .any(|v| v.players.0.iter().any(|p| p.command.is_some()));
    if agents {
        return Games::default();
    }
    let reference = &experiment.variants[experiment.reference];
    let pool = played.min(POOL);
    let Some(values) = values(experiment, reference, pool) else {
        return Games::default();
    };
    Games {
        examples: examples(experiment, run_dir, &values, pool),
        moved: moved(experiment, run_dir, &values, played),
    }
}

/// The lowest, a typical and the highest game of the reference variant.
fn examples(
    experiment: &Experiment,
    run_toml: &str,
    values: &[Vec<Option<f64>>],
    pool: u64,
) -> Vec<Example> {
    let system = experiment.system;
    let variant = &experiment.variants[experiment.reference];
    let series = system.series();
    let watched = experiment.watched_series();
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
                command.push_str(&format!(" --variant {}", shell_word(&variant.label)));
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

/// In a sweep, for each metric of interest, the games (of the first of
/// each variant) whose first series differs most from the reference's same
/// game: what to replay with `--vs` to see why a figure moved.
fn moved(
    experiment: &Experiment,
    run_dir: &str,
    reference: &[Vec<Option<f64>>],
    played: u64,
) -> Vec<Moved> {
    let others = experiment.variants.len() as u64 - 1;
    if others == 0 {
        return Vec::new();
    }
    let pool = played.min(POOL).min(MOVED_BUDGET / others).max(1);
    let series = experiment.system.series();
    let watched = experiment.watched_series();
    // Per watched series: (|difference|, variant, game, reference's, variant's).
    type Found = Vec<(f64, usize, u64, f64, f64)>;
    let mut found: Vec<Found> = vec![Vec::new(); watched.len()];
    for (v, variant) in experiment.variants.iter().enumerate() {
        if v == experiment.reference {
            continue;
        }
        let Some(values) = values(experiment, variant, pool) else {
            continue;
        };
        for (w, column) in values.iter().enumerate() {
            for (game, value) in column.iter().enumerate() {
                if let (Some(value), Some(base)) = (value, reference[w][game]) {
                    if value != &base {
                        found[w].push(((value - base).abs(), v, game as u64, base, *value));
                    }
                }
            }
        }
    }
    let reference_label = &experiment.variants[experiment.reference].label;
    let mut moved = Vec::new();
    for metric in &experiment.metrics {
        let Some(w) = watched
            .iter()
            .position(|&s| series[s].metric == metric.as_str())
        else {
            continue;
        };
        let list = &mut found[w];
        // Largest first; ties to the earlier variant and game.
        list.sort_by(|a, b| b.0.total_cmp(&a.0).then((a.1, a.2).cmp(&(b.1, b.2))));
        for &(_, v, game, base, value) in list.iter().take(MOVED) {
            let label = &experiment.variants[v].label;
            moved.push(Moved {
                metric: metric.clone(),
                series: series[watched[w]].label(),
                variant: label.clone(),
                game,
                reference: base,
                value,
                pool,
                command: format!(
                    "fortunes replay {run_dir} {game} --variant {} --vs {}",
                    shell_word(reference_label),
                    shell_word(label)
                ),
            });
        }
    }
    moved
}

/// A shell word: quoted when it holds anything but plain characters.
pub fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./=:,+".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}
