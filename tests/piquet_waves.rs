//! Piquet's Cavalry Wave Assaults, read from the games' events against
//! the text: "If the brigade is formed in two lines, the second line
//! regiment will follow the first. The reserve regiment may automatically
//! Assault any enemy cavalry that breaks-through the lead regiment. It may
//! also automatically Assault any unit that the lead regiment has
//! broken-through. If the lead regiment is unable to defeat or
//! break-through an enemy unit on the first round of the Assault, the
//! second line regiment may advance and Assault the same target. If this
//! is done, the first line regiment is withdrawn to the first
//! objective-horizon to the rear of the combat and is considered to no
//! longer be operating on an Assault order."

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use crate::piquet_orders::replays;

/// `experiments/piquet/scenarios/waves.toml`: each side a cavalry
/// brigade in two lines. a's Lead (Second behind it) moves up and
/// assaults the infantry Foot; b's Horse (Horse2 behind it) assaults Lead.
/// Second and Horse2 have plans of their own, which they may follow only
/// once their leads are out of the game.
pub(crate) fn second_lines() -> String {
    include_str!("../experiments/piquet/scenarios/waves.toml").to_string()
}

/// A round of an assault: its KARD, defender, attackers, those of them in
/// their first round, and the Elan each attacker and the defender has left.
type Round = (
    (u64, u64),
    String,
    Vec<String>,
    BTreeSet<String>,
    BTreeMap<String, u64>,
    u64,
);

/// Side a faces up the axis, side b down it.
fn facing(side: &str) -> i64 {
    if side == "a" {
        1
    } else {
        -1
    }
}

#[test]
fn a_second_line_follows_its_lead_and_goes_in_where_the_text_lets_it() {
    let text = second_lines();
    let leads = BTreeMap::from([("Second", "Lead"), ("Horse2", "Horse")]);
    let mut seen: BTreeMap<String, u32> = BTreeMap::new();
    for events in replays(&text, &[], 5, 400) {
        let mut x: BTreeMap<String, i64> = BTreeMap::new();
        let mut status: BTreeMap<String, String> = BTreeMap::new();
        let mut removed = BTreeSet::new();
        // Each live assault's defender and the attackers that have fought
        // a round in it.
        let mut fought: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        let mut last_round: Option<Round> = None;
        // Breakthroughs on this KARD: (the cavalry through, its defender).
        let mut through: Vec<((u64, u64), String, String)> = Vec::new();
        let mut defender_of: BTreeMap<String, String> = BTreeMap::new();
        // A relief told: the lead must withdraw and the second line join.
        let mut relief: Option<(String, String, String)> = None;
        for e in &events {
            let name = |key: &str| e[key].as_str().unwrap_or_default().to_string();
            let kard = (
                e["decq"].as_u64().unwrap_or(0),
                e["kard"].as_u64().unwrap_or(0),
            );
            let lead_in_game = |r: &str| leads.get(r).is_some_and(|lead| !removed.contains(*lead));
            match e["event"].as_str().unwrap() {
                // A second line follows from the start: no first order.
                "regiment" => {
                    let r = name("regiment");
                    x.insert(r.clone(), e["at"].as_i64().unwrap());
                    let follows = e["follows"].as_str();
                    assert_eq!(follows, leads.get(r.as_str()).copied(), "{e}");
                    let first = if follows.is_some() { "idle" } else { "ordered" };
                    status.insert(r, first.to_string());
                }
                "status" => {
                    let r = name("regiment");
                    if e["to"] == "removed" {
                        removed.insert(r.clone());
                    }
                    status.insert(r, name("to"));
                }
                // A second line takes no orders of its own while its lead
                // is in the game: "Cavalry generally moves by the brigade".
                "order" => {
                    for r in e["regiments"].as_array().unwrap() {
                        let r = r.as_str().unwrap();
                        // Out of an assault it went in to, as any regiment.
                        let out = status[r] == "fighting" && e["order"] == "maneuver";
                        assert!(out || !lead_in_game(r), "{r} ordered behind its lead: {e}");
                    }
                }
                "moves" => {
                    let r = name("regiment");
                    let to = e["to"].as_i64().unwrap();
                    match e["why"].as_str().unwrap() {
                        "follows" => {
                            let lead = leads[r.as_str()];
                            let f = facing(e["side"].as_str().unwrap());
                            assert_eq!(to, x[lead] - 4 * f, "{r} follows {lead}: {e}");
                            assert_eq!(status[&r], "idle", "{e}");
                            *seen.entry("follows".to_string()).or_default() += 1;
                        }
                        "relieved" => {
                            let (lead, target, _) = relief.as_ref().expect("a relief told");
                            assert_eq!(&r, lead, "{e}");
                            let f = facing(e["side"].as_str().unwrap());
                            assert_eq!(to, x[target] - 4 * f, "1\" outside Engagement range");
                        }
                        _ => {}
                    }
                    x.insert(r, to);
                }
                "assault_begins" => {
                    defender_of.insert(name("attacker"), name("defender"));
                    fought.insert(name("defender"), BTreeSet::new());
                }
                "joins_assault" => {
                    defender_of.insert(name("attacker"), name("defender"));
                    if let Some((lead, target, second)) = relief.take() {
                        assert_eq!((&name("attacker"), &name("defender")), (&second, &target));
                        assert_eq!(status[&lead], "idle", "off its Assault order");
                    }
                }
                "assault_round" => {
                    let d = name("defender");
                    let attackers: Vec<String> = e["attackers"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|a| a.as_str().unwrap().to_string())
                        .collect();
                    let before = fought.entry(d.clone()).or_default();
                    let new = attackers
                        .iter()
                        .filter(|a| !before.contains(*a))
                        .cloned()
                        .collect();
                    before.extend(attackers.iter().cloned());
                    let elan = e["attacker_elan"].as_array().unwrap().iter();
                    let elan = attackers
                        .iter()
                        .cloned()
                        .zip(elan.map(|v| v.as_u64().unwrap()))
                        .collect();
                    let defender_elan = e["defender_elan"].as_u64().unwrap();
                    last_round = Some((kard, d, attackers, new, elan, defender_elan));
                }
                "breakthrough" if e["through"] == true => {
                    let r = name("regiment");
                    through.push((kard, r.clone(), defender_of[&r].clone()));
                }
                "second_line" => {
                    let (r, lead, target) = (name("regiment"), name("lead"), name("target"));
                    assert_eq!(leads[r.as_str()], lead, "{e}");
                    assert_eq!(status[&r], "idle", "only a formed second line goes in: {e}");
                    let why = e["why"].as_str().unwrap();
                    match why {
                        // The lead fought its first round on this KARD in
                        // an assault still on, and neither won nor broke
                        // through.
                        "relieves" => {
                            let (at, d, attackers, new, elan, defender_elan) =
                                last_round.clone().expect("a round");
                            assert_eq!(at, kard, "{e}");
                            assert_eq!(d, target, "the same target: {e}");
                            assert!(attackers.contains(&lead) && new.contains(&lead), "{e}");
                            // The heuristic relieves only a lead that is
                            // losing: less Elan than its target.
                            assert!(elan[&lead] < defender_elan, "{e}: {elan:?}");
                            assert_eq!(status[&lead], "fighting", "{e}");
                            relief = Some((lead, target, r));
                        }
                        // Enemy cavalry broke through the lead.
                        "meets_breakthrough" => assert!(
                            through
                                .iter()
                                .any(|(at, c, d)| *at == kard && *c == target && *d == lead),
                            "{e}: {through:?}"
                        ),
                        // The lead broke through the target.
                        "follows_breakthrough" => assert!(
                            through
                                .iter()
                                .any(|(at, c, d)| *at == kard && *c == lead && *d == target),
                            "{e}: {through:?}"
                        ),
                        other => panic!("why {other}"),
                    }
                    *seen.entry(why.to_string()).or_default() += 1;
                }
                _ => {}
            }
        }
        assert!(relief.is_none(), "a relief left undone");
    }
    for (kind, least) in [
        ("follows", 500),
        ("relieves", 150),
        ("meets_breakthrough", 10),
        ("follows_breakthrough", 10),
    ] {
        let n = seen.get(kind).copied().unwrap_or(0);
        assert!(n >= least, "{n} {kind} in 400 games: {seen:?}");
    }
    // Read the other way, a second line is a regiment like any other:
    // ordered from its plan from the first KARD, never sent in.
    let mut second_ordered = 0;
    for events in replays(&text, &["cavalry_waves=false"], 5, 100) {
        for e in &events {
            assert_ne!(e["event"], "second_line", "{e}");
            let moved = e["event"] == "moves" && e["why"] == "follows";
            assert!(!moved, "{e}");
            if e["event"] == "order"
                && e["regiments"]
                    .as_array()
                    .unwrap()
                    .contains(&Value::from("Second"))
            {
                second_ordered += 1;
            }
        }
    }
    assert!(second_ordered > 50, "{second_ordered} orders to Second");
}

#[test]
fn a_second_line_the_text_does_not_allow_is_refused_by_name() {
    let waves = second_lines();
    let third = |follows: &str| {
        format!(
            "{}\n[[a.regiments]]\nname = \"Third\"\nrating = \"line,reliable\"\narm = \"cavalry\"\nfollows = \"{follows}\"\norders = [\"move\"]\n",
            waves.split("[b]").next().unwrap()
        ) + "[b]" + waves.split("[b]").nth(1).unwrap()
    };
    for (text, field, allowed) in [
        (
            waves.replace("follows = \"Lead\"", "follows = \"Second\""),
            "a.regiments[2].follows",
            "the name of another regiment of the side: Lead",
        ),
        (
            waves.replace("follows = \"Lead\"", "follows = \"Nobody\""),
            "a.regiments[2].follows",
            "another regiment",
        ),
        (
            waves.replace("follows = \"Horse\"", "follows = \"Foot\""),
            "b.regiments[3].follows",
            "Horse2 and Foot must both be cavalry",
        ),
        (
            waves.replace("follows = \"Lead\"", "follows = \"Lead\"\nbrigade = 2"),
            "a.regiments[2].follows",
            "Lead is not of Second's",
        ),
        // Two lines, not three, whichever is listed first.
        (
            third("Second"),
            "a.regiments[3].follows",
            "Second follows another itself",
        ),
        (
            third("Second").replacen("follows = \"Lead\"", "follows = \"Third\"", 1),
            "a.regiments[2].follows",
            "Third follows another itself",
        ),
        // One regiment behind each lead.
        (
            third("Lead"),
            "a.regiments[3].follows",
            "Second follows Lead",
        ),
    ] {
        let error = crate::common::piquet::refused(&text, field);
        assert!(error.contains(allowed), "{field}, {allowed}: {error}");
    }
}
