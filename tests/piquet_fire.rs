//! Piquet fire held to exact answers and to the text: every volley the game
//! casts follows the exact law of its dice (`fortunes odds piquet fire`),
//! the eight-gun company's and Crushing Volley's dice as the text gives
//! them, ranges (Bombardment only for medium heavy and heavy artillery),
//! and the Elan fire takes is the Elan the other side loses.

use fortunes::engine::{BySeat, Seat};
use fortunes::stats::Rate;
use fortunes::systems::piquet::dice::{volley_distribution, BeyondFour, DICE};
use fortunes::systems::piquet::stats::{volley_key, FireKind};
use fortunes::systems::piquet::{Rules, Scenario, Stats};

use crate::common::piquet as common;

use common::{heuristic, scenario};

fn play(scenario: &Scenario, rules: &Rules, games: u64, seed: u64) -> Stats {
    common::play(
        scenario,
        rules,
        BySeat([heuristic(&[]); 2]),
        games,
        seed,
        None,
    )
}

/// A firefight: side a's line regiment and light company stand; side b's
/// eight-gun medium heavy company bombards from 10" and its fusiliers stand
/// at Engagement range. Crushing Volleys in both decks.
fn firefight(crushing_volleys: u32) -> String {
    format!(
        r#"
decqs = 3
[chips]
move = 8
maneuver = 4
deploy = 3
assault = 6
[army_deck]
officer_check = 4
musket_reload = 4
artillery_reload = 4
crushing_volley = {crushing_volleys}
dress_lines = {}
[a]
commander = "good"
[[a.regiments]]
name = "Line"
rating = "line,reliable"
orders = ["deploy"]
[[a.regiments]]
name = "Light battery"
arm = "artillery"
rating = "light,II"
orders = ["deploy"]
[b]
commander = "good"
[[b.regiments]]
name = "Battery"
arm = "artillery"
rating = "medium_heavy,II"
guns = 8
at = 10
target = "Line"
orders = ["deploy"]
[[b.regiments]]
name = "Fusiliers"
rating = "line,veteran"
at = 3
orders = ["deploy"]
"#,
        20 - crushing_volleys
    )
}

#[test]
fn every_volley_follows_the_exact_law_of_its_dice() {
    let rules = Rules::default();
    let stats = play(&scenario(&firefight(6)), &rules, 20_000, 5);
    // Every value of every kind of volley cast, within a Wilson interval
    // whose confidence is shared out over all the cells tested.
    let mut cells = Vec::new();
    for sides in DICE {
        for count in 1..=4u8 {
            for step in -6..=6 {
                for special in [false, true] {
                    let key = volley_key(sides, count, step, special).unwrap();
                    let h = &stats.volley_casts[key];
                    if h.total() < 200 {
                        continue;
                    }
                    let exact =
                        volley_distribution(sides, count, step, BeyondFour::NextType, special);
                    for (value, &n) in h.counts.iter().enumerate() {
                        let p = exact.get(value).map_or(0.0, |f| f.value());
                        cells.push((sides, count, step, special, value, n, h.total(), p));
                    }
                }
            }
        }
    }
    let kinds: std::collections::BTreeSet<_> = cells.iter().map(|c| (c.0, c.1, c.2, c.3)).collect();
    // The scenario casts at least: 2d8 (the line), 2d8+1d10 (the battery),
    // 3d8 (the fusiliers), 2d4 (the light company), and each a step up on
    // a Crushing Volley.
    for kind in [
        (8, 2, 0, false),
        (8, 2, 0, true),
        (8, 3, 0, false),
        (4, 2, 0, false),
        (8, 2, 1, false),
        (8, 2, 1, true),
    ] {
        assert!(kinds.contains(&kind), "no volleys of {kind:?}: {kinds:?}");
    }
    let confidence = 1.0 - 1e-4 / cells.len() as f64;
    for (sides, count, step, special, value, n, total, p) in cells {
        let (low, high) = Rate::new(n, total).wilson(confidence);
        assert!(
            low <= p && p <= high,
            "{count}d{sides} step {step} eight guns {special}: value {value} {n}/{total} vs {p}"
        );
    }
}

#[test]
fn the_texts_dice_for_eight_guns_and_a_crushing_volley() {
    // "An eight gun company of Class II medium heavy artillery would cast
    // 2d8 plus 1d10": the highest of the three. P(at most v) is
    // (v/8)^2 (v/10) up to 8, then v/10.
    let dist = volley_distribution(8, 2, 0, BeyondFour::NextType, true);
    for v in 1..=10u32 {
        let at_most = |v: u32| -> f64 {
            let v = v as f64;
            if v <= 8.0 {
                (v / 8.0).powi(2) * v / 10.0
            } else {
                v / 10.0
            }
        };
        let p = at_most(v) - at_most(v - 1);
        assert!((dist[v as usize].value() - p).abs() < 1e-12, "value {v}");
    }
    // Crushing Volley: up one step, a reliable line regiment's 2d8 becomes
    // 3d8: P(8) = 1 - (7/8)^3.
    let up = volley_distribution(8, 2, 1, BeyondFour::NextType, false);
    assert!((up[8].value() - (1.0 - (7.0f64 / 8.0).powi(3))).abs() < 1e-12);
    // Down one step the eight-gun company reads its second highest of
    // 2d8 + 1d10: a 10 can never be read.
    let down = volley_distribution(8, 2, -1, BeyondFour::NextType, true);
    assert!(down.get(10).is_none_or(|f| f.value() == 0.0));
    assert!(down[8].value() > 0.0);
}

#[test]
fn without_crushing_volleys_no_volley_is_stepped_up() {
    let rules = Rules::default();
    let stats = play(&scenario(&firefight(0)), &rules, 2_000, 7);
    for (sides, count, special) in [(8, 2, false), (8, 2, true), (8, 3, false), (4, 2, false)] {
        let up = volley_key(sides, count, 1, special).unwrap();
        assert_eq!(stats.volley_casts[up].total(), 0, "{count}d{sides}");
        let level = volley_key(sides, count, 0, special).unwrap();
        assert!(stats.volley_casts[level].total() > 0, "{count}d{sides}");
    }
}

#[test]
fn the_elan_fire_takes_is_the_elan_the_enemy_loses() {
    let rules = Rules::default();
    let stats = play(&scenario(&firefight(4)), &rules, 5_000, 11);
    for seat in Seat::BOTH {
        let taken = stats.sides[seat].volley_elan.sum;
        let lost: u64 = stats.sides[seat.other()]
            .elan_lost
            .iter()
            .map(|m| m.sum)
            .sum();
        assert!(taken > 0);
        assert_eq!(taken, lost, "{seat:?}");
    }
    // Side b's company bombards (from 10") and fires at Engagement range
    // only when the line comes within 3": the line never moves, so all its
    // volleys are bombardments, and side a's light company (d4) never
    // bombards.
    let b = &stats.sides[Seat::B];
    assert!(b.volleys[FireKind::Bombardment as usize].sum > 0);
    assert_eq!(b.volleys[FireKind::Artillery as usize].sum, 0);
    let a = &stats.sides[Seat::A];
    assert_eq!(a.volleys[FireKind::Bombardment as usize].sum, 0);
    // The light company is 3" from the fusiliers: it fires at them.
    assert!(a.volleys[FireKind::Artillery as usize].sum > 0);
    // Every engagement begun is ended or cut off.
    let ended: u64 = stats.engagement_ends.iter().sum();
    assert_eq!(ended + stats.engagements_cut_off, stats.engagements_begun);
    assert!(stats.engagements_begun > 0);
}

#[test]
fn light_and_medium_artillery_do_not_bombard() {
    let rules = Rules::default();
    for (rating, bombards) in [
        ("light,IV", false),
        ("medium,IV", false),
        ("medium_heavy,I", true),
        ("heavy,I", true),
    ] {
        let text = format!(
            r#"
decqs = 1
distance = 10
[chips]
move = 8
maneuver = 4
deploy = 3
assault = 6
[army_deck]
officer_check = 10
artillery_reload = 10
[a]
commander = "good"
[[a.regiments]]
name = "Company"
arm = "artillery"
rating = "{rating}"
orders = ["deploy"]
[b]
commander = "good"
[[b.regiments]]
name = "Line"
rating = "line,reliable"
orders = ["deploy"]
"#
        );
        let stats = play(&scenario(&text), &rules, 200, 3);
        let volleys = stats.sides[Seat::A].volleys[FireKind::Bombardment as usize].sum;
        assert_eq!(volleys > 0, bombards, "{rating}: {volleys} bombardments");
        assert_eq!(
            stats.sides[Seat::B].volleys_all.sum,
            0,
            "the line is out of range"
        );
    }
}

#[test]
fn artillery_may_not_assault_and_bad_fire_keys_are_refused() {
    let base = |regiment: &str| {
        format!(
            "decqs = 1\n[chips]\nmove = 8\nmaneuver = 4\ndeploy = 3\nassault = 6\n\
             [army_deck]\nofficer_check = 20\n[a]\ncommander = \"good\"\n\
             [[a.regiments]]\nname = \"X\"\n{regiment}\n[b]\ncommander = \"good\"\n\
             [[b.regiments]]\nname = \"Y\"\nrating = \"line,reliable\"\norders = [\"deploy\"]\n"
        )
    };
    for (regiment, field) in [
        (
            "arm = \"artillery\"\nrating = \"heavy,II\"\norders = [\"assault\"]\ntarget = \"Y\"",
            "orders",
        ),
        (
            "arm = \"artillery\"\nrating = \"line,reliable\"\norders = [\"deploy\"]",
            "rating",
        ),
        (
            "rating = \"line,reliable\"\nguns = 8\norders = [\"deploy\"]",
            "guns",
        ),
        (
            "rating = \"line,reliable\"\nmaneuver = \"sideways\"\norders = [\"deploy\"]",
            "maneuver",
        ),
    ] {
        let text = base(regiment);
        let err = Scenario::from_table(&toml::from_str(&text).unwrap())
            .expect_err(regiment)
            .to_string();
        assert!(
            err.contains(&format!("a.regiments[1].{field}")),
            "{regiment}: {err}"
        );
    }
    let text = base("rating = \"line,reliable\"\norders = [\"deploy\"]")
        .replace("decqs = 1", "decqs = 1\n[ranges]\nengagement = 0");
    let err = Scenario::from_table(&toml::from_str(&text).unwrap()).expect_err("range 0");
    assert!(err.to_string().contains("ranges.engagement"), "{err}");
}

/// `fortunes odds piquet fire`'s rows (value, chance as p/q) and its note.
fn odds_fire(args: &[&str]) -> (Vec<(u32, String)>, String) {
    let mut all = vec!["odds", "piquet", "fire", "--json"];
    all.extend_from_slice(args);
    let output = crate::common::fortunes(&all);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        crate::common::stderr(&output)
    );
    let answer: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let rows = answer["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|row| {
            let value = row["value"].as_i64()? as u32;
            Some((value, row["chance"].as_str().unwrap().to_string()))
        })
        .collect();
    (rows, answer["note"].as_str().unwrap_or("").to_string())
}

#[test]
fn the_odds_of_a_tier_are_the_games_under_its_rules() {
    // Default rules: fatigued_step is 0 (the modifier table was lost), so
    // a Fatigued reliable line regiment's volley is its plain 2d8, the
    // higher die: P(v) = (2v - 1)/64. The game's own dice under the same
    // rules give the same law.
    let rules = Rules::default();
    let (rows, note) = odds_fire(&["--firer", "line,reliable", "--tier", "fatigued"]);
    let game = volley_distribution(8, 2, rules.tier_steps[1], rules.beyond_four, false);
    assert_eq!(rows.len(), 8, "{rows:?}");
    for (value, chance) in &rows {
        assert_eq!(*chance, format!("{}/64", 2 * value - 1), "value {value}");
        assert_eq!(*chance, game[*value as usize].to_string(), "value {value}");
    }
    assert!(note.contains("fatigued_step = 0,"), "{note}");
    assert!(!note.contains("(set)"), "{note}");
    // With --set fatigued_step=-1, as run takes it: down one, the lower
    // die, P(v) = (17 - 2v)/64.
    let (rows, note) = odds_fire(&[
        "--firer",
        "line,reliable",
        "--tier",
        "fatigued",
        "--set",
        "fatigued_step=-1",
    ]);
    assert_eq!(rows.len(), 8, "{rows:?}");
    for (value, chance) in &rows {
        assert_eq!(*chance, format!("{}/64", 17 - 2 * value), "value {value}");
    }
    assert!(note.contains("fatigued_step = -1 (set)"), "{note}");
    // A rule the game does not have is refused as run refuses it.
    let output = crate::common::fortunes(&[
        "odds",
        "piquet",
        "fire",
        "--firer",
        "line,reliable",
        "--set",
        "fatigue=-1",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(crate::common::stderr(&output).contains("fatigued_step"));
}

#[test]
fn the_eight_gun_die_is_netted_with_down_steps_or_cast_beside_them() {
    use fortunes::systems::piquet::dice::eight_gun_steps;
    // A Class II medium heavy eight-gun company stepped down 1 (say an
    // urban block). Netted (the default): the Up 1 and the Down 1 cancel,
    // plain 2d8, the higher die: P(v) = (2v - 1)/64 for v = 1..8.
    assert!(Rules::default().eight_gun_netted);
    let (step, special) = eight_gun_steps(-1, true, true);
    assert_eq!((step, special), (0, false));
    let netted = volley_distribution(8, 2, step, BeyondFour::NextType, special);
    for (v, chance) in netted.iter().enumerate().skip(1) {
        let p = (2 * v - 1) as f64 / 64.0;
        assert!((chance.value() - p).abs() < 1e-12, "netted {v}");
    }
    assert_eq!(netted.len(), 9, "no 9 or 10 once netted");
    // Beside: 2d8 + 1d10 down 1 reads the second highest of the three:
    // at most v when at least two dice are, a^2 + 2a(1 - a)b with
    // a = v/8 the chance of a d8 at most v and b = v/10 of the d10.
    let (step, special) = eight_gun_steps(-1, true, false);
    assert_eq!((step, special), (-1, true));
    let beside = volley_distribution(8, 2, step, BeyondFour::NextType, special);
    let at_most = |v: usize| {
        let (a, b) = ((v as f64 / 8.0).min(1.0), v as f64 / 10.0);
        a * a + 2.0 * a * (1.0 - a) * b
    };
    assert_eq!(beside.len(), 11, "indexed 0 to 10");
    for (v, chance) in beside.iter().enumerate().skip(1) {
        let p = at_most(v) - at_most(v - 1);
        assert!((chance.value() - p).abs() < 1e-12, "beside {v}");
    }
    // With no step down both read the text's 2d8 plus 1d10, and a step
    // up adds a d8 beside the d10 (3d8 + 1d10) both ways.
    for netted in [true, false] {
        assert_eq!(eight_gun_steps(0, true, netted), (0, true));
        assert_eq!(eight_gun_steps(1, true, netted), (1, true));
        assert_eq!(eight_gun_steps(-2, false, netted), (-2, false));
    }
    assert_eq!(eight_gun_steps(-2, true, true), (-1, false));
    // In the game: the battery fires at fire_step = -1; netted every one
    // of its volleys is cast as 2d8, beside as 2d8+1d10 down 1.
    let text = firefight(0).replace("guns = 8\n", "guns = 8\nfire_step = -1\n");
    for (netted, key) in [(true, (8, 2, 0, false)), (false, (8, 2, -1, true))] {
        let rules = Rules {
            eight_gun_netted: netted,
            ..Rules::default()
        };
        let stats = play(&scenario(&text), &rules, 300, 11);
        let (sides, count, step, special) = key;
        let cast = stats.volley_casts[volley_key(sides, count, step, special).unwrap()].total();
        let other = if netted {
            volley_key(8, 2, -1, true)
        } else {
            volley_key(8, 2, 0, false)
        };
        // The line regiment also casts plain 2d8, so only the beside
        // reading's key is the battery's alone.
        assert!(cast > 50, "netted {netted}: {cast} volleys of {key:?}");
        if netted {
            assert_eq!(stats.volley_casts[other.unwrap()].total(), 0);
        }
    }
}
