//! The interface every system implements, and everything above the
//! systems sees of them: the `System` trait (a system behind `dyn`, for the
//! command line, experiments, reports and checks), the `Simulation` trait
//! (the game loop, statically dispatched), and the types they share. It
//! lies below both the systems and the runner and imports neither.

pub mod agent;
pub mod cards;
pub mod command;
pub mod lines;
pub mod metric;
pub mod observe;
pub mod person;
pub mod plan;
pub mod player;
pub mod series;
pub mod simulation;
pub mod spec;
pub mod variant;

pub use cards::{CardKind, CountAt};
pub use command::{AgentArgs, AgentCommand, OddsCommand, PlayArgs, PlayCommand, ToolCommand};
pub use metric::{Metric, Shape};
pub use observe::{GameEvent, GameReplay, Observer, Replay, Unobserved};
pub use plan::{Plan, Shard, ShardText, Stop};
pub use player::{
    infos, player_names, presets_dir, resolve_built_in, resolve_player, typed, BuiltIn, Player,
    StrategyInfo, EXEC,
};
pub use series::Series;
pub use simulation::Simulation;
pub use spec::{ArgSpec, Given, Spec};
pub use variant::{Trace, Variant, VariantOutcome};

use crate::engine::BySeat;
use crate::error::Result;
use crate::output::{ColumnSpec, OutputDir};
use crate::params::{ParamSpec, ParamValues};
use crate::stats::{Ratio, SummaryRow};
use indicatif::ProgressBar;

/// Where a run writes `records.parquet`, and the names of the swept axes
/// whose values lead each row when there are several variants.
pub struct RecordsOut<'a> {
    pub dir: &'a mut OutputDir,
    pub axes: &'a [String],
}

/// A game loop of one variant, for checks that drive games one by one.
pub trait GameLoop {
    fn play(&mut self, master_seed: u64, game: u64);
    /// The series values of the last game played.
    fn last_series(&self) -> &[Ratio];
    /// The summary rows of every game played so far.
    fn rows(&self) -> Vec<SummaryRow>;
}

/// A system as the command line, experiments and reports see it.
pub trait System: Sync {
    fn name(&self) -> &'static str;
    fn about(&self) -> &'static str;
    fn rule_specs(&self) -> &'static [ParamSpec];
    fn rule_notes(&self) -> &'static str;
    fn strategies(&self) -> &'static [StrategyInfo];
    fn series(&self) -> &'static [Series];
    /// Every metric the summary rows carry: unit, observation, what is
    /// counted and left out (the system's own, then `metric::FORFEITS`).
    fn metrics(&self) -> Vec<Metric>;
    fn headline(&self) -> &'static [&'static str];
    fn table_breakdowns(&self) -> &'static [&'static str];
    fn default_games(&self) -> u64;
    fn progress_from(&self) -> u64;
    fn batch(&self) -> u64;
    fn record_columns(&self) -> &'static [ColumnSpec];
    /// The default scenario's text, for a system with scenarios.
    fn default_scenario(&self) -> Option<&'static str>;
    /// `fortunes odds NAME ...`, for a system with exact odds.
    fn odds(&self) -> Option<OddsCommand>;
    /// `fortunes NAME ...`, for a system with tools of its own.
    fn tools(&self) -> Option<ToolCommand>;
    /// `fortunes play NAME ...`, for a system a person can play.
    fn play(&self) -> Option<PlayCommand>;
    /// The script `report.html` draws this system's games with, if any.
    fn picture(&self) -> Option<&'static str>;
    /// `fortunes agent NAME ...`, for a system that speaks the agent
    /// protocol (and so takes `exec:COMMAND` players).
    fn agent(&self) -> Option<AgentCommand>;

    /// A variant of the defaults: default rules and scenario, these players.
    fn default_variant(&self, players: BySeat<Player>) -> Variant {
        Variant {
            label: "base".into(),
            axes: Vec::new(),
            rules: ParamValues::defaults(self.name(), self.rule_specs()),
            scenario: self
                .default_scenario()
                .map(|text| toml::from_str(text).expect("the shipped default scenario parses"))
                .unwrap_or_default(),
            players,
        }
    }

    /// Refuses a variant whose rules are impossible together.
    fn check(&self, variant: &Variant) -> Result<()>;

    /// The kinds of card, chit or event `variant`'s decks and cups hold
    /// (`Simulation::card_kinds`).
    fn card_kinds(&self, variant: &Variant) -> Vec<CardKind>;

    /// Plays every variant under `plan`, handing each variant's outcome to
    /// `done` as soon as it is final (see `runner::run_each` for the order)
    /// and keeping none; with `records`, writes `records.parquet` there
    /// (with several variants, a `variant` column and one per swept axis
    /// first).
    fn run_each(
        &self,
        variants: &[Variant],
        plan: &Plan,
        records: Option<RecordsOut<'_>>,
        progress: Option<&ProgressBar>,
        done: &mut dyn FnMut(usize, VariantOutcome) -> Result<()>,
    ) -> Result<()>;

    /// `run_each`, every outcome kept, in variant order.
    fn run(
        &self,
        variants: &[Variant],
        plan: &Plan,
        records: Option<RecordsOut<'_>>,
        progress: Option<&ProgressBar>,
    ) -> Result<Vec<VariantOutcome>> {
        let mut outcomes: Vec<Option<VariantOutcome>> = variants.iter().map(|_| None).collect();
        self.run_each(variants, plan, records, progress, &mut |v, outcome| {
            outcomes[v] = Some(outcome);
            Ok(())
        })?;
        Ok(outcomes
            .into_iter()
            .map(|o| o.expect("every variant's outcome is delivered"))
            .collect())
    }

    /// Plays one shard's round of every variant (`plan.shard`) and returns
    /// each variant's exact accumulators as JSON, for `merge`.
    fn run_shard(&self, variants: &[Variant], plan: &Plan) -> Result<String>;

    /// Adds the shards' accumulators (`rounds[r]`: round r + 1's shards,
    /// each `run_shard`'s text under `plan`) and hands each variant's
    /// outcome to `done` as `run_each` would, in its order; returns
    /// the rounds used, or refuses when a precision target needs another
    /// round (naming it) unless `allow_open`.
    fn merge(
        &self,
        variants: &[Variant],
        plan: &Plan,
        rounds: &[Vec<ShardText<'_>>],
        allow_open: bool,
        done: &mut dyn FnMut(usize, VariantOutcome) -> Result<()>,
    ) -> Result<u64>;

    fn game_loop(&self, variant: &Variant) -> Result<Box<dyn GameLoop>>;

    fn trace(&self, variant: &Variant, master_seed: u64, game: u64) -> Result<Trace>;

    /// Game `game` of the run of `variant` seeded by `master_seed`, played
    /// again with its events and its records.
    fn replay(&self, variant: &Variant, master_seed: u64, game: u64) -> Result<GameReplay>;

    /// The built-in both seats play unless told otherwise.
    fn default_player(&self) -> &'static str;

    /// Built-in `name` in both seats, if the system has it.
    fn both_playing(&self, name: &str) -> Option<BySeat<Player>> {
        let strategies = self.strategies();
        let index = strategies.iter().position(|s| s.name == name)?;
        Some(BySeat::from_fn(|_| Player::built_in(strategies, index)))
    }

    /// The default players.
    fn default_players(&self) -> BySeat<Player> {
        self.both_playing(self.default_player())
            .or_else(|| self.both_playing(self.strategies()[0].name))
            .expect("a system has at least one built-in strategy")
    }
}
