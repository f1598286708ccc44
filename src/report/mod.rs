//! What a run leaves for a person: the per-variant metrics with game-level
//! intervals, the paired differences against the reference, `report.md`,
//! SVG plots a designer can read without the tables, and `report.html`:
//! all of it in one offline page, with example games to step through.

pub mod examples;
pub mod html;
pub mod markdown;
pub mod plots;
pub mod publish;
pub mod tables;

pub use html::write_html;
pub use markdown::write_report;
pub use plots::write_points;
pub use tables::{Kept, RunTables};
