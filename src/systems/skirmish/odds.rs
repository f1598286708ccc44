//! `fortunes odds skirmish ...`: the exact odds of one shot, a melee and a
//! group's morale check.

use super::rules::Rules;
use super::table::{self, Condition, Effect};
use crate::error::{Error, ErrorKind, Result};
use crate::output::{Answer, AnswerCell as Cell};
use crate::system::{ArgSpec, Given, OddsCommand, Spec};

/// `fortunes odds skirmish`.
pub const ODDS: OddsCommand = OddsCommand {
    spec: &SPEC,
    answer: skirmish_odds,
};

/// `--set`, with its help.
const SET: ArgSpec = ArgSpec::text("set", "NAME=VALUE").repeated();

static SPEC: Spec = Spec {
    name: "skirmish",
    about: "Skirmishing with Ancients: one shot, a melee, a morale check",
    args: &[],
    subcommands: &[
        Spec {
            name: "fire",
            about: "The effect of one shot: no effect, rout, wound, kill",
            args: &[
                ArgSpec::int("fire", "FIRE", 0, 6)
                    .required()
                    .help("Increments of fire on the card (+1 each)"),
                ArgSpec::int("range", "RANGE", 0, 1000)
                    .required()
                    .help("Range in inches (minus its tens digit)"),
                ArgSpec::flag("unshielded").help("The target has no shield (+1)"),
                SET.help("Set a rule parameter (result_reading); repeatable"),
            ],
            subcommands: &[],
        },
        Spec {
            name: "melee",
            about: "A melee thrown until one or both men score: who scores, and how many throws it takes",
            args: &[
                ArgSpec::int("a-mod", "A_MOD", -20, 20)
                    .required()
                    .hyphen()
                    .help("Man a's modifier"),
                ArgSpec::int("b-mod", "B_MOD", -20, 20)
                    .required()
                    .hyphen()
                    .help("Man b's modifier"),
                SET,
            ],
            subcommands: &[],
        },
        Spec {
            name: "morale",
            about: "A group's morale check: its level and the chance it passes",
            args: &[
                ArgSpec::list("men", "MEN", ',')
                    .help("Up to three men: sound, wounded or routing, comma-separated"),
                ArgSpec::int("spread", "SPREAD", 0, u32::MAX as i64)
                    .default("0")
                    .help("Inches between the group's two furthest men (0 for a lone man, whatever is given, as in the game)"),
                ArgSpec::int("bonus", "BONUS", 0, u32::MAX as i64)
                    .default("0")
                    .help("Commander morale points spent on the check"),
                SET,
            ],
            subcommands: &[],
        },
    ],
};

/// The `fortunes odds skirmish ...` answers.
pub fn skirmish_odds(question: &Given) -> Result<Answer> {
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
    Ok(match question.subcommand() {
        "fire" => {
            let (fire, range) = (question.int("fire") as u32, question.int("range") as u32);
            let unshielded = question.flag("unshielded");
            let rules = rules(question.texts("set"))?;
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
        "melee" => {
            let (a_mod, b_mod) = (question.int("a-mod") as i32, question.int("b-mod") as i32);
            let rules = rules(question.texts("set"))?;
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
        "morale" => {
            let men = question.texts("men");
            let (spread, bonus) = (question.int("spread") as u32, question.int("bonus") as u32);
            let rules = rules(question.texts("set"))?;
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
        _ => question.undeclared(),
    })
}
