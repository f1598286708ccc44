//! `fortunes odds piquet ...`: exact distributions of a stepped cast, a
//! volley and a bombardment, an assault and an exchange of volleys, a rally
//! and initiative, computed rather than simulated.

use super::dice::{self, BeyondFour, Rating};
use super::rules::Rules;
use crate::error::{Error, ErrorKind, Result};
use crate::output::{Answer, AnswerCell as Cell};
use crate::params::ParamValues;
use crate::system::{ArgSpec, Given, OddsCommand, Spec};

/// `fortunes odds piquet`.
pub const ODDS: OddsCommand = OddsCommand {
    spec: &SPEC,
    answer: piquet_odds,
};

/// `--beyond-four`'s words.
const BEYOND_FOUR: &[&str] = &["next_type", "climb"];

/// `--set`: a rule parameter of the game, as `fortunes run piquet --set`.
const SET: ArgSpec = ArgSpec::text("set", "NAME=VALUE")
    .repeated()
    .help("Set one of the game's rule parameters (fortunes rules piquet), as run does; repeatable. Without it the game's defaults are used");

/// `--beyond-four`, whose default is the rules' `beyond_four`.
const BEYOND: ArgSpec = ArgSpec::choice("beyond-four", "BEYOND_FOUR", BEYOND_FOUR)
    .help("Steps up past four dice: next_type (the text's example) or climb; the rule beyond_four when not given (next_type by default)");

/// The rules the game would play under: its defaults with `--set`'s
/// assignments, refused as run refuses them.
fn rules_given(question: &Given) -> Result<(Rules, ParamValues)> {
    let mut values = Rules::defaults();
    for assignment in question.texts("set") {
        values.set_text(assignment)?;
    }
    Ok((Rules::from_values(&values)?, values))
}

/// `beyond_four` of `--beyond-four` when given, else of the rules.
fn beyond_given(question: &Given, rules: &Rules) -> BeyondFour {
    match question.optional_text("beyond-four") {
        Some("climb") => BeyondFour::Climb,
        Some(_) => BeyondFour::NextType,
        None => rules.beyond_four,
    }
}

/// Which of the game's rules an answer used, and their values, those set
/// by `--set` marked: "rules: fatigued_step = -1 (set), ...".
fn rules_note(values: &ParamValues, names: &[&str]) -> String {
    let defaults = Rules::defaults();
    let parts: Vec<String> = names
        .iter()
        .map(|&name| {
            let spec = values
                .specs()
                .iter()
                .find(|s| s.name == name)
                .expect("a piquet rule");
            let value = values.get(name);
            let set = if value == defaults.get(name) {
                ""
            } else {
                " (set)"
            };
            format!("{name} = {}{set}", spec.format(value))
        })
        .collect();
    format!(
        "rules: {} (the game's defaults unless set by --set)",
        parts.join(", ")
    )
}

/// The rules a volley's dice read.
const FIRE_RULES: &[&str] = &[
    "fatigued_step",
    "exhausted_step",
    "crushing_volley_step",
    "urban_fire_step",
    "eight_gun_die",
    "eight_gun_steps",
    "beyond_four",
];

/// A volley's firer and the steps the rules' defaults give it (`fire`
/// and `bombard`).
const FIRER: &[ArgSpec] = &[
    ArgSpec::text("firer", "FIRER")
        .required()
        .help("Infantry as ELITENESS,EXPERIENCE (line,reliable), artillery as POUNDAGE,CLASS (medium_heavy,II)"),
    ArgSpec::flag("eight-guns").help("An eight-gun company (artillery only): its Up 1 of a die of the next larger type (rules eight_gun_die and eight_gun_steps: netted with down steps by default)"),
    ArgSpec::flag("crushing-volley").help("The firer's player used a Crushing Volley card: up crushing_volley_step (1 by default)"),
    ArgSpec::flag("urban").help("Firing from an urban block: urban_fire_step (down one by default)"),
    ArgSpec::choice("tier", "TIER", &["fresh", "fatigued", "exhausted"])
        .default("fresh")
        .help("Stamina tier: fresh, fatigued (the rule fatigued_step) or exhausted (exhausted_step); both are 0, no step, by default: --set fatigued_step=-1 for the natural proposal"),
    ArgSpec::int("step", "STEP", -8, 8)
        .default("0")
        .hyphen()
        .help("Further steps (the fire modifiers of the lost table): negative down"),
    BEYOND,
    SET,
];

static SPEC: Spec = Spec {
    name: super::rules::SYSTEM,
    about: "Piquet Regimental: a stepped cast, a volley, a bombardment, an assault, an exchange of volleys, a rally, initiative",
    args: &[],
    subcommands: &[
        Spec {
            name: "fire",
            about: "A volley: the Elan chips it takes (its final die value), with the fire's steps (Crushing Volley, urban, stamina tier, eight guns)",
            args: FIRER,
            subcommands: &[],
        },
        Spec {
            name: "bombard",
            about: "A bombardment: a volley of medium heavy or heavy artillery beyond Engagement range",
            args: FIRER,
            subcommands: &[],
        },
        Spec {
            name: "engagement",
            about: "An exchange of volleys until one side's Elan is gone, both firing on every KARD (each reloading at once), solved as a Markov chain",
            args: &[
                ArgSpec::text("a", "A")
                    .required()
                    .help("Side a's firer (ELITENESS,EXPERIENCE or POUNDAGE,CLASS)"),
                ArgSpec::text("b", "B").required().help("Side b's firer"),
                ArgSpec::text("elan", "ELAN")
                    .default("12,12")
                    .help("Starting Elan: A,B"),
                ArgSpec::text("steps", "STEPS")
                    .default("0,0")
                    .hyphen()
                    .help("Steps of each side's fire: A,B (negative down)"),
                BEYOND,
                SET,
            ],
            subcommands: &[],
        },
        Spec {
            name: "cast",
            about: "The final die value of a cast: the highest die, stepped up or down",
            args: &[
                ArgSpec::text("die", "DIE")
                    .required()
                    .help("The die type: d4, d6, d8, d10 or d12"),
                ArgSpec::int("dice", "DICE", 1, 4)
                    .required()
                    .help("Dice cast (1 to 4)"),
                ArgSpec::int("step", "STEP", -8, 8)
                    .default("0")
                    .hyphen()
                    .help("Steps: negative down, positive up"),
                BEYOND,
                SET,
            ],
            subcommands: &[],
        },
        Spec {
            name: "assault",
            about: "An assault fought to the end, solved as a Markov chain: who wins, both at once, and the expected KARDs",
            args: &[
                ArgSpec::text("attacker", "ATTACKER")
                    .required()
                    .help("Eliteness and experience, e.g. elite,veteran"),
                ArgSpec::text("defender", "DEFENDER").required(),
                ArgSpec::text("elan", "ELAN")
                    .default("12,12")
                    .help("Starting Elan: ATTACKER,DEFENDER"),
                ArgSpec::text("steps", "STEPS")
                    .default("0,0")
                    .hyphen()
                    .help("Steps: ATTACKER,DEFENDER (negative down)"),
                BEYOND,
                SET,
            ],
            subcommands: &[],
        },
        Spec {
            name: "rally",
            about: "The stamina boxes a rally checks (one per failed die)",
            args: &[
                ArgSpec::text("die", "DIE")
                    .required()
                    .help("The unit's eliteness die: d4, d6, d8, d10, d12"),
                ArgSpec::flag("defeated").help("The unit has been defeated (6+ instead of 4+)"),
                ArgSpec::flag("by-cavalry").help("Defeated by cavalry: nine dice needing 8+"),
            ],
            subcommands: &[],
        },
        Spec {
            name: "initiative",
            about: "Initiative after the opening 3d6 cast and K Officer Check casts, each kept only if greater",
            args: &[ArgSpec::int("checks", "CHECKS", 0, 15).required()],
            subcommands: &[],
        },
    ],
};

/// A volley's firer and the steps the rules' defaults give it.
struct Firer {
    /// Infantry as ELITENESS,EXPERIENCE, artillery as POUNDAGE,CLASS.
    firer: String,
    /// An eight-gun company (artillery only).
    eight_guns: bool,
    /// A Crushing Volley card: up one step.
    crushing_volley: bool,
    /// Firing from an urban block: down one step.
    urban: bool,
    /// Stamina tier: fresh, fatigued or exhausted.
    tier: String,
    /// Further steps: negative down.
    step: i32,
}

/// A firer read: its dice, its total step, the eight-gun die, and whether
/// it is artillery.
struct Fire {
    rating: Rating,
    special: bool,
    artillery: bool,
    beyond: BeyondFour,
}

impl Firer {
    /// The firer of `fire` or `bombard`.
    fn given(question: &Given) -> Firer {
        Firer {
            firer: question.text("firer").to_string(),
            eight_guns: question.flag("eight-guns"),
            crushing_volley: question.flag("crushing-volley"),
            urban: question.flag("urban"),
            tier: question.choice("tier").to_string(),
            step: question.int("step") as i32,
        }
    }

    /// The firer's dice and steps as the game casts them under `rules`
    /// (`beyond` for steps past four dice).
    fn read(&self, name: &str, rules: &Rules, beyond: BeyondFour) -> Result<Fire> {
        let (rating, artillery) = match (
            Rating::parse(&self.firer),
            Rating::parse_artillery(&self.firer),
        ) {
            (Some(r), _) => (r, false),
            (None, Some(r)) => (r, true),
            (None, None) => {
                return Err(Error::new(ErrorKind::BadValue {
                    name: name.into(),
                    value: self.firer.clone(),
                    allowed: "infantry as ELITENESS,EXPERIENCE with no space (elite, line, conscript or militia, then veteran, reliable or undependable), or artillery as POUNDAGE,CLASS (heavy, medium_heavy, medium or light, then IV, III, II or I)".into(),
                }))
            }
        };
        if self.eight_guns && !artillery {
            return Err(Error::new(ErrorKind::BadValue {
                name: "--eight-guns".into(),
                value: self.firer.clone(),
                allowed: "an artillery firer (POUNDAGE,CLASS): only companies have eight guns"
                    .into(),
            }));
        }
        // The steps the game's volley adds up (game::fire): the tier's,
        // the urban block's and the Crushing Volley's, by the rules.
        let tier = match self.tier.as_str() {
            "fatigued" => rules.tier_steps[1],
            "exhausted" => rules.tier_steps[2],
            _ => rules.tier_steps[0],
        };
        let step = self.step
            + tier
            + if self.crushing_volley {
                rules.crushing_volley_step
            } else {
                0
            }
            + if self.urban { rules.urban_fire_step } else { 0 };
        let (step, special) = dice::eight_gun_steps(
            step,
            self.eight_guns && rules.eight_gun_die,
            rules.eight_gun_netted,
        );
        Ok(Fire {
            rating: Rating { step, ..rating },
            special,
            artillery,
            beyond,
        })
    }
}

impl Fire {
    fn distribution(&self) -> Vec<crate::engine::fraction::Fraction> {
        let r = self.rating;
        dice::volley_distribution(r.sides, r.dice, r.step, self.beyond, self.special)
    }

    fn label(&self) -> String {
        let r = self.rating;
        dice::dice_label(r.sides, r.dice, r.step, self.beyond, self.special)
    }
}

/// The `fortunes odds piquet ...` answers: each value's chance, and the mean.
pub fn piquet_odds(question: &Given) -> Result<Answer> {
    let die_sides = |die: &str| {
        die.strip_prefix('d')
            .and_then(crate::params::integer)
            .and_then(|s| u8::try_from(s).ok())
            .filter(|s| dice::DICE.contains(s))
            .ok_or_else(|| {
                Error::new(ErrorKind::BadValue {
                    name: "--die".into(),
                    value: die.to_string(),
                    allowed: "d4, d6, d8, d10, d12".into(),
                })
            })
    };
    let pair =
        |name: &str, text: &str, range: std::ops::RangeInclusive<i64>| -> Result<(i64, i64)> {
            let bad = || {
                Error::new(ErrorKind::BadValue {
                    name: name.into(),
                    value: text.into(),
                    allowed: format!(
                        "two integers {}..={}, comma-separated with no space (e.g. 6,4)",
                        range.start(),
                        range.end()
                    ),
                })
            };
            let (a, b) = text.split_once(',').ok_or_else(bad)?;
            let (a, b) = (
                crate::params::integer(a).ok_or_else(bad)?,
                crate::params::integer(b).ok_or_else(bad)?,
            );
            if range.contains(&a) && range.contains(&b) {
                Ok((a, b))
            } else {
                Err(bad())
            }
        };
    // The rules an answer used, said under its table.
    let mut note = None;
    let (title, distribution) = match question.subcommand() {
        "fire" => {
            let (rules, values) = rules_given(question)?;
            let firer = Firer::given(question);
            let fire = firer.read("--firer", &rules, beyond_given(question, &rules))?;
            note = Some(rules_note(&values, FIRE_RULES));
            (
                format!(
                    "volley: {} ({}), Elan chips taken (the final die value)",
                    firer.firer,
                    fire.label()
                ),
                fire.distribution(),
            )
        }
        "bombard" => {
            let (rules, values) = rules_given(question)?;
            let firer = Firer::given(question);
            let fire = firer.read("--firer", &rules, beyond_given(question, &rules))?;
            note = Some(rules_note(&values, FIRE_RULES));
            if !fire.artillery || fire.rating.sides < 8 {
                return Err(Error::new(ErrorKind::BadValue {
                    name: "--firer".into(),
                    value: firer.firer.clone(),
                    allowed: "medium heavy or heavy artillery (medium_heavy,CLASS or heavy,CLASS): only they fire at Bombardment range".into(),
                }));
            }
            (
                format!(
                    "bombardment: {} ({}), Elan chips taken (the final die value)",
                    firer.firer,
                    fire.label()
                ),
                fire.distribution(),
            )
        }
        "engagement" => {
            let (a, b) = (question.text("a"), question.text("b"));
            let (elan, steps) = (question.text("elan"), question.text("steps"));
            let (rules, rules_values) = rules_given(question)?;
            let beyond = beyond_given(question, &rules);
            let firer = |name: &str, text: &str, step: i64| -> Result<Fire> {
                Firer {
                    firer: text.to_string(),
                    eight_guns: false,
                    crushing_volley: false,
                    urban: false,
                    tier: "fresh".into(),
                    step: step as i32,
                }
                .read(name, &rules, beyond)
            };
            let (sa, sb) = pair("--steps", steps, -8..=8)?;
            let (ea, eb) = pair("--elan", elan, 1..=60)?;
            let (fa, fb) = (firer("--a", a, sa)?, firer("--b", b, sb)?);
            let values =
                |f: &Fire| -> Vec<f64> { f.distribution().iter().map(|x| x.value()).collect() };
            let title = format!(
                "engagement: {a} ({}) against {b} ({}), Elan {ea} and {eb}, both firing every KARD; \
                 solved exactly as a Markov chain over the Elans (floating point)",
                fa.label(),
                fb.label()
            );
            let odds = dice::exchange_odds(&values(&fa), &values(&fb), (ea as u32, eb as u32));
            return Ok(chain_answer(
                title,
                odds,
                ["b withdraws", "a withdraws"],
                "neither side can ever take Elan",
                rules_note(&rules_values, &["beyond_four"]),
            ));
        }
        "assault" => {
            let (attacker, defender) = (question.text("attacker"), question.text("defender"));
            let (elan, steps) = (question.text("elan"), question.text("steps"));
            let (rules, rules_values) = rules_given(question)?;
            let beyond = beyond_given(question, &rules);
            let unit = |name: &str, text: &str| {
                Rating::parse(text).ok_or_else(|| {
                    Error::new(ErrorKind::BadValue {
                        name: name.into(),
                        value: text.into(),
                        allowed: "ELITENESS,EXPERIENCE: elite, line, conscript or militia, then veteran, reliable or undependable".into(),
                    })
                })
            };
            let (mut a, mut b) = (unit("--attacker", attacker)?, unit("--defender", defender)?);
            let (ea, eb) = pair("--elan", elan, 1..=60)?;
            let (sa, sb) = pair("--steps", steps, -8..=8)?;
            a.step = sa as i32;
            b.step = sb as i32;
            let title = format!(
                "assault: {attacker} ({}d{} {:+}) against {defender} ({}d{} {:+}), Elan {ea} and {eb}; \
                 solved exactly as a Markov chain over the Elans (floating point)",
                a.dice, a.sides, a.step, b.dice, b.sides, b.step
            );
            return Ok(chain_answer(
                title,
                dice::assault_odds(&a, &b, (ea as u32, eb as u32), beyond),
                ["attacker wins", "defender wins"],
                "neither side can ever remove Elan: the assault never ends",
                rules_note(&rules_values, &["beyond_four"]),
            ));
        }
        "rally" => {
            let (defeated, by_cavalry) = (question.flag("defeated"), question.flag("by-cavalry"));
            let sides = die_sides(question.text("die"))?;
            (
                format!(
                    "rally: stamina boxes checked, {} d{sides} needing {}",
                    if by_cavalry { 9 } else { 6 },
                    if by_cavalry {
                        "8+"
                    } else if defeated {
                        "6+"
                    } else {
                        "4+"
                    }
                ),
                dice::rally_distribution(sides, defeated, by_cavalry),
            )
        }
        "cast" => {
            let (count, step) = (question.int("dice") as u8, question.int("step") as i32);
            let (rules, values) = rules_given(question)?;
            let beyond = beyond_given(question, &rules);
            note = Some(rules_note(&values, &["beyond_four"]));
            let sides = die_sides(question.text("die"))?;
            (
                format!("final die value: {count}d{sides} stepped {step:+}"),
                dice::cast_distribution(sides, count, step, beyond),
            )
        }
        "initiative" => {
            let checks = question.int("checks") as u32;
            (
                format!("initiative after the opening cast and {checks} Officer Check casts"),
                dice::initiative_distribution(checks),
            )
        }
        _ => question.undeclared(),
    };
    let mut rows = Vec::new();
    for (value, chance) in distribution
        .iter()
        .enumerate()
        .filter(|(_, f)| *f.numerator() != num_bigint::BigUint::ZERO)
    {
        rows.push(vec![
            Cell::Int(value as i64),
            Cell::Fraction(chance.to_string()),
            Cell::Decimal(chance.value(), 4),
        ]);
    }
    let mean = dice::mean(&distribution);
    rows.push(vec![
        Cell::Text("mean".into()),
        Cell::Fraction(mean.to_string()),
        Cell::Decimal(mean.value(), 4),
    ]);
    Ok(Answer {
        title,
        header: vec!["value", "chance", "decimal"],
        rows,
        text_columns: 0,
        note,
    })
}

/// The answer of an exchange of Elan solved as a Markov chain (an assault,
/// an engagement): each side's win under `wins`, both at zero together and
/// the expected KARDs, or `never` when no one can ever take Elan.
fn chain_answer(
    title: String,
    odds: Option<dice::AssaultOdds>,
    wins: [&str; 2],
    never: &str,
    rules: String,
) -> Answer {
    let row = |name: &str, chance: f64, places: usize| {
        vec![Cell::Text(name.to_string()), Cell::Decimal(chance, places)]
    };
    let (rows, note) = match odds {
        None => (Vec::new(), format!("{never}\n{rules}")),
        Some(odds) => (
            vec![
                row(wins[0], odds.attacker_wins, 6),
                row(wins[1], odds.defender_wins, 6),
                row("both at zero together", odds.together, 6),
                row("expected KARDs", odds.expected_kards, 4),
            ],
            rules,
        ),
    };
    let note = Some(note);
    Answer {
        title,
        header: vec!["outcome", "chance"],
        rows,
        text_columns: 1,
        note,
    }
}
