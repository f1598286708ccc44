//! `fortunes play sickles`: a person plays one side in the terminal
//! against a built-in player, from the same seeds as a run, so game N of
//! seed S is the game N of any run with `--seed S`. At each decision the
//! person sees what the side may know (its brigades in play, their
//! activations this turn, its events used) and the legal choices.

use super::game::Game;
use super::rules::{Rules, EVENTS, SYSTEM};
use super::scenario::Scenario;
use super::strategy::{Decide, Order, SicklesStrategy, View, STRATEGIES};
use crate::engine::seeding::GameRng;
use crate::engine::{BySeat, Seat};
use crate::error::Result;
use crate::system::person::Terminal;
use crate::system::{presets_dir, resolve_built_in, PlayArgs, PlayCommand};

pub const PLAY: PlayCommand = PlayCommand {
    about: "Play one side of a Hammerin' Sickles game against a built-in player (answer with one of the choices shown)",
    against: "heuristic",
    seat: "The side you play: a (Confederate) or b (Union)",
    scenario: None,
    play,
};

/// The person at the terminal. On end of input every later question
/// takes its first choice and the game is abandoned at the end of the
/// turn.
struct Person(Terminal);

impl Person {
    fn say(&self, text: &str) {
        self.0.say(text);
    }

    /// Shows `question` and asks until the answer is one of `choices`;
    /// returns its index.
    fn ask(&self, question: &str, choices: &[String]) -> usize {
        if self.0.ended() {
            return 0;
        }
        self.say(&format!("  {question}\n"));
        loop {
            self.say(&format!("  your choice ({}): ", choices.join(" ")));
            let Some(answer) = self.0.answer() else {
                return 0;
            };
            if let Some(i) = choices.iter().position(|c| c.eq_ignore_ascii_case(&answer)) {
                return i;
            }
            self.say(&format!(
                "  {answer:?} is not a legal choice here; allowed: {}\n",
                choices.join(", ")
            ));
        }
    }

    fn show(&self, view: &View<'_>) {
        if self.0.ended() {
            return;
        }
        let mut text = String::from("  your brigades in play (activations this turn):");
        for (d, &count) in view.brigades.iter().enumerate() {
            if count == 0 {
                continue;
            }
            let activations: Vec<String> = (0..count as usize)
                .map(|b| view.activations[d][b].to_string())
                .collect();
            text.push_str(&format!(" division {} [{}]", d + 1, activations.join(" ")));
        }
        let used: Vec<String> = view.events_used.iter().map(u32::to_string).collect();
        text.push_str(&format!(
            "; events used so far (1-{EVENTS}): {}\n",
            used.join(" ")
        ));
        self.say(&text);
    }
}

/// A side: the person at the terminal, or a built-in player.
enum Side<'a> {
    Person(&'a Person),
    Player(SicklesStrategy),
}

impl Decide for Side<'_> {
    fn key_chit(&self, view: &View<'_>, rng: &mut GameRng) -> u8 {
        match self {
            Side::Player(player) => Decide::key_chit(player, view, rng),
            Side::Person(person) => {
                person.show(view);
                let choices: Vec<String> = (1..=EVENTS).map(|e| e.to_string()).collect();
                person.ask(
                    "your key chit: the event (1-9) you secretly put in the cup",
                    &choices,
                ) as u8
            }
        }
    }

    fn use_at_once(&self, rng: &mut GameRng) -> bool {
        match self {
            Side::Player(player) => Decide::use_at_once(player, rng),
            Side::Person(person) => {
                let choices = ["use".to_string(), "hold".to_string()];
                person.ask(
                    "one of your events was drawn: use it now, or hold it for your next activation",
                    &choices,
                ) == 0
            }
        }
    }

    fn division_brigade(&self, division: usize, eligible: u8, fresh: u8, rng: &mut GameRng) -> u8 {
        match self {
            Side::Player(player) => {
                Decide::division_brigade(player, division, eligible, fresh, rng)
            }
            Side::Person(person) => {
                let brigades: Vec<u8> = (0..8).filter(|b| eligible & (1 << b) != 0).collect();
                let choices: Vec<String> = brigades.iter().map(|b| (b + 1).to_string()).collect();
                let fresh: Vec<String> = (0..8)
                    .filter(|b| fresh & (1 << b) != 0)
                    .map(|b| (b + 1).to_string())
                    .collect();
                let i = person.ask(
                    &format!(
                        "division {}'s chit: which brigade activates (not yet activated this turn: {})",
                        division + 1,
                        if fresh.is_empty() { "none".to_string() } else { fresh.join(" ") }
                    ),
                    &choices,
                );
                brigades[i]
            }
        }
    }

    fn any_brigade(&self, view: &View<'_>, rng: &mut GameRng) -> Option<(usize, u8)> {
        match self {
            Side::Player(player) => Decide::any_brigade(player, view, rng),
            Side::Person(person) => {
                let mut brigades = Vec::new();
                for (d, &count) in view.brigades.iter().enumerate() {
                    brigades.extend((0..count).map(|b| (d, b)));
                }
                if brigades.is_empty() {
                    return None;
                }
                person.show(view);
                let choices: Vec<String> = brigades
                    .iter()
                    .map(|(d, b)| format!("{}.{}", d + 1, b + 1))
                    .collect();
                let i = person.ask(
                    "a CIC or Wild chit: which brigade (division.brigade) activates",
                    &choices,
                );
                Some(brigades[i])
            }
        }
    }

    fn order(&self, nth: u8, rng: &mut GameRng) -> Order {
        match self {
            Side::Player(player) => Decide::order(player, nth, rng),
            Side::Person(person) => {
                let choices: Vec<String> =
                    Order::ALL.iter().map(|o| o.name().to_string()).collect();
                let i = person.ask(
                    &format!("the brigade's order (its activation {} this turn)", nth + 1),
                    &choices,
                );
                Order::ALL[i]
            }
        }
    }

    fn search(&self) -> Option<super::strategy::Search> {
        match self {
            Side::Player(player) => Decide::search(player),
            Side::Person(_) => None,
        }
    }
}

fn play(args: &PlayArgs) -> Result<()> {
    let mut values = Rules::defaults();
    for set in &args.sets {
        values.set_text(set)?;
    }
    let rules = Rules::from_values(&values)?;
    let scenario_table: toml::Table =
        toml::from_str(super::scenario::DEFAULT_TEXT).expect("the shipped default scenario parses");
    let scenario = Scenario::from_table(&scenario_table)?;
    let you = args.seat;
    let against = &args.against;
    let player = resolve_built_in(STRATEGIES, against, &presets_dir(SYSTEM, None))?;
    let (seed, index) = (args.seed, args.game);
    let person = Person(Terminal::stdio());
    let other = Side::Player(SicklesStrategy::from_player(&player));
    let sides = match you {
        Seat::A => BySeat([Side::Person(&person), other]),
        Seat::B => BySeat([other, Side::Person(&person)]),
    };
    let turns = rules.turns.unwrap_or(scenario.turns);
    person.say(&format!(
        "Hammerin' Sickles, game {index} of seed {seed} (game {index} of `fortunes run sickles --seed {seed}`): \
         you are side {} ({}), against {}; {turns} turns\n",
        you.name(),
        if you == Seat::A { "Confederate" } else { "Union" },
        player.name
    ));
    let mut game = Game::new(seed, index);
    for _ in 0..turns {
        let tally = game.play_turn(&rules, &scenario, &sides, &mut |_| {});
        if !person.0.going_on(|| format!("in turn {}", tally.turn))? {
            return Ok(());
        }
        person.say(&format!(
            "end of turn {}: activations you {} (again {}), the opponent {} (again {}); brigades idle you {}, the opponent {}\n",
            tally.turn,
            tally.activations[you],
            tally.reactivations[you],
            tally.activations[you.other()],
            tally.reactivations[you.other()],
            tally.idle_brigades[you],
            tally.idle_brigades[you.other()]
        ));
    }
    person.say("game over\n");
    Ok(())
}
