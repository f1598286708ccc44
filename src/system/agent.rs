//! External agents: a program that plays a seat over a JSON-lines protocol
//! on its standard input and output (docs/agents.md). fortunes writes one
//! JSON object a line (`hello` once, `game` at each game's start,
//! `decide` at each decision) and reads one object a line back (`{"choice":
//! ...}`) for each `decide`. A worker thread starts its own agent process,
//! so a run stays parallel; the agent's seed comes from the game's streams,
//! so it stays reproducible.

use super::lines::{self, LineReader, Unfinished, MAX_LINE_TEXT};
use crate::engine::{BySeat, Seat};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

/// The protocol's version, in every `hello`.
pub const PROTOCOL: u32 = 1;

/// Seconds an agent may take to answer one decision, unless
/// `FORTUNES_AGENT_TIMEOUT` says otherwise.
const DEFAULT_TIMEOUT: u64 = 10;

/// A running agent process.
pub struct Agent {
    child: Child,
    input: Option<ChildStdin>,
    output: LineReader<ChildStdout>,
    timeout: Duration,
}

/// Why an agent gave no answer.
pub enum Failure {
    /// The run is stopping (Ctrl-C, or a failure elsewhere): the agent is
    /// not at fault, and the wait ended at once.
    Stopped,
    /// What the agent did wrong.
    Problem(String),
}

impl From<String> for Failure {
    fn from(problem: String) -> Failure {
        Failure::Problem(problem)
    }
}

impl Agent {
    /// Starts `command` (through `sh -c`, so it may hold arguments and
    /// quotes) and sends it `hello`.
    pub fn start(command: &str, hello: &serde_json::Value) -> Result<Agent, Failure> {
        let timeout = match std::env::var("FORTUNES_AGENT_TIMEOUT") {
            Err(_) => Duration::from_secs(DEFAULT_TIMEOUT),
            Ok(text) => text
                .trim()
                .parse::<f64>()
                .ok()
                .filter(|t| *t > 0.0)
                .and_then(|t| Duration::try_from_secs_f64(t).ok())
                .filter(|t| *t <= Duration::from_secs(86_400))
                .ok_or_else(|| {
                    format!(
                        "FORTUNES_AGENT_TIMEOUT={text:?}: allowed: seconds, above 0 and at most 86400"
                    )
                })?,
        };
        // Its own process group: Ctrl-C reaches fortunes, which ends the
        // agent, and ending the group ends whatever the shell started.
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .process_group(0)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start {command:?}: {e}"))?;
        let input = child.stdin.take();
        let output = LineReader::new(child.stdout.take().expect("stdout is piped"));
        let mut agent = Agent {
            child,
            input,
            output,
            timeout,
        };
        agent.send(hello)?;
        Ok(agent)
    }

    fn limit(&self) -> String {
        format!(
            "{} s (FORTUNES_AGENT_TIMEOUT sets the limit)",
            self.timeout.as_secs_f64()
        )
    }

    /// Writes one message, which the agent must take by `deadline`.
    fn write(&mut self, message: &serde_json::Value, deadline: Instant) -> Result<(), Failure> {
        let Some(input) = self.input.as_ref() else {
            return Err("its input is closed".to_string().into());
        };
        let mut bytes = serde_json::to_vec(message).map_err(|e| e.to_string())?;
        bytes.push(b'\n');
        match lines::write_all(input, &bytes, Some(deadline), crate::cancel::stopping) {
            Ok(()) => Ok(()),
            Err(Unfinished::Stopped) => Err(Failure::Stopped),
            Err(Unfinished::TimedOut) => {
                Err(format!("it has not read its input for {}", self.limit()).into())
            }
            Err(Unfinished::Closed) => Err(format!(
                "cannot write to it (its input is closed); {}",
                self.exit_status()
            )
            .into()),
            Err(other) => {
                Err(format!("cannot write to it ({other}); {}", self.exit_status()).into())
            }
        }
    }

    /// Sends one message, which the agent must take within the timeout.
    pub fn send(&mut self, message: &serde_json::Value) -> Result<(), Failure> {
        self.write(message, Instant::now() + self.timeout)
    }

    /// Sends `message` and reads the one-line reply: both within the
    /// timeout, so an agent that does not read, or trickles its reply out,
    /// fails as surely as a silent one.
    pub fn ask(&mut self, message: &serde_json::Value) -> Result<serde_json::Value, Failure> {
        let deadline = Instant::now() + self.timeout;
        self.write(message, deadline)?;
        let line = match self.output.next_line(Some(deadline), crate::cancel::stopping) {
            Ok(line) => line,
            Err(Unfinished::Stopped) => return Err(Failure::Stopped),
            Err(Unfinished::TimedOut) => {
                return Err(format!("no reply within {}", self.limit()).into())
            }
            Err(Unfinished::Closed) => {
                return Err(format!("it closed its output: {}", self.exit_status()).into())
            }
            Err(Unfinished::TooLong) => {
                return Err(format!(
                    "a reply line longer than {MAX_LINE_TEXT}, the most a line of the protocol may hold"
                )
                .into())
            }
            Err(Unfinished::Failed(e)) => {
                return Err(format!("cannot read its reply: {e}").into())
            }
        };
        let text = String::from_utf8_lossy(&line);
        serde_json::from_str(text.trim()).map_err(|e| {
            let shown: String = text.trim().chars().take(200).collect();
            format!("its reply is not a JSON object ({e}): {shown:?}").into()
        })
    }

    /// How the process ended, if it did.
    fn exit_status(&mut self) -> String {
        std::thread::sleep(Duration::from_millis(20));
        match self.child.try_wait() {
            Ok(Some(status)) => format!("it exited ({status})"),
            _ => "it is still running".into(),
        }
    }
}

impl Drop for Agent {
    /// Closes its input (the protocol's end), gives it a moment to exit,
    /// then kills it: no agent outlives its run.
    fn drop(&mut self) {
        self.input = None;
        for _ in 0..50 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        // The group: `sh -c` may have started the agent as its child.
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", self.child.id())])
            .stderr(Stdio::null())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A seat's agent and where it is in its run: the game being played, its
/// decisions so far, and the last `hello` it was sent. After a failure it
/// has no process: every later decision gets no answer and the game ends
/// quickly. The failure then stops the run (`crate::cancel`), or, in a run
/// with forfeits, loses the seat that game (`forfeits`); the next game
/// starts the agent again.
pub struct AgentSeat {
    agent: Option<Agent>,
    command: String,
    seat: Seat,
    hello: serde_json::Value,
    game: u64,
    decisions: u64,
    /// Whether the agent has answered a decision of the game being played
    /// (cleared as each game takes it from the pool). Until it has, a
    /// failure is taken for a broken command (one that does not start,
    /// dies at once, or cannot take the variant's rules), not a lost game,
    /// and stops the run even with forfeits: a million forfeits of a typo
    /// help nobody. By game, so whether a run stops depends on nothing but
    /// that game: not on threads, shards or the other variants.
    answered: bool,
}

impl AgentSeat {
    pub fn start(command: &str, hello: &serde_json::Value, seat: Seat) -> AgentSeat {
        let mut seat = AgentSeat {
            agent: None,
            command: command.to_string(),
            seat,
            hello: hello.clone(),
            game: 0,
            decisions: 0,
            answered: false,
        };
        seat.restart();
        seat
    }

    /// Starts the agent's process afresh (sending the last `hello`).
    fn restart(&mut self) {
        if crate::cancel::stopping() {
            return;
        }
        match Agent::start(&self.command, &self.hello) {
            Ok(agent) => self.agent = Some(agent),
            Err(failure) => self.failed(failure, "at its start"),
        }
    }

    pub fn is_alive(&self) -> bool {
        self.agent.is_some()
    }

    /// Sends `hello` again when it differs from the last one: the agent
    /// now plays another variant's rules.
    pub fn greet(&mut self, hello: &serde_json::Value) {
        if self.hello == *hello {
            return;
        }
        self.hello = hello.clone();
        if let Err(failure) = self.agent.as_mut().map_or(Ok(()), |a| a.send(hello)) {
            self.failed(failure, "at a new variant's hello");
        }
    }

    /// Starts game `game`: sends `message` (its index and seed).
    pub fn begin(&mut self, game: u64, message: &serde_json::Value) {
        self.game = game;
        self.decisions = 0;
        if let Err(failure) = self.agent.as_mut().map_or(Ok(()), |a| a.send(message)) {
            self.failed(failure, &format!("game {game}, at its start"));
        }
    }

    /// A failure `at` a point of the agent's life: the agent's, or none
    /// when the run is stopping anyway (the agent just goes, and no
    /// failure is recorded: Ctrl-C must end in exit 130, not an agent's
    /// error).
    fn failed(&mut self, failure: Failure, at: &str) {
        match failure {
            Failure::Stopped => self.agent = None,
            Failure::Problem(problem) => self.fail(&format!("{at}: {problem}")),
        }
    }

    /// The agent cannot go on: it forfeits the game in a run with
    /// forfeits (once it has answered a decision), else the run stops with
    /// `problem`, naming the seat and the command. Its process ends.
    pub fn fail(&mut self, problem: &str) {
        let message = format!(
            "seat {} agent ({}): {problem}",
            self.seat.name(),
            self.command
        );
        self.agent = None;
        if FORFEIT.get() && self.answered {
            FORFEITED.with(|lost| {
                let mut seats = lost.get();
                seats[self.seat] = true;
                lost.set(seats);
            });
            let mut first = FIRST_FORFEIT.lock().unwrap_or_else(|e| e.into_inner());
            // The least (game, message): the same line on any thread count.
            if first
                .as_ref()
                .is_none_or(|(game, earlier)| (self.game, &message) < (*game, earlier))
            {
                *first = Some((self.game, message));
            }
        } else if !crate::cancel::interrupted() {
            // Interrupted, the run ends in exit 130 whatever the agent did.
            crate::cancel::fail(message);
        }
    }

    /// Where the next decision is: "game G, decision D (WHAT)".
    pub fn next_decision(&mut self, what: &str) -> String {
        self.decisions += 1;
        format!("game {}, decision {} ({what})", self.game, self.decisions)
    }

    pub fn game(&self) -> u64 {
        self.game
    }

    /// Asks the agent; `None` (the failure recorded, naming `at`) when it
    /// cannot answer. The caller checks the answer is legal.
    pub fn ask(&mut self, message: &serde_json::Value, at: &str) -> Option<serde_json::Value> {
        // A stopping run asks nothing more: the game ends on the
        // fallbacks at once, not after one wait on the agent a decision.
        if crate::cancel::stopping() {
            return None;
        }
        let agent = self.agent.as_mut()?;
        match agent.ask(message) {
            Ok(reply) => {
                // A reply, legal or not: the command runs and speaks the
                // protocol, so a later failure is the agent's play.
                self.answered = true;
                Some(reply)
            }
            Err(failure) => {
                self.failed(failure, at);
                None
            }
        }
    }
}

thread_local! {
    /// Whether a failing agent forfeits its game on this worker thread
    /// (`set_forfeits`, from the run's plan) instead of stopping the run.
    static FORFEIT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// The seats whose agent forfeited the game this thread is playing.
    static FORFEITED: std::cell::Cell<BySeat<bool>> =
        const { std::cell::Cell::new(BySeat([false; 2])) };
}

/// The earliest game (by index) a seat forfeited in this process's run, and
/// why: for the one line `fortunes run` prints about forfeits.
static FIRST_FORFEIT: std::sync::Mutex<Option<(u64, String)>> = std::sync::Mutex::new(None);

/// Whether this worker's agents forfeit a game on failure (`--forfeit`)
/// or stop the run: set by the runner as it begins a batch.
pub fn set_forfeits(on: bool) {
    FORFEIT.set(on);
}

/// The seats that forfeited the game just played on this thread, cleared
/// for the next.
pub fn take_forfeits() -> BySeat<bool> {
    FORFEITED.replace(BySeat([false; 2]))
}

/// What failed in the earliest forfeited game since the last call, if any
/// game was forfeited.
pub fn take_first_forfeit() -> Option<String> {
    let mut first = FIRST_FORFEIT.lock().unwrap_or_else(|e| e.into_inner());
    first.take().map(|(_, message)| message)
}

thread_local! {
    /// The agents a worker thread started, by system, command and seat. A
    /// game takes its seats' agents out and puts them back, so a thread
    /// starts one agent a seat for a whole run (a sweep's variants, played
    /// in lockstep, share it); `end_of_run` ends them.
    static POOL: std::cell::RefCell<Vec<(String, AgentSeat)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// This thread's agent for `seat` of `system`: the pool's, greeted with
/// `hello`, or a new one; give it back with `give_back`.
pub fn take(
    system: &str,
    command: &str,
    hello: &serde_json::Value,
    seat: Seat,
) -> (String, AgentSeat) {
    let key = format!("{system} {} {command}", seat.name());
    let pooled = POOL.with(|pool| {
        let mut pool = pool.borrow_mut();
        let at = pool.iter().position(|(k, _)| *k == key)?;
        Some(pool.swap_remove(at).1)
    });
    let agent = match pooled.map(|mut agent| {
        agent.answered = false;
        agent
    }) {
        Some(mut agent) if agent.is_alive() => {
            agent.greet(hello);
            agent
        }
        // It failed in an earlier game, which it forfeited: a new process
        // for this one.
        Some(mut agent) => {
            agent.hello = hello.clone();
            agent.restart();
            agent
        }
        None => AgentSeat::start(command, hello, seat),
    };
    (key, agent)
}

/// Puts an agent back after a game, a failed one too: the next game
/// starts its process again, knowing whether it ever answered.
pub fn give_back(key: String, agent: AgentSeat) {
    let _ = POOL.try_with(|pool| pool.borrow_mut().push((key, agent)));
}

/// Ends this thread's agents: dropping one closes its input and ends its
/// process group.
pub fn end_of_run() {
    let _ = POOL.try_with(|pool| pool.take());
}

/// What an agent in `seat` of `system` is told once: the protocol, the
/// system, its seat, every rule value, and what each of its `decisions`
/// is (a system adds what else it needs, such as its scenario).
pub fn hello(
    system: &str,
    seat: Seat,
    rules: &crate::params::ParamValues,
    decisions: serde_json::Value,
) -> serde_json::Value {
    serde_json::json!({
        "type": "hello",
        "protocol": PROTOCOL,
        "system": system,
        "seat": seat.name(),
        "rules": serde_json::to_value(rules.to_toml()).unwrap_or(serde_json::Value::Null),
        "decisions": decisions,
    })
}

/// The rule values a `hello` carries, over the system's `defaults`.
pub fn hello_rules(
    message: &Message<'_>,
    mut defaults: crate::params::ParamValues,
) -> crate::error::Result<crate::params::ParamValues> {
    let table: toml::Table = serde_json::from_value(message.get("rules").clone())
        .map_err(|e| message.error(format_args!("rules: {e}")))?;
    defaults
        .set_toml(&table)
        .map_err(|e| message.error(format_args!("rules: {e}")))?;
    Ok(defaults)
}

/// The `game` message: the game's index and the seat's seed, its own
/// stream, so an agent's choices are as reproducible as a built-in's. A
/// seat of several players (`streams`, one each, the seat's own first) is
/// also told `seeds`, one per player.
pub fn game_message(
    master_seed: u64,
    game: u64,
    streams: &[crate::engine::seeding::Stream],
) -> serde_json::Value {
    use crate::engine::seeding::stream_seed;
    let seeds: Vec<u64> = streams
        .iter()
        .map(|&stream| stream_seed(master_seed, game, stream))
        .collect();
    let mut message = serde_json::json!({ "type": "game", "game": game, "seed": seeds[0] });
    if seeds.len() > 1 {
        message["seeds"] = seeds.into();
    }
    message
}

/// Each seat's external agent, if it has one: its command and the hello
/// the system greets it with. The plumbing every system's simulation
/// shares: built from the players once, lent for each game, released at
/// the run's end (`Simulation::end_of_run`).
#[derive(Clone, Debug, Default)]
pub struct Agents(BySeat<Option<(String, serde_json::Value)>>);

impl Agents {
    /// The agents of `players`: a seat with a command (`exec:`) gets one,
    /// greeted with `hello(seat)`.
    pub fn of(
        players: &BySeat<super::player::Player>,
        hello: impl Fn(Seat) -> serde_json::Value,
    ) -> Agents {
        Agents(BySeat::from_fn(|seat| {
            let command = players[seat].command.clone()?;
            Some((command, hello(seat)))
        }))
    }

    /// Whether `seat` is played by an agent.
    pub fn plays(&self, seat: Seat) -> bool {
        self.0[seat].is_some()
    }

    /// Whether a seat is played by an agent.
    pub fn any(&self) -> bool {
        self.0 .0.iter().any(Option::is_some)
    }

    /// The seats' agents lent for game `game` of a run of `system`, each
    /// told the game (a seat's players drawing from `streams(seat)`, its
    /// own first); `None` when no seat has an agent, the built-ins' path,
    /// which lends nothing.
    #[inline]
    pub fn lend(
        &self,
        system: &str,
        master_seed: u64,
        game: u64,
        streams: impl Fn(Seat) -> Vec<crate::engine::seeding::Stream>,
    ) -> Option<Lent> {
        if !self.any() {
            return None;
        }
        Some(Lent(BySeat::from_fn(|seat| {
            let (command, hello) = self.0[seat].as_ref()?;
            let (key, mut agent) = take(system, command, hello, seat);
            agent.begin(game, &game_message(master_seed, game, &streams(seat)));
            Some((key, std::cell::RefCell::new(agent)))
        })))
    }
}

/// One stream a seat: a player's own (`Agents::lend` for a seat of one
/// player).
pub fn seat_stream(seat: Seat) -> Vec<crate::engine::seeding::Stream> {
    vec![crate::engine::seeding::Stream::seat(seat.index())]
}

/// The agents lent for one game, given back to this thread's pool when it
/// is dropped.
pub struct Lent(BySeat<Option<(String, std::cell::RefCell<AgentSeat>)>>);

impl Lent {
    /// Each seat's agent (`None` for a built-in seat).
    pub fn seats(&self) -> BySeat<Option<&std::cell::RefCell<AgentSeat>>> {
        self.0
            .as_ref()
            .map(|seat| seat.as_ref().map(|(_, agent)| agent))
    }
}

impl Drop for Lent {
    fn drop(&mut self) {
        for (key, agent) in std::mem::take(&mut self.0 .0).into_iter().flatten() {
            give_back(key, agent.into_inner());
        }
    }
}

/// A message from the host of `fortunes agent`, read field by field: a
/// field that is missing, of the wrong type or out of range is an error
/// naming the message, the field and what is allowed, never a default
/// that a player then trusts (an empty hand sent the search round forever,
/// an empty list of choices made `random` panic).
#[derive(Clone, Copy)]
pub struct Message<'a> {
    value: &'a serde_json::Value,
    line: usize,
    /// The field this is inside of (`needs.`), for the errors.
    path: &'a str,
}

impl<'a> Message<'a> {
    pub fn new(value: &'a serde_json::Value, line: usize) -> Message<'a> {
        Message {
            value,
            line,
            path: "",
        }
    }

    /// The field `key`, `Null` when it is missing.
    pub fn get(&self, key: &str) -> &'a serde_json::Value {
        &self.value[key]
    }

    /// An error about the message as a whole.
    pub fn error(&self, problem: impl std::fmt::Display) -> crate::error::Error {
        protocol_error(self.line, problem)
    }

    /// `key` is not what the protocol allows.
    pub fn bad(&self, key: &str, allowed: impl std::fmt::Display) -> crate::error::Error {
        let shown = match self.value.get(key) {
            None => "missing".to_string(),
            Some(value) => shown(value),
        };
        self.error(format_args!(
            "{}{key}: {shown}; allowed: {allowed}",
            self.path
        ))
    }

    /// `key` holds `value`, which is not what the protocol allows.
    pub fn bad_value(
        &self,
        key: &str,
        value: impl std::fmt::Display,
        allowed: impl std::fmt::Display,
    ) -> crate::error::Error {
        self.error(format_args!(
            "{}{key}: {value}; allowed: {allowed}",
            self.path
        ))
    }

    /// The object at `key` (`path` names it in errors: `"needs."`).
    pub fn within(&self, key: &str, path: &'a str) -> crate::error::Result<Message<'a>> {
        match self.value.get(key) {
            Some(value) if value.is_object() => Ok(Message {
                value,
                line: self.line,
                path,
            }),
            _ => Err(self.bad(key, "an object")),
        }
    }

    /// A whole number from `least` to `most`.
    pub fn number(&self, key: &str, least: u64, most: u64) -> crate::error::Result<u64> {
        self.get(key)
            .as_u64()
            .filter(|n| (least..=most).contains(n))
            .ok_or_else(|| self.bad(key, format_args!("a whole number from {least} to {most}")))
    }

    /// `number`, or `None` for `null`.
    pub fn optional_number(
        &self,
        key: &str,
        least: u64,
        most: u64,
    ) -> crate::error::Result<Option<u64>> {
        match self.get(key) {
            serde_json::Value::Null if self.value.get(key).is_some() => Ok(None),
            value => value
                .as_u64()
                .filter(|n| (least..=most).contains(n))
                .map(Some)
                .ok_or_else(|| {
                    self.bad(
                        key,
                        format_args!("a whole number from {least} to {most}, or null"),
                    )
                }),
        }
    }

    /// `true` or `false`.
    pub fn flag(&self, key: &str) -> crate::error::Result<bool> {
        self.get(key)
            .as_bool()
            .ok_or_else(|| self.bad(key, "true or false"))
    }

    /// A string.
    pub fn text(&self, key: &str) -> crate::error::Result<&'a str> {
        self.get(key)
            .as_str()
            .ok_or_else(|| self.bad(key, "a string"))
    }

    /// One of `allowed`: its index.
    pub fn one_of(&self, key: &str, allowed: &[&str]) -> crate::error::Result<usize> {
        self.get(key)
            .as_str()
            .and_then(|text| allowed.iter().position(|a| *a == text))
            .ok_or_else(|| self.bad(key, allowed.join(", ")))
    }

    /// `a` or `b`.
    pub fn seat(&self, key: &str) -> crate::error::Result<Seat> {
        Ok(Seat::BOTH[self.one_of(key, &["a", "b"])?])
    }

    /// A list of at most `most` values.
    pub fn list(&self, key: &str, most: usize) -> crate::error::Result<&'a [serde_json::Value]> {
        self.get(key)
            .as_array()
            .filter(|list| list.len() <= most)
            .map(Vec::as_slice)
            .ok_or_else(|| self.bad(key, format_args!("a list of at most {most}")))
    }

    /// A list of exactly `count` whole numbers from 0 to `most`.
    pub fn numbers(&self, key: &str, count: usize, most: u64) -> crate::error::Result<Vec<u64>> {
        let allowed = || format!("a list of {count} whole numbers from 0 to {most}");
        let list = self
            .get(key)
            .as_array()
            .filter(|list| list.len() == count)
            .ok_or_else(|| self.bad(key, allowed()))?;
        list.iter()
            .map(|n| n.as_u64().filter(|n| *n <= most))
            .collect::<Option<Vec<u64>>>()
            .ok_or_else(|| self.bad(key, allowed()))
    }
}

/// A value as an error shows it: its JSON, cut short.
fn shown(value: &serde_json::Value) -> String {
    let text = value.to_string();
    if text.chars().count() <= 80 {
        return text;
    }
    let cut: String = text.chars().take(77).collect();
    format!("{cut}...")
}

/// A choice as text, to compare with another: a string as it is, a number
/// in digits.
fn choice_text(choice: &serde_json::Value) -> Option<String> {
    match choice {
        serde_json::Value::String(text) => Some(text.clone()),
        serde_json::Value::Number(n) if n.is_u64() => Some(n.to_string()),
        _ => None,
    }
}

/// Most choices a `decide` may list: far above the longest Haggis list of
/// plays (13,541).
const MAX_CHOICES: usize = 100_000;

/// A `decide`'s choices: a list of one or more strings or whole numbers.
/// The served player's answer must be one of them, so a message whose
/// other fields disagree with its choices is refused rather than
/// answered with something the host cannot take.
pub fn choices(message: &Message<'_>) -> crate::error::Result<Vec<String>> {
    let allowed =
        || format!("a list of 1 to {MAX_CHOICES} legal answers, each a string or a whole number");
    let list = message
        .get("choices")
        .as_array()
        .filter(|list| !list.is_empty() && list.len() <= MAX_CHOICES)
        .ok_or_else(|| message.bad("choices", allowed()))?;
    list.iter()
        .map(choice_text)
        .collect::<Option<Vec<String>>>()
        .ok_or_else(|| message.bad("choices", allowed()))
}

/// Serves a built-in player on standard input and output (`fortunes agent
/// SYSTEM`): each `hello` goes to `greet`, each `game` seeds the players'
/// streams (`seed`, or `seeds` for a seat of several players), and each
/// `decide` goes to `decide` with its `player`'s stream (the first when it
/// names none), its answer the reply's choice, which must be one of the
/// message's `choices`. Ends quietly when either end closes, with exit 130
/// on Ctrl-C or SIGTERM however long the host is silent.
pub fn serve(
    mut greet: impl FnMut(&Message<'_>) -> crate::error::Result<()>,
    mut decide: impl FnMut(
        &Message<'_>,
        &mut crate::engine::seeding::GameRng,
    ) -> crate::error::Result<serde_json::Value>,
) -> crate::error::Result<()> {
    use crate::engine::seeding::rng_from_seed;
    let mut rngs = vec![rng_from_seed(0)];
    let mut input = LineReader::new(std::io::stdin());
    // Everything goes out through `reply`, past std's buffer.
    let out = std::io::stdout();
    let mut n = 0;
    loop {
        n += 1;
        let line = match input.next_line(None, crate::cancel::interrupted) {
            Ok(line) => line,
            Err(Unfinished::Closed) => return Ok(()),
            Err(Unfinished::Stopped) => {
                return Err(crate::error::Error::new(
                    crate::error::ErrorKind::Interrupted,
                ))
            }
            Err(Unfinished::TooLong) => {
                return Err(protocol_error(
                    n,
                    format!("longer than {MAX_LINE_TEXT}, the most a message may hold"),
                ))
            }
            // `Failed`, or `TimedOut`, which without a deadline cannot be.
            Err(other) => return Err(protocol_error(n, format!("cannot read it: {other}"))),
        };
        let line = std::str::from_utf8(&line).map_err(|_| protocol_error(n, "not UTF-8 text"))?;
        if line.trim().is_empty() {
            continue;
        }
        let value: serde_json::Value =
            serde_json::from_str(line).map_err(|e| protocol_error(n, e))?;
        if !value.is_object() {
            return Err(protocol_error(n, "not a JSON object"));
        }
        let message = Message::new(&value, n);
        match message.one_of("type", &["hello", "game", "decide"])? {
            0 => greet(&message)?,
            1 => {
                let allowed = "a whole number (seed) or a list of 1 to 64 of them (seeds)";
                let seeds: Option<Vec<u64>> = match value.get("seeds") {
                    Some(seeds) => seeds
                        .as_array()
                        .filter(|all| !all.is_empty() && all.len() <= 64)
                        .and_then(|all| all.iter().map(|s| s.as_u64()).collect()),
                    None => value["seed"].as_u64().map(|seed| vec![seed]),
                };
                rngs = match seeds {
                    Some(seeds) => seeds.into_iter().map(rng_from_seed).collect(),
                    None if value.get("seeds").is_some() => {
                        return Err(message.bad("seeds", allowed))
                    }
                    None => return Err(message.bad("seed", allowed)),
                };
            }
            _ => {
                let count = rngs.len();
                let player = match value.get("player") {
                    None => 0,
                    Some(_) => message.number("player", 0, count as u64 - 1).map_err(|_| {
                        message.bad(
                            "player",
                            format_args!(
                                "0 to {} (the game message gave seeds for {count} player(s))",
                                count - 1
                            ),
                        )
                    })? as usize,
                };
                let choices = choices(&message)?;
                let choice = decide(&message, &mut rngs[player])?;
                let answer = choice_text(&choice).unwrap_or_default();
                if !choices.iter().any(|c| c.eq_ignore_ascii_case(&answer)) {
                    return Err(message.bad_value(
                        "choices",
                        allowed_list(&choices),
                        format_args!(
                            "a list that holds the served player's answer, {choice}: the message's other fields disagree with its choices"
                        ),
                    ));
                }
                if !reply(&out, choice)? {
                    return Ok(());
                }
            }
        }
    }
}

/// The legal choices for an error message: all of them, or the first few
/// and how many more (a Haggis hand has hundreds of plays).
pub fn allowed_list(choices: &[String]) -> String {
    const SHOWN: usize = 12;
    if choices.len() <= SHOWN {
        return choices.join(", ");
    }
    format!(
        "{}, and {} more",
        choices[..SHOWN].join(", "),
        choices.len() - SHOWN
    )
}

/// A message the served player cannot take: `line` is its 1-based number.
pub fn protocol_error(line: usize, message: impl std::fmt::Display) -> crate::error::Error {
    crate::error::Error::new(crate::error::ErrorKind::BadArgument(format!(
        "agent protocol, message {line}: {message}"
    )))
}

/// Writes a served player's reply; `Ok(false)` when the other end has
/// closed (the run is over), which is no error. A host that does not read
/// holds it only until Ctrl-C.
pub fn reply(out: &std::io::Stdout, choice: serde_json::Value) -> crate::error::Result<bool> {
    let mut line = serde_json::json!({ "choice": choice }).to_string();
    line.push('\n');
    match lines::write_all(out, line.as_bytes(), None, crate::cancel::interrupted) {
        Ok(()) => Ok(true),
        Err(Unfinished::Closed) => Ok(false),
        Err(Unfinished::Stopped) => Err(crate::error::Error::new(
            crate::error::ErrorKind::Interrupted,
        )),
        Err(other) => Err(crate::error::Error::output("(stdout)", other)),
    }
}
