//! A system's commands declared as data (`system::Spec`) made into clap
//! commands, and a parsed invocation lowered into the `Given` the system
//! reads: each option is defined here once, with its help, value name,
//! default, possible values or range, and its value checked by clap.

use crate::system::spec::{ArgSpec, Found, Given, Spec, Value};
use clap::builder::{PossibleValuesParser, ValueParser};
use clap::{Arg, ArgAction, ArgMatches};
use std::path::PathBuf;

/// The clap command of `spec`, its subcommands within it.
pub fn command(spec: &'static Spec) -> clap::Command {
    let made = clap::Command::new(spec.name)
        .about(spec.about)
        .args(spec.args.iter().map(argument));
    match spec.subcommands {
        [] => made,
        inner => made
            .subcommand_required(true)
            .subcommands(inner.iter().map(command)),
    }
}

fn argument(spec: &'static ArgSpec) -> Arg {
    assert!(
        !spec.repeated || matches!(spec.value, Value::Text | Value::List { .. }),
        "--{}: only text options repeat",
        spec.long
    );
    let mut arg = Arg::new(spec.long).long(spec.long);
    if !spec.help.is_empty() {
        arg = arg.help(spec.help);
    }
    if spec.value == Value::Flag {
        return arg.action(ArgAction::SetTrue);
    }
    let parser: ValueParser = match spec.value {
        Value::Flag | Value::Text | Value::List { .. } => ValueParser::string(),
        Value::Path => ValueParser::path_buf(),
        Value::Choice(words) => PossibleValuesParser::new(words.iter().copied()).into(),
        Value::Int { min, max } => clap::value_parser!(i64).range(min..=max).into(),
        Value::Unsigned { min, max } => clap::value_parser!(u64).range(min..=max).into(),
    };
    arg = arg
        .value_name(spec.value_name)
        .value_parser(parser)
        .required(spec.required)
        .allow_hyphen_values(spec.hyphen)
        .action(match spec.repeated {
            true => ArgAction::Append,
            false => ArgAction::Set,
        });
    if let Value::List { separator } = spec.value {
        arg = arg.value_delimiter(separator);
    }
    if let Some(default) = spec.default {
        arg = arg.default_value(default);
    }
    arg
}

/// `matches`, a parse of `spec`'s command, as the system reads it: the
/// subcommands taken, and every option declared on the way.
pub fn given(spec: &'static Spec, matches: &ArgMatches) -> Given {
    let mut given = Given::new(spec);
    let (mut spec, mut matches) = (spec, matches);
    loop {
        for arg in spec.args {
            given.found(arg, found(arg, matches));
        }
        let Some((name, inner)) = matches.subcommand() else {
            return given;
        };
        spec = spec
            .subcommand(name)
            .expect("clap parses only the subcommands the spec declares");
        given.took(spec);
        matches = inner;
    }
}

fn found(arg: &ArgSpec, matches: &ArgMatches) -> Found {
    let id = arg.long;
    let many = || {
        Found::Texts(
            matches
                .get_many::<String>(id)
                .into_iter()
                .flatten()
                .cloned()
                .collect(),
        )
    };
    let one = |found: Option<Found>| found.unwrap_or(Found::Absent);
    match arg.value {
        Value::Flag => Found::Flag(matches.get_flag(id)),
        Value::List { .. } => many(),
        Value::Text if arg.repeated => many(),
        Value::Text | Value::Choice(_) => {
            one(matches.get_one::<String>(id).cloned().map(Found::Text))
        }
        Value::Path => one(matches.get_one::<PathBuf>(id).cloned().map(Found::Path)),
        Value::Int { .. } => one(matches.get_one::<i64>(id).copied().map(Found::Int)),
        Value::Unsigned { .. } => one(matches.get_one::<u64>(id).copied().map(Found::Unsigned)),
    }
}
