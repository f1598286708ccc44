//! The kinds of card, chit or event a variant's decks and cups hold, and
//! where each kind's count lives (a rule or a scenario field), so that
//! `fortunes cards` can put one more or one fewer of any kind in without
//! knowing the system: each system lists its kinds
//! (`Simulation::card_kinds`), this file moves the counts.

use super::variant::Variant;
use crate::error::{Error, ErrorKind, Result};

/// One kind of card (or chit) of a deck or cup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardKind {
    /// Its name on the command line and in tables (`jokers`,
    /// `army_deck.crushing_volley`, `cards_3`, `event_chits`).
    pub name: String,
    /// What holds it, for the reader (`the deck`, `each side's Army Deck`).
    pub holder: &'static str,
    /// How many the variant holds now.
    pub count: i64,
    pub at: CountAt,
}

/// Where a kind's count is set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CountAt {
    /// Rule `name`, now `value`: one card more moves it by `per_card` (1,
    /// or -1 for a rule that counts the cards left out).
    Rule {
        name: &'static str,
        value: i64,
        per_card: i64,
    },
    /// The scenario's integer at this path of tables (a missing one is 0).
    Scenario(Vec<String>),
}

impl CardKind {
    /// A kind counted by a rule, one card a step.
    pub fn rule(name: &'static str, holder: &'static str, value: i64) -> CardKind {
        CardKind {
            name: name.into(),
            holder,
            count: value,
            at: CountAt::Rule {
                name,
                value,
                per_card: 1,
            },
        }
    }

    /// `variant` with `by` more of this kind (fewer when negative). The
    /// result is not yet checked against the rules: `System::check` says
    /// whether such a deck can be played.
    pub fn moved(&self, variant: &Variant, by: i64) -> Result<Variant> {
        let count = self.count + by;
        if count < 0 {
            return Err(Error::new(ErrorKind::BadArgument(format!(
                "{} cannot hold {count} {}",
                self.holder, self.name
            ))));
        }
        let mut moved = variant.clone();
        match &self.at {
            CountAt::Rule {
                name,
                value,
                per_card,
            } => {
                let value = value + per_card * by;
                moved.rules.set_text(&format!("{name}={value}"))?;
            }
            CountAt::Scenario(path) => {
                let (last, tables) = path.split_last().expect("a scenario count has a path");
                let mut table = &mut moved.scenario;
                for key in tables {
                    table = table
                        .entry(key.clone())
                        .or_insert_with(|| toml::Value::Table(toml::Table::new()))
                        .as_table_mut()
                        .ok_or_else(|| {
                            Error::new(ErrorKind::BadArgument(format!(
                                "scenario {key} is not a table"
                            )))
                        })?;
                }
                table.insert(last.clone(), toml::Value::Integer(count));
            }
        }
        Ok(moved)
    }
}

/// The table at `path` of a scenario table, if it has one.
pub fn scenario_table<'t>(scenario: &'t toml::Table, path: &[&str]) -> Option<&'t toml::Table> {
    path.iter()
        .try_fold(scenario, |table, key| table.get(*key)?.as_table())
}

/// The integer at `path` of a scenario table: 0 when a table or the key
/// is missing (a kind a deck does not name has none).
pub fn scenario_count(scenario: &toml::Table, path: &[&str]) -> i64 {
    let Some((last, tables)) = path.split_last() else {
        return 0;
    };
    scenario_table(scenario, tables)
        .and_then(|table| table.get(*last)?.as_integer())
        .unwrap_or_default()
}
