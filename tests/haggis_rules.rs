//! Haggis rules position by position: tricks, bombs, going out, scoring
//! under both presets, dealers and the game's end.

use fortunes::engine::{BySeat, Seat};
use fortunes::systems::haggis::game::{is_legal, RoundState};
use fortunes::systems::haggis::rules::Bet;
use fortunes::systems::haggis::strategy::HaggisStrategy;
use fortunes::systems::haggis::{
    moves, play_game, Bomb, BombSet, Cards, Combo, Game, Play, Rules, Stats,
};

fn rules(sets: &[&str]) -> Rules {
    let mut values = Rules::defaults();
    for set in sets {
        values.set_text(set).unwrap();
    }
    Rules::from_values(values).unwrap()
}

fn official() -> Rules {
    rules(&[
        "captured_card_points=official",
        "points_per_card_left=5",
        "loser_hand_card_points=true",
        "haggis_scoring=card_points",
    ])
}

fn cards(text: &str) -> Cards {
    Cards::parse(text).unwrap()
}

/// The play of exactly these cards with this shape (or the only reading).
fn play(text: &str, shape: Option<(u8, u8)>) -> Play {
    let readings = moves::readings(cards(text), BombSet::ALL);
    let found: Vec<Play> = readings
        .into_iter()
        .filter(|p| match (shape, p.combo) {
            (None, _) => true,
            (Some((w, l)), Combo::Seq { width, length, .. }) => w == width && l == length,
            _ => false,
        })
        .collect();
    assert_eq!(found.len(), 1, "{text}: {found:?}");
    found[0]
}

/// B deals, so A leads.
fn round(a: &str, b: &str, haggis: &str) -> RoundState {
    RoundState::new(BySeat([cards(a), cards(b)]), cards(haggis), Seat::B)
}

#[test]
fn going_out_ends_the_round_and_scores_the_leaflet_way() {
    let rules = Rules::default();
    let mut state = round("5H", "4D 9C J", "2S 3S 4S 5S 6S 7S 8S 9S");
    state.bets = BySeat([Bet::Big, Bet::Little]);
    assert_eq!(state.turn, Seat::A, "the non-dealer leads");
    state.apply(&rules, Some(play("5H", None)));
    assert_eq!(state.out, Some(Seat::A));
    let score = state.score(&rules);
    assert_eq!(score.winner, Seat::A);
    // The final trick (5H) goes to the player who played last.
    assert_eq!(score.captured, BySeat([1, 0]));
    // 3 cards left, the wild included, at 6 points each.
    assert_eq!((score.left_cards, score.left_points), (3, 18));
    assert_eq!(score.haggis_points, 8);
    // A's big bet won (30) and B's little bet lost to A (15).
    assert_eq!(score.bet_points, BySeat([45, 0]));
    assert_eq!(score.points, BySeat([1 + 18 + 8 + 45, 0]));
}

#[test]
fn official_scoring_counts_card_points() {
    let rules = official();
    let mut state = round("5H", "4D 9C J", "3S 4S 5S 6S 10S 10H 9D 2C");
    state.bets = BySeat([Bet::None, Bet::Big]);
    state.apply(&rules, Some(play("5H", None)));
    let score = state.score(&rules);
    // 5H is a point card; the loser's 3 cards at 5 plus 9C (1) and J (2).
    assert_eq!(score.captured, BySeat([1, 0]));
    assert_eq!(score.left_points, 3 * 5 + 1 + 2);
    // The Haggis's point cards: 3S 5S 9D.
    assert_eq!(score.haggis_points, 3);
    assert_eq!(score.bet_points, BySeat([30, 0]));
    assert_eq!(score.points, BySeat([1 + 18 + 3 + 30, 0]));
}

#[test]
fn a_trick_won_by_a_bomb_goes_to_the_opponent_and_the_bomber_leads() {
    let rules = Rules::default();
    let mut state = round("4S 4D 8H 9H", "2C 6D J Q", "");
    state.apply(&rules, Some(play("4S 4D", None)));
    assert_eq!(state.turn, Seat::B);
    let bomb = play("J Q", None);
    assert_eq!(bomb.combo, Combo::Bomb(Bomb::JackQueen));
    assert!(is_legal(&state, &rules, Some(bomb)));
    state.apply(&rules, Some(bomb));
    // Nothing but a higher bomb beats it: A has none, so A must pass.
    let mut list = moves::MoveList::new();
    moves::generate(state.hands[Seat::A], state.to_beat, rules.bombs, &mut list);
    assert!(list.is_empty());
    state.apply(&rules, None);
    assert_eq!(
        state.captured_cards,
        BySeat([4, 0]),
        "the bombed trick goes to A"
    );
    assert_eq!(state.turn, Seat::B, "the bomber leads");
    assert_eq!(state.to_beat, None);
    assert!(!is_legal(&state, &rules, None), "a leader cannot pass");
    assert_eq!(state.tricks, 1);
}

#[test]
fn going_out_with_a_bomb_gives_the_last_trick_away() {
    let rules = Rules::default();
    let mut state = round("8C", "2C 2H J Q", "");
    state.turn = Seat::B;
    state.last_player = Seat::B;
    state.apply(&rules, Some(play("2C 2H", None)));
    state.apply(&rules, None); // A cannot beat a pair: passes, B leads
    state.apply(&rules, Some(play("J Q", None)));
    assert_eq!(state.out, Some(Seat::B));
    // B took the pair trick; its own last trick, won by a bomb, went to A.
    assert_eq!(state.captured_cards, BySeat([2, 2]));
    let score = state.score(&rules);
    assert_eq!(score.captured, BySeat([2, 2]));
    assert_eq!(score.left_cards, 1);
}

#[test]
fn answers_need_the_same_shape_and_a_higher_rank() {
    let rules = Rules::default();
    let mut state = round("5S 6S 7S 9D", "6H 7H 8H 8D 8S K", "");
    state.apply(&rules, Some(play("5S 6S 7S", None)));
    let higher_run = play("6H 7H 8H", None);
    let set = play("8D 8S 8H", None);
    assert!(is_legal(&state, &rules, Some(higher_run)));
    assert!(
        !is_legal(&state, &rules, Some(set)),
        "a set does not answer a run"
    );
    assert!(is_legal(&state, &rules, None), "passing is always allowed");
    let stolen = Play {
        cards: cards("9D"),
        combo: Combo::Seq {
            width: 1,
            length: 1,
            top: 9,
        },
    };
    assert!(!is_legal(&state, &rules, Some(stolen)), "not B's card");
}

#[test]
fn the_view_hides_the_opponents_numbers_and_the_haggis() {
    let state = round("5S 6S J Q K", "6H 7H 8H K", "2C 3C");
    let view = state.visible_to(Seat::A);
    assert_eq!(view.hands[Seat::A], state.hands[Seat::A]);
    assert_eq!(view.hands[Seat::B], cards("K"), "only the face-up wild");
    assert_eq!(view.haggis, Cards::EMPTY);
}

/// Whole games: the non-dealer leads, the score leader deals next (a tie:
/// the round's winner), and the game stops at the first round that leaves
/// a unique leader at or past the target.
#[test]
fn dealers_leaders_and_the_end_of_the_game() {
    let rules = rules(&["target_score=150"]);
    let strategies = BySeat([HaggisStrategy::Greedy, HaggisStrategy::Random]);
    let mut game = Game::new(&rules, 5, 0);
    let mut stats = Stats::default();
    let mut checked_rounds = 0;
    for index in 0..200 {
        game.reset(&rules, 5, index);
        let mut scores = BySeat([0u32; 2]);
        loop {
            let dealer = game.dealer;
            let outcome = game.play_round(&rules, &strategies);
            assert_eq!(outcome.state.dealer, dealer);
            for seat in Seat::BOTH {
                scores[seat] += outcome.score.points[seat];
            }
            assert_eq!(outcome.totals, scores);
            let expected_dealer = match scores[Seat::A].cmp(&scores[Seat::B]) {
                std::cmp::Ordering::Greater => Seat::A,
                std::cmp::Ordering::Less => Seat::B,
                std::cmp::Ordering::Equal => outcome.score.winner,
            };
            assert_eq!(game.dealer, expected_dealer);
            // Every card is somewhere: captured, or still in a hand.
            let state = outcome.state;
            let captured = state.captured_cards[Seat::A] + state.captured_cards[Seat::B];
            let held = state.hands[Seat::A].len() + state.hands[Seat::B].len();
            assert_eq!(captured + held, 2 * (rules.hand_size + 3));
            checked_rounds += 1;
            let over =
                scores[Seat::A].max(scores[Seat::B]) >= 150 && scores[Seat::A] != scores[Seat::B];
            assert_eq!(game.result(&rules).is_some(), over);
            if over {
                break;
            }
        }
        // play_game agrees with the loop above.
        let result = play_game(&mut game, &rules, &strategies, 5, index, &mut stats, None);
        assert_eq!(result.scores, scores);
    }
    assert!(checked_rounds > 500);
}
