//! `fortunes play piquet`: a person plays one side in the terminal, every
//! player of it (its commander and any subordinates), against a built-in
//! player, from the same seeds as a run (game
//! N of seed S is the deal game N of any run with `--seed S` plays). Each
//! decision shows the facts the built-in players decide from, those an
//! external agent is sent (`agent.rs`), and takes one of its choices.

use super::agent::{Ask, Seated, DECISIONS};
use super::game::{Game, Setup};
use super::rules::{Rules, SYSTEM};
use super::scenario::Scenario;
use super::stats::{GameTally, Stats};
use super::strategy::{PiquetStrategy, STRATEGIES};
use crate::engine::BySeat;
use crate::error::{Error, Result};
use crate::system::person::Terminal;
use crate::system::{presets_dir, resolve_built_in, PlayArgs, PlayCommand};
use serde_json::Value;
use std::cell::RefCell;

pub const PLAY: PlayCommand = PlayCommand {
    about: "Play one side of a Piquet Regimental game against a built-in player: each decision shows what its player decides from and takes one of the choices listed",
    against: "heuristic",
    seat: "The side you play: every decision of its commander and any subordinates",
    scenario: Some("A scenario file (default: the shipped default scenario)"),
    play,
};

/// The field, one line a regiment: side, name, player, place (and across
/// the field, off the centre line), deployment (when not formed), Elan,
/// status, order (where a chosen one goes) and chips, loaded; stamina for
/// the person's own.
fn field_lines(field: &serde_json::Map<String, Value>, kard: &Value) -> String {
    let mut text = format!("  the field on KARD {kard}:\n");
    for (side, units) in field {
        for unit in units.as_array().into_iter().flatten() {
            // Where a chosen Deploy or Maneuver goes, as its piquet shows.
            let to = match &unit["to"] {
                Value::String(to) => format!(" {to}"),
                _ => String::new(),
            };
            // A Move's piquet, holding the objective it was placed in.
            let piquet = match &unit["piquet"] {
                Value::String(objective) => format!(", its piquet holding {objective}"),
                _ => String::new(),
            };
            let order = match (&unit["order"], &unit["status"]) {
                (Value::String(order), status) => format!(
                    "{} {order}{to} ({} chips){piquet}",
                    status.as_str().unwrap_or(""),
                    unit["chips"]
                ),
                (_, status) => status.as_str().unwrap_or("").to_string(),
            };
            let across = match unit["y"].as_f64() {
                Some(y) if y != 0.0 => format!(", {y}\" across"),
                _ => String::new(),
            };
            let deployment = match unit["deployment"].as_str() {
                Some(d) if d != "formed" => format!(", {d}"),
                _ => String::new(),
            };
            let stamina = match &unit["stamina"] {
                Value::Null => String::new(),
                boxes => format!(", stamina {boxes}"),
            };
            let loaded = if unit["loaded"] == true {
                ", loaded"
            } else {
                ""
            };
            text.push_str(&format!(
                "    {side} {:<14} player {} at {:>3}\"{across}{deployment}, Elan {:>2}, {order}{loaded}{stamina}\n",
                unit["name"].as_str().unwrap_or(""),
                unit["player"],
                unit["x"].as_i64().unwrap_or(0),
                unit["elan"].as_u64().unwrap_or(0),
            ));
        }
    }
    text
}

/// A decision's facts as one line each: the player by name first (on a
/// side of several), the field as a table when it has changed since last
/// shown, `needs` as its fields, the rest as they are.
fn facts(message: &Value, players: &[String], shown: &RefCell<Value>) -> String {
    let mut text = String::new();
    let Some(fields) = message.as_object() else {
        return text;
    };
    let who = |key: &str, p: &Value| {
        let p = p.as_u64().unwrap_or(0) as usize;
        let role = if p == 0 { "commander" } else { "subordinate" };
        // A player unnamed in the scenario is named by its role.
        let name = match players.get(p) {
            Some(name) if !name.starts_with(role) => format!(" {name}"),
            _ => String::new(),
        };
        format!("  {key}: {p}, the {role}{name}\n")
    };
    if players.len() > 1 {
        text.push_str(&who("player", &fields["player"]));
    }
    if let Some(field) = fields.get("field").and_then(Value::as_object) {
        if *shown.borrow() != fields["field"] {
            text.push_str(&field_lines(field, &fields["kard"]));
            *shown.borrow_mut() = fields["field"].clone();
        }
    }
    for (key, value) in fields {
        match (key.as_str(), value) {
            ("field" | "kard" | "player", _) => {}
            ("to", to) if players.len() > 1 => text.push_str(&who("to", to)),
            ("needs", Value::Object(needs)) => {
                let shown: Vec<String> = needs
                    .iter()
                    .map(|(k, v)| match (k.as_str(), v) {
                        ("executions", Value::Object(by_kind)) => {
                            let some: Vec<String> = by_kind
                                .iter()
                                .filter(|(_, n)| n.as_u64().unwrap_or(0) > 0)
                                .map(|(kind, n)| format!("{kind} {n}"))
                                .collect();
                            format!("executions [{}]", some.join(", "))
                        }
                        (k, v) => format!("{k} {v}"),
                    })
                    .collect();
                text.push_str(&format!("  you: {}\n", shown.join("; ")));
            }
            (key, value) => text.push_str(&format!("  {key}: {value}\n")),
        }
    }
    text
}

/// The person at the terminal answers the side's decisions, for every
/// player of the side.
struct Person {
    terminal: Terminal,
    /// The side's players by name: its commander, then its subordinates.
    players: Vec<String>,
    /// The field as last shown.
    shown: RefCell<Value>,
}

impl Ask for Person {
    fn ask(&self, decision: &str, message: Value, choices: &[String]) -> Option<usize> {
        // Once the input has ended the game is abandoned: it plays out
        // with fallbacks, unshown.
        if self.terminal.ended() {
            return None;
        }
        let about = DECISIONS
            .iter()
            .find(|(name, _)| *name == decision)
            .map_or("", |(_, about)| about);
        self.terminal.say(&format!(
            "{decision}: {about}\n{}",
            facts(&message, &self.players, &self.shown)
        ));
        loop {
            if self.terminal.ended() {
                return None;
            }
            self.terminal
                .say(&format!("  your choice ({}): ", choices.join(" ")));
            let answer = self.terminal.answer()?;
            match choices.iter().position(|c| c.eq_ignore_ascii_case(&answer)) {
                Some(i) => return Some(i),
                None => self.terminal.say(&format!(
                    "  {answer:?} is not a choice here; allowed: {}\n",
                    choices.join(", ")
                )),
            }
        }
    }
}

fn play(args: &PlayArgs) -> Result<()> {
    let mut values = Rules::defaults();
    for set in &args.sets {
        values.set_text(set)?;
    }
    let rules = Rules::from_values(&values)?;
    let (text, origin) = match &args.scenario {
        Some(path) => (
            crate::presets::read_input(std::path::Path::new(path))?,
            path.clone(),
        ),
        None => (
            include_str!("../../../experiments/piquet/scenarios/default.toml").to_string(),
            "the default scenario".to_string(),
        ),
    };
    let file = std::path::Path::new(&origin);
    let table: toml::Table = toml::from_str(&text).map_err(|e| Error::file(file, e))?;
    let scenario = Scenario::from_table(&table).map_err(|e| Error::file(file, e))?;
    scenario.check_army_minimum(
        rules.army_cards_per_player,
        rules.army_cards_per_cic_deck,
        rules.army_spare_cards,
    )?;
    let you = args.seat;
    let against = &args.against;
    let player = resolve_built_in(STRATEGIES, against, &presets_dir(SYSTEM, None))?;
    let (seed, index) = (args.seed, args.game);
    let person = Person {
        terminal: Terminal::stdio(),
        players: scenario.sides[you].player_names.clone(),
        shown: RefCell::new(Value::Null),
    };
    let other = PiquetStrategy::from_player(&player);
    let seats = BySeat::from_fn(|s| Seated {
        built_in: other,
        asker: (s == you).then_some(&person as &dyn Ask),
    });
    let setup = Setup {
        rules: &rules,
        scenario: &scenario,
        strategies: &seats,
    };
    person.terminal.say(&format!(
        "Piquet Regimental, game {index} of seed {seed} (the deal game {index} of `fortunes run piquet --seed {seed}` plays): \
         you are side {}, against {}; {} DECQs of 18 KARDs\n",
        you.name(),
        player.name,
        scenario.decqs
    ));
    let mut game = Game::new();
    game.reset(&setup, seed, index);
    let (mut stats, mut tally) = (Stats::default(), GameTally::default());
    game.play(&setup, index, &mut stats, &mut tally, None);
    if !person
        .terminal
        .going_on(|| "before the game did".to_string())?
    {
        return Ok(());
    }
    person.terminal.say(&format!(
        "game over: regiments removed: yours {}, the enemy's {}; Elan lost to fire: yours {}, the enemy's {}; volleys: yours {}, the enemy's {}; assaults {} (won by the attacker {})\n",
        tally.removed[you],
        tally.removed[you.other()],
        tally.elan_lost[you].iter().sum::<u32>(),
        tally.elan_lost[you.other()].iter().sum::<u32>(),
        tally.volleys[you],
        tally.volleys[you.other()],
        tally.assaults,
        tally.attacker_won,
    ));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_field_shows_where_a_chosen_order_goes_and_how_a_regiment_stands() {
        let field = serde_json::json!({
            "a": [
                {"name": "Line", "player": 0, "x": 4, "y": 0.0, "deployment": "formed", "elan": 12,
                 "status": "idle", "order": null, "to": null, "chips": 0, "loaded": true, "stamina": 6},
                {"name": "Light", "player": 0, "x": 2, "y": -4.0, "deployment": "prepared", "elan": 9,
                 "status": "ordered", "order": "maneuver", "to": "left", "chips": 4, "loaded": false},
                {"name": "Guard", "player": 0, "x": 0, "y": 0.0, "deployment": "formed", "elan": 12,
                 "status": "ordered", "order": "move", "to": null, "piquet": "Hill", "chips": 8, "loaded": true},
            ]
        });
        let text = field_lines(field.as_object().unwrap(), &serde_json::json!(3));
        assert!(
            text.contains(
                "    a Line           player 0 at   4\", Elan 12, idle, loaded, stamina 6\n"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "    a Light          player 0 at   2\", -4\" across, prepared, Elan  9, ordered maneuver left (4 chips)\n"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "    a Guard          player 0 at   0\", Elan 12, ordered move (8 chips), its piquet holding Hill, loaded\n"
            ),
            "{text}"
        );
    }
}
