//! A seeded mutation fuzzer over a fixed corpus: every shipped experiment
//! file, rules preset, scenario and strategy preset, and a set of `ask`
//! expressions, each mutated many ways (lines dropped, doubled or cut,
//! values swapped for extreme ones or for values of another type, bytes
//! inserted). Every input must end in a value or an error, never a panic:
//! experiments are resolved and, when valid, played for two games, so the
//! systems see the odd rules and scenarios too. The counts are printed
//! (`cargo test --release --test fuzz -- --nocapture`) and in docs.

use fortunes::ask::{ask, Records};
use fortunes::experiment::{Experiment, Overrides};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
mod common;
use common::{fortunes, stderr, TempDir};

/// Inputs per corpus file; the whole test stays within a few seconds.
const MUTATIONS: usize = 40;

fn corpus() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    let mut stack = vec![root.join("experiments"), root.join("strategies")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "toml") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

const EXTREMES: &[&str] = &[
    "0",
    "-1",
    "9223372036854775807",
    "-9223372036854775808",
    "1e308",
    "nan",
    "-inf",
    "\"\"",
    "\"x\"",
    "true",
    "[]",
    "[1, \"a\"]",
    "{}",
    "{ from = 1, to = 1000000 }",
];

/// One mutation of `text`.
fn mutate(text: &str, rng: &mut Pcg64Mcg) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    if lines.is_empty() {
        return text.to_string();
    }
    let i = rng.random_range(0..lines.len());
    match rng.random_range(0..7) {
        0 => {
            lines.remove(i);
        }
        1 => {
            let line = lines[i].clone();
            lines.insert(i, line);
        }
        2 => {
            // A value replaced by an extreme one, or one of another type.
            if let Some((key, _)) = lines[i].split_once('=') {
                let value = EXTREMES[rng.random_range(0..EXTREMES.len())];
                lines[i] = format!("{key}= {value}");
            }
        }
        3 => {
            // A key moved to the top, outside its table.
            let line = lines.remove(i);
            lines.insert(0, line);
        }
        4 => {
            let cut = rng.random_range(0..=lines[i].len());
            let mut end = cut;
            while !lines[i].is_char_boundary(end) {
                end -= 1;
            }
            lines[i].truncate(end);
        }
        5 => {
            let junk: String = (0..rng.random_range(1..8))
                .map(|_| b"[]{}=\"',.#x0\\"[rng.random_range(0..13)] as char)
                .collect();
            lines[i].push_str(&junk);
        }
        _ => {
            // Everything after a random line gone: a truncated file.
            lines.truncate(i);
        }
    }
    lines.join("\n") + "\n"
}

/// Resolves `text` as an experiment of its own and plays it briefly;
/// whatever happens, it must not panic.
fn exercise(text: &str, system: Option<&str>) -> Result<bool, String> {
    let Ok(mut table) = toml::from_str::<toml::Table>(text) else {
        return Ok(false);
    };
    // A scenario or strategy preset: placed where it is used.
    if let Some(system) = system {
        let mut experiment = toml::Table::new();
        experiment.insert("system".into(), system.into());
        if table.contains_key("base") {
            let mut strategies = toml::Table::new();
            strategies.insert("a".into(), table.into());
            experiment.insert("strategies".into(), strategies.into());
        } else {
            experiment.insert("scenario".into(), table.into());
        }
        table = experiment;
    }
    let overrides = Overrides {
        games: Some(2),
        ..Overrides::default()
    };
    catch_unwind(AssertUnwindSafe(|| {
        match Experiment::from_table("fuzz", Path::new("fuzz.toml"), &table, &overrides) {
            Ok(experiment) if experiment.variants.len() <= 64 => experiment.play(1, 1).is_ok(),
            _ => false,
        }
    }))
    .map_err(|_| text.to_string())
}

#[test]
fn mutated_inputs_end_in_a_value_or_an_error_never_a_panic() {
    let mut rng = Pcg64Mcg::seed_from_u64(2026);
    let (mut tried, mut played) = (0, 0);
    let mut panics = Vec::new();
    for file in corpus() {
        let text = std::fs::read_to_string(&file).unwrap();
        // Scenarios and strategy presets live under their system's folder.
        let system = ["haggerty", "haggis", "sickles", "skirmish", "piquet"]
            .into_iter()
            .find(|s| {
                file.components().any(|c| c.as_os_str() == "scenarios")
                    && file.to_string_lossy().contains(&format!("/{s}/"))
                    || file.to_string_lossy().contains(&format!("strategies/{s}/"))
            });
        let mut inputs = vec![text.clone()];
        for _ in 0..MUTATIONS {
            let mut mutated = mutate(&text, &mut rng);
            if rng.random_bool(0.3) {
                mutated = mutate(&mutated, &mut rng);
            }
            inputs.push(mutated);
        }
        for input in inputs {
            tried += 1;
            match exercise(&input, system) {
                Ok(true) => played += 1,
                Ok(false) => {}
                Err(text) => panics.push(format!("{}:\n{text}", file.display())),
            }
        }
    }
    println!(
        "fuzz: {tried} experiment, scenario and preset inputs, {played} played, {} panics",
        panics.len()
    );
    assert!(tried > 500 && played > 20, "{tried} tried, {played} played");
    assert!(
        panics.is_empty(),
        "inputs that panic:\n{}",
        panics.join("\n---\n")
    );
}

#[test]
fn random_expressions_end_in_an_answer_or_an_error() {
    let dir = TempDir::new("fuzz-ask");
    let out = dir.path().join("run");
    let output = fortunes(&[
        "run",
        "haggerty",
        "--games",
        "40",
        "--records",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let mut records = Records::open(&out).unwrap();
    let pieces = [
        "rounds",
        "turns",
        "initiative_a",
        "first_initiative",
        "ended_by_deck",
        "'a'",
        "\"b\"",
        "1",
        "0",
        "-3.5",
        "1e308",
        "true",
        "(",
        ")",
        "+",
        "-",
        "*",
        "/",
        "%",
        "==",
        "!=",
        "<",
        ">=",
        "and",
        "or",
        "not",
        "!",
        "nosuch",
        "\"",
        "'",
    ];
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    let (mut tried, mut answered) = (0, 0);
    for _ in 0..3000 {
        let length = rng.random_range(1..12);
        let expression: Vec<&str> = (0..length)
            .map(|_| pieces[rng.random_range(0..pieces.len())])
            .collect();
        let expression = expression.join(" ");
        let mean = rng.random_bool(0.2).then_some("rounds");
        let by = rng.random_bool(0.2).then_some("first_initiative");
        tried += 1;
        let result = catch_unwind(AssertUnwindSafe(|| {
            ask(&mut records, Some(&expression), mean, by).is_ok()
        }));
        match result {
            Ok(ok) => answered += ok as u32,
            Err(_) => panic!("ask panics on {expression:?}"),
        }
    }
    println!("fuzz: {tried} ask expressions, {answered} answered");
    // Token soup is mostly refused; some must get through to the answers.
    assert!(answered >= 10, "{answered} of {tried} answered");
}
