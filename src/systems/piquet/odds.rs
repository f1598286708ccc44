//! `fortunes odds piquet ...`: exact distributions of a stepped cast, a
//! volley and a bombardment, an assault and an exchange of volleys, a rally
//! and initiative, computed rather than simulated.

use super::dice::{self, BeyondFour, Rating};
use crate::error::{Error, ErrorKind, Result};
use crate::output::{emit, usage_error, Answer, AnswerCell as Cell};
use crate::system::SystemCommand;
use clap::{Args, FromArgMatches, Subcommand};

/// `fortunes odds piquet`.
pub const ODDS: SystemCommand = SystemCommand {
    define: define_odds,
    execute: execute_odds,
};

fn define_odds() -> clap::Command {
    PiquetOdds::augment_subcommands(
        clap::Command::new(super::rules::SYSTEM)
            .about("Piquet Regimental: a stepped cast, a volley, a bombardment, an assault, an exchange of volleys, a rally, initiative")
            .subcommand_required(true),
    )
}

fn execute_odds(matches: &clap::ArgMatches) -> Result<()> {
    let json = matches.try_get_one::<bool>("json").ok().flatten() == Some(&true);
    let question = PiquetOdds::from_arg_matches(matches).map_err(usage_error)?;
    emit(&piquet_odds(question)?.render(json))
}

/// A volley's firer and the steps the rules' defaults give it.
#[derive(Args, Debug)]
pub struct Firer {
    /// Infantry as ELITENESS,EXPERIENCE (line,reliable), artillery as
    /// POUNDAGE,CLASS (medium_heavy,II).
    #[arg(long)]
    firer: String,
    /// An eight-gun company (artillery only): one die of the next larger
    /// type beside its own (rule eight_gun_die).
    #[arg(long)]
    eight_guns: bool,
    /// The firer's player used a Crushing Volley card: up one step.
    #[arg(long)]
    crushing_volley: bool,
    /// Firing from an urban block: down one step (urban_fire_step).
    #[arg(long)]
    urban: bool,
    /// Stamina tier: fresh, fatigued (down one) or exhausted (down two),
    /// the proposals for the lost modifier table (the rules fatigued_step
    /// and exhausted_step default to no step).
    #[arg(long, default_value = "fresh", value_parser = ["fresh", "fatigued", "exhausted"])]
    tier: String,
    /// Further steps (the fire modifiers of the lost table): negative down.
    #[arg(long, default_value_t = 0, allow_hyphen_values = true, value_parser = clap::value_parser!(i32).range(-8..=8))]
    step: i32,
    /// Steps up past four dice: next_type (the text's example) or climb.
    #[arg(long, default_value = "next_type", value_parser = ["next_type", "climb"])]
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
                    allowed: "infantry as ELITENESS,EXPERIENCE (elite, line, conscript or militia, then veteran, reliable or undependable), or artillery as POUNDAGE,CLASS (heavy, medium_heavy, medium or light, then IV, III, II or I)".into(),
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

#[derive(Subcommand, Debug)]
pub enum PiquetOdds {
    /// A volley: the Elan chips it takes (its final die value), with the
    /// fire's steps (Crushing Volley, urban, stamina tier, eight guns).
    Fire(Firer),
    /// A bombardment: a volley of medium heavy or heavy artillery beyond
    /// Engagement range.
    Bombard(Firer),
    /// An exchange of volleys until one side's Elan is gone, both firing
    /// on every KARD (each reloading at once), solved as a Markov chain.
    Engagement {
        /// Side a's firer (ELITENESS,EXPERIENCE or POUNDAGE,CLASS).
        #[arg(long)]
        a: String,
        /// Side b's firer.
        #[arg(long)]
        b: String,
        /// Starting Elan: A,B.
        #[arg(long, default_value = "12,12")]
        elan: String,
        /// Steps of each side's fire: A,B (negative down).
        #[arg(long, default_value = "0,0", allow_hyphen_values = true)]
        steps: String,
    },
    /// The final die value of a cast: the highest die, stepped up or down.
    Cast {
        /// The die type: d4, d6, d8, d10 or d12.
        #[arg(long)]
        die: String,
        /// Dice cast (1 to 4).
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=4))]
        dice: u8,
        /// Steps: negative down, positive up.
        #[arg(long, default_value_t = 0, allow_hyphen_values = true, value_parser = clap::value_parser!(i32).range(-8..=8))]
        step: i32,
        /// Steps up past four dice add the next larger type each
        /// (next_type, the text's example) or climb one type further each.
        #[arg(long, default_value = "next_type", value_parser = ["next_type", "climb"])]
        beyond_four: String,
    },
    /// An assault fought to the end, solved as a Markov chain: who wins,
    /// both at once, and the expected KARDs.
    Assault {
        /// Eliteness and experience, e.g. elite,veteran.
        #[arg(long)]
        attacker: String,
        #[arg(long)]
        defender: String,
        /// Starting Elan: ATTACKER,DEFENDER.
        #[arg(long, default_value = "12,12")]
        elan: String,
        /// Steps: ATTACKER,DEFENDER (negative down).
        #[arg(long, default_value = "0,0", allow_hyphen_values = true)]
        steps: String,
        /// Steps up past four dice, as the game's rule beyond_four: add
        /// the next larger type each (next_type) or climb one type further.
        #[arg(long, default_value = "next_type", value_parser = ["next_type", "climb"])]
        beyond_four: String,
    },
    /// The stamina boxes a rally checks (one per failed die).
    Rally {
        /// The unit's eliteness die: d4, d6, d8, d10, d12.
        #[arg(long)]
        die: String,
        /// The unit has been defeated (6+ instead of 4+).
        #[arg(long)]
        defeated: bool,
        /// Defeated by cavalry: nine dice needing 8+.
        #[arg(long)]
        by_cavalry: bool,
    },
    /// Initiative after the opening 3d6 cast and K Officer Check casts,
    /// each kept only if greater.
    Initiative {
        #[arg(long, value_parser = clap::value_parser!(u32).range(0..=15))]
        checks: u32,
    },
}

/// The `fortunes odds piquet ...` answers: each value's chance, and the mean.
pub fn piquet_odds(question: PiquetOdds) -> Result<Answer> {
    let die_sides = |die: &str| {
        die.trim_start_matches(['d', 'D'])
            .parse::<u8>()
            .ok()
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
                        "two integers {}..={}, comma-separated",
                        range.start(),
                        range.end()
                    ),
                })
            };
            let (a, b) = text.split_once(',').ok_or_else(bad)?;
            let (a, b) = (
                a.trim().parse::<i64>().map_err(|_| bad())?,
                b.trim().parse::<i64>().map_err(|_| bad())?,
            );
            if range.contains(&a) && range.contains(&b) {
                Ok((a, b))
            } else {
                Err(bad())
            }
        };
    let (title, distribution) = match question {
        PiquetOdds::Fire(firer) => {
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
        PiquetOdds::Bombard(firer) => {
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
        PiquetOdds::Engagement { a, b, elan, steps } => {
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
            let (sa, sb) = pair("--steps", &steps, -8..=8)?;
            let (ea, eb) = pair("--elan", &elan, 1..=60)?;
            let (fa, fb) = (firer("--a", &a, sa)?, firer("--b", &b, sb)?);
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
        PiquetOdds::Assault {
            attacker,
            defender,
            elan,
            steps,
            beyond_four,
        } => {
            let unit = |name: &str, text: &str| {
                Rating::parse(text).ok_or_else(|| {
                    Error::new(ErrorKind::BadValue {
                        name: name.into(),
                        value: text.into(),
                        allowed: "ELITENESS,EXPERIENCE: elite, line, conscript or militia, then veteran, reliable or undependable".into(),
                    })
                })
            };
            let (mut a, mut b) = (
                unit("--attacker", &attacker)?,
                unit("--defender", &defender)?,
            );
            let (ea, eb) = pair("--elan", &elan, 1..=60)?;
            let (sa, sb) = pair("--steps", &steps, -8..=8)?;
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
        PiquetOdds::Rally {
            die,
            defeated,
            by_cavalry,
        } => {
            let sides = die_sides(&die)?;
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
        PiquetOdds::Cast {
            die,
            dice: count,
            step,
            beyond_four,
        } => {
            let sides = die_sides(&die)?;
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
        PiquetOdds::Initiative { checks } => (
            format!("initiative after the opening cast and {checks} Officer Check casts"),
            dice::initiative_distribution(checks),
        ),
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
