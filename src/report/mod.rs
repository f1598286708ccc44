//! What a run leaves for a person: the per-variant metrics with game-level
//! intervals, the paired differences against the reference, `report.md`,
//! and SVG plots a designer can read without the tables.

pub mod markdown;
pub mod plots;
pub mod tables;

pub use markdown::write_report;
pub use plots::write_points;
pub use tables::{Kept, RunTables};
