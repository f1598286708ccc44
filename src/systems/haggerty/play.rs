//! `fortunes play haggerty`: a person plays one seat in the terminal
//! against a built-in player, from the same seeds as a run, so game N of
//! seed S is the deal game N of any run with `--seed S` plays. At each
//! decision the person sees exactly what the seat may know: the hand, the
//! cards played so far, how many cards the opponent holds and whether it
//! has passed; and the legal choices.

use super::game::{Game, RoundOutcome};
use super::rules::{Rules, SYSTEM};
use super::strategy::{HaggertyStrategy, STRATEGIES};
use super::view::{Strategy, View};
use crate::engine::cards::{Card, CardSet};
use crate::engine::seeding::GameRng;
use crate::engine::{BySeat, Seat};
use crate::error::Result;
use crate::system::person::Terminal;
use crate::system::{presets_dir, resolve_built_in, PlayArgs, PlayCommand};

pub const PLAY: PlayCommand = PlayCommand {
    about: "Play one seat of a Haggerty game against a built-in player (answer with a card such as QH, 10S or JOKER, or pass / stop)",
    against: "heuristic",
    seat: "The seat you play",
    scenario: None,
    play,
};

/// A seat of the game: the person at the terminal, or a built-in player.
enum Seated<'a> {
    Person(&'a Person),
    Player(HaggertyStrategy),
}

/// The person at the terminal. On end of input the person passes and
/// stops, which every position allows, and the game is abandoned.
struct Person(Terminal);

impl Person {
    fn say(&self, text: &str) {
        self.0.say(text);
    }

    /// Asks until the answer is one of `legal` (a card) or `none_word`.
    fn ask(&self, legal: CardSet, none_word: &str) -> Option<Card> {
        loop {
            if self.0.ended() {
                return None;
            }
            let choices: Vec<String> = legal.iter().map(|c| c.to_string()).collect();
            self.say(&format!(
                "  your choice ({} or {none_word}): ",
                choices.join(" ")
            ));
            let line = self.0.answer()?;
            let answer = line.as_str();
            if answer.eq_ignore_ascii_case(none_word) {
                return None;
            }
            let card = if answer.eq_ignore_ascii_case("joker") {
                legal.iter().find(|c| c.to_string() == "JOKER")
            } else {
                answer.parse::<Card>().ok().filter(|c| legal.contains(*c))
            };
            match card {
                Some(card) => return Some(card),
                None => self.say(&format!(
                    "  {answer:?} is not a legal choice here; allowed: {}, {none_word}\n",
                    choices.join(", ")
                )),
            }
        }
    }

    fn show(&self, view: &View<'_>, question: &str) {
        let hand: Vec<String> = view.hand.iter().map(|c| c.to_string()).collect();
        let mut text = format!(
            "turn {}, round {}: your hand {}; the opponent holds {} card(s){}; {} card(s) unseen (its hand and the pile)\n",
            view.turn + 1,
            view.round + 1,
            hand.join(" "),
            view.opponent_hand_len,
            if view.opponent_out { " and is out of this turn" } else { "" },
            view.unseen.len()
        );
        if let Some(last) = view.own_last {
            text.push_str(&format!("  your last card {last}"));
            if let Some(theirs) = view.opponent_last {
                text.push_str(&format!(", the opponent's last {theirs}"));
            }
            text.push('\n');
        }
        text.push_str(&format!("  {question}\n"));
        self.say(&text);
    }
}

impl Strategy for Seated<'_> {
    fn reveal(&self, view: &View<'_>, rng: &mut GameRng) -> Option<Card> {
        match self {
            Seated::Player(player) => player.reveal(view, rng),
            Seated::Person(person) => {
                person.show(
                    view,
                    "reveal a card for the initiative, or pass (out for the rest of the turn)",
                );
                person.ask(view.legal, "pass")
            }
        }
    }

    fn chain(&self, view: &View<'_>, rng: &mut GameRng) -> Option<Card> {
        match self {
            Seated::Player(player) => player.chain(view, rng),
            Seated::Person(person) => {
                person.show(view, "play another card that outranks the last, or stop");
                person.ask(view.legal, "stop")
            }
        }
    }
}

fn describe(outcome: &RoundOutcome, you: Seat) -> String {
    let name = |seat: Seat| if seat == you { "you" } else { "the opponent" };
    let mut text = String::new();
    for seat in Seat::BOTH {
        if outcome.passed[seat] {
            text.push_str(&format!("  {} passed\n", name(seat)));
        }
    }
    for seat in Seat::BOTH {
        let played: Vec<String> = outcome.played[seat].iter().map(|c| c.to_string()).collect();
        if !played.is_empty() {
            text.push_str(&format!("  {} played {}\n", name(seat), played.join(" ")));
        }
    }
    text.push_str(&format!(
        "  {} had the initiative{}\n",
        name(outcome.first),
        if outcome.contested {
            ""
        } else {
            " (unopposed)"
        }
    ));
    text
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
    let person = Person(Terminal::stdio());
    let seats = match you {
        Seat::A => BySeat([
            Seated::Person(&person),
            Seated::Player(HaggertyStrategy::from_player(&player)),
        ]),
        Seat::B => BySeat([
            Seated::Player(HaggertyStrategy::from_player(&player)),
            Seated::Person(&person),
        ]),
    };
    person.say(&format!(
        "Haggerty, game {index} of seed {seed} (the deal game {index} of `fortunes run haggerty --seed {seed}` plays): \
         you are seat {}, against {}; {} turns\n",
        you.name(),
        player.name,
        rules.turns
    ));
    let mut game = Game::new(&rules, seed, index);
    let mut won = BySeat([0u32; 2]);
    loop {
        while let Some(outcome) = game.play_round(&rules, &seats) {
            let at = || format!("in turn {}, round {}", game.turn + 1, outcome.round + 1);
            if !person.0.going_on(at)? {
                return Ok(());
            }
            won[outcome.first] += outcome.contested as u32;
            person.say(&describe(&outcome, you));
        }
        let turn = game.turn + 1;
        let kept = game.hands[you].len();
        person.say(&format!(
            "end of turn {turn}: you keep {kept} card(s); contested initiatives so far: you {}, the opponent {}\n",
            won[you],
            won[you.other()]
        ));
        if !game.next_turn(&rules) {
            break;
        }
    }
    person.say(&format!(
        "game over: you won {} contested initiative(s), the opponent {}\n",
        won[you],
        won[you.other()]
    ));
    Ok(())
}
