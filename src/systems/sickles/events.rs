//! What `fortunes replay sickles` tells: each turn's Command Decision
//! Phase (the brigades in play, the key chits, the exclusions, the cup),
//! every chit drawn in order and what became of it (events used or held,
//! brigades activated with the choice the side had and the order given,
//! the division chit's return roll, the Wild chit's roll, Fortunes of
//! War), and each turn's and the game's end. Turns, draw positions,
//! event chits and brigades count from 1; a brigade is its division's
//! scenario name and its number ("Hood 2"). The JSON of each is
//! documented in `docs/replay.md`.

use super::scenario::Scenario;
use crate::engine::Seat;
use serde::Serialize;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A turn begins: who pulls the chits, and each side's brigades in
    /// play ([a, b]; a division not yet arrived has none).
    TurnStart {
        turn: u32,
        puller: &'static str,
        in_play: [Vec<String>; 2],
    },
    /// The side secretly puts event chit `number` in the cup as its key
    /// chit; it could choose any of its nine.
    KeyChit {
        turn: u32,
        side: &'static str,
        number: u32,
    },
    /// The opponent excluded these events of the side, at random and
    /// unseen, from the eight that are not its key chit.
    Excluded {
        turn: u32,
        side: &'static str,
        events: Vec<u32>,
    },
    /// The cup once the Command Decision Phase is done, and the division
    /// chits out of it this turn (not yet arrived, or killed).
    Cup {
        turn: u32,
        chits: Vec<String>,
        off: Vec<String>,
    },
    /// The `position`-th chit of the turn comes out of the cup; `side` is
    /// its owner and `number` its number when it is an event chit.
    /// `cancelled`: the Fortunes of War drawn just before discards it
    /// unresolved (`fortunes_of_war = cancel_next_chit`).
    Draw {
        turn: u32,
        position: u32,
        chit: String,
        side: Option<&'static str>,
        number: Option<u32>,
        cancelled: bool,
        left: u32,
    },
    /// The side's drawn event chit: used at once, or held (`use_now`
    /// false) for its next brigade activation; `key` when it is the key
    /// chit.
    EventDrawn {
        turn: u32,
        side: &'static str,
        number: u32,
        key: bool,
        use_now: bool,
    },
    /// Held events used: at the side's next activation (`at`
    /// "activation") or when the turn ends (`at` "turn_end",
    /// `held_events = used_at_turn_end`).
    HeldUsed {
        turn: u32,
        side: &'static str,
        events: Vec<u32>,
        at: &'static str,
    },
    /// Held events lost when the turn ends.
    HeldLost {
        turn: u32,
        side: &'static str,
        events: Vec<u32>,
    },
    /// A Wild chit's roll (`wild_effect = roll_for_activation`): a d6 of
    /// 1-3 lets side a activate, 4-6 side b.
    WildRoll {
        turn: u32,
        roll: u8,
        side: &'static str,
    },
    /// A brigade activates. `by` the chit: "division", "cic" or "wild";
    /// the side could pick any brigade of `offered` (a division chit's
    /// eligible brigades, or every brigade in play), `fresh` those of
    /// them not yet activated this turn. `nth` counts this brigade's
    /// activations this turn (2 and more: reactivated); `order` the
    /// order the side gives it.
    Activation {
        turn: u32,
        side: &'static str,
        by: &'static str,
        offered: Vec<String>,
        fresh: Vec<String>,
        brigade: String,
        nth: u32,
        order: &'static str,
    },
    /// A division, CIC or Wild chit that activates nothing: no brigade of
    /// the division is eligible, or the side has none in play.
    NoActivation {
        turn: u32,
        side: &'static str,
        by: &'static str,
        chit: String,
    },
    /// After its activation the division chit goes back in the cup
    /// (`returned`) or is discarded for the turn. `roll` is the d6 cast
    /// against the division's `rating` (`division_return = rating_d6`),
    /// null when none was cast: no eligible brigade left
    /// (`eligible_left` false), or a rule that needs no roll.
    DivisionReturn {
        turn: u32,
        side: &'static str,
        division: String,
        eligible_left: bool,
        rating: u8,
        roll: Option<u8>,
        returned: bool,
    },
    /// Fortunes of War drawn at `position`: `effect` the rule in force;
    /// `blocked` the event chits it took out of the cup ([a, b]);
    /// `unplayed` the other chits the draw's end left in the cup
    /// (`end_turn`).
    FortunesOfWar {
        turn: u32,
        position: u32,
        effect: &'static str,
        blocked: [Vec<u32>; 2],
        unplayed: Vec<String>,
    },
    /// A turn ends after `chits_drawn` chits; `idle` the brigades in
    /// play that no chit activated ([a, b]).
    TurnEnd {
        turn: u32,
        chits_drawn: u32,
        idle: [Vec<String>; 2],
    },
    /// The game ends after its turns.
    GameEnd { turns: u32 },
}

pub fn side(seat: Seat) -> &'static str {
    seat.name()
}

/// Brigade `b` (0-based) of `seat`'s division `d`, as "Hood 2".
pub fn brigade(scenario: &Scenario, seat: Seat, d: usize, b: u8) -> String {
    format!("{} {}", scenario.division_names[seat][d], b + 1)
}

/// The brigades of a mask of division `d`, lowest first.
pub fn brigades(scenario: &Scenario, seat: Seat, d: usize, mask: u8) -> Vec<String> {
    (0..8u8)
        .filter(|b| mask & 1 << b != 0)
        .map(|b| brigade(scenario, seat, d, b))
        .collect()
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::TurnStart {
                turn,
                puller,
                in_play,
            } => write!(
                f,
                "turn {turn}: side {puller} pulls the chits; in play, a: {}; b: {}",
                grouped(&in_play[0]),
                grouped(&in_play[1])
            ),
            Event::KeyChit { turn, side, number } => {
                write!(f, "turn {turn}: {side} puts event {number} in the cup as its key chit")
            }
            Event::Excluded { turn, side, events } => write!(
                f,
                "turn {turn}: {side}'s opponent excludes, unseen, its event(s) {}",
                numbers(events)
            ),
            Event::Cup { turn, chits, off } => {
                write!(f, "turn {turn}: the cup holds {} chits: {}", chits.len(), chits_grouped(chits))?;
                if !off.is_empty() {
                    write!(f, " (out of the cup this turn: {})", list(off))?;
                }
                Ok(())
            }
            Event::Draw {
                turn,
                position,
                chit,
                cancelled,
                left,
                ..
            } => {
                write!(f, "turn {turn}, chit {position}: {chit} is drawn ({left} left)")?;
                if *cancelled {
                    write!(f, " and discarded unresolved: Fortunes of War cancels it")?;
                }
                Ok(())
            }
            Event::EventDrawn {
                turn,
                side,
                number,
                key,
                use_now,
            } => write!(
                f,
                "turn {turn}: {side} {} event {number}{}",
                if *use_now { "uses" } else { "holds" },
                match (key, use_now) {
                    (true, true) => " (its key chit) at once",
                    (true, false) => " (its key chit) for its next activation",
                    (false, true) => " at once",
                    (false, false) => " for its next activation",
                }
            ),
            Event::HeldUsed {
                turn,
                side,
                events,
                at,
            } => write!(
                f,
                "turn {turn}: {side} uses its held event(s) {}{}",
                numbers(events),
                if *at == "turn_end" {
                    " as the turn ends"
                } else {
                    " as its brigade activates"
                }
            ),
            Event::HeldLost { turn, side, events } => write!(
                f,
                "turn {turn}: {side}'s held event(s) {} are lost as the turn ends",
                numbers(events)
            ),
            Event::WildRoll { turn, roll, side } => {
                write!(f, "turn {turn}: the Wild chit's d6 rolls {roll}: side {side} activates a brigade")
            }
            Event::Activation {
                turn,
                side,
                by,
                offered,
                fresh,
                brigade,
                nth,
                order,
            } => {
                let chit = match *by {
                    "division" => "its division chit",
                    "cic" => "its CIC chit",
                    _ => "the Wild chit",
                };
                write!(f, "turn {turn}: {side} activates {brigade} by {chit}")?;
                if *nth > 1 {
                    write!(f, " (its activation {nth} this turn)")?;
                }
                write!(f, ", order: {order}")?;
                if offered.len() > 1 {
                    write!(f, "; it could pick {}", grouped(offered))?;
                    if fresh.len() == offered.len() {
                        write!(f, ", none of them active yet")?;
                    } else {
                        write!(f, " (not yet active: {})", grouped(fresh))?;
                    }
                }
                Ok(())
            }
            Event::NoActivation {
                turn,
                side,
                by,
                chit,
            } => match *by {
                "division" => write!(
                    f,
                    "turn {turn}: {chit} activates nothing: every brigade of {side}'s division is already active; the chit is spent"
                ),
                _ => write!(f, "turn {turn}: {chit} activates nothing: {side} has no brigade in play"),
            },
            Event::DivisionReturn {
                turn,
                side,
                division,
                eligible_left,
                rating,
                roll,
                returned,
            } => {
                match (eligible_left, roll) {
                    (false, _) => write!(
                        f,
                        "turn {turn}: {division} ({side}) has no brigade left for its chit to activate; the chit is spent"
                    ),
                    (true, Some(roll)) => write!(
                        f,
                        "turn {turn}: {side} rolls {roll} for {division}'s chit against its return rating {rating}: the chit {}",
                        if *returned {
                            "goes back in the cup"
                        } else {
                            "is spent for the turn"
                        }
                    ),
                    (true, None) => write!(
                        f,
                        "turn {turn}: {division}'s chit ({side}) {}",
                        if *returned {
                            "goes back in the cup"
                        } else {
                            "is spent for the turn"
                        }
                    ),
                }
            }
            Event::FortunesOfWar {
                turn,
                position,
                effect,
                blocked,
                unplayed,
            } => {
                write!(f, "turn {turn}, chit {position}: Fortunes of War ({effect})")?;
                let lost: Vec<String> = Seat::BOTH
                    .iter()
                    .filter(|s| !blocked[s.index()].is_empty())
                    .map(|s| format!("{}'s event(s) {}", s.name(), numbers(&blocked[s.index()])))
                    .collect();
                if !lost.is_empty() {
                    write!(f, ": blocks {}", lost.join("; "))?;
                }
                if !unplayed.is_empty() {
                    write!(f, "; the draw ends, unplayed: {}", list(unplayed))?;
                }
                match *effect {
                    "cancel_next_chit" => write!(f, ": the next chit drawn is cancelled"),
                    "none" => write!(f, ": no effect"),
                    _ => Ok(()),
                }
            }
            Event::TurnEnd {
                turn,
                chits_drawn,
                idle,
            } => write!(
                f,
                "turn {turn} ends after {chits_drawn} chits; idle brigades, a: {}; b: {}",
                list(&idle[0]),
                list(&idle[1])
            ),
            Event::GameEnd { turns } => write!(f, "the game ends after {turns} turn(s)"),
        }
    }
}

fn list(items: &[String]) -> String {
    if items.is_empty() {
        "none".into()
    } else {
        items.join(", ")
    }
}

fn numbers(events: &[u32]) -> String {
    let items: Vec<String> = events.iter().map(|e| e.to_string()).collect();
    list(&items)
}

/// Chits with each side's events together: "a's events 1, 2, 5; b's
/// events 3; Hood (a), ...".
fn chits_grouped(chits: &[String]) -> String {
    let mut items = Vec::new();
    for seat in Seat::BOTH {
        let suffix = format!(" ({})", seat.name());
        let events: Vec<&str> = chits
            .iter()
            .filter_map(|c| c.strip_prefix("event ")?.strip_suffix(suffix.as_str()))
            .collect();
        if !events.is_empty() {
            items.push(format!("{}'s events {}", seat.name(), events.join(", ")));
        }
    }
    let others: Vec<String> = chits
        .iter()
        .filter(|c| !c.starts_with("event "))
        .cloned()
        .collect();
    if !others.is_empty() {
        items.push(others.join(", "));
    }
    items.join("; ")
}

/// Brigades as "Hood 1-2, 4; McLaws 1-4": each division's brigade
/// numbers, consecutive ones as a run.
fn grouped(brigades: &[String]) -> String {
    let mut groups: Vec<(&str, Vec<u32>)> = Vec::new();
    for name in brigades {
        let (division, number) = name.rsplit_once(' ').unwrap_or((name, "0"));
        let number = number.parse().unwrap_or(0);
        match groups.last_mut() {
            Some((d, numbers)) if *d == division => numbers.push(number),
            _ => groups.push((division, vec![number])),
        }
    }
    let items: Vec<String> = groups
        .iter()
        .map(|(division, numbers)| {
            let mut runs: Vec<String> = Vec::new();
            let mut i = 0;
            while i < numbers.len() {
                let mut j = i;
                while j + 1 < numbers.len() && numbers[j + 1] == numbers[j] + 1 {
                    j += 1;
                }
                runs.push(if i == j {
                    numbers[i].to_string()
                } else {
                    format!("{}-{}", numbers[i], numbers[j])
                });
                i = j + 1;
            }
            format!("{division} {}", runs.join(", "))
        })
        .collect();
    if items.is_empty() {
        "none".into()
    } else {
        items.join("; ")
    }
}
