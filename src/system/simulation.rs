//! The statically dispatched side of a system: what the runner calls in
//! the game loop.

use super::cards::CardKind;
use super::command::{AgentCommand, OddsCommand, PlayCommand, ToolCommand};
use super::metric::Metric;
use super::observe::Replay;
use super::plan::BATCH;
use super::player::StrategyInfo;
use super::series::Series;
use super::variant::{Trace, Variant};
use crate::error::Result;
use crate::output::Record;
use crate::params::ParamSpec;
use crate::stats::{Ratio, SummaryRow};
use std::ops::AddAssign;

/// One system's games, as the runner and the registry see them. The game
/// loop is statically dispatched through this trait; `runner::entry::Entry`
/// turns it into the `dyn System` the command line uses.
pub trait Simulation: Sync + Sized + 'static {
    /// The name on the command line and in files.
    const NAME: &'static str;
    const ABOUT: &'static str;
    /// Every rule parameter, with its default, range, meaning and source.
    const RULES: &'static [ParamSpec];
    /// What the text gives that is not a parameter, and why: printed after
    /// the parameters by `fortunes rules`.
    const RULE_NOTES: &'static str = "";
    /// The built-in strategies, each with its tuning keys.
    const STRATEGIES: &'static [StrategyInfo];
    /// The per-game series `play` fills, in this order.
    const SERIES: &'static [Series];
    /// Every metric its rows carry, defined.
    const METRICS: &'static [Metric] = &[];
    /// The built-in strategy both seats play unless told otherwise.
    const DEFAULT_PLAYER: &'static str = "heuristic";
    /// Metrics of interest when an experiment names none.
    const HEADLINE: &'static [&'static str];
    /// `by` values of the rows printed on stdout (all rows go to files).
    const TABLE_BREAKDOWNS: &'static [&'static str];
    const DEFAULT_GAMES: u64;
    /// Runs of at least this many games show a progress bar on a terminal.
    const PROGRESS_FROM: u64;
    /// Games per batch; slow games want smaller batches to keep every
    /// core busy.
    const BATCH: u64 = BATCH;

    /// Reusable per-worker game state; warm after one game.
    type State: Send;
    /// Exact integer accumulators: they merge by addition, and a shard
    /// writes them whole (`serde`) for `fortunes merge`.
    type Stats: Default
        + Send
        + for<'a> AddAssign<&'a Self::Stats>
        + serde::Serialize
        + serde::de::DeserializeOwned;
    /// One row of `records.parquet`; a game may write several.
    type Record: Record;

    /// The default scenario (order of battle and the like) as TOML, for a
    /// system whose games need one; `None` for a system without scenarios.
    const DEFAULT_SCENARIO: Option<&'static str> = None;

    /// `fortunes odds NAME ...`: exact odds, for a system that has them.
    const ODDS: Option<OddsCommand> = None;
    /// `fortunes NAME ...`: the system's own tools, if it has any.
    const TOOLS: Option<ToolCommand> = None;
    /// `fortunes play SYSTEM`: a person plays one seat in the terminal.
    const PLAY: Option<PlayCommand> = None;
    /// How `report.html` draws a game at the cursor of its events: a
    /// script that sets `PICTURES.NAME` (see `src/report/html.rs`).
    const PICTURE: Option<&'static str> = None;
    /// `fortunes agent SYSTEM`: a built-in player served over the agent
    /// protocol; a system with it also takes `exec:COMMAND` players.
    const AGENT: Option<AgentCommand> = None;

    /// The simulation of a variant (rules, scenario, players); refuses
    /// rules that are each valid but impossible together, and a scenario
    /// that does not fit, naming the field.
    fn build(variant: &Variant) -> Result<Self>;

    /// The kinds of card, chit or event `variant`'s decks and cups hold,
    /// with their counts, for `fortunes cards`; none for a system whose
    /// deck the rules fix.
    fn card_kinds(_variant: &Variant) -> Vec<CardKind> {
        Vec::new()
    }

    fn new_state(&self) -> Self::State;

    /// Plays game `game` of the run seeded by `master_seed`: adds it to
    /// `stats`, writes its value of every `SERIES` entry to `series` and,
    /// when `records` is given, pushes its rows there. Allocates nothing
    /// once `state` is warm.
    fn play(
        &self,
        state: &mut Self::State,
        master_seed: u64,
        game: u64,
        stats: &mut Self::Stats,
        series: &mut [Ratio],
        records: Option<&mut Vec<Self::Record>>,
    );

    /// The tidy summary rows of `stats`, their intervals not yet set (the
    /// runner gives every row its game-level interval). Called once per
    /// cluster of games, so it should be cheap.
    fn rows(&self, stats: &Self::Stats) -> Vec<SummaryRow>;

    /// Whether this variant's rules and players fix the figure of the
    /// row (metric, seat, by, level) and of its series: every game gives
    /// the same value, which is then its interval, zero wide. Only what
    /// the rules and the built-in players guarantee (the Haggerty
    /// heuristic never passes, so it plays its whole hand every turn),
    /// never what a sample happened to show: a figure not fixed here gets
    /// an interval of some width even when nothing varied in its games.
    /// `tests/conformance.rs` plays every pair of built-in players and
    /// fails if a fixed figure varies.
    fn fixed(&self, _metric: &str, _seat: &str, _by: &str, _level: &str) -> bool {
        false
    }

    /// Called on every worker thread when a run ends (or fails, or is
    /// interrupted): releases what a thread keeps across batches, such as
    /// an external agent's process.
    fn end_of_run() {
        super::agent::end_of_run();
    }

    /// Game `game` of the run seeded by `master_seed` played again exactly
    /// as `play` plays it, every event told to `events`; returns the rows
    /// it gives `records.parquet`.
    fn replay(&self, master_seed: u64, game: u64, events: &mut Replay)
        -> Result<Vec<Self::Record>>;

    /// A fingerprint of game `game`'s deal and of each seat's first
    /// decision, for the stream-independence check.
    fn trace(&self, master_seed: u64, game: u64) -> Trace;
}
