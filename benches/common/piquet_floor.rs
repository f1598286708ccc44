//! The Piquet floors, shared by `benches/piquet.rs` (timed by criterion)
//! and `examples/instructions.rs` (counted by callgrind): the deck
//! work of one DECQ, and the least a DECQ's mechanics could cost.

use fortunes::engine::deck::shuffle;
use fortunes::engine::seeding::{game_rng, GameRng, Stream};
use rand::Rng;
use std::hint::black_box;

/// The deck work of one DECQ: game `index`'s four streams seeded and, for
/// each side, 9 of its 16 army cards dealt and the 18-card deck shuffled.
/// Returns the decks and the rules stream (the dice).
pub fn seed_and_deal(index: u64) -> ([[u8; 18]; 2], GameRng) {
    let mut deal = game_rng(1, index, Stream::DEAL);
    let dice = game_rng(1, index, Stream::RULES);
    for stream in [Stream::seat(0), Stream::seat(1)] {
        black_box(game_rng(1, index, stream));
    }
    let mut decks = [[0u8; 18]; 2];
    for deck in &mut decks {
        let mut army: [u8; 16] = std::array::from_fn(|i| 9 + (i % 4) as u8);
        for i in 0..9 {
            let j = deal.random_range(i as u32..16) as usize;
            army.swap(i, j);
        }
        for (i, card) in deck.iter_mut().enumerate() {
            *card = if i < 9 { i as u8 } else { army[i - 9] };
        }
        shuffle(deck, &mut deal);
    }
    (decks, dice)
}

/// Statistics that live across DECQs, as the runner's do.
#[derive(Default)]
pub struct Tallies {
    turned: [[u32; 16]; 2],
    initiative: [[[u64; 19]; 18]; 2],
}

/// Dice a first DECQ of the default scenario rolls on average besides the
/// opening initiative, with the heuristic players: 56.7 (62.7 with the 6
/// opening casts; the faces of every cast, volley, rally, assault round
/// and breakthrough a first DECQ's trace tells, which are every die the
/// rules stream rolls, 1,500 games at 64b94a7). It was 62 when fire was
/// added; a Reload card holding its player's fire (`reload_holds_fire =
/// player`) has since cut the volleys. Half are cast as d8s and half as
/// d10s, the default scenario's usual dice.
pub const DECQ_DICE: u32 = 57;

/// The least a DECQ's mechanics could cost whatever the players decide:
/// the deal floor, then each KARD's two cards turned and counted with the
/// initiative histogram, then the dice a first DECQ rolls. No decision is
/// made and no rule applied: what is left to a real DECQ is choosing and
/// resolving.
pub fn mechanics(index: u64, tallies: &mut Tallies) {
    let (decks, mut dice) = seed_and_deal(index);
    let ip: [u32; 2] = std::array::from_fn(|_| (0..3).map(|_| dice.random_range(1..=6u32)).sum());
    let sides = decks
        .iter()
        .zip(&mut tallies.turned)
        .zip(&mut tallies.initiative)
        .zip(ip);
    for (((deck, turned), initiative), ip) in sides {
        for (k, &card) in deck.iter().enumerate() {
            turned[card as usize] += 1;
            initiative[k][ip as usize] += 1;
        }
    }
    let rolled: u32 = (0..DECQ_DICE)
        .map(|i| dice.random_range(1..=if i % 2 == 0 { 8u32 } else { 10 }))
        .sum();
    black_box((&tallies.turned, &tallies.initiative, rolled));
}
