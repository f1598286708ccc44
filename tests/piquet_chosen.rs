//! Orders a player chooses (`orders = "chosen"`) rather than a scripted
//! plan, read from the games' events: the Order Cycle's "An order can be
//! issued to a regiment, a brigade, or a division" with the player, not
//! the scenario, deciding which order; Game Start's free orders before the
//! first card; and the heuristic's reading of the field (move up while no
//! enemy is within reach, assault only from Engagement range).

use std::collections::{BTreeMap, BTreeSet};

use fortunes::engine::BySeat;
use fortunes::systems::piquet::{PiquetStrategy, Rules};
use serde_json::Value;

use crate::common::piquet::{heuristic, play, refused, scenario};
use crate::piquet_deploy::replays_by;
use crate::piquet_orders::replays;

/// The default scenario with both sides' orders chosen by their players.
pub(crate) fn chosen_default() -> String {
    include_str!("../experiments/piquet/scenarios/default.toml")
        .replace("\n[a]\n", "\n[a]\norders = \"chosen\"\n")
        .replace("\n[b]\n", "\n[b]\norders = \"chosen\"\n")
}

#[test]
fn chosen_orders_follow_the_field_not_a_plan() {
    let text = chosen_default();
    assert_eq!(text.matches("orders = \"chosen\"").count(), 2);
    let range = 3;
    let (mut moves, mut assaults, mut free, mut tied) = (0, 0, 0, [0u32; 2]);
    for events in replays(&text, &[], 5, 300) {
        let mut x: BTreeMap<(String, String), i64> = BTreeMap::new();
        let mut listed: BTreeMap<String, Vec<String>> = BTreeMap::new();
        let mut removed = BTreeSet::new();
        let mut status: BTreeMap<(String, String), String> = BTreeMap::new();
        // Assaults ordered and not yet aimed: (side, regiment) -> the
        // enemies it may be aimed at.
        let mut aiming: BTreeMap<(String, String), BTreeSet<String>> = BTreeMap::new();
        let mut dealt = false;
        // An Officer Check the heuristic took to give orders: it must give
        // (or find it cannot pay for) at least one, its view agreeing with
        // what it then orders.
        let mut ordering: Option<String> = None;
        for e in &events {
            let side = e["side"].as_str().unwrap_or_default().to_string();
            let other = if side == "a" { "b" } else { "a" }.to_string();
            let text = |key: &str| e[key].as_str().unwrap_or_default().to_string();
            // The enemies in the game nearest to `at`, and how near.
            let nearest = |x: &BTreeMap<(String, String), i64>, at: i64| {
                let enemies: Vec<(i64, String)> = listed[&other]
                    .iter()
                    .filter(|n| !removed.contains(&(other.clone(), (*n).clone())))
                    .map(|n| ((x[&(other.clone(), n.clone())] - at).abs(), n.clone()))
                    .collect();
                let least = enemies.iter().map(|(d, _)| *d).min().unwrap();
                let names: BTreeSet<String> = enemies
                    .into_iter()
                    .filter(|(d, _)| *d == least)
                    .map(|(_, n)| n)
                    .collect();
                (least, names)
            };
            match e["event"].as_str().unwrap() {
                "officer_check" => {
                    assert!(ordering.is_none(), "orders taken, none given: {e}");
                    if e["action"] == "orders" {
                        ordering = Some(side.clone());
                    }
                }
                "order" | "not_ordered" => ordering = None,
                "turn" | "hand_play" | "decq_end" | "execute" => {
                    assert!(ordering.is_none(), "orders taken, none given: {e}");
                }
                _ => {}
            }
            match e["event"].as_str().unwrap() {
                "regiment" => {
                    assert_eq!(e["plan"], serde_json::json!(["chosen"]), "{e}");
                    let key = (side.clone(), text("regiment"));
                    x.insert(key.clone(), e["at"].as_i64().unwrap());
                    status.insert(key.clone(), "idle".into());
                    listed.entry(side).or_default().push(text("regiment"));
                }
                "decq_start" => dealt = true,
                "moves" => {
                    x.insert((side, text("regiment")), e["to"].as_i64().unwrap());
                }
                "status" => {
                    let key = (side, text("regiment"));
                    if e["to"] == "removed" {
                        removed.insert(key.clone());
                    }
                    status.insert(key, text("to"));
                }
                "order" => {
                    let order = text("order");
                    // Game Start's free orders, before the first DECQ.
                    assert_eq!(e["decq"] == 0, !dealt, "{e}");
                    assert_eq!(e["cost"] == 0, !dealt, "{e}");
                    free += !dealt as u32;
                    for r in e["regiments"].as_array().unwrap() {
                        let key = (side.clone(), r.as_str().unwrap().to_string());
                        let (distance, near) = nearest(&x, x[&key]);
                        match order.as_str() {
                            // No artillery here: each reaches Engagement
                            // range; a Move goes only forward.
                            "move" => {
                                assert!(distance > range, "moved up within reach: {e}");
                                let f = if side == "a" { 1 } else { -1 };
                                let ahead = listed[&other].iter().any(|n| {
                                    let k = (other.clone(), n.clone());
                                    !removed.contains(&k) && f * (x[&k] - x[&key]) >= 0
                                });
                                assert!(ahead, "a Move with no enemy ahead: {e}");
                                moves += 1;
                            }
                            // At the nearest enemy, the one the player
                            // judged the assault by, named target or not.
                            "assault" => {
                                assert!(distance <= range, "assault from afar: {e}");
                                aiming.insert(key, near);
                                assaults += 1;
                            }
                            // The one order a fighting regiment may be given.
                            "maneuver" => assert_eq!(status[&key], "fighting", "{e}"),
                            _ => panic!("the heuristic deploys: {e}"),
                        }
                    }
                }
                "aims" => {
                    let key = (side.clone(), text("regiment"));
                    let may = aiming.remove(&key).expect("aimed after its order");
                    let target = text("target");
                    assert!(may.contains(&target), "{e}: not one of {may:?}");
                    if may.len() > 1 {
                        // Which of the equally near: the first listed or not.
                        let first = listed[&other].iter().find(|n| may.contains(*n)).unwrap();
                        tied[(*first != target) as usize] += 1;
                    }
                }
                _ => {}
            }
        }
        assert!(aiming.is_empty(), "assaults never aimed: {aiming:?}");
    }
    assert!(free >= 300 * 2, "each side's first orders: {free}");
    assert!(
        moves > 1000 && assaults > 300,
        "{moves} moves, {assaults} assaults"
    );
    // Ties among equally near enemies are drawn, not taken in listing order.
    assert!(tied.iter().all(|&n| n >= 10), "{tied:?}");
}

#[test]
fn a_chosen_assault_goes_in_where_its_player_aims() {
    // The Order Cycle: "The player will place the regiment's piquet at the
    // objective of the Assault": any enemy regiment still in the game (no
    // skirmishers here to limit it). The random player aims anywhere among
    // them, the nearest or not; the heuristic (above) at the nearest.
    let text = chosen_default();
    let (mut nearest, mut farther) = (0, 0);
    for events in replays_by(&text, &[], "random", 200) {
        let mut x: BTreeMap<(String, String), i64> = BTreeMap::new();
        let mut in_game: BTreeSet<(String, String)> = BTreeSet::new();
        for e in &events {
            let side = e["side"].as_str().unwrap_or_default().to_string();
            let key = (
                side.clone(),
                e["regiment"].as_str().unwrap_or_default().to_string(),
            );
            match e["event"].as_str().unwrap() {
                "regiment" => {
                    x.insert(key.clone(), e["at"].as_i64().unwrap());
                    in_game.insert(key);
                }
                "moves" => {
                    x.insert(key, e["to"].as_i64().unwrap());
                }
                "status" if e["to"] == "removed" => {
                    in_game.remove(&key);
                }
                "aims" => {
                    let other = if side == "a" { "b" } else { "a" }.to_string();
                    let target = (other.clone(), e["target"].as_str().unwrap().to_string());
                    assert!(
                        in_game.contains(&target),
                        "aimed at one out of the game: {e}"
                    );
                    // Along the axis only: no regiment here stands off the
                    // centre line, and none moves across it.
                    let away = |k: &(String, String)| (x[k] - x[&key]).abs();
                    let least = in_game
                        .iter()
                        .filter(|k| k.0 == other)
                        .map(away)
                        .min()
                        .unwrap();
                    match away(&target) == least {
                        true => nearest += 1,
                        false => farther += 1,
                    }
                }
                _ => {}
            }
        }
    }
    assert!(
        nearest > 20 && farther > 20,
        "{nearest} nearest, {farther} farther"
    );
}

#[test]
fn a_chosen_move_stops_where_its_player_placed_its_piquet() {
    // Note 19: "you move from where you are to where you want to stop, or
    // to the next objective you encounter, whichever comes first"; the
    // Order Cycle: the piquet placed "at the objective of the ...
    // movement". The random player stops its Moves anywhere short of where
    // they would go, or sends them on; a Move never passes its place.
    // The hill too: a Move stopped short of a held objective meets no
    // piquet and is no horizon's.
    let hill = include_str!("../experiments/piquet/scenarios/hill.toml")
        .replace("\n[a]\n", "\n[a]\norders = \"chosen\"\n")
        .replace("\n[b]\n", "\n[b]\norders = \"chosen\"\n");
    let (mut on, mut short, mut stopped_there) = (0, 0, 0);
    let games = replays_by(&chosen_default(), &[], "random", 200)
        .into_iter()
        .chain(replays_by(&hill, &[], "random", 200));
    for events in games {
        let mut x: BTreeMap<(String, String), i64> = BTreeMap::new();
        let mut stop: BTreeMap<(String, String), i64> = BTreeMap::new();
        for e in &events {
            let side = e["side"].as_str().unwrap_or_default().to_string();
            let key = (
                side.clone(),
                e["regiment"].as_str().unwrap_or_default().to_string(),
            );
            let f = if side == "a" { 1 } else { -1 };
            match e["event"].as_str().unwrap() {
                "regiment" => {
                    x.insert(key, e["at"].as_i64().unwrap());
                }
                "move_to" => match e["to"].as_i64() {
                    Some(place) => {
                        // Short of where it would go: at least an inch on.
                        assert!(f * (place - x[&key]) >= 1, "{e}");
                        stop.insert(key, place);
                        short += 1;
                    }
                    None => {
                        stop.remove(&key);
                        on += 1;
                    }
                },
                // Any other order clears the place.
                "order" => {
                    for r in e["regiments"].as_array().unwrap() {
                        stop.remove(&(side.clone(), r.as_str().unwrap().to_string()));
                    }
                }
                "piquet_met" => {
                    let other = if side == "a" { "b" } else { "a" };
                    let by = (other.to_string(), e["by"].as_str().unwrap().to_string());
                    assert!(!stop.contains_key(&by), "stopped short, yet met: {e}");
                }
                "moves" => {
                    let to = e["to"].as_i64().unwrap();
                    if stop.contains_key(&key) {
                        assert!(e["why"] != "horizon" && e["why"] != "piquet", "{e}");
                    }
                    if e["why"] == "move" {
                        if let Some(&place) = stop.get(&key) {
                            assert!(f * (to - place) <= 0, "past {place}: {e}");
                            stopped_there += (to == place) as u32;
                            stop.remove(&key);
                        }
                    }
                    x.insert(key, to);
                }
                _ => {}
            }
        }
    }
    assert!(
        on > 50 && short > 50 && stopped_there > 20,
        "{on} on, {short} short, {stopped_there} there"
    );
}

#[test]
fn a_plan_listed_beside_chosen_orders_is_not_followed() {
    // Under the side's `orders = "chosen"` the regiments' listed plans are
    // read and checked but not followed: the same games as a scenario
    // with no plans listed at all.
    let text = chosen_default();
    let bare: String = text
        .lines()
        .filter(|l| !l.starts_with("orders = ["))
        .collect::<Vec<_>>()
        .join("\n");
    assert_ne!(text, bare);
    let rules = Rules::default();
    let both = BySeat([PiquetStrategy::HEURISTIC; 2]);
    let listed = play(&scenario(&text), &rules, both, 400, 3, None);
    let unlisted = play(&scenario(&bare), &rules, both, 400, 3, None);
    assert_eq!(format!("{listed:?}"), format!("{unlisted:?}"));
    // Patient players: the assault waits for fire to wear the enemy.
    let patient = BySeat([heuristic(&[("assault_at_elan", 6)]); 2]);
    let waits = play(&scenario(&text), &rules, patient, 400, 3, None);
    assert_ne!(format!("{listed:?}"), format!("{waits:?}"));
}

#[test]
fn who_gives_the_orders_is_checked() {
    let text = include_str!("../experiments/piquet/scenarios/default.toml");
    let error = refused(
        &text.replace("\n[a]\n", "\n[a]\norders = \"chose\"\n"),
        "a.orders",
    );
    assert!(error.contains("plans, chosen"), "{error}");
    let error = refused(
        &text.replacen("orders = [\"move\", \"assault\"]", "orders = \"free\"", 1),
        "a.regiments[1].orders",
    );
    assert!(error.contains("or \"chosen\""), "{error}");
    // A regiment of a side following plans may be chosen alone; without
    // the side's `orders = "chosen"` a regiment needs one or the other.
    let one = text.replacen("orders = [\"move\", \"assault\"]", "orders = \"chosen\"", 1);
    let s = scenario(&one);
    let chosen = &s.sides[fortunes::engine::Seat::A].regiments;
    assert!(chosen[0].chosen && !chosen[1].chosen);
    refused(
        &text.replacen("orders = [\"move\", \"assault\"]\n", "", 1),
        "a.regiments[1].orders",
    );
    let side = scenario(&chosen_default());
    assert!(side.sides[fortunes::engine::Seat::B].regiments()[..4]
        .iter()
        .all(|r| r.chosen));
}

#[test]
fn a_chosen_maneuver_goes_the_way_its_player_chose() {
    // "This can be forward, back, to either flank": a's left is up the
    // cross axis (it faces up the main axis), b's down it; forward is
    // toward the enemy.
    let mut ways = BTreeSet::new();
    let mut followed = 0;
    for events in replays_by(&chosen_default(), &[], "random", 120) {
        let mut pending: BTreeMap<(String, String), String> = BTreeMap::new();
        let mut group_ways: BTreeSet<String> = BTreeSet::new();
        for e in &events {
            let key = (
                e["side"].as_str().unwrap_or("").to_string(),
                e["regiment"].as_str().unwrap_or("").to_string(),
            );
            match e["event"].as_str().unwrap() {
                "order" => {
                    // One order is one way for its whole group.
                    assert!(group_ways.len() <= 1, "{group_ways:?}");
                    group_ways.clear();
                }
                "maneuver_to" => {
                    let to = e["to"].as_str().unwrap().to_string();
                    ways.insert(to.clone());
                    group_ways.insert(to.clone());
                    pending.insert(key, to);
                }
                "moves" if e["why"] == "maneuver" => {
                    // Each chosen regiment here: a move without a way
                    // chosen is impossible.
                    let to = pending.remove(&key).unwrap_or_else(|| panic!("{e}"));
                    let f = if e["side"] == "a" { 1 } else { -1 };
                    let (dx, dy) = (
                        e["to"].as_f64().unwrap() - e["from"].as_f64().unwrap(),
                        e["y_to"].as_f64().unwrap_or(0.0) - e["y_from"].as_f64().unwrap_or(0.0),
                    );
                    let (dx, dy) = (f as f64 * dx, f as f64 * dy);
                    let expected = match to.as_str() {
                        "forward" => dx > 0.0 && dy == 0.0,
                        "back" => dx < 0.0 && dy == 0.0,
                        "left" => dx == 0.0 && dy > 0.0,
                        _ => dx == 0.0 && dy < 0.0,
                    };
                    assert!(expected, "{to}: {e}");
                    followed += 1;
                }
                _ => {}
            }
        }
    }
    assert!(followed >= 40, "{followed}");
    assert_eq!(ways.len(), 4, "{ways:?}");
}

#[test]
fn a_chosen_flank_maneuver_opens_a_gap_that_ranges_measure() {
    // Every regiment of the default scenario stands on the centre line,
    // but a chosen one may maneuver to a flank: ranges must then measure
    // across the field. Side a's Light, maneuvered 4" to its left, and
    // b's Dragoons 4" to theirs (down the cross axis), 3" apart along the
    // axis: their frontages (9.3" and 5") leave 0.85" between them, so
    // they stand 3.1" apart, outside Engagement range, and neither may
    // fire at the other.
    assert!(scenario(&chosen_default()).lateral);
    let (mut volleys, mut across) = (0, 0);
    for events in replays_by(&chosen_default(), &[], "random", 800) {
        let mut at: BTreeMap<(String, String), (f64, f64, f64)> = BTreeMap::new();
        for e in &events {
            let key = |s: &Value, r: &Value| {
                (
                    s.as_str().unwrap().to_string(),
                    r.as_str().unwrap().to_string(),
                )
            };
            match e["event"].as_str().unwrap() {
                "regiment" => {
                    let place = (
                        e["at"].as_f64().unwrap(),
                        e["y"].as_f64().unwrap(),
                        e["frontage"].as_f64().unwrap(),
                    );
                    at.insert(key(&e["side"], &e["regiment"]), place);
                }
                "moves" => {
                    let place = at.get_mut(&key(&e["side"], &e["regiment"])).unwrap();
                    place.0 = e["to"].as_f64().unwrap();
                    if let Some(y) = e["y_to"].as_f64() {
                        place.1 = y;
                    }
                }
                "deploys" => {
                    at.get_mut(&key(&e["side"], &e["regiment"])).unwrap().2 =
                        e["frontage"].as_f64().unwrap();
                }
                "volley" if e["kind"] == "musketry" => {
                    let enemy = if e["side"] == "a" { "b" } else { "a" };
                    let (x, y, w) = at[&key(&e["side"], &e["regiment"])];
                    let (tx, ty, tw) =
                        at[&(enemy.to_string(), e["target"].as_str().unwrap().to_string())];
                    let gap = ((y - ty).abs() - (w + tw) / 2.0).max(0.0);
                    let apart = ((x - tx).powi(2) + gap.powi(2)).sqrt();
                    // Engagement range, 3": a tenth's rounding of the gap.
                    assert!(apart <= 3.0 + 0.051, "{apart:.2}\" apart: {e}");
                    volleys += 1;
                    across += (gap > 0.0) as u32;
                }
                _ => {}
            }
        }
    }
    assert!(
        volleys >= 100 && across >= 1,
        "{volleys} volleys, {across} across a gap"
    );
}
