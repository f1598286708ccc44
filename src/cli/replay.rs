//! `fortunes replay`: one game of a run played again from (seed, game
//! index) alone, its events printed in order; with `--vs`, the same game
//! under a second variant, and where the two part; with `--games`, a
//! range of games one after another.

use super::run::BaseArgs;
use crate::error::{Error, ErrorKind, Result};
use crate::experiment::{Experiment, Games};
use crate::output::{emit, emit_part};
use crate::system::{GameReplay, Variant};
use serde_json::Value;
use std::fmt::Write;
use std::path::Path;

/// Events shown of each variant after the two part.
const AFTER_PARTING: usize = 12;

#[derive(clap::Args, Debug)]
pub struct ReplayArgs {
    /// A run's folder (it holds run.toml), a run.toml or experiment file,
    /// or a system with the usual --seed, --set, --rules, --strategy and
    /// --scenario.
    target: String,
    /// The game: its index, 0-based, as the `game` column of
    /// records.parquet and `fortunes ask --games` give it.
    #[arg(value_name = "GAME", required_unless_present_any = ["game_flag", "games"])]
    game: Option<u64>,
    /// The game, as a flag (`fortunes replay haggerty --game 12`).
    #[arg(
        long = "game",
        id = "game_flag",
        value_name = "N",
        conflicts_with = "game"
    )]
    game_flag: Option<u64>,
    /// Games FIRST to LAST, one after another, each as a replay of its own
    /// (`--games 0..99 --json`: every game's events for a script to read).
    #[arg(
        long,
        value_name = "FIRST..LAST",
        value_parser = game_range,
        conflicts_with_all = ["game", "game_flag", "vs"]
    )]
    games: Option<(u64, u64)>,
    /// The variant, by its label (default: the experiment's reference).
    #[arg(long, value_name = "LABEL")]
    variant: Option<String>,
    /// Also play the game under this variant and show where the two part.
    #[arg(long, value_name = "LABEL")]
    vs: Option<String>,
    /// JSON lines: a `replay` header, one object per event (its `event`
    /// key names the kind; docs/replay.md gives each system's), and one
    /// `record` object per row the game gives records.parquet.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    base: BaseArgs,
}

pub fn replay(args: ReplayArgs) -> Result<()> {
    let target = run_file(&args.target);
    let experiment = args.base.resolve(&target, None, &[])?;
    let (first_game, last_game) = match args.games {
        Some(range) => range,
        None => {
            let game = args
                .game
                .or(args.game_flag)
                .expect("clap requires GAME, --game or --games");
            (game, game)
        }
    };
    let from_run = experiment.written.contains_key("fortunes_version");
    let played = match experiment.games {
        Games::Fixed(n) => n,
        Games::Precision { max_games, .. } => max_games,
    };
    if from_run && last_game >= played {
        return Err(bad(format!(
            "game {last_game} is not a game of this run; allowed: 0 to {}",
            played - 1
        )));
    }
    let first = pick(&experiment, args.variant.as_deref())?;
    let system = experiment.system;
    let seed = experiment.seed;
    let header = |variant: &Variant, game: u64| {
        let label = Value::from(variant.label.as_str());
        format!(
            "{{\"event\":\"replay\",\"system\":\"{}\",\"seed\":{seed},\"game\":{game},\"variant\":{label}}}",
            system.name()
        )
    };
    let Some(vs) = &args.vs else {
        for game in first_game..=last_game {
            crate::cancel::check()?;
            let one = system.replay(first, seed, game)?;
            let text = if args.json {
                json_lines(header(first, game), &one, None)
            } else {
                let mut text = title(system.name(), seed, game, first);
                text.push_str(&numbered(&one.events.lines, 0));
                text.push_str(&records_text(&one));
                text
            };
            // A reader gone (`| head`) wants no more games.
            if !emit_part(&text)? {
                break;
            }
        }
        return Ok(());
    };
    let game = first_game;
    let one = system.replay(first, seed, game)?;
    let second = pick(&experiment, Some(vs))?;
    let other = system.replay(second, seed, game)?;
    let parted = one
        .events
        .json
        .iter()
        .zip(&other.events.json)
        .position(|(a, b)| a != b)
        .or_else(|| {
            (one.events.len() != other.events.len())
                .then(|| one.events.len().min(other.events.len()))
        });
    if args.json {
        let mut text = json_lines(header(first, game), &one, Some(&first.label));
        text.push_str(&json_lines(
            header(second, game),
            &other,
            Some(&second.label),
        ));
        let at = parted.map_or(Value::Null, |i| (i + 1).into());
        let _ = writeln!(text, "{{\"event\":\"parted\",\"at\":{at}}}");
        return emit(&text);
    }
    let mut text = format!(
        "{} game {game} of seed {seed}: variant {} against {}\n",
        system.name(),
        first.label,
        second.label
    );
    match parted {
        None => {
            let _ = writeln!(text, "the two play the same {} events:", one.events.len());
            text.push_str(&numbered(&one.events.lines, 0));
        }
        Some(at) => {
            let _ = match at {
                0 => writeln!(text, "they part at the first event"),
                _ => writeln!(
                    text,
                    "the first {at} events are the same; they part at event {}",
                    at + 1
                ),
            };
            let context = at.saturating_sub(3);
            if context > 0 {
                let _ = writeln!(text, "  ... ({context} events)");
            }
            text.push_str(&numbered(&one.events.lines[context..at], context));
            for (variant, replay) in [(first, &one), (second, &other)] {
                let end = (at + AFTER_PARTING).min(replay.events.len());
                let _ = writeln!(text, "under {}:", variant.label);
                let mut lines = numbered(&replay.events.lines[at..end], at);
                lines = lines.replacen("  ", "> ", 1);
                text.push_str(&lines);
                if end < replay.events.len() {
                    let _ = writeln!(text, "  ... ({} more events)", replay.events.len() - end);
                }
            }
        }
    }
    for (variant, replay) in [(first, &one), (second, &other)] {
        let _ = write!(text, "{}: ", variant.label);
        text.push_str(records_text(replay).trim_start_matches("record "));
    }
    emit(&text)
}

/// A run's folder stands for the run.toml it holds.
fn run_file(target: &str) -> String {
    let path = Path::new(target);
    if path.is_dir() {
        path.join("run.toml").display().to_string()
    } else {
        target.to_string()
    }
}

fn pick<'a>(experiment: &'a Experiment, label: Option<&str>) -> Result<&'a Variant> {
    match label {
        None => Ok(&experiment.variants[experiment.reference]),
        Some(label) => experiment
            .variants
            .iter()
            .find(|v| v.label == label)
            .ok_or_else(|| {
                let labels: Vec<&str> = experiment
                    .variants
                    .iter()
                    .map(|v| v.label.as_str())
                    .collect();
                bad(format!(
                    "no variant {label:?} in this run; allowed: {}",
                    labels.join(", ")
                ))
            }),
    }
}

/// `FIRST..LAST`, both games included, FIRST <= LAST.
fn game_range(text: &str) -> std::result::Result<(u64, u64), String> {
    let bad =
        || format!("{text:?}: allowed: FIRST..LAST, whole numbers with FIRST <= LAST, e.g. 0..99");
    let (first, last) = text.split_once("..").ok_or_else(bad)?;
    let (first, last) = (
        first.trim().parse::<u64>().map_err(|_| bad())?,
        last.trim().parse::<u64>().map_err(|_| bad())?,
    );
    match first <= last {
        true => Ok((first, last)),
        false => Err(bad()),
    }
}

fn bad(message: String) -> Error {
    Error::new(ErrorKind::BadArgument(message))
}

fn title(system: &str, seed: u64, game: u64, variant: &Variant) -> String {
    format!(
        "{system} game {game} of seed {seed}, variant {}:\n",
        variant.label
    )
}

/// Lines numbered from `from + 1`.
fn numbered(lines: &[String], from: usize) -> String {
    let width = (from + lines.len()).to_string().len().max(3);
    let mut text = String::new();
    for (i, line) in lines.iter().enumerate() {
        let _ = writeln!(text, "  {:>width$}  {line}", from + i + 1);
    }
    text
}

/// The rows the game gives records.parquet, one line each.
fn records_text(replay: &GameReplay) -> String {
    let mut text = String::new();
    for row in &replay.records {
        let cells: Vec<String> = row.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let _ = writeln!(text, "record {}", cells.join(" ").replace('"', ""));
    }
    text
}

/// The header, the events and the records, one JSON object a line; with
/// `variant`, each event and record says which variant it is of.
fn json_lines(header: String, replay: &GameReplay, variant: Option<&str>) -> String {
    let tag = match variant {
        Some(label) => format!("\"variant\":{},", Value::from(label)),
        None => String::new(),
    };
    let mut text = header;
    text.push('\n');
    for event in &replay.events.json {
        let _ = writeln!(text, "{{{tag}{}", &event[1..]);
    }
    for row in &replay.records {
        let cells: Vec<String> = row.iter().map(|(k, v)| format!("\"{k}\":{v}")).collect();
        let _ = writeln!(text, "{{{tag}\"event\":\"record\",{}}}", cells.join(","));
    }
    text
}
