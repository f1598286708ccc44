//! Watching a game: every system's game loop is generic over an
//! `Observer` of its events. The runner plays with `Unobserved`, whose
//! `ON` is false, so every `if obs.on() { ... }` and the event built
//! inside it compile away and the game loop costs what it did before
//! (the instruction budgets of `benches/budgets.csv` hold it to that).
//! `fortunes replay` plays the same game with a `Replay`, which keeps each
//! event as a line of text in the game's own words and as a JSON object
//! (its schema per system in `docs/replay.md`).

use serde::Serialize;
use std::fmt::Display;

/// Whoever watches a game: told each event as it happens.
pub trait Observer<E> {
    /// Whether events are built at all.
    const ON: bool;

    /// `ON`, for `if self.obs.on() { self.obs.event(...) }` where the
    /// observer's type is not named.
    #[inline(always)]
    fn on(&self) -> bool {
        Self::ON
    }

    fn event(&mut self, event: E);
}

/// Nobody watches: the runner's games.
#[derive(Clone, Copy, Debug, Default)]
pub struct Unobserved;

impl<E> Observer<E> for Unobserved {
    const ON: bool = false;

    #[inline(always)]
    fn event(&mut self, _event: E) {}
}

/// An event of one system's games: a line in the game's own words
/// (`Display`) and a JSON object tagged with its kind (`Serialize`, with
/// `#[serde(tag = "event")]`).
pub trait GameEvent: Serialize + Display {}

impl<E: Serialize + Display> GameEvent for E {}

/// A game's events, kept as the replay prints them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Replay {
    /// Each event in the game's own words.
    pub lines: Vec<String>,
    /// Each event as a JSON object, its `event` key (naming the kind)
    /// first and its fields in the order `docs/replay.md` gives them.
    pub json: Vec<String>,
}

impl Replay {
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }
}

impl<E: GameEvent> Observer<E> for Replay {
    const ON: bool = true;

    fn event(&mut self, event: E) {
        self.lines.push(event.to_string());
        self.json
            .push(serde_json::to_string(&event).expect("an event serialises to JSON"));
    }
}

/// One game played again: its events and the rows it gives
/// `records.parquet` (column name and value, in the columns' order).
#[derive(Clone, Debug, Default)]
pub struct GameReplay {
    pub events: Replay,
    pub records: Vec<Vec<(&'static str, serde_json::Value)>>,
}
