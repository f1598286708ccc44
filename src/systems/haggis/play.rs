//! `fortunes play haggis`: a person plays one seat in the terminal against
//! a built-in player, from the same seeds as a run (game N of seed S is the
//! deal game N of any run with `--seed S` plays). At each decision the
//! person sees what the seat may know: the hand, the opponent's face-up
//! wilds and card count, the combination to beat, the cards played, the
//! scores and bets; and answers with a bet, or the cards of a legal play
//! (`?` lists them all, numbered) or `pass`.

use super::cards::Cards;
use super::combo::Play;
use super::game::{Game, RoundOutcome};
use super::moves::{generate, MoveList};
use super::rules::{Bet, Rules, SYSTEM};
use super::strategy::{HaggisStrategy, Scratch, Strategy, View, STRATEGIES};
use crate::engine::seeding::GameRng;
use crate::engine::{BySeat, Seat};
use crate::error::Result;
use crate::system::person::Terminal;
use crate::system::{presets_dir, resolve_built_in, PlayArgs, PlayCommand};

pub const PLAY: PlayCommand = PlayCommand {
    about: "Play one seat of a Haggis game against a built-in player (answer with a bet, none / little / big; then the cards of each play, such as 9S 9H J, or pass; ? lists the legal plays)",
    against: "heuristic",
    seat: "The seat you play",
    scenario: None,
    play,
};

/// A seat of the game: the person at the terminal, or a built-in player.
enum Seated<'a> {
    Person(&'a Terminal),
    Player(HaggisStrategy),
}

/// What the seat may know, then `question`; nothing once the input has
/// ended (the game is abandoned and plays out unshown). `betting`: the
/// bets are still to be made.
fn show(terminal: &Terminal, view: &View<'_>, question: &str, betting: bool) {
    if terminal.ended() {
        return;
    }
    let round = &view.round;
    let bets = if betting {
        // The dealer may see the leader's bet (rule `betting`).
        view.opponent_bet.map_or(String::new(), |bet| {
            format!("; the opponent bet {}", bet.name())
        })
    } else {
        format!(
            "; bets: yours {}, the opponent's {}",
            round.bets[view.seat].name(),
            view.opponent_bet.map_or("unknown", Bet::name)
        )
    };
    let mut text = format!(
        "scores: you {}, the opponent {}{bets}\n  your hand: {}\n  the opponent holds {} number card(s) and the wilds {}\n",
        view.scores[view.seat],
        view.scores[view.seat.other()],
        view.hand(),
        view.opponent_numbers,
        match round.hands[view.seat.other()] {
            wilds if wilds == Cards::EMPTY => "(none)".to_string(),
            wilds => wilds.to_string(),
        },
    );
    if let Some(combo) = round.to_beat {
        text.push_str(&format!(
            "  to beat: {combo} ({}'s), {} point(s) in the trick\n",
            if round.last_player == view.seat {
                "yours"
            } else {
                "the opponent"
            },
            round.trick_points
        ));
    }
    text.push_str(&format!("  {question}\n"));
    terminal.say(&text);
}

/// The person's bet; `None` once the input has ended.
fn ask_bet(terminal: &Terminal) -> Option<Bet> {
    loop {
        terminal.say("  your bet (none, little, big): ");
        let answer = terminal.answer()?;
        match Bet::ALL
            .into_iter()
            .find(|b| answer.eq_ignore_ascii_case(b.name()))
        {
            Some(bet) => return Some(bet),
            None => terminal.say(&format!(
                "  {answer:?} is not a bet; allowed: none, little, big\n"
            )),
        }
    }
}

/// The person's play: the cards of a legal play (asked again when they
/// make more than one), a number from the `?` list, or `pass` when there
/// is something to beat. `Err(())` once the input has ended.
fn ask_play(terminal: &Terminal, view: &View<'_>) -> std::result::Result<Option<Play>, ()> {
    let mut moves = MoveList::new();
    generate(
        view.hand(),
        view.round.to_beat,
        view.rules.bombs,
        &mut moves,
    );
    let plays = moves.as_slice();
    let may_pass = view.round.to_beat.is_some();
    loop {
        terminal.say(&format!(
            "  your play (its cards{}; ? lists the {} legal play(s)): ",
            if may_pass { ", or pass" } else { "" },
            plays.len()
        ));
        let answer = terminal.answer().ok_or(())?;
        if answer == "?" {
            let list: Vec<String> = plays
                .iter()
                .enumerate()
                .map(|(i, p)| format!("  {}. {p}\n", i + 1))
                .collect();
            terminal.say(&list.concat());
            continue;
        }
        if answer.eq_ignore_ascii_case("pass") {
            if may_pass {
                return Ok(None);
            }
            terminal.say("  you lead: a pass is not allowed; play any combination\n");
            continue;
        }
        if let Ok(n) = answer.parse::<usize>() {
            match plays.get(n.wrapping_sub(1)) {
                Some(play) => return Ok(Some(*play)),
                None => {
                    terminal.say(&format!("  {n}: allowed: 1 to {}\n", plays.len()));
                    continue;
                }
            }
        }
        let cards = match Cards::parse(&answer) {
            Ok(cards) => cards,
            Err(e) => {
                terminal.say(&format!("  {e}\n"));
                continue;
            }
        };
        let mut readings: Vec<Play> = Vec::new();
        for play in plays.iter().filter(|p| p.cards == cards) {
            if !readings.contains(play) {
                readings.push(*play);
            }
        }
        match readings.len() {
            0 => terminal.say(&format!(
                "  {answer:?} is not a legal play here{}; ? lists them\n",
                if may_pass { " (or pass)" } else { "" }
            )),
            1 => return Ok(Some(readings[0])),
            _ => {
                let options: Vec<String> = readings
                    .iter()
                    .enumerate()
                    .map(|(i, p)| format!("{}. {}", i + 1, p.combo))
                    .collect();
                loop {
                    terminal.say(&format!(
                        "  those cards play as {}; which (1 to {})? ",
                        options.join(", "),
                        readings.len()
                    ));
                    let which = terminal.answer().ok_or(())?;
                    if let Some(play) = which
                        .parse::<usize>()
                        .ok()
                        .and_then(|n| readings.get(n.wrapping_sub(1)))
                    {
                        return Ok(Some(*play));
                    }
                }
            }
        }
    }
}

impl Strategy for Seated<'_> {
    fn bet(&self, view: &View<'_>, scratch: &mut Scratch, rng: &mut GameRng) -> Bet {
        match self {
            Seated::Player(player) => player.bet(view, scratch, rng),
            Seated::Person(terminal) => {
                show(terminal, view, "a new round: bet on going out first", true);
                ask_bet(terminal).unwrap_or(Bet::None)
            }
        }
    }

    fn play(&self, view: &View<'_>, scratch: &mut Scratch, rng: &mut GameRng) -> Option<Play> {
        match self {
            Seated::Player(player) => player.play(view, scratch, rng),
            Seated::Person(terminal) => {
                let question = if view.round.to_beat.is_some() {
                    "beat it with the same shape, higher, or a bomb; or pass"
                } else {
                    "you lead: play any combination"
                };
                show(terminal, view, question, false);
                match ask_play(terminal, view) {
                    Ok(play) => play,
                    // The input has ended: the game is abandoned; pass,
                    // or lead the first legal play, until it is.
                    Err(()) => {
                        let mut moves = MoveList::new();
                        generate(
                            view.hand(),
                            view.round.to_beat,
                            view.rules.bombs,
                            &mut moves,
                        );
                        if view.round.to_beat.is_some() {
                            None
                        } else {
                            moves.as_slice().first().copied()
                        }
                    }
                }
            }
        }
    }
}

fn describe(outcome: &RoundOutcome, you: Seat) -> String {
    let name = |seat: Seat| if seat == you { "you" } else { "the opponent" };
    let score = &outcome.score;
    format!(
        "round {} over: {} went out first; points this round: you {}, the opponent {}; scores: you {}, the opponent {}\n",
        outcome.index + 1,
        name(score.winner),
        score.points[you],
        score.points[you.other()],
        outcome.totals[you],
        outcome.totals[you.other()]
    )
}

fn play(args: &PlayArgs) -> Result<()> {
    let mut values = Rules::defaults();
    for set in &args.sets {
        values.set_text(set)?;
    }
    let rules = Rules::from_values(values)?;
    let you = args.seat;
    let against = &args.against;
    let player = resolve_built_in(STRATEGIES, against, &presets_dir(SYSTEM, None))?;
    let (seed, index) = (args.seed, args.game);
    let terminal = Terminal::stdio();
    let other = Seated::Player(HaggisStrategy::from_player(&player));
    let seats = match you {
        Seat::A => BySeat([Seated::Person(&terminal), other]),
        Seat::B => BySeat([other, Seated::Person(&terminal)]),
    };
    terminal.say(&format!(
        "Haggis, game {index} of seed {seed} (the deal game {index} of `fortunes run haggis --seed {seed}` plays): \
         you are seat {}, against {}; the first to {} points wins\n",
        you.name(),
        player.name,
        rules.target_score
    ));
    let mut game = Game::new(&rules, seed, index);
    let winner = loop {
        let outcome = game.play_round(&rules, &seats);
        if !terminal.going_on(|| format!("in round {}", outcome.index + 1))? {
            return Ok(());
        }
        terminal.say(&describe(&outcome, you));
        if let Some(winner) = game.result(&rules) {
            break winner;
        }
    };
    terminal.say(&format!(
        "game over after {} round(s): {}\n",
        game.rounds,
        match winner {
            Some(seat) if seat == you => "you win".to_string(),
            Some(_) => "the opponent wins".to_string(),
            None => "a draw at the round cap".to_string(),
        }
    ));
    Ok(())
}
