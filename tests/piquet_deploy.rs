//! Piquet's deployments and the optional Skirmish Engagement, read from
//! the games' events against the text: "Executing this card will allow
//! the regiment to change its deployment. This is limited to expanding or
//! contracting the frontage of the regiment or going into and out of
//! Prepared to Receive Cavalry" (Deployment); "When deployed for skirmish
//! action, the unit assumes a frontage that is 50% greater than its
//! maximum, formed frontage"; "Skirmishing units can Assault only other
//! skirmishing units; skirmishing infantry can not Assault skirmishing
//! cavalry in the open"; formed infantry going through skirmishers: "move
//! the formed unit into Engagement range of the skirmishing unit. The
//! skirmishing unit takes an unmodified performance cast and the result is
//! given to the formed unit as additional movement chips".

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use crate::common::piquet::{refused, two_d8_cast};
use crate::piquet_orders::replays;

fn skirmishers() -> String {
    include_str!("../experiments/piquet/scenarios/skirmishers.toml").to_string()
}

fn tenths(v: &Value) -> i64 {
    (v.as_f64().unwrap() * 10.0).round() as i64
}

fn kind(e: &Value) -> &str {
    e["event"].as_str().unwrap()
}

fn of(e: &Value, side: &str, regiment: &str) -> bool {
    e["side"] == side && e["regiment"] == regiment
}

#[test]
fn deploy_orders_take_each_listed_deployment_in_turn() {
    // b's Line: deploy_to = ["prepared", "formed"]; a second scenario forms
    // it at its least, 8", then its most (9.3" at most, 5.8" at least:
    // the text's example regiment).
    let listed = skirmishers().replace(
        "deploy_to = [\"prepared\", \"formed\"]",
        "deploy_to = [\"min\", 8.0, \"max\"]",
    );
    // The Voltigeurs out of skirmish order into Prepared to Receive
    // Cavalry: at their formed frontage (4.4"), not 6.6".
    let voltigeurs = skirmishers().replace(
        "at = 10\nbrigade = 1\norders = [\"deploy\"]",
        "at = 10\nbrigade = 1\norders = [\"deploy\"]\ndeploy_to = [\"prepared\", \"skirmish\"]",
    );
    assert!(voltigeurs.contains("deploy_to = [\"prepared\", \"skirmish\"]"));
    let mut seen = 0;
    for events in replays(&voltigeurs, &[], 5, 100) {
        let deploys = events
            .iter()
            .filter(|e| kind(e) == "deploys" && of(e, "b", "Voltigeurs"));
        for (k, e) in deploys.enumerate() {
            let want = [("prepared", 44), ("skirmish", 66)][k % 2];
            assert_eq!(
                (e["to"].as_str().unwrap(), tenths(&e["frontage"])),
                want,
                "{e}"
            );
            seen += 1;
        }
    }
    assert!(seen >= 20, "{seen}");
    for (text, expected) in [
        (skirmishers(), vec![("prepared", 93), ("formed", 93)]),
        (listed, vec![("formed", 58), ("formed", 80), ("formed", 93)]),
    ] {
        let mut seen = 0;
        for events in replays(&text, &[], 5, 200) {
            let deploys: Vec<(String, i64)> = events
                .iter()
                .filter(|e| kind(e) == "deploys" && of(e, "b", "Line"))
                .map(|e| {
                    (
                        e["to"].as_str().unwrap().to_string(),
                        tenths(&e["frontage"]),
                    )
                })
                .collect();
            let completed = events
                .iter()
                .filter(|e| {
                    kind(e) == "execute"
                        && of(e, "b", "Line")
                        && e["order"] == "deploy"
                        && e["chips_left"] == 0
                })
                .count();
            assert_eq!(deploys.len(), completed, "one deployment a completed order");
            for (k, (to, frontage)) in deploys.iter().enumerate() {
                let (want, width) = expected[k % expected.len()];
                assert_eq!((to.as_str(), *frontage), (want, width), "deployment {k}");
            }
            seen += deploys.len();
            // No other regiment lists deploy_to: its Deploy orders change
            // nothing.
            assert!(events
                .iter()
                .filter(|e| kind(e) == "deploys")
                .all(|e| of(e, "b", "Line")));
        }
        assert!(seen >= 100, "only {seen} deployments");
    }
}

#[test]
fn skirmishers_stand_half_as_wide_again_and_skirmishing_cavalry_fires() {
    let mut volleys = BTreeMap::<String, u32>::new();
    for events in replays(&skirmishers(), &[], 6, 100) {
        for e in &events {
            match kind(e) {
                "regiment" => {
                    let name = e["regiment"].as_str().unwrap();
                    // 1000 men in 3 ranks, one battalion: 4.4" formed at
                    // most; 400 troopers: 200 x 1.5 / 75 = 4".
                    let want = match name {
                        "Voltigeurs" => Some(("skirmish", 66)),
                        "Chasseurs" => Some(("skirmish", 60)),
                        "Hussars" => Some(("formed", 50)),
                        "Line" => Some(("formed", 93)),
                        _ => None,
                    };
                    if let Some((deployment, width)) = want {
                        assert_eq!(e["deployment"], deployment, "{name}");
                        assert_eq!(tenths(&e["frontage"]), width, "{name}");
                    }
                }
                "volley" => {
                    *volleys
                        .entry(e["regiment"].as_str().unwrap().into())
                        .or_default() += 1;
                }
                _ => {}
            }
        }
    }
    assert!(
        volleys.get("Chasseurs").is_some_and(|&n| n >= 50),
        "{volleys:?}"
    );
    assert!(
        !volleys.contains_key("Hussars"),
        "formed cavalry fired: {volleys:?}"
    );
}

#[test]
fn skirmishers_assault_only_skirmishers() {
    // a's Chasseurs (skirmishing cavalry) aimed at b's formed Line, and
    // b's Voltigeurs (skirmishing infantry) sent against the Chasseurs
    // standing in the open: neither may go in; both engage instead.
    let text = skirmishers()
        .replace(
            "deployment = \"skirmish\"\nbrigade = 2\norders = [\"move\", \"assault\"]\ntarget = \"Voltigeurs\"",
            "deployment = \"skirmish\"\nbrigade = 2\norders = [\"move\", \"assault\"]\ntarget = \"Line\"",
        )
        .replace(
            "at = 10\nbrigade = 1\norders = [\"deploy\"]",
            "at = 10\nbrigade = 1\norders = [\"move\", \"assault\"]\ntarget = \"Chasseurs\"",
        );
    assert!(
        text.contains("target = \"Chasseurs\"")
            && text.contains("target = \"Line\"\n\n[[a.regiments]]\nname = \"Hussars\"")
    );
    let (mut engages, mut allowed) = (0, 0);
    for events in replays(&text, &[], 7, 200) {
        // Where the Chasseurs stand: in the copse (9" to 11") they are not
        // in the open, and skirmishing infantry may assault them there.
        let mut chasseurs = 0;
        for e in &events {
            if kind(e) == "moves" && of(e, "a", "Chasseurs") {
                chasseurs = e["to"].as_i64().unwrap();
            }
            if kind(e) == "assault_begins" || kind(e) == "joins_assault" {
                let in_open = !(9..=11).contains(&chasseurs);
                let barred = (e["side"] == "a" && e["attacker"] == "Chasseurs")
                    || (e["side"] == "b"
                        && e["attacker"] == "Voltigeurs"
                        && e["defender"] == "Chasseurs"
                        && in_open);
                assert!(!barred, "{e}");
                allowed += 1;
            }
            if kind(e) == "moves" && e["why"] == "engages" {
                engages += 1;
            }
        }
    }
    assert!(engages >= 20 && allowed >= 20, "{engages} {allowed}");
}

/// The assaults of `regiment` (side a) that began on the Voltigeurs, and
/// how many of them first took the skirmishers' cast; each cast checked
/// against the text: the skirmishers' own dice (line,veteran: 3d8),
/// unmodified (the highest), as the order's chips, from within
/// Engagement range.
fn through(sets: &[&str]) -> (u32, u32, u32) {
    let (mut begun, mut through, mut in_copse) = (0, 0, 0);
    for events in replays(&skirmishers(), sets, 8, 300) {
        let mut x = BTreeMap::<(String, String), i64>::new();
        let mut pending: Option<u32> = None;
        // Ordered just now: "If already Engaged with skirmishers when
        // ordered to move, the additional cast is taken immediately",
        // added to the order's 6 chips.
        let mut just_ordered = false;
        for e in &events {
            let ordered_now = kind(e) == "status" && of(e, "a", "1st Line") && e["to"] == "ordered";
            match kind(e) {
                "regiment" => {
                    let key = (
                        e["side"].as_str().unwrap().into(),
                        e["regiment"].as_str().unwrap().into(),
                    );
                    x.insert(key, e["at"].as_i64().unwrap());
                }
                "moves" => {
                    let key = (
                        e["side"].as_str().unwrap().into(),
                        e["regiment"].as_str().unwrap().into(),
                    );
                    x.insert(key, e["to"].as_i64().unwrap());
                }
                // (The 2nd Line's Move goes through them too: its own test.)
                "skirmishers_cast" if of(e, "a", "2nd Line") => {}
                "skirmishers_cast" => {
                    assert!(
                        of(e, "a", "1st Line"),
                        "only formed infantry goes through: {e}"
                    );
                    let dice: Vec<u32> = e["dice"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|d| d.as_u64().unwrap() as u32)
                        .collect();
                    assert_eq!(dice.len(), 3, "{e}");
                    assert!(dice.iter().all(|&d| (1..=8).contains(&d)), "{e}");
                    assert_eq!(
                        e["chips"].as_u64().unwrap() as u32,
                        *dice.iter().max().unwrap(),
                        "{e}"
                    );
                    let me = x[&("a".to_string(), "1st Line".to_string())];
                    let them = x[&("b".to_string(), "Voltigeurs".to_string())];
                    assert!((them - me).abs() <= 3, "not within Engagement range: {e}");
                    if (9..=11).contains(&them) {
                        in_copse += 1;
                    }
                    let base = if just_ordered { 6 } else { 0 };
                    pending = Some(base + e["chips"].as_u64().unwrap() as u32);
                    through += 1;
                }
                // Broken or beaten before its next cast: a new order.
                "status" if of(e, "a", "1st Line") => pending = None,
                "execute" if of(e, "a", "1st Line") && e["order"] == "assault" => {
                    if let Some(chips) = pending.take() {
                        assert_eq!(e["chips"].as_u64().unwrap() as u32, chips, "{e}");
                    }
                }
                "assault_begins"
                    if e["attacker"] == "1st Line" && e["defender"] == "Voltigeurs" =>
                {
                    begun += 1;
                }
                _ => {}
            }
            if e["regiment"] == "1st Line" || e["attacker"] == "1st Line" {
                just_ordered = ordered_now;
            }
        }
    }
    (begun, through, in_copse)
}

#[test]
fn formed_infantry_goes_through_skirmishers_unless_they_receive_it_in_cover() {
    let (begun, through_never, copse_never) = through(&["skirmishers_receive=never"]);
    assert!(
        begun >= 20 && through_never >= begun,
        "{begun} {through_never}"
    );
    assert!(copse_never >= 10, "{copse_never}");
    // Receiving in the copse: only skirmishers out in the open are gone
    // through.
    let (begun, through_cover, copse_cover) = through(&[]);
    assert!(begun >= 20, "{begun}");
    assert_eq!(copse_cover, 0);
    assert!(
        through_cover < through_never,
        "{through_cover} {through_never}"
    );
}

#[test]
fn cavalry_casts_against_prepared_infantry_take_the_prepared_step() {
    // 2d8 for the Hussars (line,reliable). With no Heroic Moment for side a
    // that KARD, a cast against the Line Prepared to Receive Cavalry reads
    // one step down (the lower die), else the higher; a Heroic Moment nets
    // it out. The stamina tiers take no step under the default rules.
    let (mut prepared_rounds, mut formed_rounds) = (0, 0);
    for events in replays(&skirmishers(), &["prepared_step=-1"], 9, 300) {
        let mut prepared = false;
        let mut heroic = BTreeSet::new();
        for e in &events {
            match kind(e) {
                "deploys" if of(e, "b", "Line") => prepared = e["to"] == "prepared",
                "heroic" if e["side"] == "a" => {
                    heroic.insert((e["decq"].as_u64(), e["kard"].as_u64()));
                }
                "assault_round" if e["side"] == "a" && e["defender"] == "Line" => {
                    let up = heroic.contains(&(e["decq"].as_u64(), e["kard"].as_u64()));
                    let attackers = e["attackers"].as_array().unwrap();
                    for (k, name) in attackers.iter().enumerate() {
                        if name != "Hussars" {
                            continue;
                        }
                        let cast = e["attacker_casts"][k].as_u64().unwrap();
                        let step = i32::from(up) - i32::from(prepared);
                        let want = two_d8_cast(&e["attacker_dice"][k], step);
                        assert_eq!(cast, want, "prepared {prepared}, heroic {up}: {e}");
                        if prepared {
                            prepared_rounds += 1;
                        } else {
                            formed_rounds += 1;
                        }
                    }
                }
                _ => {}
            }
        }
    }
    assert!(
        prepared_rounds >= 20 && formed_rounds >= 20,
        "{prepared_rounds} {formed_rounds}"
    );
}

#[test]
fn bad_deployments_are_refused_naming_the_field() {
    let text = skirmishers();
    let hussars = "name = \"Hussars\"\nrating = \"line,reliable\"\narm = \"cavalry\"";
    assert!(text.contains(hussars));
    let error = refused(
        &text.replace(hussars, &format!("{hussars}\ndeploy_to = [\"prepared\"]")),
        "a.regiments[4].deploy_to",
    );
    assert!(error.contains("infantry only"), "{error}");
    let error = refused(
        &text.replace(hussars, &format!("{hussars}\ndeployment = \"skirmish\"")),
        "a.regiments[4].deployment",
    );
    assert!(error.contains("skirmishers = true"), "{error}");
    let line = "name = \"Line\"\nrating = \"line,reliable\"";
    let error = refused(
        &text.replace(
            "deploy_to = [\"prepared\", \"formed\"]",
            "deploy_to = [9.9]",
        ),
        "b.regiments[2].deploy_to",
    );
    assert!(error.contains("5.8 to 9.3"), "{error}");
    assert!(text.contains(line));
    let error = refused(
        &text.replace(line, &format!("{line}\ndeployment = \"square\"")),
        "b.regiments[2].deployment",
    );
    assert!(error.contains("formed, prepared, skirmish"), "{error}");
    let error = refused(
        &text.replace(
            "name = \"2nd Line\"\nrating = \"line,reliable\"",
            "name = \"2nd Line\"\narm = \"artillery\"\nrating = \"medium,II\"\nskirmishers = true",
        ),
        "a.regiments[2].skirmishers",
    );
    assert!(error.contains("infantry or cavalry"), "{error}");
}

#[test]
fn formed_cavalry_assaults_skirmishers_without_the_chip_penalty() {
    // The Hussars sent against the Voltigeurs: "Formed cavalry can only
    // Assault skirmishers and they do not pay the additional movement
    // chip penalty that infantry incurs ... the skirmishers do not move,
    // but receive the cavalry at their current position."
    let hussars = "brigade = 3\norders = [\"move\", \"assault\"]\ntarget = \"Line\"";
    assert!(skirmishers().contains(hussars));
    let text = skirmishers().replace(
        hussars,
        "brigade = 3\norders = [\"move\", \"assault\"]\ntarget = \"Voltigeurs\"",
    );
    let mut begun = 0;
    for events in replays(&text, &["skirmishers_receive=never"], 10, 200) {
        for e in &events {
            if kind(e) == "skirmishers_cast" {
                assert!(e["side"] == "a" && e["regiment"] != "Hussars", "{e}");
            }
            // (Once the Voltigeurs are gone, the nearest enemy.)
            if kind(e) == "assault_begins"
                && e["attacker"] == "Hussars"
                && e["defender"] == "Voltigeurs"
            {
                begun += 1;
            }
        }
    }
    assert!(begun >= 20, "{begun}");
}

#[test]
fn a_move_goes_through_skirmishers_and_they_fall_back_beyond_its_objective() {
    // a's 2nd Line moves on b's Line (16"); the Voltigeurs skirmishing in
    // the copse (9" to 11") would stop it short of the copse, where its
    // Move goes first. "move the formed unit into Engagement range of the
    // skirmishing unit ... additional movement chips"; once removed, "If
    // the skirmishers fall back to the far side of the objective, the
    // formed unit occupies the objective."
    let (mut casts, mut fell_back) = (0, 0);
    for events in replays(&skirmishers(), &[], 11, 300) {
        let mut x = BTreeMap::<String, i64>::new();
        let mut pending = None;
        let mut voltigeurs = "idle".to_string();
        for e in &events {
            let name = e["regiment"].as_str().unwrap_or("").to_string();
            if kind(e) == "status" && of(e, "b", "Voltigeurs") {
                voltigeurs = e["to"].as_str().unwrap().to_string();
            }
            match kind(e) {
                "regiment" => {
                    x.insert(name, e["at"].as_i64().unwrap());
                }
                // The cast was for its Move: its next cast starts from it.
                "execute" if of(e, "a", "2nd Line") => {
                    if let Some(chips) = pending.take() {
                        assert_eq!(e["order"], "move", "{e}");
                        assert_eq!(e["chips"].as_u64(), Some(chips), "{e}");
                    }
                }
                "status" if of(e, "a", "2nd Line") => pending = None,
                "skirmishers_cast" if of(e, "a", "2nd Line") => {
                    assert_eq!(e["skirmishers"], "Voltigeurs");
                    let dice = e["dice"].as_array().unwrap();
                    assert_eq!(dice.len(), 3, "{e}");
                    let highest = dice.iter().map(|d| d.as_u64().unwrap()).max().unwrap();
                    assert_eq!(e["chips"].as_u64().unwrap(), highest, "{e}");
                    assert!(x["Voltigeurs"] - x["2nd Line"] <= 3, "{e}");
                    assert!(x["Voltigeurs"] >= x["2nd Line"], "between: {e}");
                    pending = e["chips"].as_u64();
                    casts += 1;
                }
                "moves" => {
                    let to = e["to"].as_i64().unwrap();
                    if e["why"] == "falls_back" {
                        assert!(of(e, "b", "Voltigeurs"), "{e}");
                        // "Assaults, once started, are fought out
                        // continuously": not from an assault.
                        assert!(["idle", "ordered"].contains(&voltigeurs.as_str()), "{e}");
                        // Past the copse's far side, and 1" outside
                        // Engagement range of the copse's near edge, where
                        // the 2nd Line was ordered.
                        let (far_side, outside_range) = (11 + 1, 9 + 3 + 1);
                        assert!(to >= far_side.max(outside_range), "{e}");
                        fell_back += 1;
                    }
                    x.insert(name, to);
                }
                _ => {}
            }
        }
    }
    assert!(casts >= 20 && fell_back >= 10, "{casts} {fell_back}");
}

#[test]
fn a_move_with_nowhere_to_go_moves_through_no_skirmishers() {
    // "Formed infantry that wishes to move through skirmishers that are
    // between them and the formed unit's objective": a's Line, its Move's
    // target b's Fusiliers, with b's Voltigeurs skirmishing 2" ahead of it.
    // With the Fusiliers at Engagement range (3") the Move has nowhere to
    // go and wishes to move through nothing: no cast is taken while they
    // stand there. With them 10" off the Voltigeurs are in its way.
    let scenario = |fusiliers: u32| {
        let text = skirmishers();
        let head = &text[..text.find("[a]\n").unwrap()];
        format!(
            "{head}[a]\ncommander = \"good\"\n\n[[a.regiments]]\nname = \"Line\"\nrating = \"line,reliable\"\n\
             brigade = 1\norders = [\"move\"]\ntarget = \"Fusiliers\"\n\n[b]\ncommander = \"good\"\n\n\
             [[b.regiments]]\nname = \"Voltigeurs\"\nrating = \"line,veteran\"\ntroops = 1000\nbattalions = 1\n\
             skirmishers = true\ndeployment = \"skirmish\"\nat = 2\nbrigade = 1\norders = [\"deploy\"]\n\n\
             [[b.regiments]]\nname = \"Fusiliers\"\nrating = \"line,reliable\"\nat = {fusiliers}\nbrigade = 2\n\
             orders = [\"deploy\"]\n"
        )
        .replace("[[objectives]]\nname = \"Copse\"\nfrom = 9\nto = 11\nkind = \"woods\"\n", "")
    };
    // The Line's Move executions with its target at hand, and the casts.
    let play = |fusiliers: u32| {
        let text = scenario(fusiliers);
        assert!(
            !text.contains("Copse") && text.contains("at = 2\n"),
            "{text}"
        );
        let (mut at_hand, mut casts) = (0, 0);
        for events in replays(&text, &[], 3, 120) {
            let mut x = BTreeMap::<String, i64>::new();
            for e in &events {
                let name = e["regiment"].as_str().unwrap_or("").to_string();
                match kind(e) {
                    "regiment" => {
                        x.insert(name, e["at"].as_i64().unwrap());
                    }
                    "moves" => {
                        x.insert(name, e["to"].as_i64().unwrap());
                    }
                    "execute" if of(e, "a", "Line") && e["order"] == "move" => {
                        at_hand += (x["Fusiliers"] - x["Line"] <= 3) as u32;
                    }
                    "skirmishers_cast" if of(e, "a", "Line") => {
                        assert!(x["Fusiliers"] - x["Line"] > 3, "nowhere to go: {e} {x:?}");
                        casts += 1;
                    }
                    _ => {}
                }
            }
        }
        (at_hand, casts)
    };
    let (at_hand, _) = play(3);
    assert!(
        at_hand >= 20,
        "{at_hand} Move executions with the target at hand"
    );
    let (_, casts) = play(10);
    assert!(casts >= 20, "{casts} casts in the way");
}

/// Every game's events of `games` under `player` on both sides.
pub(crate) fn replays_by(text: &str, sets: &[&str], player: &str, games: u64) -> Vec<Vec<Value>> {
    let system = fortunes::systems::find("piquet").unwrap();
    let mut variant = system.default_variant(system.both_playing(player).unwrap());
    variant.scenario = toml::from_str(text).unwrap();
    for set in sets {
        variant.rules.set_text(set).unwrap();
    }
    (0..games)
        .map(|game| {
            let replay = system.replay(&variant, 9, game).unwrap();
            let lines = replay.events.json.iter();
            lines.map(|l| serde_json::from_str(l).unwrap()).collect()
        })
        .collect()
}

/// The skirmishers scenario with both sides' orders chosen by their
/// players.
pub(crate) fn skirmishers_chosen() -> String {
    skirmishers()
        .replace("\n[a]\n", "\n[a]\norders = \"chosen\"\n")
        .replace("\n[b]\n", "\n[b]\norders = \"chosen\"\n")
}

#[test]
fn a_chosen_deploy_goes_where_its_player_chose() {
    // The frontages the text's procedure gives each regiment (tenths):
    // infantry of 2,100 in 3 ranks and 3 battalions 9.3" at most, 5.8"
    // at least; the Voltigeurs (1,000, one battalion) 4.4" either way;
    // cavalry "troops / 2 x 1.5 / 75" (Chasseurs 400: 4", Hussars 500:
    // 5"), with "no defined minimum width"; skirmish order "50% greater
    // than its maximum, formed frontage".
    // (max, min, skirmish, prepares): tenths, None where it may not go.
    type Widths = (i64, Option<i64>, Option<i64>, bool);
    let widths: BTreeMap<&str, Widths> = [
        ("1st Line", (93, Some(58), None, true)),
        ("2nd Line", (93, Some(58), None, true)),
        ("Line", (93, Some(58), None, true)),
        ("Voltigeurs", (44, Some(44), Some(66), true)),
        ("Chasseurs", (40, None, Some(60), false)),
        ("Hussars", (50, None, None, false)),
    ]
    .into_iter()
    .collect();
    let mut kinds = BTreeSet::new();
    let mut followed = 0;
    for events in replays_by(&skirmishers_chosen(), &[], "random", 150) {
        // Where each regiment's pending Deploy goes, and the group of the
        // order it came with.
        let mut pending: BTreeMap<(String, String), String> = BTreeMap::new();
        let mut group: Vec<String> = Vec::new();
        let mut group_to: BTreeSet<String> = BTreeSet::new();
        for e in &events {
            let key = |e: &Value| {
                (
                    e["side"].as_str().unwrap().to_string(),
                    e["regiment"].as_str().unwrap_or("").to_string(),
                )
            };
            match kind(e) {
                "order" => {
                    // One order is one deployment for the whole group.
                    assert!(group_to.len() <= 1, "{group:?} {group_to:?}");
                    group_to.clear();
                    group = match e["order"] == "deploy" {
                        true => e["regiments"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|r| r.as_str().unwrap().to_string())
                            .collect(),
                        false => Vec::new(),
                    };
                }
                "deploy_to" => {
                    let regiment = e["regiment"].as_str().unwrap();
                    assert!(group.iter().any(|r| r == regiment), "{e} outside {group:?}");
                    let to = e["to"].as_str().unwrap();
                    let (_, min, skirmish, prepares) = widths[regiment];
                    let allowed = match to {
                        "max" | "formed" => true,
                        "min" => min.is_some(),
                        "prepared" => prepares,
                        "skirmish" => skirmish.is_some(),
                        other => panic!("{other}"),
                    };
                    assert!(allowed, "{e}");
                    kinds.insert(to.to_string());
                    group_to.insert(to.to_string());
                    // One cut off (its regiment drawn into an assault)
                    // is replaced by its next.
                    pending.insert(key(e), to.to_string());
                }
                "deploys" => {
                    let Some(to) = pending.remove(&key(e)) else {
                        panic!("a chosen deploy nobody chose: {e}");
                    };
                    let regiment = e["regiment"].as_str().unwrap();
                    let (max, min, skirmish, _) = widths[regiment];
                    let (from_width, width) = (tenths(&e["frontage_from"]), tenths(&e["frontage"]));
                    let expected = match to.as_str() {
                        "max" | "formed" => ("formed", max),
                        "min" => ("formed", min.unwrap()),
                        "skirmish" => ("skirmish", skirmish.unwrap()),
                        // Its frontage kept; out of skirmish order, formed.
                        _ if e["from"] == "skirmish" => ("prepared", max),
                        _ => ("prepared", from_width),
                    };
                    assert_eq!((e["to"].as_str().unwrap(), width), expected, "{e}");
                    // A Deploy that would change nothing is not offered.
                    assert!(e["from"] != e["to"] || from_width != width, "{e}");
                    followed += 1;
                }
                _ => {}
            }
        }
    }
    assert!(followed >= 50, "{followed}");
    // The random player draws every kind of deployment.
    assert_eq!(kinds.len(), 5, "{kinds:?}");
}

#[test]
fn the_heuristic_prepares_infantry_against_cavalry_only_when_prepared_pays() {
    let count = |sets: &[&str]| {
        let mut to = BTreeMap::new();
        for events in replays_by(&skirmishers_chosen(), sets, "heuristic", 60) {
            for e in events.iter().filter(|e| kind(e) == "deploy_to") {
                *to.entry(e["to"].as_str().unwrap().to_string()).or_insert(0) += 1;
            }
        }
        to
    };
    // prepared_step 0: Prepared to Receive Cavalry does nothing, so the
    // heuristic never spends an order on it (nor on any deployment).
    assert!(count(&[]).is_empty());
    let prepared = count(&["prepared_step=-1"]);
    assert_eq!(
        prepared.keys().collect::<Vec<_>>(),
        ["prepared"],
        "{prepared:?}"
    );
    assert!(prepared["prepared"] >= 20, "{prepared:?}");
}
