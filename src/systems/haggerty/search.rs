//! The Haggerty search player: determinized Monte Carlo over an objective.
//! At each reveal it deals the cards it has not seen into an opponent's
//! hand at random (a determinization), plays the rest of the turn out
//! after each choice it has (pass, or each card of its hand) with
//! heuristic players, and keeps the choice whose turn is worth most on
//! average over the same deals: the rules give Haggerty no victory, so
//! the worth is the objective's weighted sum of initiatives won, unit
//! actions taken and cards carried into the next turn. Chains follow the
//! heuristic. Every sample comes from the seat's own stream, so the search
//! is reproducible and independent of threads; it allocates nothing.

use super::game::Game;
use super::heuristic::{self, Heuristic};
use super::rules::Rules;
use super::view::{Strategy, View};
use crate::engine::cards::{Card, CardSet};
use crate::engine::deck::DrawPile;
use crate::engine::seeding::GameRng;
use crate::engine::{BySeat, Seat};
use crate::params::{ParamKind, ParamSpec};
use rand::Rng;
use std::cell::Cell;

/// The search's budget and the objective it maximises.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Search {
    /// Deals of the unseen cards per decision; every choice is played out
    /// on each.
    pub samples: u32,
    pub initiative_weight: u32,
    pub action_weight: u32,
    pub keep_weight: u32,
}

pub const SAMPLES: ParamSpec = ParamSpec {
    name: "samples",
    kind: ParamKind::Int { min: 1, max: 10_000 },
    default: 24,
    doc: "deals of the unseen cards sampled per reveal; every choice (pass, or each card) is played out on each (the budget is playouts, never time)",
    source: "search tuning",
};
pub const INITIATIVE_WEIGHT: ParamSpec = ParamSpec {
    name: "initiative_weight",
    kind: ParamKind::Int { min: 0, max: 1000 },
    default: 6,
    doc: "objective: worth of each contested initiative the seat wins for the rest of the turn",
    source: "search objective (the text gives Haggerty no victory condition)",
};
pub const ACTION_WEIGHT: ParamSpec = ParamSpec {
    name: "action_weight",
    kind: ParamKind::Int { min: 0, max: 1000 },
    default: 1,
    doc: "objective: worth of each unit action the seat's cards give for the rest of the turn (a card's actions per unit, as the rules count them)",
    source: "search objective",
};
pub const KEEP_WEIGHT: ParamSpec = ParamSpec {
    name: "keep_weight",
    kind: ParamKind::Int { min: 0, max: 1000 },
    default: 2,
    doc: "objective: worth of each card the seat carries into the next turn",
    source: "search objective",
};

pub const SEARCH_TUNING: &[ParamSpec] = &[SAMPLES, INITIATIVE_WEIGHT, ACTION_WEIGHT, KEEP_WEIGHT];

impl Search {
    pub fn from_values(values: &crate::params::ParamValues) -> Search {
        Search {
            samples: values.of(&SAMPLES) as u32,
            initiative_weight: values.of(&INITIATIVE_WEIGHT) as u32,
            action_weight: values.of(&ACTION_WEIGHT) as u32,
            keep_weight: values.of(&KEEP_WEIGHT) as u32,
        }
    }
}

/// A seat in a playout: the searching seat's first reveal is the choice
/// under test; after that, and for the opponent, the heuristic.
struct Playout {
    first: Cell<Option<Option<Card>>>,
}

impl Strategy for Playout {
    fn reveal(&self, view: &View<'_>, _: &mut GameRng) -> Option<Card> {
        match self.first.take() {
            Some(choice) => choice,
            None => heuristic::reveal(&Heuristic::default(), view),
        }
    }

    fn chain(&self, view: &View<'_>, _: &mut GameRng) -> Option<Card> {
        heuristic::chain(&Heuristic::default(), view)
    }
}

/// The rest of the turn after `choice`, as the objective values it.
fn playout(
    world: &mut Game,
    rules: &Rules,
    me: Seat,
    choice: Option<Card>,
    search: &Search,
) -> i64 {
    let seats = BySeat([
        Playout {
            first: Cell::new(None),
        },
        Playout {
            first: Cell::new(None),
        },
    ]);
    seats[me].first.set(Some(choice));
    let (mut initiatives, mut actions) = (0i64, 0i64);
    while let Some(outcome) = world.play_round(rules, &seats) {
        initiatives += (outcome.contested && outcome.first == me) as i64;
        actions += rules.unit_actions_of(outcome.played[me]) as i64;
    }
    // A card kept past the last turn is worth nothing.
    let kept = match world.turn + 1 >= rules.turns {
        true => 0,
        false => world.hands[me].len() as i64,
    };
    search.initiative_weight as i64 * initiatives
        + search.action_weight as i64 * actions
        + search.keep_weight as i64 * kept
}

/// The reveal: the choice worth most over the sampled deals; the
/// heuristic's own choice is tried first and keeps a tie.
pub fn reveal(search: &Search, view: &View<'_>, rng: &mut GameRng) -> Option<Card> {
    let rules = view.rules;
    let me = view.seat;
    let usual = heuristic::reveal(&Heuristic::default(), view);
    // The choices: the heuristic's first, then pass and every other card.
    let mut choices = [None; 64];
    let mut count = 0;
    choices[count] = usual;
    count += 1;
    if usual.is_some() {
        choices[count] = None;
        count += 1;
    }
    for card in view.legal.iter() {
        if Some(card) != usual {
            choices[count] = Some(card);
            count += 1;
        }
    }
    if count == 1 {
        return usual;
    }
    let mut unseen = [Card::joker(0); 64];
    let mut unseen_len = 0;
    for card in view.unseen.iter() {
        unseen[unseen_len] = card;
        unseen_len += 1;
    }
    let mut template = Game::new(rules, 0, 0);
    template.turn = view.turn;
    template.round = view.round;
    template.table = CardSet::EMPTY;
    template.out = BySeat([false; 2]);
    template.out[me.other()] = view.opponent_out;
    // Public: who led the last round (a joker tie may go to them).
    template.last_first = view.last_first;
    template.discard = rules.deck.minus(view.hand).minus(view.unseen);
    let mut totals = [0i64; 64];
    for _ in 0..search.samples {
        // The opponent's hand: a random draw of its size from the unseen
        // cards (a partial shuffle); the rest is the pile, whose order the
        // rest of the turn never reads.
        let size = (view.opponent_hand_len as usize).min(unseen_len);
        for i in 0..size {
            let j = rng.random_range(i..unseen_len);
            unseen.swap(i, j);
        }
        let mut theirs = CardSet::EMPTY;
        for &card in &unseen[..size] {
            theirs.insert(card);
        }
        template.hands[me] = view.hand;
        template.hands[me.other()] = theirs;
        template.pile = DrawPile::default();
        for &card in &unseen[size..unseen_len] {
            template.pile.push(card);
        }
        // The same deal and the same tie-breaking coins for every choice.
        let coins = rng.random::<u64>();
        for (choice, total) in choices[..count].iter().zip(&mut totals) {
            let mut world = template.clone();
            world.reseed(coins, 0);
            *total += playout(&mut world, rules, me, *choice, search);
        }
    }
    let best = crate::engine::first_best(&totals[..count]);
    choices[best]
}

/// Chains follow the heuristic.
pub fn chain(view: &View<'_>) -> Option<Card> {
    heuristic::chain(&Heuristic::default(), view)
}
