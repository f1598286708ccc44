//! The parallel runner. Games are split into fixed-size batches of game
//! indices; each batch gets its own accumulator, and the accumulators are
//! merged in index order. Since every game seeds itself from (master seed,
//! game index), the result is bit-identical for any thread count.

use crate::error::{Error, ErrorKind, Result};
use indicatif::ProgressBar;
use polars::prelude::{DataFrame, PolarsResult};
use rayon::prelude::*;
use std::ops::AddAssign;

/// Games per batch: large enough to amortise scheduling and accumulator
/// merges, small enough to balance load over cores.
pub const BATCH: u64 = 4096;

/// A system's experiment, as the runner sees it.
pub trait Simulation: Sync {
    /// Reusable per-worker game state; warm after one game.
    type State: Send;
    type Stats: Default + Send + for<'a> AddAssign<&'a Self::Stats>;
    /// Games per batch; slow games want smaller batches to keep every
    /// core busy.
    const BATCH: u64 = BATCH;
    /// One row of `records.parquet`; a game may write several (one per
    /// round, say).
    type Record: Send + Copy;

    fn new_state(&self) -> Self::State;

    /// Plays game `game` of the run seeded by `master_seed`, adding it to
    /// `stats` and, when `records` is given, pushing its rows there.
    fn play(
        &self,
        state: &mut Self::State,
        master_seed: u64,
        game: u64,
        stats: &mut Self::Stats,
        records: Option<&mut Vec<Self::Record>>,
    );

    fn records_frame(records: &[Self::Record]) -> PolarsResult<DataFrame>;
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunConfig {
    pub games: u64,
    pub seed: u64,
    pub threads: usize,
}

/// Receives each batch's records, in game order.
pub type RecordSink<'a, R> = &'a mut dyn FnMut(&[R]) -> Result<()>;

/// Plays `config.games` games and returns the merged statistics.
pub fn run<S: Simulation>(
    simulation: &S,
    config: &RunConfig,
    progress: Option<&ProgressBar>,
    mut records: Option<RecordSink<'_, S::Record>>,
) -> Result<S::Stats> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads)
        .build()
        .map_err(|e| Error::new(ErrorKind::BadArgument(format!("cannot start threads: {e}"))))?;
    let keep_records = records.is_some();
    let batches = config.games.div_ceil(S::BATCH);
    // Batches in flight at once: bounds the records held in memory.
    let wave = (config.threads as u64 * 4).max(1);
    let mut total = S::Stats::default();
    let mut start = 0;
    while start < batches {
        let end = (start + wave).min(batches);
        let results: Vec<(S::Stats, Vec<S::Record>)> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map_init(
                    || simulation.new_state(),
                    |state, batch| {
                        let first = batch * S::BATCH;
                        let last = (first + S::BATCH).min(config.games);
                        let mut stats = S::Stats::default();
                        let mut rows = Vec::with_capacity(if keep_records {
                            (last - first) as usize
                        } else {
                            0
                        });
                        for game in first..last {
                            let sink = keep_records.then_some(&mut rows);
                            simulation.play(state, config.seed, game, &mut stats, sink);
                        }
                        if let Some(bar) = progress {
                            bar.inc(last - first);
                        }
                        (stats, rows)
                    },
                )
                .collect()
        });
        for (stats, rows) in &results {
            total += stats;
            if let Some(sink) = records.as_mut() {
                sink(rows)?;
            }
        }
        start = end;
    }
    Ok(total)
}
