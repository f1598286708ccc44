//! What `fortunes replay skirmish` tells: the engagement and its men as
//! the game opens, each side's shuffled deck, every card played from the
//! hand it was chosen from, every advance and charge, every shot, morale
//! test, melee and free hack with its dice and modifiers, each man's
//! change of state, how each charge ended, and the game's end. `play`
//! counts the game's plays from 1, both sides' together (a side plays
//! every other one). Men are named by side and standing order (`a1` is
//! side a's front man); places are inches on the field's one axis, side
//! a starting at 0 and side b at the scenario's distance. The JSON of each
//! is documented in `docs/replay.md`.

use serde::Serialize;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The engagement as the game opens: the gap between the sides, who
    /// charges and who plays first, the inches between a morale group's
    /// furthest men, each commander's one-shot morale points, and each
    /// side's deck and hand sizes.
    Scenario {
        name: String,
        distance: u32,
        attacker: &'static str,
        first: &'static str,
        spread: u32,
        /// The creek across the attackers' way, inches from the defenders
        /// (null: none).
        creek: Option<u32>,
        commander_points: u32,
        deck: u32,
        hand_size: u32,
    },
    /// A man as the game opens, in his side's standing order: `kind`
    /// `foot` or `cavalry`, `load` the increments his missile weapon takes
    /// to load (null: none), `position` his side's place.
    Man {
        side: &'static str,
        man: String,
        kind: &'static str,
        shield: bool,
        load: Option<u8>,
        position: u32,
    },
    /// A man held in reserve as the game opens, off the field until his
    /// side calls him up at `cost` victory points: named, `kind`, `shield`
    /// and `load` as a `man`.
    Reserve {
        side: &'static str,
        man: String,
        kind: &'static str,
        shield: bool,
        load: Option<u8>,
        cost: u32,
    },
    /// Before it plays, the side calls up reserves (`men`), who join it at
    /// `position`, its place, fighting; they cost it `cost` victory points.
    CalledUp {
        play: u32,
        side: &'static str,
        men: Vec<String>,
        position: u32,
        cost: u32,
    },
    /// A side's deck shuffled (`cards`, top first) and the hand drawn from
    /// its top.
    Deck {
        side: &'static str,
        cards: Vec<u32>,
        hand: Vec<u32>,
    },
    /// The side plays `card` (its increments), chosen from `hand`, and
    /// draws `drawn` (null: its deck is spent), leaving `deck` cards to draw.
    Play {
        play: u32,
        side: &'static str,
        hand: Vec<u32>,
        card: u32,
        drawn: Option<u32>,
        deck: u32,
    },
    /// The attackers at the creek, `distance` inches from the enemy: on
    /// the card that brought them to it, then on each card spent crossing
    /// it (its increments unused), `cards_left` still to spend (0: across).
    Creek {
        play: u32,
        side: &'static str,
        distance: u32,
        cards_left: u32,
    },
    /// The attacking side moves from `from` to `to` on `increments` of its
    /// card, `distance` inches short of the enemy after; with `charge`, it
    /// reached contact and declares a charge, placed just short of it.
    Advance {
        play: u32,
        side: &'static str,
        from: u32,
        to: u32,
        increments: u32,
        distance: u32,
        charge: bool,
    },
    /// The side's missile men shoot, `range` inches, on `increments` of the
    /// card (a supporting man against a charge on fewer: see each `shot`):
    /// `approach` (the defenders at the advancing enemy), `halt` (attackers
    /// standing to shoot), `point_blank` (charging archers with the
    /// increments their charge left), `defensive` (against a charge).
    Volley {
        play: u32,
        side: &'static str,
        kind: &'static str,
        range: u32,
        increments: u32,
    },
    /// One man's fire on one card, one d10 on the table: `fire` shots
    /// (fire, load, fire ...) on his `increments`, +1 each, +1 if the
    /// target is `unshielded`, less `range_tens`; `modifier` their sum,
    /// `result` the die plus it, read as `effect`.
    Shot {
        play: u32,
        side: &'static str,
        shooter: String,
        target: String,
        range: u32,
        increments: u32,
        fire: u32,
        unshielded: bool,
        range_tens: u32,
        modifier: i32,
        die: u8,
        result: i32,
        effect: &'static str,
    },
    /// A group of up to three fighting men tests morale: 30 a `sound` man,
    /// 15 a `shaken` (wounded or running) one, less the `spread` inches
    /// between its furthest men, is `level`; the commander adds `points`
    /// (`points_left` after); percentile `roll` under `level + points`
    /// passes (at or under it with `morale_pass = at_or_under`). A failing
    /// group turns to run.
    Morale {
        play: u32,
        side: &'static str,
        men: Vec<String>,
        sound: u32,
        shaken: u32,
        spread: u32,
        level: i64,
        points: u32,
        points_left: u32,
        roll: u64,
        passed: bool,
        /// How the side's player grouped its men: `most_standing` or
        /// `standing_order` (the `grouping` tuning key).
        grouping: &'static str,
    },
    /// A charging man meets a defender: each throw a d10 each (attacker's
    /// first), `+1` against an unshielded man, until one or both score;
    /// what each did to the other. A man scored on turns to run, or falls.
    Melee {
        play: u32,
        attacker: String,
        defender: String,
        attacker_modifier: i32,
        defender_modifier: i32,
        throws: Vec<[u8; 2]>,
        on_defender: &'static str,
        on_attacker: &'static str,
    },
    /// A running man of `side` pulls away under the enemy's free hack: a
    /// d10 +1 (his back is turned), `result` read as `effect`.
    Hack {
        play: u32,
        side: &'static str,
        man: String,
        die: u8,
        result: i32,
        effect: &'static str,
    },
    /// A man's state changes: `state` `fighting`, `running` (turned, still
    /// on the field), `gone` (left the field) or `dead`, and whether he is
    /// `wounded`; `cause` `fire`, `melee`, `morale`, `free_hack`, or
    /// `runs_off` (he left with no enemy standing to hack at him).
    Status {
        play: u32,
        side: &'static str,
        man: String,
        state: &'static str,
        wounded: bool,
        cause: &'static str,
    },
    /// The charge `side` declared ends: `contact` (fighting men met),
    /// `stopped_by_fire`, `stopped_by_morale`, `no_defender` (nobody left
    /// to meet), or `cut_off` (the game's last cards came first).
    ChargeEnds {
        play: u32,
        side: &'static str,
        outcome: &'static str,
    },
    /// Increments of the side's card that did nothing.
    Unused {
        play: u32,
        side: &'static str,
        card: u32,
        increments: u32,
    },
    /// The last card is played: each side's men killed, wounded (and
    /// alive) and run off the field (and alive), its victory points (one
    /// per enemy killed), the victory points its reserves cost, the winner
    /// (the side with more points net of its reserves' cost; null: a
    /// draw), and the commander points left.
    GameEnd {
        killed: [u32; 2],
        wounded: [u32; 2],
        routed: [u32; 2],
        victory_points: [u32; 2],
        reserve_cost: [u32; 2],
        winner: Option<&'static str>,
        commander_points: [u32; 2],
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Scenario {
                name,
                distance,
                attacker,
                first,
                spread,
                creek,
                commander_points,
                deck,
                hand_size,
            } => {
                write!(
                    f,
                    "{name}: {attacker} charges, {} stands, {distance} inches apart; {first} plays first; \
                     each side plays a {deck}-card deck from a hand of {hand_size}; \
                     each commander has {commander_points} morale points; morale groups spread {spread} inches",
                    other(attacker)
                )?;
                match creek {
                    Some(creek) => write!(f, "; a creek {creek} inches before {}", other(attacker)),
                    None => Ok(()),
                }
            }
            Event::Creek {
                side,
                distance,
                cards_left,
                ..
            } => match cards_left {
                0 => write!(f, "  {side} crosses the creek"),
                _ => write!(
                    f,
                    "  {side} in the creek, {distance} inches short: {cards_left} card(s) to cross it"
                ),
            },
            Event::Man {
                side: _,
                man,
                kind,
                shield,
                load,
                position,
            } => {
                describe(f, man, kind, *shield, *load)?;
                write!(f, ", at {position}")
            }
            Event::Reserve {
                side: _,
                man,
                kind,
                shield,
                load,
                cost,
            } => {
                describe(f, man, kind, *shield, *load)?;
                write!(f, ", in reserve ({cost} victory point(s) to call up)")
            }
            Event::CalledUp {
                side,
                men,
                position,
                cost,
                ..
            } => write!(
                f,
                "  {side} calls up its reserve {} at {position}, for {cost} victory point(s)",
                men.join(" ")
            ),
            Event::Deck { side, cards, hand } => write!(
                f,
                "{side} shuffles its deck: {} (top first); holds {}",
                list(cards),
                list(hand)
            ),
            Event::Play {
                play,
                side,
                hand,
                card,
                drawn,
                deck,
            } => {
                write!(f, "play {play}: {side} holds {}, plays {card}", list(hand))?;
                match drawn {
                    Some(drawn) => write!(f, ", draws {drawn} ({deck} left)"),
                    None => f.write_str(" (deck spent)"),
                }
            }
            Event::Advance {
                side,
                from,
                to,
                increments,
                distance,
                charge,
                ..
            } => {
                if *charge && from == to {
                    write!(
                        f,
                        "  {side}, in contact, charges again ({increments} increment)"
                    )
                } else if *charge {
                    write!(
                        f,
                        "  {side} charges from {from} to {to} in {increments} increment(s), placed just short of contact"
                    )
                } else {
                    write!(
                        f,
                        "  {side} advances {from} to {to} in {increments} increment(s), {distance} inches off"
                    )
                }
            }
            Event::Volley {
                side,
                kind,
                range,
                increments,
                ..
            } => {
                let why = match *kind {
                    "approach" if *range == 0 => "at the enemy in contact",
                    "approach" => "at the advancing enemy",
                    "halt" => "halting to shoot",
                    "point_blank" => "at point-blank, with the increments the charge left",
                    _ => "against the charge",
                };
                write!(f, "  {side} shoots {why}: {range} inches, a {increments}-increment card")
            }
            Event::Shot {
                shooter,
                target,
                range,
                increments,
                fire,
                unshielded,
                range_tens,
                modifier,
                die,
                result,
                effect,
                ..
            } => write!(
                f,
                "    {shooter} shoots {target}: {fire} fire(s) in {increments} increment(s) +{fire}, {} +{}, {range} inches -{range_tens}: {modifier:+}; d10 {die}{modifier:+} = {result}, {}",
                if *unshielded { "no shield" } else { "shield" },
                *unshielded as u8,
                words(effect)
            ),
            Event::Morale {
                side,
                men,
                sound,
                shaken,
                spread,
                level,
                points,
                points_left,
                roll,
                passed,
                ..
            } => {
                write!(
                    f,
                    "  {side} tests morale, {} ({sound} sound, {shaken} shaken): {} less {spread} inches = {level}",
                    men.join(" "),
                    30 * sound + 15 * shaken
                )?;
                if *points > 0 {
                    write!(
                        f,
                        ", +{points} commander points = {} ({points_left} left)",
                        level + *points as i64
                    )?;
                }
                write!(
                    f,
                    "; rolls {roll}: {}",
                    if *passed { "holds" } else { "fails, the group turns to run" }
                )
            }
            Event::Melee {
                attacker,
                defender,
                attacker_modifier,
                defender_modifier,
                throws,
                on_defender,
                on_attacker,
                ..
            } => {
                let throws: Vec<String> = throws.iter().map(|[a, d]| format!("{a}-{d}")).collect();
                write!(
                    f,
                    "  melee, {attacker} ({attacker_modifier:+}) against {defender} ({defender_modifier:+}): d10s {}; on {defender} {}, on {attacker} {}",
                    throws.join(", "),
                    words(on_defender),
                    words(on_attacker)
                )
            }
            Event::Hack {
                man,
                die,
                result,
                effect,
                ..
            } => write!(
                f,
                "  {man} runs under a free hack, back turned +1: d10 {die}+1 = {result}, {}",
                words(effect)
            ),
            Event::Status {
                man,
                state,
                wounded,
                cause,
                ..
            } => {
                let cause = match *cause {
                    "free_hack" => "free hack",
                    "runs_off" => "nobody left to hack at him",
                    other => other,
                };
                write!(
                    f,
                    "    {man} is now {state}{} ({cause})",
                    if *wounded && *state != "dead" {
                        ", wounded"
                    } else {
                        ""
                    }
                )
            }
            Event::ChargeEnds { side, outcome, .. } => {
                let how = match *outcome {
                    "contact" => "meets the enemy",
                    "stopped_by_fire" => "is stopped by fire",
                    "stopped_by_morale" => "is stopped: every charger turned",
                    "no_defender" => "finds nobody to meet",
                    _ => "is cut off by the end of the cards",
                };
                write!(f, "  {side}'s charge {how}")
            }
            Event::Unused {
                card, increments, ..
            } => write!(f, "  {increments} of the {card} increment(s) unused"),
            Event::GameEnd {
                killed,
                wounded,
                routed,
                victory_points,
                reserve_cost,
                winner,
                commander_points,
            } => {
                write!(
                    f,
                    "the last card is played: a lost {} killed, {} wounded, {} run off; b lost {} killed, {} wounded, {} run off; \
                     victory points a {}, b {}",
                    killed[0], wounded[0], routed[0], killed[1], wounded[1], routed[1],
                    victory_points[0], victory_points[1]
                )?;
                if reserve_cost.iter().any(|&c| c > 0) {
                    write!(
                        f,
                        ", less reserves a {}, b {}",
                        reserve_cost[0], reserve_cost[1]
                    )?;
                }
                f.write_str(": ")?;
                match winner {
                    Some(winner) => write!(f, "{winner} wins")?,
                    None => f.write_str("a draw")?,
                }
                write!(
                    f,
                    " (commander points left: a {}, b {})",
                    commander_points[0], commander_points[1]
                )
            }
        }
    }
}

/// A man as the game opens: kind, shield and weapon.
fn describe(
    f: &mut fmt::Formatter<'_>,
    man: &str,
    kind: &str,
    shield: bool,
    load: Option<u8>,
) -> fmt::Result {
    write!(f, "{man}: {kind}, ")?;
    f.write_str(if shield { "shield" } else { "no shield" })?;
    match load {
        Some(load) => write!(f, ", missile weapon ({load} increment(s) to load)"),
        None => f.write_str(", hand to hand"),
    }
}

/// The other side's name.
fn other(side: &str) -> &'static str {
    if side == "a" {
        "b"
    } else {
        "a"
    }
}

/// An effect as the table words it.
fn words(effect: &str) -> &str {
    if effect == "no_effect" {
        "no effect"
    } else {
        effect
    }
}

fn list(cards: &[u32]) -> String {
    if cards.is_empty() {
        return "nothing".into();
    }
    cards
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}
