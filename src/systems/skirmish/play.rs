//! `fortunes play skirmish`: a person plays one side's cards in the
//! terminal against a built-in player, from the same seeds as a run (game
//! N of seed S is the deal game N of any run with `--seed S` plays). At
//! each play the person sees what the side may know: its hand, how far the
//! enemy is, both sides' men fighting, wounded, running and down, and the
//! cards played; and answers with a card value in hand.

use super::game::{Game, GameTally};
use super::rules::{Rules, SYSTEM};
use super::scenario::Scenario;
use super::strategy::{SkirmishStrategy, STRATEGIES};
use crate::engine::{BySeat, Seat};
use crate::error::{Error, ErrorKind, Result};
use crate::system::person::Terminal;
use crate::system::{presets_dir, resolve_built_in, PlayArgs, PlayCommand};

pub const PLAY: PlayCommand = PlayCommand {
    about: "Play one side's cards of a Skirmishing with Ancients engagement against a built-in player (answer with a card value in hand, 1 to 6)",
    against: "hold_high",
    seat: "The side you play",
    scenario: Some("A scenario file (default: the shipped vikings)"),
    play,
};

/// Each side's men: fighting, wounded (among them), running, down, and
/// in reserve.
fn men(game: &Game, scenario: &Scenario, seat: Seat) -> String {
    let men = game.men_count(scenario, seat);
    let held = match men.reserves {
        0 => String::new(),
        n => format!(", {n} in reserve"),
    };
    format!(
        "{} fighting ({} wounded), {} running or gone, {} dead{held}",
        men.fighting, men.wounded, men.running, men.dead
    )
}

fn play(args: &PlayArgs) -> Result<()> {
    let mut values = Rules::defaults();
    for set in &args.sets {
        values.set_text(set)?;
    }
    let rules = Rules::from_values(&values)?;
    let scenario = match &args.scenario {
        Some(path) => {
            let text = crate::presets::read_input(std::path::Path::new(path))?;
            let table: toml::Table =
                toml::from_str(&text).map_err(|e| Error::file(std::path::Path::new(path), e))?;
            Scenario::from_table(&table).map_err(|e| Error::file(std::path::Path::new(path), e))?
        }
        None => Scenario::from_table(
            &toml::from_str(include_str!(
                "../../../experiments/skirmish/scenarios/vikings.toml"
            ))
            .expect("the shipped scenario parses"),
        )?,
    };
    let you = args.seat;
    let against = &args.against;
    let player = resolve_built_in(STRATEGIES, against, &presets_dir(SYSTEM, None))?;
    let (seed, index) = (args.seed, args.game);
    let other = SkirmishStrategy::from_player(&player);
    // The person chooses cards; the rest of the seat's choices (morale
    // groups, commander points, halts, reserves) follow the opponent's
    // player's tuning.
    let strategies = BySeat([other; 2]);
    let terminal = Terminal::stdio();
    let say = |text: String| terminal.say(&text);
    say(format!(
        "Skirmishing with Ancients, {}: game {index} of seed {seed} (the deal game {index} of `fortunes run skirmish --seed {seed}` plays); \
         you are side {} ({}), against {}; {} plays a side\n",
        scenario.name,
        you.name(),
        if you == scenario.attacker { "attacking" } else { "defending" },
        player.name,
        rules.deck_size()
    ));
    let mut game = Game::new();
    game.reset(&rules, &scenario, seed, index);
    let mut tally = GameTally::default();
    let played = {
        let mut ask = |game: &Game, step: usize| -> Option<u32> {
            let hand: Vec<String> = game.hands[you]
                .values()
                .flat_map(|v| std::iter::repeat_n(v.to_string(), game.hands[you].count(v) as usize))
                .collect();
            say(format!(
                "play {} of {}: your hand {}; the enemy is {} inches away; yours: {}; the enemy's: {}\n",
                step / 2 + 1,
                rules.deck_size(),
                hand.join(" "),
                game.distance,
                men(game, &scenario, you),
                men(game, &scenario, you.other())
            ));
            loop {
                say(format!("  your card ({}): ", hand.join(" ")));
                let line = terminal.answer()?;
                match line.parse::<u32>() {
                    Ok(v) if (1..=6).contains(&v) && game.hands[you].has(v) => return Some(v),
                    _ => say(format!(
                        "  {line:?} is not a card in your hand; allowed: {}\n",
                        hand.join(", ")
                    )),
                }
            }
        };
        let mut tell = |game: &Game, seat: Seat, card: u32| {
            say(format!(
                "  {} played {card}: the enemy {} inches away; side a: {}; side b: {}\n",
                if seat == you { "you" } else { "the enemy" },
                game.distance,
                men(game, &scenario, Seat::A),
                men(game, &scenario, Seat::B)
            ));
        };
        game.play_with_person(
            &rules,
            &scenario,
            &strategies,
            you,
            &mut ask,
            &mut tell,
            &mut tally,
        )
    };
    if !terminal.going_on(|| "before the game did".to_string())? {
        return Ok(());
    }
    if !played {
        // Only an ended dialogue leaves an answer out, and `going_on`
        // reported it: this is a guard, not a path.
        return Err(Error::new(ErrorKind::BadArgument(
            "standard input ended before the game did: the game is abandoned".into(),
        )));
    }
    let costs = match tally.reserve_cost[you] + tally.reserve_cost[you.other()] {
        0 => String::new(),
        _ => format!(
            ", less your reserves' {} and the enemy's {}",
            tally.reserve_cost[you],
            tally.reserve_cost[you.other()]
        ),
    };
    say(format!(
        "game over: you killed {} and lost {} (victory points {} to {}{costs}): {}\n",
        tally.killed[you.other()],
        tally.killed[you],
        tally.victory_points(you),
        tally.victory_points(you.other()),
        match tally.winner() {
            Some(seat) if seat == you => "you win",
            Some(_) => "you lose",
            None => "a draw",
        }
    ));
    Ok(())
}
