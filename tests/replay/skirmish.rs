//! Skirmishing with Ancients: the game's record told from its events
//! alone. A man's fate is his last `status`; a kill is a victory point for
//! the other side, a reserve called up costs his own side his `cost`; a
//! charge's outcome is its `charge_ends`.

use super::{count, of, replays_match_the_run, Row};
use crate::common::TempDir;
use serde_json::Value;
use std::collections::BTreeMap;

const SIDES: [&str; 2] = ["a", "b"];

fn tally(events: &[Value]) -> Vec<Row> {
    check_the_cards(events);
    let mut row = Row::new();
    // Each man's last state, and whether he was wounded then.
    let mut fate: BTreeMap<String, (String, bool)> = BTreeMap::new();
    for man in of(events, "man") {
        fate.insert(
            man["man"].as_str().unwrap().into(),
            ("fighting".into(), false),
        );
    }
    // Reserves join the fate once called up, at the cost their `reserve`
    // event gave.
    let held: BTreeMap<String, u64> = of(events, "reserve")
        .map(|r| {
            (
                r["man"].as_str().unwrap().into(),
                r["cost"].as_u64().unwrap(),
            )
        })
        .collect();
    let (mut called, mut cost) = ([0u64; 2], [0u64; 2]);
    for call in of(events, "called_up") {
        let side = SIDES.iter().position(|&s| call["side"] == s).unwrap();
        let mut paid = 0;
        for man in call["men"].as_array().unwrap() {
            let man = man.as_str().unwrap();
            paid += held.get(man).expect("a reserve the scenario held");
            assert!(
                fate.insert(man.into(), ("fighting".into(), false))
                    .is_none(),
                "{man} called up twice"
            );
            called[side] += 1;
        }
        assert_eq!(call["cost"].as_u64().unwrap(), paid, "{call}");
        cost[side] += paid;
    }
    for status in of(events, "status") {
        let man = status["man"].as_str().unwrap();
        let was = fate
            .get(man)
            .expect("a status of a man the scenario listed");
        assert_ne!(was.0, "dead", "{man} changes state after his death");
        assert!(!(was.1 && status["wounded"] == false), "{man} healed");
        fate.insert(
            man.into(),
            (
                status["state"].as_str().unwrap().into(),
                status["wounded"].as_bool().unwrap(),
            ),
        );
    }
    let of_side = |side: &str, keep: &dyn Fn(&(String, bool)) -> bool| -> u64 {
        fate.iter()
            .filter(|(man, f)| man.starts_with(side) && keep(f))
            .count() as u64
    };
    let killed = SIDES.map(|s| of_side(s, &|(state, _)| state == "dead"));
    for (i, side) in SIDES.into_iter().enumerate() {
        row.insert(format!("killed_{side}"), killed[i].into());
        row.insert(
            format!("wounded_{side}"),
            of_side(side, &|(state, wounded)| *wounded && state != "dead").into(),
        );
        row.insert(
            format!("routed_{side}"),
            of_side(side, &|(state, _)| state == "gone").into(),
        );
        // One victory point per enemy killed.
        row.insert(format!("victory_points_{side}"), killed[1 - i].into());
        let increments: u64 = of(events, "play")
            .filter(|e| e["side"] == side)
            .map(|e| e["card"].as_u64().unwrap())
            .sum();
        row.insert(format!("increments_{side}"), increments.into());
        row.insert(format!("reserves_{side}"), called[i].into());
        row.insert(format!("reserve_cost_{side}"), cost[i].into());
    }
    // The winner has more points net of its reserves' cost.
    let net = |i: usize| killed[1 - i] as i64 - cost[i] as i64;
    let winner = match net(0).cmp(&net(1)) {
        std::cmp::Ordering::Greater => "a",
        std::cmp::Ordering::Less => "b",
        std::cmp::Ordering::Equal => "none",
    };
    row.insert("winner".into(), winner.into());
    // The game's charge is its first to end before the cards ran out.
    let charge = of(events, "charge_ends")
        .map(|e| e["outcome"].as_str().unwrap())
        .find(|&outcome| outcome != "cut_off")
        .unwrap_or("none");
    row.insert("charge".into(), charge.into());
    row.insert("shots".into(), count(events, "shot", |_| true).into());
    row.insert(
        "shot_hits".into(),
        count(events, "shot", |e| e["effect"] != "no_effect").into(),
    );
    row.insert(
        "morale_tests".into(),
        count(events, "morale", |_| true).into(),
    );
    row.insert(
        "morale_passes".into(),
        count(events, "morale", |e| e["passed"] == true).into(),
    );
    row.insert("melees".into(), count(events, "melee", |_| true).into());

    let end = of(events, "game_end").next().expect("a game_end event");
    assert_eq!(of(events, "game_end").count(), 1);
    assert_eq!(
        end["killed"],
        serde_json::json!(killed),
        "game_end's killed"
    );
    vec![row]
}

/// The cards as the events tell them: each side's hand is its deck's
/// top, every card played is in the hand it was played from and the card
/// drawn is the deck's next, and a side plays its whole deck.
fn check_the_cards(events: &[Value]) {
    let numbers = |v: &Value| -> Vec<u64> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap())
            .collect()
    };
    let scenario = of(events, "scenario").next().expect("a scenario event");
    let size = scenario["hand_size"].as_u64().unwrap() as usize;
    for side in SIDES {
        let deck = of(events, "deck").find(|e| e["side"] == side).unwrap();
        let cards = numbers(&deck["cards"]);
        let mut hand = numbers(&deck["hand"]);
        let mut top: Vec<u64> = cards[..size.min(cards.len())].to_vec();
        top.sort();
        assert_eq!(hand, top, "{side}'s hand is its deck's top");
        let mut next = top.len();
        for play in of(events, "play").filter(|e| e["side"] == side) {
            assert_eq!(numbers(&play["hand"]), hand, "{side}'s hand at {play}");
            let card = play["card"].as_u64().unwrap();
            let at = hand
                .iter()
                .position(|&c| c == card)
                .expect("a card in hand");
            hand.remove(at);
            match play["drawn"].as_u64() {
                Some(drawn) => {
                    assert_eq!(drawn, cards[next], "{side} draws its deck's next");
                    next += 1;
                    hand.push(drawn);
                    hand.sort();
                }
                None => assert_eq!(next, cards.len()),
            }
            assert_eq!(play["deck"].as_u64().unwrap() as usize, cards.len() - next);
        }
        assert!(hand.is_empty(), "{side} played its whole deck");
    }
}

// One test: the driver's run folder is named after the system, so two
// tests of one system at once would share it.
#[test]
fn skirmish_replays_give_the_runs_records() {
    replays_match_the_run("skirmish", 2000, &[], tally);
    // Mounted men and archers charge crossbowmen: within 12 inches the side
    // halts to shoot a card that cannot reach contact, its archers shoot
    // point-blank with what a charge's card leaves, and it plays the last
    // card, so a charge can be cut off.
    let temp = TempDir::new("replay-skirmish-raid");
    let scenario = temp.path().join("raid.toml");
    std::fs::write(
        &scenario,
        "name = \"raid\"\ndistance = 30\nattacker = \"a\"\nfirst = \"b\"\nspread = 4\n\
         [[a.men]]\ncount = 3\ntype = \"cavalry\"\nshield = true\n\
         [[a.men]]\ncount = 3\nweapon = \"archer\"\n\
         [[b.men]]\ncount = 4\nshield = true\n\
         [[b.men]]\ncount = 2\nweapon = \"crossbow\"\n",
    )
    .unwrap();
    let halter = temp.path().join("halter.toml");
    std::fs::write(
        &halter,
        "description = \"halts to shoot\"\nbase = \"cadence\"\nhalt_within = 12\n",
    )
    .unwrap();
    let a = format!("a={}", halter.display());
    replays_match_the_run(
        "skirmish",
        1000,
        &[
            "--scenario",
            scenario.to_str().unwrap(),
            "--strategy",
            &a,
            "--strategy",
            "b=random",
            "--set",
            "result_reading=natural_extremes",
            "--set",
            "morale_pass=at_or_under",
            "--set",
            "cards_per_value=3",
        ],
        tally,
    );
    // The search's imagined playouts tell nothing: only its game's own
    // shots and tests are counted.
    replays_match_the_run("skirmish", 60, &["--strategy", "b=search"], tally);
    // Reserves on both sides, called when outnumbered, and the Romans'
    // all at once when behind.
    replays_match_the_run("skirmish", 500, &["--scenario", "reserves"], tally);
    let behind = temp.path().join("behind.toml");
    std::fs::write(
        &behind,
        "description = \"calls every reserve when behind\"\nbase = \"hold_high\"\nreserves = \"behind\"\n",
    )
    .unwrap();
    let b = format!("b={}", behind.display());
    replays_match_the_run(
        "skirmish",
        300,
        &["--scenario", "reserves", "--strategy", &b],
        tally,
    );
}

#[test]
fn every_skirmish_event_is_documented_with_its_fields_in_order() {
    let table = super::documented("Skirmishing with Ancients");
    let system = fortunes::systems::find("skirmish").unwrap();
    let mut seen = std::collections::BTreeSet::new();
    // The shipped Vikings, and attacking archers who halt (as above) with
    // the game's last card theirs, so that a charge may be cut off.
    let raid = "name = \"raid\"\ndistance = 30\nattacker = \"a\"\nfirst = \"b\"\n\
                [[a.men]]\ncount = 3\ntype = \"cavalry\"\nshield = true\n\
                [[a.men]]\ncount = 3\nweapon = \"archer\"\n\
                [[b.men]]\ncount = 4\nshield = true\n[[b.men]]\ncount = 2\nweapon = \"crossbow\"\n";
    // The text's creek across the attackers' way.
    let creek = include_str!("../../experiments/skirmish/scenarios/creek.toml");
    // Reserves on both sides, called up when outnumbered.
    let reserves = include_str!("../../experiments/skirmish/scenarios/reserves.toml");
    for (scenario, games) in [
        (None, 200),
        (Some(raid), 400),
        (Some(creek), 20),
        (Some(reserves), 20),
    ] {
        let mut variant = system.default_variant(system.both_playing("random").unwrap());
        if let Some(text) = scenario {
            variant.scenario = toml::from_str(text).unwrap();
        }
        for game in 0..games {
            let replay = system.replay(&variant, 3, game).unwrap();
            for line in &replay.events.json {
                let event: serde_json::Map<String, Value> = serde_json::from_str(line).unwrap();
                let kind = event["event"].as_str().unwrap().to_string();
                // In the order the line gives them (no value holds
                // key-like text).
                let mut fields: Vec<String> =
                    event.keys().filter(|k| *k != "event").cloned().collect();
                fields.sort_by_key(|k| line.find(&format!("\"{k}\":")).unwrap());
                assert_eq!(Some(&fields), table.get(&kind), "{kind}: {line}");
                seen.insert(kind);
            }
        }
    }
    let missing: Vec<_> = table.keys().filter(|k| !seen.contains(*k)).collect();
    assert!(missing.is_empty(), "never seen: {missing:?}");
}
