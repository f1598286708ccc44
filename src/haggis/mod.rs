//! Haggis for two players (Sean Ross): the players' leaflet (seed
//! `002_2221c49abcd832ef.txt`) and the official rules summarised in
//! `RULES-NOTES.md`, as two presets of the same named parameters.

pub mod cards;
pub mod combo;
pub mod moves;

pub use cards::Cards;
pub use combo::{Bomb, BombSet, Combo, Play};
pub use moves::{generate, MoveList};
