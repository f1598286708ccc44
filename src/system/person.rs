//! A person at the terminal, for `fortunes play SYSTEM`: the standard
//! input and output a seat is played through.

use super::lines::{self, LineReader, Unfinished, MAX_LINE_TEXT};
use crate::error::{Error, ErrorKind, Result};
use std::cell::RefCell;

/// Why the dialogue with the person ended before the game did.
#[derive(Clone, Debug)]
enum Ended {
    /// Standard input ended.
    Input,
    /// A line longer than `MAX_LINE` (`< /dev/zero`).
    TooLong,
    /// Standard output was closed (`| head`): the person has gone, and the
    /// play ends quietly.
    Output,
    /// Ctrl-C or SIGTERM.
    Interrupted,
    /// Reading or writing failed otherwise: what failed.
    Failed(String),
}

/// Answers read from standard input, the game written to standard output,
/// both through `lines`: a wait for the person or for room on the output
/// ends at Ctrl-C. Once either ends, every later answer is `None` and the
/// caller abandons the game; `going_on` says how the play then ends.
pub struct Terminal {
    input: RefCell<LineReader<std::io::Stdin>>,
    output: std::io::Stdout,
    ended: RefCell<Option<Ended>>,
}

impl Terminal {
    pub fn stdio() -> Terminal {
        Terminal {
            input: RefCell::new(LineReader::new(std::io::stdin())),
            output: std::io::stdout(),
            ended: RefCell::new(None),
        }
    }

    fn end(&self, why: Ended) {
        let mut ended = self.ended.borrow_mut();
        if ended.is_none() {
            *ended = Some(why);
        }
    }

    pub fn say(&self, text: &str) {
        if matches!(
            *self.ended.borrow(),
            Some(Ended::Output | Ended::Failed(_) | Ended::Interrupted)
        ) {
            return;
        }
        match lines::write_all(
            &self.output,
            text.as_bytes(),
            None,
            crate::cancel::interrupted,
        ) {
            Ok(()) => {}
            Err(Unfinished::Closed) => self.end(Ended::Output),
            Err(Unfinished::Stopped) => self.end(Ended::Interrupted),
            Err(other) => self.end(Ended::Failed(format!(
                "cannot write to standard output: {other}"
            ))),
        }
    }

    /// Whether the dialogue has ended: the input, the output, or Ctrl-C.
    pub fn ended(&self) -> bool {
        self.ended.borrow().is_some()
    }

    /// The next answer, trimmed; `None` once the dialogue has ended.
    pub fn answer(&self) -> Option<String> {
        if self.ended() {
            return None;
        }
        let read = self
            .input
            .borrow_mut()
            .next_line(None, crate::cancel::interrupted);
        match read {
            // Not UTF-8 is one more answer that is not a choice.
            Ok(line) => Some(String::from_utf8_lossy(&line).trim().to_string()),
            Err(Unfinished::Closed) => {
                self.say("\n");
                self.end(Ended::Input);
                None
            }
            Err(Unfinished::TooLong) => {
                self.end(Ended::TooLong);
                None
            }
            Err(Unfinished::Stopped) => {
                self.end(Ended::Interrupted);
                None
            }
            // `Failed`, or `TimedOut`, which without a deadline cannot be.
            Err(other) => {
                self.end(Ended::Failed(format!(
                    "cannot read standard input: {other}"
                )));
                None
            }
        }
    }

    /// Whether the game goes on: `Ok(true)` while the dialogue does;
    /// `Ok(false)` when standard output was closed (the play ends quietly,
    /// as a listing piped to `head` does); an error when the input ended
    /// (`at` says where the game was), a line was too long, reading or
    /// writing failed, or on Ctrl-C (exit 130).
    pub fn going_on(&self, at: impl FnOnce() -> String) -> Result<bool> {
        let bad = |message: String| Err(Error::new(ErrorKind::BadArgument(message)));
        match self.ended.borrow().clone() {
            None => Ok(true),
            Some(Ended::Output) => Ok(false),
            Some(Ended::Interrupted) => Err(Error::new(ErrorKind::Interrupted)),
            Some(Ended::Input) => bad(format!(
                "standard input ended {}: the game is abandoned",
                at()
            )),
            Some(Ended::TooLong) => bad(format!(
                "standard input: a line longer than {MAX_LINE_TEXT}; allowed: one answer a line, such as those the prompts list"
            )),
            Some(Ended::Failed(message)) => bad(message),
        }
    }
}
