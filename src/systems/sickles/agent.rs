//! Hammerin' Sickles over the agent protocol (docs/agents.md): an external
//! program for a side (`--strategy b=exec:COMMAND`), and `fortunes agent
//! sickles --strategy NAME`, a built-in served over the same protocol. A
//! decision carries the side's `View` (its brigades in play, their
//! activations this turn, its events used so far) and the decision's own
//! facts; the reply names one choice.

use super::rules::{EVENTS, SYSTEM};
use super::scenario::{MAX_BRIGADES, MAX_DIVISIONS};
use super::strategy::{Decide, Order, SicklesStrategy, View, STRATEGIES};
use crate::engine::seeding::GameRng;
use crate::engine::Seat;
use crate::error::Result;
use crate::params::ParamValues;
use crate::system::agent::{serve, AgentSeat, Message};
use crate::system::{presets_dir, resolve_built_in, AgentArgs, AgentCommand};
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

/// A side's view as a message gives it: brigades in play by division,
/// their activations, the events used.
type ViewParts = ([u8; MAX_DIVISIONS], [[u8; 8]; MAX_DIVISIONS], [u32; EVENTS]);

/// The decisions, in the order `execute` takes them.
const DECISIONS: [&str; 5] = [
    "key_chit",
    "use_event",
    "division_brigade",
    "any_brigade",
    "order",
];

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
pub const AGENT: AgentCommand = AgentCommand {
    about: "Serve a built-in Hammerin' Sickles player over the agent protocol on stdin and stdout (docs/agents.md)",
    strategy: "heuristic",
    serve: serve_player,
};

fn serve_player(args: &AgentArgs) -> Result<()> {
    let name = &args.strategy;
    let player = resolve_built_in(STRATEGIES, name, &presets_dir(SYSTEM, None))?;
    let strategy = SicklesStrategy::from_player(&player);
    if let SicklesStrategy::Search(_) = strategy {
        return Err(crate::error::Error::new(crate::error::ErrorKind::BadArgument(format!(
            "{name}: the search plays out the rest of the turn from the whole cup, which the protocol does not send; allowed: random, heuristic or a preset of one"
        ))));
    }
    serve(
        |_| Ok(()),
        |message, rng| {
            let decision = message.one_of("decision", &DECISIONS)?;
            // The view, for the decisions that carry it: every count in
            // range, so a brigade named from it exists.
            let view = |message: &Message<'_>| -> Result<ViewParts> {
                let mut brigades = [0u8; MAX_DIVISIONS];
                let listed = message.list("brigades", MAX_DIVISIONS)?;
                for (slot, b) in brigades.iter_mut().zip(listed) {
                    *slot = b
                        .as_u64()
                        .filter(|&b| b <= MAX_BRIGADES as u64)
                        .ok_or_else(|| {
                            message.bad("brigades", format_args!("a list of at most {MAX_DIVISIONS} whole numbers from 0 to {MAX_BRIGADES}"))
                        })? as u8;
                }
                let mut activations = [[0u8; 8]; MAX_DIVISIONS];
                let allowed = format!("a list of at most {MAX_DIVISIONS} lists of at most {MAX_BRIGADES} whole numbers from 0 to 255");
                let rows = message.list("activations", MAX_DIVISIONS)?;
                for (slot, row) in activations.iter_mut().zip(rows) {
                    let row = row
                        .as_array()
                        .filter(|row| row.len() <= MAX_BRIGADES)
                        .ok_or_else(|| message.bad("activations", &allowed))?;
                    for (cell, a) in slot.iter_mut().zip(row) {
                        *cell = a
                            .as_u64()
                            .and_then(|a| u8::try_from(a).ok())
                            .ok_or_else(|| message.bad("activations", &allowed))?;
                    }
                }
                let mut events_used = [0u32; EVENTS];
                for (slot, e) in events_used.iter_mut().zip(message.numbers(
                    "events_used",
                    EVENTS,
                    u32::MAX as u64,
                )?) {
                    *slot = e as u32;
                }
                Ok((brigades, activations, events_used))
            };
            // Brigades 1 to 8 of a list, as a mask.
            let mask = |key: &str, least: usize| -> Result<u8> {
                let allowed = || {
                    format!("a list of {least} to {MAX_BRIGADES} brigades, each from 1 to {MAX_BRIGADES}")
                };
                let list = message
                    .list(key, MAX_BRIGADES)
                    .map_err(|_| message.bad(key, allowed()))?;
                if list.len() < least {
                    return Err(message.bad(key, allowed()));
                }
                list.iter().try_fold(0u8, |m, b| {
                    b.as_u64()
                        .filter(|b| (1..=MAX_BRIGADES as u64).contains(b))
                        .map(|b| m | 1 << (b - 1))
                        .ok_or_else(|| message.bad(key, allowed()))
                })
            };
            Ok(match decision {
                0 => {
                    let (brigades, activations, events_used) = view(message)?;
                    let view = View {
                        brigades: &brigades,
                        activations: &activations,
                        events_used: &events_used,
                    };
                    json!(strategy.key_chit(&view, rng) as u64 + 1)
                }
                1 => json!(if strategy.use_at_once(rng) {
                    "use"
                } else {
                    "hold"
                }),
                2 => {
                    let eligible = mask("choices", 1)?;
                    let fresh = mask("fresh", 0)?;
                    if fresh & !eligible != 0 {
                        return Err(message.bad("fresh", "brigades among the choices"));
                    }
                    let division = message.number("division", 1, MAX_DIVISIONS as u64)? as usize;
                    let b = Decide::division_brigade(&strategy, division - 1, eligible, fresh, rng);
                    json!(b as u64 + 1)
                }
                3 => {
                    let (brigades, activations, events_used) = view(message)?;
                    let view = View {
                        brigades: &brigades,
                        activations: &activations,
                        events_used: &events_used,
                    };
                    match strategy.any_brigade(&view, rng) {
                        Some((d, b)) => json!(format!("{}.{}", d + 1, b + 1)),
                        None => {
                            return Err(message
                                .bad("brigades", "at least one brigade in play, for any_brigade"))
                        }
                    }
                }
                _ => {
                    let nth = message.number("activation", 1, 255)? - 1;
                    json!(strategy.order(nth as u8, rng).name())
                }
            })
        },
    )
}
