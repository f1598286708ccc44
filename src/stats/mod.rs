//! Exact integer accumulators that merge associatively (`+=`), and the tidy
//! summary rows they become. Floats appear only in `SummaryRow`, when a
//! table is written.

pub mod clusters;
pub mod paired;
pub mod series;
pub mod summary;
#[cfg(test)]
mod tests;

pub use clusters::{cluster_size, KeyedRow, KeyedRows, RowKey, RowKeys, RowSums};
pub use paired::{Difference, PairedSums};
pub use series::{
    no_event_bound, normal_quantile, t_quantile, Kind, Ratio, SeriesSums, Units, CONFIDENCE,
};
pub use summary::{Histogram, Mean, Rate, SummaryRow, ALL_SEATS, NO_BREAKDOWN};
