//! Rows estimated over clusters of consecutive games: the summary rows
//! whose per-game values are not kept, each cluster one observation of
//! every row's sums, the keys shared by every variant of a run.

use super::series::{Ratio, SeriesSums, Units};
use super::summary::SummaryRow;
use std::collections::HashMap;
use std::ops::AddAssign;
use std::sync::Mutex;

/// A summary row's identity: metric, seat, breakdown and level.
pub type RowKey = (&'static str, &'static str, &'static str, String);

/// The keys of the summary rows of one run, shared by every variant's
/// `RowSums`, which then hold only sums: a grid of thousands of variants
/// keeps one copy of the keys, not one per variant and batch.
#[derive(Debug, Default)]
pub struct RowKeys {
    ids: Mutex<HashMap<RowGroup, HashMap<String, usize>>>,
}

/// Metric, seat and breakdown: the rows whose keys differ only by level.
type RowGroup = (&'static str, &'static str, &'static str);

impl RowKeys {
    /// The index of each row's key, new keys numbered as they come.
    fn ids(&self, rows: &[SummaryRow], out: &mut Vec<usize>) {
        let mut ids = self.ids.lock().unwrap_or_else(|e| e.into_inner());
        let mut next = ids.values().map(HashMap::len).sum::<usize>();
        out.clear();
        for row in rows {
            let levels = ids.entry((row.metric, row.seat, row.by)).or_default();
            let id = match levels.get(row.level.as_str()) {
                Some(&id) => id,
                None => {
                    levels.insert(row.level.clone(), next);
                    next += 1;
                    next - 1
                }
            };
            out.push(id);
        }
    }

    fn id(&self, row: &SummaryRow) -> Option<usize> {
        let ids = self.ids.lock().unwrap_or_else(|e| e.into_inner());
        ids.get(&(row.metric, row.seat, row.by))?
            .get(row.level.as_str())
            .copied()
    }
}

/// Every summary row's sums over clusters of consecutive games (a
/// cluster's count and n as one observation), for the rows that have no
/// per-game series: the ratio estimator over clusters of whole games is
/// the game-level interval with fewer degrees of freedom ("batch means").
/// A row a cluster did not produce contributed zero to it, so every row's
/// unit count is `clusters`. Indexed by the run's `RowKeys`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RowSums {
    pub clusters: u64,
    /// The games the clusters hold, and the sum of their squares: not all
    /// clusters are the same size (the last of a run is cut short, a
    /// forfeited game is in none), and a bound over games needs to know.
    pub games: u64,
    pub game_squares: u128,
    sums: Vec<SeriesSums>,
}

impl RowSums {
    /// One cluster's rows, the cluster `games` games; `ids` is scratch
    /// space.
    pub fn record(
        &mut self,
        rows: &[SummaryRow],
        games: u64,
        keys: &RowKeys,
        ids: &mut Vec<usize>,
    ) {
        self.clusters += 1;
        self.games += games;
        self.game_squares += games as u128 * games as u128;
        keys.ids(rows, ids);
        for (row, &id) in rows.iter().zip(ids.iter()) {
            if id >= self.sums.len() {
                self.sums.resize(id + 1, SeriesSums::default());
            }
            self.sums[id].record(Ratio::new(row.count, row.n));
        }
    }

    /// A row's sums, its units the clusters played.
    pub fn sums(&self, row: &SummaryRow, keys: &RowKeys) -> SeriesSums {
        let mut sums = keys
            .id(row)
            .and_then(|id| self.sums.get(id).copied())
            .unwrap_or_default();
        sums.n = self.clusters;
        sums
    }

    /// A row's game-level interval over the clusters (`SeriesSums::interval`).
    pub fn interval(
        &self,
        row: &SummaryRow,
        keys: &RowKeys,
        fixed: bool,
        confidence: f64,
    ) -> (f64, f64) {
        let units = Units {
            games: self.games,
            game_squares: self.game_squares,
        };
        self.sums(row, keys)
            .interval_over(units, row.kind, fixed, confidence)
    }
}

/// Every summary row's sums by key as text: `RowSums` as a shard writes it
/// for `fortunes merge`, where ids would mean nothing (each process numbers
/// keys in the order its threads met them).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct KeyedRows {
    pub clusters: u64,
    pub games: u64,
    pub game_squares: u128,
    /// Sorted by key, so a shard's file does not depend on its threads.
    pub rows: Vec<KeyedRow>,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct KeyedRow {
    pub metric: String,
    pub seat: String,
    pub by: String,
    pub level: String,
    pub sums: SeriesSums,
}

impl KeyedRow {
    fn key(&self) -> (&str, &str, &str, &str) {
        (&self.metric, &self.seat, &self.by, &self.level)
    }
}

impl RowSums {
    /// These sums by key.
    pub fn keyed(&self, keys: &RowKeys) -> KeyedRows {
        let ids = keys.ids.lock().unwrap_or_else(|e| e.into_inner());
        let mut rows: Vec<KeyedRow> = ids
            .iter()
            .flat_map(|(&(metric, seat, by), levels)| {
                levels.iter().filter_map(move |(level, &id)| {
                    Some(KeyedRow {
                        metric: metric.into(),
                        seat: seat.into(),
                        by: by.into(),
                        level: level.clone(),
                        sums: *self.sums.get(id)?,
                    })
                })
            })
            .collect();
        rows.sort_by(|a, b| a.key().cmp(&b.key()));
        KeyedRows {
            clusters: self.clusters,
            games: self.games,
            game_squares: self.game_squares,
            rows,
        }
    }

    /// `keyed`'s inverse for the rows a run reports (`rows`, whose keys
    /// `keys` numbers here); a key no row has is not needed.
    pub fn from_keyed(keyed: &KeyedRows, rows: &[SummaryRow], keys: &RowKeys) -> RowSums {
        let mut ids = Vec::new();
        keys.ids(rows, &mut ids);
        let mut sums = RowSums {
            clusters: keyed.clusters,
            games: keyed.games,
            game_squares: keyed.game_squares,
            sums: Vec::new(),
        };
        for (row, &id) in rows.iter().zip(&ids) {
            let key = (row.metric, row.seat, row.by, row.level.as_str());
            if let Ok(at) = keyed.rows.binary_search_by(|r| r.key().cmp(&key)) {
                if id >= sums.sums.len() {
                    sums.sums.resize(id + 1, SeriesSums::default());
                }
                sums.sums[id] = keyed.rows[at].sums;
            }
        }
        sums
    }
}

impl AddAssign<&KeyedRows> for KeyedRows {
    fn add_assign(&mut self, other: &KeyedRows) {
        self.clusters += other.clusters;
        self.games += other.games;
        self.game_squares += other.game_squares;
        let mut merged: Vec<KeyedRow> = Vec::with_capacity(self.rows.len().max(other.rows.len()));
        let (mut mine, mut theirs) = (
            std::mem::take(&mut self.rows).into_iter().peekable(),
            other.rows.iter().peekable(),
        );
        loop {
            match (mine.peek(), theirs.peek()) {
                (Some(a), Some(b)) => match a.key().cmp(&b.key()) {
                    std::cmp::Ordering::Less => merged.extend(mine.next()),
                    std::cmp::Ordering::Greater => merged.extend(theirs.next().cloned()),
                    std::cmp::Ordering::Equal => {
                        let mut row = mine.next().expect("peeked");
                        row.sums += &theirs.next().expect("peeked").sums;
                        merged.push(row);
                    }
                },
                (Some(_), None) => merged.extend(mine.by_ref()),
                (None, Some(_)) => merged.extend(theirs.by_ref().cloned()),
                (None, None) => break,
            }
        }
        self.rows = merged;
    }
}

impl AddAssign<&RowSums> for RowSums {
    fn add_assign(&mut self, other: &RowSums) {
        self.clusters += other.clusters;
        self.games += other.games;
        self.game_squares += other.game_squares;
        if other.sums.len() > self.sums.len() {
            self.sums.resize(other.sums.len(), SeriesSums::default());
        }
        for (mine, theirs) in self.sums.iter_mut().zip(&other.sums) {
            *mine += theirs;
        }
    }
}

/// Games per cluster for a run of at most `limit` games in batches of
/// `batch` (a power of two): at least 64 clusters when the run allows,
/// and no cluster over 1,024 games or across a batch, so clusters are
/// the same whatever the threads.
pub fn cluster_size(limit: u64, batch: u64) -> u64 {
    let target = (limit / 64).clamp(1, 1024).min(batch.max(1));
    1 << (63 - target.leading_zeros())
}
