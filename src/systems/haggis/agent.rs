//! Haggis over the agent protocol (docs/agents.md): an external program
//! for a seat (`--strategy b=exec:COMMAND`), and `fortunes agent haggis
//! --strategy NAME`, a built-in served over the same protocol. The two
//! decisions, the bet and each play or pass, carry exactly what the seat
//! may know (the round as `RoundState::visible_to` leaves it: its hand, the
//! opponent's face-up wilds and card count, everything played, the trick,
//! the scores and bets) and the legal choices, each play written as
//! `fortunes haggis moves` writes it.

use super::cards::{Cards, HIGHEST, LOWEST};
use super::combo::{Bomb, Combo, Play};
use super::moves::{generate, MoveList};
use super::round::RoundState;
use super::rules::{Bet, Rules, SYSTEM};
use super::strategy::{HaggisStrategy, Scratch, Strategy, View, STRATEGIES};
use crate::engine::seeding::GameRng;
use crate::engine::{BySeat, Seat};
use crate::error::Result;
use crate::params::ParamValues;
use crate::system::agent::{allowed_list, serve, AgentSeat, Message};
use crate::system::{presets_dir, resolve_built_in, AgentArgs, AgentCommand};
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

/// A combination to beat as a message gives it: a bomb by name, or a
/// shape some play could make (so that the move generator, the search and
/// its playouts meet only combinations the rules allow).
fn combo_from(value: &Value) -> Option<Combo> {
    if let Some(name) = value["bomb"].as_str() {
        return Bomb::ALL
            .into_iter()
            .find(|b| b.name() == name)
            .map(Combo::Bomb);
    }
    let field = |key: &str| value[key].as_u64().and_then(|v| u8::try_from(v).ok());
    let (width, length, top) = (field("width")?, field("length")?, field("top")?);
    // Sets of 1 to 7 cards (four suits and three wilds), runs of three or
    // more singles, runs of two or more sets; no more cards than a hand
    // of 18 number cards and 3 wilds holds; every rank from 2 to K.
    let shape = length == 1 && (1..=7).contains(&width)
        || width == 1 && length >= 3
        || (2..=7).contains(&width) && length >= 2;
    let fits = (width as u32) * (length as u32) <= 21
        && length <= HIGHEST - LOWEST + 1
        && top <= HIGHEST
        && top + 1 >= LOWEST + length;
    (shape && fits).then_some(Combo::Seq { width, length, top })
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

/// The view a message carries, under `rules`, for a `bet` or a `play`:
/// every field the players read, checked to be a round the rules could
/// reach (the seat holds cards, and so does the opponent; no card is both
/// in a hand and played), since the search plays such a round out and an
/// impossible one need not end.
fn view_from<'r>(message: &Message<'_>, rules: &'r Rules, play: bool) -> Result<View<'r>> {
    let cards = |key: &str| {
        let text = message.text(key)?;
        Cards::parse(text).map_err(|e| message.error(format_args!("{key}: {e}")))
    };
    let pair = |key: &str| -> Result<BySeat<u32>> {
        let list = message.numbers(key, 2, u32::MAX as u64)?;
        Ok(BySeat([list[0] as u32, list[1] as u32]))
    };
    let number = |key: &str| message.number(key, 0, u32::MAX as u64).map(|n| n as u32);
    let bet_names: Vec<&str> = Bet::ALL.iter().map(|b| b.name()).collect();
    let bet = |value: &Value| {
        Bet::ALL
            .into_iter()
            .find(|b| Some(b.name()) == value.as_str())
    };
    let seat = message.seat("seat")?;
    let hand = cards("hand")?;
    if hand.is_empty() || hand.numbers().len() > rules.hand_size {
        return Err(message.bad(
            "hand",
            format_args!(
                "the seat's cards: 1 to {} number cards and its wilds (a seat with none has gone out)",
                rules.hand_size
            ),
        ));
    }
    let opponent_wilds = cards("opponent_wilds")?;
    if opponent_wilds != opponent_wilds.wilds() {
        return Err(message.bad("opponent_wilds", "wilds only: J, Q, K"));
    }
    let played = cards("played")?;
    if played != played.numbers() || !played.intersect(hand).is_empty() {
        return Err(message.bad("played", "number cards, none of them in hand"));
    }
    let unseen = Cards::ALL_NUMBERS.without(hand).without(played).len();
    let opponent_numbers = message.number("opponent_numbers", 0, unseen as u64)? as u32;
    if opponent_numbers == 0 && opponent_wilds.is_empty() {
        return Err(message.bad(
            "opponent_numbers",
            "at least 1 when the opponent has no wilds: an opponent without cards has gone out",
        ));
    }
    let mut hands = BySeat([Cards::EMPTY; 2]);
    hands[seat] = hand;
    hands[seat.other()] = opponent_wilds;
    let allowed_bets = format!("two of {}", bet_names.join(", "));
    let bets_list = message.list("bets", 2)?;
    let mut bets = BySeat([Bet::None; 2]);
    if bets_list.len() != 2 {
        return Err(message.bad("bets", &allowed_bets));
    }
    for (s, value) in Seat::BOTH.into_iter().zip(bets_list) {
        bets[s] = bet(value).ok_or_else(|| message.bad("bets", &allowed_bets))?;
    }
    let allowed_bombs = "two lists of six whole numbers from 0 to 255, one a seat";
    let rows = message.list("bombs", 2)?;
    if rows.len() != 2 {
        return Err(message.bad("bombs", allowed_bombs));
    }
    let mut bombs = BySeat([[0u8; 6]; 2]);
    for (s, row) in Seat::BOTH.into_iter().zip(rows) {
        let row = row
            .as_array()
            .filter(|row| row.len() == 6)
            .ok_or_else(|| message.bad("bombs", allowed_bombs))?;
        for (slot, n) in bombs[s].iter_mut().zip(row) {
            *slot = n
                .as_u64()
                .and_then(|n| u8::try_from(n).ok())
                .ok_or_else(|| message.bad("bombs", allowed_bombs))?;
        }
    }
    let turn = message.seat("turn")?;
    if play && turn != seat {
        return Err(message.bad(
            "turn",
            format_args!("{}, the seat asked to play", seat.name()),
        ));
    }
    let round = RoundState {
        hands,
        haggis: Cards::EMPTY,
        bets,
        dealer: message.seat("dealer")?,
        turn,
        to_beat: match message.get("to_beat") {
            Value::Null => None,
            value => Some(combo_from(value).ok_or_else(|| {
                message.bad(
                    "to_beat",
                    "null, {\"bomb\": NAME}, or {\"width\", \"length\", \"top\"} of a set or run the rules allow",
                )
            })?),
        },
        last_player: message.seat("last_player")?,
        trick_points: number("trick_points")?,
        trick_cards: number("trick_cards")?,
        captured_points: pair("captured_points")?,
        captured_cards: pair("captured_cards")?,
        played,
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
        opponent_numbers,
        scores: pair("scores")?,
        opponent_bet: match message.get("opponent_bet") {
            Value::Null => None,
            value => Some(bet(value).ok_or_else(|| {
                message.bad(
                    "opponent_bet",
                    format_args!("{} or null", bet_names.join(", ")),
                )
            })?),
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
pub const AGENT: AgentCommand = AgentCommand {
    about: "Serve a built-in Haggis player over the agent protocol on stdin and stdout (docs/agents.md)",
    strategy: "heuristic",
    serve: serve_player,
};

fn serve_player(args: &AgentArgs) -> Result<()> {
    let name = &args.strategy;
    let player = resolve_built_in(STRATEGIES, name, &presets_dir(SYSTEM, None))?;
    let strategy = HaggisStrategy::from_player(&player);
    // `hello` sets the rules `decide` reads.
    let rules = RefCell::new(Rules::from_values(Rules::defaults())?);
    let mut scratch = Scratch::new();
    serve(
        |message| {
            let values = crate::system::agent::hello_rules(message, Rules::defaults())?;
            *rules.borrow_mut() = Rules::from_values(values)
                .map_err(|e| message.error(format_args!("rules: {e}")))?;
            Ok(())
        },
        |message, rng| {
            let rules = rules.borrow();
            let decision = message.one_of("decision", &["bet", "play"])?;
            let view = view_from(message, &rules, decision == 1)?;
            Ok(match decision {
                0 => json!(strategy.bet(&view, &mut scratch, rng).name()),
                _ => match strategy.play(&view, &mut scratch, rng) {
                    Some(play) => json!(play.to_string()),
                    None => json!("pass"),
                },
            })
        },
    )
}
