//! Hammerin' Sickles: each turn's record told from its events alone.

use super::{of, replays_match_the_run, Row};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

const SIDES: [&str; 2] = ["a", "b"];

/// What became of each event chit of a turn, (side, number) to fate, as
/// the record names them: never drawn and never blocked is "excluded".
fn fates(turn: &[&Value]) -> BTreeMap<(String, u64), &'static str> {
    let mut fates = BTreeMap::new();
    let chit = |e: &Value, field: &str| {
        (
            e["side"].as_str().unwrap().to_string(),
            e[field].as_u64().unwrap(),
        )
    };
    for e in turn {
        match e["event"].as_str().unwrap() {
            "event_drawn" => {
                let fate = if e["use_now"] == true { "used" } else { "held" };
                fates.insert(chit(e, "number"), fate);
            }
            "held_used" | "held_lost" => {
                let fate = if e["event"] == "held_used" {
                    "used"
                } else {
                    "lost"
                };
                for n in e["events"].as_array().unwrap() {
                    fates.insert(
                        (e["side"].as_str().unwrap().into(), n.as_u64().unwrap()),
                        fate,
                    );
                }
            }
            "draw" if e["cancelled"] == true && !e["number"].is_null() => {
                fates.insert(chit(e, "number"), "blocked");
            }
            "fortunes_of_war" => {
                for (i, side) in SIDES.iter().enumerate() {
                    for n in e["blocked"][i].as_array().unwrap() {
                        fates.insert((side.to_string(), n.as_u64().unwrap()), "blocked");
                    }
                }
            }
            _ => {}
        }
    }
    fates
}

fn turn_row(turn: &[&Value]) -> Row {
    let mut row = Row::new();
    let start = turn[0];
    assert_eq!(start["event"], "turn_start");
    row.insert("turn".into(), start["turn"].clone());
    row.insert("puller".into(), start["puller"].clone());
    let kind = |k: &'static str| turn.iter().copied().filter(move |e| e["event"] == k);
    let fates = fates(turn);
    for (i, side) in SIDES.into_iter().enumerate() {
        let mine = |k: &'static str| kind(k).filter(move |e| e["side"] == side);
        let key = mine("key_chit").next().unwrap()["number"].as_u64().unwrap();
        row.insert(format!("key_{side}"), key.into());
        let fate = fates
            .get(&(side.to_string(), key))
            .copied()
            .unwrap_or("excluded");
        row.insert(format!("key_fate_{side}"), fate.into());
        let position = mine("draw")
            .find(|e| e["number"] == key && e["cancelled"] == false)
            .map_or(0, |e| e["position"].as_u64().unwrap());
        row.insert(format!("key_position_{side}"), position.into());
        let excluded = mine("excluded").next().unwrap()["events"]
            .as_array()
            .unwrap()
            .len();
        row.insert(format!("events_excluded_{side}"), (excluded as u64).into());
        for (column, fate) in [("events_used", "used"), ("events_blocked", "blocked")] {
            let n = fates
                .iter()
                .filter(|((s, _), f)| s == side && **f == fate)
                .count();
            row.insert(format!("{column}_{side}"), (n as u64).into());
        }
        let activations: Vec<&Value> = mine("activation").collect();
        row.insert(
            format!("activations_{side}"),
            (activations.len() as u64).into(),
        );
        let again = activations
            .iter()
            .filter(|e| e["nth"].as_u64().unwrap() > 1);
        row.insert(
            format!("reactivations_{side}"),
            (again.count() as u64).into(),
        );
        let active: BTreeSet<&str> = activations
            .iter()
            .map(|e| e["brigade"].as_str().unwrap())
            .collect();
        let idle = start["in_play"][i]
            .as_array()
            .unwrap()
            .iter()
            .filter(|b| !active.contains(b.as_str().unwrap()))
            .count();
        row.insert(format!("idle_brigades_{side}"), (idle as u64).into());
        let returned = mine("division_return").filter(|e| e["returned"] == true);
        row.insert(format!("returned_{side}"), (returned.count() as u64).into());
    }
    let first = kind("activation")
        .next()
        .map_or("none".into(), |e| e["side"].clone());
    row.insert("first_activation".into(), first);
    row.insert("chits_drawn".into(), (kind("draw").count() as u64).into());
    // Chits drawn before Fortunes of War, 0 when it was not drawn.
    let fortunes = kind("fortunes_of_war")
        .next()
        .map_or(0, |e| e["position"].as_u64().unwrap() - 1);
    row.insert("fortunes_position".into(), fortunes.into());
    row
}

fn tally(events: &[Value]) -> Vec<Row> {
    let turns = of(events, "turn_start").count();
    let rows: Vec<Row> = (1..=turns as u64)
        .map(|t| {
            let turn: Vec<&Value> = events.iter().filter(|e| e["turn"] == t).collect();
            turn_row(&turn)
        })
        .collect();
    let end = of(events, "game_end").next().expect("a game_end event");
    assert_eq!(end["turns"], turns as u64);
    rows
}

#[test]
fn sickles_replays_give_the_runs_records() {
    replays_match_the_run("sickles", 2000, &[], tally);
    // Every rule with a die, a cancelled chit, held events and idle
    // division chits: Wild rolls, cancel_next_chit, events held to the
    // turn's end, division chits that find every brigade active.
    replays_match_the_run(
        "sickles",
        1000,
        &[
            "--set",
            "fortunes_of_war=cancel_next_chit",
            "--set",
            "wild_effect=roll_for_activation",
            "--set",
            "held_events=used_at_turn_end",
            "--set",
            "division_eligible=not_this_turn",
            "--strategy",
            "a=random",
        ],
        tally,
    );
    // The search player plays its decisions out on copies of the game:
    // those must stay untold, and the replay the same game.
    replays_match_the_run("sickles", 200, &["--strategy", "a=search"], tally);
    // The draw ended by Fortunes of War, held events lost, key chits
    // alone blocked.
    for fortunes in [
        "fortunes_of_war=end_turn",
        "fortunes_of_war=cancel_key_chits",
    ] {
        replays_match_the_run(
            "sickles",
            500,
            &[
                "--set",
                fortunes,
                "--strategy",
                "b=random",
                "--set",
                "division_return=always",
            ],
            tally,
        );
    }
}
