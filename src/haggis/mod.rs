//! Haggis for two players (Sean Ross): the players' leaflet (seed
//! `002_2221c49abcd832ef.txt`) and the official rules summarised in
//! `RULES-NOTES.md`, as two presets of the same named parameters.

pub mod cards;
pub mod combo;
pub mod duel;
pub mod game;
pub mod moves;
pub mod rules;
pub mod stats;
pub mod strategy;

pub use cards::Cards;
pub use combo::{Bomb, BombSet, Combo, Play};
pub use game::{Game, RoundOutcome, RoundState};
pub use moves::{generate, MoveList};
pub use rules::Rules;
pub use stats::Stats;
pub use strategy::{HaggisStrategy, Strategy};

use crate::engine::{BySeat, Seat};
use crate::runner::Simulation;
use polars::prelude::*;

/// One round: a row of `records.parquet`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundRecord {
    pub game: u64,
    pub round: u32,
    pub dealer: Seat,
    pub winner: Seat,
    pub points: BySeat<u32>,
    pub captured: BySeat<u32>,
    pub left_points: u32,
    pub left_cards: u32,
    pub haggis_points: u32,
    pub bets: BySeat<u8>,
    pub tricks: u32,
    pub plays: u32,
    pub bombs: BySeat<u32>,
    /// Scores after the round.
    pub totals: BySeat<u32>,
}

impl RoundRecord {
    fn new(game: u64, outcome: &RoundOutcome) -> RoundRecord {
        let state = &outcome.state;
        RoundRecord {
            game,
            round: outcome.index,
            dealer: state.dealer,
            winner: outcome.score.winner,
            points: outcome.score.points,
            captured: outcome.score.captured,
            left_points: outcome.score.left_points,
            left_cards: outcome.score.left_cards,
            haggis_points: outcome.score.haggis_points,
            bets: BySeat(Seat::BOTH.map(|s| state.bets[s] as u8)),
            tricks: state.tricks,
            plays: state.plays[Seat::A] + state.plays[Seat::B],
            bombs: BySeat(Seat::BOTH.map(|s| state.bombs[s].iter().map(|&b| b as u32).sum())),
            totals: outcome.totals,
        }
    }
}

/// The result of one game to the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    pub winner: Option<Seat>,
    pub rounds: u32,
    pub scores: BySeat<u32>,
}

/// Plays game `index` to the target score on `game` (reset first), adding
/// every round to `stats` and, if given, to `records`.
pub fn play_game<S: Strategy>(
    game: &mut Game,
    rules: &Rules,
    strategies: &BySeat<S>,
    master_seed: u64,
    index: u64,
    stats: &mut Stats,
    mut records: Option<&mut Vec<RoundRecord>>,
) -> GameResult {
    game.reset(rules, master_seed, index);
    let winner = loop {
        let outcome = game.play_round(rules, strategies);
        stats.record_round(&outcome);
        if let Some(records) = records.as_deref_mut() {
            records.push(RoundRecord::new(index, &outcome));
        }
        if let Some(winner) = game.result(rules) {
            break winner;
        }
    };
    let [a, b] = game.scores.0;
    let capped = a.max(b) < rules.target_score || a == b;
    stats.record_game(game.rounds, winner, capped, game.scores);
    GameResult {
        winner,
        rounds: game.rounds,
        scores: game.scores,
    }
}

/// A Haggis experiment: rules and one player per seat.
#[derive(Clone, Debug)]
pub struct Haggis {
    pub rules: Rules,
    pub strategies: BySeat<HaggisStrategy>,
}

impl Simulation for Haggis {
    type State = Game;
    type Stats = Stats;
    type Record = RoundRecord;
    /// A game to the target is a dozen rounds: tens of microseconds to
    /// milliseconds with the search player.
    const BATCH: u64 = 64;

    fn new_state(&self) -> Game {
        Game::new(&self.rules, 0, 0)
    }

    fn play(
        &self,
        state: &mut Game,
        master_seed: u64,
        game: u64,
        stats: &mut Stats,
        records: Option<&mut Vec<RoundRecord>>,
    ) {
        play_game(
            state,
            &self.rules,
            &self.strategies,
            master_seed,
            game,
            stats,
            records,
        );
    }

    fn records_frame(records: &[RoundRecord]) -> PolarsResult<DataFrame> {
        let u32s = |name: &str, get: &dyn Fn(&RoundRecord) -> u32| {
            Column::new(name.into(), records.iter().map(get).collect::<Vec<u32>>())
        };
        let seats = |name: &str, get: &dyn Fn(&RoundRecord) -> Seat| {
            Column::new(
                name.into(),
                records.iter().map(|r| get(r).name()).collect::<Vec<&str>>(),
            )
        };
        let bets = |name: &str, seat: Seat| {
            Column::new(
                name.into(),
                records
                    .iter()
                    .map(|r| rules::Bet::ALL[r.bets[seat] as usize].name())
                    .collect::<Vec<&str>>(),
            )
        };
        DataFrame::new_infer_height(vec![
            Column::new(
                "game".into(),
                records.iter().map(|r| r.game).collect::<Vec<u64>>(),
            ),
            u32s("round", &|r| r.round),
            seats("dealer", &|r| r.dealer),
            seats("went_out", &|r| r.winner),
            u32s("points_a", &|r| r.points[Seat::A]),
            u32s("points_b", &|r| r.points[Seat::B]),
            u32s("captured_a", &|r| r.captured[Seat::A]),
            u32s("captured_b", &|r| r.captured[Seat::B]),
            u32s("left_hand_points", &|r| r.left_points),
            u32s("cards_left", &|r| r.left_cards),
            u32s("haggis_points", &|r| r.haggis_points),
            bets("bet_a", Seat::A),
            bets("bet_b", Seat::B),
            u32s("tricks", &|r| r.tricks),
            u32s("plays", &|r| r.plays),
            u32s("bombs_a", &|r| r.bombs[Seat::A]),
            u32s("bombs_b", &|r| r.bombs[Seat::B]),
            u32s("score_a", &|r| r.totals[Seat::A]),
            u32s("score_b", &|r| r.totals[Seat::B]),
        ])
    }
}
