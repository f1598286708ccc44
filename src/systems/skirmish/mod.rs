//! Skirmishing with Ancients (Walter Simon): the incremental card deck,
//! fire, melee and group morale with their exact odds, and a
//! one-dimensional engagement (seed `003_95b269483f53f494.txt`).

pub mod agent;
pub mod events;
pub mod game;
pub mod metrics;
pub mod odds;
pub mod play;
pub mod rules;
pub mod scenario;
pub mod stats;
pub mod strategy;
pub mod table;

pub use game::{Game, GameTally};
pub use rules::Rules;
pub use scenario::Scenario;
pub use stats::Stats;
pub use strategy::SkirmishStrategy;

use crate::engine::{BySeat, Seat};
use crate::error::Result;
use crate::output::{Cell, ColumnSpec, ColumnType, Record};
use crate::params::ParamSpec;
use crate::stats::{Ratio, SummaryRow};
use crate::system::agent::{seat_stream, Agents};
use crate::system::{
    CardKind, Metric, Observer, OddsCommand, Player, Replay, Series, Simulation, StrategyInfo,
    Trace, Variant,
};
use events::Event;

/// A Skirmish experiment: rules, scenario, one player per side.
#[derive(Clone, Debug)]
pub struct Skirmish {
    pub rules: Rules,
    pub scenario: Scenario,
    pub strategies: BySeat<SkirmishStrategy>,
    /// An external agent's command and its `hello`, for a side an agent
    /// plays (`exec:COMMAND`).
    pub agents: Agents,
}

impl Skirmish {
    /// Plays game `game` of the run seeded by `master_seed` into `tally`,
    /// the agents choosing their sides' cards: the run's and the replay's
    /// one path.
    fn play_game<O: Observer<Event>>(
        &self,
        state: &mut Game<O>,
        master_seed: u64,
        game: u64,
        tally: &mut GameTally,
    ) {
        state.start(&self.rules, &self.scenario, master_seed, game);
        let Some(lent) = self
            .agents
            .lend(rules::SYSTEM, master_seed, game, seat_stream)
        else {
            return state.play_built_in(&self.rules, &self.scenario, &self.strategies, tally);
        };
        let mut cards = agent::AgentCards {
            scenario: &self.scenario,
            agents: lent.seats(),
        };
        state.play_with(
            &self.rules,
            &self.scenario,
            &self.strategies,
            &mut cards,
            tally,
        );
    }
}

const SERIES: &[Series] = &[
    Series::mean("increments_per_play", "a"),
    Series::mean("increments_per_play", "b"),
    Series::rate("six_in_hand", "a"),
    Series::rate("six_in_hand", "b"),
    Series::rate("increments_wasted", "a"),
    Series::rate("increments_wasted", "b"),
    Series::mean("casualties_per_game", "a"),
    Series::mean("casualties_per_game", "b"),
    Series::mean("victory_points_per_game", "a"),
    Series::mean("victory_points_per_game", "b"),
    Series::mean("reserves_called_per_game", "a"),
    Series::mean("reserves_called_per_game", "b"),
    Series::mean("reserve_cost_per_game", "a"),
    Series::mean("reserve_cost_per_game", "b"),
    Series::rate("game_won", "a"),
    Series::rate("game_won", "b"),
    Series::rate("game_drawn", "all"),
    Series::rate("charge_reached_contact", "all"),
    Series::rate("charge_stopped_by_fire", "all"),
    Series::rate("charge_stopped_by_morale", "all"),
    Series::rate("charge_found_no_defender", "all"),
    Series::rate("charge_cut_off", "all"),
    Series::rate("stopped_before_charge", "all"),
    Series::mean("melees_won_per_game", "a"),
    Series::mean("melees_won_per_game", "b"),
    Series::rate("shot_hit", "all"),
    Series::rate("morale_passed", "all"),
];

impl GameTally {
    fn series(&self, out: &mut [Ratio]) {
        let [a, b] = Seat::BOTH;
        let one = |hit: bool| Ratio::new(hit as u64, 1);
        let charges: u32 = self.charges.iter().sum();
        let charge = |outcome: game::ChargeOutcome| {
            Ratio::new(self.charges[outcome as usize] as u64, charges as u64)
        };
        let winner = self.winner();
        let (tests, passes) = self.morale_tests();
        let values = [
            Ratio::new(self.increments[a] as u64, self.plays[a] as u64),
            Ratio::new(self.increments[b] as u64, self.plays[b] as u64),
            Ratio::new(self.in_hand[a][5] as u64, self.plays[a] as u64),
            Ratio::new(self.in_hand[b][5] as u64, self.plays[b] as u64),
            Ratio::new(self.wasted[a] as u64, self.increments[a] as u64),
            Ratio::new(self.wasted[b] as u64, self.increments[b] as u64),
            Ratio::new(self.killed[a] as u64, 1),
            Ratio::new(self.killed[b] as u64, 1),
            Ratio::new(self.victory_points(a) as u64, 1),
            Ratio::new(self.victory_points(b) as u64, 1),
            Ratio::new(self.reserves_called[a] as u64, 1),
            Ratio::new(self.reserves_called[b] as u64, 1),
            Ratio::new(self.reserve_cost[a] as u64, 1),
            Ratio::new(self.reserve_cost[b] as u64, 1),
            one(winner == Some(a)),
            one(winner == Some(b)),
            one(winner.is_none()),
            charge(game::ChargeOutcome::ReachedContact),
            charge(game::ChargeOutcome::StoppedByFire),
            charge(game::ChargeOutcome::StoppedByMorale),
            charge(game::ChargeOutcome::NoDefender),
            charge(game::ChargeOutcome::NoCharge),
            one(self.stopped_before_charge),
            Ratio::new(self.melees_won[a] as u64, 1),
            Ratio::new(self.melees_won[b] as u64, 1),
            Ratio::new(self.shot_hits() as u64, self.shots() as u64),
            Ratio::new(passes as u64, tests as u64),
        ];
        out.copy_from_slice(&values);
    }
}

/// One game: a row of `records.parquet`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub game: u64,
    pub tally: GameTally,
}

impl Record for GameRecord {
    const COLUMNS: &'static [ColumnSpec] = &{
        use ColumnType::*;
        [
            ColumnSpec::new("game", U64),
            ColumnSpec::new("winner", Name),
            ColumnSpec::new("victory_points_a", U32),
            ColumnSpec::new("victory_points_b", U32),
            ColumnSpec::new("killed_a", U32),
            ColumnSpec::new("killed_b", U32),
            ColumnSpec::new("wounded_a", U32),
            ColumnSpec::new("wounded_b", U32),
            ColumnSpec::new("routed_a", U32),
            ColumnSpec::new("routed_b", U32),
            ColumnSpec::new("charge", Name),
            ColumnSpec::new("shots", U32),
            ColumnSpec::new("shot_hits", U32),
            ColumnSpec::new("morale_tests", U32),
            ColumnSpec::new("morale_passes", U32),
            ColumnSpec::new("melees", U32),
            ColumnSpec::new("increments_a", U32),
            ColumnSpec::new("increments_b", U32),
            ColumnSpec::new("reserves_a", U32),
            ColumnSpec::new("reserves_b", U32),
            ColumnSpec::new("reserve_cost_a", U32),
            ColumnSpec::new("reserve_cost_b", U32),
        ]
    };

    fn cell(&self, column: usize) -> Cell {
        let t = &self.tally;
        let side = |i: usize| Seat::BOTH[i % 2];
        match column {
            0 => Cell::U64(self.game),
            1 => Cell::Name(t.winner().map_or("none", Seat::name)),
            2 | 3 => Cell::U32(t.victory_points(side(column - 2))),
            4 | 5 => Cell::U32(t.killed[side(column - 4)]),
            6 | 7 => Cell::U32(t.wounded[side(column - 6)]),
            8 | 9 => Cell::U32(t.routed[side(column - 8)]),
            10 => Cell::Name(t.charge.name()),
            11 => Cell::U32(t.shots()),
            12 => Cell::U32(t.shot_hits()),
            13 => Cell::U32(t.morale_tests().0),
            14 => Cell::U32(t.morale_tests().1),
            15 => Cell::U32(t.melees),
            16 | 17 => Cell::U32(t.increments[side(column - 16)]),
            18 | 19 => Cell::U32(t.reserves_called[side(column - 18)]),
            20 | 21 => Cell::U32(t.reserve_cost[side(column - 20)]),
            _ => unreachable!("GameRecord has {} columns", Self::COLUMNS.len()),
        }
    }
}

impl Simulation for Skirmish {
    const METRICS: &'static [Metric] = metrics::METRICS;
    const ODDS: Option<OddsCommand> = Some(odds::ODDS);
    const NAME: &'static str = rules::SYSTEM;
    const ABOUT: &'static str =
        "Skirmishing with Ancients: the increment deck and a charge against shooters";
    const RULES: &'static [ParamSpec] = rules::SPECS;
    const STRATEGIES: &'static [StrategyInfo] = strategy::STRATEGIES;
    const SERIES: &'static [Series] = SERIES;
    const HEADLINE: &'static [&'static str] = &[
        "increments_per_play",
        "casualties_per_game",
        "game_won",
        "charge_reached_contact",
    ];
    const TABLE_BREAKDOWNS: &'static [&'static str] = &["none", "range", "group"];
    const DEFAULT_PLAYER: &'static str = "hold_high";
    const DEFAULT_GAMES: u64 = 100_000;
    const PROGRESS_FROM: u64 = 20_000;
    const BATCH: u64 = 1024;
    const PLAY: Option<crate::system::PlayCommand> = Some(play::PLAY);
    const PICTURE: Option<&'static str> = Some(include_str!("picture.js"));
    const AGENT: Option<crate::system::AgentCommand> = Some(agent::AGENT);
    const DEFAULT_SCENARIO: Option<&'static str> = Some(include_str!(
        "../../../experiments/skirmish/scenarios/vikings.toml"
    ));

    type State = (Game, GameTally);
    type Stats = Stats;
    type Record = GameRecord;

    fn build(variant: &Variant) -> Result<Self> {
        Ok(Skirmish {
            rules: Rules::from_values(&variant.rules)?,
            scenario: Scenario::from_table(&variant.scenario)?,
            strategies: BySeat::from_fn(|s| {
                let player = &variant.players[s];
                match player.command {
                    // An agent chooses its cards; its commander points,
                    // halts, morale groups and reserves follow the default
                    // player's tuning.
                    Some(_) => SkirmishStrategy::from_player(&Player::built_in(
                        strategy::STRATEGIES,
                        strategy::STRATEGIES
                            .iter()
                            .position(|info| info.name == Self::DEFAULT_PLAYER)
                            .expect("the default player is built in"),
                    )),
                    None => SkirmishStrategy::from_player(player),
                }
            }),
            agents: Agents::of(&variant.players, |s| {
                agent::hello(&variant.rules, &variant.scenario, s)
            }),
        })
    }

    fn card_kinds(variant: &Variant) -> Vec<CardKind> {
        let each = variant.rules.get("cards_per_value");
        [
            "cards_1", "cards_2", "cards_3", "cards_4", "cards_5", "cards_6",
        ]
        .into_iter()
        .map(|name| {
            let count = match variant.rules.get(name) {
                crate::params::NONE => each,
                n => n,
            };
            CardKind::rule(name, "each side's increment deck", count)
        })
        .collect()
    }

    fn new_state(&self) -> (Game, GameTally) {
        (Game::new(), GameTally::default())
    }

    fn play(
        &self,
        (state, tally): &mut (Game, GameTally),
        master_seed: u64,
        game: u64,
        stats: &mut Stats,
        series: &mut [Ratio],
        records: Option<&mut Vec<GameRecord>>,
    ) {
        self.play_game(state, master_seed, game, tally);
        stats.record_game(tally);
        tally.series(series);
        if let Some(records) = records {
            records.push(GameRecord {
                game,
                tally: *tally,
            });
        }
    }

    fn replay(&self, master_seed: u64, game: u64, events: &mut Replay) -> Result<Vec<GameRecord>> {
        let mut played = Game::new().observed(std::mem::take(events));
        let mut tally = GameTally::default();
        self.play_game(&mut played, master_seed, game, &mut tally);
        *events = played.obs;
        Ok(vec![GameRecord { game, tally }])
    }

    fn rows(&self, stats: &Stats) -> Vec<SummaryRow> {
        stats.rows()
    }

    fn fixed(&self, metric: &str, _seat: &str, _by: &str, _level: &str) -> bool {
        // Each side plays its whole deck every game, the same number of
        // cards of each value: what it plays is the deck's.
        matches!(metric, "increments_per_play" | "increments_per_play_share")
    }

    fn trace(&self, master_seed: u64, index: u64) -> Trace {
        let mut game = Game::new();
        game.reset(&self.rules, &self.scenario, master_seed, index);
        let deal = game.deck_fingerprint(self.rules.deck_size() as usize);
        let mut tally = GameTally::default();
        game.play(&self.rules, &self.scenario, &self.strategies, &mut tally);
        // Only the side that plays first decides before anything the other
        // does; the other side's first card depends on that play.
        let first = self.scenario.first;
        let mut decisions = BySeat([u64::MAX; 2]);
        decisions[first] = game.first_card[first].map_or(u64::MAX, |c| c as u64);
        Trace {
            deal,
            first_decision: decisions,
        }
    }
}
