//! Scenarios as data: each side's divisions (brigades, arrival turn,
//! return rating, turns its chit is out of play) and the number of turns.
//! Seat a is the Confederate side, seat b the Union side. Parsed once, at
//! the boundary, into fixed arrays the game loop reads without allocating.

use crate::engine::{BySeat, Seat};
use crate::error::Result;
use crate::scenario_fields::{bad, int};

/// Divisions per side: the chit ids leave room for this many.
pub const MAX_DIVISIONS: usize = 8;
/// Brigades per division: a division's activation status is a `u8`.
pub const MAX_BRIGADES: usize = 8;

/// One division of an order of battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Division {
    pub brigades: u8,
    /// The first turn the division is in play.
    pub arrives: u32,
    /// A d6 at most this returns the division chit to the cup (0..=6).
    pub return_rating: u8,
    /// Turns `killed.0 .. killed.1` (excluded end) its chit is out of the
    /// cup: killed, and re-entering at the end of turn `killed.1 - 1`.
    pub killed: Option<(u32, u32)>,
}

impl Division {
    pub fn in_play(&self, turn: u32) -> bool {
        turn >= self.arrives
    }

    pub fn chit_in_cup(&self, turn: u32) -> bool {
        self.in_play(turn)
            && !self
                .killed
                .is_some_and(|(from, to)| (from..to).contains(&turn))
    }
}

/// A parsed scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    pub name: String,
    pub turns: u32,
    pub divisions: BySeat<[Division; MAX_DIVISIONS]>,
    pub division_count: BySeat<u8>,
    /// "Hood", ... for the rows by division and brigade.
    pub division_names: BySeat<Vec<String>>,
}

impl Scenario {
    /// Reads a scenario table: `name`, `description`, `turns`, and
    /// `[[a.divisions]]` / `[[b.divisions]]` entries with `name`,
    /// `brigades`, `arrives`, `return_rating` and optional `killed = [from, to]`.
    pub fn from_table(table: &toml::Table) -> Result<Scenario> {
        for key in table.keys() {
            if !["name", "description", "turns", "a", "b"].contains(&key.as_str()) {
                return Err(bad(key, "(unknown key)", "name, description, turns, a, b"));
            }
        }
        let name = match table.get("name") {
            Some(toml::Value::String(n)) => n.clone(),
            _ => "scenario".to_string(),
        };
        let turns = int(table, "", "turns", (1, 40), None).map_err(|_| {
            bad(
                "turns",
                table
                    .get("turns")
                    .map_or("(missing)".to_string(), |v| v.to_string()),
                "an integer 1..=40",
            )
        })? as u32;
        let empty = Division {
            brigades: 0,
            arrives: u32::MAX,
            return_rating: 0,
            killed: None,
        };
        let mut divisions = BySeat([[empty; MAX_DIVISIONS]; 2]);
        let mut division_count = BySeat([0u8; 2]);
        let mut division_names = BySeat([Vec::new(), Vec::new()]);
        for seat in Seat::BOTH {
            let side = match table.get(seat.name()) {
                Some(toml::Value::Table(side)) => side,
                other => {
                    return Err(bad(
                        seat.name(),
                        other.map_or("(missing)".to_string(), |v| v.to_string()),
                        "a table with a divisions list (a: Confederate, b: Union)",
                    ))
                }
            };
            if let Some(key) = side.keys().find(|k| k.as_str() != "divisions") {
                return Err(bad(
                    &format!("{}.{key}", seat.name()),
                    "(unknown key)",
                    "divisions",
                ));
            }
            let list = match side.get("divisions") {
                Some(toml::Value::Array(list))
                    if !list.is_empty() && list.len() <= MAX_DIVISIONS =>
                {
                    list
                }
                other => {
                    return Err(bad(
                        &format!("{}.divisions", seat.name()),
                        other.map_or("(missing)".to_string(), |v| {
                            format!("{} entries", v.as_array().map_or(0, |a| a.len()))
                        }),
                        &format!("1 to {MAX_DIVISIONS} [[{}.divisions]] entries", seat.name()),
                    ))
                }
            };
            for (i, entry) in list.iter().enumerate() {
                let field = format!("{}.divisions[{}]", seat.name(), i + 1);
                let toml::Value::Table(entry) = entry else {
                    return Err(bad(&field, entry, "a table"));
                };
                if let Some(key) = entry.keys().find(|k| {
                    !["name", "brigades", "arrives", "return_rating", "killed"]
                        .contains(&k.as_str())
                }) {
                    return Err(bad(
                        &format!("{field}.{key}"),
                        "(unknown key)",
                        "name, brigades, arrives, return_rating, killed",
                    ));
                }
                let killed = match entry.get("killed") {
                    None => None,
                    Some(toml::Value::Array(pair)) => match pair.as_slice() {
                        [toml::Value::Integer(from), toml::Value::Integer(to)]
                            if 1 <= *from && from < to && *to <= 41 =>
                        {
                            Some((*from as u32, *to as u32))
                        }
                        _ => {
                            return Err(bad(
                                &format!("{field}.killed"),
                                entry["killed"].clone(),
                                "[from, to]: turns from <= t < to, 1 <= from < to <= 41",
                            ))
                        }
                    },
                    Some(other) => {
                        return Err(bad(&format!("{field}.killed"), other, "[from, to]"))
                    }
                };
                divisions[seat][i] = Division {
                    brigades: int(entry, &field, "brigades", (1, MAX_BRIGADES as i64), None)? as u8,
                    arrives: int(entry, &field, "arrives", (1, 40), Some(1))? as u32,
                    return_rating: int(entry, &field, "return_rating", (0, 6), None)? as u8,
                    killed,
                };
                division_names[seat].push(match entry.get("name") {
                    Some(toml::Value::String(n)) => n.clone(),
                    _ => format!("division {}", i + 1),
                });
            }
            division_count[seat] = list.len() as u8;
        }
        Ok(Scenario {
            name,
            turns,
            divisions,
            division_count,
            division_names,
        })
    }

    /// The divisions of `seat` in the scenario.
    pub fn divisions(&self, seat: Seat) -> &[Division] {
        &self.divisions[seat][..self.division_count[seat] as usize]
    }
}

/// The default scenario's text: the seed's illustrative order of battle.
pub const DEFAULT_TEXT: &str =
    include_str!("../../../experiments/sickles/scenarios/illustrative.toml");
