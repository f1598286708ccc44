//! `fortunes haggis ...`: Haggis's own tools, the legal plays of a
//! position and paired matches between two players.

use super::cards::Cards;
use super::combo::{Combo, Play};
use super::duel::play_match;
use super::moves::{self, generate, MoveList};
use super::rules::{self, Rules};
use super::strategy::{HaggisStrategy, STRATEGIES};
use crate::error::{Error, ErrorKind, Result};
use crate::output::emit;
use crate::presets;
use crate::system::{plan, presets_dir, resolve_built_in, ArgSpec, Given, Spec, ToolCommand};
use std::time::Instant;

/// `fortunes haggis`.
pub const TOOLS: ToolCommand = ToolCommand {
    spec: &SPEC,
    run: haggis_command,
};

/// Rule values for the Haggis tools.
const RULES: ArgSpec =
    ArgSpec::text("rules", "FILE").help("A rules file or preset name (see `fortunes run --rules`)");
const SET: ArgSpec = ArgSpec::text("set", "NAME=VALUE")
    .repeated()
    .help("Set one rule parameter (after --rules); repeatable");

static SPEC: Spec = Spec {
    name: rules::SYSTEM,
    about: "Haggis tools: legal plays of a position, and paired matches",
    args: &[],
    subcommands: &[
        Spec {
            name: "moves",
            about: "Print every legal play, one per line: `kind WxL rank: cards`, where kind is set, run or bomb, W the cards per rank, L the ranks (a set is Wx1, a run of singles 1xL), rank the top rank (for a bomb, its name after \"-\"), and the cards in rank then suit order, wilds last. Sorted by kind, shape, rank, cards; when beating, a last line \"pass\"",
            args: &[
                ArgSpec::text("hand", "HAND")
                    .required()
                    .help("The number cards in hand, e.g. \"2H 3H 3S 9C\" (10 or T for ten); J, Q, K here count as wilds"),
                ArgSpec::text("wilds", "WILDS")
                    .default("")
                    .help("The wilds still held, as letters: JQK, JK, ... (default none)"),
                ArgSpec::text("beat", "BEAT").help("The play to beat, e.g. \"4D 4S\"; when its cards read several ways, put the shape first: \"2x2 5S 6S J Q\", \"1x4 5S 6S J Q\""),
                RULES,
                SET,
            ],
            subcommands: &[],
        },
        Spec {
            name: "match",
            about: "Play each deal twice with the seats swapped (deals paired) and report how often the first player wins the game, with a 95% interval whose unit is the deal",
            args: &[
                ArgSpec::text("player", "PLAYER")
                    .required()
                    .help("The player measured"),
                ArgSpec::text("against", "AGAINST")
                    .required()
                    .help("Its opponent"),
                ArgSpec::unsigned("deals", "DEALS", 1, 100_000_000)
                    .default("500")
                    .help("Deals; each is played twice, so 2 x deals games"),
                ArgSpec::unsigned("seed", "SEED", 0, u64::MAX).default("1"),
                ArgSpec::int("threads", "THREADS", 1, 1024),
                ArgSpec::path("strategies-dir", "STRATEGIES_DIR"),
                RULES,
                SET,
            ],
            subcommands: &[],
        },
    ],
};

fn haggis_rules(given: &Given) -> Result<Rules> {
    Rules::from_values(presets::command_line_rules(
        rules::SYSTEM,
        rules::SPECS,
        given.optional_text("rules"),
        given.texts("set"),
    )?)
}

fn haggis_command(given: &Given) -> Result<()> {
    match given.subcommand() {
        "moves" => {
            let rules = haggis_rules(given)?;
            emit(&haggis_moves(
                given.text("hand"),
                given.text("wilds"),
                given.optional_text("beat"),
                &rules,
            )?)
        }
        "match" => {
            let rules = haggis_rules(given)?;
            let dir = presets_dir(rules::SYSTEM, given.optional_path("strategies-dir"));
            let player = resolve_built_in(STRATEGIES, given.text("player"), &dir)?;
            let against = resolve_built_in(STRATEGIES, given.text("against"), &dir)?;
            let threads = plan::threads(given.optional_int("threads").map(|t| t as u16));
            let (deals, seed) = (given.unsigned("deals"), given.unsigned("seed"));
            let started = Instant::now();
            let result = play_match(
                &rules,
                HaggisStrategy::from_player(&player),
                HaggisStrategy::from_player(&against),
                deals,
                seed,
                threads,
            )?;
            emit(&result.table(&player.name, &against.name))?;
            crate::output::warn(format_args!(
                "{} games in {:.1} s on {threads} threads, seed {seed}",
                2 * deals,
                started.elapsed().as_secs_f64()
            ));
            Ok(())
        }
        _ => given.undeclared(),
    }
}

/// The `fortunes haggis moves` listing.
pub fn haggis_moves(hand: &str, wilds: &str, beat: Option<&str>, rules: &Rules) -> Result<String> {
    let mut cards = Cards::parse(hand)?;
    for letter in wilds.chars().filter(|c| !c.is_whitespace() && *c != ',') {
        let wild = Cards::parse(&letter.to_string())
            .ok()
            .filter(|c| !c.wilds().is_empty());
        match wild {
            Some(wild) => cards = cards.union(wild),
            None => {
                return Err(Error::new(ErrorKind::BadArgument(format!(
                    "unknown wild {letter:?} in --wilds {wilds:?}; allowed: J, Q, K"
                ))))
            }
        }
    }
    let to_beat = beat
        .map(|text| haggis_play_to_beat(text, rules))
        .transpose()?;
    let mut list = MoveList::new();
    generate(cards, to_beat.map(|p| p.combo), rules.bombs, &mut list);
    let mut plays = list.as_slice().to_vec();
    plays.sort_by_key(|p| (p.combo.sort_key(), p.cards));
    let mut text = String::new();
    for play in plays {
        text.push_str(&format!("{play}\n"));
    }
    if to_beat.is_some() {
        text.push_str("pass\n");
    }
    Ok(text)
}

fn haggis_play_to_beat(text: &str, rules: &Rules) -> Result<Play> {
    let mut tokens = text.split_whitespace();
    let first = tokens.next().unwrap_or_default();
    let (shape, cards_text) = match Combo::parse_shape(first) {
        Some(shape) => (Some(shape), tokens.collect::<Vec<_>>().join(" ")),
        None => (None, text.to_string()),
    };
    let cards = Cards::parse(&cards_text)?;
    let readings = moves::readings(cards, rules.bombs);
    let shown = || {
        readings
            .iter()
            .map(|p| p.combo.to_string())
            .collect::<Vec<_>>()
            .join("; ")
    };
    let matching: Vec<Play> = readings
        .iter()
        .copied()
        .filter(|p| match (shape, p.combo) {
            (None, _) => true,
            (Some((w, l)), Combo::Seq { width, length, .. }) => w == width && l == length,
            (Some(_), Combo::Bomb(_)) => false,
        })
        .collect();
    match matching.as_slice() {
        [play] => Ok(*play),
        [] if readings.is_empty() => Err(Error::new(ErrorKind::BadArgument(format!(
            "--beat {text:?} is not a legal combination under these rules"
        )))),
        [] => Err(Error::new(ErrorKind::BadArgument(format!(
            "--beat {text:?}: no reading of that shape; its readings: {}",
            shown()
        )))),
        _ => Err(Error::new(ErrorKind::BadArgument(format!(
            "--beat {text:?} reads several ways ({}); put the shape first, e.g. \"2x2 {cards_text}\"",
            shown()
        )))),
    }
}
