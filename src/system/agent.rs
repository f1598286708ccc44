//! External agents: a program that plays a seat over a JSON-lines protocol
//! on its standard input and output (docs/agents.md). fortunes writes one
//! JSON object a line (`hello` once, `game` at each game's start,
//! `decide` at each decision) and reads one object a line back (`{"choice":
//! ...}`) for each `decide`. A worker thread starts its own agent process,
//! so a run stays parallel; the agent's seed comes from the game's streams,
//! so it stays reproducible.

use crate::engine::{BySeat, Seat};
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

/// The protocol's version, in every `hello`.
pub const PROTOCOL: u32 = 1;

/// Seconds an agent may take to answer one decision, unless
/// `FORTUNES_AGENT_TIMEOUT` says otherwise.
const DEFAULT_TIMEOUT: u64 = 10;

/// A running agent process.
pub struct Agent {
    child: Child,
    input: Option<BufWriter<ChildStdin>>,
    lines: Receiver<std::io::Result<String>>,
    timeout: Duration,
}

impl Agent {
    /// Starts `command` (through `sh -c`, so it may hold arguments and
    /// quotes) and sends it `hello`.
    pub fn start(command: &str, hello: &serde_json::Value) -> Result<Agent, String> {
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
        let input = child.stdin.take().map(BufWriter::new);
        let output = child.stdout.take().expect("stdout is piped");
        // A reader thread, so that a silent agent times out instead of
        // hanging the run.
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(output);
            loop {
                let mut line = String::new();
                match reader.read_line(&mut line) {
                    Ok(0) => break,
                    Ok(_) => {
                        if sender.send(Ok(line)).is_err() {
                            break;
                        }
                    }
                    Err(e) => {
                        let _ = sender.send(Err(e));
                        break;
                    }
                }
            }
        });
        let mut agent = Agent {
            child,
            input,
            lines,
            timeout,
        };
        agent.send(hello)?;
        Ok(agent)
    }

    /// Sends one message.
    pub fn send(&mut self, message: &serde_json::Value) -> Result<(), String> {
        let Some(input) = self.input.as_mut() else {
            return Err("its input is closed".into());
        };
        serde_json::to_writer(&mut *input, message)
            .map_err(|e| e.to_string())
            .and_then(|()| input.write_all(b"\n").map_err(|e| e.to_string()))
            .and_then(|()| input.flush().map_err(|e| e.to_string()))
            .map_err(|e| format!("cannot write to it ({e}); {}", self.exit_status()))
    }

    /// Sends `message` and reads the one-line reply.
    pub fn ask(&mut self, message: &serde_json::Value) -> Result<serde_json::Value, String> {
        self.send(message)?;
        let line = match self.lines.recv_timeout(self.timeout) {
            Ok(Ok(line)) => line,
            Ok(Err(e)) => return Err(format!("cannot read its reply: {e}")),
            Err(RecvTimeoutError::Timeout) => {
                return Err(format!(
                    "no reply within {} s (FORTUNES_AGENT_TIMEOUT sets the limit)",
                    self.timeout.as_secs_f64()
                ))
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(format!("it closed its output: {}", self.exit_status()))
            }
        };
        serde_json::from_str(line.trim()).map_err(|e| {
            let shown: String = line.trim().chars().take(200).collect();
            format!("its reply is not a JSON object ({e}): {shown:?}")
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
        match Agent::start(&self.command, &self.hello) {
            Ok(agent) => self.agent = Some(agent),
            Err(problem) => self.fail(&format!("at its start: {problem}")),
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
        if let Err(problem) = self.agent.as_mut().map_or(Ok(()), |a| a.send(hello)) {
            self.fail(&format!("at a new variant's hello: {problem}"));
        }
    }

    /// Starts game `game`: sends `message` (its index and seed).
    pub fn begin(&mut self, game: u64, message: &serde_json::Value) {
        self.game = game;
        self.decisions = 0;
        if let Err(problem) = self.agent.as_mut().map_or(Ok(()), |a| a.send(message)) {
            self.fail(&format!("game {game}, at its start: {problem}"));
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
        } else {
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
        let agent = self.agent.as_mut()?;
        match agent.ask(message) {
            Ok(reply) => {
                // A reply, legal or not: the command runs and speaks the
                // protocol, so a later failure is the agent's play.
                self.answered = true;
                Some(reply)
            }
            Err(problem) => {
                self.fail(&format!("{at}: {problem}"));
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

/// The rule values a `hello` (message `line` of the input) carries, over
/// the system's `defaults`.
pub fn hello_rules(
    message: &serde_json::Value,
    line: usize,
    mut defaults: crate::params::ParamValues,
) -> crate::error::Result<crate::params::ParamValues> {
    let table: toml::Table = serde_json::from_value(message["rules"].clone())
        .map_err(|e| protocol_error(line, format!("rules: {e}")))?;
    defaults.set_toml(&table)?;
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

/// The seats' agents for game `game` of a run of `system`: each seat with
/// an agent's command and `hello` takes this thread's agent, which is told
/// the game; `play` gets them (`None` for a built-in seat), and they go
/// back to the pool after.
pub fn with_agents<R>(
    system: &str,
    agents: &BySeat<Option<(String, serde_json::Value)>>,
    master_seed: u64,
    game: u64,
    play: impl FnOnce(BySeat<Option<&std::cell::RefCell<AgentSeat>>>) -> R,
) -> R {
    use crate::engine::seeding::Stream;
    let streams = |seat: Seat| vec![Stream::seat(seat.index())];
    with_agents_of_players(system, agents, master_seed, game, streams, play)
}

/// `with_agents` for seats of several players, each drawing from its own
/// stream: `streams` gives a seat's, its own first.
pub fn with_agents_of_players<R>(
    system: &str,
    agents: &BySeat<Option<(String, serde_json::Value)>>,
    master_seed: u64,
    game: u64,
    streams: impl Fn(Seat) -> Vec<crate::engine::seeding::Stream>,
    play: impl FnOnce(BySeat<Option<&std::cell::RefCell<AgentSeat>>>) -> R,
) -> R {
    use std::cell::RefCell;
    let taken: BySeat<Option<(String, RefCell<AgentSeat>)>> = BySeat::from_fn(|seat| {
        let (command, hello) = agents[seat].as_ref()?;
        let (key, mut agent) = take(system, command, hello, seat);
        agent.begin(game, &game_message(master_seed, game, &streams(seat)));
        Some((key, RefCell::new(agent)))
    });
    let result = play(
        taken
            .as_ref()
            .map(|seat| seat.as_ref().map(|(_, agent)| agent)),
    );
    for (key, agent) in taken.0.into_iter().flatten() {
        give_back(key, agent.into_inner());
    }
    result
}

/// Serves a built-in player on standard input and output (`fortunes agent
/// SYSTEM`): each `hello` goes to `greet`, each `game` seeds the players'
/// streams (`seed`, or `seeds` for a seat of several players), and each
/// `decide` goes to `decide` with its `player`'s stream (the first when it
/// names none), its answer the reply's choice. Ends quietly when either
/// end closes.
pub fn serve(
    mut greet: impl FnMut(&serde_json::Value, usize) -> crate::error::Result<()>,
    mut decide: impl FnMut(
        &serde_json::Value,
        usize,
        &mut crate::engine::seeding::GameRng,
    ) -> crate::error::Result<serde_json::Value>,
) -> crate::error::Result<()> {
    use crate::engine::seeding::rng_from_seed;
    let mut rngs = vec![rng_from_seed(0)];
    let mut out = std::io::stdout().lock();
    for (i, line) in std::io::stdin().lock().lines().enumerate() {
        let n = i + 1;
        let line = line.map_err(|e| protocol_error(n, e))?;
        if line.trim().is_empty() {
            continue;
        }
        let message: serde_json::Value =
            serde_json::from_str(&line).map_err(|e| protocol_error(n, e))?;
        match message["type"].as_str() {
            Some("hello") => greet(&message, n)?,
            Some("game") => {
                let seeds: Option<Vec<u64>> = match message.get("seeds") {
                    Some(seeds) => seeds
                        .as_array()
                        .and_then(|all| all.iter().map(|s| s.as_u64()).collect()),
                    None => message["seed"].as_u64().map(|seed| vec![seed]),
                };
                rngs = match seeds {
                    Some(seeds) if !seeds.is_empty() => {
                        seeds.into_iter().map(rng_from_seed).collect()
                    }
                    _ => {
                        return Err(protocol_error(
                            n,
                            "game without a seed (a number) or seeds (a list of them)",
                        ))
                    }
                };
            }
            Some("decide") => {
                let player = message.get("player").map_or(Some(0), |p| p.as_u64());
                let count = rngs.len();
                let Some(rng) = player.and_then(|p| rngs.get_mut(p as usize)) else {
                    return Err(protocol_error(
                        n,
                        format!(
                            "player {}; the game message gave seeds for {count} player(s), allowed: 0 to {}",
                            message["player"],
                            count - 1
                        ),
                    ));
                };
                let choice = decide(&message, n, rng)?;
                if !reply(&mut out, choice)? {
                    return Ok(());
                }
            }
            other => {
                return Err(protocol_error(
                    n,
                    format!("type {other:?}; allowed: hello, game, decide"),
                ))
            }
        }
    }
    Ok(())
}

/// `fortunes agent SYSTEM`'s command: `--strategy NAME`, the built-in or
/// preset to serve.
pub fn serve_command(system: &'static str, about: &'static str) -> clap::Command {
    clap::Command::new(system).about(about).arg(
        clap::Arg::new("strategy")
            .long("strategy")
            .default_value("heuristic")
            .value_name("NAME")
            .help("The player: a built-in or a preset"),
    )
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
/// closed (the run is over), which is no error.
pub fn reply(out: &mut impl Write, choice: serde_json::Value) -> crate::error::Result<bool> {
    let reply = serde_json::json!({ "choice": choice });
    match writeln!(out, "{reply}").and_then(|()| out.flush()) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(crate::error::Error::output("(stdout)", e)),
    }
}
