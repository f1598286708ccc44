//! A regiment's frontage and its place across the field. "Units are
//! defined by their frontage only", "based solely on the game's ground
//! scale of 75 yards to the inch": the Organization section works out each
//! arm's limits from its troops, and a regiment stands anywhere between
//! them. Lengths across the field are kept in tenths of an inch, the
//! precision the text's own examples are given to (9.3", 5.8").

use super::*;

/// The text's example infantry regiment: "2 100 men in a 3 rank
/// formation", "a 3 battalion regiment" (9.3" at most, 5.8" at least).
const EXAMPLE_INFANTRY: (i64, i64, i64) = (2100, 3, 3);
/// The text's example cavalry regiment: "500 troopers" (5").
const EXAMPLE_TROOPERS: i64 = 500;

impl Limits {
    /// Infantry: "divide by the number of ranks", "divide by 75" for the
    /// maximum; the minimum is "5/8 if the regiment has 3 battalions or
    /// more, by 2/3 if the regiment has 2 battalions, or used as is if the
    /// regiment has only one battalion". Rounded down to the tenth.
    pub fn infantry(troops: i64, ranks: i64, battalions: i64) -> Limits {
        let (num, den) = match battalions {
            1 => (1, 1),
            2 => (2, 3),
            _ => (5, 8),
        };
        Limits {
            min: (troops * 10 * num / (ranks * 75 * den)) as i32,
            max: (troops * 10 / (ranks * 75)) as i32,
        }
    }

    /// Cavalry: "divide by 2", "Multiply this number by 1.5 and then
    /// divide by 75", with "no defined minimum width" (a tenth).
    pub fn cavalry(troops: i64) -> Limits {
        Limits {
            min: 1,
            max: (troops * 10 * 3 / (2 * 2 * 75)) as i32,
        }
    }

    /// Artillery: "2 gun castings (in 15mm) for a 6 gun company and 3 gun
    /// castings for an 8 gun company", each "mounted on 3/4\" to 1\"
    /// frontage".
    pub fn artillery(eight_guns: bool) -> Limits {
        let castings: i32 = if eight_guns { 3 } else { 2 };
        Limits {
            min: (castings * 15 + 1) / 2,
            max: castings * 10,
        }
    }
}

/// A length across the field given in inches (a whole number or one with
/// tenths), in tenths.
fn tenths(entry: &toml::Table, field: &str, key: &str, range: (f64, f64)) -> Result<Option<i32>> {
    let allowed = format!("inches from {} to {}, to a tenth", range.0, range.1);
    let inches = match entry.get(key) {
        None => return Ok(None),
        Some(toml::Value::Integer(n)) => *n as f64,
        Some(toml::Value::Float(v)) => *v,
        Some(other) => return Err(bad(&format!("{field}{key}"), other, &allowed)),
    };
    let scaled = inches * 10.0;
    if !(range.0..=range.1).contains(&inches) || (scaled - scaled.round()).abs() > 1e-6 {
        return Err(bad(&format!("{field}{key}"), inches, &allowed));
    }
    Ok(Some(scaled.round() as i32))
}

impl Regiment {
    /// `y`, `frontage`, and the `troops` (with infantry's `ranks` and
    /// `battalions`) its limits come from: without troops, a given
    /// frontage is the regiment's alone (it can neither expand nor
    /// contract), and with neither, the regiment is the text's example of
    /// its arm, at its widest.
    pub(super) fn read_frontage(&mut self, entry: &toml::Table, field: &str) -> Result<()> {
        self.y = tenths(entry, field, "y", (-200.0, 200.0))?.unwrap_or(0);
        let infantry_keys = ["ranks", "battalions"];
        for key in infantry_keys {
            if self.arm != Arm::Infantry && entry.contains_key(key) {
                return Err(bad(
                    &format!("{field}{key}"),
                    &entry[key],
                    "a count for infantry only",
                ));
            }
        }
        let troops = match entry.get("troops") {
            Some(_) if self.arm == Arm::Artillery => return Err(bad(
                &format!("{field}troops"),
                &entry["troops"],
                "men or troopers, for infantry and cavalry (a company's frontage follows its guns)",
            )),
            Some(_) => Some(int(entry, field, "troops", (75, 20_000), None)?),
            None => None,
        };
        let given = tenths(entry, field, "frontage", (0.1, 100.0))?;
        let limits = match (self.arm, troops, given) {
            (Arm::Artillery, _, _) => Limits::artillery(self.eight_guns),
            (_, None, Some(width)) => Limits {
                min: width,
                max: width,
            },
            (Arm::Infantry, troops, _) => {
                let (men, ranks, battalions) = EXAMPLE_INFANTRY;
                Limits::infantry(
                    troops.unwrap_or(men),
                    int(entry, field, "ranks", (1, 6), Some(ranks))?,
                    int(entry, field, "battalions", (1, 9), Some(battalions))?,
                )
            }
            (Arm::Cavalry, troops, _) => Limits::cavalry(troops.unwrap_or(EXAMPLE_TROOPERS)),
        };
        let width = given.unwrap_or(limits.max);
        if !(limits.min..=limits.max).contains(&width) {
            return Err(bad(
                &format!("{field}frontage"),
                width as f64 / 10.0,
                &format!(
                    "inches from {} to {}, the regiment's limits",
                    limits.min as f64 / 10.0,
                    limits.max as f64 / 10.0
                ),
            ));
        }
        if limits.max < 1 {
            return Err(bad(
                &format!("{field}troops"),
                troops.unwrap_or(0),
                "enough for a frontage of a tenth of an inch or more",
            ));
        }
        self.frontage = width;
        self.frontage_limits = limits;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_texts_examples_give_the_texts_frontages() {
        // "700/75 is 9.3 inches", "9.3 inches x (5/8) is 5.8 inches".
        assert_eq!(Limits::infantry(2100, 3, 3), Limits { min: 58, max: 93 });
        assert_eq!(Limits::infantry(2100, 3, 2).min, 62, "2/3 of 9.33");
        assert_eq!(Limits::infantry(2100, 3, 1).min, 93, "used as is");
        // "250 x 1.5 = 375; 375/75 = 5 inches."
        assert_eq!(Limits::cavalry(500).max, 50);
        assert_eq!(Limits::artillery(false), Limits { min: 15, max: 20 });
        assert_eq!(Limits::artillery(true), Limits { min: 23, max: 30 });
    }
}
