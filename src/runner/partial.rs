//! A shard's exact accumulators as it writes them, and their merge: every
//! sum an integer, so adding the shards of a round gives exactly what one
//! process accumulates over the same games, in any order; and the merge
//! replays a precision target's stopping rule round by round, so each
//! variant ends where one process would have stopped it.

use super::{precision_check, rounds, VariantResult};
use crate::engine::{BySeat, Seat};
use crate::error::{Error, ErrorKind, Result};
use crate::stats::{KeyedRows, PairedSums, RowKeys, RowSums, SeriesSums, SummaryRow};
use crate::system::{Plan, Series, ShardText, Stop};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::ops::AddAssign;
use std::sync::Arc;

/// One variant's accumulators over one shard's games of one round.
#[derive(Serialize, Deserialize)]
#[serde(bound(serialize = "St: Serialize", deserialize = "St: DeserializeOwned"))]
pub struct Partial<St> {
    pub games: u64,
    pub stats: St,
    pub series: Vec<SeriesSums>,
    pub paired: Vec<PairedSums>,
    pub rows: KeyedRows,
    /// A run with forfeits' forfeited games by seat; absent otherwise, so
    /// other runs' files are as they were.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeits: Option<BySeat<u64>>,
}

impl<St> Partial<St> {
    pub fn of(result: VariantResult<St>) -> Partial<St> {
        Partial {
            rows: result.rows.keyed(&result.row_keys),
            games: result.games,
            stats: result.stats,
            series: result.series,
            paired: result.paired,
            forfeits: result.forfeits,
        }
    }
}

impl<St> Partial<St> {
    /// Why these accumulators cannot be a shard's that played `games`
    /// games of the variant, if they cannot: a shard plays every game of
    /// its batches, and each series and pair counts at most those.
    fn impossible(&self, games: u64) -> Option<String> {
        if self.games != games {
            return Some(format!(
                "{} games of a variant where the shard plays {games}",
                self.games
            ));
        }
        if let Some(forfeits) = self.forfeits {
            if forfeits.0.iter().any(|&f| f > games) {
                return Some(format!("more forfeits than its {games} games"));
            }
        }
        // Each cluster holds at least one of the games, and its games'
        // squares lie between their sum and its square.
        let rows = &self.rows;
        let held = rows.games as u128;
        if rows.games > games
            || rows.clusters > rows.games
            || rows.game_squares < held
            || rows.game_squares > held * held
        {
            return Some(format!(
                "{} clusters of {} games (squares {}) in {games}",
                rows.clusters, rows.games, rows.game_squares
            ));
        }
        for sums in &self.series {
            if sums.n > games {
                return Some(format!("a series of {} games in {games}", sums.n));
            }
            if let Some(why) = sums.impossible() {
                return Some(why.to_string());
            }
        }
        for pair in &self.paired {
            for sums in [&pair.variant, &pair.reference] {
                if sums.n > games {
                    return Some(format!(
                        "a paired difference of {} games in {games}",
                        sums.n
                    ));
                }
                if let Some(why) = sums.impossible() {
                    return Some(why.to_string());
                }
            }
        }
        None
    }
}

impl<St: for<'a> AddAssign<&'a St>> AddAssign<&Partial<St>> for Partial<St> {
    fn add_assign(&mut self, other: &Partial<St>) {
        self.games += other.games;
        self.stats += &other.stats;
        for (mine, theirs) in self.series.iter_mut().zip(&other.series) {
            *mine += theirs;
        }
        for (mine, theirs) in self.paired.iter_mut().zip(&other.paired) {
            *mine += theirs;
        }
        self.rows += &other.rows;
        if let (Some(mine), Some(theirs)) = (self.forfeits.as_mut(), other.forfeits) {
            for seat in Seat::BOTH {
                mine[seat] += theirs[seat];
            }
        }
    }
}

/// What a merge found: each variant's result, and how far it got.
pub struct Merged<St> {
    pub results: Vec<VariantResult<St>>,
    /// Rounds whose games count (a precision target met before the last
    /// round given leaves the later ones out).
    pub rounds_used: u64,
    /// Under a precision target: a variant still short of it, with rounds
    /// left to play (the merge then needs round `rounds_used + 1`).
    pub open: bool,
}

/// Adds each round's shards and replays the stopping rule; `rounds[r]`
/// holds round r + 1's shards. `rows_of` gives a variant's summary rows for
/// its merged accumulators (the rows whose interval needs cluster sums).
pub fn merge<St>(
    variants: usize,
    plan: &Plan,
    series: &[Series],
    rounds_given: &[Vec<ShardText<'_>>],
    rows_of: &dyn Fn(usize, &St) -> Vec<SummaryRow>,
    fixed: &[Vec<bool>],
) -> Result<Merged<St>>
where
    St: Default + for<'a> AddAssign<&'a St> + DeserializeOwned,
{
    let empty = || Partial::<St> {
        games: 0,
        stats: St::default(),
        series: vec![SeriesSums::default(); series.len()],
        paired: Vec::new(),
        rows: KeyedRows::default(),
        forfeits: plan.forfeit.then_some(BySeat([0; 2])),
    };
    let mut totals: Vec<Partial<St>> = (0..variants).map(|_| empty()).collect();
    for (v, total) in totals.iter_mut().enumerate() {
        if v != plan.reference {
            total.paired = vec![PairedSums::default(); series.len()];
        }
    }
    let mut results: Vec<VariantResult<St>> = Vec::new();
    if rounds_given.is_empty() {
        return Err(Error::new(ErrorKind::BadArgument(
            "nothing to merge: no partial results".into(),
        )));
    }
    let mut active = vec![true; variants];
    let mut rounds_used = 0;
    for shards in rounds_given {
        if !active.iter().any(|&a| a) {
            break;
        }
        let mut round: Vec<Partial<St>> = Vec::new();
        for shard in shards {
            let parts: Vec<Partial<St>> = serde_json::from_str(shard.json).map_err(|e| {
                Error::new(ErrorKind::BadArgument(format!(
                    "{}: damaged partial result ({e}); run that shard again",
                    shard.label
                )))
            })?;
            let fits = parts.len() == variants
                && parts.iter().enumerate().all(|(v, p)| {
                    p.series.len() == series.len()
                        && p.paired.len() == if v == plan.reference { 0 } else { series.len() }
                        && p.forfeits.is_some() == plan.forfeit
                });
            if !fits {
                return Err(Error::new(ErrorKind::BadArgument(format!(
                    "{}: its accumulators do not fit the experiment it names ({} variants, {} series); run that shard again",
                    shard.label,
                    variants,
                    series.len()
                ))));
            }
            if let Some(why) = parts.iter().find_map(|p| p.impossible(shard.games)) {
                return Err(Error::new(ErrorKind::BadArgument(format!(
                    "{}: damaged partial result: {why}; run that shard again",
                    shard.label
                ))));
            }
            if round.is_empty() {
                round = parts;
            } else {
                for (mine, theirs) in round.iter_mut().zip(&parts) {
                    *mine += theirs;
                }
            }
        }
        rounds_used += 1;
        for (v, part) in round.iter().enumerate() {
            if active[v] {
                totals[v] += part;
            }
        }
        // The stopping rule reads only the series and writes `met`.
        results = totals
            .iter()
            .enumerate()
            .map(|(v, t)| VariantResult {
                stats: St::default(),
                games: t.games,
                series: t.series.clone(),
                paired: Vec::new(),
                met: None,
                rows: RowSums::default(),
                row_keys: Arc::new(RowKeys::default()),
                forfeits: None,
                fixed: fixed[v].clone(),
            })
            .collect();
        precision_check(plan, series, &mut results, &mut active, plan.reference);
    }
    let open = matches!(plan.stop, Stop::Precision { .. })
        && active.iter().any(|&a| a)
        && rounds_used < rounds(plan.stop);
    let row_keys = Arc::new(RowKeys::default());
    let results = totals
        .into_iter()
        .zip(results)
        .enumerate()
        .map(|(v, (total, judged))| {
            let rows = RowSums::from_keyed(&total.rows, &rows_of(v, &total.stats), &row_keys);
            VariantResult {
                stats: total.stats,
                games: total.games,
                series: total.series,
                paired: total.paired,
                met: judged.met,
                rows,
                row_keys: Arc::clone(&row_keys),
                forfeits: total.forfeits,
                fixed: fixed[v].clone(),
            }
        })
        .collect();
    Ok(Merged {
        results,
        rounds_used,
        open,
    })
}
