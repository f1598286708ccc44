//! The parallel runner. Games are split into fixed-size batches of game
//! indices; each batch gets its own accumulators, merged in index order.
//! Every game seeds itself from (master seed, game index, stream), so the
//! result is bit-identical for any thread count.
//!
//! An experiment's variants run in lockstep: a worker plays game i of every
//! variant before game i + 1, so game i of each variant sees the same seeds
//! and the per-game values of a variant and the reference meet in one place,
//! where their paired sums are accumulated without storing any game.

pub mod entry;
pub mod partial;

use crate::engine::{BySeat, Seat};
use crate::error::{Error, ErrorKind, Result};
use crate::stats::{cluster_size, PairedSums, Ratio, RowKeys, RowSums, SeriesSums, CONFIDENCE};
use crate::system::{Plan, Series, Simulation, Stop};
use indicatif::ProgressBar;
use rayon::prelude::*;
use std::sync::Arc;

/// What one variant measured.
#[derive(Clone, Debug)]
pub struct VariantResult<St> {
    pub stats: St,
    pub games: u64,
    /// Per `SERIES` entry.
    pub series: Vec<SeriesSums>,
    /// Per `SERIES` entry, with the reference over the games both played;
    /// empty for the reference itself.
    pub paired: Vec<PairedSums>,
    /// Under a precision target: whether this variant reached it.
    pub met: Option<bool>,
    /// Every summary row over clusters of games, for the rows with no
    /// per-game series, and the run's row keys they are indexed by.
    pub rows: RowSums,
    pub row_keys: Arc<RowKeys>,
    /// In a run with forfeits (`Plan::forfeit`): the games each seat
    /// forfeited, left out of everything above but `games`.
    pub forfeits: Option<BySeat<u64>>,
    /// Per `SERIES` entry: whether the variant's rules and players fix it.
    pub fixed: Vec<bool>,
}

/// Per `SERIES` entry of `S`: whether `simulation`'s rules and players
/// fix it (`Simulation::fixed`).
pub fn fixed_series<S: Simulation>(simulation: &S) -> Vec<bool> {
    S::SERIES
        .iter()
        .map(|s| simulation.fixed(s.metric, s.seat, s.by, s.level))
        .collect()
}

/// A batch's accumulators for every variant.
struct BatchTally<S: Simulation> {
    stats: Vec<S::Stats>,
    rows: Vec<RowSums>,
    series: Vec<Vec<SeriesSums>>,
    paired: Vec<Vec<PairedSums>>,
    records: Vec<Vec<S::Record>>,
    forfeits: Vec<BySeat<u64>>,
}

/// Receives a batch's records of one variant, in game order.
pub type RecordSink<'a, R> = &'a mut dyn FnMut(usize, &[R]) -> Result<()>;

/// A `RecordSink` lent to one group: its borrow shorter than the sink's.
type Reborrowed<'a, 'b, R> = &'a mut (dyn FnMut(usize, &[R]) -> Result<()> + 'b);

/// Receives each variant's result once it is final: (variant, result).
pub type ResultSink<'a, St> = &'a mut dyn FnMut(usize, VariantResult<St>) -> Result<()>;

/// Variants played in lockstep at once, besides the reference. Memory holds
/// every accumulator of the variants in play for each batch in flight, so
/// a large sweep plays its variants group by group, each group with the
/// reference beside it (replayed: its games are seeded like every other's,
/// so each group pairs with exactly the same reference games). A group of
/// 128 keeps a 10,000-variant sweep's accumulators to tens of megabytes and
/// replays the reference about once per 128 variants.
pub const VARIANT_GROUP: usize = 128;

/// Plays every variant until `plan.stop`, in lockstep game by game (in
/// groups of `VARIANT_GROUP` when there are more) and returns what each
/// measured, in variant order.
pub fn run<S: Simulation>(
    variants: &[S],
    plan: &Plan,
    progress: Option<&ProgressBar>,
    records: Option<RecordSink<'_, S::Record>>,
) -> Result<Vec<VariantResult<S::Stats>>> {
    let mut results: Vec<Option<VariantResult<S::Stats>>> = variants.iter().map(|_| None).collect();
    run_each(variants, plan, progress, records, &mut |v, result| {
        results[v] = Some(result);
        Ok(())
    })?;
    Ok(results
        .into_iter()
        .map(|r| r.expect("every variant's result is delivered"))
        .collect())
}

/// `run`, handing each variant's result to `done` as soon as it is final
/// and keeping none: in variant order when all variants play in one group;
/// else group by group, the reference last (its result the one of the
/// group it played longest in, which under a precision target is the
/// whole run's, since every group's games are a prefix of the same games).
pub fn run_each<S: Simulation>(
    variants: &[S],
    plan: &Plan,
    progress: Option<&ProgressBar>,
    records: Option<RecordSink<'_, S::Record>>,
    done: ResultSink<'_, S::Stats>,
) -> Result<()> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(plan.threads)
        .build()
        .map_err(|e| Error::new(ErrorKind::BadArgument(format!("cannot start threads: {e}"))))?;
    let played = run_pooled(variants, plan, &pool, progress, records, done);
    // What the workers hold for the run (an external agent's process)
    // ends with it, whether it succeeded, failed or was interrupted: the
    // pool's threads outlive it otherwise.
    pool.broadcast(|_| S::end_of_run());
    played
}

fn run_pooled<S: Simulation>(
    variants: &[S],
    plan: &Plan,
    pool: &rayon::ThreadPool,
    progress: Option<&ProgressBar>,
    mut records: Option<RecordSink<'_, S::Record>>,
    done: ResultSink<'_, S::Stats>,
) -> Result<()> {
    let row_keys = Arc::new(RowKeys::default());
    let count = variants.len();
    if count <= VARIANT_GROUP + 1 {
        let members: Vec<usize> = (0..count).collect();
        let group = Group {
            members: &members,
            reference: plan.reference,
            reference_recorded: 0,
            count_reference: true,
        };
        let (results, _) = run_group(variants, plan, pool, &row_keys, &group, progress, records)?;
        for (v, result) in results.into_iter().enumerate() {
            done(v, result)?;
        }
        return Ok(());
    }
    let others: Vec<usize> = (0..count).filter(|&v| v != plan.reference).collect();
    let mut reference: Option<VariantResult<S::Stats>> = None;
    let mut reference_recorded = 0;
    for (g, chunk) in others.chunks(VARIANT_GROUP).enumerate() {
        let mut members = chunk.to_vec();
        members.push(plan.reference);
        let group = Group {
            members: &members,
            reference: members.len() - 1,
            reference_recorded,
            count_reference: g == 0,
        };
        let (mut results, recorded) = run_group(
            variants,
            plan,
            pool,
            &row_keys,
            &group,
            progress,
            records.as_deref_mut(),
        )?;
        reference_recorded = recorded;
        let this = results.pop().expect("the reference plays in every group");
        if reference
            .as_ref()
            .is_none_or(|best| this.games > best.games)
        {
            reference = Some(this);
        }
        for (&v, result) in chunk.iter().zip(results) {
            done(v, result)?;
        }
    }
    done(plan.reference, reference.expect("at least one group"))
}

/// The order `run_each` hands the variants' results over in (and so the
/// order of a run's tables): variant order when they play in one group;
/// else every other variant in order, then the reference.
pub fn delivery_order(count: usize, reference: usize) -> Vec<usize> {
    if count <= VARIANT_GROUP + 1 {
        return (0..count).collect();
    }
    (0..count)
        .filter(|&v| v != reference)
        .chain(std::iter::once(reference))
        .collect()
}

/// The variants one lockstep loop plays: global indices, the reference's
/// place among them, the reference games whose records an earlier group
/// already wrote, and whether its games count in the progress bar.
struct Group<'a> {
    members: &'a [usize],
    reference: usize,
    reference_recorded: u64,
    count_reference: bool,
}

/// Plays one group of variants in lockstep; returns their results in
/// `members` order and the reference games recorded so far.
fn run_group<S: Simulation>(
    variants: &[S],
    plan: &Plan,
    pool: &rayon::ThreadPool,
    row_keys: &Arc<RowKeys>,
    group: &Group<'_>,
    progress: Option<&ProgressBar>,
    mut records: Option<Reborrowed<'_, '_, S::Record>>,
) -> Result<(Vec<VariantResult<S::Stats>>, u64)> {
    let members = group.members;
    let count = members.len();
    let reference = group.reference;
    let series_count = S::SERIES.len();
    let keep_records = records.is_some();
    let mut reference_recorded = group.reference_recorded;
    let mut results: Vec<VariantResult<S::Stats>> = (0..count)
        .map(|v| VariantResult {
            stats: S::Stats::default(),
            games: 0,
            series: vec![SeriesSums::default(); series_count],
            paired: if v == reference {
                Vec::new()
            } else {
                vec![PairedSums::default(); series_count]
            },
            met: None,
            rows: RowSums::default(),
            row_keys: Arc::clone(row_keys),
            forfeits: plan.forfeit.then_some(BySeat([0; 2])),
            fixed: fixed_series(&variants[members[v]]),
        })
        .collect();
    let (span, check_every) = span_of(plan.stop);
    let (mut start, limit) = chunk_range(plan, span, check_every);
    // Clusters follow from the whole run's span, so a shard's are the
    // single process's.
    let cluster = cluster_size(span, S::BATCH);
    debug_assert_eq!(S::BATCH % cluster, 0, "clusters never cross a batch");
    let mut active = vec![true; count];
    // Batches in flight at once: bounds the records held in memory.
    let wave = (plan.threads as u64 * 4).max(1);
    // Batch indices are produced a wave at a time: a run of 10^12 games
    // must not list its batches before the first game.
    let mut wave_batches: Vec<u64> = Vec::with_capacity(wave as usize);
    while start < limit && active.iter().any(|&a| a) {
        let chunk_end = (start + check_every).min(limit);
        let end_batch = chunk_end.div_ceil(S::BATCH);
        let mut next = start / S::BATCH;
        let mut played = 0u64;
        loop {
            wave_batches.clear();
            while wave_batches.len() < wave as usize {
                if let Some(shard) = plan.shard {
                    next = shard.next_batch(next);
                }
                if next >= end_batch {
                    break;
                }
                wave_batches.push(next);
                played += ((next + 1) * S::BATCH).min(chunk_end) - (next * S::BATCH).max(start);
                next += 1;
            }
            if wave_batches.is_empty() {
                break;
            }
            let wave_batches = wave_batches.as_slice();
            let tallies: Vec<BatchTally<S>> = pool.install(|| {
                wave_batches
                    .par_iter()
                    .copied()
                    .map_init(
                        || {
                            let states: Vec<S::State> =
                                members.iter().map(|&v| variants[v].new_state()).collect();
                            let values = vec![vec![Ratio::default(); series_count]; count];
                            let clusters: Vec<S::Stats> =
                                members.iter().map(|_| S::Stats::default()).collect();
                            // A game with forfeits is played into its own
                            // accumulators, kept only if nobody forfeits.
                            let games: Vec<S::Stats> = if plan.forfeit {
                                members.iter().map(|_| S::Stats::default()).collect()
                            } else {
                                Vec::new()
                            };
                            (states, values, clusters, games)
                        },
                        |(states, values, clusters, games), batch| {
                            let first = (batch * S::BATCH).max(start);
                            let last = ((batch + 1) * S::BATCH).min(chunk_end);
                            play_batch(
                                variants,
                                group,
                                &active,
                                states,
                                values,
                                clusters,
                                games,
                                cluster,
                                row_keys,
                                plan,
                                first..last,
                                keep_records,
                                progress,
                            )
                        },
                    )
                    .collect()
            });
            crate::cancel::check()?;
            for (&b, tally) in wave_batches.iter().zip(&tallies) {
                let batch_last = ((b + 1) * S::BATCH).min(chunk_end);
                for (v, result) in results.iter_mut().enumerate() {
                    result.stats += &tally.stats[v];
                    result.rows += &tally.rows[v];
                    for (mine, theirs) in result.series.iter_mut().zip(&tally.series[v]) {
                        *mine += theirs;
                    }
                    for (mine, theirs) in result.paired.iter_mut().zip(&tally.paired[v]) {
                        *mine += theirs;
                    }
                    if let Some(forfeits) = result.forfeits.as_mut() {
                        for seat in Seat::BOTH {
                            forfeits[seat] += tally.forfeits[v][seat];
                        }
                    }
                    if let Some(sink) = records.as_mut() {
                        // The reference's games are written once, by the
                        // first group to play them.
                        let repeat = v == reference && batch_last <= reference_recorded;
                        if !tally.records[v].is_empty() && !repeat {
                            sink(members[v], &tally.records[v])?;
                            if v == reference {
                                reference_recorded = batch_last;
                            }
                        }
                    }
                }
            }
        }
        for (v, result) in results.iter_mut().enumerate() {
            if active[v] {
                result.games += played;
            }
        }
        // A shard sees a part of the games: the merge judges the target.
        if plan.shard.is_none() {
            precision_check(plan, S::SERIES, &mut results, &mut active, reference);
        }
        start = chunk_end;
    }
    Ok((results, reference_recorded))
}

/// The games a run plays at most, and how many between two checks of a
/// precision target (all of them with a fixed number).
fn span_of(stop: Stop) -> (u64, u64) {
    match stop {
        Stop::Games(games) => (games, games.max(1)),
        Stop::Precision {
            max_games,
            check_every,
            ..
        } => (max_games, check_every.max(1)),
    }
}

/// The games a run plays: all of them, or a shard's round.
fn chunk_range(plan: &Plan, span: u64, check_every: u64) -> (u64, u64) {
    let end = plan.first_game + span;
    match plan.shard {
        None => (plan.first_game, end),
        Some(shard) => {
            let start = plan.first_game + (shard.round - 1).saturating_mul(check_every);
            (start.min(end), start.saturating_add(check_every).min(end))
        }
    }
}

/// The games of each variant a shard's round plays (the whole round's
/// without a shard), for batches of `batch` games.
pub fn shard_games(plan: &Plan, batch: u64) -> u64 {
    let (span, check_every) = span_of(plan.stop);
    let (start, end) = match plan.shard {
        Some(_) => chunk_range(plan, span, check_every),
        None => (plan.first_game, plan.first_game + span),
    };
    if end <= start {
        return 0;
    }
    let Some(shard) = plan.shard else {
        return end - start;
    };
    // Counted, not listed: a run may have 10^12 games. Only the first and
    // the last batch can be cut by the range.
    let (first, last) = (start / batch, end.div_ceil(batch) - 1);
    let mut games = (shard.batches_below(last + 1) - shard.batches_below(first)) * batch;
    if shard.plays(first) {
        games -= start - first * batch;
    }
    if shard.plays(last) {
        games -= (last + 1) * batch - end;
    }
    games
}

/// The rounds a run has: one with a fixed number of games, else one per
/// `check_every` games up to the cap.
pub fn rounds(stop: Stop) -> u64 {
    match stop {
        Stop::Games(_) => 1,
        Stop::Precision {
            max_games,
            check_every,
            ..
        } => max_games.div_ceil(check_every.max(1)),
    }
}

/// After a round under a precision target: which variants met it, and
/// which play on. A single process and `fortunes merge` both decide here,
/// so a merged run stops every variant exactly where one process would.
pub fn precision_check<St>(
    plan: &Plan,
    series: &[Series],
    results: &mut [VariantResult<St>],
    active: &mut [bool],
    reference: usize,
) {
    let Stop::Precision { half_width, .. } = plan.stop else {
        return;
    };
    let mut any_open = false;
    for (v, result) in results.iter_mut().enumerate() {
        let met = plan.watched.iter().all(|&s| {
            let (kind, fixed) = (series[s].kind, result.fixed[s]);
            result.series[s].half_width(kind, fixed, CONFIDENCE) <= half_width
        });
        result.met = Some(met);
        if v != reference {
            active[v] &= !met;
            any_open |= active[v];
        }
    }
    // The reference plays on while any variant needs its games for
    // pairing, or while it has not reached the target itself.
    let reference_met = results[reference].met == Some(true);
    active[reference] = any_open || !reference_met;
}

#[allow(clippy::too_many_arguments)]
fn play_batch<S: Simulation>(
    variants: &[S],
    group: &Group<'_>,
    active: &[bool],
    states: &mut [S::State],
    values: &mut [Vec<Ratio>],
    clusters: &mut [S::Stats],
    game_stats: &mut [S::Stats],
    cluster: u64,
    row_keys: &RowKeys,
    plan: &Plan,
    games: std::ops::Range<u64>,
    keep_records: bool,
    progress: Option<&ProgressBar>,
) -> BatchTally<S> {
    let (members, reference) = (group.members, group.reference);
    let count = members.len();
    let series_count = S::SERIES.len();
    let mut tally = BatchTally::<S> {
        stats: (0..count).map(|_| S::Stats::default()).collect(),
        rows: vec![RowSums::default(); count],
        series: vec![vec![SeriesSums::default(); series_count]; count],
        paired: (0..count)
            .map(|v| {
                if v == reference {
                    Vec::new()
                } else {
                    vec![PairedSums::default(); series_count]
                }
            })
            .collect(),
        records: (0..count).map(|_| Vec::new()).collect(),
        forfeits: vec![BySeat([0; 2]); count],
    };
    if crate::cancel::stopping() {
        return tally;
    }
    crate::system::agent::set_forfeits(plan.forfeit);
    // Progress counts each game once: a replayed reference does not.
    let played = active
        .iter()
        .enumerate()
        .filter(|&(v, &a)| a && (v != reference || group.count_reference))
        .count() as u64;
    let mut ids = Vec::new();
    let mut forfeited = vec![false; count];
    // Games each variant kept in the cluster being played: a cluster whose
    // every game was forfeited is no observation of the rows.
    let mut kept = vec![0u64; count];
    for game in games.clone() {
        // Checked every game, not every batch: a batch of slow games (a
        // search player's) would keep running long after Ctrl-C.
        if crate::cancel::stopping() {
            return tally;
        }
        for v in 0..count {
            if !active[v] {
                continue;
            }
            let recorded = tally.records[v].len();
            let sink = keep_records.then_some(&mut tally.records[v]);
            let stats = if plan.forfeit {
                game_stats[v] = S::Stats::default();
                &mut game_stats[v]
            } else {
                &mut clusters[v]
            };
            variants[members[v]].play(&mut states[v], plan.seed, game, stats, &mut values[v], sink);
            if plan.forfeit {
                let lost = crate::system::agent::take_forfeits();
                forfeited[v] = lost.0.contains(&true);
                if forfeited[v] {
                    // Counted, and left out of every other figure: the
                    // game's play after the failure is no one's.
                    for seat in Seat::BOTH {
                        tally.forfeits[v][seat] += u64::from(lost[seat]);
                    }
                    tally.records[v].truncate(recorded);
                    continue;
                }
                clusters[v] += &game_stats[v];
            }
            kept[v] += 1;
            for (sums, &value) in tally.series[v].iter_mut().zip(&values[v]) {
                sums.record(value);
            }
        }
        for v in 0..count {
            if v == reference || !active[v] || forfeited[v] || forfeited[reference] {
                continue;
            }
            for (s, pair) in tally.paired[v].iter_mut().enumerate() {
                pair.record(values[v][s], values[reference][s]);
            }
        }
        // A cluster ends on a multiple of its size or at the run's last
        // game: its rows are one observation of every row's game-level sums.
        if (game + 1) % cluster == 0 || game + 1 == games.end {
            for v in (0..count).filter(|&v| active[v]) {
                if kept[v] > 0 {
                    let rows = variants[members[v]].rows(&clusters[v]);
                    tally.rows[v].record(&rows, kept[v], row_keys, &mut ids);
                }
                kept[v] = 0;
                tally.stats[v] += &clusters[v];
                clusters[v] = S::Stats::default();
            }
        }
    }
    if let Some(bar) = progress {
        bar.inc((games.end - games.start) * played);
    }
    tally
}

/// Games, seed and threads of a run of one simulation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunConfig {
    pub games: u64,
    pub seed: u64,
    pub threads: usize,
}

/// Receives the records of a one-simulation run, in game order.
pub type OneSink<'a, R> = &'a mut dyn FnMut(&[R]) -> Result<()>;

/// Plays `config.games` games of one simulation and returns its merged
/// statistics, with `records` (when given) receiving every record.
pub fn run_one<S: Simulation>(
    simulation: &S,
    config: &RunConfig,
    records: Option<OneSink<'_, S::Record>>,
) -> Result<S::Stats> {
    let plan = Plan {
        seed: config.seed,
        threads: config.threads,
        stop: Stop::Games(config.games),
        reference: 0,
        watched: Vec::new(),
        first_game: 0,
        shard: None,
        forfeit: false,
    };
    let mut results = match records {
        Some(sink) => {
            let mut sink = |_: usize, rows: &[S::Record]| sink(rows);
            run(
                std::slice::from_ref(simulation),
                &plan,
                None,
                Some(&mut sink),
            )?
        }
        None => run(std::slice::from_ref(simulation), &plan, None, None)?,
    };
    Ok(results.remove(0).stats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::system::Shard;

    /// The counted games of a shard's round equal those of its batches
    /// listed one by one, for shards, rounds and ranges that cut batches.
    #[test]
    fn a_shards_games_are_counted_as_listed() {
        let batch = 16;
        for (first_game, stop) in [
            (0, Stop::Games(1000)),
            (5, Stop::Games(37)),
            (100, Stop::Games(16)),
            (
                3,
                Stop::Precision {
                    half_width: 0.1,
                    max_games: 999,
                    check_every: 64,
                },
            ),
        ] {
            for count in 1..=7 {
                for index in 0..count {
                    for round in 1..=rounds(stop) {
                        let plan = Plan {
                            seed: 1,
                            threads: 1,
                            stop,
                            reference: 0,
                            watched: Vec::new(),
                            first_game,
                            shard: Some(Shard {
                                index,
                                count,
                                round,
                            }),
                            forfeit: false,
                        };
                        let (span, every) = span_of(stop);
                        let (start, end) = chunk_range(&plan, span, every);
                        let listed: u64 = (start / batch..end.div_ceil(batch))
                            .filter(|&b| b % count == index)
                            .map(|b| ((b + 1) * batch).min(end) - (b * batch).max(start))
                            .sum();
                        assert_eq!(
                            shard_games(&plan, batch),
                            listed,
                            "{stop:?} from {first_game}, shard {index} of {count}, round {round}"
                        );
                    }
                }
            }
        }
    }
}
