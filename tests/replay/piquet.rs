//! Piquet Regimental: each DECQ's record told from the game's events
//! alone. Every player's initiative is followed through the events (its
//! opening cast, then every payment, cast and pass) and must agree with
//! the IP each event says is left; the record's IP columns are the
//! commander's, its counts those of the whole side.

use super::{of, replays_match_the_run, Row};
use serde_json::Value;
use std::collections::BTreeMap;

const SIDES: [&str; 2] = ["a", "b"];

/// One DECQ's figures for one side.
#[derive(Default)]
struct Side {
    ip_start: u64,
    casts: u64,
    orders: u64,
    executions: u64,
    hand_plays: u64,
    ip_spent: u64,
    dress_lines: u64,
    volleys: u64,
    reloads: u64,
}

fn kind(card: &Value) -> &str {
    card.as_str().unwrap().trim_end_matches('*')
}

fn u(value: &Value) -> u64 {
    value
        .as_u64()
        .unwrap_or_else(|| panic!("a number: {value}"))
}

fn tally(events: &[Value]) -> Vec<Row> {
    // Initiative by (side, player), and each side's commander.
    let mut ip: BTreeMap<(String, String), u64> = BTreeMap::new();
    let mut commander: BTreeMap<String, String> = BTreeMap::new();
    for e in of(events, "player") {
        let key = (
            e["side"].as_str().unwrap().to_string(),
            e["player"].as_str().unwrap().to_string(),
        );
        let dice: u64 = e["dice"].as_array().unwrap().iter().map(u).sum();
        assert_eq!(dice, u(&e["ip"]), "the opening initiative is the 3d6");
        ip.insert(key.clone(), dice);
        if e["role"] == "commander" {
            commander.insert(key.0, key.1);
        }
    }
    assert_eq!(commander.len(), 2, "a commander a side");
    let mut rows = Vec::new();
    let mut sides: [Side; 2] = Default::default();
    let mut decq = 0;
    for e in events {
        let side = e["side"]
            .as_str()
            .map(|s| SIDES.iter().position(|&x| x == s).unwrap());
        let key = || {
            (
                e["side"].as_str().unwrap().to_string(),
                e["player"].as_str().unwrap().to_string(),
            )
        };
        // A payment by the event's player, and the IP it says is left.
        let pay = |ip: &mut BTreeMap<_, _>, sides: &mut [Side; 2], cost: u64| {
            let left = ip.get_mut(&key()).unwrap();
            *left -= cost;
            assert_eq!(*left, u(&e["ip"]), "IP left after {e}");
            sides[side.unwrap()].ip_spent += cost;
        };
        match e["event"].as_str().unwrap() {
            "decq_start" => {
                decq = u(&e["decq"]);
                sides = Default::default();
                for (s, name) in SIDES.iter().enumerate() {
                    let told: Vec<u64> = e[format!("ip_{name}")]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(u)
                        .collect();
                    let players = ip.iter().filter(|((side, _), _)| side == name).count();
                    assert_eq!(told.len(), players);
                    sides[s].ip_start = ip[&(name.to_string(), commander[*name].clone())];
                    assert_eq!(told[0], sides[s].ip_start, "the commander's IP at {e}");
                }
            }
            "hand_play" => {
                pay(&mut ip, &mut sides, u(&e["cost"]));
                let s = &mut sides[side.unwrap()];
                s.hand_plays += 1;
                s.dress_lines += (kind(&e["card"]) == "dress_lines") as u64;
            }
            "turn" => {
                match e["choice"].as_str().unwrap() {
                    "swap" => pay(&mut ip, &mut sides, u(&e["cost"])),
                    _ => assert_eq!(u(&e["cost"]), 0),
                }
                sides[side.unwrap()].dress_lines += (kind(&e["card"]) == "dress_lines") as u64;
            }
            "cast" => {
                let total: u64 = e["dice"].as_array().unwrap().iter().map(u).sum();
                assert_eq!(total, u(&e["total"]));
                let left = ip.get_mut(&key()).unwrap();
                assert_eq!(*left, u(&e["was"]));
                // The higher of the IP held and the cast, the track
                // stopping at 18.
                *left = (*left).max(total).min(18);
                assert_eq!(*left, u(&e["ip"]));
                if commander[e["side"].as_str().unwrap()] == e["player"].as_str().unwrap() {
                    sides[side.unwrap()].casts += 1;
                }
            }
            "order" => {
                pay(&mut ip, &mut sides, u(&e["cost"]));
                sides[side.unwrap()].orders += 1;
            }
            "pass" => {
                let amount = u(&e["amount"]);
                pay(&mut ip, &mut sides, u(&e["cost"]) + amount);
                let to = (
                    e["side"].as_str().unwrap().to_string(),
                    e["to"].as_str().unwrap().to_string(),
                );
                *ip.get_mut(&to).unwrap() += amount;
                assert_eq!(ip[&to], u(&e["to_ip"]));
            }
            "rally" | "execute" => {
                pay(&mut ip, &mut sides, u(&e["cost"]));
                if e["event"] == "execute" {
                    // The group executing as one: each regiment an execution.
                    let with = e["with"].as_array().unwrap().len() as u64;
                    sides[side.unwrap()].executions += 1 + with;
                }
            }
            "reload" | "fire" => {
                let done = e["reloaded"] == true || e["fired"] == true;
                if done {
                    pay(&mut ip, &mut sides, u(&e["cost"]));
                    sides[side.unwrap()].reloads += (e["event"] == "reload") as u64;
                }
            }
            "volley" => sides[side.unwrap()].volleys += 1,
            "decq_end" => {
                assert_eq!(u(&e["decq"]), decq);
                let mut row = Row::new();
                row.insert("decq".into(), decq.into());
                for (s, name) in SIDES.iter().enumerate() {
                    let end = ip[&(name.to_string(), commander[*name].clone())];
                    assert_eq!(end, u(&e[format!("ip_{name}")][0]));
                    let side = &sides[s];
                    for (column, value) in [
                        ("ip_start", side.ip_start),
                        ("ip_end", end),
                        ("casts", side.casts),
                        ("orders", side.orders),
                        ("executions", side.executions),
                        ("hand_plays", side.hand_plays),
                        ("ip_spent", side.ip_spent),
                        ("dress_lines", side.dress_lines),
                        ("volleys", side.volleys),
                        ("reloads", side.reloads),
                    ] {
                        row.insert(format!("{column}_{name}"), value.into());
                    }
                }
                rows.push(row);
            }
            _ => {}
        }
    }
    assert_eq!(of(events, "game_end").count(), 1);
    rows
}

#[test]
fn piquet_replays_give_the_runs_records() {
    replays_match_the_run("piquet", 1000, &[], tally);
    // A corps: subordinates with decks and initiative of their own, the
    // commander passing IP down and ordering around them; one side
    // playing at random, so that every choice it may pay for comes up.
    replays_match_the_run(
        "piquet",
        300,
        &["--scenario", "corps", "--strategy", "b=random"],
        tally,
    );
    // A battery bombarding, and the search player.
    replays_match_the_run(
        "piquet",
        20,
        &["--scenario", "battery", "--strategy", "a=search"],
        tally,
    );
}

#[test]
fn every_piquet_event_is_documented_with_its_fields_in_order() {
    let table = super::documented("Piquet Regimental");
    let system = fortunes::systems::find("piquet").unwrap();
    let mut seen = std::collections::BTreeSet::new();
    let dir = std::path::Path::new(crate::common::crate_dir()).join("experiments/piquet/scenarios");
    let read = |name: &str| std::fs::read_to_string(dir.join(format!("{name}.toml"))).unwrap();
    // The default with the Hussars' attached brigadier over the Light too,
    // whose every cast then costs IP (`waits` when unpaid).
    let brigadier = read("default").replacen("brigade = 3", "brigade = 2", 1);
    assert_ne!(brigadier, read("default"));
    // 40 Elan a regiment: assaults long enough for a Maneuver order out,
    // which heuristics give whenever below the enemy's Elan.
    let long = read("default").replacen("elan = 12 ", "elan = 40 ", 1);
    assert_ne!(long, read("default"));
    // A battery attached to the 1st Line, moving with it.
    let attached =
        read("battery").replacen("guns = 8\n", "guns = 8\nattached_to = \"1st Line\"\n", 1);
    assert_ne!(attached, read("battery"));
    let texts = [
        read("default"),
        read("corps"),
        read("battery"),
        brigadier,
        read("waves"),
        attached,
        read("village"),
        // Piquets on a hill, met by the enemy's Moves.
        read("hill"),
        // Assaults over a bridge: hindered orders, covered defenders.
        read("bridge"),
        // Division commanders sharing their corps commander's deck.
        read("shared"),
        // Frontages across the field: flank attacks, inclines, a flank
        // maneuver.
        read("flanks"),
        // Deployments and skirmishers, out in the open (no copse to
        // receive an assault in): formed infantry goes through them.
        read("skirmishers").replace(
            "[[objectives]]\nname = \"Copse\"\nfrom = 9\nto = 11\nkind = \"woods\"\n",
            "",
        ),
        // Orders the players choose: free first orders, assaults aimed.
        crate::piquet_chosen::chosen_default(),
    ];
    let players = |name: &str, tuning: &[&str]| {
        let mut players = system.both_playing(name).unwrap();
        for player in players.0.iter_mut() {
            for set in tuning {
                player.tuning.set_text(set).unwrap();
            }
        }
        players
    };
    // Battle cavalry through with no one left ahead of it stays.
    let cavalry = crate::piquet_orders::cavalry_through();
    let cases = texts
        .into_iter()
        .map(|text| (text, players("random", &[]), &[][..], 40))
        .chain([
            (
                long,
                players("heuristic", &["retire_at_elan=100"]),
                &[][..],
                40,
            ),
            (cavalry, players("heuristic", &[]), &[][..], 200),
            // Whose cards take effect first decided by a coin.
            (
                read("default"),
                players("random", &[]),
                &["kard_first=random"][..],
                2,
            ),
        ]);
    for (text, players, rules, games) in cases {
        let mut variant = system.default_variant(players);
        variant.scenario = toml::from_str(&text).unwrap();
        for set in rules {
            variant.rules.set_text(set).unwrap();
        }
        for game in 0..games {
            let replay = system.replay(&variant, 3, game).unwrap();
            for line in &replay.events.json {
                let event: serde_json::Map<String, Value> = serde_json::from_str(line).unwrap();
                let kind = event["event"].as_str().unwrap().to_string();
                // In the order the line gives them (the values hold no
                // key-like text).
                let mut fields: Vec<String> =
                    event.keys().filter(|k| *k != "event").cloned().collect();
                fields.sort_by_key(|k| line.find(&format!("\"{k}\":")).unwrap());
                assert_eq!(Some(&fields), table.get(&kind), "{kind}: {line}");
                seen.insert(kind);
            }
        }
    }
    // Every documented kind happens in these games.
    let missing: Vec<_> = table.keys().filter(|k| !seen.contains(*k)).collect();
    assert!(missing.is_empty(), "never seen: {missing:?}");
}
