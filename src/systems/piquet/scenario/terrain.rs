//! Terrain objectives on the field's one axis: note 19's Objective Horizon
//! Movement ("you move from where you are to where you want to stop, or to
//! the next objective you encounter, whichever comes first"), where "the
//! horizon becomes an area rather than a line. Thus, a woods is the
//! objective, not the entrance into the edge of the woods". An objective is
//! the stretch of the axis `from..=to`; a regiment stands in it when its
//! place lies there.

use crate::error::Result;
use crate::scenario_fields::{bad, int, named_entries, text};

/// Objectives a scenario may name.
pub const MAX_OBJECTIVES: usize = 16;

/// Note 19's horizons, as kinds of objective, and note 20's 'Special'
/// class for a scenario's own. Every kind is a horizon; only the kind's
/// name differs (the terrain effects table was lost in the scan).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Terrain {
    Hill,
    Woods,
    Crops,
    Works,
    Fortifications,
    Stream,
    Ford,
    Swamp,
    Urban,
    Special,
}

impl Terrain {
    pub const ALL: [Terrain; 10] = [
        Terrain::Hill,
        Terrain::Woods,
        Terrain::Crops,
        Terrain::Works,
        Terrain::Fortifications,
        Terrain::Stream,
        Terrain::Ford,
        Terrain::Swamp,
        Terrain::Urban,
        Terrain::Special,
    ];
    pub const NAMES: [&'static str; 10] = [
        "hill",
        "woods",
        "crops",
        "works",
        "fortifications",
        "stream",
        "ford",
        "swamp",
        "urban",
        "special",
    ];

    pub const fn name(self) -> &'static str {
        Terrain::NAMES[self as usize]
    }

    pub fn parse(text: &str) -> Option<Terrain> {
        Terrain::NAMES
            .iter()
            .position(|&n| n == text)
            .map(|i| Terrain::ALL[i])
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Objective {
    pub from: i32,
    pub to: i32,
    pub kind: Terrain,
}

/// The scenario's objectives, in order up the axis, none overlapping.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Terrains {
    pub objectives: Vec<Objective>,
    pub names: Vec<String>,
    /// Whether any objective is an urban block.
    pub has_urban: bool,
}

impl Terrains {
    pub fn is_empty(&self) -> bool {
        self.objectives.is_empty()
    }

    /// The objective place `x` lies in.
    pub fn at(&self, x: i32) -> Option<usize> {
        self.objectives
            .iter()
            .position(|o| o.from <= x && x <= o.to)
    }

    /// Where a regiment at `x` moving `way` (+1 up the axis, -1 down it)
    /// enters the next objective it encounters: the near edge of the first
    /// objective wholly beyond `x` that way (the one it stands in is not
    /// met again).
    pub fn entry(&self, x: i32, way: i32) -> Option<i32> {
        if way > 0 {
            self.objectives
                .iter()
                .map(|o| o.from)
                .find(|&from| from > x)
        } else {
            self.objectives
                .iter()
                .rev()
                .map(|o| o.to)
                .find(|&to| to < x)
        }
    }

    /// The first place at or beyond `x` going `way` that lies in an
    /// objective: `x` itself when it does.
    pub fn reached(&self, x: i32, way: i32) -> Option<i32> {
        match self.at(x) {
            Some(_) => Some(x),
            None => self.entry(x, way),
        }
    }

    /// Reads the scenario's `[[objectives]]`: each a `name`, a stretch
    /// `from`..=`to` of the axis and a `kind`.
    pub fn read(value: Option<&toml::Value>) -> Result<Terrains> {
        let Some(value) = value else {
            return Ok(Terrains::default());
        };
        let mut listed: Vec<(Objective, String)> = Vec::new();
        let keys = ["name", "from", "to", "kind"];
        for (name, table, at) in
            named_entries(value, "objectives", "objective", &keys, MAX_OBJECTIVES)?
        {
            let at = at.as_str();
            let from = int(table, at, "from", (-1000, 1000), None)? as i32;
            let to = int(table, at, "to", (-1000, 1000), None)? as i32;
            if to < from {
                return Err(bad(
                    &format!("{at}to"),
                    to,
                    &format!("at least from ({from}): an objective is the stretch from..=to"),
                ));
            }
            let kinds = Terrain::NAMES.join(", ");
            let kind = match text(table, at, "kind")? {
                Some(kind) => {
                    Terrain::parse(kind).ok_or_else(|| bad(&format!("{at}kind"), kind, &kinds))?
                }
                None => return Err(bad(&format!("{at}kind"), "(missing)", &kinds)),
            };
            listed.push((Objective { from, to, kind }, name));
        }
        listed.sort_by_key(|(o, _)| o.from);
        for pair in listed.windows(2) {
            let ((low, low_name), (high, high_name)) = (&pair[0], &pair[1]);
            if high.from <= low.to {
                return Err(bad(
                    "objectives",
                    format!(
                        "{high_name} ({}..={}) overlaps {low_name} ({}..={})",
                        high.from, high.to, low.from, low.to
                    ),
                    "objectives that share no place of the axis",
                ));
            }
        }
        let (objectives, names): (Vec<Objective>, Vec<String>) = listed.into_iter().unzip();
        Ok(Terrains {
            has_urban: objectives.iter().any(|o| o.kind == Terrain::Urban),
            objectives,
            names,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field() -> Terrains {
        let table: toml::Table = toml::from_str(
            r#"
            [[objectives]]
            name = "Wood"
            from = 10
            to = 14
            kind = "woods"
            [[objectives]]
            name = "Ridge"
            from = -8
            to = -6
            kind = "hill"
            "#,
        )
        .unwrap();
        Terrains::read(table.get("objectives")).unwrap()
    }

    #[test]
    fn the_next_objective_met_either_way() {
        let field = field();
        assert_eq!(field.names, ["Ridge", "Wood"], "sorted up the axis");
        assert_eq!(field.entry(0, 1), Some(10));
        assert_eq!(field.entry(0, -1), Some(-6));
        // In the wood: the next one up is none, the next one down the ridge.
        assert_eq!(field.entry(12, 1), None);
        assert_eq!(field.entry(12, -1), Some(-6));
        assert_eq!(field.reached(12, -1), Some(12));
        assert_eq!(field.reached(9, -1), Some(-6));
        assert_eq!(field.reached(-9, -1), None);
        assert_eq!(field.at(14), Some(1));
        assert_eq!(field.at(15), None);
        // On an edge a regiment stands in the objective: it is not met
        // again, either way.
        assert_eq!(field.entry(10, 1), None);
        assert_eq!(field.entry(14, -1), Some(-6));
        assert_eq!(field.entry(9, 1), Some(10));
        assert_eq!(field.entry(-6, -1), None);
    }

    #[test]
    fn objectives_side_by_side_are_two() {
        let table: toml::Table = toml::from_str(
            "[[objectives]]\nname='A'\nfrom=0\nto=4\nkind='woods'\n[[objectives]]\nname='B'\nfrom=5\nto=6\nkind='hill'",
        )
        .unwrap();
        let field = Terrains::read(table.get("objectives")).unwrap();
        // Out of the wood at its far edge, the hill is the next one met.
        assert_eq!(field.entry(4, 1), Some(5));
        assert_eq!(field.entry(5, -1), Some(4));
    }

    #[test]
    fn overlapping_or_unknown_objectives_are_refused() {
        for (toml, names) in [
            (
                "[[objectives]]\nname='A'\nfrom=0\nto=4\nkind='woods'\n[[objectives]]\nname='B'\nfrom=4\nto=6\nkind='hill'",
                "overlaps",
            ),
            ("[[objectives]]\nname='A'\nfrom=5\nto=4\nkind='woods'", "at least from"),
            ("[[objectives]]\nname='A'\nfrom=0\nto=4\nkind='forest'", "hill, woods"),
            ("[[objectives]]\nname='A'\nfrom=0\nto=4", "(missing)"),
            (
                "[[objectives]]\nname='A'\nfrom=0\nto=4\nkind='hill'\n[[objectives]]\nname='A'\nfrom=8\nto=9\nkind='hill'",
                "no other objective",
            ),
            ("objectives = [1]", "an array of tables"),
            ("objectives = 'wood'", "an array of tables"),
        ] {
            let table: toml::Table = toml::from_str(toml).unwrap();
            let error = Terrains::read(table.get("objectives")).unwrap_err().to_string();
            assert!(error.contains(names), "{toml}: {error}");
        }
        let many: String = (0..=MAX_OBJECTIVES)
            .map(|n| {
                format!(
                    "[[objectives]]\nname='O{n}'\nfrom={}\nto={}\nkind='crops'\n",
                    2 * n,
                    2 * n
                )
            })
            .collect();
        let table: toml::Table = toml::from_str(&many).unwrap();
        let error = Terrains::read(table.get("objectives"))
            .unwrap_err()
            .to_string();
        assert!(error.contains("at most 16"), "{error}");
    }
}
