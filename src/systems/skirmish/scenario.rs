//! Engagement scenarios as data: each side's men (type, shield, weapon),
//! the starting distance, who charges, who plays first, the spread of a
//! morale group, and the weapons' load times.

use super::rules::MoralePass;
use super::table::{MoraleSplits, MOST_MEN};
use crate::engine::{BySeat, Seat};
use crate::error::Result;
use crate::scenario_fields::{bad, int, text};

/// Men per side: a side's men are a fixed array.
pub const MAX_MEN: usize = MOST_MEN;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Man {
    pub cavalry: bool,
    pub shield: bool,
    /// Increments to load between shots; `None` for a man without a
    /// missile weapon.
    pub load: Option<u8>,
}

impl Man {
    /// Where the man stands in his side's order: lower stands further
    /// forward. A reserve, once called up, takes his place among the men of
    /// his kind.
    fn standing_rank(&self) -> (bool, bool, bool, Option<u8>) {
        (self.load.is_some(), !self.cavalry, !self.shield, self.load)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    pub name: String,
    pub men: BySeat<[Man; MAX_MEN]>,
    /// Of the men, those held back until their side calls them up: a bit a
    /// man, in standing order; and the victory points each costs when
    /// called (0 for the men on the field). Beside `men`, not in it: the
    /// fire and melee loops read `Man`, and it stays four bytes.
    pub reserves: BySeat<u16>,
    pub costs: BySeat<[u8; MAX_MEN]>,
    pub count: BySeat<u8>,
    /// Inches between the two groups at the start.
    pub distance: u32,
    /// The side that advances to charge; the other stands and shoots.
    pub attacker: Seat,
    /// The side that plays the first card.
    pub first: Seat,
    /// Inches between the two furthest men of a morale group.
    pub spread: u32,
    /// A creek across the attackers' way, this many inches from the
    /// defenders: crossing it takes whole cards (rule `creek_cards`).
    pub creek: Option<u32>,
    /// The morale groups that keep the most standing at this spread, one
    /// table for each pass rule (`MoralePass as usize`): built once here,
    /// walked at every morale check.
    pub splits: [MoraleSplits; 2],
}

fn seat(table: &toml::Table, field: &str, default: Seat) -> Result<Seat> {
    match table.get(field) {
        None => Ok(default),
        Some(toml::Value::String(s)) => Seat::parse(s).ok_or_else(|| bad(field, s, "a or b")),
        Some(other) => Err(bad(field, other, "a or b")),
    }
}

impl Scenario {
    /// Reads `name`, `description`, `distance`, `attacker`, `first`,
    /// `spread`, an optional `creek`, an optional `[weapons]` table of load times, and
    /// `[[a.men]]` / `[[b.men]]` entries (`count`, `type` foot or cavalry,
    /// `shield`, `weapon`), and `[[a.reserves]]` / `[[b.reserves]]` entries
    /// (the same, and `cost`).
    pub fn from_table(table: &toml::Table) -> Result<Scenario> {
        const KEYS: [&str; 10] = [
            "name",
            "description",
            "distance",
            "attacker",
            "first",
            "spread",
            "creek",
            "weapons",
            "a",
            "b",
        ];
        if let Some(key) = table.keys().find(|k| !KEYS.contains(&k.as_str())) {
            return Err(bad(key, "(unknown key)", &KEYS.join(", ")));
        }
        // The text's own examples: an archer notches in 1 increment,
        // crossbows 3; muskets 4 and rifles 6 as the data.
        let mut weapons: Vec<(String, u8)> =
            [("archer", 1), ("crossbow", 3), ("musket", 4), ("rifle", 6)]
                .iter()
                .map(|(n, l)| (n.to_string(), *l))
                .collect();
        match table.get("weapons") {
            None => {}
            Some(toml::Value::Table(extra)) => {
                for (name, load) in extra {
                    let load = match load {
                        toml::Value::Integer(l) if (0..=12).contains(l) => *l as u8,
                        other => {
                            return Err(bad(
                                &format!("weapons.{name}"),
                                other,
                                "load increments 0..=12",
                            ))
                        }
                    };
                    weapons.retain(|(n, _)| n != name);
                    weapons.push((name.clone(), load));
                }
            }
            Some(other) => {
                return Err(bad("weapons", other, "a table of weapon = load increments"))
            }
        }
        let mut men = BySeat(
            [[Man {
                cavalry: false,
                shield: false,
                load: None,
            }; MAX_MEN]; 2],
        );
        let mut costs = BySeat([[0u8; MAX_MEN]; 2]);
        let mut count = BySeat([0u8; 2]);
        let mut reserves = BySeat([0u16; 2]);
        for side in Seat::BOTH {
            // A side with no men plays its cards and nothing else: with no
            // men on either side, the card sequence alone.
            let lists = match table.get(side.name()) {
                None => toml::Table::new(),
                Some(toml::Value::Table(t)) => {
                    const SIDE_KEYS: [&str; 2] = ["men", "reserves"];
                    if let Some(key) = t.keys().find(|k| !SIDE_KEYS.contains(&k.as_str())) {
                        return Err(bad(
                            &format!("{}.{key}", side.name()),
                            "(unknown key)",
                            &SIDE_KEYS.join(", "),
                        ));
                    }
                    t.clone()
                }
                Some(other) => {
                    return Err(bad(
                        side.name(),
                        other,
                        "a table with men and reserves lists",
                    ))
                }
            };
            for (list, reserve) in [("men", false), ("reserves", true)] {
                let empty = Vec::new();
                let entries = match lists.get(list) {
                    None => &empty,
                    Some(toml::Value::Array(entries)) => entries,
                    Some(other) => {
                        return Err(bad(
                            &format!("{}.{list}", side.name()),
                            other,
                            &format!("[[a.{list}]] / [[b.{list}]] entries"),
                        ))
                    }
                };
                for (i, entry) in entries.iter().enumerate() {
                    let field = format!("{}.{list}[{}]", side.name(), i + 1);
                    let toml::Value::Table(entry) = entry else {
                        return Err(bad(&field, entry, "a table"));
                    };
                    let (man, cost) = man(entry, &field, reserve, &weapons)?;
                    let n =
                        int(entry, "", "count", (1, MAX_MEN as i64), Some(1)).map_err(|_| {
                            bad(
                                &format!("{field}.count"),
                                entry.get("count").map_or("?".into(), |v| v.to_string()),
                                &format!("1..={MAX_MEN}"),
                            )
                        })?;
                    for _ in 0..n {
                        if count[side] as usize == MAX_MEN {
                            return Err(bad(
                                &format!("{}.{list}", side.name()),
                                "(too many)",
                                &format!("at most {MAX_MEN} men a side, reserves included"),
                            ));
                        }
                        let i = count[side] as usize;
                        // Sorted with the men, then split off below.
                        men[side][i] = man;
                        costs[side][i] = cost;
                        reserves[side] |= (reserve as u16) << i;
                        count[side] += 1;
                    }
                }
            }
            // The text places men on a table; this model has no positions
            // within a side, so the side stands in one fixed order that the
            // listing cannot change: men who fight hand to hand in front
            // (they meet a charge and draw fire first), missile men behind;
            // among those, cavalry, then shielded men, then quicker loaders.
            let n = count[side] as usize;
            let mut listed: Vec<(Man, bool, u8)> = (0..n)
                .map(|i| (men[side][i], reserves[side] >> i & 1 != 0, costs[side][i]))
                .collect();
            listed.sort_by_key(|(man, _, _)| man.standing_rank());
            reserves[side] = 0;
            for (i, (man, reserve, cost)) in listed.into_iter().enumerate() {
                men[side][i] = man;
                costs[side][i] = cost;
                reserves[side] |= (reserve as u16) << i;
            }
        }
        let distance = int(table, "", "distance", (0, 1000), None)? as u32;
        // Strictly between the sides: the attackers meet it on the way.
        let creek = match table.get("creek") {
            None => None,
            Some(_) if distance < 2 => {
                return Err(bad(
                    "creek",
                    table["creek"].to_string(),
                    "no creek: the sides start less than 2 inches apart",
                ))
            }
            Some(_) => Some(int(table, "", "creek", (1, distance as i64 - 1), None)? as u32),
        };
        let spread = int(table, "", "spread", (0, 100), Some(2))? as u32;
        Ok(Scenario {
            name: text(table, "", "name")?.unwrap_or("scenario").to_string(),
            men,
            count,
            reserves,
            costs,
            distance,
            creek,
            splits: [MoralePass::StrictlyUnder, MoralePass::AtOrUnder]
                .map(|rule| MoraleSplits::new(spread, rule)),
            attacker: seat(table, "attacker", Seat::A)?,
            first: seat(table, "first", Seat::A)?,
            spread,
        })
    }

    /// A side's men, reserves included.
    pub fn men(&self, seat: Seat) -> &[Man] {
        &self.men[seat][..self.count[seat] as usize]
    }
}

/// One `[[a.men]]` or `[[a.reserves]]` entry's man. A reserve's `cost` is
/// the victory points his side pays to call him up: the text's examples
/// ("-2 for a reserve archer, and another -1 apiece for 2 soldiers";
/// "5 cavalrymen, 2 points apiece") are the defaults.
fn man(
    entry: &toml::Table,
    field: &str,
    reserve: bool,
    weapons: &[(String, u8)],
) -> Result<(Man, u8)> {
    let keys: &[&str] = if reserve {
        &["count", "type", "shield", "weapon", "cost"]
    } else {
        &["count", "type", "shield", "weapon"]
    };
    if let Some(key) = entry.keys().find(|k| !keys.contains(&k.as_str())) {
        return Err(bad(
            &format!("{field}.{key}"),
            "(unknown key)",
            &keys.join(", "),
        ));
    }
    let cavalry = match text(entry, field, "type")? {
        None | Some("foot") => false,
        Some("cavalry") => true,
        Some(other) => return Err(bad(&format!("{field}.type"), other, "foot, cavalry")),
    };
    let shield = match entry.get("shield") {
        None => false,
        Some(toml::Value::Boolean(b)) => *b,
        Some(other) => return Err(bad(&format!("{field}.shield"), other, "true, false")),
    };
    let load = match text(entry, field, "weapon")? {
        None | Some("none") => None,
        Some(name) => Some(
            weapons
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, l)| *l)
                .ok_or_else(|| {
                    let names: Vec<&str> = weapons.iter().map(|(n, _)| n.as_str()).collect();
                    bad(
                        &format!("{field}.weapon"),
                        name,
                        &format!("none, {}", names.join(", ")),
                    )
                })?,
        ),
    };
    let cost = match reserve {
        false => 0,
        true => {
            let default = if cavalry || load.is_some() { 2 } else { 1 };
            int(entry, field, "cost", (0, 100), Some(default))? as u8
        }
    };
    Ok((
        Man {
            cavalry,
            shield,
            load,
        },
        cost,
    ))
}
