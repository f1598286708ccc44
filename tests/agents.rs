//! External agents over the JSON-lines protocol (docs/agents.md): a
//! built-in served by `fortunes agent` plays exactly as in the process
//! (so every part of the seat's view crosses the protocol, and the seed
//! gives the seat's own stream); the Python example plays reproducibly on
//! any thread count; and an agent that crashes, times out, or replies
//! nonsense or an illegal choice stops the run with one message naming the
//! seat, game and decision, exit 2, nothing written.

use crate::common;

use common::{command, fortunes, run_within, send_signal, stderr, wait_within, TempDir};
use polars::prelude::*;
use serde_json::{json, Value};
use std::path::Path;
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

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

/// The metrics of a served player equal the built-in's byte for byte,
/// but for the intervals of figures the built-in player fixes (the
/// Haggerty heuristic never passes): what an agent plays is fixed by
/// nothing the rules know, so there the served run's interval is a bound
/// around the same value.
fn assert_served_metrics(inside: &Path, served: &Path, label: &str) {
    let (inside, served) = (metrics(inside), metrics(served));
    let header: Vec<&str> = inside.lines().next().unwrap().split(',').collect();
    let column = |name: &str| header.iter().position(|&h| h == name).unwrap();
    let (value, low, high) = (column("value"), column("ci_low"), column("ci_high"));
    assert_eq!(inside.lines().count(), served.lines().count(), "{label}");
    for (mine, theirs) in inside.lines().zip(served.lines()) {
        let (mine, theirs): (Vec<&str>, Vec<&str>) =
            (mine.split(',').collect(), theirs.split(',').collect());
        if mine != theirs && mine[low] == mine[high] && mine[low] == mine[value] {
            let ends: Vec<f64> = [low, high].map(|c| theirs[c].parse().unwrap()).to_vec();
            let at: f64 = theirs[value].parse().unwrap();
            assert!(
                ends[0] < ends[1] && ends[0] <= at && at <= ends[1],
                "{label}: {theirs:?}"
            );
            let rest = |row: &[&str]| -> Vec<String> {
                (row.iter().enumerate())
                    .filter(|&(c, _)| c != low && c != high)
                    .map(|(_, v)| v.to_string())
                    .collect()
            };
            assert_eq!(rest(&mine), rest(&theirs), "{label}");
        } else {
            assert_eq!(mine, theirs, "{label}");
        }
    }
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
    assert_served_metrics(&inside, &served, &label);
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
        assert_served_metrics(&inside, &served, name);
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
fn a_failing_agent_stops_its_replay_as_it_stops_a_run() {
    // A replay of a game whose agent fails played the failed seat with the
    // built-in player and exited 0: a game that was never played.
    for system in ["haggerty", "skirmish", "piquet"] {
        let output = fortunes(&[
            "replay",
            system,
            "--game",
            "0",
            "--strategy",
            "b=exec:while read l; do echo nonsense; done",
        ]);
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{system}: {message}");
        assert!(
            message.contains("seat b agent") && message.contains("not a JSON object"),
            "{system}: {message}"
        );
    }
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
        assert_served_plays_as_inside(tmp.path(), "piquet", &["-n", "100"], &[seat]);
    }
    for seat in ["a=heuristic", "a=random"] {
        let args = ["-n", "75", "--scenario", battery];
        assert_served_plays_as_inside(tmp.path(), "piquet", &args, &[seat]);
    }
    // A random side choosing where its regiments broken by fire withdraw
    // among terrain objectives (withdraw_to), its piquets holding a hill or
    // letting the enemy in (piquet), and a side whose division commanders
    // share their corps commander's deck.
    for scenario in ["village", "hill", "shared"] {
        let path = format!("experiments/piquet/scenarios/{scenario}.toml");
        let args = ["-n", "75", "--scenario", path.as_str()];
        assert_served_plays_as_inside(tmp.path(), "piquet", &args, &["a=random"]);
    }
    // Beside an agent, the other side's search still plays out its KARDs.
    let against_search = ["-n", "20", "--strategy", "a=search"];
    assert_served_plays_as_inside(tmp.path(), "piquet", &against_search, &["b=random"]);
    // The search plays out the whole game state (decks, hands, assaults
    // under way), which a decide message does not carry.
    let output = fortunes(&["agent", "piquet", "--strategy", "search"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("allowed: random, heuristic"),
        "{}",
        stderr(&output)
    );
    // A side of several players: one agent plays every player of it, each
    // from its own stream (the game's `seeds`, the `decide`'s `player`).
    let corps = "experiments/piquet/scenarios/corps.toml";
    for seat in ["a=heuristic", "a=random"] {
        let args = ["-n", "60", "--scenario", corps];
        assert_served_plays_as_inside(tmp.path(), "piquet", &args, &[seat]);
    }
    // Second lines sent in after their leads (`second_line`).
    let waves = "experiments/piquet/scenarios/waves.toml";
    for seat in ["a=random", "b=heuristic"] {
        let args = ["-n", "150", "--scenario", waves];
        assert_served_plays_as_inside(tmp.path(), "piquet", &args, &[seat]);
    }
    // Orders the players choose (`order`), and those they would choose as
    // their views are worked out (`would_order`: the heuristic holds some).
    let chosen = tmp.path().join("chosen.toml");
    std::fs::write(&chosen, crate::piquet_chosen::chosen_default()).unwrap();
    let args = ["-n", "150", "--scenario", chosen.to_str().unwrap()];
    for seat in ["b=random", "a=heuristic", "b=heuristic"] {
        assert_served_plays_as_inside(tmp.path(), "piquet", &args, &[seat]);
    }
    // Where chosen Deploys go (`deployment`), skirmish order among them.
    let skirmish = tmp.path().join("skirmish.toml");
    std::fs::write(&skirmish, crate::piquet_deploy::skirmishers_chosen()).unwrap();
    let args = ["-n", "150", "--scenario", skirmish.to_str().unwrap()];
    assert_served_plays_as_inside(tmp.path(), "piquet", &args, &["a=random"]);
}

/// A Piquet agent that plays at random from its player's stream and checks
/// every message against the rules as docs/agents.md and the text give
/// them, independently of the game: the seeds are one per player of its
/// side; the field lists each side's regiments in the scenario's order; a
/// decision about regiments names ones the deciding player may act on in
/// that state (a fire order its own loaded regiments, the first within
/// range of its target, which has Elan to lose; a rally its own Shaken
/// regiment; a reload an unloaded one of its command; an order group or a
/// waiting assault idle regiments of its own, or any for the commander,
/// the assault against the regiment the scenario targets). Any breach
/// exits 3 (the run stops); at the end it writes what it saw to `SEEN`.
const PIQUET_CHECKER: &str = r#"
import json, random, sys
seen, rngs, scenario, seat, chosen_to = {}, [], None, None, {}
def fail(why, message):
    sys.stderr.write("checker: %s: %s\n" % (why, json.dumps(message)[:400]))
    sys.exit(3)
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        scenario, seat = m["scenario"], m["seat"]
        enemy = "b" if seat == "a" else "a"
        players = 1 + len(scenario[seat].get("subordinates", []))
        engagement = scenario.get("ranges", {}).get("engagement", 3)
        bombardment = scenario.get("ranges", {}).get("bombardment", 12)
        arms = {r["name"]: r.get("arm", "infantry") for r in scenario[seat]["regiments"]}
        enemy_arms = {r["name"]: r.get("arm", "infantry") for r in scenario[enemy]["regiments"]}
        names = {s: [r["name"] for r in scenario[s]["regiments"]] for s in "ab"}
        targets = {r["name"]: r.get("target") for r in scenario[seat]["regiments"]}
        follows = {r["name"]: r.get("follows") for r in scenario[seat]["regiments"]}
        continue
    if m["type"] == "game":
        seeds = m.get("seeds", [m["seed"]])
        if len(seeds) != players or seeds[0] != m["seed"]:
            fail("%d seeds for %d players" % (len(seeds), players), m)
        rngs = [random.Random(s) for s in seeds]
        continue
    p, d, field = m["player"], m["decision"], m["field"]
    if not 0 <= p < players:
        fail("player out of range", m)
    for s in "ab":
        if [u["name"] for u in field[s]] != names[s]:
            fail("field of side %s" % s, m)
        if any(("stamina" in u) != (s == seat) for u in field[s]):
            fail("stamina shown for the wrong side", m)
    own = {u["name"]: u for u in field[seat]}
    # Where its own chosen Deploys and Maneuvers go, as their piquets show
    # them: what it chose, while the order is pending; nothing otherwise.
    for u in field[seat]:
        pending = u["status"] == "ordered" and u["order"] in ("deploy", "maneuver") and u["name"] in chosen_to
        if u["to"] != (chosen_to[u["name"]] if pending else None):
            fail("the field's `to` of %s" % u["name"], m)
    theirs = {u["name"]: u for u in field[enemy]}
    named = [own[r] for r in m.get("regiments", [])]
    if d in ("issue", "order", "would_order", "rally", "reload", "fire", "assault_now", "retire_now", "second_line", "attached", "extra_cast") and not named:
        fail("no regiment named", m)
    if d == "fire":
        target = theirs[m["target"]]
        # The regiments' own player is asked, or where it declined, the
        # commander above it, for one IP more (the corps scenario's chain).
        if any((u["player"] != p and p != 0) or not u["loaded"] or u["status"] in ("shaken", "fighting", "removed")
               for u in named):
            fail("fire order for a regiment that may not fire", m)
        if m["cost"] != (1 if named[0]["player"] == p else 2):
            fail("a fire order's cost, with the bypass from a player above", m)
        if target["elan"] == 0 or target["status"] in ("fighting", "removed"):
            fail("fire at a target that may not be fired at", m)
        # The first named is the regiment asked about, the target its aim;
        # artillery may fire out to Bombardment range.
        first = named[0]
        reach = max(engagement, bombardment) if arms[first["name"]] == "artillery" else engagement
        if abs(first["x"] - target["x"]) > reach:
            fail("the regiment asked about is out of range of its target", m)
    # A rally of an unrallied regiment, or of a worn one ("while it still
    # has Elan Chips": Elan lost, fighting on, the message says so).
    if d == "rally" and any(
        u["player"] != p
        or (u["status"] != "shaken"
            and not (u["status"] in ("idle", "ordered", "closing") and 0 < u["elan"] < m["full_elan"]
                     and not m["shaken"] and m["elan"] == u["elan"]))
        for u in named
    ):
        fail("rally of a regiment not the player's, or neither Shaken nor worn", m)
    if d == "reload" and any(u["loaded"] or (p != 0 and u["player"] != p) for u in named):
        fail("reload of a loaded regiment or one outside the command", m)
    # An order out of an assault is a Maneuver to one regiment fighting.
    out = d == "issue" and m["order"] == "maneuver" and len(named) == 1 and named[0]["status"] == "fighting"
    if d in ("issue", "assault_now") and not out and any(u["status"] != "idle" or (p != 0 and u["player"] != p) for u in named):
        fail("order for a regiment not idle or not the player's", m)
    if d == "retire_now" and (len(named) != 1 or named[0]["status"] != "fighting" or (p != 0 and named[0]["player"] != p)
                              or named[0]["elan"] != m["elan"] or m["elan"] > m["full_elan"]):
        fail("an order out of an assault for a regiment not fighting, or not the player's", m)
    # A second line sent in after its lead: one idle cavalry regiment of
    # the player's, which follows another in the scenario.
    if d == "second_line" and (len(named) != 1 or named[0]["status"] != "idle" or named[0]["elan"] != m["elan"]
                               or (p != 0 and named[0]["player"] != p) or not follows.get(named[0]["name"])
                               or m["why"] not in ("meets_breakthrough", "follows_breakthrough", "relieves")
                               or theirs[m["target"]]["elan"] != m["enemy_elan"]
                               or own[follows[named[0]["name"]]]["elan"] != m["lead_elan"]):
        fail("a second line sent in that is not one, or not idle", m)
    if d == "assault_now" and targets[named[0]["name"]] != m["target"]:
        fail("assault against another target than the scenario's", m)
    if d == "issue" and (m["order"] not in ("move", "maneuver", "deploy", "assault") or not isinstance(m["cost"], int)):
        fail("an order group without its order or cost", m)
    # A chosen regiment's order, or the one it would be given as the view
    # is worked out: one idle regiment of the player's, offered every
    # order its arm may be given, with the nearest enemy's distance.
    if d in ("order", "would_order"):
        me = named[0]
        if len(named) != 1 or me["status"] != "idle" or (p != 0 and me["player"] != p) or me["elan"] != m["elan"]:
            fail("an order chosen for a regiment not idle or not the player's", m)
        alive = [u["x"] for u in field[enemy] if u["status"] != "removed"]
        # No assault for artillery, nor with no enemy left; no Deploy with
        # no deployment to change to.
        offered = ["move"] + (["maneuver"] if m["maneuvers"] else []) + (["deploy"] if m["deployments"] else []) + ([] if arms[me["name"]] == "artillery" or not alive else ["assault"])
        if m["choices"] != offered + ["none"]:
            fail("the orders offered", m)
        if m["distance"] != (min(abs(x - me["x"]) for x in alive) if alive else None):
            fail("the distance to the nearest enemy", m)
        f = 1 if seat == "a" else -1
        ahead = [abs(x - me["x"]) for x in alive if f * (x - me["x"]) >= 0]
        if m["ahead"] != (min(ahead) if ahead else None):
            fail("the distance to the nearest enemy ahead", m)
        # "preparing infantry to receive cavalry"; cavalry has "no defined
        # minimum width"; skirmish order for skirmishers only.
        arm, ds = arms[me["name"]], m["deployments"]
        if (("prepared" in ds) != (arm == "infantry" and me["deployment"] != "prepared")
                or (arm == "cavalry" and "min" in ds) or "skirmish" in ds
                or m["deployment"] != me["deployment"] or m["prepared_step"] != 0):
            fail("the deployments offered", m)
        horse = [abs(u["x"] - me["x"]) for u in field[enemy]
                 if u["status"] != "removed" and enemy_arms[u["name"]] == "cavalry" and u["deployment"] != "skirmish"]
        if m["cavalry"] != (min(horse) if horse else None):
            fail("the distance to the nearest enemy cavalry", m)
        # Back is always open; forward only short of Engagement range of
        # an enemy ahead, so not from within it.
        if "back" not in m["maneuvers"] or ("forward" in m["maneuvers"] and m["ahead"] is not None and m["ahead"] <= engagement):
            fail("the maneuvers offered", m)
    # Which way a chosen Maneuver goes: one of the ways its order offered.
    if d == "direction" and (len(named) != 1 or m["choices"] != m["maneuvers"] or not m["choices"]):
        fail("a direction not among those offered", m)
    # Where a chosen Deploy goes: one of the deployments its order offered.
    if d == "deployment" and (len(named) != 1 or m["choices"] != m["deployments"] or not m["choices"]):
        fail("a deployment not among those offered", m)
    if d == "pass_amount" and (p != 0 or not 1 <= m["to"] < players):
        fail("initiative passed by a subordinate or to no subordinate", m)
    # The corps scenario's two division commanders, both below the commander.
    if d == "pass_to" and (p != 0 or sorted(m["choices"]) != ["1st Division", "2nd Division"]
                           or m["neediest"] not in m["choices"]):
        fail("a subordinate to pass to offered by a subordinate, or not the two divisions", m)
    # A regiment fire broke in an Engagement withdraws "anywhere up to the
    # next horizon": one regiment of the player's at zero Elan, offered
    # every inch from 1" outside back to the horizon, nearest first.
    if d == "withdraw_to":
        f = 1 if seat == "a" else -1
        want = [str(m["outside"] - f * k) for k in range(abs(m["horizon"] - m["outside"]) + 1)]
        if (len(named) != 1 or named[0]["elan"] != 0 or (p != 0 and named[0]["player"] != p)
                or m["choices"] != want or len(want) < 2 or f * (m["outside"] - m["horizon"]) <= 0):
            fail("a withdrawal for a regiment not broken, or places not from 1\" outside back to the horizon", m)
    # Where a chosen Move stops: on to its objective, or a place from an
    # inch ahead of the regiment up to short of `farthest`, nearest first.
    if d == "move_to":
        f = 1 if seat == "a" else -1
        x0 = named[0]["x"] if named else None
        want = ["objective"] + [str(x0 + f * k) for k in range(1, abs(m["farthest"] - x0))] if named else []
        if len(named) != 1 or m["choices"] != want or len(want) < 2 or f * (m["farthest"] - x0) < 2:
            fail("the places a Move may stop at", m)
    # A chosen assault's aim: one regiment of the player's just ordered to
    # assault; the choices enemy regiments in the game, in the scenario's
    # order, the nearest (target) among them.
    if d == "aim":
        alive = [u["name"] for u in field[enemy] if u["status"] != "removed"]
        if (len(named) != 1 or (p != 0 and named[0]["player"] != p) or len(m["choices"]) < 2
                or any(c not in alive for c in m["choices"]) or m["target"] not in m["choices"]
                or m["choices"] != [n for n in names[enemy] if n in m["choices"]]):
            fail("an aim not among the enemies in the game, or without the nearest", m)
    # A piquet only with a Move order standing.
    for s in "ab":
        if any(u["piquet"] is not None and (u["status"] != "ordered" or u["order"] != "move") for u in field[s]):
            fail("a piquet without its Move order", m)
    # The side's piquets in the objective an enemy Move is entering answer
    # as one: the regiment among them with the most Elan, which has more
    # than holding costs; the mover formed.
    if d == "piquet":
        holding = [u for u in field[seat] if u["piquet"] == m["objective"]]
        if (len(named) != 1 or named[0] not in holding or named[0]["elan"] != m["elan"]
                or m["elan"] <= m["cost"] or m["elan"] != max(u["elan"] for u in holding)
                or theirs[m["target"]]["deployment"] == "skirmish" or m["choices"] != ["hold", "withdraw"]):
            fail("a piquet asked to hold that does not hold the objective, or not the one to answer", m)
    seen.setdefault(d, set()).add(p)
    # Nothing drawn as the view is worked out: the first order offered.
    choice = m["choices"][0] if d == "would_order" else rngs[p].choice(m["choices"])
    if d in ("deployment", "direction"):
        chosen_to[named[0]["name"]] = choice
    print(json.dumps({"choice": choice}), flush=True)
with open("SEEN", "w") as out:
    json.dump({d: sorted(ps) for d, ps in seen.items()}, out)
"#;

#[test]
fn a_piquet_agent_sees_who_decides_what_about_and_the_field_as_the_rules_give_them() {
    let tmp = TempDir::new("agents-piquet-field");
    std::fs::write(tmp.path().join("checker.py"), PIQUET_CHECKER).unwrap();
    let scenarios = Path::new(crate::common::crate_dir()).join("experiments/piquet/scenarios");
    let run_on = |scenario: &str, dir: &str, threads: &str| {
        let out = tmp.path().join(dir);
        std::process::Command::new(FORTUNES)
            .current_dir(tmp.path())
            .args([
                "run",
                "piquet",
                "-q",
                "-n",
                "60",
                "-j",
                threads,
                "--scenario",
            ])
            .arg(scenarios.join(scenario))
            .args(["--strategy", "a=exec:python3 checker.py", "--out"])
            .arg(&out)
            .output()
            .unwrap()
    };
    let run = |dir: &str, threads: &str| run_on("corps.toml", dir, threads);
    let output = run("one", "1");
    assert!(output.status.success(), "{}", stderr(&output));
    let seen: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(tmp.path().join("SEEN")).unwrap()).unwrap();
    // Every kind of decision about regiments came up, for the commander
    // and both division commanders, so each check above was made.
    for decision in [
        "issue",
        "rally",
        "reload",
        "fire",
        "assault_now",
        "hand_play",
        "turned",
        "officer_check",
    ] {
        let players = seen[decision].as_array().map_or(0, Vec::len);
        assert!(players >= 2, "{decision}: players {}", seen[decision]);
    }
    assert_eq!(seen["pass_amount"], serde_json::json!([0]), "{seen}");
    assert_eq!(seen["pass_to"], serde_json::json!([0]), "{seen}");
    // Each player draws from its own stream: the same tables on two threads.
    let output = run("two", "2");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        metrics(&tmp.path().join("one")),
        metrics(&tmp.path().join("two"))
    );
    // A second line behind its lead, sent in or not.
    let output = run_on("waves.toml", "waves", "1");
    assert!(output.status.success(), "{}", stderr(&output));
    let seen: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(tmp.path().join("SEEN")).unwrap()).unwrap();
    assert_eq!(seen["second_line"], serde_json::json!([0]), "{seen}");
    // Terrain objectives behind the lines: where a broken regiment goes.
    let output = run_on("village.toml", "village", "1");
    assert!(output.status.success(), "{}", stderr(&output));
    let seen: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(tmp.path().join("SEEN")).unwrap()).unwrap();
    assert_eq!(seen["withdraw_to"], serde_json::json!([0]), "{seen}");
    // A piquet on the hill, met by the enemy's Moves: hold or withdraw.
    let output = run_on("hill.toml", "hill", "1");
    assert!(output.status.success(), "{}", stderr(&output));
    let seen: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(tmp.path().join("SEEN")).unwrap()).unwrap();
    assert_eq!(seen["piquet"], serde_json::json!([0]), "{seen}");
    // Orders the players choose: the agent is asked which.
    let chosen = tmp.path().join("chosen.toml");
    std::fs::write(&chosen, crate::piquet_chosen::chosen_default()).unwrap();
    let output = run_on(chosen.to_str().unwrap(), "chosen", "1");
    assert!(output.status.success(), "{}", stderr(&output));
    let seen: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(tmp.path().join("SEEN")).unwrap()).unwrap();
    assert_eq!(seen["order"], serde_json::json!([0]), "{seen}");
    assert_eq!(seen["would_order"], serde_json::json!([0]), "{seen}");
    assert_eq!(seen["deployment"], serde_json::json!([0]), "{seen}");
    assert_eq!(seen["direction"], serde_json::json!([0]), "{seen}");
    assert_eq!(seen["aim"], serde_json::json!([0]), "{seen}");
    assert_eq!(seen["move_to"], serde_json::json!([0]), "{seen}");
    assert_eq!(seen["issue"], serde_json::json!([0]), "{seen}");
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
            .current_dir(crate::common::crate_dir())
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

/// A Skirmish agent that plays its lowest card, as the built-in `lowest`
/// does. With an argument N it fails in some games once it has answered
/// their first decision: in a game 7 mod N it replies nonsense, in a game
/// 29 mod N it exits.
const FLAKY_SKIRMISH_AGENT: &str = r#"import json, sys
every = int(sys.argv[1]) if len(sys.argv) > 1 else 0
game, decisions = 0, 0
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "game":
        game, decisions = message["game"], 0
    elif message["type"] == "decide":
        decisions += 1
        if every and decisions > 1 and game % every == 7:
            print("nonsense", flush=True)
        elif every and decisions > 1 and game % every == 29:
            sys.exit(3)
        else:
            print(json.dumps({"choice": min(message["choices"])}), flush=True)
"#;

/// Writes the flaky agent into `dir`; its command failing every `every`.
fn flaky_agent(dir: &Path, every: u64) -> String {
    let script = dir.join("flaky.py");
    std::fs::write(&script, FLAKY_SKIRMISH_AGENT).unwrap();
    format!("python3 {} {every}", script.display())
}

/// 2,100 games: three batches of Skirmish's 1,024, so two threads play
/// them on two workers.
const FORFEIT_GAMES: u64 = 2100;

/// The games the flaky agent failing every 50 forfeits.
fn forfeited_games() -> Vec<u64> {
    (0..FORFEIT_GAMES)
        .filter(|g| g % 50 == 7 || g % 50 == 29)
        .collect()
}

fn summary_row(out: &Path, metric: &str, seat: &str) -> Vec<String> {
    let text = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let (m, s) = (
        header.iter().position(|&h| h == "metric").unwrap(),
        header.iter().position(|&h| h == "seat").unwrap(),
    );
    let line = text
        .lines()
        .find(|l| {
            let cells: Vec<&str> = l.split(',').collect();
            cells[m] == metric && cells[s] == seat
        })
        .unwrap_or_else(|| panic!("no {metric} row for seat {seat}:\n{text}"));
    let cells: Vec<&str> = line.split(',').collect();
    ["count", "n", "ci_low", "ci_high"]
        .iter()
        .map(|c| cells[header.iter().position(|h| h == c).unwrap()].to_string())
        .collect()
}

/// Writes `text` as an experiment file in `dir` and runs it on `threads`
/// into `dir/out`: the output, and that folder.
fn run_experiment(dir: &Path, text: &str, threads: &str) -> (Output, std::path::PathBuf) {
    let file = dir.join("experiment.toml");
    std::fs::write(&file, text).unwrap();
    let out = dir.join("out");
    let output = fortunes(&[
        "run",
        file.to_str().unwrap(),
        "-q",
        "-j",
        threads,
        "--out",
        out.to_str().unwrap(),
    ]);
    (output, out)
}

#[test]
fn with_forfeit_a_failing_agent_forfeits_its_game_and_every_other_game_counts() {
    let tmp = TempDir::new("agents-forfeit");
    let agent = format!("b=exec:{}", flaky_agent(tmp.path(), 50));
    let games = FORFEIT_GAMES.to_string();
    let run = |out: &Path, seat_b: &str, threads: &str, extra: &[&str]| {
        let mut args = vec![
            "run",
            "skirmish",
            "-n",
            &games,
            "-j",
            threads,
            "--records",
            "--strategy",
            seat_b,
            "--out",
            out.to_str().unwrap(),
        ];
        args.extend(extra);
        let output = fortunes(&args);
        assert!(output.status.success(), "{}", stderr(&output));
        output
    };
    let (one, two, lowest) = (
        tmp.path().join("one"),
        tmp.path().join("two"),
        tmp.path().join("lowest"),
    );
    let output = run(&one, &agent, "1", &["--forfeit"]);
    // The one line about forfeits names the earliest game's failure.
    let message = stderr(&output);
    assert!(
        message.contains("forfeits")
            && message.contains("seat b agent (python3 ")
            && message.contains("game 7, decision 2 (card): its reply is not a JSON object"),
        "{message}"
    );
    run(&two, &agent, "2", &["--forfeit", "-q"]);
    run(&lowest, "b=lowest", "2", &["-q"]);
    for file in ["summary.csv", "metrics.csv"] {
        let read = |dir: &Path| std::fs::read_to_string(dir.join(file)).unwrap();
        assert_eq!(read(&one), read(&two), "{file}: one thread against two");
    }
    // Each seat's forfeits over every game played; a built-in seat's 0 is
    // exact.
    let forfeited = forfeited_games();
    let b = summary_row(&one, "forfeits", "b");
    assert_eq!(b[..2], [forfeited.len().to_string(), games.clone()]);
    let (low, high): (f64, f64) = (b[2].parse().unwrap(), b[3].parse().unwrap());
    let share = forfeited.len() as f64 / FORFEIT_GAMES as f64;
    assert!(low < share && share < high, "{b:?}");
    assert_eq!(
        summary_row(&one, "forfeits", "a"),
        ["0", games.as_str(), "0", "0"]
    );
    // The agent plays as `lowest` does, so the games it did not forfeit are
    // exactly `lowest`'s same games, and the forfeited ones are nowhere.
    let read = |dir: &Path| {
        ParquetReader::new(std::fs::File::open(dir.join("records.parquet")).unwrap())
            .finish()
            .unwrap()
    };
    let kept = read(&one);
    let all = read(&lowest);
    let game = all.column("game").unwrap().u64().unwrap();
    let mask: BooleanChunked = (0..game.len())
        .map(|i| Some(!forfeited.contains(&game.get(i).unwrap())))
        .collect();
    let expected = all.filter(&mask).unwrap();
    assert_eq!(kept.height() as u64, FORFEIT_GAMES - forfeited.len() as u64);
    assert!(kept.equals(&expected), "{kept}\n{expected}");
    // The per-game metrics count the kept games only.
    let won = summary_row(&one, "game_won", "a");
    assert_eq!(won[1], (FORFEIT_GAMES - forfeited.len() as u64).to_string());
}

/// The paired difference between the flaky agent and `lowest` (which it
/// plays as) pairs only the games neither side of the pair forfeited, so
/// every difference is exactly 0 over the kept games.
#[test]
fn with_forfeit_a_paired_difference_leaves_out_the_forfeited_pairs() {
    let tmp = TempDir::new("agents-forfeit-paired");
    let agent = flaky_agent(tmp.path(), 50);
    let (output, out) = run_experiment(
        tmp.path(),
        &format!(
            "system = \"skirmish\"\ngames = {FORFEIT_GAMES}\nforfeit = true\n\
             [sweep]\n\"b.strategy\" = [\"lowest\", \"exec:{agent}\"]\n\
             [reference]\n\"b.strategy\" = \"lowest\"\n"
        ),
        "2",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    // The report says which seat forfeited how many games.
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    let forfeited = forfeited_games().len();
    assert!(
        report.contains("## Forfeits")
            && report.contains(&format!("| b | {forfeited} | {FORFEIT_GAMES} |")),
        "{report}"
    );
    let text = std::fs::read_to_string(out.join("differences.csv")).unwrap();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let column = |name: &str| header.iter().position(|&h| h == name).unwrap();
    let kept = (FORFEIT_GAMES - forfeited_games().len() as u64).to_string();
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    assert!(rows.len() > 5, "{text}");
    let mut bounded = 0;
    for row in rows {
        assert_eq!(row[column("games")], kept, "{row:?}");
        // The same play in every kept game: no spread at all. An agent's
        // play is fixed by nothing the rules know, so the interval is a
        // bound on how often a game would differ, not a point (but for
        // what the rules fix whoever plays, such as the cards played).
        for name in ["difference", "paired_se"] {
            assert_eq!(row[column(name)], "0", "{name}: {row:?}");
        }
        let (low, high): (f64, f64) = (
            row[column("ci_low")].parse().unwrap(),
            row[column("ci_high")].parse().unwrap(),
        );
        assert!(low <= 0.0 && (low + high).abs() < 1e-12, "{row:?}");
        bounded += (low < 0.0) as usize;
    }
    assert!(bounded > 5, "{text}");
}

#[test]
fn with_forfeit_an_agent_that_never_answers_still_stops_the_run() {
    let tmp = TempDir::new("agents-forfeit-broken");
    let out = tmp.path().join("out");
    // Commands that end before they answer a decision are broken, not
    // losing games: forfeiting every game would help nobody.
    for agent in ["exec:true", "exec:python3 -c 'import sys; sys.exit(1)'"] {
        let seat = format!("b={agent}");
        let output = fortunes(&[
            "run",
            "skirmish",
            "-n",
            "20",
            "-q",
            "--forfeit",
            "--strategy",
            &seat,
            "--out",
            out.to_str().unwrap(),
        ]);
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{agent}: {message}");
        assert!(message.contains("seat b agent ("), "{message}");
        assert_eq!(message.lines().count(), 1, "one message: {message}");
        assert!(!out.exists(), "{agent}: nothing written");
    }
}

/// An agent that cannot take one variant's rules dies at that variant's
/// first game, before answering: the run stops, even though the agent
/// answered the other variant's decisions just before on the same worker.
#[test]
fn with_forfeit_an_agent_that_cannot_take_a_variant_still_stops_the_run() {
    let tmp = TempDir::new("agents-forfeit-variant");
    let script = tmp.path().join("picky.py");
    std::fs::write(
        &script,
        "import json, sys\n\
         for line in sys.stdin:\n\
         \x20   message = json.loads(line)\n\
         \x20   if message['type'] == 'hello' and message['rules']['hand_size'] == 4:\n\
         \x20       sys.exit(2)\n\
         \x20   if message['type'] == 'decide':\n\
         \x20       print(json.dumps({'choice': min(message['choices'])}), flush=True)\n",
    )
    .unwrap();
    let (output, out) = run_experiment(
        tmp.path(),
        &format!(
            "system = \"skirmish\"\ngames = 50\nforfeit = true\n\
             [strategies]\nb = \"exec:python3 {}\"\n[sweep]\nhand_size = [3, 4]\n",
            script.display()
        ),
        "1",
    );
    let message = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{message}");
    assert!(message.contains("seat b agent (python3 "), "{message}");
    assert!(!out.exists(), "nothing written");
}

/// A Haggerty agent answering `"é"` (not a card, and not ASCII) at game
/// 3's first decision, the first choice elsewhere.
const ACCENTED_AGENT: &str = "import json, sys\n\
game = None\n\
for line in sys.stdin:\n\
\x20   m = json.loads(line)\n\
\x20   if m['type'] == 'game':\n\
\x20       game, first = m['game'], True\n\
\x20   elif m['type'] == 'decide':\n\
\x20       choice = '\\u00e9' if game == 3 and first else m['choices'][0]\n\
\x20       first = False\n\
\x20       print(json.dumps({'choice': choice}), flush=True)\n";

/// A reply is cut at characters, never inside one: `"é"` where a card is
/// expected is an illegal choice (exit 2), and with forfeits a forfeited
/// game, never a panic of the worker (101).
#[test]
fn an_agent_replying_with_text_that_is_not_ascii_is_refused_not_a_panic() {
    let tmp = TempDir::new("agents-accent");
    let script = tmp.path().join("accent.py");
    std::fs::write(&script, ACCENTED_AGENT).unwrap();
    let seat = format!("b=exec:python3 {}", script.display());
    for forfeit in [false, true] {
        // Not quiet: a run with forfeits names the earliest game's failure.
        let mut args = vec![
            "run",
            "haggerty",
            "-n",
            "20",
            "-j",
            "1",
            "--strategy",
            &seat,
        ];
        if forfeit {
            args.push("--forfeit");
        }
        let output = fortunes(&args);
        let message = stderr(&output);
        let expected = if forfeit { 0 } else { 2 };
        assert_eq!(output.status.code(), Some(expected), "{message}");
        assert!(
            message.contains("game 3, decision 1 (reveal, turn 1, round 1): illegal choice \"é\""),
            "{message}"
        );
    }
}

/// An agent that answers without ever reading its input fills the pipe to
/// it: the write then waits, within the timeout, and a signal ends the
/// wait at once.
#[test]
fn an_agent_that_never_reads_its_input_times_out_and_yields_to_a_signal() {
    // Passing is always legal in a reveal, and a seat that always passes
    // is never asked to chain: `yes` answers every decision.
    let args = [
        "run",
        "haggerty",
        "-n",
        "1000000",
        "-q",
        "-j",
        "1",
        "--strategy",
        "b=exec:yes '{\"choice\": \"pass\"}'",
    ];
    let ran = run_within(
        command(&args).env("FORTUNES_AGENT_TIMEOUT", "2"),
        Vec::new(),
        Duration::from_secs(40),
    );
    assert_eq!(ran.code, Some(2), "{}", ran.stderr);
    assert!(
        ran.stderr.contains("it has not read its input for 2 s"),
        "{}",
        ran.stderr
    );
    assert_eq!(ran.stderr.lines().count(), 1, "{}", ran.stderr);
    for signal in ["INT", "TERM"] {
        let mut child = command(&args)
            .env_remove("FORTUNES_AGENT_TIMEOUT")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // The pipe fills within a second; the timeout is 10 s.
        std::thread::sleep(Duration::from_millis(1500));
        send_signal(child.id(), signal);
        assert_eq!(
            wait_within(&mut child, Duration::from_secs(3)),
            Some(130),
            "{signal}"
        );
    }
}

/// An agent that prints 100 MB without a newline meets the bound on a
/// line, with the bound named, in bounded memory.
#[test]
fn an_agent_printing_without_a_newline_meets_the_bound_in_bounded_memory() {
    let ran = run_within(
        &mut command(&[
            "run",
            "haggerty",
            "-n",
            "10",
            "-q",
            "-j",
            "1",
            "--strategy",
            "b=exec:head -c 100000000 /dev/zero; sleep 5",
        ]),
        Vec::new(),
        Duration::from_secs(30),
    );
    assert_eq!(ran.code, Some(2), "{}", ran.stderr);
    assert!(
        ran.stderr
            .contains("a reply line longer than 1 MiB, the most a line of the protocol may hold"),
        "{}",
        ran.stderr
    );
    assert!(ran.peak_kb < 100_000, "{} kB resident", ran.peak_kb);
}

/// A slow agent (a second a decision, under the 10 s limit) does not hold
/// a Ctrl-C for the rest of its game: the wait ends at the signal, and no
/// decision is asked after it.
#[test]
fn a_slow_agent_does_not_hold_a_signal() {
    let tmp = TempDir::new("agents-slow");
    let script = tmp.path().join("slow.py");
    std::fs::write(
        &script,
        "import json, sys, time\n\
         for line in sys.stdin:\n\
         \x20   m = json.loads(line)\n\
         \x20   if m['type'] == 'decide':\n\
         \x20       time.sleep(1)\n\
         \x20       print(json.dumps({'choice': m['choices'][0]}), flush=True)\n",
    )
    .unwrap();
    let seat = format!("b=exec:python3 {}", script.display());
    let mut child = command(&[
        "run",
        "haggerty",
        "-n",
        "10",
        "-q",
        "-j",
        "1",
        "--strategy",
        &seat,
    ])
    .stdout(Stdio::null())
    .stderr(Stdio::null())
    .spawn()
    .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let signalled = Instant::now();
    send_signal(child.id(), "INT");
    assert_eq!(wait_within(&mut child, Duration::from_secs(3)), Some(130));
    assert!(signalled.elapsed() < Duration::from_secs(3));
}

/// `fortunes agent SYSTEM` with `messages` on its input: the exit code and
/// what it wrote on stderr.
fn serve(system: &str, strategy: &str, messages: &[Value]) -> (Option<i32>, String) {
    let mut input = Vec::new();
    for message in messages {
        input.extend(message.to_string().into_bytes());
        input.push(b'\n');
    }
    let ran = run_within(
        &mut command(&["agent", system, "--strategy", strategy]),
        input,
        Duration::from_secs(20),
    );
    (ran.code, ran.stderr)
}

fn hello(system: &str) -> Value {
    json!({"type": "hello", "protocol": 1, "system": system, "seat": "a", "rules": {}})
}

/// A Haggis decision as fortunes sends it, for `hand`, to change a field of.
fn haggis_decide(decision: &str, hand: &str) -> Value {
    json!({
        "type": "decide", "decision": decision, "game": 0, "seat": "a", "hand": hand,
        "opponent_wilds": "J Q K", "opponent_numbers": 14, "played": "",
        "scores": [0, 0], "bets": ["none", "none"], "opponent_bet": null, "dealer": "b",
        "turn": "a", "to_beat": null, "last_player": "a", "trick_points": 0, "trick_cards": 0,
        "captured_points": [0, 0], "captured_cards": [0, 0], "tricks": 0, "plays": [0, 0],
        "passes": [0, 0], "bombs": [[0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]],
        "choices": ["none", "little", "big"]
    })
}

/// `fortunes agent` checks every message it is sent: a choice list that is
/// empty, null or of the wrong type, an empty hand, a count out of range
/// is refused with one line naming the message and the field (exit 2),
/// never a panic (an empty range sampled) or a search that never ends.
#[test]
fn a_served_player_refuses_a_bad_message_naming_the_field() {
    let game = json!({"type": "game", "game": 0, "seed": 1});
    let with = |mut message: Value, key: &str, value: Value| {
        message[key] = value;
        message
    };
    let bet = haggis_decide("bet", "2S 3S 4H 5H 6D 7D 8C 9C 10S 10H 2D 3D 4C 5C J Q K");
    let brigade = json!({"type": "decide", "decision": "division_brigade", "game": 0,
        "division": 1, "fresh": [1], "choices": [1, 2]});
    let card = json!({"type": "decide", "decision": "card", "game": 0, "play": 1, "hand": [1, 2],
        "attacking": true, "distance": 10, "speed": 2, "load": null, "charged": false, "creek": null, "crossing": 0,
        "own_men": {}, "enemy_men": {}, "choices": [1, 2]});
    let reveal = json!({"type": "decide", "decision": "reveal", "game": 0, "turn": 1, "round": 1,
        "hand": ["QH", "2S"], "unseen": ["3S"], "opponent_cards": 1, "opponent_out": false,
        "own_last": null, "opponent_last": null, "last_first": null,
        "choices": ["pass", "QH", "2S"]});
    let pass = json!({"type": "decide", "decision": "pass_amount", "game": 0, "player": 0,
        "ip": 5, "most": 3, "choices": ["1", "2", "3"]});
    let order = json!({"type": "decide", "decision": "order", "game": 0, "player": 0,
        "choices": ["move", "maneuver", "deploy", "assault", "none"], "distance": 10,
        "engagement": 3, "reach": 3, "elan": 12, "full_elan": 12, "enemy_elan": 12});
    let deployment = with(
        with(order.clone(), "decision", json!("deployment")),
        "choices",
        json!(["min", "prepared"]),
    );
    let cases: Vec<(&str, &str, Value, &str)> = vec![
        (
            "piquet",
            "heuristic",
            with(order.clone(), "choices", json!(["move", "charge", "none"])),
            "message 3: choices: \"charge\"; allowed: a list of orders: move, maneuver, deploy, assault",
        ),
        (
            "piquet",
            "random",
            with(deployment.clone(), "choices", json!(["min", "square"])),
            "message 3: choices: \"square\"; allowed: a list of deployments: max, min, formed, prepared, skirmish",
        ),
        (
            "piquet",
            "random",
            with(
                with(order.clone(), "decision", json!("direction")),
                "choices",
                json!(["back", "sideways"]),
            ),
            "message 3: choices: \"sideways\"; allowed: a list of directions: forward, back, left, right",
        ),
        (
            "piquet",
            "heuristic",
            with(deployment.clone(), "prepared_step", json!(2)),
            "message 3: prepared_step: 2; allowed: a whole number from -4 to 0",
        ),
        (
            "piquet",
            "heuristic",
            with(order.clone(), "elan", json!(13)),
            "message 3: elan: 13; allowed: a whole number from 0 to 12",
        ),
        (
            "haggis",
            "random",
            with(bet.clone(), "choices", json!([])),
            "message 3: choices: []; allowed: a list of 1 to",
        ),
        (
            "haggis",
            "random",
            with(bet.clone(), "choices", json!(null)),
            "message 3: choices: null; allowed:",
        ),
        (
            "haggis",
            "random",
            with(bet.clone(), "choices", json!(-1)),
            "message 3: choices: -1; allowed:",
        ),
        (
            "haggis",
            "search",
            with(bet.clone(), "hand", json!("")),
            "message 3: hand: \"\"; allowed: the seat's cards",
        ),
        (
            "haggis",
            "search",
            with(
                with(bet.clone(), "opponent_wilds", json!("")),
                "opponent_numbers",
                json!(0),
            ),
            "message 3: opponent_numbers: 0; allowed: at least 1",
        ),
        (
            "haggis",
            "search",
            with(bet.clone(), "opponent_numbers", json!(40)),
            "message 3: opponent_numbers: 40; allowed: a whole number from 0 to 22",
        ),
        (
            "haggis",
            "heuristic",
            with(
                bet.clone(),
                "to_beat",
                json!({"width": 0, "length": 0, "top": 99}),
            ),
            "message 3: to_beat: ",
        ),
        (
            "haggis",
            "heuristic",
            with(haggis_decide("play", "2S 3S"), "choices", json!(["pass"])),
            "message 3: choices: pass; allowed: a list that holds the served player's answer",
        ),
        (
            "sickles",
            "random",
            with(brigade.clone(), "choices", json!([])),
            "message 3: choices: []",
        ),
        (
            "sickles",
            "random",
            with(brigade.clone(), "choices", json!(null)),
            "message 3: choices: null",
        ),
        (
            "sickles",
            "random",
            with(brigade.clone(), "choices", json!([-1])),
            "message 3: choices: [-1]",
        ),
        (
            "sickles",
            "heuristic",
            with(brigade.clone(), "choices", json!(["é"])),
            "message 3: choices: [\"é\"]; allowed: a list of 1 to 8 brigades",
        ),
        (
            "sickles",
            "heuristic",
            with(brigade.clone(), "division", json!(0)),
            "message 3: division: 0; allowed: a whole number from 1 to 8",
        ),
        (
            "sickles",
            "heuristic",
            with(brigade.clone(), "player", json!(5)),
            "message 3: player: 5; allowed: 0 to 0",
        ),
        (
            "skirmish",
            "random",
            with(card.clone(), "hand", json!([])),
            "message 3: hand: []; allowed: a list of 1 to 255 cards",
        ),
        (
            "skirmish",
            "random",
            with(card.clone(), "hand", json!([7])),
            "message 3: hand: 7; allowed: a list of 1 to 255 cards",
        ),
        (
            "haggerty",
            "random",
            with(reveal.clone(), "choices", json!(["pass", "é"])),
            "message 3: choices: \"é\"; allowed: \"pass\" first, then cards of the hand",
        ),
        (
            "haggerty",
            "search",
            with(reveal.clone(), "opponent_cards", json!(9)),
            "message 3: opponent_cards: 9; allowed: a whole number from 0 to 1",
        ),
        (
            "haggerty",
            "heuristic",
            with(reveal.clone(), "hand", json!(["Q♥"])),
            "message 3: hand: \"Q♥\"; allowed: a card of this game's deck",
        ),
        (
            "piquet",
            "random",
            with(pass.clone(), "most", json!(0)),
            "message 3: most: 0; allowed: a whole number from 1 to 1000000",
        ),
        (
            "piquet",
            "heuristic",
            with(pass.clone(), "ip", json!(-1)),
            "message 3: ip: -1; allowed: a whole number from 0 to 1000000",
        ),
    ];
    for (system, strategy, decide, says) in cases {
        let (code, message) = serve(system, strategy, &[hello(system), game.clone(), decide]);
        assert_eq!(code, Some(2), "{system} {strategy}: {message}");
        assert!(
            message.contains(says),
            "{system} {strategy}: {says}\n{message}"
        );
        assert_eq!(message.lines().count(), 1, "{message}");
    }
    // The same messages, whole, are answered.
    for (system, strategy, decide) in [
        ("haggis", "search", bet),
        ("sickles", "random", brigade),
        ("skirmish", "random", card),
        ("haggerty", "random", reveal),
        ("piquet", "random", pass),
        ("piquet", "heuristic", order.clone()),
        ("piquet", "heuristic", with(order, "distance", json!(null))),
    ] {
        let (code, message) = serve(system, strategy, &[hello(system), game.clone(), decide]);
        assert_eq!(code, Some(0), "{system} {strategy}: {message}");
    }
}
