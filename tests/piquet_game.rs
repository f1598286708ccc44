//! The Piquet game held to exact answers: initiative after K Officer Check
//! casts, the wait for a Move order's card (a hypergeometric deal and a
//! uniform shuffle), assaults against the exact Markov chain, rallies
//! against the binomial law; and bad scenarios refused by field.

use fortunes::engine::{BySeat, Seat};
use fortunes::stats::{Mean, Rate};
use fortunes::systems::piquet::dice::{
    assault_odds, initiative_distribution, rally_distribution, BeyondFour, Rating,
};
use fortunes::systems::piquet::scenario::OrderKind;
use fortunes::systems::piquet::stats::{AssaultEnd, DecqRecord};
use fortunes::systems::piquet::{Game, GameTally, PiquetStrategy, Rules, Scenario, Setup, Stats};

use crate::common::piquet as common;

use common::{heuristic, scenario};

/// Plays `games` games, returning the stats and every DECQ's record.
fn play(
    scenario: &Scenario,
    strategies: BySeat<PiquetStrategy>,
    games: u64,
    seed: u64,
) -> (Stats, Vec<DecqRecord>) {
    let mut records = Vec::new();
    let stats = common::play(
        scenario,
        &Rules::default(),
        strategies,
        games,
        seed,
        Some(&mut records),
    );
    (stats, records)
}

pub(crate) fn rate_within(rate: Rate, exact: f64, confidence: f64) -> bool {
    let (low, high) = rate.wilson(confidence);
    low <= exact && exact <= high
}

pub(crate) fn mean_within(mean: Mean, exact: f64, confidence: f64) -> bool {
    let (low, high) = mean.interval(confidence);
    low <= exact && exact <= high
}

const NO_UNITS: &str = r#"
decqs = 1
[chips]
move = 8
maneuver = 4
deploy = 3
assault = 6
[army_deck]
officer_check = 4
brilliant_leader = 2
crushing_volley = 4
dress_lines = 4
[a]
commander = "average"
[b]
commander = "poor"
"#;

#[test]
fn initiative_after_k_casts_is_the_highest_of_k_plus_one() {
    // No regiments: nothing to order, rally or pay for, so a player that
    // always casts spends nothing and its initiative after the DECQ is the
    // highest of the opening cast and its k Officer Check casts.
    let always = heuristic(&[("recast_below", 19)]);
    let (_, records) = play(&scenario(NO_UNITS), BySeat([always; 2]), 40_000, 3);
    let mut checked = 0;
    for k in 0..=4u32 {
        let exact = initiative_distribution(k);
        for seat in Seat::BOTH {
            let rows: Vec<&DecqRecord> = records.iter().filter(|r| r.casts[seat] == k).collect();
            assert!(rows.iter().all(|r| r.ip_spent[seat] == 0));
            if rows.len() < 2_000 {
                continue;
            }
            checked += 1;
            for (value, chance) in exact.iter().enumerate().skip(3) {
                let hits = rows
                    .iter()
                    .filter(|r| r.ip_end[seat] == value as u32)
                    .count() as u64;
                let rate = Rate::new(hits, rows.len() as u64);
                assert!(
                    rate_within(rate, chance.value(), 0.9999),
                    "{k} casts, seat {}: IP {value} {rate:?} vs {chance}",
                    seat.name()
                );
            }
        }
    }
    assert!(
        checked >= 4,
        "too few casts counts were common enough to test"
    );
}

/// One DECQ; a Move order needs more chips than a DECQ of casts removes,
/// so it waits only for its first card. The Army Deck holds 3 matching
/// cards (2 Infantry Move in Open, a Brilliant Leader) among 12 +
/// `dress_lines`; `sides` gives the [a] and [b] tables.
fn move_order_scenario(dress_lines: u64, sides: &str) -> String {
    format!(
        "decqs = 1\n[chips]\nmove = 100\nmaneuver = 4\ndeploy = 3\nassault = 6\n\
         [army_deck]\ninfantry_move_in_open = 2\nbrilliant_leader = 1\ncrushing_volley = 5\n\
         officer_check = 4\ndress_lines = {dress_lines}\n{sides}"
    )
}

fn hypergeometric(population: u64, successes: u64, draws: u64, k: u64) -> f64 {
    choose(successes, k) * choose(population - successes, draws - k) / choose(population, draws)
}

/// Side a's first Move execution in 30,000 games of `text` (seed `seed`,
/// rules `sets`, heuristic players): every game has one, and the mean
/// wait holds `exact` in its 99.99% interval.
fn assert_first_move_waits(text: &str, sets: &[&str], seed: u64, exact: f64, what: &str) {
    let stats = play_each(sets, &scenario(text), 30_000, seed, |_, _| {});
    let wait = stats.sides[Seat::A].first_execution[0];
    assert_eq!(wait.n, 30_000, "{what}");
    assert!(
        mean_within(wait, exact, 0.9999),
        "{what}: mean wait {} vs exact {exact}",
        wait.value()
    );
}

#[test]
fn a_move_order_waits_for_the_first_matching_card() {
    // One regiment with a Move order from the start and more chips than a
    // DECQ can remove: its wait is the position of the first Infantry Move
    // in Open or Brilliant Leader in a shuffled 18-card deck holding the
    // basic one and those dealt from the Army Deck. With m such cards the
    // first is at (18 + 1) / (m + 1) on average.
    for dress_lines in [1u64, 4, 12] {
        let text = move_order_scenario(
            dress_lines,
            "[a]\ncommander = \"good\"\n[[a.regiments]]\nname = \"Line\"\nrating = \"line,reliable\"\norders = [\"move\"]\n[b]\ncommander = \"good\"\n",
        );
        let army = 12 + dress_lines;
        let exact: f64 = (0..=3)
            .map(|x| hypergeometric(army, 3, 9, x) * 19.0 / (x as f64 + 2.0))
            .sum();
        let what = format!("{dress_lines} Dress Lines");
        assert_first_move_waits(&text, &[], 7, exact, &what);
    }
}

#[test]
fn a_commander_in_chief_deck_holds_its_own_cards_and_army_cards_to_18() {
    // "a Commander-in-Chief Deck (optional)": the table that gave its
    // cards was lost, so a scenario names them (`cic_deck`). Side a's
    // commander turns 3 Officer Checks and 2 Infantry Move in Open of its
    // own and 13 cards from the Army Deck of N = 24 holding 3 matching
    // (2 Infantry Move in Open, a Brilliant Leader): with m = 2 + X
    // matching cards, X hypergeometric, the Move order's first card is at
    // (18 + 1) / (m + 1) on average.
    let text = move_order_scenario(
        12,
        "[a]\ncommander = \"good\"\ncic_deck = { officer_check = 3, infantry_move_in_open = 2 }\n\
         [[a.regiments]]\nname = \"Line\"\nrating = \"line,reliable\"\norders = [\"move\"]\n\
         [b]\ncommander = \"good\"\n",
    );
    let exact: f64 = (0..=3)
        .map(|x| hypergeometric(24, 3, 13, x) * 19.0 / (x as f64 + 3.0))
        .sum();
    assert_first_move_waits(&text, &[], 7, exact, "a CIC Deck");
    // "at least ... 18 for each CIC Deck": side a's Army Deck must hold
    // 18 and 4 spare, side b's 14 and 4.
    let small = text.replace("dress_lines = 12", "dress_lines = 9");
    assert_ne!(small, text);
    let error = scenario(&small)
        .check_army_minimum(14, 18, 4)
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("at least 22") && error.contains("CIC Deck"),
        "{error}"
    );
    assert!(scenario(&text).check_army_minimum(14, 18, 4).is_ok());
    for bad in ["{ }", "{ officer_check = 19 }", "{ orders = 1 }"] {
        let text = text.replace("{ officer_check = 3, infantry_move_in_open = 2 }", bad);
        let table: toml::Table = toml::from_str(&text).unwrap();
        let error = Scenario::from_table(&table).unwrap_err().to_string();
        assert!(error.contains("a.cic_deck"), "{bad}: {error}");
    }
}

pub(crate) fn duel(attacker: &str, defender: &str) -> String {
    // One assault a game: the attacker's order is an assault with no
    // chips, executed on its first Melee Resolution card; three Deploy
    // orders follow, which the two Deployment cards of two DECQs cannot
    // finish. No Heroic Moments, no cavalry: the chain's exact terms.
    format!(
        r#"
decqs = 2
[chips]
move = 8
maneuver = 4
deploy = 0
assault = 0
[army_deck]
officer_check = 6
crushing_volley = 4
dress_lines = 4
[a]
commander = "average"
[[a.regiments]]
name = "Attacker"
rating = "{attacker}"
orders = ["assault", "deploy", "deploy", "deploy"]
target = "Defender"
[b]
commander = "average"
[[b.regiments]]
name = "Defender"
rating = "{defender}"
orders = ["maneuver"]
"#
    )
}

#[test]
fn assaults_in_the_game_follow_the_exact_chain() {
    for (attacker, defender) in [
        ("elite,veteran", "line,reliable"),
        ("line,reliable", "line,reliable"),
    ] {
        let games = 40_000;
        let (stats, _) = play(
            &scenario(&duel(attacker, defender)),
            BySeat([heuristic(&[]); 2]),
            games,
            9,
        );
        let assaults: u64 = stats.ends.iter().sum();
        assert_eq!(assaults, games, "one assault a game");
        let odds = assault_odds(
            &Rating::parse(attacker).unwrap(),
            &Rating::parse(defender).unwrap(),
            (12, 12),
            BeyondFour::NextType,
        )
        .unwrap();
        for (end, exact) in [
            (AssaultEnd::AttackerWins, odds.attacker_wins),
            (AssaultEnd::DefenderWins, odds.defender_wins),
            (AssaultEnd::Together, odds.together),
        ] {
            let rate = Rate::new(stats.ends[end as usize], assaults);
            assert!(
                rate_within(rate, exact, 0.9999),
                "{attacker} v {defender}: {end:?} {rate:?} vs {exact}"
            );
        }
        assert!(
            mean_within(stats.assault_kards, odds.expected_kards, 0.9999),
            "{attacker} v {defender}: KARDs {} vs {}",
            stats.assault_kards.value(),
            odds.expected_kards
        );
    }
}

#[test]
fn rallies_in_the_game_follow_the_binomial_law() {
    // Both d8 units: after each assault the winner rallies as sound and
    // the loser as defeated.
    let (stats, _) = play(
        &scenario(&duel("line,veteran", "line,reliable")),
        BySeat([heuristic(&[]); 2]),
        40_000,
        13,
    );
    for (kind, defeated) in [(0, false), (1, true)] {
        let histogram = stats.rallies[kind];
        let total = histogram.total();
        assert!(total > 5_000, "{total} rallies");
        for (boxes, chance) in rally_distribution(8, defeated, false).iter().enumerate() {
            let rate = Rate::new(histogram.counts[boxes], total);
            assert!(
                rate_within(rate, chance.value(), 0.9999),
                "defeated {defeated}: {boxes} boxes {rate:?} vs {chance}"
            );
        }
    }
}

#[test]
fn every_kard_turns_one_card_a_player_and_hands_stay_in_bounds() {
    for file in ["default.toml", "corps.toml"] {
        let text = std::fs::read_to_string(
            std::path::Path::new(crate::common::crate_dir())
                .join("experiments/piquet/scenarios")
                .join(file),
        )
        .unwrap();
        every_kard_turns_one_card(&scenario(&text));
    }
}

fn every_kard_turns_one_card(scenario: &Scenario) {
    let players = |seat: Seat| scenario.sides[seat].player_count as u64;
    let random = PiquetStrategy::RANDOM;
    for strategies in [
        BySeat([heuristic(&[]); 2]),
        BySeat([random; 2]),
        BySeat([random, heuristic(&[])]),
    ] {
        let (stats, records) = play(scenario, strategies, 2_000, 17);
        assert_eq!(records.len() as u64, 2_000 * scenario.decqs as u64);
        for seat in Seat::BOTH {
            let side = &stats.sides[seat];
            // 18 KARDs a DECQ: each is a card turned or played from the hand.
            let turned: u64 = side.turned.iter().map(|h| h.mean().sum).sum();
            let played: u64 = side.from_hand.iter().sum();
            assert_eq!(turned + played, 18 * players(seat) * records.len() as u64);
            for r in &records {
                assert!(r.ip_end[seat] <= 18);
            }
        }
    }
}

/// Events told as a used card takes effect, each naming the side whose
/// card it was.
const CARD_EFFECTS: [&str; 7] = [
    "officer_check",
    "nothing_waits",
    "execute",
    "reload",
    "brilliant",
    "heroic",
    "crushing_volley",
];

#[test]
fn kard_first_sets_whose_cards_take_effect_first() {
    // Every player turns at once and the text gives the effects no order:
    // under each reading of `kard_first`, every effect of the side named
    // first comes before any of the other's within the KARD; a coin is
    // told each KARD and is fair.
    let text = include_str!("../experiments/piquet/scenarios/default.toml");
    for reading in ["alternate", "a", "b", "random"] {
        let set = format!("kard_first={reading}");
        let sets = [set.as_str()];
        let (mut kards, mut both_acted, mut coins_a) = (0u64, 0u64, 0u64);
        for events in crate::piquet_orders::replays(text, &sets, 5, 60) {
            let mut at = (0, 0);
            let mut told: Option<String> = None;
            let mut sides: Vec<String> = Vec::new();
            let mut check = |at: (u64, u64), told: &Option<String>, sides: &[String]| {
                if at.0 == 0 {
                    return;
                }
                let kard_in_game = (at.0 - 1) * 18 + at.1;
                let first = match reading {
                    "alternate" => ["b", "a"][(kard_in_game % 2) as usize].to_string(),
                    "a" | "b" => reading.to_string(),
                    _ => told.clone().expect("a coin told every KARD"),
                };
                assert_eq!(
                    told.is_some(),
                    reading == "random",
                    "{reading}: coin told at {at:?}"
                );
                // The first side's effects, then the other's, never back.
                let switches = sides.windows(2).filter(|w| w[0] != w[1]).count();
                assert!(switches <= 1, "{reading} at {at:?}: effects {sides:?}");
                // With one side acting alone there is nothing to order.
                if switches == 1 {
                    assert_eq!(sides[0], first, "{reading} at {at:?}: effects {sides:?}");
                    both_acted += 1;
                }
                kards += 1;
                coins_a += (told.as_deref() == Some("a")) as u64;
            };
            for e in &events {
                let (Some(decq), Some(kard)) = (e["decq"].as_u64(), e["kard"].as_u64()) else {
                    continue;
                };
                if (decq, kard) != at {
                    check(at, &told, &sides);
                    (at, told) = ((decq, kard), None);
                    sides.clear();
                }
                let kind = e["event"].as_str().unwrap();
                if kind == "resolves_first" {
                    assert!(
                        sides.is_empty(),
                        "{reading} at {at:?}: the coin after an effect"
                    );
                    told = Some(e["side"].as_str().unwrap().to_string());
                } else if CARD_EFFECTS.contains(&kind) {
                    sides.push(e["side"].as_str().unwrap().to_string());
                }
            }
            check(at, &told, &sides);
        }
        // Both sides' cards took effect in enough KARDs to test the order.
        assert!(both_acted > 200, "{reading}: {both_acted} KARDs of {kards}");
        if reading == "random" {
            // A fair coin: within 4 standard deviations of half.
            let sd = (kards as f64 / 4.0).sqrt();
            let off = (coins_a as f64 - kards as f64 / 2.0).abs();
            assert!(off < 4.0 * sd, "random: a first {coins_a} of {kards}");
        }
    }
}

#[test]
fn bad_scenarios_name_the_field() {
    let base = NO_UNITS.replace("decqs = 1\n", "");
    for (text, field) in [
        (format!("decqs = 1\n{}", base.replace("officer_check = 4", "officer_check = 1")), "a.army_deck"),
        (format!("decqs = 1\n{}", base.replace("dress_lines = 4", "dress_linez = 4")), "army_deck.dress_linez"),
        (format!("decqs = 0\n{base}"), "decqs"),
        (format!("decqs = 1\n{}", base.replace("commander = \"poor\"", "commander = \"brilliant\"")), "b.commander"),
        (
            format!("decqs = 1\n{base}\n[[a.regiments]]\nname = \"X\"\nrating = \"line,reliable\"\norders = [\"assault\"]\ntarget = \"Nobody\"\n"),
            "a.regiments[1].target",
        ),
        (
            format!("decqs = 1\n{base}\n[[a.regiments]]\nrating = \"line,green\"\norders = [\"move\"]\n"),
            "a.regiments[1].rating",
        ),
        (
            format!("decqs = 1\n{base}\n[[a.regiments]]\nrating = \"line,reliable\"\norders = [\"charge\"]\n"),
            "a.regiments[1].orders",
        ),
        // A twelve-gun company's halves: another artillery company, one
        // of the same plan.
        (twelve_guns("maneuvers_with = \"Line\"\n"), "a.regiments[3].maneuvers_with"),
        (twelve_guns("maneuvers_with = \"Twelve II\"\n"), "a.regiments[3].maneuvers_with"),
        // A superior must be a player listed before: no ring of command.
        (
            format!("decqs = 1\n{}", base.replace("officer_check = 4", "officer_check = 40").replace(
                "[b]",
                "[[a.subordinates]]\nname = \"Corps\"\ncommander = \"good\"\nsuperior = \"Division\"\n\
                 [[a.subordinates]]\nname = \"Division\"\ncommander = \"good\"\n[b]",
            )),
            "a.subordinates[1].superior",
        ),
        (
            format!("decqs = 1\n{}", base.replace("officer_check = 4", "officer_check = 40").replace(
                "[b]",
                "[[a.subordinates]]\nname = \"Corps\"\ncommander = \"good\"\nsuperior = \"Nobody\"\n[b]",
            )),
            "a.subordinates[1].superior",
        ),
        (
            twelve_guns("maneuvers_with = \"Twelve I\"\n").replacen("[\"deploy\", \"maneuver\"]", "[\"maneuver\"]", 1),
            "a.regiments[3].maneuvers_with",
        ),
    ] {
        crate::common::piquet::refused(&text, field);
    }
}

#[test]
fn an_attached_player_executes_at_once_and_cannot_cast() {
    // The player's own figure with a regiment whose Move order needs more
    // chips than a DECQ of casts could remove: attached, it executes on
    // its first card for 2 IP (the opening 3d6 is at least 3), and the
    // player may not cast for initiative (a heuristic that never
    // detaches: it would only to cast below recast_below).
    let text = attached_guard();
    let games = 2_000;
    let never_detaches = heuristic(&[("recast_below", 0)]);
    let (stats, _) = play(
        &scenario(&text),
        BySeat([never_detaches, heuristic(&[])]),
        games,
        21,
    );
    let a = &stats.sides[Seat::A];
    assert_eq!(
        a.officer_actions[0], 0,
        "an attached player cast for initiative"
    );
    assert!(a.spent[5].sum >= 2 * games, "{:?}", a.spent[5]);
    // Every game's opening order is done on its first Infantry Move card.
    assert!(a.completion[0].n >= games);
    // Side b, not attached, casts.
    assert!(stats.sides[Seat::B].officer_actions[0] > 0);
}

/// Side a's commander attached to its one regiment, the Guard, whose Move
/// order needs more chips than a DECQ of casts could remove.
pub(crate) fn attached_guard() -> String {
    NO_UNITS
        .replace(
            "[a]\ncommander = \"average\"\n",
            "[a]\ncommander = \"average\"\nattached_to = \"Guard\"\n[[a.regiments]]\nname = \"Guard\"\nrating = \"line,reliable\"\norders = [\"move\"]\n",
        )
        .replace("move = 8", "move = 100")
}

fn choose(n: u64, r: u64) -> f64 {
    if r > n {
        return 0.0;
    }
    (0..r).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// The mean KARD of a regiment's first matching card when `decks` decks,
/// each holding the one basic matching card, are dealt 9 army cards in
/// turn from an Army Deck of `n` holding `k` matching ones: with mi
/// matching cards in deck i, P(wait > t) is the product over the decks of
/// C(18 - t, mi) / C(18, mi), and the mean the sum of those over t.
fn first_of_decks(n: u64, k: u64, decks: usize) -> f64 {
    fn deal(n: u64, k: u64, decks: usize, matching: &mut Vec<u64>, p: f64) -> f64 {
        if decks == 0 {
            let tail = |m: u64, t: u64| choose(18 - t, m) / choose(18, m);
            return p
                * (0..18)
                    .map(|t| matching.iter().map(|&m| tail(m, t)).product::<f64>())
                    .sum::<f64>();
        }
        (0..=k.min(9))
            .map(|x| {
                matching.push(1 + x);
                let mean = deal(
                    n - 9,
                    k - x,
                    decks - 1,
                    matching,
                    p * hypergeometric(n, k, 9, x),
                );
                matching.pop();
                mean
            })
            .sum()
    }
    deal(n, k, decks, &mut Vec::new(), 1.0)
}

/// Side a: Army over Corps over Division, whose one regiment, of a d4
/// cast, holds a Move order from the start (`move_order_scenario`).
const THREE_LEVELS: &str = "[a]\nname = \"Army\"\ncommander = \"average\"\n\
     [[a.subordinates]]\nname = \"Corps\"\ncommander = \"average\"\n\
     [[a.subordinates]]\nname = \"Division\"\ncommander = \"average\"\nsuperior = \"Corps\"\n\
     [[a.regiments]]\nname = \"Line\"\nrating = \"militia,undependable\"\norders = [\"move\"]\nplayer = \"Division\"\n\
     [b]\ncommander = \"poor\"\n";

#[test]
fn the_commanders_cards_execute_a_subordinates_orders_too() {
    // A division commander's regiment with a Move order: it executes on
    // the first matching card of its own deck or of the side's commander's
    // deck (note 12: "the direct commander of the unit or any player
    // higher in the command chain"). Both decks are dealt from one Army
    // Deck holding K matching cards among N; with m1 and m2 matching cards,
    // P(wait > t) = C(18 - t, m1) / C(18, m1) x C(18 - t, m2) / C(18, m2).
    let text = move_order_scenario(
        12,
        "[a]\ncommander = \"average\"\n[[a.subordinates]]\nname = \"Division\"\ncommander = \"average\"\n[[a.regiments]]\nname = \"Line\"\nrating = \"line,reliable\"\norders = [\"move\"]\nplayer = \"Division\"\n[b]\ncommander = \"poor\"\n",
    );
    let (n, k) = (24u64, 3u64);
    let mut exact = 0.0;
    for k1 in 0..=k {
        for k2 in 0..=(k - k1) {
            // The commander's 9 first, then the division's 9 of the rest.
            let p = choose(k, k1) * choose(n - k, 9 - k1) / choose(n, 9)
                * choose(k - k1, k2)
                * choose(n - 9 - (k - k1), 9 - k2)
                / choose(n - 9, 9);
            let (m1, m2) = (1 + k1, 1 + k2);
            let tail = |m: u64, t: u64| choose(18 - t, m) / choose(18, m);
            exact += p * (0..18).map(|t| tail(m1, t) * tail(m2, t)).sum::<f64>();
        }
    }
    // The deal written out here is `first_of_decks`' for two decks.
    assert!((first_of_decks(n, k, 2) - exact).abs() < 1e-12);
    assert_first_move_waits(&text, &[], 23, exact, "a division under its commander");
    // Alone, the division would wait for its own deck only: longer.
    let alone: f64 = (0..=k)
        .map(|k2| choose(k, k2) * choose(n - k, 9 - k2) / choose(n, 9) * 19.0 / (k2 as f64 + 2.0))
        .sum();
    assert!(exact < alone - 1.0, "{exact} vs {alone}");
}

#[test]
fn a_chain_of_three_levels_executes_on_any_deck_above_the_regiment() {
    // "The players fulfil the roles of army, corps, and division
    // commanders", and a card executes "the direct commander of the unit
    // or any player higher in the command chain": a division commander's
    // regiment under a corps commander under the army commander executes
    // on the first matching card of any of the three decks. Dealt in turn
    // from one Army Deck of N holding K matching cards (army 9, corps 9,
    // division 9), with m1, m2, m3 matching cards (each the basic one and
    // its army cards): P(wait > t) = product of C(18 - t, mi) / C(18, mi).
    // One d4 a cast: three decks' casts never remove the 100 chips within
    // the DECQ, so every game has one first execution (or none, cut off).
    // Note 13's 14 a player and 4 more: 46 cards.
    let text = move_order_scenario(34, THREE_LEVELS);
    let exact = first_of_decks(46, 3, 3);
    assert_first_move_waits(&text, &[], 31, exact, "three levels");
    // With the division under the army directly, the corps commander's
    // cards do not reach it: two decks, a longer wait.
    let flat = text.replace("superior = \"Corps\"\n", "");
    let (stats, _) = play(&scenario(&flat), BySeat([heuristic(&[]); 2]), 30_000, 31);
    let two_decks = stats.sides[Seat::A].first_execution[0].value();
    assert!(two_decks > exact + 0.5, "{two_decks} vs {exact}");
}

#[test]
fn a_division_sharing_its_corps_deck_waits_for_two_decks_not_three() {
    // "all the division commanders for a specific corps will use the same
    // card turned by their corps commander": the division commander of
    // the chain above holds no deck, and its regiment's Move executes on
    // the first matching card the army or the corps commander turns. Two
    // decks dealt from the Army Deck of 46 with 3 matching cards:
    // P(wait > t) = C(18 - t, m1) / C(18, m1) x C(18 - t, m2) / C(18, m2).
    let chain = THREE_LEVELS.replace(
        "superior = \"Corps\"\n",
        "superior = \"Corps\"\nshares_deck = true\n",
    );
    assert_ne!(chain, THREE_LEVELS);
    let text = move_order_scenario(34, &chain);
    let exact = first_of_decks(46, 3, 2);
    for shared_card in ["shared_card=turned", "shared_card=used"] {
        assert_first_move_waits(&text, &[shared_card], 31, exact, shared_card);
    }
}

#[test]
fn a_commander_passes_initiative_down() {
    // The division's regiments need orders and rallies the division pays
    // for; its commander, with nothing of its own, passes IP down when the
    // division runs low. The track never passes 18.
    let text = std::fs::read_to_string(
        std::path::Path::new(crate::common::crate_dir())
            .join("experiments/piquet/scenarios/corps.toml"),
    )
    .unwrap();
    let (stats, records) = play(&scenario(&text), BySeat([heuristic(&[]); 2]), 2_000, 29);
    let spent = &stats.sides[Seat::A].spent;
    assert!(
        spent[6].sum > 0,
        "side a's commander never passed initiative"
    );
    assert!(stats.sides[Seat::A].officer_actions[3] > 0);
    let initiative = &stats.sides[Seat::A].initiative;
    assert!(initiative.iter().all(|h| h.counts.len() == 19));
    assert!(records.iter().all(|r| r.ip_end[Seat::A] <= 18));
}

/// Events cut off by the end of the game are counted as such, and the
/// per-assault breakthrough share, decided on an attacker's first cast,
/// does not move with the game's length, while the share of assaults cut
/// off does (one DECQ against six, the same scenario otherwise). With fire
/// and stamina tiers, later assaults are fought by worn regiments, so the
/// invariance is tested without them: players that never fire
/// (fire_reserve 18) and tiers that do not step.
#[test]
fn game_length_cuts_assaults_off_but_not_breakthroughs() {
    use fortunes::experiment::{Experiment, Overrides};
    let experiment = Experiment::from_table(
        "lengths",
        std::path::Path::new("(test)"),
        &toml::from_str(
            "system = \"piquet\"\ngames = 20000\nmetrics = [\"breakthrough\"]\n\
             [rules]\nfatigued_step = 0\nexhausted_step = 0\n\
             [strategies]\na = { base = \"heuristic\", fire_reserve = 18 }\n\
             b = { base = \"heuristic\", fire_reserve = 18 }\n\
             [sweep.scenario]\ndecqs = [1, 6]\n",
        )
        .unwrap(),
        &Overrides::default(),
    )
    .unwrap();
    let outcomes = experiment.play(3, 2).unwrap();
    let row = |v: usize, metric: &str| {
        outcomes[v]
            .rows
            .iter()
            .find(|r| r.metric == metric && r.by == "none")
            .cloned()
            .unwrap_or_else(|| panic!("no {metric} row"))
    };
    let se = |r: &fortunes::stats::SummaryRow| (r.ci_high - r.ci_low) / (2.0 * 1.96);
    let (short, long) = (
        row(0, "assault_broken_through"),
        row(1, "assault_broken_through"),
    );
    let spread = (se(&short).powi(2) + se(&long).powi(2)).sqrt();
    assert!(
        (short.value - long.value).abs() < 3.5 * spread,
        "breakthroughs per assault move with the game's length: {} after 1 DECQ, {} after 6",
        short.value,
        long.value
    );
    let (short, long) = (row(0, "assault_cut_off"), row(1, "assault_cut_off"));
    assert!(
        short.count > 0 && short.ci_low > long.ci_high,
        "{short:?} {long:?}"
    );
    // Every assault begun is ended or cut off: the ends count the rest.
    for v in 0..2 {
        let begun = row(v, "assault_cut_off").n;
        let ended = row(v, "assault_won_by_attacker").n;
        assert_eq!(row(v, "assault_cut_off").count + ended, begun);
    }
}

/// Plays `games` games under `sets` rule values, handing each game's
/// stats and tally to `check`; returns the stats of all.
fn play_each(
    sets: &[&str],
    scenario: &Scenario,
    games: u64,
    seed: u64,
    mut check: impl FnMut(&Stats, &GameTally),
) -> Stats {
    let mut values = Rules::defaults();
    for set in sets {
        values.set_text(set).unwrap();
    }
    let rules = Rules::from_values(&values).unwrap();
    let strategies = BySeat([heuristic(&[]); 2]);
    let setup = Setup {
        rules: &rules,
        scenario,
        strategies: &strategies,
    };
    let mut game = Game::new();
    let mut all = Stats::default();
    let mut tally = GameTally::default();
    for index in 0..games {
        let mut stats = Stats::default();
        game.reset(&setup, seed, index);
        game.play(&setup, index, &mut stats, &mut tally, None);
        check(&stats, &tally);
        all += &stats;
    }
    all
}

/// Side a's regiments (TOML entries) against one idle regiment of side b,
/// with plenty of every order card.
pub(crate) fn side_a(regiments: &str, chips: &str) -> String {
    format!(
        "decqs = 2\n[chips]\n{chips}\n[army_deck]\ninfantry_move_in_open = 6\ndeployment = 4\n\
         officer_check = 6\ncrushing_volley = 4\n\
         [a]\ncommander = \"average\"\n{regiments}\n[b]\ncommander = \"average\"\n\
         [[b.regiments]]\nname = \"Enemy\"\nrating = \"line,reliable\"\norders = [\"maneuver\"]\n"
    )
}

#[test]
fn a_subordinate_figure_removes_its_chips_once_a_card() {
    // Militia, undependable, stepped down 4: one d4 halved past its last
    // die three times and more is always 0, so only the Poor figure's 2
    // chips come off, "on each turn of the appropriate card": a Move of 6
    // chips takes exactly three Move cards however many casts are bought.
    let text = side_a(
        "[[a.regiments]]\nname = \"Slow\"\nrating = \"militia,undependable\"\nstep = -4\nfigure = \"poor\"\norders = [\"move\"]\n",
        "move = 6\nmaneuver = 4\ndeploy = 3\nassault = 6",
    );
    let stats = play_each(&[], &scenario(&text), 3_000, 5, |stats, tally| {
        let done = stats.sides[Seat::A].completion[OrderKind::Move as usize].n as u32;
        let cards = tally.executions[Seat::A];
        assert!(
            (3 * done..=3 * done + 2).contains(&cards),
            "{done} moves done on {cards} executing cards"
        );
    });
    let a = &stats.sides[Seat::A];
    assert!(a.completion[OrderKind::Move as usize].n > 1_000);
    assert!(
        a.extra_casts > 0,
        "extra casts were bought, and took no chips"
    );
}

#[test]
fn regiments_under_an_attached_figure_cost_four_ip() {
    // The figure is with Guard; Line is of its brigade, so its orders and
    // even its first cast on a card cost 4 IP ("it will cost 4 IP to cast
    // for card execution or to issue an order to any other regiment").
    // Their next orders differ, so no brigade order covers both.
    let text = side_a(
        "[[a.regiments]]\nname = \"Guard\"\nrating = \"line,reliable\"\nfigure = \"average\"\norders = [\"deploy\"]\n\
         [[a.regiments]]\nname = \"Line\"\nrating = \"line,reliable\"\norders = [\"move\"]\n",
        "move = 4\nmaneuver = 4\ndeploy = 3\nassault = 6",
    );
    let stats = play_each(&[], &scenario(&text), 2_000, 6, |_, _| {});
    let a = &stats.sides[Seat::A];
    let orders = |k: OrderKind| a.orders_issued[k as usize];
    assert!(orders(OrderKind::Move) > 500 && orders(OrderKind::Deploy) > 500);
    assert_eq!(
        a.spent[0].sum,
        orders(OrderKind::Deploy) + 4 * orders(OrderKind::Move),
        "1 IP an order to Guard, 4 to Line"
    );
    let figure_casts = a.spent[5].sum;
    assert!(figure_casts > 0 && figure_casts % 4 == 0, "{figure_casts}");
}

#[test]
fn one_order_moves_a_whole_division() {
    // Note 9: "He can issue an advance order to all four regiments of one
    // division for 1 IP; but if he wants to have three of the regiments of
    // the other division advance and one deploy, he will have to use 1 IP
    // to order one brigade of two regiments to advance and then use 1 IP
    // for each of the regiments in the other brigade ... a total of three
    // IP for that division." Every regiment starts with a Deploy order of
    // no chips, which the first Deployment card completes for all four at
    // once; their next orders, issued together at the next Officer Check
    // that orders, have more chips than one DECQ's cards can clear.
    // Maneuver and Assault cards are one each in a DECQ's deck here.
    let regiment = |name: &str, brigade: u32, order: &str| {
        format!("[[a.regiments]]\nname = \"{name}\"\nrating = \"line,reliable\"\nbrigade = {brigade}\ndivision = 1\norders = [\"deploy\", \"{order}\"]\ntarget = \"Enemy\"\n")
    };
    for (last, paid) in [("maneuver", 1), ("assault", 3)] {
        let regiments = [
            regiment("R1", 1, "maneuver"),
            regiment("R2", 1, "maneuver"),
            regiment("R3", 2, "maneuver"),
            regiment("R4", 2, last),
        ]
        .concat();
        let text = side_a(
            &regiments,
            "move = 8\nmaneuver = 100\ndeploy = 0\nassault = 100",
        )
        .replace("decqs = 2", "decqs = 1");
        let scenario = scenario(&text);
        let mut ordered_games = 0;
        let stats = play_each(&[], &scenario, 500, 8, |stats, _| {
            let a = &stats.sides[Seat::A];
            let regiments = a.orders_issued[OrderKind::Maneuver as usize]
                + a.orders_issued[OrderKind::Assault as usize];
            if regiments == 4 {
                ordered_games += 1;
                assert_eq!(a.orders.sum, paid, "{last}: orders paid");
                assert_eq!(a.spent[0].sum, paid);
            }
        });
        assert!(ordered_games > 400, "{last}: {ordered_games}");
        // The looser reading orders R3 with R1 and R2 (alike, of one
        // division): 2 orders, not 3, when R4 differs.
        let loose = play_each(
            &["order_groups=idle_alike"],
            &scenario,
            500,
            8,
            |stats, _| {
                let a = &stats.sides[Seat::A];
                if a.orders_issued[OrderKind::Maneuver as usize]
                    + a.orders_issued[OrderKind::Assault as usize]
                    == 4
                {
                    assert_eq!(a.orders.sum, paid.min(2), "{last}: loosely");
                }
            },
        );
        assert!(loose.sides[Seat::A].orders.n > 0);
        let _ = stats;
    }
}

#[test]
fn infantry_beaten_by_cavalry_rallies_with_nine_dice_needing_eight() {
    // The infantry attacks a cavalry defender: beaten, it was "defeated in
    // an Assault by a cavalry unit", attacker or not.
    let text = duel("line,reliable", "elite,veteran").replace(
        "name = \"Defender\"\n",
        "name = \"Defender\"\narm = \"cavalry\"\n",
    );
    let stats = play_each(&[], &scenario(&text), 20_000, 14, |_, _| {});
    let histogram = stats.rallies[2];
    let total = histogram.total();
    assert!(total > 2_000, "{total} rallies by cavalry");
    for (boxes, chance) in rally_distribution(8, true, true).iter().enumerate() {
        let rate = Rate::new(histogram.counts[boxes], total);
        assert!(
            rate_within(rate, chance.value(), 0.9999),
            "{boxes} boxes {rate:?} vs {chance}"
        );
    }
}

fn cavalry_charge(attacker_elan: u32, defender_elan: u32) -> Scenario {
    scenario(
        &duel("elite,veteran", "militia,undependable")
            .replace(
                "name = \"Attacker\"\n",
                &format!("name = \"Attacker\"\narm = \"cavalry\"\nbattle_cavalry = true\nelan = {attacker_elan}\n"),
            )
            .replace(
                "name = \"Defender\"\n",
                &format!("name = \"Defender\"\nelan = {defender_elan}\n"),
            ),
    )
}

#[test]
fn a_breakthrough_that_finishes_the_defender_is_the_attackers_win() {
    // Militia with 1 Elan against elite cavalry with 12: the defender's d4
    // never takes the cavalry's 12, so every assault is the attacker's,
    // by its cast or by the breakthrough's d8.
    let stats = play_each(&[], &cavalry_charge(12, 1), 20_000, 15, |_, tally| {
        assert_eq!(tally.attacker_won, tally.assaults);
    });
    assert!(stats.breakthroughs > 1_000, "{}", stats.breakthroughs);
}

#[test]
fn cavalry_with_no_elan_left_cannot_break_through() {
    // 1 Elan: the defender's first cast (at least 1) always takes it.
    let stats = play_each(&[], &cavalry_charge(1, 12), 5_000, 16, |_, _| {});
    assert!(stats.assaults_begun > 4_000);
    assert_eq!(stats.breakthrough_attempts, 0);
}

#[test]
fn an_unrallied_winner_does_not_fight_again() {
    // Two militia regiments go in one after the other against the Guard;
    // the first loses, and the Guard, its winner, must rally before it
    // "can again ... participate in combat": until it does, the second
    // takes the objective unopposed.
    let text = duel("militia,undependable", "elite,veteran")
        .replace("name = \"Attacker\"", "name = \"First\"")
        .replace(
            "[b]",
            "[[a.regiments]]\nname = \"Second\"\nrating = \"militia,undependable\"\norders = [\"deploy\", \"assault\"]\ntarget = \"Defender\"\n[b]",
        );
    let scenario = scenario(&text);
    // Rallies cost all 18 IP the track holds, so winners seldom rally.
    let begun = |reading: &str| {
        play_each(
            &[&format!("unrallied_winner={reading}"), "rally_cost=18"],
            &scenario,
            5_000,
            17,
            |_, _| {},
        )
        .assaults_begun
    };
    let (withdraws, fights) = (begun("withdraws"), begun("fights"));
    assert!(withdraws < fights, "{withdraws} assaults against {fights}");
}

#[test]
fn an_army_deck_smaller_than_note_13s_is_refused() {
    let default = std::fs::read_to_string(
        std::path::Path::new(crate::common::crate_dir())
            .join("experiments/piquet/scenarios/default.toml"),
    )
    .unwrap();
    let shipped = scenario(&default);
    // One player a side: 14 + 4 spare = 18; the default holds 19.
    assert!(shipped.check_army_minimum(14, 18, 4).is_ok());
    assert!(shipped.check_army_minimum(16, 18, 4).is_err());
    let small = scenario(&default.replace("musket_reload = 2", "musket_reload = 0"));
    let error = small.check_army_minimum(14, 18, 4).unwrap_err().to_string();
    assert!(
        error.contains("a.army_deck")
            && error.contains("17 cards")
            && error.contains("at least 18"),
        "{error}"
    );
}

#[test]
fn infantry_falling_with_cavalry_together_rallies_as_together_by_cavalry_says() {
    // Infantry attacks a cavalry defender of its own rating: both Elans
    // often reach zero on one KARD (both_zero = both_defeated); the
    // infantry then rallies with nine dice under together_by_cavalry, and
    // with six under the other reading, so only defender_wins endings are
    // left for the nine-dice rallies.
    let text = duel("line,reliable", "line,reliable").replace(
        "name = \"Defender\"\n",
        "name = \"Defender\"\narm = \"cavalry\"\n",
    );
    let scenario = scenario(&text);
    let by_cavalry = |reading: &str| {
        let stats = play_each(
            &[&format!("together_by_cavalry={reading}")],
            &scenario,
            10_000,
            19,
            |_, _| {},
        );
        (
            stats.rallies[2].total(),
            stats.ends[AssaultEnd::Together as usize],
        )
    };
    let ((with, together), (without, _)) = (by_cavalry("true"), by_cavalry("false"));
    assert!(together > 1_000, "{together} assaults ended together");
    assert!(with > without + together / 2, "{with} against {without}");
}

fn shipped_scenario(file: &str) -> Scenario {
    scenario(
        &std::fs::read_to_string(
            std::path::Path::new(crate::common::crate_dir())
                .join("experiments/piquet/scenarios")
                .join(file),
        )
        .unwrap(),
    )
}

/// The search player with these objective weights (samples 8, horizon 6).
fn search(weights: [u32; 4]) -> PiquetStrategy {
    let [regiment_weight, box_weight, elan_weight, execution_weight] = weights;
    PiquetStrategy {
        search: Some(fortunes::systems::piquet::strategy::Search {
            samples: 8,
            horizon: 6,
            regiment_weight,
            box_weight,
            elan_weight,
            execution_weight,
            search_orders: true,
        }),
        ..PiquetStrategy::HEURISTIC
    }
}

/// `search(weights)` leaving the chosen regiments' orders to the
/// heuristic (tuning `orders_by = heuristic`).
fn search_cards_only(weights: [u32; 4]) -> PiquetStrategy {
    let mut strategy = search(weights);
    if let Some(search) = &mut strategy.search {
        search.search_orders = false;
    }
    strategy
}

/// Each game's tally, games `0..games` of seed `seed`.
fn tallies(
    scenario: &Scenario,
    strategies: BySeat<PiquetStrategy>,
    games: u64,
    seed: u64,
) -> Vec<GameTally> {
    let rules = Rules::from_values(&Rules::defaults()).unwrap();
    let setup = Setup {
        rules: &rules,
        scenario,
        strategies: &strategies,
    };
    let mut game = Game::new();
    let mut stats = Stats::default();
    (0..games)
        .map(|index| {
            let mut tally = GameTally::default();
            game.reset(&setup, seed, index);
            game.play(&setup, index, &mut stats, &mut tally, None);
            tally
        })
        .collect()
}

#[test]
fn the_search_players_other_decisions_are_the_default_heuristics() {
    assert_eq!(PiquetStrategy::HEURISTIC, heuristic(&[]));
}

#[test]
fn a_search_that_values_nothing_plays_as_the_heuristic() {
    // Every choice is worth 0, so the heuristic's own choice (tried first)
    // keeps every tie: the forced choices, the determinized worlds and the
    // samples drawn must leave the game itself exactly as the heuristic
    // plays it.
    let default = shipped_scenario("default.toml");
    let heuristic = PiquetStrategy::HEURISTIC;
    let indifferent = search([0; 4]);
    let plain = tallies(&default, BySeat([heuristic; 2]), 20, 3);
    for seats in [[indifferent, heuristic], [heuristic, indifferent]] {
        assert_eq!(tallies(&default, BySeat(seats), 20, 3), plain);
    }
    // Orders chosen: the orders searched too, the free first ones and the
    // Officer Checks', from the worlds of each KARD's start.
    let chosen = scenario(&crate::piquet_chosen::chosen_default());
    let plain_chosen = tallies(&chosen, BySeat([heuristic; 2]), 20, 3);
    for seats in [[indifferent, heuristic], [heuristic, indifferent]] {
        assert_eq!(tallies(&chosen, BySeat(seats), 20, 3), plain_chosen);
    }
    // And a search that values something makes other choices, in either
    // seat: its forced choices reach the real game.
    let valuing = search([30, 4, 1, 2]);
    for seats in [[valuing, heuristic], [heuristic, valuing]] {
        let searched = tallies(&default, BySeat(seats), 20, 3);
        let differing = searched.iter().zip(&plain).filter(|(s, p)| s != p).count();
        assert!(differing >= 10, "{differing} of 20 games differ");
    }
}

#[test]
fn the_search_wins_the_exchange_of_regiments_against_the_heuristic() {
    // The objective counts regiments, boxes and Elan, the side's against
    // the enemy's: on the same games, seat a's search must end with more
    // enemy regiments removed less its own than the heuristic does.
    let default = shipped_scenario("default.toml");
    let heuristic = PiquetStrategy::HEURISTIC;
    assert_gains_regiments(&default, search([30, 4, 1, 2]), heuristic, 150, 5);
}

/// On the same `games` of `seed`, seat a playing `better` against the
/// heuristic must end with more enemy regiments removed less its own than
/// seat a playing `worse`: the paired mean exceeds 3 standard errors.
fn assert_gains_regiments(
    scenario: &Scenario,
    better: PiquetStrategy,
    worse: PiquetStrategy,
    games: u64,
    seed: u64,
) {
    let heuristic = PiquetStrategy::HEURISTIC;
    let margin = |a: PiquetStrategy| -> Vec<i64> {
        tallies(scenario, BySeat([a, heuristic]), games, seed)
            .iter()
            .map(|t| t.removed[Seat::B] as i64 - t.removed[Seat::A] as i64)
            .collect()
    };
    let diffs: Vec<f64> = margin(better)
        .iter()
        .zip(margin(worse))
        .map(|(s, h)| (s - h) as f64)
        .collect();
    let n = diffs.len() as f64;
    let mean = diffs.iter().sum::<f64>() / n;
    let se = (diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0) / n).sqrt();
    assert!(
        mean - 3.0 * se > 0.0,
        "regiments a game: {mean:+.3} (se {se:.3})"
    );
}

#[test]
fn searched_orders_win_more_of_the_exchange_than_the_heuristics_orders() {
    // Both sides choose their orders (`orders = "chosen"`). Seat a's
    // search, on the same games, once deciding only its cards (the
    // heuristic's orders) and once its chosen regiments' orders too: each
    // order it may give, and none, played out to its objective must end
    // with more enemy regiments removed less its own.
    let chosen = scenario(&crate::piquet_chosen::chosen_default());
    let weights = [30, 4, 1, 2];
    assert_gains_regiments(&chosen, search(weights), search_cards_only(weights), 400, 7);
}

/// The heuristic, watching the field at every decision it is asked:
/// whether any defeated, unrallied regiment stands within Engagement range
/// of a formed enemy (in the game and not unrallied).
struct Watch {
    inner: PiquetStrategy,
    decisions: std::cell::Cell<u64>,
    defeated_seen: std::cell::Cell<u64>,
    violations: std::cell::Cell<u64>,
}

mod watch {
    use super::Watch;
    use fortunes::engine::seeding::GameRng;
    use fortunes::engine::Seat;
    use fortunes::systems::piquet::cards::{Card, Kind};
    use fortunes::systems::piquet::field::{At, Status};
    use fortunes::systems::piquet::scenario::OrderKind;
    use fortunes::systems::piquet::strategy::{
        Decide, Needs, OfficerAction, OrderFacts, TurnedUse,
    };
    use fortunes::systems::piquet::Rules;

    impl Watch {
        fn look(&self, at: &At<'_>) {
            self.decisions.set(self.decisions.get() + 1);
            let scenario = at.scenario.expect("the game's own field");
            let range = scenario.ranges.engagement;
            for seat in Seat::BOTH {
                let enemy = seat.other();
                for i in 0..scenario.sides[seat].count as usize {
                    let unit = at.units[seat][i];
                    if !matches!(unit.status, Status::Shaken { defeated: true, .. }) {
                        continue;
                    }
                    self.defeated_seen.set(self.defeated_seen.get() + 1);
                    let near = (0..scenario.sides[enemy].count as usize).any(|j| {
                        let other = at.units[enemy][j];
                        !matches!(other.status, Status::Shaken { .. } | Status::Removed)
                            && (other.x - unit.x).abs() <= range
                    });
                    if near {
                        self.violations.set(self.violations.get() + 1);
                    }
                }
            }
        }
    }

    impl Decide for Watch {
        fn hand_play(
            &self,
            at: &At<'_>,
            hand: &[Card],
            present: u16,
            needs: &Needs,
            rules: &Rules,
            rng: &mut GameRng,
        ) -> Option<usize> {
            self.look(at);
            self.inner.hand_play(at, hand, present, needs, rules, rng)
        }
        fn turned(
            &self,
            at: &At<'_>,
            kind: Kind,
            hand: &[Card],
            room: bool,
            needs: &Needs,
            rules: &Rules,
            rng: &mut GameRng,
        ) -> TurnedUse {
            self.look(at);
            self.inner.turned(at, kind, hand, room, needs, rules, rng)
        }
        fn officer_check(
            &self,
            at: &At<'_>,
            needs: &Needs,
            rules: &Rules,
            rng: &mut GameRng,
        ) -> OfficerAction {
            self.look(at);
            self.inner.officer_check(at, needs, rules, rng)
        }
        fn issue(&self, at: &At<'_>, order: OrderKind, cost: u32, rng: &mut GameRng) -> bool {
            self.look(at);
            self.inner.issue(at, order, cost, rng)
        }
        fn order(
            &self,
            at: &At<'_>,
            facts: &OrderFacts,
            rng: Option<&mut GameRng>,
        ) -> Option<OrderKind> {
            self.look(at);
            self.inner.order(at, facts, rng)
        }
        fn deployment(&self, at: &At<'_>, facts: &OrderFacts, rng: &mut GameRng) -> usize {
            self.look(at);
            self.inner.deployment(at, facts, rng)
        }
        fn direction(&self, at: &At<'_>, facts: &OrderFacts, rng: &mut GameRng) -> usize {
            self.look(at);
            self.inner.direction(at, facts, rng)
        }
        fn rally(
            &self,
            at: &At<'_>,
            shaken: bool,
            elan: u32,
            full: u32,
            rng: &mut GameRng,
        ) -> bool {
            self.look(at);
            self.inner.rally(at, shaken, elan, full, rng)
        }
        fn attached(&self, at: &At<'_>, rng: &mut GameRng) -> bool {
            self.look(at);
            self.inner.attached(at, rng)
        }
        fn move_to(
            &self,
            at: &At<'_>,
            facts: &OrderFacts,
            farthest: u32,
            rng: &mut GameRng,
        ) -> u32 {
            self.look(at);
            self.inner.move_to(at, facts, farthest, rng)
        }
        fn aim(&self, at: &At<'_>, candidates: u16, nearest: usize, rng: &mut GameRng) -> usize {
            self.look(at);
            self.inner.aim(at, candidates, nearest, rng)
        }
        fn piquet(
            &self,
            at: &At<'_>,
            objective: usize,
            elan: u32,
            full: u32,
            cost: u32,
            rng: &mut GameRng,
        ) -> bool {
            self.look(at);
            self.inner.piquet(at, objective, elan, full, cost, rng)
        }
        fn extra_cast(
            &self,
            at: &At<'_>,
            ip: u32,
            cost: u32,
            chips: u32,
            rng: &mut GameRng,
        ) -> bool {
            self.look(at);
            self.inner.extra_cast(at, ip, cost, chips, rng)
        }
        fn fire(&self, at: &At<'_>, ip: u32, cost: u32, rng: &mut GameRng) -> bool {
            self.look(at);
            self.inner.fire(at, ip, cost, rng)
        }
        fn reload(&self, at: &At<'_>, ip: u32, cost: u32, rng: &mut GameRng) -> bool {
            self.look(at);
            self.inner.reload(at, ip, cost, rng)
        }
        fn assault_now(&self, at: &At<'_>, target_elan: u32, asking: bool) -> bool {
            self.look(at);
            self.inner.assault_now(at, target_elan, asking)
        }
        fn retire_now(
            &self,
            at: &At<'_>,
            elan: u32,
            full: u32,
            enemy_elan: u32,
            asking: bool,
        ) -> bool {
            self.look(at);
            self.inner.retire_now(at, elan, full, enemy_elan, asking)
        }
        fn second_line(
            &self,
            at: &At<'_>,
            why: &str,
            elan: u32,
            enemy_elan: u32,
            lead_elan: u32,
            rng: &mut GameRng,
        ) -> bool {
            self.look(at);
            self.inner
                .second_line(at, why, elan, enemy_elan, lead_elan, rng)
        }
        fn pass_to(
            &self,
            at: &At<'_>,
            candidates: u16,
            neediest: usize,
            rng: &mut GameRng,
        ) -> usize {
            self.look(at);
            self.inner.pass_to(at, candidates, neediest, rng)
        }
        fn pass_amount(&self, at: &At<'_>, ip: u32, most: u32, rng: &mut GameRng) -> u32 {
            self.look(at);
            self.inner.pass_amount(at, ip, most, rng)
        }
        fn withdraw_to(&self, at: &At<'_>, outside: i32, farthest: u32, rng: &mut GameRng) -> u32 {
            self.look(at);
            self.inner.withdraw_to(at, outside, farthest, rng)
        }
        fn brilliant(&self, at: &At<'_>, needs: &Needs, rng: &mut GameRng) -> Kind {
            self.look(at);
            self.inner.brilliant(at, needs, rng)
        }
    }
}

#[test]
fn no_defeated_unit_stands_within_engagement_range_of_a_formed_enemy() {
    // "Defeated, unrallied units may not resist Assault or Engagement by an
    // enemy unit, but must immediately withdraw to 1" outside of the
    // Engagement range of the enemy unit": at every decision of 1,000
    // default games (and the end of each), none does.
    let scenario = Scenario::from_table(
        &toml::from_str(include_str!("../experiments/piquet/scenarios/default.toml")).unwrap(),
    )
    .unwrap();
    let rules = Rules::default();
    let watch = |_| Watch {
        inner: heuristic(&[]),
        decisions: Default::default(),
        defeated_seen: Default::default(),
        violations: Default::default(),
    };
    let strategies = BySeat::from_fn(watch);
    let setup = Setup {
        rules: &rules,
        scenario: &scenario,
        strategies: &strategies,
    };
    let mut game = Game::new();
    let (mut stats, mut tally) = (Stats::default(), GameTally::default());
    for index in 0..1_000 {
        game.reset(&setup, 7, index);
        game.play(&setup, index, &mut stats, &mut tally, None);
    }
    let total = |f: fn(&Watch) -> u64| f(&strategies[Seat::A]) + f(&strategies[Seat::B]);
    let seen = total(|w| w.defeated_seen.get());
    assert!(total(|w| w.decisions.get()) > 100_000);
    assert!(seen > 1_000, "defeated regiments seen only {seen} times");
    assert_eq!(total(|w| w.violations.get()), 0, "of {seen}");
}

/// Six DECQs of a line regiment (d8, 24 Elan) worn by a battery's
/// bombardment from 10 inches, with `cards` (an Army Deck line) beside the
/// reloads.
pub(crate) fn bombarded_line(cards: &str) -> String {
    format!(
        "decqs = 6\ndistance = 10\n[chips]\nmove = 8\nmaneuver = 4\ndeploy = 3\nassault = 6\n\
         [army_deck]\n{cards}\nartillery_reload = 8\nmusket_reload = 4\n\
         [a]\ncommander = \"good\"\n[[a.regiments]]\nname = \"Line\"\nrating = \"line,reliable\"\n\
         elan = 24\norders = [\"deploy\"]\n\
         [b]\ncommander = \"good\"\n[[b.regiments]]\nname = \"Battery\"\narm = \"artillery\"\n\
         rating = \"medium_heavy,II\"\ntarget = \"Line\"\norders = [\"deploy\"]\n"
    )
}

#[test]
fn a_worn_regiment_rallies_with_six_dice_needing_four() {
    // "If the unit is being rallied while it still has Elan Chips, it must
    // cast a 4 or greater on the dice": a line regiment (d8) worn by a
    // battery's bombardment (no engagement, "units that are under
    // Bombardment may be rallied") and never unrallied unless fire takes
    // its last Elan. The heuristic rallies it once down to half its Elan:
    // each of the six d8 fails (1-3) with chance 3/8, so the boxes checked
    // follow Binomial(6, 3/8). No assault is fought, so every sound rally
    // is a worn regiment's.
    let text = bombarded_line("officer_check = 8");
    let (stats, _) = play(&scenario(&text), BySeat([heuristic(&[]); 2]), 20_000, 17);
    let histogram = stats.rallies[0];
    let total = histogram.total();
    assert!(total > 5_000, "{total} worn rallies");
    let exact = rally_distribution(8, false, false);
    for (boxes, chance) in exact.iter().enumerate() {
        let rate = Rate::new(histogram.counts[boxes], total);
        assert!(
            rate_within(rate, chance.value(), 0.9999),
            "{boxes} boxes {rate:?} vs {chance}"
        );
    }
    // By hand: none checked (5/8)^6 = 15625/262144, all six (3/8)^6.
    assert_eq!(exact[0].value(), 15625.0 / 262144.0);
    assert_eq!(exact[6].value(), 729.0 / 262144.0);
}

/// Side a's line regiment and a Russian twelve-gun company, its halves
/// (`half` adds to the second's entry) of the Line's brigade, against one
/// regiment in bombardment range.
pub(crate) fn twelve_guns(half: &str) -> String {
    let company = |name: &str, more: &str| {
        format!(
            "[[a.regiments]]\nname = \"{name}\"\narm = \"artillery\"\nrating = \"medium_heavy,II\"\n\
             target = \"Enemy\"\norders = [\"deploy\", \"maneuver\"]\n{more}"
        )
    };
    format!(
        "decqs = 3\ndistance = 10\n[chips]\nmove = 8\nmaneuver = 5\ndeploy = 5\nassault = 6\n\
         [army_deck]\nofficer_check = 6\nartillery_reload = 6\nmusket_reload = 4\nmaneuver = 2\n\
         [a]\ncommander = \"good\"\n\
         [[a.regiments]]\nname = \"Line\"\nrating = \"line,reliable\"\norders = [\"move\", \"deploy\"]\ntarget = \"Enemy\"\n\
         {}{}\
         [b]\ncommander = \"good\"\n\
         [[b.regiments]]\nname = \"Enemy\"\nrating = \"line,reliable\"\nelan = 60\norders = [\"deploy\"]\n",
        company("Twelve I", ""),
        company("Twelve II", half)
    )
}
