//! Note 21's bridges and gates, read from the games' events against the
//! text: "Bridges and gates are generally not considered to be objectives
//! for movement purposes rather they are viewed as obstacles hindering
//! movement to an objective. Of course if the bridge happens to be
//! occupied with enemy troops ... it will not be classed as an obstacle
//! for your movement up to the bridge to engage or assault the enemy. If
//! you must cross the bridge to assault the enemy then the bridge should
//! be considered as cover to the enemy; if you win, you will be assumed to
//! have crossed the bridge."

use std::collections::BTreeMap;

use serde_json::Value;

use crate::common::piquet::two_d8_cast;
use crate::piquet_orders::replays;

/// `experiments/piquet/scenarios/bridge.toml`: a's three regiments at 0"
/// assault b's three at 20" over the Bridge at 18"; b only deploys.
fn bridge() -> String {
    include_str!("../experiments/piquet/scenarios/bridge.toml").to_string()
}

const BRIDGE_AT: i64 = 18;
const ENGAGEMENT: i64 = 3;
/// The scenario's chips for a Move and an Assault order.
const MOVE_CHIPS: u64 = 8;
const ASSAULT_CHIPS: u64 = 6;

/// Whether side a (facing up the axis) going from `from` to `to` crosses
/// the bridge: it is on its way (where it stands included), not where it
/// stops.
fn crosses(from: i64, to: i64) -> bool {
    crosses_at(BRIDGE_AT, from, to)
}

/// `crosses` for an obstacle at `at`.
fn crosses_at(at: i64, from: i64, to: i64) -> bool {
    from <= at && at < to
}

/// The bridge scenario with a stream bank (a terrain objective, one inch
/// wide) at `bank`, the bridge at `bridge` and b's regiments at `b_at`.
fn with_bank(bank: i64, bridge_at: i64, b_at: i64) -> String {
    let text = bridge()
        .replace("distance = 20", &format!("distance = {b_at}"))
        .replace("at = 18\nkind = \"bridge\"", &format!("at = {bridge_at}\nkind = \"bridge\""))
        .replace(
            "[[obstacles]]",
            &format!("[[objectives]]\nname = \"Bank\"\nfrom = {bank}\nto = {bank}\nkind = \"stream\"\n\n[[obstacles]]"),
        );
    assert!(text.contains("[[objectives]]") && text.contains(&format!("distance = {b_at}")));
    assert!(text.contains(&format!("at = {bridge_at}\nkind")));
    text
}

fn kind(e: &Value) -> &str {
    e["event"].as_str().unwrap()
}

fn int(e: &Value, key: &str) -> i64 {
    e[key].as_i64().unwrap()
}

fn text<'a>(e: &'a Value, key: &str) -> &'a str {
    e[key].as_str().unwrap()
}

/// The places, targets and standing of every regiment, kept from the
/// events as a game goes.
#[derive(Default)]
struct Field {
    at: BTreeMap<(String, String), i64>,
    target: BTreeMap<String, String>,
    removed: BTreeMap<String, bool>,
}

impl Field {
    fn see(&mut self, e: &Value) {
        match kind(e) {
            "regiment" => {
                let named = (text(e, "side").to_string(), text(e, "regiment").to_string());
                self.at.insert(named, int(e, "at"));
                if let Some(target) = e["target"].as_str() {
                    self.target
                        .insert(text(e, "regiment").to_string(), target.to_string());
                }
            }
            "moves" => {
                let named = (text(e, "side").to_string(), text(e, "regiment").to_string());
                self.at.insert(named, int(e, "to"));
            }
            "status" if e["side"] == "b" && e["to"] == "removed" => {
                self.removed.insert(text(e, "regiment").to_string(), true);
            }
            _ => {}
        }
    }

    fn of(&self, side: &str, regiment: &str) -> i64 {
        self.at[&(side.to_string(), regiment.to_string())]
    }

    /// Where a Move of a's `regiment` stops as the field stands: at
    /// Engagement range of the nearest of b's regiments ahead, or where it
    /// is when one is that near already.
    fn move_stop(&self, regiment: &str) -> i64 {
        let x = self.of("a", regiment);
        self.at
            .iter()
            .filter(|((side, name), &at)| {
                side == "b" && !self.removed.get(name).copied().unwrap_or(false) && at >= x
            })
            .map(|(_, &at)| (at - ENGAGEMENT).max(x))
            .min()
            .unwrap_or(x)
    }
}

#[test]
fn a_bridge_hinders_the_orders_that_must_cross_it_by_a_chip() {
    let (mut hindered_moves, mut hindered_assaults, mut free_assaults) = (0, 0, 0);
    for events in replays(&bridge(), &[], 9, 300) {
        let mut field = Field::default();
        // The orders given to a's regiments, with the chips they should
        // now have, checked against the `hindered` that must follow.
        let mut due: BTreeMap<String, (u64, bool)> = BTreeMap::new();
        for e in &events {
            match kind(e) {
                "order" if e["side"] == "a" => {
                    let order = text(e, "order");
                    for regiment in e["regiments"].as_array().unwrap() {
                        let regiment = regiment.as_str().unwrap();
                        let from = field.of("a", regiment);
                        let (base, to) = match order {
                            "move" => (MOVE_CHIPS, field.move_stop(regiment)),
                            "assault" => (ASSAULT_CHIPS, field.of("b", &field.target[regiment])),
                            _ => continue,
                        };
                        let crossing = crosses(from, to);
                        match (order, crossing) {
                            ("move", true) => hindered_moves += 1,
                            ("assault", true) => hindered_assaults += 1,
                            ("assault", false) => free_assaults += 1,
                            _ => {}
                        }
                        due.insert(regiment.to_string(), (base + 1, crossing));
                    }
                }
                "hindered" => {
                    assert_eq!(e["side"], "a", "b never moves: {e}");
                    let (chips, crossing) = due
                        .remove(text(e, "regiment"))
                        .unwrap_or_else(|| panic!("hindered with no order just given: {e}"));
                    assert!(crossing, "the order crosses no obstacle: {e}");
                    assert_eq!(e["chips"].as_u64(), Some(chips), "{e}");
                    assert_eq!(e["obstacles"], serde_json::json!(["Bridge"]), "{e}");
                }
                // An order's `hindered` follows it before anything else of
                // its regiment's happens.
                "status" | "order" | "moves" | "execute" | "piquet" => {
                    if let Some(regiment) = e["regiment"].as_str() {
                        if e["side"] == "a" && kind(e) != "status" {
                            if let Some((_, crossing)) = due.remove(regiment) {
                                assert!(!crossing, "no hindered after the order: {e}");
                            }
                        }
                    }
                }
                _ => {}
            }
            field.see(e);
        }
        assert!(
            due.values().all(|&(_, crossing)| !crossing),
            "an order crossing the bridge was never hindered: {due:?}"
        );
    }
    assert!(
        hindered_assaults >= 100 && hindered_moves >= 10 && free_assaults >= 1,
        "moves {hindered_moves}, assaults {hindered_assaults} over, {free_assaults} not"
    );
}

#[test]
fn a_bridge_covers_the_defender_an_assault_crossed_it_to_reach_on_any_leg() {
    // 1st and 2nd Line are line,reliable: 2d8, the higher die read unless
    // a step down takes the lower, a step up adds a die. Heroic Moment
    // steps side a up on its KARD; the stamina tiers take no step under
    // the default rules.
    // The crossing is judged from where the Assault order was given, over
    // every leg of its way: with a stream Bank at 19" beyond the Bridge at
    // 18" (b at 21"), a's Move stops on the bridge, its assault halts in the
    // Bank, and goes in from there still across the bridge.
    let (mut covered_rounds, mut open_rounds, mut over_two_legs) = (0, 0, 0);
    let texts = [bridge(), with_bank(19, BRIDGE_AT, 21)];
    for events in texts.iter().flat_map(|text| replays(text, &[], 9, 300)) {
        let mut field = Field::default();
        // Where each regiment's Assault order was given.
        let mut given_at: BTreeMap<String, i64> = BTreeMap::new();
        // Each attacker's defender and whether it crossed the bridge to it.
        let mut went_in: BTreeMap<String, (String, bool)> = BTreeMap::new();
        let mut heroic = std::collections::BTreeSet::new();
        let mut pending_cover: Option<(String, String)> = None;
        for e in &events {
            match kind(e) {
                "order" if e["side"] == "a" && e["order"] == "assault" => {
                    for regiment in e["regiments"].as_array().unwrap() {
                        let regiment = regiment.as_str().unwrap();
                        given_at.insert(regiment.into(), field.of("a", regiment));
                    }
                }
                // Cavalry may go in from where it broke through, off its
                // order: the infantry's contacts are its orders'.
                "moves" if e["side"] == "a" && e["regiment"] != "Hussars" => {
                    let why = text(e, "why");
                    if why == "assault" || why == "joins_assault" {
                        assert!(pending_cover.is_none(), "covered missing before {e}");
                        let attacker = text(e, "regiment").to_string();
                        let defender = field
                            .at
                            .iter()
                            .find(|((side, _), &at)| side == "b" && at == int(e, "to"))
                            .map(|((_, name), _)| name.clone())
                            .unwrap();
                        let began = given_at[text(e, "regiment")];
                        let crossing = crosses(began, int(e, "to"));
                        over_two_legs += usize::from(crossing && began != int(e, "from"));
                        if crossing {
                            pending_cover = Some((attacker.clone(), defender.clone()));
                        }
                        went_in.insert(attacker, (defender, crossing));
                    }
                }
                "covered" if e["attacker"] != "Hussars" => {
                    let (attacker, _) = pending_cover
                        .take()
                        .unwrap_or_else(|| panic!("covered without crossing: {e}"));
                    assert_eq!(e["attacker"], attacker.as_str(), "{e}");
                    assert_eq!(e["obstacles"], serde_json::json!(["Bridge"]), "{e}");
                }
                "heroic" if e["side"] == "a" => {
                    heroic.insert((e["decq"].as_u64(), e["kard"].as_u64()));
                }
                "assault_round" if e["side"] == "a" => {
                    assert!(pending_cover.is_none(), "covered missing before {e}");
                    let up = heroic.contains(&(e["decq"].as_u64(), e["kard"].as_u64()));
                    for (k, name) in e["attackers"].as_array().unwrap().iter().enumerate() {
                        let name = name.as_str().unwrap();
                        if name == "Hussars" {
                            continue;
                        }
                        let (_, covered) = &went_in[name];
                        let cast = e["attacker_casts"][k].as_u64().unwrap();
                        let want = two_d8_cast(
                            &e["attacker_dice"][k],
                            i32::from(up) - i32::from(*covered),
                        );
                        assert_eq!(cast, want, "covered {covered}, heroic {up}: {e}");
                        match covered {
                            true => covered_rounds += 1,
                            false => open_rounds += 1,
                        }
                    }
                }
                _ => {}
            }
            field.see(e);
        }
    }
    assert!(
        covered_rounds >= 100 && open_rounds >= 10 && over_two_legs >= 50,
        "{covered_rounds} covered rounds, {open_rounds} open, {over_two_legs} over two legs"
    );
}

#[test]
fn obstacles_that_cost_nothing_play_as_no_obstacle() {
    let without = bridge().replace(
        "[[obstacles]]\nname = \"Bridge\"\nat = 18\nkind = \"bridge\"\n",
        "",
    );
    assert!(!without.contains("[[obstacles]]"));
    let free = ["obstacle_chips=0", "obstacle_cover_step=0"];
    let plain: Vec<Vec<Value>> = replays(&without, &[], 9, 60).collect();
    let costless: Vec<Vec<Value>> = replays(&bridge(), &free, 9, 60).collect();
    let mut differ = 0;
    for ((plain, costless), hindered) in
        plain
            .iter()
            .zip(&costless)
            .zip(replays(&bridge(), &[], 9, 60))
    {
        // Only the opening's `obstacle` and the `covered` it tells apart.
        let told: Vec<&Value> = costless
            .iter()
            .filter(|e| !matches!(kind(e), "obstacle" | "covered"))
            .collect();
        assert_eq!(told, plain.iter().collect::<Vec<_>>());
        assert!(costless.iter().all(|e| kind(e) != "hindered"));
        differ += usize::from(hindered != *costless);
    }
    assert!(
        differ >= 30,
        "the default sizes changed {differ} of 60 games"
    );
}

#[test]
fn a_bad_obstacle_refuses_the_game_naming_the_field() {
    let system = fortunes::systems::find("piquet").unwrap();
    // Parsing is the scenario module's to test; here the refusal reaches
    // the replay whole.
    let text = bridge().replace("at = 18", "at = 18\nwidth = 2");
    let mut variant = system.default_variant(system.both_playing("heuristic").unwrap());
    variant.scenario = toml::from_str(&text).unwrap();
    let error = system
        .replay(&variant, 9, 0)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(error.contains("obstacles[0].width"), "{error}");
    assert!(error.contains("name, at, kind"), "{error}");
}

#[test]
fn an_assault_halting_at_an_objective_pays_for_an_obstacle_once_on_the_leg_that_crosses_it() {
    // The Bank (18") lies before the Bridge (19"), b at 20": a's Move stops
    // at 17, and its assault halts in the Bank before it crosses. "Hindering
    // movement to an objective": the first leg, 17" to 18", crosses
    // nothing; the second, on from the Bank, crosses the bridge once.
    let (bank, bridge_at) = (18, 19);
    let (mut on_the_halt, mut at_the_order) = (0, 0);
    for events in replays(&with_bank(bank, bridge_at, 20), &[], 9, 300) {
        let mut field = Field::default();
        // The assault legs just begun: a regiment's leg and its chips due.
        let mut due: BTreeMap<String, bool> = BTreeMap::new();
        for e in &events {
            let leg = |field: &Field, regiment: &str, from: i64| {
                let target = field.of("b", &field.target[regiment]);
                let stop = if from < bank && target > bank {
                    bank
                } else {
                    target
                };
                crosses_at(bridge_at, from, stop)
            };
            match kind(e) {
                "order" if e["side"] == "a" && e["order"] == "assault" => {
                    for regiment in e["regiments"].as_array().unwrap() {
                        let regiment = regiment.as_str().unwrap();
                        let crossing = leg(&field, regiment, field.of("a", regiment));
                        at_the_order += usize::from(crossing);
                        due.insert(regiment.to_string(), crossing);
                    }
                }
                "moves" if e["side"] == "a" && e["why"] == "halts" => {
                    assert_eq!(int(e, "to"), bank, "{e}");
                    let regiment = text(e, "regiment");
                    let crossing = leg(&field, regiment, bank);
                    on_the_halt += usize::from(crossing);
                    due.insert(regiment.to_string(), crossing);
                }
                "hindered" if e["order"] == "assault" => {
                    let crossing = due.remove(text(e, "regiment"));
                    assert_eq!(
                        crossing,
                        Some(true),
                        "hindered on a leg that crosses nothing: {e}"
                    );
                    assert_eq!(e["chips"].as_u64(), Some(ASSAULT_CHIPS + 1), "{e}");
                }
                "execute" => {
                    if let Some(regiment) = e["regiment"].as_str() {
                        if e["side"] == "a" {
                            let crossing = due.remove(regiment);
                            assert_ne!(crossing, Some(true), "no hindered for the leg: {e}");
                        }
                    }
                }
                _ => {}
            }
            field.see(e);
        }
    }
    assert!(on_the_halt >= 50, "{on_the_halt} legs from the Bank");
    assert!(at_the_order < on_the_halt, "{at_the_order} from the order");
}
