//! `fortunes odds skirmish ...`: the exact odds of one shot, a melee and a
//! group's morale check.

use super::rules::Rules;
use super::table::{self, Condition, Effect};
use crate::error::{Error, ErrorKind, Result};
use crate::output::{emit, usage_error, Answer, AnswerCell as Cell};
use crate::system::SystemCommand;
use clap::{FromArgMatches, Subcommand};

/// `fortunes odds skirmish`.
pub const ODDS: SystemCommand = SystemCommand {
    define: define_odds,
    execute: execute_odds,
};

fn define_odds() -> clap::Command {
    SkirmishOdds::augment_subcommands(
        clap::Command::new("skirmish")
            .about("Skirmishing with Ancients: one shot, a melee, a morale check")
            .subcommand_required(true),
    )
}

fn execute_odds(matches: &clap::ArgMatches) -> Result<()> {
    let json = matches.try_get_one::<bool>("json").ok().flatten() == Some(&true);
    let question = SkirmishOdds::from_arg_matches(matches).map_err(usage_error)?;
    emit(&skirmish_odds(question)?.render(json))
}

#[derive(Subcommand, Debug)]
pub enum SkirmishOdds {
    /// The effect of one shot: no effect, rout, wound, kill.
    Fire {
        /// Increments of fire on the card (+1 each).
        #[arg(long, value_parser = clap::value_parser!(u32).range(0..=6))]
        fire: u32,
        /// Range in inches (minus its tens digit).
        #[arg(long, value_parser = clap::value_parser!(u32).range(0..=1000))]
        range: u32,
        /// The target has no shield (+1).
        #[arg(long)]
        unshielded: bool,
        /// Set a rule parameter (result_reading); repeatable.
        #[arg(long = "set", value_name = "NAME=VALUE")]
        set: Vec<String>,
    },
    /// A melee thrown until one or both men score: who scores, and how
    /// many throws it takes.
    Melee {
        /// Man a's modifier.
        #[arg(long, allow_hyphen_values = true, value_parser = clap::value_parser!(i32).range(-20..=20))]
        a_mod: i32,
        /// Man b's modifier.
        #[arg(long, allow_hyphen_values = true, value_parser = clap::value_parser!(i32).range(-20..=20))]
        b_mod: i32,
        #[arg(long = "set", value_name = "NAME=VALUE")]
        set: Vec<String>,
    },
    /// A group's morale check: its level and the chance it passes.
    Morale {
        /// Up to three men: sound, wounded or routing, comma-separated.
        #[arg(long, value_delimiter = ',')]
        men: Vec<String>,
        /// Inches between the group's two furthest men (0 for a lone man,
        /// whatever is given, as in the game).
        #[arg(long, default_value_t = 0)]
        spread: u32,
        /// Commander morale points spent on the check.
        #[arg(long, default_value_t = 0)]
        bonus: u32,
        #[arg(long = "set", value_name = "NAME=VALUE")]
        set: Vec<String>,
    },
}

/// The `fortunes odds skirmish ...` answers.
pub fn skirmish_odds(question: SkirmishOdds) -> Result<Answer> {
    let rules = |set: &[String]| -> Result<Rules> {
        let mut values = Rules::defaults();
        for assignment in set {
            values.set_text(assignment)?;
        }
        Rules::from_values(&values)
    };
    let row = |name: &str, chance: table::Fraction| {
        vec![
            Cell::Text(name.to_string()),
            Cell::Fraction(chance.to_string()),
            Cell::Decimal(chance.value(), 4),
        ]
    };
    let answer = |title: String, rows: Vec<Vec<Cell>>| Answer {
        title,
        header: vec!["outcome", "chance", "decimal"],
        rows,
        text_columns: 1,
        note: None,
    };
    Ok(match question {
        SkirmishOdds::Fire {
            fire,
            range,
            unshielded,
            set,
        } => {
            let rules = rules(&set)?;
            let modifier = table::fire_modifier(fire, range, unshielded, rules.long_range);
            let odds = table::effect_odds(modifier, rules.reading);
            let mut lines = Vec::new();
            for effect in Effect::ALL {
                lines.push(row(effect.name(), odds[effect as usize].clone()));
            }
            answer(
                format!(
                    "one shot: {fire} increments of fire at {range} inches, {} target: modifier {modifier:+}",
                    if unshielded { "unshielded" } else { "shielded" },
                ),
                lines,
            )
        }
        SkirmishOdds::Melee { a_mod, b_mod, set } => {
            let rules = rules(&set)?;
            match table::melee_odds(a_mod, b_mod, rules.reading) {
                None => Answer {
                    note: Some(format!(
                        "neither man can ever score; the melee never ends \
                         (the simulation stops it after melee_max_throws = {} throws)",
                        rules.melee_max_throws
                    )),
                    ..answer(format!("melee: a {a_mod:+}, b {b_mod:+}"), Vec::new())
                },
                Some(odds) => {
                    let lines = vec![
                        row("a scores, b does not", odds.a_only),
                        row("b scores, a does not", odds.b_only),
                        row("both score", odds.both),
                        row("expected throws", odds.expected_throws),
                    ];
                    answer(
                        format!("melee: a {a_mod:+}, b {b_mod:+}, thrown until one or both score"),
                        lines,
                    )
                }
            }
        }
        SkirmishOdds::Morale {
            men,
            spread,
            bonus,
            set,
        } => {
            let rules = rules(&set)?;
            let conditions = men
                .iter()
                .map(|m| match m.trim() {
                    "sound" => Ok(Condition::Sound),
                    "wounded" | "routing" => Ok(Condition::Shaken),
                    other => Err(Error::new(ErrorKind::BadValue {
                        name: "--men".into(),
                        value: other.into(),
                        allowed: "sound, wounded, routing (comma-separated)".into(),
                    })),
                })
                .collect::<Result<Vec<_>>>()?;
            if conditions.is_empty() || conditions.len() > 3 {
                return Err(Error::new(ErrorKind::BadValue {
                    name: "--men".into(),
                    value: men.join(","),
                    allowed: "one to three men: a group tests together".into(),
                }));
            }
            // The spread is between a group's two furthest men: a lone man
            // has none, whatever was given, as in the game.
            let spread = if conditions.len() == 1 { 0 } else { spread };
            let level = table::morale_level(&conditions, spread, bonus);
            let odds = table::morale_odds(level, rules.morale_pass);
            answer(
                format!(
                    "morale: {} men, {spread} inches apart, {bonus} commander points: level {level}",
                    conditions.len(),
                ),
                vec![row("passes", odds)],
            )
        }
    })
}
