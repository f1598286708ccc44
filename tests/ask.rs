//! `fortunes ask`: answers checked against the records read independently,
//! against the summary table, and against the expression language's rules.

use crate::common;
use common::{fortunes, stderr, TempDir};
use fortunes::ask::{ask, Records};
use polars::prelude::*;
use std::path::Path;

fn run_with_records(dir: &Path, args: &[&str]) {
    let mut all = vec!["run"];
    all.extend_from_slice(args);
    all.extend(["--records", "--quiet", "--out", dir.to_str().unwrap()]);
    let output = fortunes(&all);
    assert!(output.status.success(), "{}", stderr(&output));
}

fn u32s(frame: &DataFrame, name: &str) -> Vec<u32> {
    frame
        .column(name)
        .unwrap()
        .u32()
        .unwrap()
        .iter()
        .map(|v| v.unwrap())
        .collect()
}

#[test]
fn shares_and_means_match_the_records_and_the_summary() {
    let temp = TempDir::new("ask-haggerty");
    let out = temp.path().join("run");
    run_with_records(&out, &["haggerty", "--games", "20000", "--seed", "4"]);
    let mut records = Records::open(&out).unwrap();
    assert_eq!(records.len(), 20000);

    // The share, counted straight from the parquet file.
    let frame = ParquetReader::new(std::fs::File::open(out.join("records.parquet")).unwrap())
        .finish()
        .unwrap();
    let (a, b, rounds) = (
        u32s(&frame, "initiative_a"),
        u32s(&frame, "initiative_b"),
        u32s(&frame, "rounds"),
    );
    let expected = (0..a.len())
        .filter(|&i| rounds[i] >= 37 && a[i] > b[i])
        .count() as u64;
    let (_, answers) = ask(
        &mut records,
        Some("rounds >= 37 and initiative_a > initiative_b"),
        None,
        None,
        0,
    )
    .unwrap();
    assert_eq!(answers.len(), 1);
    assert_eq!(answers[0].matched, expected);
    assert!((answers[0].value - expected as f64 / 20000.0).abs() < 1e-12);
    assert!(answers[0].ci_low < answers[0].value && answers[0].value < answers[0].ci_high);
    assert_eq!(answers[0].unit, "record");

    // A mean equals the summary's per-game mean.
    let summary = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    let column = summary
        .lines()
        .next()
        .unwrap()
        .split(',')
        .position(|c| c == "value")
        .unwrap();
    let row = summary
        .lines()
        .find(|l| l.starts_with("base,reshuffles_per_game,"))
        .unwrap();
    let value: f64 = row.split(',').nth(column).unwrap().parse().unwrap();
    let (_, answers) = ask(&mut records, None, Some("reshuffles"), None, 0).unwrap();
    assert!(
        (answers[0].value - value).abs() < 1e-12,
        "{} vs {value}",
        answers[0].value
    );

    // Split by a column: the groups add up to the whole.
    let (names, answers) = ask(
        &mut records,
        Some("joker_ties > 0"),
        None,
        Some("first_initiative"),
        0,
    )
    .unwrap();
    assert_eq!(names, ["first_initiative"]);
    let total: u64 = answers.iter().map(|a| a.records).sum();
    assert_eq!(total, 20000);
    let labels: Vec<&str> = answers.iter().map(|a| a.group[0].as_str()).collect();
    assert_eq!(labels, ["a", "b"]);

    // The language: precedence, literals, comparisons of strings and
    // booleans, every row or none.
    for (expression, share) in [
        ("1 + 2 * 3 == 7", 1.0),
        ("(1 + 2) * 3 == 9 and 7 % 4 == 3", 1.0),
        ("not false and false", 0.0),
        ("not (false and false)", 1.0),
        ("-turns < 0 or false", 1.0),
        ("ended_by_deck == false", 1.0),
        ("first_initiative == 'a' or first_initiative = \"b\"", 1.0),
        ("turns / 2 == 5 && !ended_by_deck", 1.0),
        ("turns != 10 || ended_by_deck", 0.0),
    ] {
        let (_, answers) = ask(&mut records, Some(expression), None, None, 0)
            .unwrap_or_else(|e| panic!("{expression}: {e}"));
        assert_eq!(answers[0].value, share, "{expression}");
    }
}

#[test]
fn round_records_use_the_game_as_the_unit_and_variants_answer_apart() {
    let temp = TempDir::new("ask-haggis");
    let experiment = temp.path().join("e.toml");
    std::fs::write(
        &experiment,
        "system = \"haggis\"\ngames = 300\nrecords = true\n[strategies]\na = \"greedy\"\nb = \"greedy\"\n[sweep]\nrules = [\"leaflet\", \"official\"]\n",
    )
    .unwrap();
    let out = temp.path().join("out");
    let output = fortunes(&[
        "run",
        experiment.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let output = fortunes(&["ask", out.to_str().unwrap(), "cards_left >= 8"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.starts_with("variant"), "{text}");
    assert!(
        text.contains("rules=leaflet") && text.contains("rules=official"),
        "{text}"
    );
    // Several rounds a game: the interval's unit is the game, and the
    // answer says what a record is.
    let (table, row) = text.trim_end().rsplit_once('\n').unwrap();
    assert!(table.lines().skip(1).all(|l| l.ends_with("game")), "{text}");
    assert!(row.contains("one row per round of a game"), "{text}");
}

#[test]
fn bad_expressions_point_at_the_place_and_list_the_columns() {
    let temp = TempDir::new("ask-errors");
    let out = temp.path().join("run");
    run_with_records(&out, &["haggerty", "--games", "100"]);
    let dir = out.to_str().unwrap();
    for (expression, expected) in [
        (
            "rounds >= 5 and initiatve_a > 1",
            "unknown column \"initiatve_a\" at column 17",
        ),
        ("rounds >= (5", "expected ) here"),
        (
            "first_initiative > 2",
            "cannot compare a string with a number",
        ),
        ("rounds + ", "ends too soon"),
        ("rounds 5", "unexpected text"),
        ("rounds", "is a number; a boolean is needed"),
        ("rounds # 5", "unexpected character"),
    ] {
        let output = fortunes(&["ask", dir, expression]);
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{expression}: {message}");
        assert!(message.contains(expected), "{expression}: {message}");
        assert!(message.contains("columns: game (number)"), "{message}");
        assert!(message.contains('^'), "{message}");
    }
    let output = fortunes(&["ask", dir, "turns > 1", "--by", "nope"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("unknown column \"nope\""));
    let output = fortunes(&["ask", temp.path().to_str().unwrap(), "turns > 1"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--records"));
}
