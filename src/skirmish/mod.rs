//! Skirmishing with Ancients (Walter Simon): the incremental card deck,
//! fire, melee and group morale, and their exact odds (seed
//! `003_95b269483f53f494.txt`).

pub mod rules;
pub mod table;

pub use rules::Rules;
