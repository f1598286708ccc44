//! Piquet's terrain objectives, read from the games' events against note
//! 19: "Essentially, you move from where you are to where you want to
//! stop, or to the next objective you encounter, whichever comes first
//! ... With Objective Horizon Movement, the horizon becomes an area rather
//! than a line. Thus, a woods is the objective, not the entrance into the
//! edge of the woods"; Combat: the defeated "must withdraw to the next
//! objective"; Cavalry Break-Through: "move forward to the next objective
//! or Assault the next enemy unit in its path, which ever is the closer";
//! note 17: units "occupying urban areas" fire with a down modifier.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use crate::piquet_orders::replays;

/// `experiments/piquet/scenarios/village.toml`: a's regiments cross a
/// wood to b's holding a village, a ridge behind each side.
fn village() -> String {
    include_str!("../experiments/piquet/scenarios/village.toml").to_string()
}

/// Side a faces up the axis, side b down it.
fn facing(side: &str) -> i64 {
    if side == "a" {
        1
    } else {
        -1
    }
}

/// The objectives a game's opening told, as stretches of the axis.
struct Ground(Vec<(i64, i64, String)>);

impl Ground {
    fn told(events: &[Value]) -> Ground {
        Ground(
            events
                .iter()
                .filter(|e| e["event"] == "objective")
                .map(|e| {
                    (
                        e["from"].as_i64().unwrap(),
                        e["to"].as_i64().unwrap(),
                        e["kind"].as_str().unwrap().to_string(),
                    )
                })
                .collect(),
        )
    }

    fn kind_at(&self, x: i64) -> Option<&str> {
        self.0
            .iter()
            .find(|(from, to, _)| (*from..=*to).contains(&x))
            .map(|(_, _, kind)| kind.as_str())
    }

    /// The near edge of the first objective wholly beyond `x` going `way`.
    fn next(&self, x: i64, way: i64) -> Option<i64> {
        self.0
            .iter()
            .filter(|(from, to, _)| way * (from - x) > 0 && way * (to - x) > 0)
            .map(|(from, to, _)| if way > 0 { *from } else { *to })
            .min_by_key(|edge| way * (edge - x))
    }
}

#[test]
fn moves_stop_at_the_next_objective_and_the_beaten_withdraw_into_one() {
    let text = village();
    let range = 3;
    let mut seen: BTreeMap<&str, u32> = BTreeMap::new();
    for events in replays(&text, &[], 11, 300) {
        let ground = Ground::told(&events);
        assert_eq!(ground.0.len(), 4, "the village's four objectives are told");
        let mut x: BTreeMap<(String, String), i64> = BTreeMap::new();
        let mut removed = BTreeSet::new();
        // Each regiment's assault, as the defender it fights (or is).
        let mut fighting: BTreeMap<(String, String), String> = BTreeMap::new();
        // Those each cavalry broke through this KARD.
        let mut through: BTreeMap<(String, String), ((u64, u64), String)> = BTreeMap::new();
        let mut defender_of: BTreeMap<String, String> = BTreeMap::new();
        for e in &events {
            let side = e["side"].as_str().unwrap_or_default().to_string();
            let kard = (
                e["decq"].as_u64().unwrap_or(0),
                e["kard"].as_u64().unwrap_or(0),
            );
            let name = |key: &str| e[key].as_str().unwrap_or_default().to_string();
            match e["event"].as_str().unwrap() {
                "regiment" => {
                    x.insert((side, name("regiment")), e["at"].as_i64().unwrap());
                }
                "assault_begins" | "joins_assault" => {
                    let defender = name("defender");
                    let other = if side == "a" { "b" } else { "a" };
                    fighting.insert((side.clone(), name("attacker")), defender.clone());
                    fighting.insert((other.to_string(), defender.clone()), defender.clone());
                    defender_of.insert(name("attacker"), defender);
                }
                "breakthrough" if e["through"] == true => {
                    let r = name("regiment");
                    let defender = defender_of[&r].clone();
                    through.insert((side, r), (kard, defender));
                }
                "moves" => {
                    let key = (side.clone(), name("regiment"));
                    let (from, to) = (e["from"].as_i64().unwrap(), e["to"].as_i64().unwrap());
                    assert_eq!(x[&key], from, "{e}");
                    let f = facing(&side);
                    let why = e["why"].as_str().unwrap();
                    let enemies = || {
                        x.iter()
                            .filter(|((s, r), _)| {
                                *s != side && !removed.contains(&(s.clone(), r.clone()))
                            })
                            .map(|((_, r), &y)| (r.clone(), y))
                    };
                    match why {
                        // Forward into the next objective ahead, no farther.
                        "horizon" => {
                            assert_eq!(ground.next(from, f), Some(to), "{e}");
                            *seen.entry("horizon").or_default() += 1;
                        }
                        // A Move that met no objective on its way.
                        "move" => {
                            if let Some(edge) = ground.next(from, f) {
                                assert!(
                                    f * (edge - from) >= f * (to - from),
                                    "passed an objective: {e}"
                                );
                            }
                        }
                        // Cavalry through goes into the next objective only
                        // when no enemy in its path is as close.
                        "onward" => {
                            assert_eq!(ground.next(from, f), Some(to), "{e}");
                            let (when, broken) = &through[&key];
                            assert_eq!(*when, kard, "{e}");
                            for (r, y) in enemies() {
                                let ahead = f * (y - from);
                                assert!(
                                    &r == broken || ahead < 0 || ahead > f * (to - from),
                                    "{r} at {y} was as close: {e}"
                                );
                            }
                            *seen.entry("onward").or_default() += 1;
                        }
                        // The beaten of an assault withdraw from its place
                        // to the first place 1" outside Engagement range
                        // that lies in an objective, else 1" outside.
                        "withdraws" if fighting.contains_key(&key) => {
                            let out = from - f * (range + 1);
                            let expected = if ground.kind_at(out).is_some() {
                                out
                            } else {
                                ground.next(out, -f).unwrap_or(out)
                            };
                            assert_eq!(to, expected, "{e}");
                            if ground.kind_at(to).is_some() {
                                *seen.entry("withdraws into an objective").or_default() += 1;
                            } else {
                                *seen.entry("withdraws into the open").or_default() += 1;
                            }
                        }
                        _ => {}
                    }
                    x.insert(key, to);
                }
                "assault_ends" => {
                    let defender = name("defender");
                    fighting.retain(|_, d| *d != defender);
                }
                "status" if e["to"] == "removed" => {
                    removed.insert((side, name("regiment")));
                }
                _ => {}
            }
        }
    }
    for case in [
        "horizon",
        "onward",
        "withdraws into an objective",
        "withdraws into the open",
    ] {
        assert!(
            seen.get(case).copied().unwrap_or(0) > 0,
            "{case} never seen: {seen:?}"
        );
    }
}

#[test]
fn ground_without_objectives_plays_alike_and_the_rule_off_ignores_them() {
    // "Scenarios without objectives play alike either way": the default
    // scenario's games are the same event for event.
    let default = include_str!("../experiments/piquet/scenarios/default.toml");
    let on = replays(default, &[], 3, 40);
    let off = replays(default, &["objective_horizons=false"], 3, 40);
    for (game, (on, off)) in on.zip(off).enumerate() {
        assert_eq!(on, off, "game {game} of the default scenario");
    }
    // The rule off: the objectives are told, but no move stops at one.
    let text = village();
    for events in replays(&text, &["objective_horizons=false"], 11, 60) {
        assert_eq!(Ground::told(&events).0.len(), 4);
        for e in &events {
            assert!(
                !matches!(e["why"].as_str(), Some("horizon" | "onward")),
                "{e}"
            );
        }
    }
}

#[test]
fn a_regiment_in_the_village_fires_as_in_an_urban_block() {
    // Note 17's down modifier, made large so no other step can hide it:
    // every volley from inside the village is 3 steps below the volleys
    // the same regiments fire outside it.
    let text = village();
    let (mut inside, mut outside) = (BTreeSet::new(), BTreeSet::new());
    for events in replays(&text, &["urban_fire_step=-3"], 13, 200) {
        let ground = Ground::told(&events);
        let mut x: BTreeMap<(String, String), i64> = BTreeMap::new();
        for e in &events {
            let key = (
                e["side"].as_str().unwrap_or_default().to_string(),
                e["regiment"].as_str().unwrap_or_default().to_string(),
            );
            match e["event"].as_str().unwrap() {
                "regiment" => {
                    x.insert(key, e["at"].as_i64().unwrap());
                }
                "moves" => {
                    x.insert(key, e["to"].as_i64().unwrap());
                }
                // b's line brigade: the same rating, no steps of its own.
                "volley"
                    if key.0 == "b" && ["Grenadiers", "Fusiliers"].contains(&key.1.as_str()) =>
                {
                    let step = (key.1.clone(), e["step"].as_i64().unwrap());
                    if ground.kind_at(x[&key]) == Some("urban") {
                        inside.insert(step);
                    } else {
                        outside.insert(step);
                    }
                }
                _ => {}
            }
        }
    }
    assert!(
        !inside.is_empty() && !outside.is_empty(),
        "{inside:?} {outside:?}"
    );
    for (regiment, step) in &inside {
        let out: Vec<i64> = outside
            .iter()
            .filter(|(r, _)| r == regiment)
            .map(|(_, s)| *s)
            .collect();
        assert!(
            !out.is_empty(),
            "{regiment} never fired outside the village"
        );
        // Crushing Volley's step up may come or not, in either place.
        assert!(
            out.iter().all(|s| step - s <= -2),
            "{regiment}: {step} inside, {out:?} outside"
        );
    }
}
