//! One Haggerty game's totals: a row of `records.parquet`, and the source
//! of the game's series values.

use super::rules::Rules;
use crate::engine::{BySeat, Seat};
use crate::output::{Cell, ColumnSpec, ColumnType, Record};
use crate::stats::Ratio;

/// One game's totals.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameRecord {
    pub game: u64,
    pub turns: u32,
    pub rounds: u32,
    pub contested_rounds: u32,
    pub initiative: BySeat<u32>,
    /// The first player of the game's first contested round.
    pub first_initiative: Option<Seat>,
    pub joker_ties: u32,
    pub lone_rounds: BySeat<u32>,
    pub cards_played: BySeat<u32>,
    pub unit_actions: BySeat<u32>,
    pub passes: BySeat<u32>,
    /// Cards kept at the end of each turn, summed over the turns.
    pub cards_left: BySeat<u32>,
    pub reshuffles: u32,
    pub ended_by_deck: bool,
}

impl GameRecord {
    /// The game's value of every `SERIES` entry, in order.
    pub(super) fn series(&self, rules: &Rules, out: &mut [Ratio]) {
        let [a, b] = Seat::BOTH;
        let turns = self.turns as u64;
        let contested = self.contested_rounds as u64;
        let per_turn = |v: u32| Ratio::new(v as u64, turns);
        let first = |seat| {
            Ratio::new(
                (self.first_initiative == Some(seat)) as u64,
                self.first_initiative.is_some() as u64,
            )
        };
        // Every round has one seat going first: the winner of a contested
        // round, or the seat playing alone.
        let led = |seat: Seat| {
            let led = self.initiative[seat] + self.lone_rounds[seat];
            Ratio::new(led as u64, self.rounds as u64)
        };
        let actions = |seat: Seat| per_turn(self.cards_played[seat] * rules.actions_per_card);
        let values = [
            Ratio::new(self.initiative[a] as u64, contested),
            Ratio::new(self.initiative[b] as u64, contested),
            first(a),
            first(b),
            Ratio::new(self.joker_ties as u64, contested),
            Ratio::new(self.lone_rounds[a] as u64, self.rounds as u64),
            Ratio::new(self.lone_rounds[b] as u64, self.rounds as u64),
            led(a),
            led(b),
            per_turn(self.cards_played[a]),
            per_turn(self.cards_played[b]),
            actions(a),
            actions(b),
            per_turn(self.unit_actions[a]),
            per_turn(self.unit_actions[b]),
            per_turn(self.passes[a]),
            per_turn(self.passes[b]),
            per_turn(self.cards_left[a]),
            per_turn(self.cards_left[b]),
            per_turn(self.rounds),
            Ratio::new(turns, 1),
            Ratio::new(self.reshuffles as u64, 1),
            Ratio::new(self.ended_by_deck as u64, 1),
        ];
        out.copy_from_slice(&values);
    }
}

impl Record for GameRecord {
    const COLUMNS: &'static [ColumnSpec] = &{
        use ColumnType::*;
        [
            ColumnSpec::new("game", U64),
            ColumnSpec::new("turns", U32),
            ColumnSpec::new("rounds", U32),
            ColumnSpec::new("contested_rounds", U32),
            ColumnSpec::new("initiative_a", U32),
            ColumnSpec::new("initiative_b", U32),
            ColumnSpec::new("first_initiative", Name),
            ColumnSpec::new("joker_ties", U32),
            ColumnSpec::new("lone_rounds_a", U32),
            ColumnSpec::new("lone_rounds_b", U32),
            ColumnSpec::new("cards_played_a", U32),
            ColumnSpec::new("cards_played_b", U32),
            ColumnSpec::new("unit_actions_a", U32),
            ColumnSpec::new("unit_actions_b", U32),
            ColumnSpec::new("passes_a", U32),
            ColumnSpec::new("passes_b", U32),
            ColumnSpec::new("cards_left_a", U32),
            ColumnSpec::new("cards_left_b", U32),
            ColumnSpec::new("reshuffles", U32),
            ColumnSpec::new("ended_by_deck", Bool),
        ]
    };

    fn cell(&self, column: usize) -> Cell {
        let [a, b] = Seat::BOTH;
        match column {
            0 => Cell::U64(self.game),
            1 => Cell::U32(self.turns),
            2 => Cell::U32(self.rounds),
            3 => Cell::U32(self.contested_rounds),
            4 => Cell::U32(self.initiative[a]),
            5 => Cell::U32(self.initiative[b]),
            6 => Cell::Name(self.first_initiative.map_or("none", Seat::name)),
            7 => Cell::U32(self.joker_ties),
            8 => Cell::U32(self.lone_rounds[a]),
            9 => Cell::U32(self.lone_rounds[b]),
            10 => Cell::U32(self.cards_played[a]),
            11 => Cell::U32(self.cards_played[b]),
            12 => Cell::U32(self.unit_actions[a]),
            13 => Cell::U32(self.unit_actions[b]),
            14 => Cell::U32(self.passes[a]),
            15 => Cell::U32(self.passes[b]),
            16 => Cell::U32(self.cards_left[a]),
            17 => Cell::U32(self.cards_left[b]),
            18 => Cell::U32(self.reshuffles),
            19 => Cell::Bool(self.ended_by_deck),
            _ => unreachable!("GameRecord has {} columns", Self::COLUMNS.len()),
        }
    }
}
