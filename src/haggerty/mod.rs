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
use crate::error::Result;
use crate::output::{Cell, ColumnSpec, ColumnType, Record};
use crate::params::ParamSpec;
use crate::runner::Simulation;
use crate::stats::{Ratio, SummaryRow};
use crate::system::{Player, Series, StrategyInfo, Trace, Variant};

/// One game's totals: a row of `records.parquet`, and the source of the
/// game's series values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameRecord {
    pub game: u64,
    pub turns: u32,
    pub rounds: u32,
    pub contested_rounds: u32,
    pub initiative: BySeat<u32>,
    /// The first player of the game's first contested round.
    pub first_initiative: Option<Seat>,
    pub joker_ties: u32,
    pub lone_rounds: BySeat<u32>,
    pub cards_played: BySeat<u32>,
    pub unit_actions: BySeat<u32>,
    pub passes: BySeat<u32>,
    /// Cards kept at the end of each turn, summed over the turns.
    pub cards_left: BySeat<u32>,
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
            if outcome.contested && record.contested_rounds == 0 {
                record.first_initiative = Some(outcome.first);
            }
            record.contested_rounds += outcome.contested as u32;
            record.initiative[outcome.first] += outcome.contested as u32;
            record.lone_rounds[outcome.first] += !outcome.contested as u32;
            record.joker_ties += outcome.joker_tie as u32;
        }
        stats.record_turn(rules, &tally, game.hands);
        record.turns += 1;
        record.rounds += tally.rounds;
        for seat in Seat::BOTH {
            record.cards_played[seat] += tally.played[seat].len();
            record.unit_actions[seat] += rules.unit_actions_of(tally.played[seat]);
            record.passes[seat] += tally.passed[seat] as u32;
            record.cards_left[seat] += game.hands[seat].len();
        }
        if !game.next_turn(rules) {
            break;
        }
    }
    record.reshuffles = game.reshuffles;
    record.ended_by_deck = game.ended_by_deck;
    stats.record_game(&record);
    record
}

/// A Haggerty experiment: rules and one strategy per seat.
#[derive(Clone, Debug)]
pub struct Haggerty {
    pub rules: Rules,
    pub strategies: BySeat<HaggertyStrategy>,
}

const SERIES: &[Series] = &[
    Series::rate("initiative", "a"),
    Series::rate("initiative", "b"),
    Series::rate("first_initiative", "a"),
    Series::rate("first_initiative", "b"),
    Series::rate("joker_tie", "all"),
    Series::rate("lone_round", "a"),
    Series::rate("lone_round", "b"),
    Series::mean("cards_played_per_turn", "a"),
    Series::mean("cards_played_per_turn", "b"),
    Series::mean("actions_per_turn", "a"),
    Series::mean("actions_per_turn", "b"),
    Series::mean("unit_actions_per_turn", "a"),
    Series::mean("unit_actions_per_turn", "b"),
    Series::rate("passed_in_turn", "a"),
    Series::rate("passed_in_turn", "b"),
    Series::mean("cards_left_at_turn_end", "a"),
    Series::mean("cards_left_at_turn_end", "b"),
    Series::mean("rounds_per_turn", "all"),
    Series::mean("turns_per_game", "all"),
    Series::mean("reshuffles_per_game", "all"),
    Series::rate("game_ended_by_deck", "all"),
];

impl GameRecord {
    /// The game's value of every `SERIES` entry, in order.
    fn series(&self, rules: &Rules, out: &mut [Ratio]) {
        let [a, b] = Seat::BOTH;
        let turns = self.turns as u64;
        let contested = self.contested_rounds as u64;
        let per_turn = |v: u32| Ratio::new(v as u64, turns);
        let first = |seat| {
            Ratio::new(
                (self.first_initiative == Some(seat)) as u64,
                self.first_initiative.is_some() as u64,
            )
        };
        let actions = |seat: Seat| per_turn(self.cards_played[seat] * rules.actions_per_card);
        let values = [
            Ratio::new(self.initiative[a] as u64, contested),
            Ratio::new(self.initiative[b] as u64, contested),
            first(a),
            first(b),
            Ratio::new(self.joker_ties as u64, contested),
            Ratio::new(self.lone_rounds[a] as u64, self.rounds as u64),
            Ratio::new(self.lone_rounds[b] as u64, self.rounds as u64),
            per_turn(self.cards_played[a]),
            per_turn(self.cards_played[b]),
            actions(a),
            actions(b),
            per_turn(self.unit_actions[a]),
            per_turn(self.unit_actions[b]),
            per_turn(self.passes[a]),
            per_turn(self.passes[b]),
            per_turn(self.cards_left[a]),
            per_turn(self.cards_left[b]),
            per_turn(self.rounds),
            Ratio::new(turns, 1),
            Ratio::new(self.reshuffles as u64, 1),
            Ratio::new(self.ended_by_deck as u64, 1),
        ];
        out.copy_from_slice(&values);
    }
}

impl Record for GameRecord {
    const COLUMNS: &'static [ColumnSpec] = &{
        use ColumnType::*;
        [
            ColumnSpec::new("game", U64),
            ColumnSpec::new("turns", U32),
            ColumnSpec::new("rounds", U32),
            ColumnSpec::new("contested_rounds", U32),
            ColumnSpec::new("initiative_a", U32),
            ColumnSpec::new("initiative_b", U32),
            ColumnSpec::new("first_initiative", Name),
            ColumnSpec::new("joker_ties", U32),
            ColumnSpec::new("lone_rounds_a", U32),
            ColumnSpec::new("lone_rounds_b", U32),
            ColumnSpec::new("cards_played_a", U32),
            ColumnSpec::new("cards_played_b", U32),
            ColumnSpec::new("unit_actions_a", U32),
            ColumnSpec::new("unit_actions_b", U32),
            ColumnSpec::new("passes_a", U32),
            ColumnSpec::new("passes_b", U32),
            ColumnSpec::new("cards_left_a", U32),
            ColumnSpec::new("cards_left_b", U32),
            ColumnSpec::new("reshuffles", U32),
            ColumnSpec::new("ended_by_deck", Bool),
        ]
    };

    fn cell(&self, column: usize) -> Cell {
        let [a, b] = Seat::BOTH;
        match column {
            0 => Cell::U64(self.game),
            1 => Cell::U32(self.turns),
            2 => Cell::U32(self.rounds),
            3 => Cell::U32(self.contested_rounds),
            4 => Cell::U32(self.initiative[a]),
            5 => Cell::U32(self.initiative[b]),
            6 => Cell::Name(self.first_initiative.map_or("none", Seat::name)),
            7 => Cell::U32(self.joker_ties),
            8 => Cell::U32(self.lone_rounds[a]),
            9 => Cell::U32(self.lone_rounds[b]),
            10 => Cell::U32(self.cards_played[a]),
            11 => Cell::U32(self.cards_played[b]),
            12 => Cell::U32(self.unit_actions[a]),
            13 => Cell::U32(self.unit_actions[b]),
            14 => Cell::U32(self.passes[a]),
            15 => Cell::U32(self.passes[b]),
            16 => Cell::U32(self.cards_left[a]),
            17 => Cell::U32(self.cards_left[b]),
            18 => Cell::U32(self.reshuffles),
            19 => Cell::Bool(self.ended_by_deck),
            _ => unreachable!("GameRecord has {} columns", Self::COLUMNS.len()),
        }
    }
}

impl Simulation for Haggerty {
    const NAME: &'static str = rules::SYSTEM;
    const ABOUT: &'static str = "the Haggerty card-initiative sequence";
    const RULES: &'static [ParamSpec] = rules::SPECS;
    const STRATEGIES: &'static [StrategyInfo] = strategy::STRATEGIES;
    const SERIES: &'static [Series] = SERIES;
    const HEADLINE: &'static [&'static str] = &["initiative", "actions_per_turn"];
    const TABLE_BREAKDOWNS: &'static [&'static str] = &["none", "type", "role", "suit", "rank"];
    const DEFAULT_GAMES: u64 = 1_000_000;
    const PROGRESS_FROM: u64 = 100_000;

    type State = Game;
    type Stats = Stats;
    type Record = GameRecord;

    fn build(variant: &Variant) -> Result<Self> {
        let (rules, players) = (&variant.rules, &variant.players);
        Ok(Haggerty {
            rules: Rules::from_values(rules.clone())?,
            strategies: BySeat(Seat::BOTH.map(|s| HaggertyStrategy::from_player(&players[s]))),
        })
    }

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
        series: &mut [Ratio],
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
        record.series(&self.rules, series);
        if let Some(records) = records {
            records.push(record);
        }
    }

    fn rows(&self, stats: &Stats, _players: &BySeat<Player>) -> Vec<SummaryRow> {
        stats.rows(&self.rules)
    }

    fn trace(&self, master_seed: u64, index: u64) -> Trace {
        let mut game = Game::new(&self.rules, master_seed, index);
        let dealt = game.hands;
        let revealed = game
            .play_round(&self.rules, &self.strategies)
            .map_or(BySeat::default(), |r| r.revealed);
        Trace {
            deal: dealt[Seat::A].0 ^ dealt[Seat::B].0.rotate_left(32),
            first_decision: BySeat(
                Seat::BOTH.map(|s| revealed[s].map_or(u64::MAX, |c| c.index() as u64)),
            ),
        }
    }
}
