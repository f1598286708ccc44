//! The seed's rules, checked move by move.

use fortunes::engine::cards::{Card, CardSet};
use fortunes::engine::seeding::GameRng;
use fortunes::engine::{BySeat, Seat};
use fortunes::systems::haggerty::rules::ActionType;
use fortunes::systems::haggerty::{Game, HaggertyStrategy, Rules, Strategy, View};
use std::cell::RefCell;

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn cards(texts: &[&str]) -> CardSet {
    texts.iter().map(|t| card(t)).collect()
}

/// Plays fixed cards and logs the legal choices it was offered.
struct Script {
    reveal: Option<Card>,
    chain: Vec<Card>,
    offered: RefCell<Vec<CardSet>>,
}

impl Script {
    fn new(reveal: &str, chain: &[&str]) -> Script {
        Script {
            reveal: Some(card(reveal)),
            chain: chain.iter().map(|t| card(t)).collect(),
            offered: RefCell::new(Vec::new()),
        }
    }
}

impl Strategy for Script {
    fn reveal(&self, view: &View<'_>, _: &mut GameRng) -> Option<Card> {
        self.reveal.filter(|c| view.hand.contains(*c))
    }

    fn chain(&self, view: &View<'_>, _: &mut GameRng) -> Option<Card> {
        self.offered.borrow_mut().push(view.legal);
        self.chain.iter().copied().find(|c| view.legal.contains(*c))
    }
}

#[test]
fn worked_example_grant_and_lee() {
    let rules = Rules::default();
    // Grant (seat a) holds the 10 of Hearts, the Jack of Spades and nothing
    // higher; Lee (seat b) the 5 of Clubs, the hoarded Jack of Hearts and
    // the King of Clubs.
    let grant = cards(&["10H", "JS", "3D", "9C"]);
    let lee = cards(&["5C", "JH", "KC", "2S"]);
    let mut game = Game::arranged(&rules, BySeat([grant, lee]), &[card("7D"), card("8S")]);
    let strategies = BySeat([Script::new("10H", &["JS"]), Script::new("5C", &["JH"])]);
    assert!(game.conserves_cards(&rules));

    let round = game
        .play_round(&rules, &strategies)
        .expect("both hold cards");
    // "Grant's card outranks Lee's, so Grant goes first."
    assert_eq!(round.first, Seat::A);
    assert!(round.contested);
    assert_eq!(
        round.revealed,
        BySeat([Some(card("10H")), Some(card("5C"))])
    );
    // Grant may chain only cards above his 10 of Hearts: the Jack of Spades.
    // After it, nothing in his hand outranks the Jack, so he is not asked.
    assert_eq!(
        strategies[Seat::A].offered.borrow().as_slice(),
        &[cards(&["JS"])]
    );
    // Lee's extra cards must outrank his 5 of Clubs AND Grant's Jack of
    // Spades: the Jack of Hearts (Hearts outrank Spades) and the King of
    // Clubs, not the 2 of Spades. After the Jack of Hearts, the King of Clubs
    // "outranks both faceup Jacks" and is still playable; Lee keeps it.
    assert_eq!(
        strategies[Seat::B].offered.borrow().as_slice(),
        &[cards(&["JH", "KC"]), cards(&["KC"])]
    );
    assert_eq!(
        round.played,
        BySeat([cards(&["10H", "JS"]), cards(&["5C", "JH"])])
    );
    // "All cards played during the Round are discarded."
    assert!(game.discard.contains(card("10H")) && game.discard.contains(card("JH")));
    assert_eq!(
        game.hands,
        BySeat([cards(&["3D", "9C"]), cards(&["KC", "2S"])])
    );
    assert!(game.conserves_cards(&rules));

    // Actions from the cards: 10H two per unit, MOVE and CHARGE; JS one,
    // FIRE or RALLY; 5C two FIRE; JH one, CHARGE.
    assert_eq!(rules.unit_actions(card("10H")), 2);
    assert!(rules.allows(card("10H"), ActionType::Charge));
    assert_eq!(rules.unit_actions(card("JS")), 1);
    assert!(
        rules.allows(card("JS"), ActionType::Rally) && rules.allows(card("JS"), ActionType::Fire)
    );
    assert_eq!(rules.unit_actions(card("5C")), 2);
    assert!(
        rules.allows(card("5C"), ActionType::Fire) && !rules.allows(card("5C"), ActionType::Move)
    );
    assert!(rules.allows(card("JH"), ActionType::Charge));

    // "both Grant and Lee still hold cards and neither has passed": a new
    // round begins.
    let strategies = BySeat([HaggertyStrategy::Lowest, HaggertyStrategy::Lowest]);
    let next = game.play_round(&rules, &strategies).expect("a new round");
    assert_eq!(next.round, 1);
    // Lowest reveals: Grant 3D against Lee 2S; the 3 outranks the 2.
    assert_eq!(next.first, Seat::A);
}

#[test]
fn passing_sits_out_and_lone_player_continues() {
    let rules = Rules::default();
    let mut game = Game::arranged(
        &rules,
        BySeat([cards(&["4H", "9S", "QD"]), cards(&["AS", "KH"])]),
        &[],
    );
    // Seat b passes at once; seat a plays alone, round after round.
    struct Passer;
    impl Strategy for Passer {
        fn reveal(&self, _: &View<'_>, _: &mut GameRng) -> Option<Card> {
            None
        }
        fn chain(&self, _: &View<'_>, _: &mut GameRng) -> Option<Card> {
            None
        }
    }
    struct Either(bool);
    impl Strategy for Either {
        fn reveal(&self, view: &View<'_>, rng: &mut GameRng) -> Option<Card> {
            if self.0 {
                HaggertyStrategy::Lowest.reveal(view, rng)
            } else {
                Passer.reveal(view, rng)
            }
        }
        fn chain(&self, _: &View<'_>, _: &mut GameRng) -> Option<Card> {
            None
        }
    }
    let strategies = BySeat([Either(true), Either(false)]);
    let mut firsts = Vec::new();
    while let Some(round) = game.play_round(&rules, &strategies) {
        assert!(!round.contested);
        assert_eq!(round.passed[Seat::B], round.round == 0);
        firsts.push((round.first, round.played[Seat::A]));
        assert!(game.conserves_cards(&rules));
    }
    assert_eq!(
        firsts,
        vec![
            (Seat::A, cards(&["4H"])),
            (Seat::A, cards(&["9S"])),
            (Seat::A, cards(&["QD"])),
        ]
    );
    // The passer keeps its cards; a player with none must pass.
    assert_eq!(game.hands[Seat::B], cards(&["AS", "KH"]));
    assert!(game.hands[Seat::A].is_empty());
}

#[test]
fn joker_tie_rules() {
    let mut values = Rules::defaults();
    values.set_text("joker_tie=previous_first").unwrap();
    let rules = Rules::from_values(values).unwrap();
    let joker_hands = || BySeat([cards(&["JOKER", "5S"]), cards(&["JOKER2", "6S"])]);
    let highest = BySeat([HaggertyStrategy::Highest, HaggertyStrategy::Highest]);
    for previous in Seat::BOTH {
        let mut game = Game::arranged(&rules, joker_hands(), &[]);
        game.last_first = Some(previous);
        let round = game.play_round(&rules, &highest).unwrap();
        assert!(round.joker_tie);
        assert_eq!(round.first, previous);
        // A joker never outranks a joker: no chain onto it.
        assert_eq!(round.played[previous].len(), 1);
    }
    // Coin flip: both seats win some ties.
    let rules = Rules::default();
    let mut wins = BySeat([0, 0]);
    for seed in 0..200 {
        let mut game = Game::arranged(&rules, joker_hands(), &[]);
        game.reseed(seed, 0);
        let round = game.play_round(&rules, &highest).unwrap();
        assert!(round.joker_tie);
        wins[round.first] += 1;
    }
    assert!(wins[Seat::A] > 60 && wins[Seat::B] > 60, "{wins:?}");
}

#[test]
fn empty_draw_pile_rules() {
    // Reshuffle: the discards become the new pile.
    let rules = Rules::default();
    let mut game = Game::arranged(
        &rules,
        BySeat([cards(&["2H"]), cards(&["3H"])]),
        &[card("4H")],
    );
    let lowest = BySeat([HaggertyStrategy::Lowest, HaggertyStrategy::Lowest]);
    while game.play_round(&rules, &lowest).is_some() {}
    assert!(game.next_turn(&rules));
    assert_eq!(game.reshuffles, 1);
    assert_eq!(game.hands[Seat::A].len(), 6);
    assert_eq!(game.hands[Seat::B].len(), 6);
    assert!(game.conserves_cards(&rules));

    // End game: the game ends before a turn whose refill runs dry.
    let mut values = Rules::defaults();
    values.set_text("empty_draw_pile=end_game").unwrap();
    let rules = Rules::from_values(values).unwrap();
    let mut game = Game::arranged(
        &rules,
        BySeat([cards(&["2H"]), cards(&["3H"])]),
        &[card("4H")],
    );
    while game.play_round(&rules, &lowest).is_some() {}
    assert!(!game.next_turn(&rules));
    assert!(game.ended_by_deck);
    assert!(game.conserves_cards(&rules));
}
