//! External agents over the JSON-lines protocol (docs/agents.md): a
//! built-in served by `fortunes agent` plays exactly as in the process
//! (so every part of the seat's view crosses the protocol, and the seed
//! gives the seat's own stream); the Python example plays reproducibly on
//! any thread count; and an agent that crashes, times out, or replies
//! nonsense or an illegal choice stops the run with one message naming the
//! seat, game and decision, exit 2, nothing written.

mod common;

use common::{fortunes, stderr, TempDir};
use std::path::Path;
use std::process::Output;

const FORTUNES: &str = env!("CARGO_BIN_EXE_fortunes");

fn run_haggerty(out: &Path, seat_b: &str, threads: &str) -> Output {
    fortunes(&[
        "run",
        "haggerty",
        "-n",
        "400",
        "-q",
        "-j",
        threads,
        "--strategy",
        seat_b,
        "--out",
        out.to_str().unwrap(),
    ])
}

fn metrics(out: &Path) -> String {
    std::fs::read_to_string(out.join("metrics.csv")).unwrap()
}

/// Runs `fortunes run SYSTEM ARGS` twice into `tmp`: with the players
/// of `seats` (each `SEAT=NAME`) in the process, then with each served
/// by `fortunes agent SYSTEM --strategy NAME`; the metrics must be equal
/// byte for byte.
fn assert_served_plays_as_inside(tmp: &Path, system: &str, args: &[&str], seats: &[&str]) {
    let label =
        format!("{system}-{}-{}", args.join("_"), seats.join("_")).replace(['/', '=', ' '], "-");
    let run = |out: &Path, players: &[String]| {
        let mut all = vec!["run", system, "-q", "-j", "2"];
        all.extend(args);
        for player in players {
            all.extend(["--strategy", player.as_str()]);
        }
        all.extend(["--out", out.to_str().unwrap()]);
        fortunes(&all)
    };
    let (inside, served) = (tmp.join(&label), tmp.join(format!("{label}-agent")));
    let players: Vec<String> = seats.iter().map(|s| s.to_string()).collect();
    let output = run(&inside, &players);
    assert!(output.status.success(), "{label}: {}", stderr(&output));
    let agents: Vec<String> = seats
        .iter()
        .map(|s| {
            let (seat, name) = s.split_once('=').unwrap();
            format!("{seat}=exec:{FORTUNES} agent {system} --strategy {name}")
        })
        .collect();
    let output = run(&served, &agents);
    assert!(output.status.success(), "{label}: {}", stderr(&output));
    assert_eq!(metrics(&inside), metrics(&served), "{label}");
}

#[test]
fn a_built_in_served_over_the_protocol_plays_as_in_the_process() {
    let tmp = TempDir::new("agents-served");
    // random and search draw from the seat's stream; hoarder passes.
    for name in ["heuristic", "random", "search", "hoarder"] {
        let (inside, served) = (
            tmp.path().join(name),
            tmp.path().join(format!("{name}-agent")),
        );
        let output = run_haggerty(&inside, &format!("b={name}"), "2");
        assert!(output.status.success(), "{}", stderr(&output));
        let agent = format!("b=exec:{FORTUNES} agent haggerty --strategy {name}");
        let output = run_haggerty(&served, &agent, "2");
        assert!(output.status.success(), "{name}: {}", stderr(&output));
        assert_eq!(metrics(&inside), metrics(&served), "{name}");
    }
}

#[test]
fn a_sickles_built_in_served_over_the_protocol_plays_as_in_the_process() {
    let tmp = TempDir::new("agents-sickles");
    // random draws from the side's stream; holder holds events.
    for name in ["heuristic", "random", "holder"] {
        let seat = format!("b={name}");
        assert_served_plays_as_inside(tmp.path(), "sickles", &["-n", "300"], &[&seat]);
    }
    // Beside an agent, the other side's search still plays out its turns
    // (its playouts hold no agent, so they are heuristic on both sides).
    let against_search = ["-n", "100", "--strategy", "a=search"];
    assert_served_plays_as_inside(tmp.path(), "sickles", &against_search, &["b=random"]);
    // The search plays out the cup, which the protocol does not send.
    let output = fortunes(&["agent", "sickles", "--strategy", "search"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("allowed: random, heuristic"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_skirmish_built_in_served_over_the_protocol_plays_as_in_the_process() {
    let tmp = TempDir::new("agents-skirmish");
    // The attacker's and the defender's views differ (a charge to meet, a
    // distance to close): each side is served in turn. random draws from
    // the side's stream, cadence reads the shooters' load.
    for seat in [
        "a=hold_high",
        "b=hold_high",
        "a=random",
        "b=cadence",
        "b=highest",
    ] {
        assert_served_plays_as_inside(tmp.path(), "skirmish", &["-n", "300"], &[seat]);
    }
    // The search needs the whole game: refused by name.
    let output = fortunes(&["agent", "skirmish", "--strategy", "search"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("allowed: random, lowest"),
        "{}",
        stderr(&output)
    );
}

/// Runs `system` with seat b played by the shell `agent` (which answers
/// wrongly): the run stops with exit 2 and one message holding every one
/// of `expected` (the seat, the decision, the illegal choice), and writes
/// nothing.
fn assert_agent_stops_the_run(system: &str, agent: &str, expected: &[&str]) {
    let tmp = TempDir::new(&format!("agents-{system}-illegal"));
    let out = tmp.path().join("out");
    let seat = format!("b=exec:{agent}");
    let output = fortunes(&[
        "run",
        system,
        "-n",
        "20",
        "-q",
        "--strategy",
        &seat,
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let message = stderr(&output);
    assert!(message.contains("seat b agent"), "{message}");
    for part in expected {
        assert!(message.contains(part), "{part}: {message}");
    }
    assert!(!out.join("metrics.csv").exists(), "nothing written");
}

#[test]
fn a_skirmish_agent_playing_a_card_it_does_not_hold_stops_the_run() {
    // Always 7: never a card.
    assert_agent_stops_the_run(
        "skirmish",
        "while read line; do case \"$line\" in *decide*) echo '{\"choice\": 7}';; esac; done",
        &["decision 1 (card)", "illegal choice 7; allowed:"],
    );
}

#[test]
fn a_haggis_built_in_served_over_the_protocol_plays_as_in_the_process() {
    let tmp = TempDir::new("agents-haggis");
    // Rules other than the defaults cross in hello (a smaller hand, the
    // leader's bet seen by the dealer); random and search draw from the
    // seat's stream; both seats served at once in the last case.
    let rules = ["--set", "hand_size=10", "--set", "betting=leader_first"];
    for (seats, games) in [
        (&["b=heuristic"][..], "60"),
        (&["b=random"][..], "60"),
        (&["b=search"][..], "10"),
        (&["a=heuristic", "b=random"][..], "40"),
    ] {
        let args: Vec<&str> = ["-n", games].into_iter().chain(rules).collect();
        assert_served_plays_as_inside(tmp.path(), "haggis", &args, seats);
    }
}

#[test]
fn a_haggis_agent_passing_on_a_lead_stops_the_run() {
    // Bets none, then always passes: illegal when it must lead.
    assert_agent_stops_the_run(
        "haggis",
        "while read line; do case \"$line\" in *'\"decision\":\"bet\"'*) echo '{\"choice\": \"none\"}';; *decide*) echo '{\"choice\": \"pass\"}';; esac; done",
        &["(play)", "illegal choice \"pass\"; allowed:"],
    );
}

#[test]
fn a_piquet_built_in_served_over_the_protocol_plays_as_in_the_process() {
    let tmp = TempDir::new("agents-piquet");
    // Every decision crosses the protocol: random draws from the side's
    // stream at each, hoarder keeps IP back, and the battery scenario
    // brings bombardment, fire orders and reloads.
    let battery = "experiments/piquet/scenarios/battery.toml";
    for seat in ["b=heuristic", "b=random", "b=hoarder"] {
        assert_served_plays_as_inside(tmp.path(), "piquet", &["-n", "200"], &[seat]);
    }
    for seat in ["a=heuristic", "a=random"] {
        let args = ["-n", "150", "--scenario", battery];
        assert_served_plays_as_inside(tmp.path(), "piquet", &args, &[seat]);
    }
    // Beside an agent, the other side's search still plays out its KARDs.
    let against_search = ["-n", "40", "--strategy", "a=search"];
    assert_served_plays_as_inside(tmp.path(), "piquet", &against_search, &["b=random"]);
    // The search plays out the field, which the protocol does not send.
    let output = fortunes(&["agent", "piquet", "--strategy", "search"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("allowed: random, heuristic"),
        "{}",
        stderr(&output)
    );
    // A side of several players draws from a stream each: refused.
    let output = fortunes(&[
        "run",
        "piquet",
        "--scenario",
        "experiments/piquet/scenarios/corps.toml",
        "-n",
        "10",
        "--strategy",
        "a=exec:python3 bot.py",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("side a has 3 players"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_piquet_agent_answering_nonsense_stops_the_run() {
    assert_agent_stops_the_run(
        "piquet",
        "while read line; do case \"$line\" in *decide*) echo '{\"choice\": \"charge\"}';; esac; done",
        &["game ", "decision 1 (", "illegal choice \"charge\"; allowed:"],
    );
}

#[test]
fn the_python_example_agent_plays_reproducibly() {
    let tmp = TempDir::new("agents-python");
    let python = std::process::Command::new("python3")
        .arg("--version")
        .output();
    assert!(
        python.is_ok_and(|o| o.status.success()),
        "python3 is needed to run examples/haggerty_agent.py"
    );
    let agent = "b=exec:python3 examples/haggerty_agent.py";
    let (one, two) = (tmp.path().join("one"), tmp.path().join("two"));
    for (out, threads) in [(&one, "1"), (&two, "2")] {
        let output = run_haggerty(out, agent, threads);
        assert!(output.status.success(), "{}", stderr(&output));
    }
    assert_eq!(metrics(&one), metrics(&two));
    // It plays differently from the heuristic it faces: it reveals the
    // lowest card that beats half the unseen ones, not 60%.
    let heuristic = tmp.path().join("heuristic");
    run_haggerty(&heuristic, "b=heuristic", "2");
    assert_ne!(metrics(&one), metrics(&heuristic));
    // run.toml records the agent, and replays it.
    let run_toml = std::fs::read_to_string(one.join("run.toml")).unwrap();
    assert!(
        run_toml.contains("command = \"python3 examples/haggerty_agent.py\""),
        "{run_toml}"
    );
    let again = tmp.path().join("again");
    let output = fortunes(&[
        "run",
        one.join("run.toml").to_str().unwrap(),
        "-q",
        "--out",
        again.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(metrics(&one), metrics(&again));
}

#[test]
fn a_failing_agent_stops_the_run_naming_the_seat_game_and_decision() {
    let tmp = TempDir::new("agents-failing");
    let out = tmp.path().join("out");
    let cases: [(&str, &[&str]); 4] = [
        (
            "b=exec:while read l; do echo nonsense; done",
            &[
                "seat b agent",
                "game 0, decision 1 (reveal",
                "not a JSON object",
            ],
        ),
        (
            "b=exec:while read l; do echo '{\"choice\": \"ZZ\"}'; done",
            &[
                "game 0, decision 1 (reveal",
                "illegal choice \"ZZ\"; allowed: pass, ",
            ],
        ),
        ("b=exec:true", &["seat b agent (true)", "exited"]),
        ("b=exec:sleep 30", &["no reply within 1 s"]),
    ];
    for (agent, expected) in cases {
        let output = std::process::Command::new(FORTUNES)
            .args([
                "run",
                "haggerty",
                "-n",
                "400",
                "-q",
                "--strategy",
                agent,
                "--out",
            ])
            .arg(&out)
            .env("FORTUNES_AGENT_TIMEOUT", "1")
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{agent}: {message}");
        for part in expected {
            assert!(message.contains(part), "{agent}: {message}");
        }
        assert_eq!(message.lines().count(), 1, "one message: {message}");
        assert!(!out.exists(), "{agent}: nothing written");
    }
}

#[test]
fn agents_play_in_runs_only() {
    // A person's seat and a match play in this process only.
    let output = fortunes(&["play", "haggerty", "--against", "exec:python3 bot.py"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("external agents play in runs"),
        "{}",
        stderr(&output)
    );
}
