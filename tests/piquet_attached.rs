//! Artillery attached to a regiment, read from the games' events against
//! the text: "Infantry Move in Open : Allows infantry regiments, plus any
//! attached artillery to move to the next objective or to move to within
//! Engagement range of an enemy formation"; "Cavalry in Open : Allows
//! movement of a cavalry formation and attached horse artillery".

use std::collections::{BTreeMap, BTreeSet};

use crate::piquet_orders::replays;

/// `experiments/piquet/scenarios/battery.toml` with its eight-gun battery
/// attached to the 1st Line, which moves up and assaults the Grenadiers.
fn attached_battery() -> String {
    let battery = include_str!("../experiments/piquet/scenarios/battery.toml");
    let attached = battery.replace("guns = 8\n", "guns = 8\nattached_to = \"1st Line\"\n");
    assert_ne!(attached, battery, "the battery has eight guns");
    attached
}

#[test]
fn an_attached_company_moves_with_its_regiment_and_takes_no_orders() {
    let company = "Foot battery";
    let (carried, moves_of_regiment) = carried_along(&attached_battery(), company, "1st Line");
    assert!(carried > 100, "{carried} moves with the regiment");
    assert!(
        moves_of_regiment >= carried,
        "{moves_of_regiment} Move orders"
    );
    // Without `attached_to`, the company is ordered from its plan.
    let mut ordered = 0;
    let battery = include_str!("../experiments/piquet/scenarios/battery.toml");
    for events in replays(battery, &[], 3, 50) {
        for e in &events {
            assert_ne!(e["why"], "attached", "{e}");
            let named = e["regiments"].as_array();
            ordered += named.is_some_and(|r| r.iter().any(|r| r == company)) as u32;
        }
    }
    assert!(ordered > 0, "the battery unattached takes its orders");
}

/// Every time `company`, attached to `regiment`, was carried along by one
/// of the regiment's Move orders, checked against the regiment's place;
/// and the Move orders the regiment completed meanwhile.
fn carried_along(text: &str, company: &str, regiment: &str) -> (u32, u32) {
    let (mut carried, mut moves_of_regiment) = (0, 0);
    for events in replays(text, &[], 3, 300) {
        let mut x: BTreeMap<String, i64> = BTreeMap::new();
        let mut status: BTreeMap<String, String> = BTreeMap::new();
        let mut removed = BTreeSet::new();
        // The place the company is due at: its regiment completed a Move.
        let mut due: Option<i64> = None;
        for e in &events {
            let name = |key: &str| e[key].as_str().unwrap_or_default().to_string();
            match e["event"].as_str().unwrap() {
                // No first order either: it starts idle.
                "regiment" => {
                    let r = name("regiment");
                    x.insert(r.clone(), e["at"].as_i64().unwrap());
                    let attached = e["attached_to"].as_str();
                    assert_eq!(attached, (r == company).then_some(regiment), "{e}");
                    let first = if attached.is_some() {
                        "idle"
                    } else {
                        "ordered"
                    };
                    status.insert(r, first.to_string());
                }
                "status" => {
                    if e["to"] == "removed" {
                        removed.insert(name("regiment"));
                    }
                    status.insert(name("regiment"), name("to"));
                }
                // But a Maneuver out of an assault it defends, as any
                // regiment assaulting may be given.
                "order" => {
                    let named = e["regiments"].as_array().unwrap();
                    let ordered = named.iter().any(|r| r == company);
                    let out = status[company] == "fighting" && e["order"] == "maneuver";
                    assert!(!ordered || out || removed.contains(regiment), "{e}");
                }
                // The company is due where its regiment's Move order ends,
                // when it is formed (idle).
                "execute"
                    if e["regiment"] == regiment
                        || e["with"].as_array().unwrap().iter().any(|r| r == regiment) =>
                {
                    let complete = e["chips_left"] == 0 && e["order"] == "move";
                    if complete && status[company] == "idle" {
                        due = Some(x[regiment]);
                        moves_of_regiment += 1;
                    }
                }
                "moves" => {
                    let r = name("regiment");
                    let to = e["to"].as_i64().unwrap();
                    if r == regiment && e["why"] == "move" && due.is_some() {
                        due = Some(to);
                    }
                    if e["why"] == "attached" {
                        assert_eq!(r, company, "{e}");
                        assert_eq!(Some(to), due.take(), "to its regiment's place: {e}");
                        carried += 1;
                    }
                    x.insert(r, to);
                }
                // Whatever happened on a KARD, the company is where it
                // was due by the next.
                "turn" | "hand_play" => {
                    if let Some(to) = due.take() {
                        assert_eq!(x[company], to, "left behind: {e}");
                    }
                }
                _ => {}
            }
        }
    }
    (carried, moves_of_regiment)
}

/// "Cavalry in Open : Allows movement of a cavalry formation and attached
/// horse artillery": a horse battery rides with the Hussars.
#[test]
fn horse_artillery_attached_to_cavalry_moves_with_it() {
    let battery = include_str!("../experiments/piquet/scenarios/battery.toml");
    let text = battery.replace(
        "guns = 8\n",
        "guns = 8\nhorse = true\nattached_to = \"Hussars\"\n",
    );
    assert_ne!(text, battery, "the battery has eight guns");
    let (carried, moves_of_regiment) = carried_along(&text, "Foot battery", "Hussars");
    assert!(carried > 50, "{carried} moves with the Hussars");
    assert!(
        moves_of_regiment >= carried,
        "{moves_of_regiment} Move orders"
    );
}

#[test]
fn an_attachment_the_text_does_not_allow_is_refused_by_name() {
    let battery = include_str!("../experiments/piquet/scenarios/battery.toml");
    let russian = include_str!("../experiments/piquet/scenarios/russian.toml");
    let waves = include_str!("../experiments/piquet/scenarios/waves.toml");
    let with = |text: &str, after: &str, to: &str| {
        let changed = text.replacen(after, &format!("{after}attached_to = \"{to}\"\n"), 1);
        assert_ne!(changed, text, "{after}");
        changed
    };
    for (text, field, allowed) in [
        (
            with(battery, "name = \"2nd Line\"\n", "1st Line"),
            "a.regiments[2].attached_to",
            "only artillery is attached: 2nd Line is not",
        ),
        (
            with(battery, "guns = 8\n", "Grenadiers"),
            "a.regiments[5].attached_to",
            "an infantry regiment, or cavalry for horse artillery (horse = true), of the same player, in no second line: 1st Line, 2nd Line, Light",
        ),
        // Cavalry moves with "attached horse artillery": not foot guns.
        (
            with(battery, "guns = 8\n", "Hussars"),
            "a.regiments[5].attached_to",
            "cavalry for horse artillery (horse = true)",
        ),
        (
            with(battery, "name = \"Hussars\"\n", "1st Line").replace("attached_to = \"1st Line\"", "horse = true"),
            "a.regiments[4].horse",
            "true (artillery only), false",
        ),
        // A second line moves by its lead's orders: its guns never would.
        (
            format!(
                "{}[[a.regiments]]\nname = \"Guns\"\narm = \"artillery\"\nrating = \"light,II\"\nhorse = true\norders = [\"move\"]\nattached_to = \"Second\"\n[b]{}",
                waves.split("[b]").next().unwrap(),
                waves.split("[b]").nth(1).unwrap()
            ),
            "a.regiments[3].attached_to",
            "in no second line: Lead",
        ),
        // A player's own figure with the company could order nothing.
        (
            with(battery, "guns = 8\n", "1st Line").replacen(
                "commander = \"good\"\n",
                "commander = \"good\"\nattached_to = \"Foot battery\"\n",
                1,
            ),
            "a.attached_to",
            "takes orders of its own",
        ),
        // A twelve-gun company's halves maneuver as one: neither alone.
        (
            with(russian, "name = \"Twelve-gun II\"\n", "1st Line"),
            "a.regiments[6].attached_to",
            "Twelve-gun II is half of a twelve-gun company",
        ),
    ] {
        let error = crate::common::piquet::refused(&text, field);
        assert!(error.contains(allowed), "{field}, {allowed}: {error}");
    }
}
