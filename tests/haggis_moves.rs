//! The move generator against a slow, independent reading of the rules:
//! every subset of a hand is classified directly from the definitions, and
//! the generator's list must equal that set exactly.

use fortunes::systems::haggis::cards::{Cards, HIGHEST, LOWEST};
use fortunes::systems::haggis::combo::{Bomb, BombSet, Combo, Play};
use fortunes::systems::haggis::moves::{
    generate, longest_lowest_key, longest_lowest_natural, MoveList, CAPACITY,
};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::collections::HashSet;

/// Every legal reading of `group` as a lead, straight from the rules: each
/// (width, length) with width x length cards, at the highest top rank whose
/// window holds every number card, at most `width` per rank, with the
/// suit rule of its kind; wilds fill whatever is left.
fn reference_readings(group: Cards, bombs: BombSet) -> Vec<Combo> {
    let numbers: Vec<(u8, u8)> = group
        .numbers()
        .iter()
        .map(|c| {
            let (rank, suit) = c.describe_single();
            (rank, suit.unwrap())
        })
        .collect();
    let wilds = group.wild_mask();
    let mut out = Vec::new();
    if numbers.is_empty() {
        match wilds.count_ones() {
            0 => {}
            1 => out.push(Combo::Seq {
                width: 1,
                length: 1,
                top: 11 + wilds.trailing_zeros() as u8,
            }),
            _ => {
                let bomb = match wilds {
                    0b011 => Bomb::JackQueen,
                    0b101 => Bomb::JackKing,
                    0b110 => Bomb::QueenKing,
                    _ => Bomb::JackQueenKing,
                };
                if bombs.contains(bomb) {
                    out.push(Combo::Bomb(bomb));
                }
            }
        }
        return out;
    }
    if wilds == 0 && numbers.len() == 4 {
        let mut ranks: Vec<u8> = numbers.iter().map(|n| n.0).collect();
        ranks.sort();
        if ranks == [3, 5, 7, 9] {
            let suits: HashSet<u8> = numbers.iter().map(|n| n.1).collect();
            if suits.len() == 4 && bombs.contains(Bomb::Rainbow) {
                out.push(Combo::Bomb(Bomb::Rainbow));
            }
            if suits.len() == 1 && bombs.contains(Bomb::Suited) {
                out.push(Combo::Bomb(Bomb::Suited));
            }
        }
    }
    let size = group.len() as u8;
    for width in 1..=size {
        for length in 1..=size {
            if width as u32 * length as u32 != size as u32 {
                continue;
            }
            let shape_exists =
                length == 1 || (width == 1 && length >= 3) || (width >= 2 && length >= 2);
            if !shape_exists {
                continue;
            }
            for top in (LOWEST..=HIGHEST).rev() {
                if top + 1 < LOWEST + length {
                    continue;
                }
                let bottom = top + 1 - length;
                let in_window = numbers.iter().all(|&(r, _)| (bottom..=top).contains(&r));
                let per_rank_ok = (bottom..=top)
                    .all(|r| numbers.iter().filter(|n| n.0 == r).count() <= width as usize);
                let suits: HashSet<u8> = numbers.iter().map(|n| n.1).collect();
                let suits_ok = if length == 1 {
                    true
                } else {
                    suits.len() <= (width as usize).min(4)
                };
                if in_window && per_rank_ok && suits_ok {
                    out.push(Combo::Seq { width, length, top });
                    break;
                }
            }
        }
    }
    out
}

fn reference_plays(hand: Cards, to_beat: Option<Combo>, bombs: BombSet) -> HashSet<Play> {
    let cards: Vec<Cards> = hand.iter().collect();
    let mut plays = HashSet::new();
    for subset in 1u32..(1 << cards.len()) {
        let group = (0..cards.len())
            .filter(|i| subset & (1 << i) != 0)
            .fold(Cards::EMPTY, |g, i| g.union(cards[i]));
        for combo in reference_readings(group, bombs) {
            if to_beat.is_none_or(|previous| combo.beats(previous)) {
                plays.insert(Play {
                    cards: group,
                    combo,
                });
            }
        }
    }
    plays
}

fn generated(hand: Cards, to_beat: Option<Combo>, bombs: BombSet) -> Vec<Play> {
    let mut list = MoveList::new();
    generate(hand, to_beat, bombs, &mut list);
    assert!(!list.truncated());
    list.as_slice().to_vec()
}

fn check_exact(hand: Cards, to_beat: Option<Combo>, bombs: BombSet) -> usize {
    let list = generated(hand, to_beat, bombs);
    let set: HashSet<Play> = list.iter().copied().collect();
    assert_eq!(set.len(), list.len(), "duplicate plays for {hand:?}");
    let expected = reference_plays(hand, to_beat, bombs);
    if set != expected {
        let missing: Vec<String> = expected.difference(&set).map(|p| p.to_string()).collect();
        let extra: Vec<String> = set.difference(&expected).map(|p| p.to_string()).collect();
        panic!("hand {hand} beating {to_beat:?}:\n missing {missing:?}\n extra {extra:?}");
    }
    list.len()
}

/// Number cards drawn from a few neighbouring ranks, so that sets, runs and
/// runs of sets are common, plus a random subset of the wilds.
fn random_hand(rng: &mut Pcg64Mcg, numbers: usize) -> Cards {
    let span = rng.random_range(3..=9u8);
    let low = rng.random_range(LOWEST..=(10 - span + 1));
    let pool: Vec<Cards> = (low..low + span)
        .flat_map(|rank| (0..4).map(move |suit| Cards::number(rank, suit)))
        .collect();
    let mut hand = Cards::EMPTY;
    for card in pool.choose_multiple(rng, numbers.min(pool.len())) {
        hand = hand.union(*card);
    }
    hand.union(Cards::from_wild_mask(rng.random_range(0..8)))
}

#[test]
fn every_lead_of_small_hands_matches_the_reference() {
    let mut rng = Pcg64Mcg::seed_from_u64(11);
    let mut total = 0;
    for _ in 0..600 {
        let size = rng.random_range(1..=9);
        total += check_exact(random_hand(&mut rng, size), None, BombSet::ALL);
    }
    assert!(total > 10_000, "hands too poor to test much: {total}");
}

#[test]
fn every_lead_of_full_hands_matches_the_reference() {
    let mut rng = Pcg64Mcg::seed_from_u64(12);
    for _ in 0..4 {
        let hand = random_hand(&mut rng, 14);
        check_exact(hand, None, BombSet::ALL);
    }
    // A dealt hand from the whole deck.
    let mut deck: Vec<Cards> = Cards::ALL_NUMBERS.iter().collect();
    for _ in 0..2 {
        let mut hand = Cards::WILDS;
        for card in deck.choose_multiple(&mut rng, 14) {
            hand = hand.union(*card);
        }
        check_exact(hand, None, BombSet::ALL);
        // Without wilds the generator takes its natural shortcuts.
        check_exact(hand.numbers(), None, BombSet::ALL);
        deck.reverse();
    }
}

#[test]
fn every_answer_matches_the_reference() {
    let mut rng = Pcg64Mcg::seed_from_u64(13);
    let mut answers = 0;
    for _ in 0..300 {
        let size = rng.random_range(3..=10);
        let hand = random_hand(&mut rng, size);
        // Something to beat: a play from another hand.
        let other = generated(random_hand(&mut rng, 8), None, BombSet::ALL);
        let Some(previous) = other.choose(&mut rng) else {
            continue;
        };
        answers += check_exact(hand, Some(previous.combo), BombSet::ALL);
        answers += check_exact(hand.numbers(), Some(previous.combo), BombSet::ALL);
    }
    assert!(answers > 500, "too few answers to test much: {answers}");
}

#[test]
fn disabled_bombs_are_not_played() {
    let mut rng = Pcg64Mcg::seed_from_u64(14);
    for round in 0..200 {
        let bombs = BombSet(rng.random_range(0..64));
        let hand = random_hand(&mut rng, 6).union(Cards::parse("3S 5S 7S 9S").unwrap());
        check_exact(hand, None, bombs);
        let above = Combo::Bomb(Bomb::ALL[round % 6]);
        check_exact(hand, Some(above), bombs);
    }
}

/// Properties on many dealt hands: every play uses only cards in hand,
/// reads as its combination, beats what it answers, and the lists are
/// consistent (answers are exactly the leads that beat).
#[test]
fn generated_plays_are_valid() {
    let mut rng = Pcg64Mcg::seed_from_u64(15);
    let deck: Vec<Cards> = Cards::ALL_NUMBERS.iter().collect();
    for _ in 0..300 {
        let mut hand = Cards::from_wild_mask(rng.random_range(0..8));
        let size = rng.random_range(1..=14);
        for card in deck.choose_multiple(&mut rng, size) {
            hand = hand.union(*card);
        }
        let leads = generated(hand, None, BombSet::ALL);
        for play in &leads {
            assert!(hand.contains(play.cards), "{play} not in {hand}");
            assert_eq!(play.cards.len(), play.combo.size(), "{play}");
            assert!(
                reference_readings(play.cards, BombSet::ALL).contains(&play.combo),
                "{play}"
            );
        }
        for previous in leads.choose_multiple(&mut rng, 5) {
            let answers: HashSet<Play> = generated(hand, Some(previous.combo), BombSet::ALL)
                .into_iter()
                .collect();
            let beating: HashSet<Play> = leads
                .iter()
                .copied()
                .filter(|p| p.combo.beats(previous.combo))
                .collect();
            assert_eq!(answers, beating, "answers to {previous} from {hand}");
        }
    }
}

/// Hill climbing for the longest lead list; `CAPACITY` must hold it with
/// room to spare (the comment on `CAPACITY` quotes the result).
#[test]
fn largest_move_list_fits() {
    let mut rng = Pcg64Mcg::seed_from_u64(16);
    let deck: Vec<Cards> = Cards::ALL_NUMBERS.iter().collect();
    let count = |hand: Cards| generated(hand, None, BombSet::ALL).len();
    // The two local maxima the longer search found, then fresh climbs.
    let known = [
        "3S 3C 4S 4C 5S 5C 6S 6C 7S 7C 8S 8C 9S 9C J Q K",
        "4S 4D 4C 4H 5S 5D 5C 5H 6S 6D 6C 6H 7D 7H J Q K",
        // hand_size = 18, the largest the rules allow
        "2S 3S 4S 5S 6S 7S 8S 9S 10S 2C 3C 4C 5C 6C 7C 8C 9C 10C J Q K",
        "4S 4D 4H 5S 5D 5H 6S 6D 6H 7S 7D 7H 8S 8D 8H 9S 9D 9H J Q K",
    ];
    let mut best = known
        .iter()
        .map(|hand| count(Cards::parse(hand).unwrap()))
        .max()
        .unwrap();
    assert!(best >= 13_541, "the known hands lost plays: {best}");
    for restart in 0..6 {
        let size = if restart % 2 == 0 { 14 } else { 18 };
        let mut hand = Cards::WILDS;
        for card in deck.choose_multiple(&mut rng, size) {
            hand = hand.union(*card);
        }
        let mut size = count(hand);
        for _ in 0..1500 {
            let out = *hand
                .numbers()
                .iter()
                .collect::<Vec<_>>()
                .choose(&mut rng)
                .unwrap();
            let free: Vec<Cards> = Cards::ALL_NUMBERS.without(hand).iter().collect();
            let into = *free.choose(&mut rng).unwrap();
            let candidate = hand.without(out).union(into);
            let candidate_size = count(candidate);
            if candidate_size >= size {
                hand = candidate;
                size = candidate_size;
            }
        }
        best = best.max(size);
    }
    println!("largest lead list found: {best}");
    assert!(
        best * 2 <= CAPACITY,
        "largest list {best} vs capacity {CAPACITY}"
    );
}

/// The shortcut the greedy player and the heuristic's hand measure use
/// picks exactly the play that listing every natural lead would.
#[test]
fn longest_lowest_natural_matches_the_full_list() {
    let mut rng = Pcg64Mcg::seed_from_u64(17);
    let deck: Vec<Cards> = Cards::ALL_NUMBERS.iter().collect();
    for round in 0..3000 {
        let numbers = if round % 2 == 0 {
            let size = rng.random_range(1..=14);
            random_hand(&mut rng, size).numbers()
        } else {
            let size = rng.random_range(1..=18);
            deck.choose_multiple(&mut rng, size)
                .fold(Cards::EMPTY, |hand, card| hand.union(*card))
        };
        let expected = generated(numbers, None, BombSet::ALL)
            .into_iter()
            .filter(|p| !p.combo.is_bomb())
            .min_by_key(longest_lowest_key);
        assert_eq!(longest_lowest_natural(numbers), expected, "{numbers}");
    }
    assert_eq!(longest_lowest_natural(Cards::EMPTY), None);
}
