//! Any `Simulation` as the `dyn System` the layers above use: the one
//! place the statically dispatched game loop meets the registry.

use super::partial::{self, Partial};
use super::VariantResult;
use crate::engine::{BySeat, Seat};
use crate::error::{Error, ErrorKind, Result};
use crate::output::{ColumnSpec, Record, RecordsWriter, VariantColumns};
use crate::params::ParamSpec;
use crate::stats::{Kind, Rate, Ratio, SeriesSums, SummaryRow, CONFIDENCE, NO_BREAKDOWN};
use crate::system::{
    AgentCommand, CardKind, GameLoop, GameReplay, Metric, OddsCommand, Plan, PlayCommand,
    RecordsOut, Series, ShardText, Simulation, StrategyInfo, System, ToolCommand, Trace, Variant,
    VariantOutcome,
};
use indicatif::ProgressBar;
use std::marker::PhantomData;

/// The `dyn System` of a `Simulation`.
pub struct Entry<S>(PhantomData<fn() -> S>);

impl<S> Entry<S> {
    pub const NEW: Entry<S> = Entry(PhantomData);
}

struct Loop<S: Simulation> {
    simulation: S,
    state: S::State,
    stats: S::Stats,
    series: Vec<Ratio>,
}

impl<S: Simulation> GameLoop for Loop<S> {
    fn play(&mut self, master_seed: u64, game: u64) {
        self.simulation.play(
            &mut self.state,
            master_seed,
            game,
            &mut self.stats,
            &mut self.series,
            None,
        );
    }

    fn last_series(&self) -> &[Ratio] {
        &self.series
    }

    fn rows(&self) -> Vec<SummaryRow> {
        self.simulation.rows(&self.stats)
    }
}

impl<S: Simulation> System for Entry<S> {
    fn name(&self) -> &'static str {
        S::NAME
    }
    fn about(&self) -> &'static str {
        S::ABOUT
    }
    fn rule_specs(&self) -> &'static [ParamSpec] {
        S::RULES
    }
    fn rule_notes(&self) -> &'static str {
        S::RULE_NOTES
    }
    fn strategies(&self) -> &'static [StrategyInfo] {
        S::STRATEGIES
    }
    fn series(&self) -> &'static [Series] {
        S::SERIES
    }
    fn metrics(&self) -> Vec<Metric> {
        crate::system::metric::with_run_metrics(S::METRICS)
    }
    fn headline(&self) -> &'static [&'static str] {
        S::HEADLINE
    }
    fn table_breakdowns(&self) -> &'static [&'static str] {
        S::TABLE_BREAKDOWNS
    }
    fn default_games(&self) -> u64 {
        S::DEFAULT_GAMES
    }
    fn progress_from(&self) -> u64 {
        S::PROGRESS_FROM
    }
    fn batch(&self) -> u64 {
        S::BATCH
    }
    fn record_columns(&self) -> &'static [ColumnSpec] {
        S::Record::COLUMNS
    }
    fn picture(&self) -> Option<&'static str> {
        S::PICTURE
    }
    fn default_scenario(&self) -> Option<&'static str> {
        S::DEFAULT_SCENARIO
    }
    fn default_player(&self) -> &'static str {
        S::DEFAULT_PLAYER
    }
    fn odds(&self) -> Option<OddsCommand> {
        S::ODDS
    }
    fn play(&self) -> Option<PlayCommand> {
        S::PLAY
    }
    fn agent(&self) -> Option<AgentCommand> {
        S::AGENT
    }
    fn tools(&self) -> Option<ToolCommand> {
        S::TOOLS
    }

    fn check(&self, variant: &Variant) -> Result<()> {
        build::<S>(variant).map(|_| ())
    }

    fn card_kinds(&self, variant: &Variant) -> Vec<CardKind> {
        S::card_kinds(variant)
    }

    fn run_each(
        &self,
        variants: &[Variant],
        plan: &Plan,
        records: Option<RecordsOut<'_>>,
        progress: Option<&ProgressBar>,
        done: &mut dyn FnMut(usize, VariantOutcome) -> Result<()>,
    ) -> Result<()> {
        let simulations = variants
            .iter()
            .map(build::<S>)
            .collect::<Result<Vec<S>>>()?;
        let reference = &simulations[plan.reference];
        let mut finish = |v: usize, result: VariantResult<S::Stats>| {
            done(
                v,
                outcome_of(&simulations[v], reference, &variants[v], result),
            )
        };
        match records {
            Some(RecordsOut { dir, axes }) => {
                let leading = (variants.len() > 1).then(|| VariantColumns {
                    labels: variants.iter().map(|v| v.label.clone()).collect(),
                    axes: axes
                        .iter()
                        .enumerate()
                        .map(|(i, axis)| {
                            (
                                axis.clone(),
                                variants.iter().map(|v| v.axes[i].clone()).collect(),
                            )
                        })
                        .collect(),
                });
                let mut writer = RecordsWriter::<S::Record>::open(dir, "records.parquet", leading)?;
                let mut sink = |variant: usize, rows: &[S::Record]| writer.push(variant, rows);
                super::run_each(&simulations, plan, progress, Some(&mut sink), &mut finish)?;
                writer.finish()
            }
            None => super::run_each(&simulations, plan, progress, None, &mut finish),
        }
    }

    fn run_shard(&self, variants: &[Variant], plan: &Plan) -> Result<String> {
        let simulations = variants
            .iter()
            .map(build::<S>)
            .collect::<Result<Vec<S>>>()?;
        let mut parts: Vec<Option<Partial<S::Stats>>> = variants.iter().map(|_| None).collect();
        super::run_each(&simulations, plan, None, None, &mut |v, result| {
            parts[v] = Some(Partial::of(result));
            Ok(())
        })?;
        let parts: Vec<Partial<S::Stats>> = parts
            .into_iter()
            .map(|p| p.expect("every variant's result is delivered"))
            .collect();
        serde_json::to_string(&parts).map_err(|e| {
            Error::new(ErrorKind::BadArgument(format!(
                "cannot write a partial result: {e}"
            )))
        })
    }

    fn merge(
        &self,
        variants: &[Variant],
        plan: &Plan,
        rounds: &[Vec<ShardText<'_>>],
        allow_open: bool,
        done: &mut dyn FnMut(usize, VariantOutcome) -> Result<()>,
    ) -> Result<u64> {
        let simulations = variants
            .iter()
            .map(build::<S>)
            .collect::<Result<Vec<S>>>()?;
        let fixed: Vec<Vec<bool>> = simulations.iter().map(super::fixed_series).collect();
        let merged = partial::merge::<S::Stats>(
            variants.len(),
            plan,
            S::SERIES,
            rounds,
            &|v, stats| simulations[v].rows(stats),
            &fixed,
        )?;
        if merged.open && !allow_open {
            return Err(Error::new(ErrorKind::BadArgument(format!(
                "the precision target is not met after round {r}, and a single run would play on: \
                 run round {next} (the same command with --round {next}, every shard), then merge \
                 all rounds (fortunes merge --allow-partial merges what there is)",
                r = merged.rounds_used,
                next = merged.rounds_used + 1
            ))));
        }
        // Handed over in the order one process would, so the tables are
        // the same file.
        let mut results: Vec<Option<VariantResult<S::Stats>>> =
            merged.results.into_iter().map(Some).collect();
        for v in super::delivery_order(variants.len(), plan.reference) {
            let result = results[v].take().expect("each variant once");
            let reference = &simulations[plan.reference];
            done(
                v,
                outcome_of(&simulations[v], reference, &variants[v], result),
            )?;
        }
        Ok(merged.rounds_used)
    }

    fn game_loop(&self, variant: &Variant) -> Result<Box<dyn GameLoop>> {
        let simulation = build::<S>(variant)?;
        Ok(Box::new(Loop {
            state: simulation.new_state(),
            simulation,
            stats: S::Stats::default(),
            series: vec![Ratio::default(); S::SERIES.len()],
        }))
    }

    fn trace(&self, variant: &Variant, master_seed: u64, game: u64) -> Result<Trace> {
        Ok(build::<S>(variant)?.trace(master_seed, game))
    }

    fn replay(&self, variant: &Variant, master_seed: u64, game: u64) -> Result<GameReplay> {
        let mut replay = GameReplay::default();
        let rows = build::<S>(variant)?.replay(master_seed, game, &mut replay.events)?;
        // An agent that failed has its seat played by the built-in from
        // there on: the replay is not the game, so its failure is the
        // error, as in a run.
        crate::cancel::check()?;
        replay.records = rows.iter().map(record_json).collect();
        Ok(replay)
    }
}

/// What the layers above see of a variant's result: its summary rows with
/// game-level intervals, and its sums.
fn outcome_of<S: Simulation>(
    simulation: &S,
    reference: &S,
    variant: &Variant,
    result: VariantResult<S::Stats>,
) -> VariantOutcome {
    let mut rows = game_level_rows(simulation, simulation.rows(&result.stats), &result);
    if let Some(forfeits) = result.forfeits {
        let agents = BySeat::from_fn(|seat| variant.players[seat].command.is_some());
        rows.extend(forfeit_rows(forfeits, agents, result.games));
    }
    let paired_fixed = match result.paired.is_empty() {
        true => Vec::new(),
        false => (result.fixed.iter())
            .zip(super::fixed_series(reference))
            .map(|(&mine, theirs)| mine && theirs)
            .collect(),
    };
    VariantOutcome {
        rows,
        games: result.games,
        series: result.series,
        paired: result.paired,
        met: result.met,
        fixed: result.fixed,
        paired_fixed,
    }
}

/// `S::build`, refusing an external agent (`exec:`) in a system that does
/// not speak the agent protocol.
fn build<S: Simulation>(variant: &Variant) -> Result<S> {
    if S::AGENT.is_none() {
        if let Some(player) = variant.players.0.iter().find(|p| p.command.is_some()) {
            return Err(Error::new(ErrorKind::BadArgument(format!(
                "{}: {} does not take external agents yet (exec: players); use a built-in or a preset",
                player.name,
                S::NAME
            ))));
        }
    }
    S::build(variant)
}

/// The `forfeits` rows of a run with forfeits: each seat's forfeited games
/// over the games played, each game one 0-or-1 observation. A built-in
/// seat (not in `agents`) cannot forfeit: its 0 is exact.
fn forfeit_rows(forfeits: BySeat<u64>, agents: BySeat<bool>, games: u64) -> Vec<SummaryRow> {
    let metric = crate::system::metric::FORFEITS;
    Seat::BOTH
        .map(|seat| {
            let mut row = SummaryRow::rate(
                metric.name,
                seat.name(),
                NO_BREAKDOWN,
                String::new(),
                Rate::new(forfeits[seat], games),
            );
            (row.unit, row.per) = (metric.unit, metric.per);
            row.fixed = !agents[seat] && games > 0;
            (row.ci_low, row.ci_high) = match row.fixed {
                true => (0.0, 0.0),
                false => SeriesSums::indicator(forfeits[seat], games).interval(
                    Kind::Rate,
                    false,
                    CONFIDENCE,
                ),
            };
            row
        })
        .into()
}

/// Gives every row its game-level interval (the per-game series' where
/// the row is one: the same interval as metrics.csv and the report; else
/// the one over clusters of games) and its metric's unit and observation.
fn game_level_rows<S: Simulation>(
    simulation: &S,
    mut rows: Vec<SummaryRow>,
    result: &VariantResult<S::Stats>,
) -> Vec<SummaryRow> {
    for row in &mut rows {
        if let Some(metric) = S::METRICS.iter().find(|m| m.name == row.metric) {
            (row.unit, row.per) = (metric.unit, metric.per);
        }
        row.fixed = simulation.fixed(row.metric, row.seat, row.by, &row.level);
        (row.ci_low, row.ci_high) = match S::SERIES.iter().position(|s| s.matches(row)) {
            Some(s) => result.series[s].interval(row.kind, row.fixed, CONFIDENCE),
            None => (result.rows).interval(row, &result.row_keys, row.fixed, CONFIDENCE),
        };
    }
    rows.retain(|row| !(row.sparse && row.count == 0));
    rows
}

/// One row of `records.parquet` as JSON, column name to value.
fn record_json<R: Record>(row: &R) -> Vec<(&'static str, serde_json::Value)> {
    use crate::output::Cell;
    R::COLUMNS
        .iter()
        .enumerate()
        .map(|(i, column)| {
            let value = match row.cell(i) {
                Cell::U64(v) => v.into(),
                Cell::U32(v) => v.into(),
                Cell::Bool(v) => v.into(),
                Cell::Name(v) => v.into(),
            };
            (column.name, value)
        })
        .collect()
}
