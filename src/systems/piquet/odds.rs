//! `fortunes odds piquet ...`: exact distributions of a stepped cast, a
//! volley and a bombardment, an assault and an exchange of volleys, a rally
//! and initiative, computed rather than simulated.

use super::dice::{self, BeyondFour, Rating};
use crate::error::{Error, ErrorKind, Result};
use crate::output::{Answer, AnswerCell as Cell};
use crate::system::{ArgSpec, Given, OddsCommand, Spec};

/// `fortunes odds piquet`.
pub const ODDS: OddsCommand = OddsCommand {
    spec: &SPEC,
    answer: piquet_odds,
};

/// `--beyond-four`'s words.
const BEYOND_FOUR: &[&str] = &["next_type", "climb"];

/// A volley's firer and the steps the rules' defaults give it (`fire`
/// and `bombard`).
const FIRER: &[ArgSpec] = &[
    ArgSpec::text("firer", "FIRER")
        .required()
        .help("Infantry as ELITENESS,EXPERIENCE (line,reliable), artillery as POUNDAGE,CLASS (medium_heavy,II)"),
    ArgSpec::flag("eight-guns").help("An eight-gun company (artillery only): one die of the next larger type beside its own (rule eight_gun_die)"),
    ArgSpec::flag("crushing-volley").help("The firer's player used a Crushing Volley card: up one step"),
    ArgSpec::flag("urban").help("Firing from an urban block: down one step (urban_fire_step)"),
    ArgSpec::choice("tier", "TIER", &["fresh", "fatigued", "exhausted"])
        .default("fresh")
        .help("Stamina tier: fresh, fatigued (down one) or exhausted (down two), the proposals for the lost modifier table (the rules fatigued_step and exhausted_step default to no step)"),
    ArgSpec::int("step", "STEP", -8, 8)
        .default("0")
        .hyphen()
        .help("Further steps (the fire modifiers of the lost table): negative down"),
    ArgSpec::choice("beyond-four", "BEYOND_FOUR", BEYOND_FOUR)
        .default("next_type")
        .help("Steps up past four dice: next_type (the text's example) or climb"),
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
                ArgSpec::choice("beyond-four", "BEYOND_FOUR", BEYOND_FOUR)
                    .default("next_type")
                    .help("Steps up past four dice add the next larger type each (next_type, the text's example) or climb one type further each"),
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
                ArgSpec::choice("beyond-four", "BEYOND_FOUR", BEYOND_FOUR)
                    .default("next_type")
                    .help("Steps up past four dice, as the game's rule beyond_four: add the next larger type each (next_type) or climb one type further"),
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
    /// Steps up past four dice: next_type or climb.
    beyond_four: String,
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
            beyond_four: question.choice("beyond-four").to_string(),
        }
    }

    fn read(&self, name: &str) -> Result<Fire> {
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
        let tier = match self.tier.as_str() {
            "fatigued" => -1,
            "exhausted" => -2,
            _ => 0,
        };
        let step = self.step + tier + self.crushing_volley as i32 + if self.urban { -1 } else { 0 };
        Ok(Fire {
            rating: Rating { step, ..rating },
            special: self.eight_guns,
            artillery,
            beyond: if self.beyond_four == "climb" {
                BeyondFour::Climb
            } else {
                BeyondFour::NextType
            },
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
    let (title, distribution) = match question.subcommand() {
        "fire" => {
            let firer = Firer::given(question);
            let fire = firer.read("--firer")?;
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
            let firer = Firer::given(question);
            let fire = firer.read("--firer")?;
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
            let firer = |name: &str, text: &str, step: i64| -> Result<Fire> {
                Firer {
                    firer: text.to_string(),
                    eight_guns: false,
                    crushing_volley: false,
                    urban: false,
                    tier: "fresh".into(),
                    step: step as i32,
                    beyond_four: "next_type".into(),
                }
                .read(name)
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
            ));
        }
        "assault" => {
            let (attacker, defender) = (question.text("attacker"), question.text("defender"));
            let (elan, steps) = (question.text("elan"), question.text("steps"));
            let beyond_four = question.choice("beyond-four");
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
            let beyond = if beyond_four == "climb" {
                BeyondFour::Climb
            } else {
                BeyondFour::NextType
            };
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
            let beyond_four = question.choice("beyond-four");
            let sides = die_sides(question.text("die"))?;
            let beyond = if beyond_four == "climb" {
                BeyondFour::Climb
            } else {
                BeyondFour::NextType
            };
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
        note: None,
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
) -> Answer {
    let row = |name: &str, chance: f64, places: usize| {
        vec![Cell::Text(name.to_string()), Cell::Decimal(chance, places)]
    };
    let (rows, note) = match odds {
        None => (Vec::new(), Some(never.to_string())),
        Some(odds) => (
            vec![
                row(wins[0], odds.attacker_wins, 6),
                row(wins[1], odds.defender_wins, 6),
                row("both at zero together", odds.together, 6),
                row("expected KARDs", odds.expected_kards, 4),
            ],
            None,
        ),
    };
    Answer {
        title,
        header: vec!["outcome", "chance"],
        rows,
        text_columns: 1,
        note,
    }
}
