//! What `fortunes replay haggis` tells: each round's deal (both hands,
//! their wilds, the Haggis), the bets and what was at stake, every play and
//! pass with what it had to beat and the legal plays the seat chose from,
//! each trick and who took its cards, who went out, the round's scoring and
//! the running scores, and the game's end. Rounds and tricks count from 1.
//! The JSON of each is documented in `docs/replay.md`.
//!
//! Everything here runs only when a game is watched (`if obs.on()`), so it
//! may allocate and regenerate the legal plays freely: the runner never
//! reaches it.

use super::cards::{rank_name, Cards};
use super::combo::{Bomb, Combo, Play};
use super::moves::{generate, MoveList};
use super::round::{RoundScore, RoundState};
use super::rules::{Bet, Rules};
use crate::engine::{BySeat, Seat};
use crate::system::Observer;
use serde::Serialize;
use std::cell::RefCell;
use std::fmt;

/// Legal plays are listed one by one up to this many; beyond it, only
/// counted (a lead from a full hand has thousands).
pub const LISTED: usize = 8;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A round is dealt: who deals, who leads the first trick, the Haggis
    /// set aside unseen, any number cards left out of the round, and the
    /// scores going in.
    Deal {
        round: u32,
        dealer: &'static str,
        leader: &'static str,
        haggis: Vec<String>,
        left_out: Vec<String>,
        scores: [u32; 2],
    },
    /// A seat's hand: its number cards, dealt face down, and its wilds,
    /// face up on the table.
    Hand {
        round: u32,
        seat: &'static str,
        cards: Vec<String>,
        wilds: Vec<String>,
    },
    /// A seat bets on going out first, choosing among `offered` (each
    /// worth the points of `stakes`); `seen` is the opponent's bet when
    /// the rules let it bet second and see it.
    Bet {
        round: u32,
        seat: &'static str,
        bet: &'static str,
        stake: u32,
        offered: [&'static str; 3],
        stakes: [u32; 3],
        seen: Option<&'static str>,
    },
    /// A seat plays `cards` as `combo`: a lead when `beats` is null, else
    /// over the opponent's `beats` (it could have passed). `points` are
    /// the cards' points, `left` the cards it still holds. It chose among
    /// `offered` legal plays (counted as [sets, runs, bombs]), listed in
    /// `options` when there are at most `LISTED`.
    Play {
        round: u32,
        trick: u32,
        seat: &'static str,
        combo: String,
        kind: &'static str,
        cards: Vec<String>,
        beats: Option<String>,
        points: u32,
        left: u32,
        offered: [u32; 3],
        options: Vec<String>,
    },
    /// A seat passes on the opponent's `to_beat`, which ends the trick;
    /// `offered` and `options` are the plays it could have made instead.
    Pass {
        round: u32,
        trick: u32,
        seat: &'static str,
        to_beat: String,
        left: u32,
        offered: [u32; 3],
        options: Vec<String>,
    },
    /// A trick ends: `winner` played its last combination and leads next;
    /// `taker` captures its `cards` and their `points` (the winner's
    /// opponent when it was won with a bomb).
    Trick {
        round: u32,
        trick: u32,
        winner: &'static str,
        combo: String,
        bomb: bool,
        taker: &'static str,
        cards: u32,
        points: u32,
    },
    /// A seat has played its last card, on its `plays`th play of the
    /// round: the round is over and it has won it.
    Out {
        round: u32,
        trick: u32,
        seat: &'static str,
        plays: u32,
    },
    /// The round's scoring. The seat that went out scores the cards left
    /// in the other's hand (`left_cards`, wilds included, worth
    /// `left_hand_points`), the Haggis (`haggis`, worth `haggis_points`)
    /// and every bet's stake, won or lost (`bet_points` [a, b]); each seat
    /// scores the points of the tricks it captured (`captured` [a, b]).
    /// `points` [a, b] is the round's total, `scores` [a, b] the game's.
    RoundEnd {
        round: u32,
        went_out: &'static str,
        left_cards: Vec<String>,
        left_hand_points: u32,
        haggis: Vec<String>,
        haggis_points: u32,
        bets: [&'static str; 2],
        bet_points: [u32; 2],
        captured: [u32; 2],
        points: [u32; 2],
        scores: [u32; 2],
    },
    /// The game is over: a seat reached the target score ahead, or the
    /// `max_rounds` cap stopped it (`capped`; `winner` null on a draw).
    GameEnd {
        rounds: u32,
        scores: [u32; 2],
        winner: Option<&'static str>,
        capped: bool,
    },
}

/// Each card's name, as the command line writes it (`9S`, `10H`, `J`).
pub fn names(cards: Cards) -> Vec<String> {
    cards.iter().map(|c| c.to_string()).collect()
}

fn pair<T: Copy>(values: BySeat<T>) -> [T; 2] {
    values.0
}

/// A combination in the leaflet's words: "pair of 9s", "run 6 to 9",
/// "run of pairs 5 to 6", "J-Q-K bomb".
pub fn words(combo: Combo) -> String {
    match combo {
        Combo::Seq {
            width,
            length: 1,
            top,
        } => {
            let rank = rank_name(top);
            match width {
                1 => format!("single {rank}"),
                2 => format!("pair of {rank}s"),
                3 => format!("three {rank}s"),
                n => format!("{n} {rank}s"),
            }
        }
        Combo::Seq { width, length, top } => {
            let (low, high) = (rank_name(top + 1 - length), rank_name(top));
            match width {
                1 => format!("run {low} to {high}"),
                2 => format!("run of pairs {low} to {high}"),
                3 => format!("run of triples {low} to {high}"),
                n => format!("run of {n}-card sets {low} to {high}"),
            }
        }
        Combo::Bomb(bomb) => match bomb {
            Bomb::Rainbow => "rainbow bomb 3-5-7-9".into(),
            Bomb::Suited => "suited bomb 3-5-7-9".into(),
            Bomb::JackQueen => "J-Q bomb".into(),
            Bomb::JackKing => "J-K bomb".into(),
            Bomb::QueenKing => "Q-K bomb".into(),
            Bomb::JackQueenKing => "J-Q-K bomb".into(),
        },
    }
}

fn play_words(play: &Play) -> String {
    format!("{} ({})", words(play.combo), play.cards)
}

thread_local! {
    // A move list is half a megabyte: one per thread that replays, kept.
    static MOVES: RefCell<MoveList> = RefCell::new(MoveList::new());
}

/// The legal plays of the seat to move in `round`, counted as [sets,
/// runs, bombs], and listed when there are at most `LISTED`.
fn offered(round: &RoundState, rules: &Rules) -> ([u32; 3], Vec<String>) {
    MOVES.with_borrow_mut(|moves| {
        generate(round.hands[round.turn], round.to_beat, rules.bombs, moves);
        let mut counts = [0; 3];
        for play in moves.as_slice() {
            counts[match play.combo.kind() {
                "set" => 0,
                "run" => 1,
                _ => 2,
            }] += 1;
        }
        let options = if moves.len() <= LISTED {
            let mut plays = moves.as_slice().to_vec();
            plays.sort_by_key(|p| p.combo.sort_key());
            plays.iter().map(play_words).collect()
        } else {
            Vec::new()
        };
        (counts, options)
    })
}

/// Tells `obs` the deal of round `round` (1-based) and both hands.
pub fn tell_deal<O: Observer<Event>>(
    obs: &mut O,
    round: u32,
    state: &RoundState,
    scores: BySeat<u32>,
) {
    let dealt = state.hands[Seat::A]
        .union(state.hands[Seat::B])
        .union(state.haggis);
    obs.event(Event::Deal {
        round,
        dealer: state.dealer.name(),
        leader: state.dealer.other().name(),
        haggis: names(state.haggis),
        left_out: names(Cards::ALL_NUMBERS.without(dealt)),
        scores: pair(scores),
    });
    for seat in Seat::BOTH {
        obs.event(Event::Hand {
            round,
            seat: seat.name(),
            cards: names(state.hands[seat].numbers()),
            wilds: names(state.hands[seat].wilds()),
        });
    }
}

pub fn bet(rules: &Rules, round: u32, seat: Seat, bet: Bet, seen: Option<Bet>) -> Event {
    Event::Bet {
        round,
        seat: seat.name(),
        bet: bet.name(),
        stake: rules.bet(bet),
        offered: Bet::ALL.map(Bet::name),
        stakes: Bet::ALL.map(|b| rules.bet(b)),
        seen: seen.map(Bet::name),
    }
}

/// Tells `obs` the play or pass `choice` that took round `round` from
/// `before` to `after`, and the trick's end and the going out it caused.
pub fn tell_move<O: Observer<Event>>(
    obs: &mut O,
    rules: &Rules,
    round: u32,
    before: &RoundState,
    after: &RoundState,
    choice: Option<Play>,
) {
    let seat = before.turn;
    let trick = before.tricks + 1;
    let (offered, options) = offered(before, rules);
    let left = after.hands[seat].len();
    let last = match choice {
        None => {
            let to_beat = before.to_beat.expect("a pass answers a play");
            obs.event(Event::Pass {
                round,
                trick,
                seat: seat.name(),
                to_beat: words(to_beat),
                left,
                offered,
                options,
            });
            to_beat
        }
        Some(play) => {
            obs.event(Event::Play {
                round,
                trick,
                seat: seat.name(),
                combo: words(play.combo),
                kind: play.combo.kind(),
                cards: names(play.cards),
                beats: before.to_beat.map(words),
                points: rules.card_points(play.cards),
                left,
                offered,
                options,
            });
            play.combo
        }
    };
    if let Some(out) = after.out {
        obs.event(Event::Out {
            round,
            trick,
            seat: out.name(),
            plays: after.plays[out],
        });
    }
    if after.tricks > before.tricks {
        let winner = after.last_player;
        let taker = if last.is_bomb() {
            winner.other()
        } else {
            winner
        };
        obs.event(Event::Trick {
            round,
            trick,
            winner: winner.name(),
            combo: words(last),
            bomb: last.is_bomb(),
            taker: taker.name(),
            cards: after.captured_cards[taker] - before.captured_cards[taker],
            points: after.captured_points[taker] - before.captured_points[taker],
        });
    }
}

pub fn round_end(round: u32, state: &RoundState, score: &RoundScore, scores: BySeat<u32>) -> Event {
    Event::RoundEnd {
        round,
        went_out: score.winner.name(),
        left_cards: names(state.hands[score.winner.other()]),
        left_hand_points: score.left_points,
        haggis: names(state.haggis),
        haggis_points: score.haggis_points,
        bets: pair(state.bets.map(Bet::name)),
        bet_points: pair(score.bet_points),
        captured: pair(score.captured),
        points: pair(score.points),
        scores: pair(scores),
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Deal {
                round,
                dealer,
                leader,
                haggis,
                left_out,
                scores,
            } => {
                write!(
                    f,
                    "round {round}: {dealer} deals, {leader} leads (scores a {}, b {}); the Haggis, set aside unseen: {}",
                    scores[0],
                    scores[1],
                    list(haggis)
                )?;
                if !left_out.is_empty() {
                    write!(f, "; left out of the round: {}", list(left_out))?;
                }
                Ok(())
            }
            Event::Hand {
                round,
                seat,
                cards,
                wilds,
            } => write!(
                f,
                "round {round}: {seat} holds {} ({} cards) and the wilds {} face up",
                list(cards),
                cards.len(),
                list(wilds)
            ),
            Event::Bet {
                round,
                seat,
                bet,
                stake,
                offered,
                stakes,
                seen,
            } => {
                let choices: Vec<String> = offered
                    .iter()
                    .zip(stakes)
                    .map(|(name, points)| format!("{name} {points}"))
                    .collect();
                write!(f, "round {round}: {seat} bets {bet}")?;
                if *stake > 0 {
                    write!(f, ", {stake} points on going out first")?;
                }
                write!(f, " (could bet {}", choices.join(", "))?;
                if let Some(seen) = seen {
                    write!(f, "; having seen the opponent bet {seen}")?;
                }
                write!(f, ")")
            }
            Event::Play {
                round,
                trick,
                seat,
                combo,
                cards,
                beats,
                points,
                left,
                offered,
                options,
                ..
            } => {
                write!(f, "round {round} trick {trick}: {seat} ")?;
                match beats {
                    None => write!(f, "leads")?,
                    Some(_) => write!(f, "plays")?,
                }
                write!(f, " {}: {}", a(combo), list(cards))?;
                if let Some(beats) = beats {
                    write!(f, " over the {beats}")?;
                }
                write!(
                    f,
                    " ({}; {} left; {})",
                    count(*points, "point"),
                    count(*left, "card"),
                    choices(offered, options, beats.is_some(), "chose among")
                )
            }
            Event::Pass {
                round,
                trick,
                seat,
                to_beat,
                left,
                offered,
                options,
            } => write!(
                f,
                "round {round} trick {trick}: {seat} passes on the {to_beat} ({} left; {})",
                count(*left, "card"),
                choices(offered, options, false, "had")
            ),
            Event::Trick {
                round,
                trick,
                winner,
                combo,
                bomb,
                taker,
                cards,
                points,
            } => {
                write!(
                    f,
                    "round {round} trick {trick}: {winner} wins the trick with the {combo}; "
                )?;
                if *bomb {
                    write!(f, "won with a bomb, its {} go to {taker}", count(*cards, "card"))?;
                } else {
                    write!(f, "{taker} captures its {}", count(*cards, "card"))?;
                }
                write!(f, ", {}", count(*points, "point"))
            }
            Event::Out {
                round,
                trick,
                seat,
                plays,
            } => write!(
                f,
                "round {round} trick {trick}: {seat} has played its last card and goes out after {} in the round, winning it",
                count(*plays, "play")
            ),
            Event::RoundEnd {
                round,
                went_out,
                left_cards,
                left_hand_points,
                haggis,
                haggis_points,
                bets,
                bet_points,
                captured,
                points,
                scores,
            } => {
                let loser = if *went_out == "a" { "b" } else { "a" };
                let outcome = |i: usize| match (bets[i], ["a", "b"][i] == *went_out) {
                    ("none", _) => format!("{} no bet", ["a", "b"][i]),
                    (bet, true) => format!("{}'s {bet} bet won", ["a", "b"][i]),
                    (bet, false) => format!("{}'s {bet} bet lost", ["a", "b"][i]),
                };
                let winner = usize::from(*went_out == "b");
                write!(
                    f,
                    "round {round} ends, {went_out} went out: {loser} kept {} ({}), {left_hand_points} to {went_out}; the Haggis ({}), {haggis_points} to {went_out}; bets ({}, {}), {} to {went_out}; captured a {}, b {}; the round a {}, b {}; scores a {}, b {}",
                    count(left_cards.len() as u32, "card"),
                    list(left_cards),
                    list(haggis),
                    outcome(0),
                    outcome(1),
                    bet_points[winner],
                    captured[0],
                    captured[1],
                    points[0],
                    points[1],
                    scores[0],
                    scores[1]
                )
            }
            Event::GameEnd {
                rounds,
                scores,
                winner,
                capped,
            } => {
                write!(
                    f,
                    "the game ends after {rounds} round(s), a {} to b {}: ",
                    scores[0], scores[1]
                )?;
                match (winner, capped) {
                    (Some(winner), false) => write!(f, "{winner} reached the target ahead and wins"),
                    (Some(winner), true) => write!(f, "stopped at the round cap, {winner} ahead wins"),
                    (None, _) => write!(f, "a draw at the round cap"),
                }
            }
        }
    }
}

/// What the seat could do instead, for the text: the listed plays, or
/// how many there were of each kind.
fn choices(offered: &[u32; 3], options: &[String], could_pass: bool, verb: &str) -> String {
    let total: u32 = offered.iter().sum();
    let mut text = if total == 0 {
        "nothing could beat it".to_string()
    } else if !options.is_empty() {
        format!("{verb} {}", options.join(", "))
    } else {
        let kinds: Vec<String> = ["set", "run", "bomb"]
            .iter()
            .zip(offered)
            .filter(|(_, &n)| n > 0)
            .map(|(kind, n)| format!("{n} {kind}{}", if *n == 1 { "" } else { "s" }))
            .collect();
        format!("{verb} {total} plays: {}", kinds.join(", "))
    };
    if could_pass {
        text.push_str(", or pass");
    }
    text
}

/// "1 point", "3 points".
fn count(n: u32, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// A combination with its article: "a pair of 9s", "three 9s".
fn a(combo: &str) -> String {
    if combo.starts_with(|c: char| c.is_ascii_digit()) || combo.starts_with("three ") {
        combo.to_string()
    } else {
        format!("a {combo}")
    }
}

fn list(cards: &[String]) -> String {
    if cards.is_empty() {
        "nothing".into()
    } else {
        cards.join(" ")
    }
}
