//! A seeded mutation fuzzer over a fixed corpus: every shipped experiment
//! file, rules preset, scenario and strategy preset, and a set of `ask`
//! expressions, each mutated many ways (lines dropped, doubled or cut,
//! values swapped for extreme ones or for values of another type, bytes
//! inserted). Every input must end in a value or an error, never a panic:
//! experiments are resolved and, when valid, played for two games, so the
//! systems see the odd rules and scenarios too. The agent protocol is
//! fuzzed both ways (`fortunes agent` fed damaged messages of real runs;
//! fortunes hosting agents whose replies turn hostile), and a person's
//! seat is fed random answers: each input is a process run to its end
//! within a limit, so a hang fails the test. The counts are printed
//! (`cargo test --release --test tests fuzz -- --nocapture`) and in
//! docs/internals.md.

use crate::common;
use common::{command, fortunes, run_within, stderr, TempDir};
use fortunes::ask::{ask, Records};
use fortunes::experiment::{Experiment, Overrides};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Inputs per corpus file; the whole test stays within a few seconds.
const MUTATIONS: usize = 40;

fn corpus() -> Vec<PathBuf> {
    let root = Path::new(crate::common::crate_dir());
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
            ask(&mut records, Some(&expression), mean, by, 3).is_ok()
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

const SYSTEMS: [&str; 5] = ["haggerty", "haggis", "sickles", "skirmish", "piquet"];

/// The built-ins `fortunes agent SYSTEM` serves.
fn served(system: &str) -> &'static [&'static str] {
    match system {
        "haggerty" => &[
            "random",
            "lowest",
            "highest",
            "heuristic",
            "hoarder",
            "search",
        ],
        "haggis" => &["random", "greedy", "heuristic", "search"],
        "skirmish" => &["random", "lowest", "highest", "hold_high", "cadence"],
        _ => &["random", "heuristic"],
    }
}

/// Every message fortunes sends an agent of `system` in a short run: the
/// corpus the served side is fuzzed from.
fn transcript(dir: &Path, system: &str) -> Vec<serde_json::Value> {
    let file = dir.join(format!("{system}.jsonl"));
    let seat = format!(
        "b=exec:tee {} | {} agent {system}",
        file.display(),
        env!("CARGO_BIN_EXE_fortunes")
    );
    let output = fortunes(&[
        "run",
        system,
        "-n",
        "2",
        "-j",
        "1",
        "-q",
        "--strategy",
        &seat,
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    std::fs::read_to_string(&file)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// Values a field is swapped for: the wrong type, out of range, empty,
/// not ASCII, huge.
fn extreme(rng: &mut Pcg64Mcg) -> serde_json::Value {
    use serde_json::json;
    let values = [
        json!(null),
        json!(-1),
        json!(0),
        json!(1),
        json!(u64::MAX),
        json!(i64::MIN),
        json!(1e308),
        json!(0.5),
        json!(""),
        json!("é"),
        json!("Q♥"),
        json!("2♠ 3♠"),
        json!("x".repeat(10_000)),
        json!([]),
        json!([null]),
        json!([-1]),
        json!(["é"]),
        json!({}),
        json!(true),
        json!([[]]),
        json!(vec![1; 1000]),
        json!({"width": 0, "length": 0, "top": 0}),
    ];
    values[rng.random_range(0..values.len())].clone()
}

/// One change to a JSON value: a field removed or swapped, or an element
/// of a list or an object within it changed.
fn mutate_value(value: &mut serde_json::Value, rng: &mut Pcg64Mcg, depth: u32) {
    match value {
        serde_json::Value::Object(map) if !map.is_empty() => {
            let keys: Vec<String> = map.keys().cloned().collect();
            let key = &keys[rng.random_range(0..keys.len())];
            match rng.random_range(0..4) {
                0 => {
                    map.remove(key);
                }
                1 if depth < 3 => mutate_value(map.get_mut(key).unwrap(), rng, depth + 1),
                _ => {
                    map.insert(key.clone(), extreme(rng));
                }
            }
        }
        serde_json::Value::Array(list) if !list.is_empty() => {
            let i = rng.random_range(0..list.len());
            match rng.random_range(0..4) {
                0 => {
                    list.remove(i);
                }
                1 => list.clear(),
                2 if depth < 3 => mutate_value(&mut list[i], rng, depth + 1),
                _ => list[i] = extreme(rng),
            }
        }
        other => *other = extreme(rng),
    }
}

/// One hostile input for `fortunes agent`: the run's hello and game
/// message and one decision of it, one of them changed as a value or as
/// bytes, or left out, or the lines reordered.
fn hostile_messages(corpus: &[serde_json::Value], rng: &mut Pcg64Mcg) -> Vec<u8> {
    let is = |m: &serde_json::Value, kind: &str| m["type"] == kind;
    let hello = corpus.iter().find(|m| is(m, "hello")).unwrap().clone();
    let game = corpus.iter().find(|m| is(m, "game")).unwrap().clone();
    let decides: Vec<&serde_json::Value> = corpus.iter().filter(|m| is(m, "decide")).collect();
    let decide = decides[rng.random_range(0..decides.len())].clone();
    let mut messages = vec![hello, game, decide];
    let target = [0, 1, 2, 2, 2, 2][rng.random_range(0..6)];
    let mut lines: Vec<Vec<u8>> = Vec::new();
    match rng.random_range(0..10) {
        // Left out, or out of order.
        0 => {
            messages.remove(rng.random_range(0..2));
        }
        1 => messages.swap(0, 2),
        // As bytes: cut short, junk added, not UTF-8, a line past the
        // bound, nested past serde's limit.
        2 | 3 => {
            let mut bytes = messages[target].to_string().into_bytes();
            match rng.random_range(0..5) {
                0 => bytes.truncate(rng.random_range(0..bytes.len())),
                1 => {
                    let at = rng.random_range(0..bytes.len());
                    let junk: &[&[u8]] = &[
                        b"\xff\xfe",
                        b"\x00",
                        b"{\"",
                        b"\xc3",
                        "♥".as_bytes(),
                        b"\\u",
                    ];
                    let piece = junk[rng.random_range(0..junk.len())];
                    bytes.splice(at..at, piece.iter().copied());
                }
                2 => bytes = vec![b'x'; (1 << 20) + 10],
                3 => bytes = format!("{}{}", "[".repeat(300), "]".repeat(300)).into_bytes(),
                _ => bytes = b"[1, 2, 3]".to_vec(),
            }
            for (i, message) in messages.iter().enumerate() {
                lines.push(if i == target {
                    bytes.clone()
                } else {
                    message.to_string().into_bytes()
                });
            }
        }
        // As a value: one change, or two.
        _ => {
            mutate_value(&mut messages[target], rng, 0);
            if rng.random_bool(0.3) {
                mutate_value(&mut messages[target], rng, 0);
            }
        }
    }
    if lines.is_empty() {
        lines = messages
            .iter()
            .map(|m| m.to_string().into_bytes())
            .collect();
    }
    let mut input = Vec::new();
    for line in lines {
        input.extend(line);
        input.push(b'\n');
    }
    input
}

/// `fortunes agent SYSTEM` fed messages of a real run, each input with one
/// of them damaged: every input ends in a reply among the decision's
/// choices (exit 0) or one line naming the message (exit 2), within
/// seconds: never a panic, an abort or a hang.
#[test]
fn the_served_side_of_the_protocol_ends_in_an_answer_or_one_error() {
    const INPUTS: usize = 120;
    let dir = TempDir::new("fuzz-served");
    let mut rng = Pcg64Mcg::seed_from_u64(38);
    let (mut tried, mut answered, mut refused) = (0, 0, 0);
    for system in SYSTEMS {
        let corpus = transcript(dir.path(), system);
        for _ in 0..INPUTS {
            let strategies = served(system);
            let strategy = strategies[rng.random_range(0..strategies.len())];
            let input = hostile_messages(&corpus, &mut rng);
            let shown = String::from_utf8_lossy(&input[..input.len().min(2000)]).into_owned();
            let ran = run_within(
                &mut command(&["agent", system, "--strategy", strategy]),
                input,
                Duration::from_secs(30),
            );
            tried += 1;
            match ran.code {
                Some(0) => {
                    answered += 1;
                    for line in String::from_utf8_lossy(&ran.stdout).lines() {
                        let reply: serde_json::Value = serde_json::from_str(line).unwrap();
                        assert!(reply.get("choice").is_some(), "{line}");
                    }
                }
                Some(2) => {
                    refused += 1;
                    assert!(
                        ran.stderr
                            .starts_with("fortunes: error: agent protocol, message ")
                            && ran.stderr.lines().count() == 1,
                        "{system} {strategy}: {}\n{shown}",
                        ran.stderr
                    );
                }
                other => panic!(
                    "{system} {strategy}: exit {other:?}: {}\n{shown}",
                    ran.stderr
                ),
            }
        }
    }
    println!("fuzz: {tried} messages served, {answered} answered, {refused} refused");
    assert!(
        answered > 50 && refused > 300,
        "{answered} answered, {refused} refused"
    );
}

/// The hostile agents' filter: it passes the served player's replies on,
/// but does `$2` at reply `$1`. In sh, whose `read` takes a byte at a time
/// from a pipe: a filter that buffers its input would hold every reply.
const HOSTILE_FILTER: &str = r#"n=0
while IFS= read -r line; do
  n=$((n + 1))
  if [ "$n" -ne "$1" ]; then
    printf '%s\n' "$line"
    continue
  fi
  case "$2" in
    garbage) echo nonsense ;;
    not_object) echo '[1, 2]' ;;
    no_choice) echo '{}' ;;
    choice_null) echo '{"choice": null}' ;;
    choice_number) echo '{"choice": -1}' ;;
    choice_huge) echo '{"choice": 1e308}' ;;
    choice_accent) echo '{"choice": "é"}' ;;
    choice_heart) echo '{"choice": "Q♥"}' ;;
    choice_empty) echo '{"choice": ""}' ;;
    not_utf8) printf '\377\376{\n' ;;
    empty_line) echo ;;
    long_line) head -c 1100000 /dev/zero | tr '\0' x; echo ;;
    cut_and_exit) printf '{"choice"'; exit 0 ;;
    exit) exit 0 ;;
    slow) sleep 1; printf '%s\n' "$line" ;;
    twice) printf '%s\n%s\n' "$line" "$line" ;;
    lower) printf '%s\n' "$line" | tr 'A-Z' 'a-z' ;;
    *) printf '%s\n' "$line" ;;
  esac
done
"#;

const ACTS: [&str; 19] = [
    "garbage",
    "not_object",
    "no_choice",
    "choice_null",
    "choice_number",
    "choice_huge",
    "choice_accent",
    "choice_heart",
    "choice_empty",
    "not_utf8",
    "empty_line",
    "long_line",
    "cut_and_exit",
    "exit",
    "slow",
    "twice",
    "lower",
    "stall",
    "none",
];

/// fortunes as the host of a hostile agent: a served built-in whose k-th
/// reply is garbage, not a JSON object, a choice of the wrong type or not
/// ASCII, bytes that are not UTF-8, a line past the bound, cut short, late,
/// doubled; or an agent that stops reading its input. Every run, with and
/// without forfeits, on one thread or two, ends in its tables (exit 0) or
/// one line naming the agent (exit 2), within seconds.
#[test]
fn the_host_side_of_the_protocol_ends_in_a_result_or_one_error() {
    const INPUTS: usize = 24;
    let dir = TempDir::new("fuzz-hosted");
    let filter = dir.path().join("hostile.sh");
    std::fs::write(&filter, HOSTILE_FILTER).unwrap();
    let bin = env!("CARGO_BIN_EXE_fortunes");
    let mut rng = Pcg64Mcg::seed_from_u64(3838);
    let (mut tried, mut played, mut stopped) = (0, 0, 0);
    for system in SYSTEMS {
        for _ in 0..INPUTS {
            let strategies = served(system);
            let strategy = strategies[rng.random_range(0..strategies.len())];
            let act = ACTS[rng.random_range(0..ACTS.len())];
            let k = rng.random_range(1..=20);
            let agent = if act == "stall" {
                // Reads k lines, then holds its input unread.
                format!("{{ head -n {k}; exec sleep 30; }} | {bin} agent {system} --strategy {strategy}")
            } else {
                format!(
                    "{bin} agent {system} --strategy {strategy} | sh {} {k} {act}",
                    filter.display()
                )
            };
            let seat = format!("b=exec:{agent}");
            let threads = ["1", "2"][rng.random_range(0..2)];
            let mut args = vec![
                "run",
                system,
                "-n",
                "3",
                "-q",
                "-j",
                threads,
                "--strategy",
                &seat,
            ];
            let forfeit = rng.random_bool(0.3);
            if forfeit {
                args.push("--forfeit");
            }
            let ran = run_within(
                command(&args).env("FORTUNES_AGENT_TIMEOUT", "0.5"),
                Vec::new(),
                Duration::from_secs(30),
            );
            tried += 1;
            let errors: Vec<&str> = ran
                .stderr
                .lines()
                .filter(|l| l.starts_with("fortunes: error:"))
                .collect();
            match ran.code {
                Some(0) => {
                    played += 1;
                    assert!(errors.is_empty(), "{args:?}: {}", ran.stderr);
                }
                Some(2) => {
                    stopped += 1;
                    assert!(
                        errors.len() == 1
                            && errors[0].starts_with("fortunes: error: seat b agent ("),
                        "{args:?}: {}",
                        ran.stderr
                    );
                }
                other => panic!("{args:?}: exit {other:?}: {}", ran.stderr),
            }
        }
    }
    println!("fuzz: {tried} hostile agents hosted, {played} runs finished, {stopped} stopped");
    assert!(
        played > 10 && stopped > 40,
        "{played} finished, {stopped} stopped"
    );
}

/// Answers a person might type, and what a person should not: words and
/// numbers the prompts list, cards, junk, text that is not ASCII or not
/// UTF-8, control characters, a line past the bound.
const TYPED: &[&[u8]] = &[
    b"pass",
    b"stop",
    b"PASS",
    b"?",
    b"1",
    b"2",
    b"3",
    b"7",
    b"0",
    b"-1",
    b"99999999999999999999",
    b"none",
    b"little",
    b"big",
    b"use",
    b"hold",
    b"attack",
    b"regroup",
    b"yes",
    b"no",
    b"turn",
    b"keep",
    b"swap:1",
    b"hand:1",
    b"1.1",
    b"cast",
    b"orders",
    b"nothing",
    b"QH",
    b"10S",
    b"joker",
    b"2H 3H",
    b"J",
    b"",
    b"   ",
    b"\t",
    b"\x00",
    b"\xff\xfe",
    "Q♥".as_bytes(),
    "é".as_bytes(),
    "2♠".as_bytes(),
    b"\x1b[A",
    b"garbage",
];

/// `fortunes play SYSTEM` fed random lines of `TYPED`: every game ends
/// (exit 0) or is abandoned when the input ends or a line is too long
/// (exit 2, one line), within seconds.
#[test]
fn a_person_s_input_ends_in_a_game_or_one_error() {
    const INPUTS: usize = 40;
    let mut rng = Pcg64Mcg::seed_from_u64(383838);
    let (mut tried, mut finished, mut abandoned) = (0, 0, 0);
    for system in SYSTEMS {
        for _ in 0..INPUTS {
            let mut input = Vec::new();
            for _ in 0..rng.random_range(0..3000) {
                input.extend_from_slice(TYPED[rng.random_range(0..TYPED.len())]);
                input.push(b'\n');
            }
            if rng.random_bool(0.05) {
                input.extend(std::iter::repeat_n(b'y', (1 << 20) + 1));
            }
            let seat = ["a", "b"][rng.random_range(0..2)];
            let ran = run_within(
                &mut command(&[
                    "play",
                    system,
                    "--seat",
                    seat,
                    "--game",
                    &rng.random_range(0..100u32).to_string(),
                ]),
                input,
                Duration::from_secs(30),
            );
            tried += 1;
            match ran.code {
                Some(0) => finished += 1,
                Some(2) => {
                    abandoned += 1;
                    assert!(
                        ran.stderr.lines().count() == 1
                            && (ran.stderr.contains("standard input ended")
                                || ran.stderr.contains("a line longer than 1 MiB")),
                        "{system}: {}",
                        ran.stderr
                    );
                }
                other => panic!("{system}: exit {other:?}: {}", ran.stderr),
            }
        }
    }
    println!(
        "fuzz: {tried} inputs played by a person, {finished} games finished, {abandoned} abandoned"
    );
    assert!(
        finished > 20 && abandoned > 20,
        "{finished} finished, {abandoned} abandoned"
    );
}

/// Inputs per kind of file a run writes and reads back: part files,
/// baselines, output manifests.
const FILE_INPUTS: usize = 60;

/// What one damaged file did to the command that read it: a value or an
/// error, never a panic, a hang or harm. Returns whether it was refused.
fn judged(ran: &common::Ran, what: &str, allowed: &[i32]) -> bool {
    let code = ran.code.unwrap_or(-1);
    assert!(
        allowed.contains(&code),
        "{what}: exit {code}, allowed {allowed:?}: {}",
        ran.stderr
    );
    if code == 2 {
        let lines = ran.stderr.lines().filter(|l| !l.trim().is_empty()).count();
        assert_eq!(lines, 1, "{what}: one message: {}", ran.stderr);
    }
    code == 2
}

/// A part file damaged as text or as JSON (its header or accumulators),
/// sometimes with its digest made again to pass the first guard: `merge`
/// refuses it or merges it, with one message and nothing half-written.
#[test]
fn damaged_part_files_end_in_a_merge_or_an_error() {
    let dir = TempDir::new("fuzz-parts");
    let parts = dir.path().join("parts");
    for shard in ["1/2", "2/2"] {
        let output = fortunes(&[
            "run",
            "experiments/haggerty-hand-size.toml",
            "-n",
            "8192",
            "-q",
            "--shard",
            shard,
            "--out",
            parts.to_str().unwrap(),
        ]);
        assert!(output.status.success(), "{}", stderr(&output));
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(&parts)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    let original = std::fs::read_to_string(&files[0]).unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(38);
    let (mut tried, mut refused) = (0, 0);
    for i in 0..FILE_INPUTS {
        let (header, body) = original.split_once('\n').unwrap();
        let mut header_json: serde_json::Value = serde_json::from_str(header).unwrap();
        let mut body_json: serde_json::Value = serde_json::from_str(body.trim_end()).unwrap();
        let text = match i % 3 {
            0 => mutate(&original, &mut rng),
            1 => {
                mutate_value(&mut header_json, &mut rng, 0);
                format!("{header_json}\n{body}")
            }
            _ => {
                mutate_value(&mut body_json, &mut rng, 0);
                let body = body_json.to_string();
                // The digest made again: the numbers must be judged.
                if let Some(map) = header_json.as_object_mut() {
                    map.insert(
                        "content_digest".into(),
                        fortunes::engine::digest::digest_hex(body.as_bytes()).into(),
                    );
                }
                format!("{header_json}\n{body}\n")
            }
        };
        std::fs::write(&files[0], &text).unwrap();
        let out = dir.path().join(format!("merged-{i}"));
        let ran = run_within(
            &mut command(&[
                "merge",
                out.to_str().unwrap(),
                parts.to_str().unwrap(),
                "-q",
            ]),
            Vec::new(),
            Duration::from_secs(30),
        );
        tried += 1;
        if judged(&ran, &format!("part mutation {i}"), &[0, 2]) {
            refused += 1;
            assert!(
                !out.exists(),
                "part mutation {i}: a refused merge left {}",
                out.display()
            );
        }
    }
    println!(
        "part files: {tried} damaged, {refused} refused, {} merged",
        tried - refused
    );
    assert!(
        refused > tried / 2,
        "most damage is caught: {refused} of {tried}"
    );
}

/// A baseline damaged as text, sometimes with its digest made again:
/// `check` answers (0 or 1) or refuses it (2), never passes by failing to
/// compute, never panics.
#[test]
fn damaged_baselines_end_in_a_verdict_or_an_error() {
    let dir = TempDir::new("fuzz-baselines");
    let file = dir.path().join("small.toml");
    std::fs::write(
        &file,
        "system = \"haggerty\"\ngames = 2000\nmetrics = [\"initiative\", \"actions_per_turn\"]\n[sweep]\nhand_size_a = [5, 6]\n",
    )
    .unwrap();
    let reports = dir.path().join("reports");
    let (file_text, reports_text) = (file.to_str().unwrap(), reports.to_str().unwrap());
    let made = fortunes(&["baseline", file_text, "--reports", reports_text]);
    assert!(made.status.success(), "{}", stderr(&made));
    let csv_path = reports.join("small/baseline.csv");
    let toml_path = reports.join("small/baseline.toml");
    let (csv, toml) = (
        std::fs::read_to_string(&csv_path).unwrap(),
        std::fs::read_to_string(&toml_path).unwrap(),
    );
    let mut rng = Pcg64Mcg::seed_from_u64(3838);
    let (mut tried, mut refused) = (0, 0);
    for i in 0..FILE_INPUTS {
        let text = mutate(&csv, &mut rng);
        std::fs::write(&csv_path, &text).unwrap();
        if i % 2 == 1 {
            let old = toml
                .lines()
                .find(|l| l.starts_with("table_digest"))
                .unwrap();
            let digest = fortunes::engine::digest::digest_hex(text.as_bytes());
            std::fs::write(
                &toml_path,
                toml.replace(old, &format!("table_digest = \"{digest}\"")),
            )
            .unwrap();
        } else {
            std::fs::write(&toml_path, &toml).unwrap();
        }
        let ran = run_within(
            &mut command(&[
                "check",
                file_text,
                "--reports",
                reports_text,
                "--no-confirm",
            ]),
            Vec::new(),
            Duration::from_secs(60),
        );
        tried += 1;
        let unchanged_text = text == csv;
        if judged(&ran, &format!("baseline mutation {i}"), &[0, 1, 2]) {
            refused += 1;
        } else if i % 2 == 0 && !unchanged_text {
            panic!("baseline mutation {i}: an edit under the old digest was not refused");
        }
    }
    println!("baselines: {tried} damaged, {refused} refused");
}

/// An output folder's manifest damaged as text or given entries that reach
/// outside: the run refuses the folder or writes into it, and a file beside
/// the folder is never touched.
#[test]
fn damaged_manifests_never_delete_outside_the_folder() {
    let dir = TempDir::new("fuzz-manifests");
    let out = dir.path().join("out");
    let out_text = out.to_str().unwrap();
    let victim = dir.path().join("victim.txt");
    std::fs::write(&victim, "keep").unwrap();
    let run = || {
        run_within(
            &mut command(&["run", "haggerty", "-n", "50", "-q", "--out", out_text]),
            Vec::new(),
            Duration::from_secs(30),
        )
    };
    assert_eq!(run().code, Some(0));
    let manifest = out.join(".fortunes-manifest");
    let good = std::fs::read_to_string(&manifest).unwrap();
    let reaching = [
        "run ../victim.txt".to_string(),
        format!("run {}", victim.display()),
        "baseline ../../victim.txt".to_string(),
        "run ./../victim.txt".to_string(),
        "run victim.txt/..".to_string(),
    ];
    let mut rng = Pcg64Mcg::seed_from_u64(383838);
    let (mut tried, mut refused) = (0, 0);
    for i in 0..FILE_INPUTS {
        let mut text = mutate(&good, &mut rng);
        if i % 2 == 0 {
            text.push_str(&reaching[rng.random_range(0..reaching.len())]);
            text.push('\n');
        }
        std::fs::write(&manifest, &text).unwrap();
        let ran = run();
        tried += 1;
        if judged(&ran, &format!("manifest mutation {i}"), &[0, 2]) {
            refused += 1;
        }
        assert_eq!(
            std::fs::read_to_string(&victim).unwrap(),
            "keep",
            "manifest mutation {i} ({text:?}) reached outside the folder"
        );
        if ran.code != Some(0) {
            // A refused folder is put right for the next input.
            std::fs::write(&manifest, &good).unwrap();
        }
    }
    println!("manifests: {tried} damaged, {refused} refused");
}
