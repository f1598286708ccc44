//! Partial results of a sharded run: the file a shard writes (its header
//! and exact accumulators), read back and checked against the run it
//! names, and merged into what one process would have measured. A partial
//! result is two JSON lines: a header (format, fortunes version,
//! experiment, the digests of its whole configuration and of its
//! accumulators, seed, shard, round, and the configuration itself, from
//! which `merge` rebuilds the experiment), then every variant's
//! accumulators.

use crate::engine::digest::digest_hex;
use crate::error::{Error, ErrorKind, Result};
use crate::experiment::{run_digest, Experiment, Overrides};
use crate::runner;
use crate::system::{Plan, Shard, ShardText};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The format of a partial result's header; a merge refuses any other.
/// 2: the header carries the digest of the accumulators; 3: the cluster
/// rows carry their games and the sum of their squares.
const FORMAT: u32 = 3;
/// The most shards a run is split into (`--shard`, a job array, a part).
pub const MAX_SHARDS: u64 = 1_000_000;
/// The most worker threads a run takes (`--threads`), so the most a
/// part's header can name.
const MAX_THREADS: usize = 1024;
/// The end of a partial result's file name (`merge DIR` reads these).
pub const EXTENSION: &str = ".part.json";

/// A shard picked by the flag or by the environment, and which.
#[derive(Clone, Copy, Debug)]
pub struct Chosen {
    /// 0-based.
    pub index: u64,
    pub count: u64,
    pub by: &'static str,
}

fn bad(message: String) -> Error {
    Error::new(ErrorKind::BadArgument(message))
}

/// A partial result's first line.
#[derive(Serialize, Deserialize, Debug, Clone)]
struct Header {
    fortunes_partial: u32,
    fortunes_version: String,
    experiment: String,
    /// FNV-1a of `config`, as run.toml's digest: what must agree.
    config_digest: String,
    /// FNV-1a of the accumulators line: a part cut short or edited is
    /// refused, not merged into figures no run could give.
    content_digest: String,
    seed: u64,
    /// 1-based.
    shard: u64,
    shards: u64,
    round: u64,
    rounds: u64,
    threads: usize,
    /// Games of each variant this shard played in its round.
    games: u64,
    /// The experiment as a run file (threads fixed at 1, which results do
    /// not depend on): `merge` plays nothing, it rebuilds from this.
    config: String,
    /// A search's round: the candidates it played, in order (empty for a
    /// run or a check, which play every variant).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    members: Vec<usize>,
}

/// The experiment as the configuration every shard must share.
pub fn config_of(experiment: &Experiment) -> String {
    experiment.to_toml(1, Path::new("run.toml"))
}

/// A partial result written: where, its games of each variant, and the
/// rounds its run has.
pub struct Written {
    pub path: PathBuf,
    pub games: u64,
    pub rounds: u64,
}

/// The rounds `experiment` has (see `Shard`).
pub fn rounds_of(experiment: &Experiment) -> u64 {
    runner::rounds(experiment.stop())
}

/// Plays `shard` of `experiment` on `seed` and writes its partial result
/// into `dir`, whole or not at all.
pub fn write_shard(
    experiment: &Experiment,
    seed: u64,
    threads: usize,
    shard: Shard,
    dir: &Path,
) -> Result<Written> {
    let mut plan = experiment.plan(seed, threads);
    let rounds = runner::rounds(plan.stop);
    let round = shard.round;
    if round > rounds {
        return Err(bad(format!(
            "--round {round}: {} has {rounds} round{} ({}); allowed: 1 to {rounds}",
            experiment.name,
            if rounds == 1 { "" } else { "s" },
            match rounds {
                1 => "a fixed number of games is one round".to_string(),
                _ => "max_games over the games between checks of the precision target".to_string(),
            }
        )));
    }
    plan.shard = Some(shard);
    let system = experiment.system;
    let accumulators = system.run_shard(&experiment.variants, &plan)?;
    crate::cancel::check()?;
    let config = config_of(experiment);
    let games = runner::shard_games(&plan, system.batch());
    let header = Header {
        fortunes_partial: FORMAT,
        fortunes_version: env!("CARGO_PKG_VERSION").into(),
        experiment: experiment.name.clone(),
        config_digest: format!("{:016x}", run_digest(&config)),
        content_digest: digest_hex(accumulators.as_bytes()),
        seed,
        shard: shard.index + 1,
        shards: shard.count,
        round,
        rounds,
        threads,
        games,
        config,
        members: Vec::new(),
    };
    let path = write_part(dir, &header, &accumulators)?;
    Ok(Written {
        path,
        games,
        rounds,
    })
}

/// Writes a partial result into `dir`, named for its run, seed, round and
/// shard.
fn write_part(dir: &Path, header: &Header, accumulators: &str) -> Result<PathBuf> {
    let width = header.shards.to_string().len();
    let name = format!(
        "{}-seed-{}-round-{}-shard-{:0width$}-of-{}{EXTENSION}",
        header.experiment, header.seed, header.round, header.shard, header.shards
    );
    let text = serde_json::to_string(header).map_err(|e| bad(e.to_string()))?;
    write_whole(dir, &name, &format!("{text}\n{accumulators}\n"))
}

/// A search's round played by one shard (`tune --shard`): its partial
/// result, named `name` (the search's), `config` the run file that
/// reproduces the search, `round` its round and `members` the candidates
/// it played (`variants`, in that order, under `plan`).
#[allow(clippy::too_many_arguments)]
pub fn write_round_shard(
    dir: &Path,
    name: &str,
    config: &str,
    system: &dyn crate::system::System,
    variants: &[crate::system::Variant],
    members: &[usize],
    plan: &crate::system::Plan,
    round: u64,
) -> Result<Written> {
    let shard = plan.shard.expect("a shard's plan");
    let accumulators = system.run_shard(variants, plan)?;
    crate::cancel::check()?;
    let games = runner::shard_games(plan, system.batch());
    let header = Header {
        fortunes_partial: FORMAT,
        fortunes_version: env!("CARGO_PKG_VERSION").into(),
        experiment: name.to_string(),
        config_digest: format!("{:016x}", run_digest(config)),
        content_digest: digest_hex(accumulators.as_bytes()),
        seed: plan.seed,
        shard: shard.index + 1,
        shards: shard.count,
        round,
        // A search's rounds are not known in advance.
        rounds: u64::MAX,
        threads: plan.threads,
        games,
        config: config.to_string(),
        members: members.to_vec(),
    };
    let path = write_part(dir, &header, &accumulators)?;
    Ok(Written {
        path,
        games,
        rounds: 0,
    })
}

/// What a folder holds of one round of a search: nothing, some shards
/// (which, and whether `shard` is among them), or all of them.
pub enum RoundParts {
    None,
    Some { have: Vec<u64>, of: u64 },
    All(Vec<Part>),
}

/// The partial results of round `round` of the search `name` (its
/// configuration `config`, played on `seed`) in `dir`; refuses parts of
/// another race (another configuration, or other candidates).
pub fn round_parts(
    dir: &Path,
    name: &str,
    config: &str,
    seed: u64,
    round: u64,
    members: &[usize],
) -> Result<RoundParts> {
    let digest = format!("{:016x}", run_digest(config));
    let mut parts = Vec::new();
    if dir.is_dir() {
        for path in part_files(&[dir.to_path_buf()]).unwrap_or_default() {
            let part = read_part(&path)?;
            let h = &part.header;
            if h.experiment != name || h.seed != seed || h.round != round {
                continue;
            }
            if h.config_digest != digest || h.members != members {
                return Err(Error::file(
                    &path,
                    format!(
                        "a shard of another race of {name} (another configuration, or other candidates in round {round}): \
                         give the search its own --parts folder"
                    ),
                ));
            }
            parts.push(part);
        }
    }
    if parts.is_empty() {
        return Ok(RoundParts::None);
    }
    let of = parts[0].header.shards;
    let mut have: Vec<u64> = parts.iter().map(|p| p.header.shard).collect();
    have.sort_unstable();
    if have.len() as u64 == of && have.windows(2).all(|w| w[0] != w[1]) {
        // One run's shards, each once: `arrange` checks them as round 1.
        for part in &mut parts {
            part.header.round = 1;
            part.header.rounds = 1;
        }
        arrange(&parts, false)?;
        return Ok(RoundParts::All(parts));
    }
    Ok(RoundParts::Some { have, of })
}

/// The outcomes of one round's shards of `variants` under `plan` (no
/// shard), in variant order.
pub fn merge_round(
    system: &dyn crate::system::System,
    variants: &[crate::system::Variant],
    plan: &crate::system::Plan,
    parts: &[Part],
) -> Result<Vec<crate::system::VariantOutcome>> {
    same_run(parts)?;
    verify(parts, plan, system.batch(), None)?;
    let arranged = arrange(parts, false)?;
    let mut outcomes: Vec<Option<crate::system::VariantOutcome>> =
        variants.iter().map(|_| None).collect();
    system.merge(
        variants,
        plan,
        &texts(parts, &arranged),
        false,
        &mut |v, outcome| {
            outcomes[v] = Some(outcome);
            Ok(())
        },
    )?;
    Ok(outcomes
        .into_iter()
        .map(|o| o.expect("every variant's outcome is delivered"))
        .collect())
}

/// Writes `dir/name` whole or not at all: a temporary file named for this
/// process and host, renamed into place. Shards of one array write into
/// the same folder at once, each its own file.
fn write_whole(dir: &Path, name: &str, text: &str) -> Result<PathBuf> {
    std::fs::create_dir_all(dir).map_err(|e| Error::output(dir, e))?;
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap_or_default();
    let temp = dir.join(format!(
        ".{name}.tmp-{}-{}",
        host.trim(),
        std::process::id()
    ));
    let path = dir.join(name);
    let written = std::fs::write(&temp, text)
        .and_then(|()| std::fs::File::open(&temp)?.sync_all())
        .and_then(|()| std::fs::rename(&temp, &path));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temp);
        return Err(Error::output(&path, e));
    }
    Ok(path)
}

/// A partial result as read.
#[derive(Clone)]
pub struct Part {
    path: PathBuf,
    header: Header,
    accumulators: String,
}

fn part_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(path)
                .map_err(|e| Error::file(path, e))?
                .flatten()
                .map(|e| e.path())
                .filter(|p| {
                    p.file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| n.ends_with(EXTENSION) && !n.starts_with('.'))
                })
                .collect();
            if found.is_empty() {
                return Err(Error::file(
                    path,
                    format!("holds no partial results (*{EXTENSION})"),
                ));
            }
            found.sort();
            files.extend(found);
        } else if path.exists() {
            // `read_part` refuses what is not a regular file, by name.
            files.push(path.clone());
        } else {
            return Err(Error::file(
                path,
                format!("no such file or folder; allowed: partial results (*{EXTENSION}) or folders of them"),
            ));
        }
    }
    Ok(files)
}

fn read_part(path: &Path) -> Result<Part> {
    let mut text = String::new();
    std::io::Read::read_to_string(&mut crate::presets::open_input(path)?, &mut text)
        .map_err(|e| Error::file(path, e))?;
    let not_partial = || {
        Error::file(
            path,
            "not a fortunes partial result (a header line, then the accumulators); \
             write one with fortunes run --shard K/N",
        )
    };
    let (first, rest) = text.split_once('\n').ok_or_else(not_partial)?;
    let header: Header = serde_json::from_str(first).map_err(|_| not_partial())?;
    if header.fortunes_partial != FORMAT {
        return Err(Error::file(
            path,
            format!(
                "partial result format {}; this fortunes merges format {FORMAT}",
                header.fortunes_partial
            ),
        ));
    }
    if format!("{:016x}", run_digest(&header.config)) != header.config_digest {
        return Err(Error::file(
            path,
            "damaged partial result: its configuration does not match its digest; run that shard again",
        ));
    }
    let bounds = header.shard >= 1
        && header.shard <= header.shards
        && header.shards <= MAX_SHARDS
        && header.round >= 1
        && header.round <= header.rounds
        && (1..=MAX_THREADS).contains(&header.threads);
    if !bounds || !rest.ends_with('\n') {
        return Err(Error::file(
            path,
            format!(
                "damaged partial result (cut short, or its shard, round or threads out of range: \
                 allowed shard 1 to shards, shards at most {MAX_SHARDS}, round 1 to rounds, threads 1 to {MAX_THREADS}); \
                 run that shard again"
            ),
        ));
    }
    let accumulators = rest.trim_end().to_string();
    if digest_hex(accumulators.as_bytes()) != header.content_digest {
        return Err(Error::file(
            path,
            "damaged partial result: its accumulators do not match their digest (cut short or edited); run that shard again",
        ));
    }
    Ok(Part {
        path: path.to_path_buf(),
        header,
        accumulators,
    })
}

/// The partials of one run, checked and put in order.
struct Arranged {
    /// Round by round from the first, without a gap: indices into the parts.
    used: Vec<Vec<usize>>,
    /// What is missing, in words (empty when nothing is).
    missing: Vec<String>,
}

/// Refuses parts that are not shards of one run: one version,
/// configuration and seed.
fn same_run(parts: &[Part]) -> Result<()> {
    let first = &parts[0];
    for part in &parts[1..] {
        let (a, b) = (&first.header, &part.header);
        if a.fortunes_version != b.fortunes_version {
            return Err(bad(format!(
                "{} was written by fortunes {} and {} by fortunes {}: run every shard with one version",
                first.path.display(),
                a.fortunes_version,
                part.path.display(),
                b.fortunes_version
            )));
        }
        if (&a.experiment, &a.config_digest, a.seed) != (&b.experiment, &b.config_digest, b.seed) {
            return Err(bad(format!(
                "{} and {} are shards of different runs ({}, configuration {}, seed {}; {}, configuration {}, seed {}): \
                 merge the shards of one run",
                first.path.display(),
                part.path.display(),
                a.experiment,
                a.config_digest,
                a.seed,
                b.experiment,
                b.config_digest,
                b.seed
            )));
        }
    }
    Ok(())
}

/// Refuses a part whose header says what no shard of this run could have
/// written: another number of rounds (`rounds`, for a run; a search's
/// are open) or other games than its shard of its round plays under
/// `plan`. Checked before the missing shards are listed or anything is
/// merged, so an edited header cannot make either huge.
fn verify(
    parts: &[Part],
    plan: &crate::system::Plan,
    batch: u64,
    rounds: Option<u64>,
) -> Result<()> {
    for part in parts {
        let h = &part.header;
        if let Some(rounds) = rounds.filter(|&r| r != h.rounds) {
            return Err(Error::file(
                &part.path,
                format!(
                    "damaged partial result: its run has {rounds} round{}, the header says {}; run that shard again",
                    if rounds == 1 { "" } else { "s" },
                    h.rounds
                ),
            ));
        }
        let mut shard_plan = plan.clone();
        shard_plan.shard = Some(Shard {
            index: h.shard - 1,
            count: h.shards,
            round: h.round,
        });
        let games = runner::shard_games(&shard_plan, batch);
        if h.games != games {
            return Err(Error::file(
                &part.path,
                format!(
                    "damaged partial result: shard {} of {}, round {}, plays {games} games of each variant, the header says {}; run that shard again",
                    h.shard, h.shards, h.round, h.games
                ),
            ));
        }
    }
    Ok(())
}

/// Whole numbers as short ranges ("1, 3 to 9"), at most `most` of them
/// shown and the rest counted: a listing of what is missing stays short
/// however many shards a run has.
fn ranges(numbers: impl Iterator<Item = u64>, most: usize) -> String {
    let mut spans: Vec<(u64, u64)> = Vec::new();
    let mut more = 0u64;
    for n in numbers {
        let full = spans.len() == most;
        match spans.last_mut() {
            Some((_, end)) if *end + 1 == n => *end = n,
            _ if full => more += 1,
            _ => spans.push((n, n)),
        }
    }
    let mut text: Vec<String> = spans
        .iter()
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a} to {b}")
            }
        })
        .collect();
    if more > 0 {
        text.push(format!("and {more} more"));
    }
    text.join(", ")
}

/// Checks that `parts` are shards of one run (one version, configuration
/// and seed), each once, a round split one way, and finds what is missing;
/// refuses a missing shard unless `allow_partial`.
fn arrange(parts: &[Part], allow_partial: bool) -> Result<Arranged> {
    same_run(parts)?;
    let first = &parts[0];
    // round -> shard -> part; each round one count of shards.
    let mut rounds: BTreeMap<u64, (u64, BTreeMap<u64, usize>)> = BTreeMap::new();
    for (i, part) in parts.iter().enumerate() {
        let h = &part.header;
        let (count, shards) = rounds.entry(h.round).or_insert((h.shards, BTreeMap::new()));
        if *count != h.shards {
            let other = &parts[*shards.values().next().expect("a round has a part")];
            return Err(bad(format!(
                "round {}: {} is a shard of {} but {} of {}: a round is split one way",
                h.round,
                part.path.display(),
                h.shards,
                other.path.display(),
                count
            )));
        }
        if let Some(&j) = shards.get(&h.shard) {
            return Err(bad(format!(
                "{} and {} are both shard {} of {} (round {}): give each shard once",
                parts[j].path.display(),
                part.path.display(),
                h.shard,
                h.shards,
                h.round
            )));
        }
        shards.insert(h.shard, i);
    }
    let mut missing = Vec::new();
    let last_round = *rounds.keys().next_back().expect("at least one part");
    let absent_rounds = (1..=last_round).filter(|r| !rounds.contains_key(r));
    // Counted lazily: a header's round is checked against the run's
    // rounds, but a search's are open.
    if rounds.len() as u64 != last_round {
        missing.push(format!("every shard of round {}", ranges(absent_rounds, 5)));
    }
    for (round, (count, shards)) in &rounds {
        if shards.len() as u64 != *count {
            let absent = (1..=*count).filter(|k| !shards.contains_key(k));
            missing.push(format!(
                "round {round}: shard {} of {count}",
                ranges(absent, 5)
            ));
        }
        if missing.len() > 5 {
            missing.push("and more".into());
            break;
        }
    }
    if !missing.is_empty() && !allow_partial {
        return Err(bad(format!(
            "{}: missing partial results ({}); merge them too, or --allow-partial to merge the games there are",
            first.header.experiment,
            missing.join("; ")
        )));
    }
    let used = (1..=last_round)
        .map_while(|round| rounds.get(&round))
        .map(|(_, shards)| shards.values().copied().collect())
        .collect();
    Ok(Arranged { used, missing })
}

/// The shard texts of the rounds used.
fn texts<'a>(parts: &'a [Part], arranged: &Arranged) -> Vec<Vec<ShardText<'a>>> {
    arranged
        .used
        .iter()
        .map(|round| {
            round
                .iter()
                .map(|&i| ShardText {
                    label: parts[i].path.to_str().unwrap_or("(a partial result)"),
                    json: &parts[i].accumulators,
                    games: parts[i].header.games,
                })
                .collect()
        })
        .collect()
}

/// The experiment a partial result's configuration describes, refused
/// when this fortunes would read it as another.
fn experiment_of(part: &Part) -> Result<Experiment> {
    let table: toml::Table = toml::from_str(&part.header.config)
        .map_err(|e| Error::file(&part.path, format!("damaged configuration: {e}")))?;
    let experiment = Experiment::from_table(
        &part.header.experiment,
        &part.path,
        &table,
        &Overrides::default(),
    )?;
    if run_digest(&config_of(&experiment)) != run_digest(&part.header.config) {
        return Err(Error::file(
            &part.path,
            "this fortunes reads its configuration as a different experiment (its presets or scenarios changed?); \
             merge with the fortunes that ran the shards",
        ));
    }
    Ok(experiment)
}

/// Every partial result in `dir` of `experiment` played on `seed`: the
/// shards `check --shard` wrote, for `check --merge`.
pub fn parts_of(dir: &Path, experiment: &Experiment, seed: u64) -> Result<Vec<Part>> {
    let digest = format!("{:016x}", run_digest(&config_of(experiment)));
    let mut parts = Vec::new();
    for path in part_files(&[dir.to_path_buf()])? {
        let part = read_part(&path)?;
        let h = &part.header;
        if h.experiment == experiment.name && h.seed == seed {
            if h.config_digest != digest {
                return Err(Error::file(
                    &path,
                    format!(
                        "a shard of {} as it was when the shards ran (configuration {}), not as it is now ({digest}): \
                         run the shards again",
                        experiment.name, h.config_digest
                    ),
                ));
            }
            parts.push(part);
        }
    }
    Ok(parts)
}

/// The outcomes of `experiment` merged from its `parts` (one run's, every
/// shard present), in variant order: what `experiment.play` returns.
pub fn merged_outcomes(
    experiment: &Experiment,
    parts: &[Part],
    threads: usize,
) -> Result<Vec<crate::system::VariantOutcome>> {
    let plan = experiment.plan(parts[0].header.seed, threads);
    merge_round(experiment.system, &experiment.variants, &plan, parts)
}

/// The partial results at `paths` (files, or folders of them) read and
/// checked as one run's: the experiment they name, how it is played, and
/// the shards' texts round by round, with what is missing (refused unless
/// `allow_partial`).
pub struct Gathered {
    pub experiment: Experiment,
    pub plan: Plan,
    pub threads: usize,
    /// The rounds the run has.
    pub rounds: u64,
    parts: Vec<Part>,
    arranged: Arranged,
}

impl Gathered {
    pub fn read(paths: &[PathBuf], allow_partial: bool) -> Result<Gathered> {
        let parts = part_files(paths)?
            .iter()
            .map(|p| read_part(p))
            .collect::<Result<Vec<Part>>>()?;
        same_run(&parts)?;
        let first = &parts[0];
        let experiment = experiment_of(first)?;
        let threads = first.header.threads;
        let plan = experiment.plan(first.header.seed, threads);
        verify(
            &parts,
            &plan,
            experiment.system.batch(),
            Some(rounds_of(&experiment)),
        )?;
        let arranged = arrange(&parts, allow_partial)?;
        let rounds = first.header.rounds;
        Ok(Gathered {
            experiment,
            plan,
            threads,
            rounds,
            parts,
            arranged,
        })
    }

    /// The shards' accumulators, round by round from the first.
    pub fn texts(&self) -> Vec<Vec<ShardText<'_>>> {
        texts(&self.parts, &self.arranged)
    }

    /// What is missing, in words (empty when nothing is).
    pub fn missing(&self) -> &[String] {
        &self.arranged.missing
    }
}
