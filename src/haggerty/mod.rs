//! The Haggerty card-initiative sequence (Wally Simon after Garry Haggerty,
//! PW Review, October 1993; seed `000_4f524c386eb34d1d.txt`).

pub mod game;
pub mod rules;
pub mod stats;
pub mod strategy;

pub use game::{Game, RoundOutcome};
pub use rules::Rules;
pub use stats::{Stats, TurnTally};
pub use strategy::{HaggertyStrategy, Heuristic, Strategy, View};

use crate::engine::{BySeat, Seat};
use crate::runner::Simulation;
use polars::prelude::*;

/// One game's totals: a row of `records.parquet`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameRecord {
    pub game: u64,
    pub turns: u32,
    pub rounds: u32,
    pub contested_rounds: u32,
    pub initiative: BySeat<u32>,
    pub joker_ties: u32,
    pub cards_played: BySeat<u32>,
    pub unit_actions: BySeat<u32>,
    pub passes: BySeat<u32>,
    pub reshuffles: u32,
    pub ended_by_deck: bool,
}

/// Plays one whole game on `game`, which is reset for (seed, index), and
/// adds it to `stats`.
pub fn play_game<S: Strategy>(
    game: &mut Game,
    rules: &Rules,
    strategies: &BySeat<S>,
    master_seed: u64,
    index: u64,
    stats: &mut Stats,
) -> GameRecord {
    game.reset(rules, master_seed, index);
    let mut record = GameRecord {
        game: index,
        ..GameRecord::default()
    };
    loop {
        let mut tally = TurnTally::default();
        while let Some(outcome) = game.play_round(rules, strategies) {
            stats.record_round(&outcome);
            tally.add_round(&outcome);
            record.contested_rounds += outcome.contested as u32;
            record.initiative[outcome.first] += outcome.contested as u32;
            record.joker_ties += outcome.joker_tie as u32;
        }
        stats.record_turn(rules, &tally, game.hands);
        record.turns += 1;
        record.rounds += tally.rounds;
        for seat in Seat::BOTH {
            record.cards_played[seat] += tally.played[seat].len();
            record.unit_actions[seat] += rules.unit_actions_of(tally.played[seat]);
            record.passes[seat] += tally.passed[seat] as u32;
        }
        if !game.next_turn(rules) {
            break;
        }
    }
    record.reshuffles = game.reshuffles;
    record.ended_by_deck = game.ended_by_deck;
    stats.record_game(record.turns, record.reshuffles, record.ended_by_deck);
    record
}

/// A Haggerty experiment: rules and one strategy per seat.
#[derive(Clone, Debug)]
pub struct Haggerty {
    pub rules: Rules,
    pub strategies: BySeat<HaggertyStrategy>,
}

impl Simulation for Haggerty {
    type State = Game;
    type Stats = Stats;
    type Record = GameRecord;

    fn new_state(&self) -> Game {
        Game::new(&self.rules, 0, 0)
    }

    #[inline]
    fn play(
        &self,
        state: &mut Game,
        master_seed: u64,
        game: u64,
        stats: &mut Stats,
        records: Option<&mut Vec<GameRecord>>,
    ) {
        let record = play_game(
            state,
            &self.rules,
            &self.strategies,
            master_seed,
            game,
            stats,
        );
        if let Some(records) = records {
            records.push(record);
        }
    }

    fn records_frame(records: &[GameRecord]) -> PolarsResult<DataFrame> {
        let u32s = |name: &str, get: &dyn Fn(&GameRecord) -> u32| {
            Column::new(name.into(), records.iter().map(get).collect::<Vec<u32>>())
        };
        DataFrame::new_infer_height(vec![
            Column::new(
                "game".into(),
                records.iter().map(|r| r.game).collect::<Vec<u64>>(),
            ),
            u32s("turns", &|r| r.turns),
            u32s("rounds", &|r| r.rounds),
            u32s("contested_rounds", &|r| r.contested_rounds),
            u32s("initiative_a", &|r| r.initiative[Seat::A]),
            u32s("initiative_b", &|r| r.initiative[Seat::B]),
            u32s("joker_ties", &|r| r.joker_ties),
            u32s("cards_played_a", &|r| r.cards_played[Seat::A]),
            u32s("cards_played_b", &|r| r.cards_played[Seat::B]),
            u32s("unit_actions_a", &|r| r.unit_actions[Seat::A]),
            u32s("unit_actions_b", &|r| r.unit_actions[Seat::B]),
            u32s("passes_a", &|r| r.passes[Seat::A]),
            u32s("passes_b", &|r| r.passes[Seat::B]),
            u32s("reshuffles", &|r| r.reshuffles),
            Column::new(
                "ended_by_deck".into(),
                records
                    .iter()
                    .map(|r| r.ended_by_deck)
                    .collect::<Vec<bool>>(),
            ),
        ])
    }
}
