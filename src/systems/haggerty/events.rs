//! What `fortunes replay haggerty` tells: every card drawn, every reveal
//! and chained card with the choices the seat had, how the initiative
//! fell, and each turn's and the game's end. Turns and rounds count from
//! 1. The JSON of each is documented in `docs/replay.md`.

use crate::engine::cards::{Card, CardSet};
use crate::engine::Seat;
use serde::Serialize;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A seat's hand refilled to its size at a turn's start (the deal is
    /// the first turn's refill); `pile` is what the draw pile holds after.
    Refill {
        turn: u32,
        seat: &'static str,
        drawn: Vec<String>,
        hand: Vec<String>,
        pile: u32,
    },
    /// The draw pile ran out and the discards were shuffled into it.
    Reshuffle { turn: u32, cards: u32 },
    /// A seat reveals a card for the initiative (`card`), or passes
    /// (`card` null) and is out for the rest of the turn; it could reveal
    /// any card of `hand`.
    Reveal {
        turn: u32,
        round: u32,
        seat: &'static str,
        hand: Vec<String>,
        card: Option<String>,
    },
    /// Who goes first this round: the higher card of a contested round
    /// (`contested`), else the one seat that revealed; `coin` is the seat
    /// a coin flip chose when both revealed jokers.
    Initiative {
        turn: u32,
        round: u32,
        first: &'static str,
        contested: bool,
        joker_tie: bool,
        coin: Option<&'static str>,
    },
    /// A seat may play another card that outranks its `last` (and, for
    /// the second player, the first player's last): `legal` are those it
    /// holds; `card` the one played, null when it stops.
    Chain {
        turn: u32,
        round: u32,
        seat: &'static str,
        last: String,
        legal: Vec<String>,
        card: Option<String>,
    },
    /// A turn ends: the cards each seat played and kept, and the unit
    /// actions its played cards allowed.
    TurnEnd {
        turn: u32,
        rounds: u32,
        played: [u32; 2],
        unit_actions: [u32; 2],
        cards_left: [u32; 2],
    },
    /// The game ends.
    GameEnd {
        turns: u32,
        reshuffles: u32,
        ended_by_deck: bool,
    },
}

/// A set of cards, lowest first, as their names.
pub fn names(cards: CardSet) -> Vec<String> {
    cards.iter().map(|c| c.to_string()).collect()
}

pub fn name(card: Option<Card>) -> Option<String> {
    card.map(|c| c.to_string())
}

pub fn seat(seat: Seat) -> &'static str {
    seat.name()
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Refill {
                turn,
                seat,
                drawn,
                hand,
                pile,
            } => write!(
                f,
                "turn {turn}: {seat} draws {} (hand {}; {pile} left in the pile)",
                list(drawn),
                list(hand)
            ),
            Event::Reshuffle { turn, cards } => {
                write!(f, "turn {turn}: the pile is empty; {cards} discards shuffled into it")
            }
            Event::Reveal {
                turn,
                round,
                seat,
                hand,
                card,
            } => match card {
                Some(card) => write!(
                    f,
                    "turn {turn} round {round}: {seat} reveals {card} (could reveal {})",
                    list(hand)
                ),
                None => write!(
                    f,
                    "turn {turn} round {round}: {seat} passes holding {} and is out of the turn",
                    list(hand)
                ),
            },
            Event::Initiative {
                turn,
                round,
                first,
                contested,
                joker_tie,
                coin,
            } => {
                write!(f, "turn {turn} round {round}: {first} goes first")?;
                match (contested, joker_tie, coin) {
                    (false, _, _) => write!(f, " (the only seat to reveal)"),
                    (true, true, Some(_)) => write!(f, " (both jokers; a coin flip)"),
                    (true, true, None) => {
                        write!(f, " (both jokers; the previous round's first player)")
                    }
                    (true, false, _) => write!(f, " (the higher card)"),
                }
            }
            Event::Chain {
                turn,
                round,
                seat,
                last,
                legal,
                card,
            } => match card {
                Some(card) => write!(
                    f,
                    "turn {turn} round {round}: {seat} plays {card} over {last} (could play {})",
                    list(legal)
                ),
                None => write!(
                    f,
                    "turn {turn} round {round}: {seat} stops at {last} (could play {})",
                    list(legal)
                ),
            },
            Event::TurnEnd {
                turn,
                rounds,
                played,
                unit_actions,
                cards_left,
            } => write!(
                f,
                "turn {turn} ends after {rounds} round(s): a played {} card(s) ({} unit actions) and keeps {}; b played {} ({} unit actions) and keeps {}",
                played[0], unit_actions[0], cards_left[0], played[1], unit_actions[1], cards_left[1]
            ),
            Event::GameEnd {
                turns,
                reshuffles,
                ended_by_deck,
            } => write!(
                f,
                "the game ends after {turns} turn(s), {reshuffles} reshuffle(s){}",
                if *ended_by_deck {
                    ": the draw pile ran dry"
                } else {
                    ""
                }
            ),
        }
    }
}

fn list(cards: &[String]) -> String {
    if cards.is_empty() {
        "nothing".into()
    } else {
        cards.join(" ")
    }
}
