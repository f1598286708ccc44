//! One `[[a.regiments]]` entry of a scenario: rating and arm, place on
//! the axis, what bears on its fire, Elan and stamina boxes, brigade and
//! division, the orders it will be given, an assault's target, its
//! commanding player, an attached subordinate figure, and the regiment it
//! follows in a second line or an artillery company is attached to (read
//! with its side, `side.rs`).

use super::*;

/// The keys a regiment entry may hold.
const KEYS: [&str; 31] = [
    "name",
    "rating",
    "arm",
    "at",
    "y",
    "frontage",
    "troops",
    "ranks",
    "battalions",
    "loaded",
    "guns",
    "horse",
    "maneuvers_with",
    "urban",
    "fire_step",
    "maneuver",
    "battle_cavalry",
    "elan",
    "stamina",
    "step",
    "brigade",
    "division",
    "orders",
    "target",
    "figure",
    "player",
    "follows",
    "attached_to",
    "skirmishers",
    "deployment",
    "deploy_to",
];

impl Regiment {
    /// The regiment `entry` (at `field`) describes, what it leaves out as
    /// `unwritten`; its target is one of `enemies`, its player one of
    /// `player_names`.
    pub(super) fn read(
        entry: &toml::Table,
        field: &str,
        unwritten: &Regiment,
        enemies: &[String],
        player_names: &[String],
    ) -> Result<Regiment> {
        unknown_keys(entry, field, &KEYS)?;
        let mut r = *unwritten;
        let arms = "infantry, cavalry, artillery";
        r.arm = match name(entry, field, "arm", arms)? {
            None | Some("infantry") => Arm::Infantry,
            Some("cavalry") => Arm::Cavalry,
            Some("artillery") => Arm::Artillery,
            Some(other) => return Err(bad(&format!("{field}arm"), other, arms)),
        };
        let (ratings, parse): (&str, fn(&str) -> Option<Rating>) = match r.arm {
            Arm::Artillery => (
                "poundage,class: heavy|medium_heavy|medium|light, IV|III|II|I",
                Rating::parse_artillery,
            ),
            _ => (
                "eliteness,experience: elite|line|conscript|militia, veteran|reliable|undependable",
                Rating::parse,
            ),
        };
        r.rating = match name(entry, field, "rating", ratings)? {
            Some(text) => {
                parse(text).ok_or_else(|| bad(&format!("{field}rating"), text, ratings))?
            }
            None => return Err(bad(&format!("{field}rating"), "(missing)", ratings)),
        };
        r.rating.step = int(entry, field, "step", (-4, 4), Some(0))? as i32;
        r.at = int(entry, field, "at", (-200, 400), Some(r.at as i64))? as i32;
        r.loaded = match entry.get("loaded") {
            None => true,
            Some(toml::Value::Boolean(b)) => *b,
            Some(other) => return Err(bad(&format!("{field}loaded"), other, "true, false")),
        };
        r.urban = match entry.get("urban") {
            None => false,
            Some(toml::Value::Boolean(b)) => *b,
            Some(other) => return Err(bad(&format!("{field}urban"), other, "true, false")),
        };
        r.eight_guns = match entry.get("guns") {
            None => false,
            Some(toml::Value::Integer(6)) if r.arm == Arm::Artillery => false,
            Some(toml::Value::Integer(8)) if r.arm == Arm::Artillery => true,
            Some(other) => {
                return Err(bad(
                    &format!("{field}guns"),
                    other,
                    "6 or 8 (artillery only)",
                ))
            }
        };
        r.horse = match entry.get("horse") {
            None => false,
            Some(toml::Value::Boolean(b)) if !*b || r.arm == Arm::Artillery => *b,
            Some(other) => {
                return Err(bad(
                    &format!("{field}horse"),
                    other,
                    "true (artillery only), false",
                ))
            }
        };
        r.read_frontage(entry, field)?;
        r.read_deployment(entry, field)?;
        r.fire_step = int(entry, field, "fire_step", (-4, 4), Some(0))? as i32;
        let maneuvers = Maneuver::NAMES.join(", ");
        r.maneuver = match name(entry, field, "maneuver", &maneuvers)? {
            None => Maneuver::Forward,
            Some(text) => Maneuver::parse(text)
                .ok_or_else(|| bad(&format!("{field}maneuver"), text, &maneuvers))?,
        };
        r.battle_cavalry = match entry.get("battle_cavalry") {
            None => r.arm == Arm::Cavalry,
            Some(toml::Value::Boolean(b)) if !*b || r.arm == Arm::Cavalry => *b,
            Some(other) => {
                return Err(bad(
                    &format!("{field}battle_cavalry"),
                    other,
                    "true (cavalry only), false",
                ))
            }
        };
        r.elan = int(entry, field, "elan", (1, 60), Some(unwritten.elan as i64))? as u8;
        r.stamina = stamina(
            entry.get("stamina"),
            &format!("{field}stamina"),
            unwritten.stamina,
        )?;
        r.brigade = int(entry, field, "brigade", (1, MAX_UNITS as i64), Some(1))? as u8;
        r.division = int(entry, field, "division", (1, MAX_UNITS as i64), Some(0))? as u8;
        r.read_plan(entry, field)?;
        match name(entry, field, "target", "an enemy regiment's name")? {
            Some(t) => {
                r.target = enemies.iter().position(|n| n == t).ok_or_else(|| {
                    bad(
                        &format!("{field}target"),
                        t,
                        &format!("one of the other side's regiments: {}", enemies.join(", ")),
                    )
                })? as u8;
                r.has_target = true;
            }
            None if r.plan[..r.plan_len as usize].contains(&OrderKind::Assault) => {
                return Err(bad(
                    &format!("{field}target"),
                    "(missing)",
                    &format!(
                        "an assault needs one of the other side's regiments: {}",
                        enemies.join(", ")
                    ),
                ))
            }
            None => {}
        }
        r.player = match name(entry, field, "player", "a player's name")? {
            None => 0,
            Some(n) => player_names.iter().position(|m| m == n).ok_or_else(|| {
                bad(
                    &format!("{field}player"),
                    n,
                    &format!("one of the side's players: {}", player_names.join(", ")),
                )
            })? as u8,
        };
        r.figure = match name(entry, field, "figure", "poor, average, superior")? {
            None => 0,
            Some("poor") => 2,
            Some("average") => 3,
            Some("superior") => 4,
            Some(other) => {
                return Err(bad(
                    &format!("{field}figure"),
                    other,
                    "poor, average, superior",
                ))
            }
        };
        Ok(r)
    }

    /// The orders the regiment will be given, in turn: 1 to `MAX_PLAN` of
    /// them, no assault for artillery; or `"chosen"`, its player choosing
    /// each. Under a side's `orders = "chosen"` every regiment is chosen
    /// and a plan it lists is read (and checked) but not followed.
    fn read_plan(&mut self, entry: &toml::Table, field: &str) -> Result<()> {
        let plan_allowed = format!(
            "a list of 1 to {MAX_PLAN} of {}, or \"chosen\" (its player chooses each order)",
            OrderKind::NAMES.join(", ")
        );
        if entry.get("orders").and_then(|v| v.as_str()) == Some("chosen") {
            self.chosen = true;
            return Ok(());
        }
        let plan: Option<Vec<OrderKind>> =
            entry
                .get("orders")
                .and_then(|v| v.as_array())
                .and_then(|list| {
                    list.iter()
                        .map(|v| v.as_str().and_then(OrderKind::parse))
                        .collect()
                });
        match plan {
            Some(plan) if self.arm == Arm::Artillery && plan.contains(&OrderKind::Assault) => {
                Err(bad(
                    &format!("{field}orders"),
                    "assault",
                    "move, maneuver, deploy: artillery does not assault",
                ))
            }
            Some(plan) if (1..=MAX_PLAN).contains(&plan.len()) => {
                self.plan[..plan.len()].copy_from_slice(&plan);
                self.plan_len = plan.len() as u8;
                Ok(())
            }
            None if self.chosen && entry.get("orders").is_none() => Ok(()),
            _ => Err(bad(
                &format!("{field}orders"),
                entry
                    .get("orders")
                    .map_or("(missing)".to_string(), |v| v.to_string()),
                &plan_allowed,
            )),
        }
    }
}
