//! Haggerty over the agent protocol (docs/agents.md): an external program
//! in a seat (`--strategy b=exec:python3 mybot.py`), and `fortunes agent
//! haggerty --strategy NAME`, a built-in player served over the same
//! protocol. A decision carries exactly the seat's `View`: its hand, the
//! legal choices, the cards it has not seen, counts and the last cards of
//! the round; the reply names one choice.

use super::rules::{Rules, SYSTEM};
use super::strategy::{HaggertyStrategy, STRATEGIES};
use super::view::{Strategy, View};
use crate::engine::cards::{Card, CardSet};
use crate::engine::seeding::GameRng;
use crate::engine::Seat;
use crate::error::Result;
use crate::params::ParamValues;
use crate::system::agent::{protocol_error, serve, serve_command, AgentSeat};
use crate::system::{presets_dir, resolve_built_in, SystemCommand};
use serde_json::{json, Value};
use std::cell::RefCell;

/// A card as the protocol names it: `10H`, `QS`, `JOKER1`, `JOKER2`.
pub fn card_name(card: Card) -> String {
    if card.is_joker() {
        format!("JOKER{}", card.index() - Card::joker(0).index() + 1)
    } else {
        card.to_string()
    }
}

fn cards(set: CardSet) -> Vec<String> {
    set.iter().map(card_name).collect()
}

/// What an agent in `seat` is told once (`system::agent::hello`).
pub fn hello(rules: &ParamValues, seat: Seat) -> Value {
    crate::system::agent::hello(
        SYSTEM,
        seat,
        rules,
        json!({
            "reveal": "a card of the hand to reveal for the initiative, or pass (out for the turn)",
            "chain": "a card outranking the last to play next, or stop"
        }),
    )
}

/// A decision: the seat's view and its legal choices.
pub fn decide_message(view: &View<'_>, decision: &str, game: u64) -> Value {
    let none = if decision == "reveal" { "pass" } else { "stop" };
    let mut choices = vec![none.to_string()];
    choices.extend(cards(view.legal));
    json!({
        "type": "decide",
        "decision": decision,
        "game": game,
        "turn": view.turn + 1,
        "round": view.round + 1,
        "hand": cards(view.hand),
        "unseen": cards(view.unseen),
        "opponent_cards": view.opponent_hand_len,
        "opponent_out": view.opponent_out,
        "own_last": view.own_last.map(card_name),
        "opponent_last": view.opponent_last.map(card_name),
        "last_first": view.last_first.map(|s| s.name()),
        "choices": choices,
    })
}

/// Asks the seat's agent for a decision; a reply that is not one of the
/// legal choices stops the run, naming the game and the decision.
fn decide(seat: &mut AgentSeat, view: &View<'_>, decision: &str) -> Option<Card> {
    if !seat.is_alive() {
        return None;
    }
    let message = decide_message(view, decision, seat.game());
    let at = seat.next_decision(&format!(
        "{decision}, turn {}, round {}",
        view.turn + 1,
        view.round + 1
    ));
    let reply = seat.ask(&message, &at)?;
    let none = if decision == "reveal" { "pass" } else { "stop" };
    match reply.get("choice").and_then(Value::as_str) {
        Some(c) if c.eq_ignore_ascii_case(none) => None,
        Some(c) => match c.parse::<Card>() {
            Ok(card) if view.legal.contains(card) => Some(card),
            _ => {
                let mut allowed = vec![none.to_string()];
                allowed.extend(cards(view.legal));
                seat.fail(&format!(
                    "{at}: illegal choice {c:?}; allowed: {}",
                    allowed.join(", ")
                ));
                None
            }
        },
        None => {
            seat.fail(&format!(
                "{at}: the reply {reply} has no \"choice\" string; allowed: {{\"choice\": \"{none}\" or a card of the choices}}"
            ));
            None
        }
    }
}

/// A seat in a game: a built-in player, or an agent.
pub struct Seated<'a> {
    pub built_in: HaggertyStrategy,
    pub agent: Option<&'a RefCell<AgentSeat>>,
}

impl Strategy for Seated<'_> {
    fn reveal(&self, view: &View<'_>, rng: &mut GameRng) -> Option<Card> {
        match self.agent {
            Some(agent) => decide(&mut agent.borrow_mut(), view, "reveal"),
            None => self.built_in.reveal(view, rng),
        }
    }

    fn chain(&self, view: &View<'_>, rng: &mut GameRng) -> Option<Card> {
        match self.agent {
            Some(agent) => decide(&mut agent.borrow_mut(), view, "chain"),
            None => self.built_in.chain(view, rng),
        }
    }
}

/// `fortunes agent haggerty --strategy NAME`.
pub const AGENT: SystemCommand = SystemCommand { define, execute };

fn define() -> clap::Command {
    serve_command(SYSTEM, "Serve a built-in Haggerty player over the agent protocol on stdin and stdout (docs/agents.md)")
}

fn card_list(message: &Value, key: &str, line: usize) -> Result<CardSet> {
    let mut set = CardSet::EMPTY;
    for card in message[key]
        .as_array()
        .ok_or_else(|| protocol_error(line, format!("{key:?} is not a list of cards")))?
    {
        let text = card.as_str().unwrap_or_default();
        set.insert(
            text.parse::<Card>()
                .map_err(|e| protocol_error(line, format!("{key}: {e}")))?,
        );
    }
    Ok(set)
}

fn one_card(message: &Value, key: &str, line: usize) -> Result<Option<Card>> {
    match &message[key] {
        Value::Null => Ok(None),
        Value::String(text) => text
            .parse::<Card>()
            .map(Some)
            .map_err(|e| protocol_error(line, format!("{key}: {e}"))),
        other => Err(protocol_error(
            line,
            format!("{key}: {other} is not a card"),
        )),
    }
}

fn execute(matches: &clap::ArgMatches) -> Result<()> {
    let name = matches
        .get_one::<String>("strategy")
        .expect("has a default");
    let player = resolve_built_in(STRATEGIES, name, &presets_dir(SYSTEM, None))?;
    let strategy = HaggertyStrategy::from_player(&player);
    // `hello` sets the rules and seat `decide` reads.
    let greeted = RefCell::new(None::<(Rules, Seat)>);
    serve(
        |message, n| {
            let values = crate::system::agent::hello_rules(
                message,
                n,
                ParamValues::defaults(SYSTEM, super::rules::SPECS),
            )?;
            let seat = match message["seat"].as_str() {
                Some("b") => Seat::B,
                _ => Seat::A,
            };
            *greeted.borrow_mut() = Some((Rules::from_values(values)?, seat));
            Ok(())
        },
        |message, n, rng| {
            let greeted = greeted.borrow();
            let (rules, seat) = greeted
                .as_ref()
                .ok_or_else(|| protocol_error(n, "decide before hello"))?;
            let legal = message["choices"]
                .as_array()
                .ok_or_else(|| protocol_error(n, "no choices"))?
                .iter()
                .filter_map(Value::as_str)
                .filter_map(|c| c.parse::<Card>().ok())
                .fold(CardSet::EMPTY, CardSet::with);
            let number = |key: &str| message[key].as_u64().unwrap_or(1) as u32;
            let view = View {
                rules,
                seat: *seat,
                hand: card_list(message, "hand", n)?,
                legal,
                unseen: card_list(message, "unseen", n)?,
                opponent_hand_len: message["opponent_cards"].as_u64().unwrap_or(0) as u32,
                opponent_out: message["opponent_out"].as_bool().unwrap_or(false),
                own_last: one_card(message, "own_last", n)?,
                opponent_last: one_card(message, "opponent_last", n)?,
                turn: number("turn").saturating_sub(1),
                round: number("round").saturating_sub(1),
                last_first: match message["last_first"].as_str() {
                    Some("a") => Some(Seat::A),
                    Some("b") => Some(Seat::B),
                    _ => None,
                },
            };
            let (choice, none) = match message["decision"].as_str() {
                Some("reveal") => (strategy.reveal(&view, rng), "pass"),
                Some("chain") => (strategy.chain(&view, rng), "stop"),
                other => {
                    return Err(protocol_error(
                        n,
                        format!("decision {other:?}; allowed: reveal, chain"),
                    ))
                }
            };
            Ok(json!(choice.map_or(none.to_string(), card_name)))
        },
    )
}
