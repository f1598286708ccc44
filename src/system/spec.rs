//! A command described as plain data, for a system to declare its `odds`
//! questions and tools without knowing how a command line is read: the
//! command line makes a `Spec` into its parser and hands the parse back as
//! a `Given`, whose values were already checked against the spec.

use std::path::{Path, PathBuf};

/// A command as data: its name, its one-line help, its options, and its
/// subcommands (a command with subcommands needs one of them).
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    pub name: &'static str,
    pub about: &'static str,
    pub args: &'static [ArgSpec],
    pub subcommands: &'static [Spec],
}

impl Spec {
    /// The subcommand named `name`, if this command declares it.
    pub fn subcommand(&self, name: &str) -> Option<&'static Spec> {
        self.subcommands.iter().find(|s| s.name == name)
    }
}

/// One option, `--long`, of a `Spec`.
#[derive(Clone, Copy, Debug)]
pub struct ArgSpec {
    /// The option's name without the dashes, and its key in a `Given`.
    pub long: &'static str,
    /// Its one-line help ("" for none).
    pub help: &'static str,
    /// What it takes.
    pub value: Value,
    /// The name of its value in the help (`--die <DIE>`); "" for a flag.
    pub value_name: &'static str,
    /// The value it has when not given, as written on the command line.
    pub default: Option<&'static str>,
    /// Whether it must be given.
    pub required: bool,
    /// Whether it may be given more than once, each value kept in order
    /// (text options only; a `List` always may).
    pub repeated: bool,
    /// Whether its value may begin with a hyphen (`--step -1`).
    pub hyphen: bool,
}

/// What an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// Nothing: it is given or not.
    Flag,
    /// Any text.
    Text,
    /// A path.
    Path,
    /// A list: each occurrence's text split at the separator.
    List { separator: char },
    /// One of these words.
    Choice(&'static [&'static str]),
    /// A whole number from `min` to `max`.
    Int { min: i64, max: i64 },
    /// A whole number from `min` to `max`, up to `u64::MAX` (seeds, counts).
    Unsigned { min: u64, max: u64 },
}

impl ArgSpec {
    const fn new(long: &'static str, value: Value, value_name: &'static str) -> ArgSpec {
        ArgSpec {
            long,
            help: "",
            value,
            value_name,
            default: None,
            required: false,
            repeated: false,
            hyphen: false,
        }
    }

    /// `--long`, given or not.
    pub const fn flag(long: &'static str) -> ArgSpec {
        ArgSpec::new(long, Value::Flag, "")
    }

    /// `--long VALUE_NAME`, any text.
    pub const fn text(long: &'static str, value_name: &'static str) -> ArgSpec {
        ArgSpec::new(long, Value::Text, value_name)
    }

    /// `--long VALUE_NAME`, a path.
    pub const fn path(long: &'static str, value_name: &'static str) -> ArgSpec {
        ArgSpec::new(long, Value::Path, value_name)
    }

    /// `--long VALUE_NAME`, items separated by `separator`; repeatable.
    pub const fn list(long: &'static str, value_name: &'static str, separator: char) -> ArgSpec {
        ArgSpec::new(long, Value::List { separator }, value_name).repeated()
    }

    /// `--long VALUE_NAME`, one of `words`.
    pub const fn choice(
        long: &'static str,
        value_name: &'static str,
        words: &'static [&'static str],
    ) -> ArgSpec {
        ArgSpec::new(long, Value::Choice(words), value_name)
    }

    /// `--long VALUE_NAME`, a whole number from `min` to `max`.
    pub const fn int(long: &'static str, value_name: &'static str, min: i64, max: i64) -> ArgSpec {
        ArgSpec::new(long, Value::Int { min, max }, value_name)
    }

    /// `--long VALUE_NAME`, a whole number from `min` to `max`, up to
    /// `u64::MAX`.
    pub const fn unsigned(
        long: &'static str,
        value_name: &'static str,
        min: u64,
        max: u64,
    ) -> ArgSpec {
        ArgSpec::new(long, Value::Unsigned { min, max }, value_name)
    }

    pub const fn help(mut self, help: &'static str) -> ArgSpec {
        self.help = help;
        self
    }

    pub const fn default(mut self, value: &'static str) -> ArgSpec {
        self.default = Some(value);
        self
    }

    pub const fn required(mut self) -> ArgSpec {
        self.required = true;
        self
    }

    pub const fn repeated(mut self) -> ArgSpec {
        self.repeated = true;
        self
    }

    /// The value may begin with a hyphen: a negative number.
    pub const fn hyphen(mut self) -> ArgSpec {
        self.hyphen = true;
        self
    }
}

/// An option's value as parsed: checked against its `ArgSpec`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// Not given, and no default.
    Absent,
    Flag(bool),
    /// Text or a choice.
    Text(String),
    Path(PathBuf),
    /// A repeated option's values, or a list's items, in order.
    Texts(Vec<String>),
    Int(i64),
    Unsigned(u64),
}

/// A parsed invocation of a `Spec`: the subcommands taken and the value
/// of every option the commands on that path declare. Asking for an
/// option they do not declare, or as another kind than declared, is a
/// programming error and panics saying so.
#[derive(Clone, Debug)]
pub struct Given {
    /// The command's name, then each subcommand taken.
    path: Vec<&'static str>,
    options: Vec<(&'static ArgSpec, Found)>,
}

impl Given {
    /// An invocation of `spec` with no subcommand taken yet.
    pub fn new(spec: &'static Spec) -> Given {
        Given {
            path: vec![spec.name],
            options: Vec::new(),
        }
    }

    /// Records the subcommand taken.
    pub fn took(&mut self, subcommand: &'static Spec) {
        self.path.push(subcommand.name);
    }

    /// Records an option's value.
    pub fn found(&mut self, arg: &'static ArgSpec, value: Found) {
        self.options.push((arg, value));
    }

    /// The command's name, then each subcommand taken.
    pub fn path(&self) -> &[&'static str] {
        &self.path
    }

    /// The innermost subcommand taken (`fire` of `odds piquet fire`).
    pub fn subcommand(&self) -> &'static str {
        match self.path.as_slice() {
            [_, .., last] => last,
            _ => panic!("`{}` took no subcommand", self.path.join(" ")),
        }
    }

    /// For a subcommand the system's code does not know: its spec and its
    /// code disagree.
    pub fn undeclared(&self) -> ! {
        panic!(
            "`{}`: the spec declares a subcommand the code does not handle",
            self.path.join(" ")
        )
    }

    fn lookup(&self, long: &str, kind: &str, fits: impl Fn(&ArgSpec) -> bool) -> &Found {
        let Some((arg, found)) = self.options.iter().find(|(arg, _)| arg.long == long) else {
            panic!(
                "`{}` declares no option --{long}, asked for as {kind}",
                self.path.join(" ")
            )
        };
        assert!(
            fits(arg),
            "`{}` declares --{long} as {:?}{}, not as {kind}",
            self.path.join(" "),
            arg.value,
            if arg.repeated { ", repeated" } else { "" }
        );
        found
    }

    fn absent(&self, long: &str) -> ! {
        panic!(
            "`{}`: --{long} was not given and has no default; ask for it as optional",
            self.path.join(" ")
        )
    }

    /// A flag: whether it was given.
    pub fn flag(&self, long: &str) -> bool {
        match self.lookup(long, "a flag", |a| a.value == Value::Flag) {
            Found::Flag(on) => *on,
            _ => false,
        }
    }

    /// An option of any text or a choice, `None` when not given.
    pub fn optional_text(&self, long: &str) -> Option<&str> {
        let one = |a: &ArgSpec| matches!(a.value, Value::Text | Value::Choice(_)) && !a.repeated;
        match self.lookup(long, "one text", one) {
            Found::Text(text) => Some(text),
            _ => None,
        }
    }

    /// An option of any text, required or with a default.
    pub fn text(&self, long: &str) -> &str {
        self.optional_text(long)
            .unwrap_or_else(|| self.absent(long))
    }

    /// A choice's word, required or with a default.
    pub fn choice(&self, long: &str) -> &str {
        let choice = |a: &ArgSpec| matches!(a.value, Value::Choice(_));
        match self.lookup(long, "a choice", choice) {
            Found::Text(text) => text,
            _ => self.absent(long),
        }
    }

    /// A repeated option's values, or a list's items, in order.
    pub fn texts(&self, long: &str) -> &[String] {
        let many = |a: &ArgSpec| {
            matches!(a.value, Value::List { .. }) || (a.value == Value::Text && a.repeated)
        };
        match self.lookup(long, "repeated text", many) {
            Found::Texts(texts) => texts,
            _ => &[],
        }
    }

    /// A path, `None` when not given.
    pub fn optional_path(&self, long: &str) -> Option<&Path> {
        match self.lookup(long, "a path", |a| a.value == Value::Path) {
            Found::Path(path) => Some(path),
            _ => None,
        }
    }

    /// A whole number, `None` when not given.
    pub fn optional_int(&self, long: &str) -> Option<i64> {
        let int = |a: &ArgSpec| matches!(a.value, Value::Int { .. });
        match self.lookup(long, "an integer", int) {
            Found::Int(n) => Some(*n),
            _ => None,
        }
    }

    /// A whole number, required or with a default.
    pub fn int(&self, long: &str) -> i64 {
        self.optional_int(long).unwrap_or_else(|| self.absent(long))
    }

    /// An unsigned whole number, required or with a default.
    pub fn unsigned(&self, long: &str) -> u64 {
        let unsigned = |a: &ArgSpec| matches!(a.value, Value::Unsigned { .. });
        match self.lookup(long, "an unsigned integer", unsigned) {
            Found::Unsigned(n) => *n,
            _ => self.absent(long),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static SPEC: Spec = Spec {
        name: "tool",
        about: "A tool",
        args: &[],
        subcommands: &[Spec {
            name: "cast",
            about: "Casts",
            args: &[
                ArgSpec::int("dice", "DICE", 1, 4).required(),
                ArgSpec::flag("loud"),
                ArgSpec::text("set", "NAME=VALUE").repeated(),
                ArgSpec::text("note", "NOTE"),
            ],
            subcommands: &[],
        }],
    };

    fn given() -> Given {
        let cast = SPEC.subcommand("cast").unwrap();
        let mut given = Given::new(&SPEC);
        given.took(cast);
        given.found(&cast.args[0], Found::Int(3));
        given.found(&cast.args[1], Found::Flag(true));
        given.found(&cast.args[2], Found::Texts(vec!["a=1".into()]));
        given.found(&cast.args[3], Found::Absent);
        given
    }

    #[test]
    fn a_given_answers_what_its_spec_declares() {
        let given = given();
        assert_eq!(given.path(), ["tool", "cast"]);
        assert_eq!(given.subcommand(), "cast");
        assert_eq!(given.int("dice"), 3);
        assert!(given.flag("loud"));
        assert_eq!(given.texts("set"), ["a=1"]);
        assert_eq!(given.optional_text("note"), None);
    }

    fn panic_message(f: impl FnOnce() + std::panic::UnwindSafe) -> String {
        let payload = std::panic::catch_unwind(f).expect_err("panics");
        payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default()
    }

    #[test]
    fn asking_for_an_undeclared_option_panics_saying_so() {
        let message = panic_message(|| {
            given().flag("die");
        });
        assert_eq!(
            message,
            "`tool cast` declares no option --die, asked for as a flag"
        );
        let message = panic_message(|| {
            given().text("dice");
        });
        assert_eq!(
            message,
            "`tool cast` declares --dice as Int { min: 1, max: 4 }, not as one text"
        );
        let message = panic_message(|| {
            given().text("note");
        });
        assert_eq!(
            message,
            "`tool cast`: --note was not given and has no default; ask for it as optional"
        );
        let message = panic_message(|| given().undeclared());
        assert!(message.contains("`tool cast`"), "{message}");
    }
}
