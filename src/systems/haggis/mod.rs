//! Haggis for two players (Sean Ross): the players' leaflet (seed
//! `002_2221c49abcd832ef.txt`) and the official rules summarised in
//! `RULES-NOTES.md`, as two presets of the same named parameters.

pub mod agent;
pub mod cards;
pub mod combo;
pub mod command;
pub mod duel;
pub mod events;
pub mod game;
pub mod metrics;
pub mod moves;
pub mod play;
pub mod round;
pub mod rules;
pub mod stats;
pub mod strategy;

pub use cards::Cards;
pub use combo::{Bomb, BombSet, Combo, Play};
pub use game::{Game, RoundOutcome};
pub use moves::{generate, MoveList};
pub use rules::Rules;
pub use stats::Stats;
pub use strategy::{HaggisStrategy, Strategy};

use crate::engine::{BySeat, Seat};
use crate::error::Result;
use crate::output::{Cell, ColumnSpec, ColumnType, Record};
use crate::params::ParamSpec;
use crate::stats::{Ratio, SummaryRow};
use crate::system::agent::{seat_stream, Agents};
use crate::system::{
    player_names, AgentCommand, Metric, Observer, PlayCommand, Replay, Series, Simulation,
    StrategyInfo, ToolCommand, Trace, Variant,
};
use events::Event;

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
            bets: BySeat::from_fn(|s| state.bets[s] as u8),
            tricks: state.tricks,
            plays: state.plays[Seat::A] + state.plays[Seat::B],
            bombs: BySeat::from_fn(|s| state.bombs[s].iter().map(|&b| b as u32).sum()),
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
pub fn play_game<S: Strategy, O: Observer<Event>>(
    game: &mut Game<O>,
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
    if game.obs.on() {
        game.obs.event(Event::GameEnd {
            rounds: game.rounds,
            scores: game.scores.0,
            winner: winner.map(Seat::name),
            capped,
        });
    }
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
    /// Each seat's player's name, for rows broken down by strategy.
    pub names: BySeat<String>,
    /// An external agent's command and its `hello`, for a seat an agent
    /// plays (`exec:COMMAND`).
    pub agents: Agents,
}

impl Haggis {
    /// Game `index` on `game`, each seat played by its built-in or, where
    /// a seat has one, its external agent: a run and a replay both play
    /// through here, so a replay is the very game the run played.
    #[inline]
    fn play_seated<O: Observer<Event>>(
        &self,
        game: &mut Game<O>,
        master_seed: u64,
        index: u64,
        stats: &mut Stats,
        records: Option<&mut Vec<RoundRecord>>,
    ) -> GameResult {
        match self
            .agents
            .lend(rules::SYSTEM, master_seed, index, seat_stream)
        {
            None => play_game(
                game,
                &self.rules,
                &self.strategies,
                master_seed,
                index,
                stats,
                records,
            ),
            Some(lent) => {
                let agents = lent.seats();
                let seats = BySeat::from_fn(|s| agent::Seated {
                    built_in: self.strategies[s],
                    agent: agents[s],
                });
                play_game(
                    game,
                    &self.rules,
                    &seats,
                    master_seed,
                    index,
                    stats,
                    records,
                )
            }
        }
    }
}

impl Record for RoundRecord {
    const ROW: &'static str = "round";
    const COLUMNS: &'static [ColumnSpec] = &{
        use ColumnType::*;
        [
            ColumnSpec::new("game", U64),
            ColumnSpec::new("round", U32),
            ColumnSpec::new("dealer", Name),
            ColumnSpec::new("went_out", Name),
            ColumnSpec::new("points_a", U32),
            ColumnSpec::new("points_b", U32),
            ColumnSpec::new("captured_a", U32),
            ColumnSpec::new("captured_b", U32),
            ColumnSpec::new("left_hand_points", U32),
            ColumnSpec::new("cards_left", U32),
            ColumnSpec::new("haggis_points", U32),
            ColumnSpec::new("bet_a", Name),
            ColumnSpec::new("bet_b", Name),
            ColumnSpec::new("tricks", U32),
            ColumnSpec::new("plays", U32),
            ColumnSpec::new("bombs_a", U32),
            ColumnSpec::new("bombs_b", U32),
            ColumnSpec::new("score_a", U32),
            ColumnSpec::new("score_b", U32),
        ]
    };

    fn cell(&self, column: usize) -> Cell {
        let [a, b] = Seat::BOTH;
        let bet = |seat: Seat| Cell::Name(rules::Bet::ALL[self.bets[seat] as usize].name());
        match column {
            0 => Cell::U64(self.game),
            1 => Cell::U32(self.round),
            2 => Cell::Name(self.dealer.name()),
            3 => Cell::Name(self.winner.name()),
            4 => Cell::U32(self.points[a]),
            5 => Cell::U32(self.points[b]),
            6 => Cell::U32(self.captured[a]),
            7 => Cell::U32(self.captured[b]),
            8 => Cell::U32(self.left_points),
            9 => Cell::U32(self.left_cards),
            10 => Cell::U32(self.haggis_points),
            11 => bet(a),
            12 => bet(b),
            13 => Cell::U32(self.tricks),
            14 => Cell::U32(self.plays),
            15 => Cell::U32(self.bombs[a]),
            16 => Cell::U32(self.bombs[b]),
            17 => Cell::U32(self.totals[a]),
            18 => Cell::U32(self.totals[b]),
            _ => unreachable!("RoundRecord has {} columns", Self::COLUMNS.len()),
        }
    }
}

impl Simulation for Haggis {
    const METRICS: &'static [Metric] = metrics::METRICS;
    const TOOLS: Option<ToolCommand> = Some(command::TOOLS);
    const PICTURE: Option<&'static str> = Some(include_str!("picture.js"));
    const AGENT: Option<AgentCommand> = Some(agent::AGENT);
    const PLAY: Option<PlayCommand> = Some(play::PLAY);
    const NAME: &'static str = rules::SYSTEM;
    const ABOUT: &'static str = "Haggis for two players, played to the target score";
    const RULES: &'static [ParamSpec] = rules::SPECS;
    const STRATEGIES: &'static [StrategyInfo] = strategy::STRATEGIES;
    const SERIES: &'static [Series] = stats::SERIES;
    const HEADLINE: &'static [&'static str] = &["points_per_round", "went_out_first", "game_won"];
    const TABLE_BREAKDOWNS: &'static [&'static str] = &["none", "bet", "strategy"];
    const DEFAULT_GAMES: u64 = 10_000;
    const PROGRESS_FROM: u64 = 1_000;
    /// A game to the target is a dozen rounds: tens of microseconds to
    /// milliseconds with the search player.
    const BATCH: u64 = 64;

    /// The game, and one game's scratch statistics: a game is a dozen
    /// rounds of searching hands, so gathering its statistics apart and
    /// adding them costs little, and its series are read straight from them.
    type State = (Game, Stats);
    type Stats = Stats;
    type Record = RoundRecord;

    fn build(variant: &Variant) -> Result<Self> {
        let (rules, players) = (&variant.rules, &variant.players);
        Ok(Haggis {
            rules: Rules::from_values(rules.clone())?,
            strategies: BySeat::from_fn(|s| match players[s].command {
                // The seat's built-in is unused; any will do.
                Some(_) => HaggisStrategy::Greedy,
                None => HaggisStrategy::from_player(&players[s]),
            }),
            names: player_names(players),
            agents: Agents::of(players, |s| agent::hello(rules, s)),
        })
    }

    fn new_state(&self) -> (Game, Stats) {
        (Game::new(&self.rules, 0, 0), Stats::default())
    }

    fn play(
        &self,
        (state, scratch): &mut (Game, Stats),
        master_seed: u64,
        game: u64,
        stats: &mut Stats,
        series: &mut [Ratio],
        records: Option<&mut Vec<RoundRecord>>,
    ) {
        *scratch = Stats::default();
        self.play_seated(state, master_seed, game, scratch, records);
        scratch.series(series);
        *stats += &*scratch;
    }

    fn replay(&self, master_seed: u64, game: u64, events: &mut Replay) -> Result<Vec<RoundRecord>> {
        let mut played = Game::new(&self.rules, master_seed, game).observed(std::mem::take(events));
        let mut records = Vec::new();
        self.play_seated(
            &mut played,
            master_seed,
            game,
            &mut Stats::default(),
            Some(&mut records),
        );
        *events = played.obs;
        Ok(records)
    }

    fn rows(&self, stats: &Stats) -> Vec<SummaryRow> {
        stats.rows(&self.names)
    }

    fn fixed(&self, metric: &str, _seat: &str, by: &str, _level: &str) -> bool {
        // One seat goes out first in every round, so a strategy both seats
        // play goes out first in exactly half of its seats' rounds. (Not
        // game_won: a game drawn at max_rounds is won by neither.)
        metric == "went_out_first" && by == "strategy" && self.names[Seat::A] == self.names[Seat::B]
    }

    fn trace(&self, master_seed: u64, index: u64) -> Trace {
        let mut dealt = Game::new(&self.rules, master_seed, index);
        dealt.deal(&self.rules);
        let hands = dealt.round.hands;
        let mut game = Game::new(&self.rules, master_seed, index);
        let outcome = game.play_round(&self.rules, &self.strategies);
        Trace {
            deal: hands[Seat::A].0
                ^ hands[Seat::B].0.rotate_left(24)
                ^ dealt.round.haggis.0.rotate_left(48),
            first_decision: BySeat::from_fn(|s| outcome.state.bets[s] as u64),
        }
    }
}
