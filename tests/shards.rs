//! Sharded runs and their merge: N shards merged give the single run's
//! tables, report and run.toml byte for byte (N = 1, 3, 16, every system,
//! a precision target over several rounds), and the merge refuses what it
//! cannot merge, naming the files, leaving nothing behind.

use crate::common;

use common::{fortunes, stderr, TempDir};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Output};

fn ok(output: Output) -> Output {
    assert!(
        output.status.success(),
        "fortunes failed: {}",
        stderr(&output)
    );
    output
}

fn refused(output: &Output) -> String {
    assert_eq!(output.status.code(), Some(2), "stderr: {}", stderr(output));
    stderr(output)
}

/// Every file under `dir`, by name, with its bytes.
fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        files.insert(name, std::fs::read(entry.path()).unwrap());
    }
    files
}

/// A run's files and its stdout.
type Written = (BTreeMap<String, Vec<u8>>, Vec<u8>);

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// Runs `target` in one process and in `shards` shards merged, into the
/// same folder name (run.toml names its folder), and returns both trees
/// and both stdouts.
fn single_and_merged(tmp: &TempDir, target: &[&str], shards: u64) -> [Written; 2] {
    let out = tmp.path().join("out");
    let parts = tmp.path().join(format!("parts-{shards}"));
    let mut args = target.to_vec();
    args.extend(["-j", "2", "-q", "--out", s(&out)]);
    let single_stdout = ok(fortunes(&args)).stdout;
    let single = tree(&out);
    std::fs::remove_dir_all(&out).unwrap();
    for k in 1..=shards {
        let shard = format!("{k}/{shards}");
        let mut args = target.to_vec();
        args.extend(["-j", "2", "-q", "--shard", &shard, "--out", s(&parts)]);
        ok(fortunes(&args));
    }
    let merged_stdout = ok(fortunes(&["merge", s(&out), s(&parts), "-q"])).stdout;
    let merged = tree(&out);
    std::fs::remove_dir_all(&out).unwrap();
    [(single, single_stdout), (merged, merged_stdout)]
}

fn assert_same(name: &str, both: &[Written; 2]) {
    let [(single, single_out), (merged, merged_out)] = both;
    assert_eq!(
        single.keys().collect::<Vec<_>>(),
        merged.keys().collect::<Vec<_>>(),
        "{name}: the same files"
    );
    for (file, bytes) in single {
        assert!(bytes == &merged[file], "{name}: {file} differs");
    }
    assert_eq!(single_out, merged_out, "{name}: the same stdout");
}

#[test]
fn merged_shards_equal_the_single_run_for_1_3_and_16_shards() {
    let tmp = TempDir::new("shards-n");
    // 20,000 games are 5 batches: with 16 shards, 11 play nothing.
    let target = ["run", "experiments/haggerty-hand-size.toml", "-n", "20000"];
    for shards in [1, 3, 16] {
        let both = single_and_merged(&tmp, &target, shards);
        assert!(both[0].0.contains_key("metrics.csv") && both[0].0.contains_key("report.md"));
        assert_same(&format!("{shards} shards"), &both);
    }
}

#[test]
fn every_system_merges_exactly() {
    let tmp = TempDir::new("shards-systems");
    for system in fortunes::systems::SYSTEMS {
        let games = (2 * system.batch() + 100).to_string();
        let both = single_and_merged(&tmp, &["run", system.name(), "-n", &games], 3);
        assert_same(system.name(), &both);
    }
}

/// A run with forfeits merges as exactly: each shard counts its games'
/// forfeits, and leaves them out as one process does.
#[test]
fn a_run_with_forfeits_merges_exactly() {
    let tmp = TempDir::new("shards-forfeit");
    // Plays its lowest card, and replies nonsense at its second decision
    // of every game 7 mod 40.
    let script = tmp.path().join("flaky.py");
    std::fs::write(
        &script,
        "import json, sys\n\
         game, decisions = 0, 0\n\
         for line in sys.stdin:\n\
         \x20   message = json.loads(line)\n\
         \x20   if message['type'] == 'game':\n\
         \x20       game, decisions = message['game'], 0\n\
         \x20   elif message['type'] == 'decide':\n\
         \x20       decisions += 1\n\
         \x20       bad = decisions > 1 and game % 40 == 7\n\
         \x20       print('nonsense' if bad else json.dumps({'choice': min(message['choices'])}), flush=True)\n",
    )
    .unwrap();
    let seat = format!("b=exec:python3 {}", script.display());
    let target = [
        "run",
        "skirmish",
        "-n",
        "2100",
        "--forfeit",
        "--strategy",
        &seat,
    ];
    let both = single_and_merged(&tmp, &target, 3);
    let summary = String::from_utf8(both[0].0["summary.csv"].clone()).unwrap();
    // 2,100 games, 53 of them 7 mod 40.
    assert!(
        summary.contains("forfeits,rate,share,game,b,none,,NaN,53,2100,"),
        "{summary}"
    );
    assert_same("forfeits", &both);
}

#[test]
fn a_precision_target_is_met_over_rounds_as_one_process_meets_it() {
    let tmp = TempDir::new("shards-rounds");
    let target = [
        "run",
        "experiments/haggerty-hand-size.toml",
        "--precision",
        "0.0004",
    ];
    let out = tmp.path().join("out");
    let parts = tmp.path().join("parts");
    let mut args = target.to_vec();
    args.extend(["-j", "2", "-q", "--out", s(&out)]);
    let single_stdout = ok(fortunes(&args)).stdout;
    let single = tree(&out);
    std::fs::remove_dir_all(&out).unwrap();
    let mut rounds = 0;
    for round in 1..=6 {
        let round_text = round.to_string();
        for k in 1..=3 {
            let shard = format!("{k}/3");
            let mut args = target.to_vec();
            args.extend(["-j", "2", "-q", "--shard", &shard, "--round", &round_text]);
            args.extend(["--out", s(&parts)]);
            ok(fortunes(&args));
        }
        let merged = fortunes(&["merge", s(&out), s(&parts), "-q"]);
        if merged.status.success() {
            rounds = round;
            assert_same(
                "precision",
                &[
                    (single.clone(), single_stdout.clone()),
                    (tree(&out), merged.stdout),
                ],
            );
            break;
        }
        let message = refused(&merged);
        assert!(
            message.contains(&format!("run round {}", round + 1)),
            "{message}"
        );
        assert!(!out.exists(), "a refused merge leaves nothing behind");
    }
    assert!(
        rounds >= 2,
        "the target took more than one round ({rounds})"
    );
}

/// Three shards of the hand-size sweep in `parts`.
fn three_shards(parts: &Path, seed: &str) {
    for k in 1..=3 {
        let shard = format!("{k}/3");
        ok(fortunes(&[
            "run",
            "experiments/haggerty-hand-size.toml",
            "-n",
            "12000",
            "-s",
            seed,
            "-q",
            "--shard",
            &shard,
            "--out",
            s(parts),
        ]));
    }
}

/// Shard k of 3 in `parts`, whatever its seed.
fn part(parts: &Path, k: u64) -> std::path::PathBuf {
    let end = format!("-round-1-shard-{k}-of-3.part.json");
    std::fs::read_dir(parts)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.to_str().unwrap().ends_with(&end))
        .unwrap_or_else(|| panic!("shard {k} in {}", parts.display()))
}

#[test]
fn merge_refuses_what_it_cannot_merge_naming_the_files() {
    let tmp = TempDir::new("shards-refusals");
    let (parts, other) = (tmp.path().join("parts"), tmp.path().join("other"));
    three_shards(&parts, "1");
    three_shards(&other, "2");
    let out = tmp.path().join("out");
    let merge = |parts: &[&Path]| {
        let mut args = vec!["merge", s(&out)];
        args.extend(parts.iter().map(|p| s(p)));
        fortunes(&args)
    };

    // Another run's shard.
    let message = refused(&merge(&[
        &part(&parts, 1),
        &part(&parts, 2),
        &part(&other, 3),
    ]));
    assert!(
        message.contains("different runs") && message.contains("seed 2"),
        "{message}"
    );
    assert!(message.contains(s(&part(&other, 3))), "{message}");
    assert!(!out.exists());

    // The same shard twice.
    let copy = tmp.path().join("copy.part.json");
    std::fs::copy(part(&parts, 2), &copy).unwrap();
    let message = refused(&merge(&[&parts, &copy]));
    assert!(message.contains("both shard 2 of 3"), "{message}");
    assert!(message.contains(s(&copy)), "{message}");

    // A missing shard; then merged anyway, its games counted as merged.
    let message = refused(&merge(&[&part(&parts, 1), &part(&parts, 3)]));
    assert!(message.contains("round 1: shard 2 of 3"), "{message}");
    assert!(!out.exists());
    let partial = ok(fortunes(&[
        "merge",
        s(&out),
        s(&part(&parts, 1)),
        s(&part(&parts, 3)),
        "--allow-partial",
    ]));
    assert!(
        stderr(&partial).contains("partial merge"),
        "{}",
        stderr(&partial)
    );
    let metrics = std::fs::read_to_string(out.join("metrics.csv")).unwrap();
    // Shards 1 and 3 hold batches 0 and 2: games 0-4,095 and 8,192-11,999.
    assert!(metrics.contains(",7904,"), "{metrics}");
    std::fs::remove_dir_all(&out).unwrap();

    // Another version's shard.
    let text = std::fs::read_to_string(part(&parts, 2)).unwrap();
    let older = tmp.path().join("older.part.json");
    std::fs::write(
        &older,
        text.replacen("\"fortunes_version\":\"", "\"fortunes_version\":\"0.0.", 1),
    )
    .unwrap();
    let message = refused(&merge(&[&part(&parts, 1), &older, &part(&parts, 3)]));
    assert!(message.contains("written by fortunes"), "{message}");

    // Cut short, and not a partial result at all.
    let cut = tmp.path().join("cut.part.json");
    std::fs::write(&cut, &text[..text.len() - 200]).unwrap();
    let message = refused(&merge(&[&part(&parts, 1), &cut, &part(&parts, 3)]));
    assert!(
        message.contains("cut.part.json") && message.contains("run that shard again"),
        "{message}"
    );
    let message = refused(&merge(&[Path::new("experiments/haggerty-hand-size.toml")]));
    assert!(
        message.contains("not a fortunes partial result"),
        "{message}"
    );
    assert!(!out.exists());
}

#[test]
fn shard_options_are_checked() {
    let tmp = TempDir::new("shards-options");
    let out = tmp.path().join("parts");
    let run = |extra: &[&str]| {
        let mut args = vec!["run", "haggerty", "-n", "5000", "--out", s(&out)];
        args.extend(extra);
        fortunes(&args)
    };
    let message = refused(&run(&["--shard", "4/3"]));
    assert!(message.contains("1 <= K <= N"), "{message}");
    let message = refused(&run(&["--shard", "1/3", "--round", "2"]));
    assert!(message.contains("allowed: 1 to 1"), "{message}");
    let message = refused(&run(&["--shard", "1/3", "--records"]));
    assert!(message.contains("not sharded"), "{message}");
    let message = refused(&fortunes(&[
        "run", "haggerty", "-n", "5000", "--shard", "1/2",
    ]));
    assert!(message.contains("needs --out DIR"), "{message}");
    assert!(!out.exists());
}

fn with_env(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_fortunes"));
    command.args(args).current_dir(crate::common::crate_dir());
    for var in [
        "SLURM_ARRAY_TASK_ID",
        "SLURM_ARRAY_TASK_COUNT",
        "SLURM_ARRAY_TASK_MIN",
        "SLURM_ARRAY_TASK_STEP",
        "JOB_COMPLETION_INDEX",
        "FORTUNES_SHARD_COUNT",
    ] {
        command.env_remove(var);
    }
    command.envs(env.iter().copied()).output().unwrap()
}

#[test]
fn a_job_array_chooses_the_shard_from_its_environment() {
    let tmp = TempDir::new("shards-env");
    let out = tmp.path().join("parts");
    let args = ["run", "haggerty", "-n", "5000", "-q", "--out", s(&out)];
    // Slurm: --array=4-6 gives tasks 4, 5, 6; task 5 is the second of 3.
    ok(with_env(
        &args,
        &[
            ("SLURM_ARRAY_TASK_ID", "5"),
            ("SLURM_ARRAY_TASK_MIN", "4"),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
        ],
    ));
    assert!(out
        .join("run-seed-1-round-1-shard-2-of-3.part.json")
        .is_file());
    // Kubernetes: an Indexed Job's 0-based completion index.
    ok(with_env(
        &args,
        &[("JOB_COMPLETION_INDEX", "0"), ("FORTUNES_SHARD_COUNT", "2")],
    ));
    assert!(out
        .join("run-seed-1-round-1-shard-1-of-2.part.json")
        .is_file());
    let message = refused(&with_env(&args, &[("JOB_COMPLETION_INDEX", "0")]));
    assert!(message.contains("FORTUNES_SHARD_COUNT"), "{message}");
    // --shard none: one process, whatever the environment says.
    let plain = tmp.path().join("plain");
    ok(with_env(
        &[
            "run",
            "haggerty",
            "-n",
            "5000",
            "-q",
            "--shard",
            "none",
            "--out",
            s(&plain),
        ],
        &[
            ("SLURM_ARRAY_TASK_ID", "1"),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
        ],
    ));
    assert!(plain.join("metrics.csv").is_file());
}

#[test]
fn a_sharded_check_gives_the_verdict_and_p_values_of_one_process() {
    let tmp = TempDir::new("shards-check");
    let suite = tmp.path().join("suite");
    std::fs::create_dir_all(&suite).unwrap();
    for name in ["haggerty-hand-size.toml", "haggerty-jokers.toml"] {
        std::fs::copy(Path::new("experiments").join(name), suite.join(name)).unwrap();
    }
    for exact in [false, true] {
        let parts = tmp.path().join(format!("parts-{exact}"));
        let mode: &[&str] = if exact { &["--exact"] } else { &[] };
        let mut args = vec!["check", s(&suite), "--json", "-j", "2"];
        args.extend(mode);
        let single = ok(fortunes(&args)).stdout;
        for k in 1..=3 {
            let shard = format!("{k}/3");
            let mut args = vec!["check", s(&suite), "--shard", &shard, "--parts", s(&parts)];
            args.extend(mode);
            ok(fortunes(&args));
        }
        let mut args = vec!["check", s(&suite), "--json", "--merge", s(&parts)];
        args.extend(mode);
        let merged = ok(fortunes(&args)).stdout;
        assert!(!single.is_empty());
        assert_eq!(
            String::from_utf8_lossy(&single),
            String::from_utf8_lossy(&merged),
            "exact: {exact}"
        );
    }
    // A shard missing: refused, naming it.
    let parts = tmp.path().join("parts-false");
    let gone = std::fs::read_dir(&parts)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| {
            p.to_str().unwrap().contains("jokers") && p.to_str().unwrap().contains("shard-2-of-3")
        })
        .unwrap();
    std::fs::remove_file(&gone).unwrap();
    let output = fortunes(&["check", s(&suite), "--merge", s(&parts)]);
    let message = stderr(&output);
    assert_ne!(output.status.code(), Some(0), "{message}");
    assert!(message.contains("round 1: shard 2 of 3"), "{message}");
}

/// Plays `search` in one process and as arrays of 3 shards, round by
/// round until `--merge` answers; the answers and tune.csv must be the
/// same. Gives the arrays played.
fn sharded_search_equals_one_process(dir: &Path, search: &[&str]) -> usize {
    let (single, merged, parts) = (dir.join("single"), dir.join("merged"), dir.join("parts"));
    let mut args = search.to_vec();
    args.extend(["-o", s(&single)]);
    let answer = ok(fortunes(&args)).stdout;
    let mut arrays = 0;
    loop {
        let mut args = search.to_vec();
        args.extend(["--merge", s(&parts), "-o", s(&merged)]);
        let output = fortunes(&args);
        if output.status.success() {
            assert_eq!(
                String::from_utf8_lossy(&answer),
                String::from_utf8_lossy(&output.stdout)
            );
            break;
        }
        let message = refused(&output);
        assert!(
            message.contains(&format!("round {}", arrays + 1)),
            "{message}"
        );
        assert!(arrays < 16, "the search ends");
        arrays += 1;
        // One array: every shard plays its part of the next round.
        for k in 1..=3 {
            let shard = format!("{k}/3");
            let mut args = search.to_vec();
            args.extend(["--shard", &shard, "--parts", s(&parts)]);
            ok(fortunes(&args));
        }
    }
    assert_eq!(
        std::fs::read(single.join("tune.csv")).unwrap(),
        std::fs::read(merged.join("tune.csv")).unwrap()
    );
    arrays
}

#[test]
fn a_sharded_search_replays_its_rounds_to_the_answer_of_one_process() {
    let tmp = TempDir::new("shards-tune");
    let search = [
        "tune",
        "haggerty",
        "--param",
        "hand_size_a",
        "--from",
        "1",
        "--to",
        "30",
        "--metric",
        "first_initiative",
        "--target",
        "0.5",
        "--strategy",
        "a=highest",
        "--strategy",
        "b=highest",
    ];
    let arrays = sharded_search_equals_one_process(tmp.path(), &search);
    assert!(arrays >= 3, "several rounds: {arrays}");
    // A shard given twice in a round is refused.
    let other = tmp.path().join("other");
    std::fs::create_dir_all(&other).unwrap();
    let mut first = search.to_vec();
    first.extend(["--shard", "1/3", "--parts", s(&other)]);
    ok(fortunes(&first));
    let message = refused(&fortunes(&first));
    assert!(message.contains("already has shard 1 of 3"), "{message}");
}

/// A search over counts draws its sample from the seed and halves it by
/// estimate: its shards draw and halve the same, round by round.
#[test]
fn a_sharded_search_over_counts_halves_as_one_process_does() {
    let tmp = TempDir::new("shards-tune-counts");
    let search = [
        "tune",
        "haggerty",
        "--count",
        "hand_size_a=3..12",
        "--count",
        "hand_size_b=3..12",
        "--metric",
        "initiative",
        "--target",
        "0.5",
        "--budget",
        "400000",
    ];
    let arrays = sharded_search_equals_one_process(tmp.path(), &search);
    assert!(arrays >= 3, "several rounds: {arrays}");
}

#[test]
fn a_sweep_played_in_groups_merges_into_the_same_tables() {
    // 140 variants: more than 129, so one process plays them in groups and
    // writes the reference's rows last; the merge must write them alike.
    let tmp = TempDir::new("shards-groups");
    let file = tmp.path().join("big.toml");
    std::fs::write(
        &file,
        "system = \"haggerty\"\ngames = 1500\n[sweep]\nhand_size_a = { from = 1, to = 14 }\nturns = { from = 1, to = 10 }\n",
    )
    .unwrap();
    let both = single_and_merged(&tmp, &["run", s(&file)], 3);
    assert_same("140 variants", &both);
}
