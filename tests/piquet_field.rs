//! Piquet's field across: frontages, places across the field, ranges
//! measured between the nearer ends of frontages, Moves inclining up to
//! 22.5 degrees, Maneuvers to a flank, and the Multiple Unit Combats
//! rule's flank and rear attackers, read from the games' events against
//! the text: "each of the multiple attacking units has at least 50% of its
//! frontage overlapping the single unit ... If a unit of the multiple unit
//! side is attacking from the flank or rear of the single unit, the effect
//! of this unit is determined independent from the other units and its
//! full effect is applied to the single unit."

use std::collections::BTreeMap;

use serde_json::Value;

use crate::common::piquet::refused;
use crate::piquet_orders::replays;

fn flanks() -> String {
    include_str!("../experiments/piquet/scenarios/flanks.toml").to_string()
}

/// A regiment's place: along the axis (inches), across it and its
/// frontage (tenths of an inch), its side.
#[derive(Clone, Copy, Debug)]
struct Place {
    x: i64,
    y: i64,
    width: i64,
    up: bool,
}

fn tenths(v: &Value) -> i64 {
    (v.as_f64().unwrap() * 10.0).round() as i64
}

/// Tenths between the nearer ends of two frontages (rounded up), 0 when
/// they overlap or touch.
fn gap(a: &Place, b: &Place) -> i64 {
    let apart = (a.y - b.y).abs() as f64 - (a.width + b.width) as f64 / 2.0;
    apart.max(0.0).ceil() as i64
}

fn within(a: &Place, b: &Place, range: i64) -> bool {
    let (dx, g) = ((a.x - b.x) as f64, gap(a, b) as f64 / 10.0);
    (dx * dx + g * g).sqrt() <= range as f64 + 1e-9
}

/// Where `attacker` meets `defender`, from the text: behind it, its rear;
/// at least half its frontage across the defender's, its front; else a
/// flank (short_overlap = flank).
fn aspect(attacker: &Place, defender: &Place) -> &'static str {
    let behind = if defender.up {
        attacker.x < defender.x
    } else {
        attacker.x > defender.x
    };
    let (l1, r1) = (
        attacker.y as f64 - attacker.width as f64 / 2.0,
        attacker.y as f64 + attacker.width as f64 / 2.0,
    );
    let (l2, r2) = (
        defender.y as f64 - defender.width as f64 / 2.0,
        defender.y as f64 + defender.width as f64 / 2.0,
    );
    let overlap = r1.min(r2) - l1.max(l2);
    if behind {
        "rear"
    } else if overlap >= attacker.width as f64 / 2.0 {
        "front"
    } else {
        "flank"
    }
}

/// The multi-unit rule: drop the highest and lowest casts in pairs; of two
/// left the higher, of one that one.
fn combine(mut casts: Vec<i64>) -> i64 {
    casts.sort_unstable();
    while casts.len() > 2 {
        casts.remove(0);
        casts.pop();
    }
    casts.last().copied().unwrap_or(0)
}

#[test]
fn flank_and_rear_attackers_apply_their_full_effect_and_ranges_reach_across() {
    let mut seen: BTreeMap<&str, u32> = BTreeMap::new();
    for events in replays(&flanks(), &[], 3, 600) {
        let mut at: BTreeMap<(String, String), Place> = BTreeMap::new();
        let mut met: BTreeMap<(String, String), &'static str> = BTreeMap::new();
        for e in &events {
            let name = |k: &str| e[k].as_str().unwrap_or_default().to_string();
            let side = name("side");
            let other = if side == "a" { "b" } else { "a" }.to_string();
            match e["event"].as_str().unwrap() {
                "regiment" => {
                    let place = Place {
                        x: e["at"].as_i64().unwrap(),
                        y: tenths(&e["y"]),
                        width: tenths(&e["frontage"]),
                        up: side == "a",
                    };
                    at.insert((side, name("regiment")), place);
                }
                "moves" => {
                    let r = (side.clone(), name("regiment"));
                    let was = at[&r];
                    let place = at.get_mut(&r).unwrap();
                    place.x = e["to"].as_i64().unwrap();
                    if !e["y_to"].is_null() {
                        assert_eq!(tenths(&e["y_from"]), was.y, "{e}");
                        place.y = tenths(&e["y_to"]);
                    }
                    let (dx, dy) = ((place.x - was.x).abs(), (place.y - was.y).abs());
                    match e["why"].as_str().unwrap() {
                        // "may incline its move up to 22.5 degrees"
                        "move" | "horizon" if dy > 0 => {
                            assert!(dy as f64 <= dx as f64 * 10.0 * 0.41422, "{e}");
                            *seen.entry("inclined moves").or_default() += 1;
                        }
                        // "to either flank": 4" across, a's left up the
                        // cross axis (it faces up the axis), b's down it.
                        "maneuver" if dy > 0 => {
                            assert_eq!(dx, 0, "{e}");
                            assert!(dy <= 40, "{e}");
                            *seen.entry("flank maneuvers").or_default() += 1;
                        }
                        "assault" | "joins_assault" => {
                            assert_eq!(dy, 0, "contact moves along the axis: {e}")
                        }
                        _ => {}
                    }
                }
                "volley" => {
                    let firer = at[&(side.clone(), name("regiment"))];
                    let target = at[&(other.clone(), name("target"))];
                    let range = if e["kind"] == "bombardment" { 12 } else { 3 };
                    assert!(
                        within(&firer, &target, range),
                        "out of range: {e} {firer:?} {target:?}"
                    );
                    *seen.entry("volleys").or_default() += 1;
                    if gap(&firer, &target) > 0 {
                        *seen.entry("volleys across a gap").or_default() += 1;
                    }
                }
                // The aspect is where it stands as it goes in, before the
                // contact move.
                "assault_begins" | "joins_assault" => {
                    let attacker = at[&(side.clone(), name("attacker"))];
                    let defender = at[&(other.clone(), name("defender"))];
                    met.insert(
                        (side.clone(), name("attacker")),
                        aspect(&attacker, &defender),
                    );
                }
                "assault_round" => {
                    let attackers = e["attackers"].as_array().unwrap();
                    let casts: Vec<i64> = e["attacker_casts"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|v| v.as_i64().unwrap())
                        .collect();
                    let (mut front, mut alone) = (Vec::new(), 0);
                    for (k, attacker) in attackers.iter().enumerate() {
                        let said = e["aspects"][k].as_str().unwrap();
                        let want = met[&(side.clone(), attacker.as_str().unwrap().to_string())];
                        assert_eq!(said, want, "{attacker}: {e}");
                        *seen.entry(want).or_default() += 1;
                        match want {
                            "front" => front.push(casts[k]),
                            _ => alone += casts[k],
                        }
                    }
                    if attackers.len() > 1 && front.len() < attackers.len() {
                        *seen.entry("rounds with a flank and others").or_default() += 1;
                    }
                    assert_eq!(
                        e["combined"].as_i64().unwrap(),
                        combine(front) + alone,
                        "{e}"
                    );
                }
                _ => {}
            }
        }
    }
    for situation in [
        "front",
        "flank",
        "inclined moves",
        "flank maneuvers",
        "volleys across a gap",
        "rounds with a flank and others",
    ] {
        assert!(
            seen.get(situation).copied().unwrap_or(0) >= 5,
            "{situation}: {seen:?}"
        );
    }
}

/// A one-regiment-a-side scenario 20" apart, the regiments' own keys
/// given (`name` and `orders` are written).
fn duel(a: &str, b: &str) -> String {
    format!(
        "decqs = 1\ndistance = 20\n[chips]\nmove = 1\nmaneuver = 1\ndeploy = 1\nassault = 1\n\
         [ranges]\nengagement = 3\nbombardment = 12\n\
         [army_deck]\nofficer_check = 4\nmaneuver = 6\nmusket_reload = 4\ndress_lines = 4\n\
         [a]\ncommander = \"good\"\n[[a.regiments]]\nname = \"A\"\norders = [\"maneuver\"]\n{a}\n\
         [b]\ncommander = \"good\"\n[[b.regiments]]\nname = \"B\"\norders = [\"maneuver\"]\n{b}\n"
    )
}

/// A side b regiment's left is down the cross axis, side a's up it.
#[test]
fn a_maneuver_to_a_flank_goes_to_the_regiments_own_side() {
    for (b, b_way) in [("left", -1), ("right", 1)] {
        let text = duel(
            "rating = \"line,reliable\"\nmaneuver = \"left\"",
            &format!("rating = \"line,reliable\"\nmaneuver = \"{b}\""),
        );
        let (mut a_moved, mut b_moved) = (0, 0);
        for events in replays(&text, &[], 4, 40) {
            for e in events.iter().filter(|e| e["event"] == "moves") {
                let dy = tenths(&e["y_to"]) - tenths(&e["y_from"]);
                assert_eq!(e["from"], e["to"], "{e}");
                match e["side"].as_str().unwrap() {
                    "a" => {
                        assert_eq!(dy, 40, "a's left is up the cross axis: {e}");
                        a_moved += 1;
                    }
                    _ => {
                        assert_eq!(dy, 40 * b_way, "b's {b}: {e}");
                        b_moved += 1;
                    }
                }
            }
        }
        assert!(a_moved > 0 && b_moved > 0, "{b}: {a_moved} {b_moved}");
    }
}

#[test]
fn frontages_outside_the_regiments_limits_are_refused_by_name() {
    let base = |regiment: &str| duel(regiment, "rating = \"line,reliable\"");
    // 1400 men in 3 ranks: 6.2" at most, 5/8 of it (3.8") at least.
    let error = refused(
        &base("rating = \"line,reliable\"\ntroops = 1400\nfrontage = 7"),
        "frontage",
    );
    assert!(error.contains("3.8 to 6.2"), "{error}");
    refused(
        &base("rating = \"line,reliable\"\ntroops = 1400\nfrontage = 3.7"),
        "frontage",
    );
    refused(
        &base("rating = \"heavy,II\"\narm = \"artillery\"\ntroops = 100"),
        "troops",
    );
    refused(
        &base("rating = \"line,reliable\"\narm = \"cavalry\"\nranks = 2"),
        "ranks",
    );
    refused(&base("rating = \"line,reliable\"\ny = 0.25"), "y");
    let error = refused(
        &base("rating = \"line,reliable\"\nmaneuver = \"up\""),
        "maneuver",
    );
    assert!(error.contains("forward, back, left, right"), "{error}");
}
