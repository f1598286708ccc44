//! Note 21's obstacles: "Bridges and gates are generally not considered to
//! be objectives for movement purposes rather they are viewed as obstacles
//! hindering movement to an objective." An obstacle is a place on the
//! field's axis, across the whole field as an objective is; it stops no
//! move and holds no piquet. What it costs is the game's (rules
//! `obstacle_chips` and `obstacle_cover_step`): the text's sizes were lost
//! with its tables.

use crate::error::Result;
use crate::scenario_fields::{bad, int, named_entries, text};

/// Obstacles a scenario may name.
pub const MAX_OBSTACLES: usize = 16;

/// The obstacles note 21 names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObstacleKind {
    Bridge,
    Gate,
}

impl ObstacleKind {
    pub const ALL: [ObstacleKind; 2] = [ObstacleKind::Bridge, ObstacleKind::Gate];
    pub const NAMES: [&'static str; 2] = ["bridge", "gate"];

    pub const fn name(self) -> &'static str {
        ObstacleKind::NAMES[self as usize]
    }

    pub fn parse(text: &str) -> Option<ObstacleKind> {
        ObstacleKind::NAMES
            .iter()
            .position(|&n| n == text)
            .map(|i| ObstacleKind::ALL[i])
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Obstacle {
    pub at: i32,
    pub kind: ObstacleKind,
}

impl Obstacle {
    /// Whether a regiment going from `from` to `to` crosses it: it lies
    /// at or past where the regiment starts and short of where it stops.
    /// One where it stops is not crossed (an enemy standing on a bridge is
    /// moved up to, "it will not be classed as an obstacle for your
    /// movement up to the bridge"); one a regiment stopped on it crosses
    /// as it goes on.
    pub fn crossed_by(&self, from: i32, to: i32) -> bool {
        match from <= to {
            true => from <= self.at && self.at < to,
            false => to < self.at && self.at <= from,
        }
    }
}

/// The scenario's obstacles, in order up the axis.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Obstacles {
    pub places: Vec<Obstacle>,
    pub names: Vec<String>,
}

impl Obstacles {
    pub fn is_empty(&self) -> bool {
        self.places.is_empty()
    }

    /// The obstacles a regiment going from `from` to `to` crosses, with
    /// their names, in order up the axis.
    pub fn crossed(&self, from: i32, to: i32) -> impl Iterator<Item = (&Obstacle, &String)> {
        self.places
            .iter()
            .zip(&self.names)
            .filter(move |(o, _)| o.crossed_by(from, to))
    }

    /// Reads the scenario's `[[obstacles]]`: each a `name`, a place `at`
    /// on the axis and a `kind`.
    pub fn read(value: Option<&toml::Value>) -> Result<Obstacles> {
        let Some(value) = value else {
            return Ok(Obstacles::default());
        };
        let mut listed: Vec<(Obstacle, String)> = Vec::new();
        let keys = ["name", "at", "kind"];
        for (name, table, at_key) in
            named_entries(value, "obstacles", "obstacle", &keys, MAX_OBSTACLES)?
        {
            let at = int(table, &at_key, "at", (-1000, 1000), None)? as i32;
            let kinds = ObstacleKind::NAMES.join(", ");
            let kind = match text(table, &at_key, "kind")? {
                Some(kind) => ObstacleKind::parse(kind)
                    .ok_or_else(|| bad(&format!("{at_key}kind"), kind, &kinds))?,
                None => return Err(bad(&format!("{at_key}kind"), "(missing)", &kinds)),
            };
            listed.push((Obstacle { at, kind }, name));
        }
        listed.sort_by_key(|(o, _)| o.at);
        let (places, names) = listed.into_iter().unzip();
        Ok(Obstacles { places, names })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn crossings(field: &Obstacles, from: i32, to: i32) -> usize {
        field.crossed(from, to).count()
    }

    fn read(text: &str) -> Result<Obstacles> {
        let table: toml::Table = toml::from_str(text).unwrap();
        Obstacles::read(table.get("obstacles"))
    }

    #[test]
    fn an_obstacle_is_crossed_from_where_a_regiment_starts_to_short_of_its_stop() {
        let field = read(
            "[[obstacles]]\nname='Gate'\nat=-4\nkind='gate'\n\
             [[obstacles]]\nname='Bridge'\nat=6\nkind='bridge'",
        )
        .unwrap();
        assert_eq!(field.names, ["Gate", "Bridge"], "sorted up the axis");
        assert_eq!(crossings(&field, 0, 10), 1);
        assert_eq!(crossings(&field, 10, 0), 1, "either way");
        assert_eq!(crossings(&field, -10, 10), 2);
        // Up to the bridge is no crossing; on from it is, once.
        assert_eq!(crossings(&field, 0, 6), 0);
        assert_eq!(crossings(&field, 6, 12), 1);
        assert_eq!(crossings(&field, 12, 6), 0);
        assert_eq!(crossings(&field, 6, 0), 1);
        assert_eq!(crossings(&field, 6, 6), 0);
        assert_eq!(crossings(&field, 3, 3), 0);
    }

    #[test]
    fn bad_obstacles_are_refused_naming_the_field() {
        for (toml, names) in [
            ("[[obstacles]]\nname='A'\nat=0\nkind='ford'", "bridge, gate"),
            ("[[obstacles]]\nname='A'\nat=0", "(missing)"),
            ("[[obstacles]]\nname='A'\nkind='gate'", "obstacles[0].at"),
            ("[[obstacles]]\nname='A'\nat=2000\nkind='gate'", "obstacles[0].at"),
            ("[[obstacles]]\nname='A'\nat=0\nto=3\nkind='gate'", "obstacles[0].to"),
            (
                "[[obstacles]]\nname='A'\nat=0\nkind='gate'\n[[obstacles]]\nname='A'\nat=4\nkind='bridge'",
                "no other obstacle",
            ),
            ("obstacles = 'bridge'", "an array of tables"),
        ] {
            let error = read(toml).unwrap_err().to_string();
            assert!(error.contains(names), "{toml}: {error}");
        }
        let many: String = (0..=MAX_OBSTACLES)
            .map(|n| format!("[[obstacles]]\nname='O{n}'\nat={n}\nkind='gate'\n"))
            .collect();
        assert!(read(&many).unwrap_err().to_string().contains("at most 16"));
    }
}
