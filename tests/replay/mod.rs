//! `fortunes replay`: game N of a run, played again from (seed, N) alone,
//! gives the rows the run wrote for it to records.parquet, and its events,
//! counted by a tally written from each event's meaning (docs/replay.md),
//! give the same figures. One driver for every system; each system's tally
//! is a module of its own.

use crate::common::{crate_dir, fortunes, stderr, TempDir};
use fortunes::experiment::{Experiment, Overrides};
use fortunes::systems;
use polars::prelude::*;
use serde_json::Value;
use std::collections::BTreeMap;

mod haggerty;
mod haggis;
mod piquet;
mod sickles;
mod skirmish;

/// One record row, column name to value.
pub type Row = BTreeMap<String, Value>;

/// The tallies of one game's events: the rows they say the game gives.
type Tally = fn(&[Value]) -> Vec<Row>;

/// Plays `games` games of `system` with records, then replays each one
/// through the library and checks its records and its tally against the
/// run's rows for that game.
fn replays_match_the_run(system: &str, games: u64, extra: &[&str], tally: Tally) {
    let temp = TempDir::new(&format!("replay-{system}"));
    let out = temp.path().join("run");
    let count = games.to_string();
    let mut args = vec![
        "run",
        system,
        "-n",
        &count,
        "--seed",
        "11",
        "--threads",
        "2",
    ];
    args.extend_from_slice(extra);
    args.extend(["--records", "-q", "--out", out.to_str().unwrap()]);
    let output = fortunes(&args);
    assert!(output.status.success(), "{}", stderr(&output));
    let rows = read_rows(&out.join("records.parquet"));

    let experiment = Experiment::load(&out.join("run.toml"), &Overrides::default()).unwrap();
    let found = systems::find(system).unwrap();
    let variant = &experiment.variants[experiment.reference];
    let mut checked = 0;
    for game in 0..games {
        let replay = found.replay(variant, experiment.seed, game).unwrap();
        let run_rows: Vec<&Row> = rows.iter().filter(|r| r["game"] == game).collect();
        let replayed: Vec<Row> = replay
            .records
            .iter()
            .map(|row| {
                row.iter()
                    .map(|(k, v)| (k.to_string(), v.clone()))
                    .collect()
            })
            .collect();
        assert_eq!(
            run_rows,
            replayed.iter().collect::<Vec<_>>(),
            "{system} game {game}: the replay's records differ from the run's"
        );
        let events: Vec<Value> = replay
            .events
            .json
            .iter()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        let told = tally(&events);
        assert_eq!(told.len(), run_rows.len(), "{system} game {game}: rows");
        for (told, row) in told.iter().zip(&run_rows) {
            for (column, value) in told {
                assert_eq!(
                    Some(value),
                    row.get(column),
                    "{system} game {game}: {column} from the events against the run's record"
                );
            }
            checked += told.len();
        }
    }
    assert!(checked as u64 >= games, "{system}: nothing compared");
}

/// Every row of a records.parquet, column name to value.
fn read_rows(path: &std::path::Path) -> Vec<Row> {
    let frame = ParquetReader::new(std::fs::File::open(path).unwrap())
        .finish()
        .unwrap();
    let mut rows = vec![Row::new(); frame.height()];
    for name in frame.get_column_names_owned() {
        let column = frame.column(&name).unwrap();
        let series = column.as_materialized_series();
        for (i, row) in rows.iter_mut().enumerate() {
            let value = match series.get(i).unwrap() {
                AnyValue::UInt64(v) => Value::from(v),
                AnyValue::UInt32(v) => Value::from(v),
                AnyValue::Boolean(v) => Value::from(v),
                AnyValue::String(v) => Value::from(v),
                AnyValue::StringOwned(v) => Value::from(v.as_str()),
                AnyValue::Categorical(..) | AnyValue::Enum(..) => {
                    Value::from(series.get(i).unwrap().str_value().to_string())
                }
                other => panic!("unexpected cell {other:?} in {}", column.name()),
            };
            row.insert(column.name().to_string(), value);
        }
    }
    rows
}

/// The events of kind `kind`.
/// A system's event table in docs/replay.md (its `### TITLE` section, up
/// to the next): each kind and its fields, in order.
pub fn documented(title: &str) -> BTreeMap<String, Vec<String>> {
    let path = std::path::Path::new(crate_dir()).join("docs/replay.md");
    let text = std::fs::read_to_string(path).unwrap();
    let section = text
        .split(&format!("### {title}"))
        .nth(1)
        .unwrap_or_else(|| panic!("a {title} section"));
    let section = section.split("\n### ").next().unwrap();
    let ticked = |cell: &str| -> Vec<String> {
        cell.split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    };
    section
        .lines()
        .filter(|line| line.starts_with("| `"))
        .map(|line| {
            let cells: Vec<&str> = line.split(" | ").collect();
            (ticked(cells[0]).remove(0), ticked(cells[1]))
        })
        .collect()
}

pub fn of<'a>(events: &'a [Value], kind: &'a str) -> impl Iterator<Item = &'a Value> + 'a {
    events.iter().filter(move |e| e["event"] == kind)
}

pub fn count(events: &[Value], kind: &str, keep: impl Fn(&Value) -> bool) -> u64 {
    of(events, kind).filter(|e| keep(e)).count() as u64
}

#[test]
fn replay_prints_the_game_in_words_and_as_json_lines() {
    let text = fortunes(&["replay", "haggerty", "--game", "3", "--seed", "5"]);
    assert!(text.status.success(), "{}", stderr(&text));
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.starts_with("haggerty game 3 of seed 5, variant base:"),
        "{text}"
    );
    assert!(text.contains("reveals"), "{text}");
    let json = fortunes(&["replay", "haggerty", "3", "--seed", "5", "--json"]);
    let json = String::from_utf8(json.stdout).unwrap();
    let lines: Vec<Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["event"], "replay");
    assert_eq!(lines[0]["game"], 3);
    assert_eq!(lines.last().unwrap()["event"], "record");
    // One line of text per event, between the title and the record.
    assert_eq!(text.lines().count(), lines.len());
}

/// `--games FIRST..LAST` is each game's own replay, one after another,
/// in text and JSON, for every system; a range past a run's games, a
/// backward or malformed range, and a range beside `--vs` are refused.
#[test]
fn a_range_of_games_replays_each_game_as_alone() {
    for system in ["haggerty", "haggis", "sickles", "skirmish", "piquet"] {
        for json in [false, true] {
            let with = |args: &[&str]| {
                let mut all = vec!["replay", system, "--seed", "7"];
                all.extend_from_slice(args);
                if json {
                    all.push("--json");
                }
                let output = fortunes(&all);
                assert!(output.status.success(), "{all:?}: {}", stderr(&output));
                String::from_utf8(output.stdout).unwrap()
            };
            let alone: String = (2..=4).map(|g| with(&["--game", &g.to_string()])).collect();
            assert_eq!(with(&["--games", "2..4"]), alone, "{system}, json {json}");
            assert_eq!(with(&["--games", "3..3"]), with(&["3"]), "{system}");
        }
    }
    let temp = TempDir::new("replay-range");
    let out = temp.path().join("run");
    let out = out.to_str().unwrap();
    let run = fortunes(&["run", "haggerty", "-n", "10", "-q", "--out", out]);
    assert!(run.status.success(), "{}", stderr(&run));
    let whole = fortunes(&["replay", out, "--games", "0..9", "--json"]);
    let headers = String::from_utf8(whole.stdout).unwrap();
    let games: Vec<u64> = headers
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|e| e["event"] == "replay")
        .map(|e| e["game"].as_u64().unwrap())
        .collect();
    assert_eq!(games, (0..10).collect::<Vec<_>>());
    for (args, says) in [
        (vec![out, "--games", "5..10"], "allowed: 0 to 9"),
        (vec!["haggerty", "--games", "4..3"], "allowed: FIRST..LAST"),
        (vec!["haggerty", "--games", "4"], "allowed: FIRST..LAST"),
        (
            vec!["haggerty", "--games", "1..2", "--vs", "base"],
            "cannot be used with",
        ),
        (
            vec!["haggerty", "3", "--games", "1..2"],
            "cannot be used with",
        ),
    ] {
        let mut all = vec!["replay"];
        all.extend(args);
        let output = fortunes(&all);
        assert_eq!(output.status.code(), Some(2), "{all:?}");
        assert!(
            stderr(&output).contains(says),
            "{all:?}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn a_paired_replay_marks_where_two_variants_part() {
    let experiment = std::path::Path::new(crate_dir()).join("experiments/haggerty-hand-size.toml");
    let experiment = experiment.to_str().unwrap();
    let output = fortunes(&[
        "replay",
        experiment,
        "2",
        "--variant",
        "hand_size_a=6",
        "--vs",
        "hand_size_a=6",
    ]);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("the two play the same"), "{text}");
    let output = fortunes(&[
        "replay",
        experiment,
        "2",
        "--variant",
        "hand_size_a=6",
        "--vs",
        "hand_size_a=4",
        "--json",
    ]);
    let lines: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let parted = lines.last().unwrap();
    assert_eq!(parted["event"], "parted");
    // Side a holds 4 cards instead of 6: its first refill already differs.
    assert_eq!(parted["at"], 1);
}

#[test]
fn bad_replays_are_refused_with_the_allowed_values() {
    let temp = TempDir::new("replay-bad");
    let out = temp.path().join("run");
    let run = fortunes(&[
        "run",
        "haggerty",
        "-n",
        "10",
        "-q",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{}", stderr(&run));
    let past = fortunes(&["replay", out.to_str().unwrap(), "10"]);
    assert_eq!(past.status.code(), Some(2));
    assert!(
        stderr(&past).contains("allowed: 0 to 9"),
        "{}",
        stderr(&past)
    );
    let variant = fortunes(&["replay", out.to_str().unwrap(), "1", "--variant", "x"]);
    assert_eq!(variant.status.code(), Some(2));
    assert!(
        stderr(&variant).contains("allowed: base"),
        "{}",
        stderr(&variant)
    );
}

#[test]
fn ask_lists_games_where_it_holds_and_their_replays_show_it() {
    let temp = TempDir::new("replay-ask");
    let out = temp.path().join("run");
    let out = out.to_str().unwrap();
    let run = fortunes(&[
        "run",
        "haggerty",
        "-n",
        "3000",
        "--strategy",
        "a=hoarder",
        "--records",
        "-q",
        "--out",
        out,
    ]);
    assert!(run.status.success(), "{}", stderr(&run));
    let asked = fortunes(&["ask", out, "passes_a >= 3", "--games", "4", "--json"]);
    assert!(asked.status.success(), "{}", stderr(&asked));
    let answers: Value = serde_json::from_slice(&asked.stdout).unwrap();
    let games = answers[0]["games_where_it_holds"].as_array().unwrap();
    assert_eq!(games.len(), 4, "{answers}");
    for game in games {
        let game = game.as_u64().unwrap().to_string();
        let replay = fortunes(&["replay", out, &game, "--json"]);
        assert!(replay.status.success(), "{}", stderr(&replay));
        let text = String::from_utf8(replay.stdout).unwrap();
        let record: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
        assert_eq!(record["game"].to_string(), game);
        assert!(record["passes_a"].as_u64().unwrap() >= 3, "{record}");
    }
    // The text lists the same games with the command that replays each.
    let asked = fortunes(&["ask", out, "passes_a >= 3", "--games", "4"]);
    let text = String::from_utf8(asked.stdout).unwrap();
    for game in games {
        assert!(
            text.contains(&format!("fortunes replay {out} {game}")),
            "{text}"
        );
    }
    let refused = fortunes(&["ask", out, "--mean", "rounds", "--games", "2"]);
    assert_eq!(refused.status.code(), Some(2));
}
