//! Hammerin' Sickles over the agent protocol (docs/agents.md): an external
//! program for a side (`--strategy b=exec:COMMAND`), and `fortunes agent
//! sickles --strategy NAME`, a built-in served over the same protocol. A
//! decision carries the side's `View` (its brigades in play, their
//! activations this turn, its events used so far) and the decision's own
//! facts; the reply names one choice.

use super::rules::{EVENTS, SYSTEM};
use super::scenario::MAX_DIVISIONS;
use super::strategy::{Decide, Order, SicklesStrategy, View, STRATEGIES};
use crate::engine::seeding::GameRng;
use crate::engine::Seat;
use crate::error::Result;
use crate::params::ParamValues;
use crate::system::agent::{protocol_error, serve, serve_command, AgentSeat};
use crate::system::{presets_dir, resolve_built_in, SystemCommand};
use serde_json::{json, Value};
use std::cell::RefCell;

/// What an agent for `seat` is told (`system::agent::hello`), with its
/// side and the scenario.
pub fn hello(rules: &ParamValues, scenario: &toml::Table, seat: Seat) -> Value {
    let mut hello = crate::system::agent::hello(
        SYSTEM,
        seat,
        rules,
        json!({
            "key_chit": "the event (1-9) secretly put in the cup as the side's key chit",
            "use_event": "use a drawn event at once, or hold it",
            "division_brigade": "the brigade (1-based) a division chit activates, among the eligible",
            "any_brigade": "the brigade (division.brigade, 1-based) a CIC or Wild chit activates",
            "order": "the activating brigade's order"
        }),
    );
    hello["side"] = json!(if seat == Seat::A {
        "Confederate"
    } else {
        "Union"
    });
    hello["scenario"] = serde_json::to_value(scenario).unwrap_or(Value::Null);
    hello
}

fn view_json(view: &View<'_>) -> Value {
    json!({
        "brigades": view.brigades.to_vec(),
        "activations": view
            .activations
            .iter()
            .map(|b| b.to_vec())
            .collect::<Vec<_>>(),
        "events_used": view.events_used.to_vec(),
    })
}

/// The brigades of a mask, 1-based.
fn brigades_of(mask: u8) -> Vec<u32> {
    (0..8)
        .filter(|b| mask & (1 << b) != 0)
        .map(|b| b + 1)
        .collect()
}

/// A side in a game: a built-in player, or an agent.
pub struct Seated<'a> {
    pub built_in: SicklesStrategy,
    pub agent: Option<&'a RefCell<AgentSeat>>,
}

/// Asks the agent; `legal` checks the choice and turns it into the
/// answer. An answer that is not legal stops the run, naming the game and
/// the decision; the fallback (`None`) only ends the game.
fn ask<T>(
    seat: &mut AgentSeat,
    decision: &str,
    mut message: Value,
    allowed: &[String],
    legal: impl Fn(&Value) -> Option<T>,
) -> Option<T> {
    if !seat.is_alive() {
        return None;
    }
    let at = seat.next_decision(decision);
    message["type"] = "decide".into();
    message["decision"] = decision.into();
    message["game"] = seat.game().into();
    message["choices"] = allowed
        .iter()
        .map(|a| a.parse::<u64>().map_or(json!(a), |n| json!(n)))
        .collect();
    let reply = seat.ask(&message, &at)?;
    match reply.get("choice").and_then(legal) {
        Some(answer) => Some(answer),
        None => {
            seat.fail(&format!(
                "{at}: illegal choice {}; allowed: {}",
                reply
                    .get("choice")
                    .map_or("(none)".to_string(), Value::to_string),
                allowed.join(", ")
            ));
            None
        }
    }
}

fn text(choice: &Value) -> String {
    match choice {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

impl Decide for Seated<'_> {
    fn key_chit(&self, view: &View<'_>, rng: &mut GameRng) -> u8 {
        let Some(agent) = self.agent else {
            return self.built_in.key_chit(view, rng);
        };
        let allowed: Vec<String> = (1..=EVENTS).map(|e| e.to_string()).collect();
        ask(
            &mut agent.borrow_mut(),
            "key_chit",
            view_json(view),
            &allowed,
            |c| {
                text(c)
                    .parse::<u8>()
                    .ok()
                    .filter(|e| (1..=EVENTS as u8).contains(e))
                    .map(|e| e - 1)
            },
        )
        .unwrap_or(0)
    }

    fn use_at_once(&self, rng: &mut GameRng) -> bool {
        let Some(agent) = self.agent else {
            return self.built_in.use_at_once(rng);
        };
        let allowed = ["use".to_string(), "hold".to_string()];
        ask(
            &mut agent.borrow_mut(),
            "use_event",
            json!({}),
            &allowed,
            |c| match text(c).as_str() {
                "use" => Some(true),
                "hold" => Some(false),
                _ => None,
            },
        )
        .unwrap_or(true)
    }

    fn division_brigade(&self, division: usize, eligible: u8, fresh: u8, rng: &mut GameRng) -> u8 {
        let Some(agent) = self.agent else {
            return Decide::division_brigade(&self.built_in, division, eligible, fresh, rng);
        };
        let allowed: Vec<String> = brigades_of(eligible).iter().map(u32::to_string).collect();
        let message = json!({ "division": division + 1, "fresh": brigades_of(fresh) });
        ask(
            &mut agent.borrow_mut(),
            "division_brigade",
            message,
            &allowed,
            |c| {
                text(c)
                    .parse::<u8>()
                    .ok()
                    .filter(|b| (1..=8).contains(b) && eligible & (1 << (b - 1)) != 0)
                    .map(|b| b - 1)
            },
        )
        .unwrap_or(eligible.trailing_zeros() as u8)
    }

    fn any_brigade(&self, view: &View<'_>, rng: &mut GameRng) -> Option<(usize, u8)> {
        let Some(agent) = self.agent else {
            return self.built_in.any_brigade(view, rng);
        };
        let mut allowed = Vec::new();
        for (d, &count) in view.brigades.iter().enumerate() {
            for b in 0..count {
                allowed.push(format!("{}.{}", d + 1, b + 1));
            }
        }
        if allowed.is_empty() {
            return None;
        }
        let first = allowed[0].clone();
        let answer = ask(
            &mut agent.borrow_mut(),
            "any_brigade",
            view_json(view),
            &allowed,
            |c| {
                let choice = text(c);
                if !allowed.contains(&choice) {
                    return None;
                }
                let (d, b) = choice.split_once('.')?;
                Some((d.parse::<usize>().ok()? - 1, b.parse::<u8>().ok()? - 1))
            },
        );
        answer.or_else(|| {
            let (d, b) = first.split_once('.')?;
            Some((d.parse::<usize>().ok()? - 1, b.parse::<u8>().ok()? - 1))
        })
    }

    fn order(&self, nth: u8, rng: &mut GameRng) -> Order {
        let Some(agent) = self.agent else {
            return self.built_in.order(nth, rng);
        };
        let allowed: Vec<String> = Order::ALL.iter().map(|o| o.name().to_string()).collect();
        let message = json!({ "activation": nth + 1 });
        ask(&mut agent.borrow_mut(), "order", message, &allowed, |c| {
            Order::ALL.into_iter().find(|o| o.name() == text(c))
        })
        .unwrap_or(Order::Attack)
    }

    fn search(&self) -> Option<super::strategy::Search> {
        match self.agent {
            None => self.built_in.search(),
            Some(_) => None,
        }
    }
}

/// `fortunes agent sickles --strategy NAME`.
pub const AGENT: SystemCommand = SystemCommand { define, execute };

fn define() -> clap::Command {
    serve_command(SYSTEM, "Serve a built-in Hammerin' Sickles player over the agent protocol on stdin and stdout (docs/agents.md)")
}

fn execute(matches: &clap::ArgMatches) -> Result<()> {
    let name = matches
        .get_one::<String>("strategy")
        .expect("has a default");
    let player = resolve_built_in(STRATEGIES, name, &presets_dir(SYSTEM, None))?;
    let strategy = SicklesStrategy::from_player(&player);
    if let SicklesStrategy::Search(_) = strategy {
        return Err(crate::error::Error::new(crate::error::ErrorKind::BadArgument(format!(
            "{name}: the search plays out the rest of the turn from the whole cup, which the protocol does not send; allowed: random, heuristic or a preset of one"
        ))));
    }
    serve(
        |_, _| Ok(()),
        |message, n, rng| {
            let numbers = |key: &str| -> Vec<u64> {
                message[key]
                    .as_array()
                    .map(|a| a.iter().filter_map(Value::as_u64).collect())
                    .unwrap_or_default()
            };
            let mut brigades = [0u8; MAX_DIVISIONS];
            for (slot, b) in brigades.iter_mut().zip(numbers("brigades")) {
                *slot = b as u8;
            }
            let mut activations = [[0u8; 8]; MAX_DIVISIONS];
            if let Some(rows) = message["activations"].as_array() {
                for (slot, row) in activations.iter_mut().zip(rows) {
                    for (cell, a) in slot.iter_mut().zip(row.as_array().into_iter().flatten()) {
                        *cell = a.as_u64().unwrap_or(0) as u8;
                    }
                }
            }
            let mut events_used = [0u32; EVENTS];
            for (slot, e) in events_used.iter_mut().zip(numbers("events_used")) {
                *slot = e as u32;
            }
            let view = View {
                brigades: &brigades,
                activations: &activations,
                events_used: &events_used,
            };
            Ok(match message["decision"].as_str() {
                Some("key_chit") => json!(strategy.key_chit(&view, rng) as u64 + 1),
                Some("use_event") => {
                    json!(if strategy.use_at_once(rng) { "use" } else { "hold" })
                }
                Some("division_brigade") => {
                    let eligible = numbers("choices")
                        .into_iter()
                        .fold(0u8, |m, b| m | 1 << (b.clamp(1, 8) - 1));
                    let fresh = numbers("fresh")
                        .into_iter()
                        .fold(0u8, |m, b| m | 1 << (b.clamp(1, 8) - 1));
                    let division = message["division"].as_u64().unwrap_or(1) as usize;
                    let b = Decide::division_brigade(&strategy, division - 1, eligible, fresh, rng);
                    json!(b as u64 + 1)
                }
                Some("any_brigade") => match strategy.any_brigade(&view, rng) {
                    Some((d, b)) => json!(format!("{}.{}", d + 1, b + 1)),
                    None => return Err(protocol_error(n, "any_brigade with no brigade in play")),
                },
                Some("order") => {
                    let nth = message["activation"].as_u64().unwrap_or(1).saturating_sub(1) as u8;
                    json!(strategy.order(nth, rng).name())
                }
                other => {
                    return Err(protocol_error(
                        n,
                        format!("decision {other:?}; allowed: key_chit, use_event, division_brigade, any_brigade, order"),
                    ))
                }
            })
        },
    )
}
