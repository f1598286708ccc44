//! Skirmishing with Ancients: the simulation's rolls held to the exact
//! odds, the deck held to the hypergeometric law, the card sequence and the
//! charge as the text gives them, and bad scenarios refused by field.

use fortunes::engine::seeding::{game_rng, Stream};
use fortunes::engine::{BySeat, Seat};
use fortunes::params::ParamValues;
use fortunes::stats::{Mean, Rate};
use fortunes::systems::skirmish::game::{melee, morale_roll, roll, ChargeOutcome};
use fortunes::systems::skirmish::rules::{MoralePass, Reading};
use fortunes::systems::skirmish::strategy::{CardPlay, Grouping, Reserves};
use fortunes::systems::skirmish::table::{effect_odds, melee_odds, morale_odds, Effect};
use fortunes::systems::skirmish::{Game, GameTally, Rules, Scenario, SkirmishStrategy};

fn rules(sets: &[&str]) -> Rules {
    let mut values: ParamValues = Rules::defaults();
    for set in sets {
        values.set_text(set).unwrap();
    }
    Rules::from_values(&values).unwrap()
}

fn within(rate: Rate, exact: f64, confidence: f64) -> bool {
    let (low, high) = rate.wilson(confidence);
    low <= exact && exact <= high
}

#[test]
fn rolls_follow_the_exact_table() {
    for (reading, name) in [
        (Reading::Clamp, "clamp"),
        (Reading::NaturalExtremes, "natural_extremes"),
    ] {
        let rules = rules(&[&format!("result_reading={name}")]);
        let mut rng = game_rng(1, 0, Stream::RULES);
        for modifier in -4..=5 {
            let trials = 40_000u64;
            let mut counts = [0u64; 4];
            for _ in 0..trials {
                counts[roll(&mut rng, modifier, &rules) as usize] += 1;
            }
            let exact = effect_odds(modifier, reading);
            for effect in Effect::ALL {
                let rate = Rate::new(counts[effect as usize], trials);
                // 99.99%: 80 proportions are tested in all.
                assert!(
                    within(rate, exact[effect as usize].value(), 0.9999),
                    "{name} {modifier:+} {effect:?}: {rate:?} vs {}",
                    exact[effect as usize]
                );
            }
        }
    }
}

#[test]
fn melees_follow_the_exact_odds() {
    let rules = rules(&[]);
    let mut rng = game_rng(2, 0, Stream::RULES);
    for (a, b) in [(0, 0), (0, -1), (1, 0), (-2, 1), (-3, -3)] {
        let odds = melee_odds(a, b, Reading::Clamp).unwrap();
        let trials = 40_000u64;
        let (mut a_only, mut b_only, mut both) = (0, 0, 0);
        let mut throws = Mean::default();
        for _ in 0..trials {
            let (on_b, on_a, n) = melee(&mut rng, a, b, &rules);
            match (on_b.scores(), on_a.scores()) {
                (true, false) => a_only += 1,
                (false, true) => b_only += 1,
                (true, true) => both += 1,
                (false, false) => panic!("a melee ended with nobody scoring"),
            }
            throws.record(n as u64);
        }
        for (count, exact) in [
            (a_only, odds.a_only),
            (b_only, odds.b_only),
            (both, odds.both),
        ] {
            let rate = Rate::new(count, trials);
            assert!(
                within(rate, exact.value(), 0.9999),
                "{a} {b}: {rate:?} vs {exact}"
            );
        }
        let (low, high) = throws.interval(0.9999);
        let exact = odds.expected_throws.value();
        assert!(
            low <= exact && exact <= high,
            "{a} {b}: throws {low}..{high} vs {exact}"
        );
    }
    // Neither man can score: the melee stops at the cap, undecided.
    let capped = self::rules(&["melee_max_throws=7"]);
    let (on_b, on_a, n) = melee(&mut rng, -5, -5, &capped);
    assert_eq!((on_b, on_a, n), (Effect::NoEffect, Effect::NoEffect, 7));
}

#[test]
fn morale_rolls_follow_the_exact_odds() {
    let mut rng = game_rng(3, 0, Stream::RULES);
    for rule in [MoralePass::StrictlyUnder, MoralePass::AtOrUnder] {
        for level in [-5, 0, 1, 43, 59, 72, 100, 101] {
            let trials = 20_000u64;
            let passed = (0..trials)
                .filter(|_| morale_roll(&mut rng, level, rule))
                .count() as u64;
            let exact = morale_odds(level, rule).value();
            let rate = Rate::new(passed, trials);
            assert!(
                within(rate, exact, 0.9999),
                "{rule:?} {level}: {rate:?} vs {exact}"
            );
        }
    }
}

fn scenario(text: &str) -> Scenario {
    Scenario::from_table(&toml::from_str(text).unwrap()).unwrap()
}

fn vikings() -> Scenario {
    let text = std::fs::read_to_string(
        std::path::Path::new(crate::common::crate_dir())
            .join("experiments/skirmish/scenarios/vikings.toml"),
    )
    .unwrap();
    scenario(&text)
}

const fn player(cards: CardPlay) -> SkirmishStrategy {
    SkirmishStrategy {
        cards,
        grouping: Grouping::MostStanding,
        morale_target: 80,
        halt_within: 0,
        samples: 0,
        reserves: Reserves::Outnumbered,
    }
}

#[test]
fn the_deck_is_dealt_as_the_hypergeometric_law_says() {
    // A 6 among the 3 cards of the opening hand: 1 - C(10,3)/C(12,3) = 5/11.
    let rules = rules(&[]);
    let scenario = vikings();
    let mut game = Game::new();
    let mut six = Rate::default();
    for index in 0..40_000 {
        game.reset(&rules, &scenario, 4, index);
        six.record(game.hands[Seat::A].has(6));
    }
    assert!(within(six, 5.0 / 11.0, 0.999), "{six:?} vs 5/11");
}

#[test]
fn each_side_plays_its_whole_deck() {
    for sets in [
        vec![],
        vec!["cards_per_value=1", "hand_size=1"],
        vec!["cards_per_value=4", "hand_size=6"],
        // A deck not the same for every value: no ones, four sixes.
        vec!["cards_1=0", "cards_6=4", "cards_3=1"],
    ] {
        let rules = rules(&sets);
        let scenario = vikings();
        let strategies = BySeat([player(CardPlay::Random), player(CardPlay::HoldHigh)]);
        let mut game = Game::new();
        let mut tally = GameTally::default();
        for index in 0..200 {
            game.reset(&rules, &scenario, 5, index);
            game.play(&rules, &scenario, &strategies, &mut tally);
            for seat in Seat::BOTH {
                // Every card once: of each value, as many as the deck
                // holds, written here from the rules named, not the code's.
                let count = |v: usize| {
                    let each = sets
                        .iter()
                        .find_map(|s| s.strip_prefix("cards_per_value="))
                        .map_or(2, |n| n.parse().unwrap());
                    sets.iter()
                        .find_map(|s| s.strip_prefix(&format!("cards_{v}=")))
                        .map_or(each, |n| n.parse::<u32>().unwrap())
                };
                let size: u32 = (1..=6).map(count).sum();
                let increments: u32 = (1..=6).map(|v| v as u32 * count(v)).sum();
                assert_eq!(tally.plays[seat], size, "{sets:?}");
                assert_eq!(tally.increments[seat], increments, "{sets:?}");
                for v in 1..=6 {
                    assert_eq!(tally.played[seat][v - 1], count(v), "{sets:?} value {v}");
                }
                assert!(tally.wasted[seat] <= tally.increments[seat]);
            }
        }
    }
}

#[test]
fn a_charge_follows_the_texts_two_card_sequence() {
    let rules = rules(&[]);
    // In contact from the start, no shooters: the attacker's first card
    // declares the charge, the defender's resolves it.
    let close = scenario(
        "distance = 0\nattacker = \"a\"\nfirst = \"a\"\n[[a.men]]\ncount = 3\nshield = true\n[[b.men]]\ncount = 3\nshield = true\n",
    );
    let strategies = BySeat([player(CardPlay::Lowest), player(CardPlay::Lowest)]);
    let mut game = Game::new();
    let mut tally = GameTally::default();
    let mut contact = 0;
    for index in 0..500 {
        game.reset(&rules, &close, 6, index);
        game.play(&rules, &close, &strategies, &mut tally);
        // Both sides test morale at the charge, then fight.
        let (tests, _) = tally.morale_tests();
        assert!(tests >= 1);
        assert_eq!(tally.shots(), 0, "no shooters, no shots");
        contact += (tally.charge == ChargeOutcome::ReachedContact) as u32;
        assert_ne!(tally.charge, ChargeOutcome::StoppedByFire);
    }
    assert!(contact > 300, "{contact}");
    // Far away, foot at 2 inches an increment: 200 inches is out of reach
    // of all 42 increments, so nobody ever charges and only archers act.
    let far = scenario(
        "distance = 200\nattacker = \"a\"\nfirst = \"a\"\n[[a.men]]\ncount = 3\n[[b.men]]\ncount = 2\nweapon = \"archer\"\n",
    );
    for index in 0..200 {
        game.reset(&rules, &far, 7, index);
        game.play(&rules, &far, &strategies, &mut tally);
        assert_ne!(tally.charge, ChargeOutcome::ReachedContact);
        assert_eq!(tally.melees, 0);
        assert!(tally.shots() > 0);
    }
}

#[test]
fn the_cadence_player_prefers_odd_cards_for_an_archer() {
    let rules = rules(&[]);
    let archers = scenario(
        "distance = 400\nattacker = \"a\"\nfirst = \"b\"\n[[a.men]]\ncount = 1\n[[b.men]]\ncount = 2\nweapon = \"archer\"\n",
    );
    let strategies = BySeat([player(CardPlay::Lowest), player(CardPlay::Cadence)]);
    let mut game = Game::new();
    let mut tally = GameTally::default();
    let (mut five_before_six, mut both) = (0, 0);
    for index in 0..300 {
        game.reset(&rules, &archers, 8, index);
        let hand = game.hands[Seat::B];
        game.play(&rules, &archers, &strategies, &mut tally);
        if hand.has(5) && hand.has(6) {
            both += 1;
            five_before_six += (game.first_card[Seat::B] == Some(5)) as u32;
        }
    }
    assert!(both > 20);
    assert_eq!(
        five_before_six, both,
        "an archer's 5 gives as many shots as a 6"
    );
}

#[test]
fn bad_scenarios_name_the_field() {
    for (text, expected) in [
        ("distance = 10\nb = 3\n", "scenario b"),
        ("distance = 10\n[b]\nmen = 3\n", "b.men"),
        (
            "distance = 10\n[[a.men]]\ncount = 30\n[[b.men]]\ncount = 1\n",
            "a.men[1].count",
        ),
        (
            "distance = 10\n[[a.men]]\nweapon = \"sling\"\n[[b.men]]\ncount = 1\n",
            "archer, crossbow",
        ),
        (
            "distance = 10\n[[a.men]]\ntype = \"chariot\"\n[[b.men]]\ncount = 1\n",
            "foot, cavalry",
        ),
        ("[[a.men]]\ncount = 1\n[[b.men]]\ncount = 1\n", "distance"),
        (
            "distance = 10\nattacker = \"c\"\n[[a.men]]\n[[b.men]]\n",
            "attacker",
        ),
        // A creek lies between the sides, not on either.
        ("distance = 10\ncreek = 10\n[[a.men]]\n[[b.men]]\n", "creek"),
        ("distance = 10\ncreek = 0\n[[a.men]]\n[[b.men]]\n", "1..=9"),
        (
            "distance = 1\ncreek = 1\n[[a.men]]\n[[b.men]]\n",
            "no creek",
        ),
    ] {
        let error = Scenario::from_table(&toml::from_str(text).unwrap())
            .unwrap_err()
            .to_string();
        assert!(error.contains(expected), "{error:?} lacks {expected:?}");
    }
    // No men at all: the card sequence alone.
    assert_eq!(scenario("distance = 0\n").count, BySeat([0, 0]));
    // A weapon defined by the scenario itself.
    let slings = scenario(
        "distance = 10\n[weapons]\nsling = 2\n[[a.men]]\nweapon = \"sling\"\n[[b.men]]\ncount = 1\n",
    );
    assert_eq!(slings.men(Seat::A)[0].load, Some(2));
}

/// Every charge of a game is counted, each in exactly one way it went, a
/// charge that met only fleeing defenders is not "contact", and a charge
/// declared on the last cards is counted as cut off, never dropped.
#[test]
fn every_charge_is_counted_once_and_contact_needs_a_defender() {
    let rules = rules(&[]);
    let vikings = vikings();
    let strategies = BySeat([player(CardPlay::Random), player(CardPlay::HoldHigh)]);
    let mut game = Game::new();
    let mut tally = GameTally::default();
    let (mut games_with_several, mut no_defender, mut contact) = (0, 0, 0);
    for index in 0..3000 {
        game.reset(&rules, &vikings, 8, index);
        game.play(&rules, &vikings, &strategies, &mut tally);
        let charges: u32 = tally.charges.iter().sum();
        games_with_several += (charges > 1) as u32;
        no_defender += tally.charges[ChargeOutcome::NoDefender as usize];
        contact += tally.charges[ChargeOutcome::ReachedContact as usize];
        // The game's outcome is its first charge's, and it was counted.
        if tally.charge != ChargeOutcome::NoCharge {
            assert!(
                tally.charges[tally.charge as usize] >= 1,
                "{:?}",
                tally.charges
            );
        }
        // A melee needs a defender: contact is never without melees.
        if tally.charges[ChargeOutcome::ReachedContact as usize] > 0 {
            assert!(
                tally.melees > 0,
                "contact without a melee: {:?}",
                tally.charges
            );
        }
    }
    assert!(games_with_several > 0, "renewed charges are counted");
    assert!(no_defender > 0 && contact > 0, "{no_defender} {contact}");
    // An advance that reaches charging distance only on the attacker's last
    // card (b plays first, so the defender has no card left to meet it):
    // some distance does it, and such a charge is counted as cut off.
    let strategies = BySeat([player(CardPlay::Lowest), player(CardPlay::Lowest)]);
    let mut cut = 0;
    for distance in 1..=120 {
        let far = scenario(&format!(
            "distance = {distance}\nattacker = \"a\"\nfirst = \"b\"\n[[a.men]]\ncount = 1\nshield = true\n[[b.men]]\ncount = 1\nshield = true\n"
        ));
        for index in 0..20 {
            game.reset(&rules, &far, 9, index);
            game.play(&rules, &far, &strategies, &mut tally);
            cut += tally.charges[ChargeOutcome::NoCharge as usize];
        }
    }
    assert!(
        cut > 0,
        "a charge declared on the last card is counted as cut off"
    );
}

/// A lone man's group has no spread (it is the distance between a group's
/// two furthest men), in the odds as in the game, whatever `--spread` says.
#[test]
fn a_lone_mans_morale_odds_ignore_the_spread() {
    let odds = |spread: &str| {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_fortunes"))
            .args([
                "odds", "skirmish", "morale", "--men", "sound", "--spread", spread,
            ])
            .output()
            .unwrap();
        assert!(output.status.success());
        String::from_utf8(output.stdout).unwrap()
    };
    assert_eq!(odds("10"), odds("0"));
    let pair = std::process::Command::new(env!("CARGO_BIN_EXE_fortunes"))
        .args([
            "odds",
            "skirmish",
            "morale",
            "--men",
            "sound,sound",
            "--spread",
            "10",
        ])
        .output()
        .unwrap();
    assert_ne!(
        String::from_utf8(pair.stdout).unwrap().lines().next(),
        odds("0").lines().next()
    );
}

#[test]
fn the_order_men_are_listed_in_changes_nothing() {
    // The same two sides, listed in two orders: every game the same.
    let listing = |men: &[&str]| {
        let mut text =
            String::from("distance = 30\nattacker = \"a\"\n[[a.men]]\ncount = 5\nshield = true\n");
        for man in men {
            text.push_str(&format!("[[b.men]]\n{man}\n"));
        }
        scenario(&text)
    };
    let men = [
        "count = 2\nweapon = \"archer\"",
        "count = 3\nshield = true",
        "count = 2",
        "count = 1\ntype = \"cavalry\"",
    ];
    let forward = listing(&men);
    let mut reversed = men;
    reversed.reverse();
    let backward = listing(&reversed);
    assert_eq!(
        forward, backward,
        "one standing order, whatever the listing"
    );
    let rules = rules(&[]);
    let strategies = BySeat([player(CardPlay::HoldHigh), player(CardPlay::Cadence)]);
    let (mut game, mut other) = (Game::new(), Game::new());
    let (mut tally, mut other_tally) = (GameTally::default(), GameTally::default());
    for index in 0..300 {
        game.reset(&rules, &forward, 5, index);
        game.play(&rules, &forward, &strategies, &mut tally);
        other.reset(&rules, &backward, 5, index);
        other.play(&rules, &backward, &strategies, &mut other_tally);
        assert_eq!(tally, other_tally, "game {index}");
    }
}

#[test]
fn the_search_player_raises_its_sides_victory_margin() {
    // The Romans (b) charge the Vikings; the same games with the Romans
    // playing hold_high and then searching. The search plays each card out
    // for the victory-point margin, so on the same games its margin must
    // rise (a paired z of at least 3.9, 99.99%).
    let rules = rules(&[]);
    let vikings = vikings();
    let search = SkirmishStrategy {
        cards: CardPlay::Search,
        grouping: Grouping::MostStanding,
        morale_target: 80,
        halt_within: 0,
        samples: 16,
        reserves: Reserves::Outnumbered,
    };
    let (mut plain, mut searched) = (Game::new(), Game::new());
    let (mut t1, mut t2) = (GameTally::default(), GameTally::default());
    let (mut sum, mut squares, n) = (0.0f64, 0.0f64, 3_000u64);
    for index in 0..n {
        plain.reset(&rules, &vikings, 8, index);
        plain.play(
            &rules,
            &vikings,
            &BySeat([player(CardPlay::Cadence), player(CardPlay::HoldHigh)]),
            &mut t1,
        );
        searched.reset(&rules, &vikings, 8, index);
        searched.play(
            &rules,
            &vikings,
            &BySeat([player(CardPlay::Cadence), search]),
            &mut t2,
        );
        let margin =
            |t: &GameTally| t.victory_points(Seat::B) as f64 - t.victory_points(Seat::A) as f64;
        let d = margin(&t2) - margin(&t1);
        sum += d;
        squares += d * d;
    }
    let mean = sum / n as f64;
    let se = ((squares / n as f64 - mean * mean) / (n as f64 - 1.0)).sqrt();
    assert!(mean > 3.9 * se, "margin +{mean:.3} (se {se:.3})");
}

#[test]
fn reserves_stand_in_their_ranks_at_the_texts_costs() {
    // "-2 for a reserve archer, and another -1 apiece for 2 soldiers";
    // "5 cavalrymen, 2 points apiece": the costs unless a scenario says.
    let sides = scenario(
        "distance = 20\n\
         [[a.men]]\ncount = 2\nweapon = \"archer\"\n\
         [[a.men]]\ncount = 1\n\
         [[a.reserves]]\ncount = 1\nweapon = \"archer\"\n\
         [[a.reserves]]\ncount = 2\n\
         [[a.reserves]]\ncount = 1\ntype = \"cavalry\"\n\
         [[a.reserves]]\ncount = 1\ncost = 5\nshield = true\n\
         [[b.men]]\ncount = 1\n",
    );
    let men = sides.men(Seat::A);
    // Cavalry first, then the shielded, then the rest of the foot, the
    // missile men last: reserves in their places among the men.
    let listed: Vec<(bool, bool, bool, Option<u8>, u8)> = men
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let reserve = sides.reserves[Seat::A] >> i & 1 != 0;
            (
                reserve,
                m.cavalry,
                m.shield,
                m.load,
                sides.costs[Seat::A][i],
            )
        })
        .collect();
    assert_eq!(
        listed,
        [
            (true, true, false, None, 2),
            (true, false, true, None, 5),
            (false, false, false, None, 0),
            (true, false, false, None, 1),
            (true, false, false, None, 1),
            (false, false, false, Some(1), 0),
            (false, false, false, Some(1), 0),
            (true, false, false, Some(1), 2),
        ]
    );
    assert_eq!(sides.reserves[Seat::A], 0b1001_1011);
    assert_eq!(sides.reserves[Seat::B], 0);
    for (text, names) in [
        ("[a]\nmen = []\nguards = 1\n", "a.guards"),
        ("[[a.men]]\ncost = 2\n", "a.men[1].cost"),
        ("[[a.reserves]]\ncost = 101\n", "a.reserves[1].cost"),
        (
            "[[a.reserves]]\ncount = 16\n[[a.men]]\ncount = 1\n",
            "a.reserves",
        ),
    ] {
        let table = toml::from_str(&format!("distance = 10\n{text}")).unwrap();
        let error = Scenario::from_table(&table).unwrap_err().to_string();
        assert!(error.contains(names), "{text}: {error}");
    }
}

#[test]
fn reserves_come_as_the_player_decides_and_their_cost_is_taken_off() {
    let rules = rules(&[]);
    let text = std::fs::read_to_string(
        std::path::Path::new(crate::common::crate_dir())
            .join("experiments/skirmish/scenarios/reserves.toml"),
    )
    .unwrap();
    let reserves = scenario(&text);
    // The Vikings (a) hold 3 foot at 1 point and an archer at 2, who
    // stands behind them; the Romans (b) 5 cavalry at 2 points.
    let cost = |seat: Seat, called: u32| match seat {
        Seat::A => called + (called == 4) as u32,
        Seat::B => 2 * called,
    };
    let mut game = Game::new();
    let mut tally = GameTally::default();
    for policy in [Reserves::Never, Reserves::Outnumbered, Reserves::Behind] {
        let strategies = BySeat::from_fn(|_| SkirmishStrategy {
            reserves: policy,
            ..player(CardPlay::HoldHigh)
        });
        let mut calling = BySeat([0u32; 2]);
        let mut wins = BySeat([0u32; 2]);
        for index in 0..2_000 {
            game.reset(&rules, &reserves, 11, index);
            game.play(&rules, &reserves, &strategies, &mut tally);
            for seat in Seat::BOTH {
                let called = tally.reserves_called[seat];
                calling[seat] += (called > 0) as u32;
                assert_eq!(tally.reserve_cost[seat], cost(seat, called), "{policy:?}");
                match policy {
                    Reserves::Never => assert_eq!(called, 0),
                    // Every reserve left, at once: all or none.
                    Reserves::Behind => assert!(
                        called == 0 || called == reserves.reserves[seat].count_ones(),
                        "{seat:?} called {called}"
                    ),
                    Reserves::Outnumbered => {}
                }
            }
            // The winner has more points net of what its reserves cost.
            let net =
                |seat: Seat| tally.killed[seat.other()] as i64 - tally.reserve_cost[seat] as i64;
            let winner = match net(Seat::A).cmp(&net(Seat::B)) {
                std::cmp::Ordering::Greater => Some(Seat::A),
                std::cmp::Ordering::Less => Some(Seat::B),
                std::cmp::Ordering::Equal => None,
            };
            assert_eq!(tally.winner(), winner, "{policy:?} game {index}");
            if let Some(seat) = winner {
                wins[seat] += 1;
            }
        }
        if policy != Reserves::Never {
            // The Romans lose men to the archers on the way in and call
            // reserves in most games; the Vikings in some.
            assert!(calling[Seat::B] > 1_000, "{policy:?}: {calling:?}");
            assert!(calling[Seat::A] > 0, "{policy:?}: {calling:?}");
        }
        assert!(
            wins[Seat::A] > 0 && wins[Seat::B] > 0,
            "{policy:?}: {wins:?}"
        );
    }
}

#[test]
fn a_side_of_reserves_alone_calls_them_up_and_fights() {
    // Side b holds only reserves and a charges from contact: outnumbered
    // 0 to 3 on its first card, b calls all three, who meet the charge.
    let rules = rules(&[]);
    let held = scenario(
        "distance = 0\nattacker = \"a\"\nfirst = \"a\"\n\
         [[a.men]]\ncount = 3\nshield = true\n\
         [[b.reserves]]\ncount = 3\nshield = true\n",
    );
    let mut game = Game::new();
    let mut tally = GameTally::default();
    for policy in [Reserves::Outnumbered, Reserves::Never] {
        let strategies = BySeat::from_fn(|_| SkirmishStrategy {
            reserves: policy,
            ..player(CardPlay::Lowest)
        });
        let (mut a_dead, mut melees) = (0, 0);
        for index in 0..300 {
            game.reset(&rules, &held, 12, index);
            game.play(&rules, &held, &strategies, &mut tally);
            a_dead += tally.killed[Seat::A];
            match policy {
                Reserves::Never => {
                    // Nobody on b's side: the cards alone.
                    assert_eq!((tally.reserves_called[Seat::B], tally.melees), (0, 0));
                    assert_eq!(tally.winner(), None);
                }
                _ => {
                    assert_eq!(tally.reserves_called[Seat::B], 3);
                    assert_eq!(tally.reserve_cost[Seat::B], 3);
                }
            }
            melees += tally.melees;
        }
        // The called men fight (unless their morale fails first).
        assert_eq!(a_dead > 0, policy != Reserves::Never, "{policy:?}");
        assert_eq!(melees > 0, policy != Reserves::Never, "{policy:?}");
    }
}
