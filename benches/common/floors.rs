//! Each system's floor: the least work a game of it could cost (seeding
//! and dealing, no decision), shared by the criterion benches and
//! `examples/instructions.rs`, so that the time and the instruction count
//! of a floor measure the same code.
#![allow(dead_code)]

use fortunes::engine::cup::Cup;
use fortunes::engine::deck::shuffle;
use fortunes::engine::seeding::{game_rng, Stream};
use std::hint::black_box;

/// Haggerty: seed game `index`, shuffle the 54 cards, deal both hands, as
/// every turn of a game does.
pub struct HaggertyDeal {
    rules: fortunes::systems::haggerty::Rules,
    game: fortunes::systems::haggerty::Game,
}

impl Default for HaggertyDeal {
    fn default() -> Self {
        let rules = fortunes::systems::haggerty::Rules::default();
        let game = fortunes::systems::haggerty::Game::new(&rules, 0, 0);
        HaggertyDeal { rules, game }
    }
}

impl HaggertyDeal {
    pub fn run(&mut self, index: u64) {
        self.game.reset(&self.rules, 1, index);
        black_box(self.game.hands);
    }

    /// Deals a default game makes: one a turn.
    pub fn per_game(&self) -> u64 {
        self.rules.turns as u64
    }
}

/// Haggis: seed a game and deal a round.
pub struct HaggisDeal {
    rules: fortunes::systems::haggis::Rules,
    game: fortunes::systems::haggis::Game,
}

impl Default for HaggisDeal {
    fn default() -> Self {
        let rules = fortunes::systems::haggis::Rules::default();
        let game = fortunes::systems::haggis::Game::new(&rules, 0, 0);
        HaggisDeal { rules, game }
    }
}

impl HaggisDeal {
    pub fn run(&mut self, index: u64) {
        self.game.reset(&self.rules, 1, index);
        self.game.deal(&self.rules);
        black_box(self.game.round.hands);
    }
}

/// Skirmish: seed a game's streams and shuffle the two 12-card decks.
pub fn skirmish_deal(index: u64) {
    let mut deal = game_rng(1, index, Stream::DEAL);
    for stream in [Stream::RULES, Stream::seat(0), Stream::seat(1)] {
        black_box(game_rng(1, index, stream));
    }
    let mut decks = [[0u8; 12]; 2];
    for deck in &mut decks {
        for (i, card) in deck.iter_mut().enumerate() {
            *card = (i / 2) as u8 + 1;
        }
        shuffle(deck, &mut deal);
    }
    black_box(decks);
}

/// Hammerin' Sickles: seed a turn's four streams, fill the cup with the
/// illustrative scenario's chits (about 38) and pull them all.
pub fn sickles_turn(index: u64) {
    let mut deal = game_rng(1, index, Stream::DEAL);
    for stream in [Stream::RULES, Stream::seat(0), Stream::seat(1)] {
        black_box(game_rng(1, index, stream));
    }
    let mut cup = Cup::new();
    for id in 0..38 {
        cup.put(id);
    }
    let mut last = 0;
    while let Some(id) = cup.pull(&mut deal) {
        last = id;
    }
    black_box(last);
}
