//! One error type for everything a user can get wrong or the disk can
//! refuse, with a kind that says which. Messages name the problem and,
//! where there is a fixed set, the allowed values.

use std::fmt;
use std::path::PathBuf;

#[derive(Debug)]
pub struct Error {
    kind: ErrorKind,
}

#[derive(Debug)]
pub enum ErrorKind {
    /// A rule parameter name the system does not have.
    UnknownParameter {
        system: &'static str,
        name: String,
        allowed: String,
    },
    /// A rule or strategy value of the wrong type or out of range.
    BadValue {
        name: String,
        value: String,
        allowed: String,
    },
    /// Rule values that are each valid but impossible together.
    ImpossibleRules(String),
    UnknownStrategy {
        name: String,
        allowed: String,
    },
    /// A malformed `SEAT=NAME` or `name=value` argument.
    BadArgument(String),
    /// A rules, strategy or experiment file that cannot be read or parsed.
    File {
        path: PathBuf,
        message: String,
    },
    /// The run was stopped by Ctrl-C or SIGTERM.
    Interrupted,
    /// Writing output failed.
    Output {
        path: PathBuf,
        message: String,
    },
}

impl Error {
    pub fn new(kind: ErrorKind) -> Error {
        Error { kind }
    }

    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    pub fn file(path: impl Into<PathBuf>, message: impl fmt::Display) -> Error {
        Error::new(ErrorKind::File {
            path: path.into(),
            message: message.to_string(),
        })
    }

    pub fn output(path: impl Into<PathBuf>, message: impl fmt::Display) -> Error {
        Error::new(ErrorKind::Output {
            path: path.into(),
            message: message.to_string(),
        })
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::UnknownParameter {
                system,
                name,
                allowed,
            } => write!(
                f,
                "unknown {system} rule parameter {name:?}; allowed: {allowed}"
            ),
            ErrorKind::BadValue {
                name,
                value,
                allowed,
            } => write!(f, "invalid value {value:?} for {name}; allowed: {allowed}"),
            ErrorKind::ImpossibleRules(message) => write!(f, "impossible rules: {message}"),
            ErrorKind::UnknownStrategy { name, allowed } => {
                write!(f, "unknown strategy {name:?}; allowed: {allowed}")
            }
            ErrorKind::BadArgument(message) => f.write_str(message),
            ErrorKind::File { path, message } => write!(f, "{}: {message}", path.display()),
            ErrorKind::Interrupted => f.write_str("interrupted; nothing was written"),
            ErrorKind::Output { path, message } => {
                write!(f, "cannot write {}: {message}", path.display())
            }
        }
    }
}

impl std::error::Error for Error {}

pub type Result<T, E = Error> = std::result::Result<T, E>;
