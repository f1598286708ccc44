//! Skirmishing with Ancients over the agent protocol (docs/agents.md): an
//! external program for a side (`--strategy b=exec:COMMAND`), and
//! `fortunes agent skirmish --strategy NAME`, a built-in served over the
//! same protocol. The decision is the card: the message carries what the
//! side may know (its hand, how far the enemy is, its speed and shooters'
//! load, whether it must meet a charge, both sides' men) and the values in
//! hand; the reply names one.

use super::events::Event;
use super::game::{Cards, Game};
use super::rules::SYSTEM;
use super::scenario::Scenario;
use super::strategy::{CardPlay, Hand, Situation, SkirmishStrategy, STRATEGIES};
use crate::engine::{BySeat, Seat};
use crate::error::Result;
use crate::params::ParamValues;
use crate::system::agent::{serve, AgentSeat};
use crate::system::{presets_dir, resolve_built_in, AgentArgs, AgentCommand, Observer};
use serde_json::{json, Value};
use std::cell::RefCell;

/// What an agent for `seat` is told (`system::agent::hello`), with the
/// scenario.
pub fn hello(rules: &ParamValues, scenario: &toml::Table, seat: Seat) -> Value {
    let mut hello = crate::system::agent::hello(
        SYSTEM,
        seat,
        rules,
        json!({
            "card": "the card (an increment value, 1-6) the side plays, among the values in its hand"
        }),
    );
    hello["scenario"] = serde_json::to_value(scenario).unwrap_or(Value::Null);
    hello
}

/// The cards of the sides agents play.
pub struct AgentCards<'a> {
    pub scenario: &'a Scenario,
    pub agents: BySeat<Option<&'a RefCell<AgentSeat>>>,
}

impl Cards for AgentCards<'_> {
    fn card<O: Observer<Event>>(
        &mut self,
        game: &Game<O>,
        seat: Seat,
        step: usize,
        situation: &Situation,
    ) -> Option<u32> {
        let agent = self.agents[seat]?;
        let hand = game.hands[seat];
        // A failed agent's side plays its lowest card until the run stops.
        let fallback = hand.lowest();
        let mut agent = agent.borrow_mut();
        if !agent.is_alive() {
            return fallback;
        }
        let at = agent.next_decision("card");
        let men = |s: Seat| {
            let m = game.men_count(self.scenario, s);
            json!({ "fighting": m.fighting, "wounded": m.wounded, "running": m.running, "dead": m.dead, "reserves": m.reserves })
        };
        let choices: Vec<u32> = hand.values().collect();
        let message = json!({
            "type": "decide",
            "decision": "card",
            "game": agent.game(),
            "play": step + 1,
            "hand": hand_list(&hand),
            "attacking": situation.attacking,
            "distance": situation.distance,
            "speed": situation.speed,
            "load": situation.load,
            "charged": situation.charged,
            "creek": (situation.stop < situation.distance && game.crossing() == 0)
                .then_some(situation.stop),
            "crossing": game.crossing(),
            "own_men": men(seat),
            "enemy_men": men(seat.other()),
            "choices": choices,
        });
        let Some(reply) = agent.ask(&message, &at) else {
            return fallback;
        };
        let choice = reply.get("choice");
        match choice.and_then(Value::as_u64) {
            Some(v) if (1..=6).contains(&v) && hand.has(v as u32) => Some(v as u32),
            _ => {
                agent.fail(&format!(
                    "{at}: illegal choice {}; allowed: {}",
                    choice.map_or("(none)".to_string(), Value::to_string),
                    choices
                        .iter()
                        .map(u32::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
                fallback
            }
        }
    }
}

/// A hand as the list of its cards, lowest first.
fn hand_list(hand: &Hand) -> Vec<u32> {
    hand.values()
        .flat_map(|v| std::iter::repeat_n(v, hand.count(v) as usize))
        .collect()
}

/// `fortunes agent skirmish --strategy NAME`.
pub const AGENT: AgentCommand = AgentCommand {
    about: "Serve a built-in Skirmishing with Ancients player over the agent protocol on stdin and stdout (docs/agents.md); not the search, which needs the whole game",
    strategy: "hold_high",
    serve: serve_player,
};

fn serve_player(args: &AgentArgs) -> Result<()> {
    let name = &args.strategy;
    let player = resolve_built_in(STRATEGIES, name, &presets_dir(SYSTEM, None))?;
    let strategy = SkirmishStrategy::from_player(&player);
    if strategy.cards == CardPlay::Search {
        return Err(crate::error::Error::new(crate::error::ErrorKind::BadArgument(format!(
            "{name}: the search plays out the whole game, which the protocol does not send; allowed: random, lowest, highest, hold_high, cadence or a preset of one"
        ))));
    }
    serve(
        |_| Ok(()),
        |message, rng| {
            message.one_of("decision", &["card"])?;
            let mut hand = Hand::default();
            // A hand is at most the deck, six values of at most 255 cards
            // each (a count is a byte).
            let allowed = "a list of 1 to 255 cards, each a value from 1 to 6";
            let cards = message
                .list("hand", 255)
                .map_err(|_| message.bad("hand", allowed))?;
            for v in cards {
                match v.as_u64() {
                    Some(v @ 1..=6) if hand.count(v as u32) < 255 => hand.add(v as u32),
                    _ => return Err(message.bad_value("hand", v, allowed)),
                }
            }
            if hand.is_empty() {
                return Err(message.bad("hand", allowed));
            }
            // A scenario's distance is at most 1,000 inches and a man
            // moves at most a few a step; the bounds keep the players'
            // arithmetic far from overflow.
            let distance = message.number("distance", 0, 1_000_000)? as u32;
            let crossing = message.number("crossing", 0, 12)? as u32;
            let creek = message.optional_number("creek", 0, 1_000_000)?;
            let situation = Situation {
                attacking: message.flag("attacking")?,
                distance,
                speed: message.number("speed", 0, 1_000_000)? as u32,
                load: message.optional_number("load", 0, 255)?.map(|l| l as u8),
                charged: message.flag("charged")?,
                // Where the advance stops: in the creek, nowhere; short of
                // it, at it; else at contact.
                stop: match (crossing, creek) {
                    (1.., _) => 0,
                    (0, Some(creek)) => (creek as u32).min(distance),
                    (0, None) => distance,
                },
            };
            Ok(json!(strategy.card(&hand, &situation, rng)))
        },
    )
}
