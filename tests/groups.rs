//! Large sweeps play their variants in groups (`runner::VARIANT_GROUP`),
//! each beside a replayed reference, to bound memory: every variant's
//! figures must be those it gets in a small sweep, with fixed games and
//! under a precision target; and a 10,000-variant sweep must stay under
//! 200 MB of heap (measured by a counting allocator).
//!
//! A sweep run in-process writes its table through `output::emit`, to the
//! process's stdout, which the test harness does not capture: every run
//! here is inside `output::capture`, and a test says what failed (a count
//! and the first few), never everything it saw.

use crate::alloc::{CURRENT, PEAK};
use fortunes::experiment::{Experiment, Overrides};
use fortunes::runner::VARIANT_GROUP;
use std::sync::atomic::Ordering;

fn experiment(text: &str) -> Experiment {
    Experiment::from_table(
        "groups",
        std::path::Path::new("(test)"),
        &toml::from_str(text).unwrap(),
        &Overrides::default(),
    )
    .unwrap()
}

#[test]
fn grouped_variants_measure_what_they_measure_alone() {
    let many = VARIANT_GROUP as i64 + 12;
    let mut differ = Vec::new();
    for games in ["games = 96", "precision = 0.02\nmax_games = 4096"] {
        let head = format!(
            "system = \"haggerty\"\n{games}\nmetrics = [\"initiative\"]\n[reference]\nturns = 3\n"
        );
        let large = experiment(&format!(
            "{head}[sweep]\nturns = {{ from = 1, to = {many} }}\n"
        ));
        let small = experiment(&format!("{head}[sweep]\nturns = [2, 3, {many}]\n"));
        let (large_out, small_out) = (large.play(7, 2).unwrap(), small.play(7, 2).unwrap());
        assert_eq!(large_out.len(), many as usize);
        for (variant, outcome) in small.variants.iter().zip(&small_out) {
            let v = large
                .variants
                .iter()
                .position(|l| l.label == variant.label)
                .unwrap();
            if large_out[v] != *outcome {
                // Where they part: the first row that differs, or else
                // which sums.
                let row = outcome
                    .rows
                    .iter()
                    .zip(&large_out[v].rows)
                    .find(|(a, b)| a != b)
                    .map(|(a, b)| format!("first row differing: {a:?} alone, {b:?} grouped"))
                    .unwrap_or_else(|| "rows equal; games, series or paired sums differ".into());
                differ.push(format!("{games}: {}: {row}", variant.label));
            }
        }
    }
    assert!(
        differ.is_empty(),
        "{} variants measure otherwise grouped than alone; the first:\n{}",
        differ.len(),
        differ[..differ.len().min(3)].join("\n")
    );
}

/// Set in the child process that plays the 10,000-variant sweep.
const CHILD: &str = "FORTUNES_GROUPS_SWEEP_CHILD";

/// The heap peak is measured in a child process (this test binary, asked
/// for this test alone), whose output this test reads: so the test also
/// sees everything the sweep would put in a CI log, and fails if it is
/// more than a few lines (the 10,000-row table is read through
/// `output::capture`, not printed).
#[test]
fn a_sweep_of_ten_thousand_variants_stays_under_200_mb() {
    // The test's name in this binary: its module path less the crate's.
    let name = format!(
        "{}::a_sweep_of_ten_thousand_variants_stays_under_200_mb",
        module_path!().split_once("::").map_or("", |(_, m)| m)
    );
    if std::env::var_os(CHILD).is_some() {
        return sweep_ten_thousand_variants();
    }
    let child = std::process::Command::new(std::env::current_exe().unwrap())
        .args([name.as_str(), "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD, "1")
        .output()
        .unwrap();
    let printed: Vec<String> = [&child.stdout, &child.stderr]
        .iter()
        .flat_map(|out| {
            String::from_utf8_lossy(out)
                .lines()
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .filter(|line| !line.trim().is_empty())
        .collect();
    let first = printed[..printed.len().min(12)].join("\n");
    assert!(
        child.status.success(),
        "the sweep failed; it printed:\n{first}"
    );
    assert!(
        printed.iter().any(|l| l.contains("1 passed")),
        "the child ran no test (named {name}); it printed:\n{first}"
    );
    assert!(
        printed.len() <= 20,
        "the sweep put {} lines in the test's output, where a passing test prints a few; the first:\n{first}",
        printed.len()
    );
}

/// The child's part: plays the sweep through the command line as a user
/// would, reads its table, and measures the heap.
fn sweep_ten_thousand_variants() {
    let dir = std::env::temp_dir().join(format!("fortunes-groups-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("grid.toml");
    std::fs::write(
        &file,
        "system = \"haggerty\"\ngames = 10\n[sweep]\nturns = { from = 1, to = 100 }\n\
         a.win_percent = { from = 0, to = 99 }\n",
    )
    .unwrap();
    let out = dir.join("out");
    let matches = fortunes::cli::command()
        .try_get_matches_from([
            "fortunes",
            "run",
            file.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--quiet",
            "--threads",
            "2",
        ])
        .unwrap();
    let before = CURRENT.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let (outcome, table) = fortunes::output::capture(|| fortunes::cli::execute(&matches));
    let peak = PEAK.load(Ordering::Relaxed) - before;
    let summary = std::fs::metadata(out.join("summary.parquet")).map(|m| m.len());
    std::fs::remove_dir_all(&dir).unwrap();
    outcome.unwrap();
    // A line per variant and metric of interest (initiative and
    // actions_per_turn, each seat's), after the header.
    let lines = table.lines().count();
    assert_eq!(
        lines,
        1 + 10_000 * 4,
        "the table's lines; its first:\n{}",
        table.lines().next().unwrap_or("")
    );
    assert!(
        summary.unwrap() > 1_000_000,
        "the summary of 10,000 variants was written"
    );
    eprintln!(
        "heap peak of 10,000 variants of 10 games: {} MB",
        peak >> 20
    );
    assert!(
        peak < 200 << 20,
        "10,000 variants of 10 games took {} MB of heap at the peak",
        peak >> 20
    );
}

#[test]
fn a_grouped_sweep_records_every_game_of_every_variant_once() {
    use polars::prelude::*;
    let dir = std::env::temp_dir().join(format!("fortunes-groups-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("sweep.toml");
    let many = VARIANT_GROUP + 12;
    std::fs::write(
        &file,
        format!(
            "system = \"haggerty\"\ngames = 40\n[sweep]\nturns = {{ from = 1, to = {many} }}\n\
             [reference]\nturns = 5\n"
        ),
    )
    .unwrap();
    let out = dir.join("out");
    let matches = fortunes::cli::command()
        .try_get_matches_from([
            "fortunes",
            "run",
            file.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--records",
            "--quiet",
        ])
        .unwrap();
    let (outcome, table) = fortunes::output::capture(|| fortunes::cli::execute(&matches));
    outcome.unwrap();
    assert!(table.lines().count() > many, "the sweep's table");
    let frame = ParquetReader::new(std::fs::File::open(out.join("records.parquet")).unwrap())
        .finish()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    // The swept `turns` stands apart from each game's own `turns` column.
    assert!(frame.column("sweep_turns").unwrap().i64().is_ok());
    let variants = frame.column("variant").unwrap().str().unwrap().clone();
    let games = frame.column("game").unwrap().u64().unwrap().clone();
    let mut seen = std::collections::HashSet::new();
    for (variant, game) in variants.iter().zip(games.iter()) {
        let key = (variant.unwrap().to_string(), game.unwrap());
        assert!(seen.insert(key.clone()), "{key:?} recorded twice");
    }
    // Every game of every variant, the reference's (replayed in both
    // groups) once.
    assert_eq!(seen.len(), many * 40);
}
