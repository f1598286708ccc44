//! Fire in play: fire orders (what one covers, who may give it), the
//! reload cards' hold on fire, and what fire does to its target.

use super::testing::*;
use super::*;

#[test]
fn a_regiment_does_not_fire_on_the_card_it_reloaded_on() {
    on_side_a(FIREFIGHT, 0, &[], |setup, game| {
        let (mut stats, mut tally) = (Stats::default(), GameTally::default());
        game.players[Seat::A][0].ip = 10;
        game.players[Seat::B][0].ip = 0;
        game.set_loaded(Seat::A, 0, false);
        game.kard = 1;
        game.use_card(
            setup,
            Seat::A,
            0,
            Kind::MusketReload,
            false,
            &mut stats,
            &mut tally,
        );
        assert!(game.is_loaded(Seat::A, 0), "reloaded for 1 IP");
        assert_eq!(game.players[Seat::A][0].ip, 9);
        game.fire(setup, Seat::A, &mut stats, &mut tally);
        assert_eq!(tally.volleys[Seat::A], 0, "not on the reload card");
        // A new KARD: what the Reload card held is free (play_kard).
        game.kard = 2;
        game.held_fire = BySeat::default();
        game.fire(setup, Seat::A, &mut stats, &mut tally);
        assert_eq!(tally.volleys[Seat::A], 1, "on the next card");
        assert!(!game.is_loaded(Seat::A, 0));
        assert_eq!(game.players[Seat::A][0].ip, 8, "fire_cost 1");
        // Unloaded, it cannot fire again until it reloads.
        game.kard = 3;
        game.fire(setup, Seat::A, &mut stats, &mut tally);
        assert_eq!(tally.volleys[Seat::A], 1);
    });
}

/// Two regiments of one brigade of side a against side b's, at 3".
const BRIGADE_FIRE: &str =
    "decqs = 1\ndistance = 3\n[chips]\nmove = 8\nmaneuver = 4\ndeploy = 3\nassault = 6\n\
     [army_deck]\nofficer_check = 14\nmusket_reload = 14\n\
     [a]\ncommander = \"good\"\n\
     [[a.regiments]]\nname = \"First\"\nrating = \"line,reliable\"\norders = [\"deploy\"]\n\
     [[a.regiments]]\nname = \"Second\"\nrating = \"line,reliable\"\norders = [\"deploy\"]\n\
     [b]\ncommander = \"good\"\n[[b.regiments]]\nname = \"Enemy\"\n\
     rating = \"line,reliable\"\nelan = 60\norders = [\"deploy\"]\n";

/// Side a's volleys and IP spent on one KARD of fire from `BRIGADE_FIRE`
/// under `rules`, after `before` (given the game and its setup).
fn brigade_volley(rules: Rules, before: impl FnOnce(&Setup, &mut Game)) -> (u32, u32) {
    brigade_volley_of(BRIGADE_FIRE, rules, before)
}

/// `brigade_volley` of the scenario `text`.
fn brigade_volley_of(
    text: &str,
    rules: Rules,
    before: impl FnOnce(&Setup, &mut Game),
) -> (u32, u32) {
    let mut out = (0, 0);
    with_rules(text, rules, 0, &[], |setup, game| {
        let (mut stats, mut tally) = (Stats::default(), GameTally::default());
        game.players[Seat::A][0].ip = 10;
        game.players[Seat::B][0].ip = 0;
        game.kard = 1;
        before(setup, game);
        game.fire(setup, Seat::A, &mut stats, &mut tally);
        out = (tally.volleys[Seat::A], 10 - game.players[Seat::A][0].ip);
    });
    out
}

#[test]
fn one_fire_order_covers_a_brigade_a_regiment_or_a_division() {
    // "An order can be issued to a regiment, a brigade, or a division
    // for the expense of 1 IP": both regiments fire for 1 IP.
    assert_eq!(brigade_volley(Rules::default(), |_, _| {}), (2, 1));
    let regiment = Rules {
        fire_orders: FireOrders::Regiment,
        ..Rules::default()
    };
    assert_eq!(brigade_volley(regiment, |_, _| {}), (2, 2));
    // Two brigades of one division: two orders, or one a division.
    let text = BRIGADE_FIRE.replace(
        "name = \"Second\"\nrating = \"line,reliable\"",
        "name = \"Second\"\nbrigade = 2\nrating = \"line,reliable\"",
    );
    assert_ne!(text, BRIGADE_FIRE);
    assert_eq!(
        brigade_volley_of(&text, Rules::default(), |_, _| {}),
        (2, 2)
    );
    let division = Rules {
        fire_orders: FireOrders::Division,
        ..Rules::default()
    };
    assert_eq!(
        brigade_volley_of(&text, division.clone(), |_, _| {}),
        (2, 1)
    );
    // Two divisions: two orders again.
    let apart = text.replace("brigade = 2\n", "brigade = 2\ndivision = 2\n");
    assert_eq!(brigade_volley_of(&apart, division, |_, _| {}), (2, 2));
}

#[test]
fn a_fire_order_covers_one_players_regiments_and_one_above_may_give_it() {
    // One brigade (the default), two players: each pays its own order.
    let text = BRIGADE_FIRE.replace(
        "[[a.regiments]]\nname = \"Second\"",
        "[[a.subordinates]]\nname = \"Corps\"\ncommander = \"average\"\n\
         [[a.regiments]]\nname = \"Second\"\nplayer = \"Corps\"",
    );
    with_rules(&text, Rules::default(), 0, &[], |setup, game| {
        let (mut stats, mut tally) = (Stats::default(), GameTally::default());
        game.players[Seat::A][0].ip = 10;
        game.players[Seat::A][1].ip = 10;
        game.players[Seat::B][0].ip = 0;
        game.kard = 1;
        game.fire(setup, Seat::A, &mut stats, &mut tally);
        assert_eq!(tally.volleys[Seat::A], 2);
        assert_eq!(game.players[Seat::A][0].ip, 9, "the commander's order");
        assert_eq!(game.players[Seat::A][1].ip, 9, "the subordinate's");
    });
    // The subordinate out of IP: its commander, one above it, gives its
    // fire order "at the cost of an additional IP" (note 9).
    with_rules(&text, Rules::default(), 0, &[], |setup, game| {
        let (mut stats, mut tally) = (Stats::default(), GameTally::default());
        game.players[Seat::A][0].ip = 10;
        game.players[Seat::A][1].ip = 0;
        game.players[Seat::B][0].ip = 0;
        game.kard = 1;
        game.fire(setup, Seat::A, &mut stats, &mut tally);
        assert_eq!(tally.volleys[Seat::A], 2);
        assert_eq!(
            game.players[Seat::A][0].ip,
            10 - 1 - 2,
            "its own, and the other's"
        );
        assert_eq!(game.players[Seat::A][1].ip, 0);
    });
}

#[test]
fn a_reload_card_holds_the_fire_of_the_whole_command_or_of_the_reloaded() {
    // Second unloaded, First loaded: a Reload card reloads Second for
    // 1 IP. "You can not fire on a Reload card" (the default, player):
    // First, loaded, holds its fire too, and no fire order is paid.
    // Under reloaded only Second holds: First fires (1 IP).
    for card in [Kind::MusketReload, Kind::ArtilleryReload] {
        let text = if card == Kind::ArtilleryReload {
            BRIGADE_FIRE.replace(
                "name = \"Second\"\nrating = \"line,reliable\"",
                "name = \"Second\"\narm = \"artillery\"\nrating = \"medium,II\"",
            )
        } else {
            BRIGADE_FIRE.to_string()
        };
        let reload_second = |setup: &Setup, game: &mut Game| {
            game.set_loaded(Seat::A, 1, false);
            // Unloaded by its fire: artillery "that has fired".
            game.fired[Seat::A] |= 1 << 1;
            let (mut stats, mut tally) = (Stats::default(), GameTally::default());
            game.use_card(setup, Seat::A, 0, card, false, &mut stats, &mut tally);
            assert!(game.is_loaded(Seat::A, 1), "{card:?}");
        };
        assert!(Rules::default().reload_holds_player);
        assert_eq!(
            brigade_volley_of(&text, Rules::default(), reload_second),
            (0, 1),
            "{card:?}: the reload's 1 IP, no volley"
        );
        let reloaded = Rules {
            reload_holds_player: false,
            ..Rules::default()
        };
        assert_eq!(
            brigade_volley_of(&text, reloaded, reload_second),
            (1, 2),
            "{card:?}: First fires"
        );
    }
}

#[test]
fn artillery_reload_reloads_artillery_that_has_fired() {
    // "Artillery Reload : Allows artillery that has fired to reload."
    // Second, a company, is unloaded by the end of an engagement it did
    // not fire in ("Both combatants are considered to be unloaded at
    // the end of the Engagement"): under `artillery_reload = fired`
    // the card passes it over, under `unloaded` it reloads. Once it has
    // fired, the card reloads it under either.
    let text = BRIGADE_FIRE.replace(
        "name = \"Second\"\nrating = \"line,reliable\"",
        "name = \"Second\"\narm = \"artillery\"\nrating = \"medium,II\"",
    );
    assert!(Rules::default().reload_fired_only);
    for fired_only in [true, false] {
        let rules = Rules {
            reload_fired_only: fired_only,
            ..Rules::default()
        };
        with_rules(&text, rules, 0, &[], |setup, game| {
            let (mut stats, mut tally) = (Stats::default(), GameTally::default());
            let reload = |game: &mut Game, stats: &mut Stats, tally: &mut GameTally| {
                game.players[Seat::A][0].ip = 10;
                let card = Kind::ArtilleryReload;
                game.use_card(setup, Seat::A, 0, card, false, stats, tally);
                game.is_loaded(Seat::A, 1)
            };
            game.players[Seat::B][0].ip = 0;
            game.kard = 1;
            game.begin_engagement(Seat::A, 1, 0, &mut stats);
            let end = EngagementEnd::BrokenOff;
            game.end_engagement(setup, Seat::A, 1, 0, end, &mut stats);
            assert!(
                !game.is_loaded(Seat::A, 1),
                "unloaded at the engagement's end"
            );
            assert_eq!(reload(game, &mut stats, &mut tally), !fired_only);
            // Loaded again (or still unloaded under fired: it never
            // fires again without this), it fires and is unloaded.
            game.set_loaded(Seat::A, 1, true);
            game.held_fire = BySeat::default();
            game.players[Seat::A][0].ip = 10;
            game.kard = 2;
            game.fire(setup, Seat::A, &mut stats, &mut tally);
            assert!(!game.is_loaded(Seat::A, 1), "fired");
            game.kard = 3;
            assert!(reload(game, &mut stats, &mut tally), "it has fired");
            // Unloaded again by an engagement's end before it fires
            // again: it has fired in the game, and reloads.
            game.begin_engagement(Seat::A, 1, 0, &mut stats);
            game.end_engagement(setup, Seat::A, 1, 0, end, &mut stats);
            assert!(!game.is_loaded(Seat::A, 1));
            game.kard = 4;
            assert!(
                reload(game, &mut stats, &mut tally),
                "it has fired in the game"
            );
        });
    }
}

#[test]
fn an_unrallied_regiment_reloads_only_under_shaken_reload() {
    for (shaken_reload, loaded) in [(true, true), (false, false)] {
        let rules = Rules {
            shaken_reload,
            ..Rules::default()
        };
        with_rules(BRIGADE_FIRE, rules, 0, &[], |setup, game| {
            let (mut stats, mut tally) = (Stats::default(), GameTally::default());
            game.players[Seat::A][0].ip = 10;
            let shaken = Status::Shaken {
                defeated: true,
                by_cavalry: false,
            };
            game.set_status(setup, Seat::A, 0, shaken);
            game.set_loaded(Seat::A, 0, false);
            let card = Kind::MusketReload;
            game.use_card(setup, Seat::A, 0, card, false, &mut stats, &mut tally);
            assert_eq!(game.is_loaded(Seat::A, 0), loaded, "{shaken_reload}");
            // Unrallied, it does not fire either way (on the next KARD:
            // on the Reload card's, no one of the player's fires).
            game.kard = 1;
            game.held_fire = BySeat::default();
            game.fire(setup, Seat::A, &mut stats, &mut tally);
            assert_eq!(tally.volleys[Seat::A], 1, "only Second fires");
        });
    }
}

#[test]
fn an_unrallied_regiment_is_fired_at_again_once_it_rallies_where_it_stands() {
    // Unrallied regiments "may not resist ... Engagement": at 3" the
    // shaken enemy is not fired at. Rallied without anyone moving, it
    // is, on the next fire.
    on_side_a(FIREFIGHT, 0, &[], |setup, game| {
        let (mut stats, mut tally) = (Stats::default(), GameTally::default());
        game.players[Seat::A][0].ip = 10;
        game.players[Seat::B][0].ip = 0;
        let shaken = Status::Shaken {
            defeated: false,
            by_cavalry: false,
        };
        game.set_status(setup, Seat::B, 0, shaken);
        game.kard = 1;
        game.fire(setup, Seat::A, &mut stats, &mut tally);
        assert_eq!(tally.volleys[Seat::A], 0, "not at an unrallied regiment");
        game.set_status(setup, Seat::B, 0, Status::Idle);
        game.kard = 2;
        game.fire(setup, Seat::A, &mut stats, &mut tally);
        assert_eq!(tally.volleys[Seat::A], 1, "rallied, it is in range");
    });
}

#[test]
fn a_regiment_fire_takes_to_zero_withdraws_and_rallies_as_defeated() {
    on_side_a(FIREFIGHT, 0, &[], |setup, game| {
        let (mut stats, mut tally) = (Stats::default(), GameTally::default());
        game.players[Seat::A][0].ip = 10;
        game.players[Seat::B][0].ip = 0;
        game.units[Seat::B][0].elan = 1;
        game.kard = 1;
        game.fire(setup, Seat::A, &mut stats, &mut tally);
        assert_eq!(tally.volleys[Seat::A], 1);
        let enemy = game.units[Seat::B][0];
        assert_eq!(enemy.elan, 0);
        assert_eq!(
            enemy.status,
            Status::Shaken {
                defeated: true,
                by_cavalry: false
            }
        );
        // "withdraw to 1" outside of the Engagement range".
        assert_eq!(enemy.x - game.units[Seat::A][0].x, 4);
        assert_eq!(stats.engagement_ends[EngagementEnd::BWithdrew as usize], 1);
        assert!(!game.is_loaded(Seat::B, 0) && !game.is_loaded(Seat::A, 0));
        // Out of range and without Elan, it is fired at no more.
        game.set_loaded(Seat::A, 0, true);
        game.kard = 2;
        game.fire(setup, Seat::A, &mut stats, &mut tally);
        assert_eq!(tally.volleys[Seat::A], 1);
    });
}

#[test]
fn a_regiment_broken_by_fire_withdraws_anywhere_up_to_the_next_horizon() {
    // "If either combatant losses all its Elan Chips, it must withdraw
    // from the combat, anywhere up to the next horizon": b's regiment,
    // 3" from a's (at 0"), may go from 1" outside a's Engagement range
    // (4") back to the near edge of the ridge behind it (9"), as its
    // player likes.
    let text = format!(
        "{FIREFIGHT}[[objectives]]\nname = \"Ridge\"\nfrom = 9\nto = 12\nkind = \"hill\"\n"
    );
    let scenario = Scenario::from_table(&toml::from_str(&text).unwrap()).unwrap();
    let rules = Rules::default();
    let places = |b: PiquetStrategy, games: u64| {
        let strategies = BySeat([PiquetStrategy::HEURISTIC, b]);
        let setup = Setup {
            rules: &rules,
            scenario: &scenario,
            strategies: &strategies,
        };
        let mut seen = std::collections::BTreeSet::new();
        let mut game = Game::new();
        for index in 0..games {
            game.reset(&setup, 1, index);
            let (mut stats, mut tally) = (Stats::default(), GameTally::default());
            game.players[Seat::A][0].ip = 10;
            game.players[Seat::B][0].ip = 0;
            game.units[Seat::B][0].elan = 1;
            game.kard = 1;
            game.fire(&setup, Seat::A, &mut stats, &mut tally);
            assert_eq!(game.units[Seat::B][0].elan, 0);
            seen.insert(game.units[Seat::B][0].x);
        }
        seen.into_iter().collect::<Vec<_>>()
    };
    assert_eq!(
        places(PiquetStrategy::HEURISTIC, 20),
        [9],
        "the heuristic: the horizon"
    );
    assert_eq!(
        places(PiquetStrategy::RANDOM, 400),
        [4, 5, 6, 7, 8, 9],
        "random: anywhere from 1\" outside to the horizon"
    );
    // With no objective behind, 1" outside, whoever decides.
    let open = Scenario::from_table(&toml::from_str(FIREFIGHT).unwrap()).unwrap();
    let strategies = BySeat([PiquetStrategy::HEURISTIC, PiquetStrategy::RANDOM]);
    let setup = Setup {
        rules: &rules,
        scenario: &open,
        strategies: &strategies,
    };
    let mut game = Game::new();
    game.reset(&setup, 1, 0);
    game.players[Seat::A][0].ip = 10;
    game.units[Seat::B][0].elan = 1;
    game.kard = 1;
    game.fire(
        &setup,
        Seat::A,
        &mut Stats::default(),
        &mut GameTally::default(),
    );
    assert_eq!(game.units[Seat::B][0].x, 4);
}
