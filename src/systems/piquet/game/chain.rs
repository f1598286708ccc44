//! The chain of command: a subordinate answering to the side's commander
//! or to another subordinate ("The players fulfil the roles of army,
//! corps, and division commanders"), what going around a player costs,
//! and initiative passed down.

use super::testing::*;
use super::*;

#[test]
fn going_around_a_subordinate_costs_one_ip_an_officer_check() {
    // Note 9: the army commander ordering the corps commander's second
    // division, "three as counted above and one more for the army
    // commander bypassing the corps commander player": one brigade of
    // two advancing (1), then one regiment advancing and one deploying
    // (1 each), and 1 to go around the corps commander: 4 IP.
    let regiment = |name: &str, brigade: u32, order: &str| {
        format!(
            "[[a.regiments]]\nname = \"{name}\"\nrating = \"line,reliable\"\nplayer = \"Corps\"\n\
             division = 2\nbrigade = {brigade}\norders = [\"{order}\"]\n"
        )
    };
    let text = format!(
        "decqs = 1\n[chips]\nmove = 8\nmaneuver = 4\ndeploy = 3\nassault = 6\n\
         [army_deck]\nofficer_check = 14\ncrushing_volley = 14\n\
         [a]\ncommander = \"good\"\n[[a.subordinates]]\nname = \"Corps\"\ncommander = \"average\"\n\
         {}{}{}{}[b]\ncommander = \"average\"\n[[b.regiments]]\nname = \"Enemy\"\n\
         rating = \"line,reliable\"\norders = [\"maneuver\"]\n",
        regiment("R1", 1, "move"),
        regiment("R2", 1, "move"),
        regiment("R3", 2, "move"),
        regiment("R4", 2, "deploy"),
    );
    on_side_a(&text, 8, &[0, 1, 2, 3], |setup, game| {
        game.players[Seat::A][0].ip = 18;
        let (mut stats, mut tally) = (Stats::default(), GameTally::default());
        game.officer_check(setup, Seat::A, 0, &mut stats, &mut tally);
        assert_eq!(stats.sides[Seat::A].orders_issued.iter().sum::<u64>(), 4);
        assert_eq!(game.decq.orders[Seat::A], 3, "three orders");
        assert_eq!(
            game.players[Seat::A][0].ip,
            18 - 4,
            "three orders and one bypass"
        );
    });
}

/// Army (side a's commander), Corps under it, Division under Corps:
/// one regiment each, all planning to move.
const THREE_LEVELS: &str = "decqs = 1\n[chips]\nmove = 8\nmaneuver = 4\ndeploy = 3\nassault = 6\n\
     [army_deck]\nofficer_check = 24\ncrushing_volley = 24\n\
     [a]\nname = \"Army\"\ncommander = \"good\"\n\
     [[a.subordinates]]\nname = \"Corps\"\ncommander = \"average\"\n\
     [[a.subordinates]]\nname = \"Division\"\ncommander = \"poor\"\nsuperior = \"Corps\"\n\
     [[a.regiments]]\nname = \"Guard\"\nrating = \"line,reliable\"\ndivision = 1\norders = [\"move\"]\n\
     [[a.regiments]]\nname = \"Fusiliers\"\nrating = \"line,reliable\"\nplayer = \"Corps\"\ndivision = 2\norders = [\"move\"]\n\
     [[a.regiments]]\nname = \"Line\"\nrating = \"line,reliable\"\nplayer = \"Division\"\ndivision = 3\norders = [\"move\"]\n\
     [b]\ncommander = \"average\"\n[[b.regiments]]\nname = \"Enemy\"\n\
     rating = \"line,reliable\"\norders = [\"maneuver\"]\n";

#[test]
fn a_chain_of_three_levels_commands_orders_and_passes_down_it() {
    // "The players fulfil the roles of army, corps, and division
    // commanders": each player's cards reach its own regiments and
    // those of every player below it.
    let side = |text: &str| {
        let scenario = Scenario::from_table(&toml::from_str(text).unwrap()).unwrap();
        scenario.sides[Seat::A].clone()
    };
    let a = side(THREE_LEVELS);
    assert_eq!(a.commands[..3], [0b111, 0b110, 0b100]);
    assert_eq!(a.below[..3], [0b110, 0b100, 0]);
    assert_eq!((a.leads(1), a.leads(2)), (true, false));
    assert_eq!(a.middle, 0b10, "the corps commander is between two");
    // Without `superior`, both answer to the army commander.
    let flat = side(&THREE_LEVELS.replace("superior = \"Corps\"\n", ""));
    assert_eq!(flat.commands[..3], [0b111, 0b010, 0b100]);
    assert_eq!(flat.middle, 0);
    // Army ordering the division's Line goes around Corps and Division
    // (each_player), or Division only (once, the default).
    assert_eq!(a.bypass(0, 2, true), 0b110);
    assert_eq!(a.bypass(0, 2, false), 0b100);
    assert_eq!(a.bypass(1, 2, true), 0b100);
    assert_eq!(a.bypass(2, 2, true), 0, "its own");
    for (levels, idle, army_pays) in [
        // The Line alone: an order, and going around Division and
        // Corps, or Division only.
        ("each_player", &[2][..], 1 + 2),
        ("once", &[2][..], 1 + 1),
        // All three: three orders, and Corps and Division gone around
        // once each on the Officer Check, under either reading.
        ("each_player", &[0, 1, 2][..], 3 + 2),
        ("once", &[0, 1, 2][..], 3 + 2),
    ] {
        let mut values = Rules::defaults();
        values.set_text(&format!("bypass_levels={levels}")).unwrap();
        let rules = Rules::from_values(&values).unwrap();
        with_rules(THREE_LEVELS, rules, 8, idle, |setup, game| {
            game.players[Seat::A][0].ip = 18;
            let (mut stats, mut tally) = (Stats::default(), GameTally::default());
            game.officer_check(setup, Seat::A, 0, &mut stats, &mut tally);
            assert_eq!(game.decq.orders[Seat::A], idle.len() as u32, "{levels}");
            assert_eq!(
                game.players[Seat::A][0].ip,
                18 - army_pays,
                "{levels} {idle:?}"
            );
        });
    }
    with_rules(
        THREE_LEVELS,
        Rules::default(),
        8,
        &[0, 1, 2],
        |setup, game| {
            // The corps commander orders its own Fusiliers and the
            // division's Line (one bypass), not the army's Guard.
            game.players[Seat::A][1].ip = 10;
            let (mut stats, mut tally) = (Stats::default(), GameTally::default());
            game.officer_check(setup, Seat::A, 1, &mut stats, &mut tally);
            assert_eq!(game.decq.orders[Seat::A], 2);
            assert_eq!(game.players[Seat::A][1].ip, 10 - 3);
            assert_eq!(game.units[Seat::A][0].status, Status::Idle, "the Guard");
            assert_ne!(game.units[Seat::A][2].status, Status::Idle, "the Line");
            // Its cards execute the Line's order: it sees both waiting.
            let needs = game.needs(setup, Seat::A, 1);
            assert_eq!(needs.executions.iter().map(|&n| n as u32).sum::<u32>(), 2);
            assert_eq!(needs.subordinates, 1);
            // The division commander sees its own alone and has no one
            // to pass to; the army commander has two.
            assert_eq!(game.needs(setup, Seat::A, 2).subordinates, 0);
            assert_eq!(game.needs(setup, Seat::A, 0).subordinates, 2);
        },
    );
}

#[test]
fn a_corps_commander_passes_initiative_to_its_division_commander() {
    // "superior ranking players can also pass initiative to
    // subordinates": Corps, with nothing to order, passes to Division.
    with_rules(THREE_LEVELS, Rules::default(), 8, &[], |setup, game| {
        let (mut stats, mut tally) = (Stats::default(), GameTally::default());
        game.players[Seat::A][0].ip = 3;
        game.players[Seat::A][1].ip = 18;
        game.players[Seat::A][2].ip = 0;
        let needs = game.needs(setup, Seat::A, 1);
        assert_eq!((needs.subordinates, needs.neediest), (1, 0));
        game.officer_check(setup, Seat::A, 1, &mut stats, &mut tally);
        let actions = stats.sides[Seat::A].officer_actions;
        assert_eq!(actions[OfficerAction::Pass as usize], 1, "{actions:?}");
        let passed = game.players[Seat::A][2].ip;
        assert!(passed > 0);
        assert_eq!(game.players[Seat::A][1].ip + passed + 1, 18);
        assert_eq!(game.players[Seat::A][0].ip, 3, "nothing passed up");
    });
}

#[test]
fn an_attached_commander_passes_initiative_only_if_the_rule_allows() {
    // Side a's commander, attached to the Guard (its order already
    // issued), over a division commander out of initiative: with
    // nothing to order or rally and no cast allowed, its Officer Check
    // could only pass initiative down.
    let text = "decqs = 1\n[chips]\nmove = 8\nmaneuver = 4\ndeploy = 3\nassault = 6\n\
         [army_deck]\nofficer_check = 14\ncrushing_volley = 14\n\
         [a]\ncommander = \"good\"\nattached_to = \"Guard\"\n\
         [[a.subordinates]]\nname = \"Division\"\ncommander = \"average\"\n\
         [[a.regiments]]\nname = \"Guard\"\nrating = \"line,reliable\"\norders = [\"move\"]\n\
         [[a.regiments]]\nname = \"Line\"\nrating = \"line,reliable\"\nplayer = \"Division\"\norders = [\"move\"]\n\
         [b]\ncommander = \"average\"\n[[b.regiments]]\nname = \"Enemy\"\n\
         rating = \"line,reliable\"\norders = [\"maneuver\"]\n";
    for (value, passes) in [("forbidden", false), ("allowed", true)] {
        let mut values = Rules::defaults();
        values.set_text(&format!("attached_pass={value}")).unwrap();
        let rules = Rules::from_values(&values).unwrap();
        assert_eq!(rules.attached_pass, passes);
        with_rules(text, rules, 8, &[], |setup, game| {
            assert_eq!(game.attached(setup, Seat::A, 0), Some(0));
            game.players[Seat::A][0].ip = 18;
            game.players[Seat::A][1].ip = 0;
            let needs = game.needs(setup, Seat::A, 0);
            assert_eq!(needs.subordinates, passes as u32, "{value}");
            let (mut stats, mut tally) = (Stats::default(), GameTally::default());
            game.officer_check(setup, Seat::A, 0, &mut stats, &mut tally);
            let actions = stats.sides[Seat::A].officer_actions;
            assert_eq!(actions[OfficerAction::Cast as usize], 0, "{value}");
            assert_eq!(
                actions[OfficerAction::Pass as usize],
                passes as u64,
                "{value}: {actions:?}"
            );
            let passed = game.players[Seat::A][1].ip;
            assert_eq!(passed > 0, passes, "{value}: {passed} IP passed");
            assert_eq!(game.players[Seat::A][0].ip + passed + passes as u32, 18);
        });
    }
}

#[test]
fn a_division_sharing_its_corps_deck_acts_on_its_card_for_its_own_regiments() {
    // "all the division commanders for a specific corps will use the same
    // card turned by their corps commander ... As long as each player
    // maintains their own initiative total": the division holds no deck,
    // and on the corps commander's card it executes its own regiment's
    // order, the corps commander his own, each order once.
    let text = THREE_LEVELS.replace(
        "superior = \"Corps\"\n",
        "superior = \"Corps\"\nshares_deck = true\n",
    );
    let scenario = Scenario::from_table(&toml::from_str(&text).unwrap()).unwrap();
    let a = &scenario.sides[Seat::A];
    assert_eq!(a.deck_of[..3], [0, 1, 1]);
    assert_eq!(a.sharers, 0b100);
    assert_eq!(a.decks(), 2);
    assert_eq!(
        a.yield_to[..3],
        [0, 0b100, 0],
        "the corps card leaves Line to Division"
    );
    let refused = text.replace("shares_deck = true", "shares_deck = \"yes\"");
    let error = Scenario::from_table(&toml::from_str(&refused).unwrap())
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("shares_deck") && error.contains("true, false"),
        "{error}"
    );
    let (fusiliers, line) = (1, 2);
    let chips = |game: &Game| {
        (
            game.units[Seat::A][fusiliers].chips,
            game.units[Seat::A][line].chips,
        )
    };
    for (from_hand, rules, corps_moves_line) in [
        (false, "turned", false),
        (false, "used", false),
        // Played from the corps commander's hand, the card was turned
        // before, kept, and served the division then: it serves Line no
        // more (the division does not act on it under `turned`).
        (true, "turned", false),
        (true, "used", false),
    ] {
        let mut values = Rules::defaults();
        values.set_text(&format!("shared_card={rules}")).unwrap();
        let rules = Rules::from_values(&values).unwrap();
        with_rules(&text, rules, 0, &[], |setup, game| {
            let (mut stats, mut tally) = (Stats::default(), GameTally::default());
            let kind = Kind::InfantryMoveInOpen;
            assert!(setup.scenario.sides[Seat::A].players[2].shares_deck);
            assert_eq!(game.players[Seat::A][2].hand_size, 0, "no deck, no hand");
            assert_eq!(game.players[Seat::A][2].next, DECK, "dealt no deck");
            let before = chips(game);
            game.execute(setup, Seat::A, 1, kind, from_hand, &mut stats, &mut tally);
            let after_corps = chips(game);
            assert!(after_corps.0 < before.0, "the corps card moves Fusiliers");
            assert_eq!(after_corps.1 < before.1, corps_moves_line);
            let ip = game.players[Seat::A][2].ip;
            game.players[Seat::A][1].ip = 0;
            game.execute(setup, Seat::A, 2, kind, from_hand, &mut stats, &mut tally);
            let after_division = chips(game);
            assert_eq!(
                after_division.0, after_corps.0,
                "Division reaches no Fusiliers"
            );
            assert!(after_division.1 < after_corps.1 || after_corps.1 == 0);
            assert!(
                game.players[Seat::A][2].ip <= ip,
                "Division pays its own casts"
            );
        });
    }
}
