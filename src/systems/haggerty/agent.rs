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
use crate::system::agent::{serve, AgentSeat, Message};
use crate::system::{presets_dir, resolve_built_in, AgentArgs, AgentCommand};
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
pub const AGENT: AgentCommand = AgentCommand {
    about: "Serve a built-in Haggerty player over the agent protocol on stdin and stdout (docs/agents.md)",
    strategy: "heuristic",
    serve: serve_player,
};

/// A list of cards of the game's `deck`, each once.
fn card_list(message: &Message<'_>, key: &str, deck: CardSet) -> Result<CardSet> {
    let mut set = CardSet::EMPTY;
    for value in message.list(key, 64)? {
        let card = one_card_of(message, key, value, deck)?;
        if set.contains(card) {
            return Err(message.bad_value(key, value, "each card once"));
        }
        set.insert(card);
    }
    Ok(set)
}

/// A card of the game's `deck`, as `value` names it.
fn one_card_of(message: &Message<'_>, key: &str, value: &Value, deck: CardSet) -> Result<Card> {
    value
        .as_str()
        .and_then(|text| text.parse::<Card>().ok())
        .filter(|card| deck.contains(*card))
        .ok_or_else(|| {
            message.bad_value(
                key,
                value,
                format_args!("a card of this game's deck: {}", cards(deck).join(", ")),
            )
        })
}

/// A card of the deck, or `null` (or nothing).
fn one_card(message: &Message<'_>, key: &str, deck: CardSet) -> Result<Option<Card>> {
    match message.get(key) {
        Value::Null => Ok(None),
        value => one_card_of(message, key, value, deck).map(Some),
    }
}

fn serve_player(args: &AgentArgs) -> Result<()> {
    let name = &args.strategy;
    let player = resolve_built_in(STRATEGIES, name, &presets_dir(SYSTEM, None))?;
    let strategy = HaggertyStrategy::from_player(&player);
    // `hello` sets the rules and seat `decide` reads.
    let greeted = RefCell::new(None::<(Rules, Seat)>);
    serve(
        |message| {
            let values = crate::system::agent::hello_rules(
                message,
                ParamValues::defaults(SYSTEM, super::rules::SPECS),
            )?;
            let seat = message.seat("seat")?;
            let rules = Rules::from_values(values)
                .map_err(|e| message.error(format_args!("rules: {e}")))?;
            *greeted.borrow_mut() = Some((rules, seat));
            Ok(())
        },
        |message, rng| {
            let greeted = greeted.borrow();
            let (rules, seat) = greeted
                .as_ref()
                .ok_or_else(|| message.error("decide before hello"))?;
            let decision = message.one_of("decision", &["reveal", "chain"])?;
            let none = ["pass", "stop"][decision];
            let deck = rules.deck;
            let hand = card_list(message, "hand", deck)?;
            let unseen = card_list(message, "unseen", deck)?;
            if let Some(card) = hand.intersect(unseen).iter().next() {
                return Err(message.bad_value(
                    "unseen",
                    card_name(card),
                    "the cards the seat has not seen, none of its hand",
                ));
            }
            // The first choice is passing or stopping, the rest cards of
            // the hand (the search and the random player pick among them).
            let choices = message.list("choices", 65)?;
            if choices.first().and_then(Value::as_str) != Some(none) {
                return Err(message.bad(
                    "choices",
                    format_args!("\"{none}\" first, then cards of the hand"),
                ));
            }
            let mut legal = CardSet::EMPTY;
            for value in &choices[1..] {
                let card = one_card_of(message, "choices", value, hand).map_err(|_| {
                    message.bad_value(
                        "choices",
                        value,
                        format_args!("\"{none}\" first, then cards of the hand"),
                    )
                })?;
                legal.insert(card);
            }
            let view = View {
                rules,
                seat: *seat,
                hand,
                legal,
                unseen,
                opponent_hand_len: message.number("opponent_cards", 0, unseen.len() as u64)? as u32,
                opponent_out: message.flag("opponent_out")?,
                own_last: one_card(message, "own_last", deck)?,
                opponent_last: one_card(message, "opponent_last", deck)?,
                turn: message.number("turn", 1, rules.turns as u64)? as u32 - 1,
                round: message.number("round", 1, 1_000_000)? as u32 - 1,
                last_first: match message.get("last_first") {
                    Value::Null => None,
                    _ => Some(
                        message
                            .seat("last_first")
                            .map_err(|_| message.bad("last_first", "a, b or null"))?,
                    ),
                },
            };
            let choice = match decision {
                0 => strategy.reveal(&view, rng),
                _ => strategy.chain(&view, rng),
            };
            Ok(json!(choice.map_or(none.to_string(), card_name)))
        },
    )
}
