//! Haggis over the agent protocol (docs/agents.md): an external program
//! for a seat (`--strategy b=exec:COMMAND`), and `fortunes agent haggis
//! --strategy NAME`, a built-in served over the same protocol. The two
//! decisions, the bet and each play or pass, carry exactly what the seat
//! may know (the round as `RoundState::visible_to` leaves it: its hand, the
//! opponent's face-up wilds and card count, everything played, the trick,
//! the scores and bets) and the legal choices, each play written as
//! `fortunes haggis moves` writes it.

use super::cards::Cards;
use super::combo::{Bomb, Combo, Play};
use super::moves::{generate, MoveList};
use super::round::RoundState;
use super::rules::{Bet, Rules, SYSTEM};
use super::strategy::{HaggisStrategy, Scratch, Strategy, View, STRATEGIES};
use crate::engine::seeding::GameRng;
use crate::engine::{BySeat, Seat};
use crate::error::Result;
use crate::params::ParamValues;
use crate::system::agent::{allowed_list, protocol_error, serve, serve_command, AgentSeat};
use crate::system::{presets_dir, resolve_built_in, SystemCommand};
use serde_json::{json, Value};
use std::cell::RefCell;

/// What an agent for `seat` is told (`system::agent::hello`).
pub fn hello(rules: &ParamValues, seat: Seat) -> Value {
    crate::system::agent::hello(
        SYSTEM,
        seat,
        rules,
        json!({
            "bet": "the round's bet: none, little or big",
            "play": "a play among the legal ones (kind shape rank: cards), or pass when there is a combination to beat"
        }),
    )
}

fn combo_json(combo: Combo) -> Value {
    match combo {
        Combo::Seq { width, length, top } => {
            json!({ "text": combo.to_string(), "width": width, "length": length, "top": top })
        }
        Combo::Bomb(bomb) => json!({ "text": combo.to_string(), "bomb": bomb.name() }),
    }
}

fn combo_from(value: &Value) -> Option<Combo> {
    if let Some(name) = value["bomb"].as_str() {
        return Bomb::ALL
            .into_iter()
            .find(|b| b.name() == name)
            .map(Combo::Bomb);
    }
    let field = |key: &str| value[key].as_u64().and_then(|v| u8::try_from(v).ok());
    Some(Combo::Seq {
        width: field("width")?,
        length: field("length")?,
        top: field("top")?,
    })
}

/// The seat's view: the round it may see, the scores and the bets.
fn view_json(view: &View<'_>) -> Value {
    let round = &view.round;
    let pair = |values: BySeat<u32>| json!([values[Seat::A], values[Seat::B]]);
    json!({
        "seat": view.seat.name(),
        "hand": view.hand().to_string(),
        "opponent_wilds": round.hands[view.seat.other()].to_string(),
        "opponent_numbers": view.opponent_numbers,
        "played": round.played.to_string(),
        "scores": pair(view.scores),
        "bets": [round.bets[Seat::A].name(), round.bets[Seat::B].name()],
        "opponent_bet": view.opponent_bet.map(Bet::name),
        "dealer": round.dealer.name(),
        "turn": round.turn.name(),
        "to_beat": round.to_beat.map_or(Value::Null, combo_json),
        "last_player": round.last_player.name(),
        "trick_points": round.trick_points,
        "trick_cards": round.trick_cards,
        "captured_points": pair(round.captured_points),
        "captured_cards": pair(round.captured_cards),
        "tricks": round.tricks,
        "plays": pair(round.plays),
        "passes": pair(round.passes),
        "bombs": [round.bombs[Seat::A].to_vec(), round.bombs[Seat::B].to_vec()],
    })
}

/// The view a message carries, under `rules`; `None` names the field that
/// is missing or wrong.
fn view_from<'r>(message: &Value, rules: &'r Rules) -> std::result::Result<View<'r>, String> {
    let seat_of = |key: &str| {
        message[key]
            .as_str()
            .and_then(Seat::parse)
            .ok_or_else(|| format!("{key}: a or b"))
    };
    let cards = |key: &str| {
        Cards::parse(message[key].as_str().unwrap_or("")).map_err(|e| format!("{key}: {e}"))
    };
    let number = |key: &str| {
        message[key]
            .as_u64()
            .map(|v| v as u32)
            .ok_or_else(|| format!("{key}: a number"))
    };
    let pair = |key: &str| -> std::result::Result<BySeat<u32>, String> {
        let list = message[key].as_array().filter(|l| l.len() == 2);
        let list = list.ok_or_else(|| format!("{key}: two numbers"))?;
        let at = |i: usize| list[i].as_u64().map(|v| v as u32);
        Ok(BySeat([
            at(0).ok_or_else(|| format!("{key}: two numbers"))?,
            at(1).ok_or_else(|| format!("{key}: two numbers"))?,
        ]))
    };
    let bet = |value: &Value| {
        Bet::ALL
            .into_iter()
            .find(|b| Some(b.name()) == value.as_str())
    };
    let seat = seat_of("seat")?;
    let mut hands = BySeat([Cards::EMPTY; 2]);
    hands[seat] = cards("hand")?;
    hands[seat.other()] = cards("opponent_wilds")?;
    let mut bets = BySeat([Bet::None; 2]);
    for (s, value) in Seat::BOTH
        .into_iter()
        .zip(message["bets"].as_array().into_iter().flatten())
    {
        bets[s] = bet(value).ok_or("bets: none, little or big")?;
    }
    let mut bombs = BySeat([[0u8; 6]; 2]);
    for (s, row) in Seat::BOTH
        .into_iter()
        .zip(message["bombs"].as_array().into_iter().flatten())
    {
        for (slot, n) in bombs[s]
            .iter_mut()
            .zip(row.as_array().into_iter().flatten())
        {
            *slot = n.as_u64().unwrap_or(0) as u8;
        }
    }
    let round = RoundState {
        hands,
        haggis: Cards::EMPTY,
        bets,
        dealer: seat_of("dealer")?,
        turn: seat_of("turn")?,
        to_beat: match &message["to_beat"] {
            Value::Null => None,
            value => Some(combo_from(value).ok_or("to_beat: a combination")?),
        },
        last_player: seat_of("last_player")?,
        trick_points: number("trick_points")?,
        trick_cards: number("trick_cards")?,
        captured_points: pair("captured_points")?,
        captured_cards: pair("captured_cards")?,
        played: cards("played")?,
        out: None,
        tricks: number("tricks")?,
        plays: pair("plays")?,
        passes: pair("passes")?,
        bombs,
    };
    Ok(View {
        rules,
        seat,
        round,
        opponent_numbers: number("opponent_numbers")?,
        scores: pair("scores")?,
        opponent_bet: match &message["opponent_bet"] {
            Value::Null => None,
            value => Some(bet(value).ok_or("opponent_bet: none, little, big or null")?),
        },
    })
}

/// The legal plays of the seat to move, each once, in the generator's
/// order; a pass is legal besides when there is a combination to beat.
fn legal_plays(view: &View<'_>) -> Vec<Play> {
    let mut moves = MoveList::new();
    generate(
        view.hand(),
        view.round.to_beat,
        view.rules.bombs,
        &mut moves,
    );
    let mut plays: Vec<Play> = Vec::with_capacity(moves.as_slice().len());
    for &play in moves.as_slice() {
        if !plays.contains(&play) {
            plays.push(play);
        }
    }
    plays
}

/// A seat in a game: a built-in player, or an agent.
pub struct Seated<'a> {
    pub built_in: HaggisStrategy,
    pub agent: Option<&'a RefCell<AgentSeat>>,
}

/// Asks the agent for one of `choices`; `None` when it cannot answer or
/// answers with something else (the failure recorded, naming the game and
/// the decision).
fn ask(
    agent: &RefCell<AgentSeat>,
    decision: &str,
    view: &View<'_>,
    choices: &[String],
) -> Option<usize> {
    let mut agent = agent.borrow_mut();
    if !agent.is_alive() {
        return None;
    }
    let at = agent.next_decision(decision);
    let mut message = view_json(view);
    message["type"] = "decide".into();
    message["decision"] = decision.into();
    message["game"] = agent.game().into();
    message["choices"] = json!(choices);
    let reply = agent.ask(&message, &at)?;
    let choice = reply.get("choice");
    match choice
        .and_then(Value::as_str)
        .and_then(|c| choices.iter().position(|x| x == c))
    {
        Some(i) => Some(i),
        None => {
            agent.fail(&format!(
                "{at}: illegal choice {}; allowed: {}",
                choice.map_or("(none)".to_string(), Value::to_string),
                allowed_list(choices)
            ));
            None
        }
    }
}

impl Strategy for Seated<'_> {
    fn bet(&self, view: &View<'_>, scratch: &mut Scratch, rng: &mut GameRng) -> Bet {
        let Some(agent) = self.agent else {
            return self.built_in.bet(view, scratch, rng);
        };
        let choices: Vec<String> = Bet::ALL.iter().map(|b| b.name().to_string()).collect();
        ask(agent, "bet", view, &choices).map_or(Bet::None, |i| Bet::ALL[i])
    }

    fn play(&self, view: &View<'_>, scratch: &mut Scratch, rng: &mut GameRng) -> Option<Play> {
        let Some(agent) = self.agent else {
            return self.built_in.play(view, scratch, rng);
        };
        let plays = legal_plays(view);
        let mut choices: Vec<String> = plays.iter().map(Play::to_string).collect();
        if view.round.to_beat.is_some() {
            choices.push("pass".into());
        }
        match ask(agent, "play", view, &choices) {
            Some(i) => plays.get(i).copied(),
            // A failed agent's seat passes, or leads its first play, until
            // the run stops.
            None if view.round.to_beat.is_some() => None,
            None => plays.first().copied(),
        }
    }
}

/// `fortunes agent haggis --strategy NAME`.
pub const AGENT: SystemCommand = SystemCommand { define, execute };

fn define() -> clap::Command {
    serve_command(
        SYSTEM,
        "Serve a built-in Haggis player over the agent protocol on stdin and stdout (docs/agents.md)",
    )
}

fn execute(matches: &clap::ArgMatches) -> Result<()> {
    let name = matches
        .get_one::<String>("strategy")
        .expect("has a default");
    let player = resolve_built_in(STRATEGIES, name, &presets_dir(SYSTEM, None))?;
    let strategy = HaggisStrategy::from_player(&player);
    // `hello` sets the rules `decide` reads.
    let rules = RefCell::new(Rules::from_values(Rules::defaults())?);
    let mut scratch = Scratch::new();
    serve(
        |message, n| {
            let values = crate::system::agent::hello_rules(message, n, Rules::defaults())?;
            *rules.borrow_mut() = Rules::from_values(values)?;
            Ok(())
        },
        |message, n, rng| {
            let rules = rules.borrow();
            let view = view_from(message, &rules).map_err(|e| protocol_error(n, e))?;
            Ok(match message["decision"].as_str() {
                Some("bet") => json!(strategy.bet(&view, &mut scratch, rng).name()),
                Some("play") => match strategy.play(&view, &mut scratch, rng) {
                    Some(play) => json!(play.to_string()),
                    None => json!("pass"),
                },
                other => {
                    return Err(protocol_error(
                        n,
                        format!("decision {other:?}; allowed: bet, play"),
                    ))
                }
            })
        },
    )
}
