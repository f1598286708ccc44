//! The checks every registered system must pass. A new system gets them by
//! its line in `systems::SYSTEMS`: nothing here names a system.
//!
//! - identical results for any thread count;
//! - one seat's player changes neither the deals nor the other seat's
//!   first decision (separate randomness streams);
//! - no allocation after warm-up, for every pair of built-in players;
//! - every per-game series adds up to its summary row;
//! - an interval is zero wide exactly when the rules and players fix its
//!   figure, and such a figure never varies;
//! - `run.toml` reproduces a run byte for byte;
//! - bad input is refused with exit 2 and nothing left behind.

use crate::common;
use common::{beyond_default, cheap, fortunes, stderr, variant, TempDir};
use fortunes::engine::Seat;
use fortunes::experiment::{Experiment, Overrides};
use fortunes::params::ParamKind;
use fortunes::stats::Ratio;
use fortunes::system::System;
use fortunes::system::{Plan, Stop};
use fortunes::systems::SYSTEMS;
use std::path::Path;

/// This thread's allocations so far (`crate::alloc`, which counts them
/// per thread, so tests running beside each other do not disturb the
/// count).
fn allocations() -> u64 {
    crate::alloc::thread_allocations()
}

/// Games for a quick check: a few batches, and a partial one.
fn games(system: &dyn System) -> u64 {
    (3 * system.batch() + 5).min(3 * 4096)
}

#[test]
fn results_are_identical_for_any_thread_count() {
    for &system in SYSTEMS {
        let [x, y] = cheap(system);
        let variants = [variant(system, x, y), variant(system, y, y)];
        let results: Vec<_> = [1, 2, 3]
            .into_iter()
            .map(|threads| {
                let plan = Plan {
                    seed: 7,
                    threads,
                    stop: Stop::Games(games(system)),
                    reference: 0,
                    watched: Vec::new(),
                    first_game: 0,
                    shard: None,
                    forfeit: false,
                };
                system.run(&variants, &plan, None, None).unwrap()
            })
            .collect();
        assert_eq!(results[0][0].games, games(system), "{}", system.name());
        assert!(!results[0][1].paired.is_empty());
        assert!(
            results.windows(2).all(|w| w[0] == w[1]),
            "{}: results depend on the thread count",
            system.name()
        );
        let plan = Plan {
            seed: 8,
            threads: 2,
            stop: Stop::Games(games(system)),
            reference: 0,
            watched: Vec::new(),
            first_game: 0,
            shard: None,
            forfeit: false,
        };
        assert_ne!(
            system.run(&variants, &plan, None, None).unwrap(),
            results[0],
            "{}: another seed gives the same games",
            system.name()
        );
    }
}

#[test]
fn one_seats_player_changes_neither_the_deals_nor_the_other_seat() {
    for &system in SYSTEMS {
        let first = system.strategies()[0].name;
        let mut compared = 0;
        for game in 0..40 {
            let traces: Vec<_> = system
                .strategies()
                .iter()
                .map(|other| {
                    system
                        .trace(&variant(system, first, other.name), 3, game)
                        .unwrap()
                })
                .collect();
            for trace in &traces[1..] {
                assert_eq!(trace.deal, traces[0].deal, "{} game {game}", system.name());
                assert_eq!(
                    trace.first_decision[Seat::A],
                    traces[0].first_decision[Seat::A],
                    "{} game {game}: seat a's first decision moved",
                    system.name()
                );
                compared += 1;
            }
        }
        assert!(compared >= 40, "{}", system.name());
        // And the deal does depend on the game.
        let v = variant(system, first, first);
        assert_ne!(
            system.trace(&v, 3, 0).unwrap().deal,
            system.trace(&v, 3, 1).unwrap().deal
        );
    }
}

#[test]
fn games_allocate_nothing_after_warm_up() {
    for &system in SYSTEMS {
        let count = (system.batch() / 8).clamp(6, 400);
        for a in system.strategies() {
            for b in system.strategies() {
                let mut game_loop = system.game_loop(&variant(system, a.name, b.name)).unwrap();
                game_loop.play(1, 0); // warm-up
                let before = allocations();
                for game in 1..=count {
                    game_loop.play(1, game);
                }
                let allocated = allocations() - before;
                // The games were really played: some statistic counts them.
                assert!(
                    game_loop.rows().iter().any(|r| r.n > count),
                    "{}: no statistic counts {count} games",
                    system.name()
                );
                assert_eq!(
                    allocated,
                    0,
                    "{}: {} vs {} allocated {allocated} times in {count} games",
                    system.name(),
                    a.name,
                    b.name
                );
            }
        }
    }
}

#[test]
fn piquet_games_with_chosen_orders_allocate_nothing_after_warm_up() {
    // Orders, deployments and maneuvers the players choose, skirmishers
    // and prepared infantry among them (under prepared_step = -1 the
    // heuristic prepares), and a search playing its orders out from each
    // KARD's start: none of it allocates in the game loop.
    let system = fortunes::systems::find("piquet").unwrap();
    for (a, b) in [
        ("random", "random"),
        ("heuristic", "random"),
        ("search", "heuristic"),
    ] {
        let mut variant = variant(system, a, b);
        variant.scenario = toml::from_str(&crate::piquet_deploy::skirmishers_chosen()).unwrap();
        variant.rules.set_text("prepared_step=-1").unwrap();
        let mut game_loop = system.game_loop(&variant).unwrap();
        game_loop.play(1, 0);
        let before = allocations();
        for game in 1..=60 {
            game_loop.play(1, game);
        }
        assert_eq!(allocations() - before, 0, "{a} vs {b}");
        assert!(game_loop.rows().iter().any(|r| r.n > 60));
    }
}

/// Piquet games of `scenario` under `sets`, random and heuristic players
/// each, allocate nothing after warm-up; and they observe `metric` more
/// than `least` times in 60 games, so the rule under test was played.
fn piquet_games_allocate_nothing(scenario: &str, sets: &[&str], metric: &str, least: u64) {
    let system = fortunes::systems::find("piquet").unwrap();
    for (a, b) in [("random", "random"), ("heuristic", "heuristic")] {
        let mut variant = variant(system, a, b);
        variant.scenario = toml::from_str(scenario).unwrap();
        for set in sets {
            variant.rules.set_text(set).unwrap();
        }
        let mut game_loop = system.game_loop(&variant).unwrap();
        game_loop.play(1, 0);
        let before = allocations();
        for game in 1..=60 {
            game_loop.play(1, game);
        }
        assert_eq!(allocations() - before, 0, "{a} vs {b}");
        let seen = game_loop
            .rows()
            .iter()
            .filter(|r| r.metric == metric)
            .map(|r| r.n)
            .sum::<u64>();
        assert!(seen > least, "{a} vs {b}: {seen} {metric}");
    }
}

#[test]
fn piquet_games_with_piquets_on_a_hill_allocate_nothing_after_warm_up() {
    // Piquets placed with Move orders, met, holding at a cost or letting
    // the enemy in: none of it allocates in the game loop.
    let hill = include_str!("../experiments/piquet/scenarios/hill.toml");
    piquet_games_allocate_nothing(hill, &["piquet_hold_elan=3"], "piquet_held", 10);
}

#[test]
fn piquet_games_over_a_bridge_allocate_nothing_after_warm_up() {
    // Orders hindered by the bridge and assaults across it into covered
    // defenders: none of it allocates in the game loop.
    let bridge = include_str!("../experiments/piquet/scenarios/bridge.toml");
    piquet_games_allocate_nothing(bridge, &[], "assault_won_by_attacker", 10);
}

#[test]
fn every_series_adds_up_to_its_summary_row() {
    for &system in SYSTEMS {
        let [x, y] = cheap(system);
        let mut game_loop = system.game_loop(&variant(system, x, y)).unwrap();
        let mut sums = vec![Ratio::default(); system.series().len()];
        for game in 0..games(system).min(500) {
            game_loop.play(5, game);
            for (sum, value) in sums.iter_mut().zip(game_loop.last_series()) {
                sum.num += value.num;
                sum.den += value.den;
            }
        }
        let rows = game_loop.rows();
        for (series, sum) in system.series().iter().zip(&sums) {
            let Some(row) = rows.iter().find(|r| series.matches(r)) else {
                // A series no game observed (Piquet's piquet_held with no
                // terrain objective) may have no row; any other must.
                assert_eq!(
                    (sum.num, sum.den),
                    (0, 0),
                    "{}: no summary row for {series:?}",
                    system.name()
                );
                continue;
            };
            assert_eq!(row.kind, series.kind, "{series:?}");
            assert_eq!(
                (row.count, row.n),
                (sum.num, sum.den),
                "{}: {}",
                system.name(),
                series.label()
            );
        }
    }
}

/// The interval a user reads in the summary (stdout, summary.csv) is the
/// game-level one of the report and metrics.csv, row for row; every other
/// row's interval holds its value; one game gives no interval at all.
#[test]
fn every_summary_interval_is_the_game_level_one() {
    for &system in SYSTEMS {
        let [x, y] = cheap(system);
        let plan = |games| Plan {
            seed: 11,
            threads: 2,
            stop: Stop::Games(games),
            reference: 0,
            watched: Vec::new(),
            first_game: 0,
            shard: None,
            forfeit: false,
        };
        let mut variants = vec![variant(system, x, y)];
        variants.extend(beyond_default(system));
        let outcomes = system
            .run(&variants, &plan(games(system)), None, None)
            .unwrap();
        // Every series has its row in some variant; where it has none, no
        // game observed it.
        let mut found = vec![false; system.series().len()];
        for outcome in &outcomes {
            for (s, series) in system.series().iter().enumerate() {
                let (low, high) = outcome.interval(s, series.kind);
                let Some(row) = outcome.rows.iter().find(|r| series.matches(r)) else {
                    assert!(low.is_nan() && high.is_nan(), "{}", series.label());
                    continue;
                };
                found[s] = true;
                assert!(
                    (row.ci_low.to_bits(), row.ci_high.to_bits())
                        == (low.to_bits(), high.to_bits()),
                    "{}: {}: summary [{}, {}], report [{low}, {high}]",
                    system.name(),
                    series.label(),
                    row.ci_low,
                    row.ci_high
                );
            }
            for row in &outcome.rows {
                assert!(
                    row.ci_low <= row.value && row.value <= row.ci_high,
                    "{}: {} {} {} {}: {} outside [{}, {}]",
                    system.name(),
                    row.metric,
                    row.seat,
                    row.by,
                    row.level,
                    row.value,
                    row.ci_low,
                    row.ci_high
                );
            }
        }
        assert!(found.iter().all(|&f| f), "{}: {found:?}", system.name());
        let one = &system.run(&variants, &plan(1), None, None).unwrap()[0];
        assert!(
            one.rows
                .iter()
                .all(|r| r.ci_low.is_nan() && r.ci_high.is_nan()),
            "{}: a one-game run shows an interval",
            system.name()
        );
    }
}

/// A figure's interval is zero wide only when the variant's rules and
/// players fix it (`Simulation::fixed`), never because nothing varied in
/// a sample; and a figure declared fixed never varies: every pair of
/// built-in players at the defaults, and the first pair with each rule
/// moved to its least value, a step either side of its default, and each
/// of its choices.
#[test]
fn an_interval_is_zero_wide_exactly_when_the_rules_fix_its_figure() {
    let mut failures = Vec::new();
    let mut checked = 0;
    let mut fixed = 0;
    for &system in SYSTEMS {
        let names: Vec<&str> = system.strategies().iter().map(|s| s.name).collect();
        let mut variants = Vec::new();
        for a in &names {
            for b in &names {
                variants.push(variant(system, a, b));
            }
        }
        let [x, y] = cheap(system);
        for spec in system.rule_specs() {
            let values: Vec<i64> = match spec.kind {
                ParamKind::Int { min, max } | ParamKind::OptionalInt { min, max } => {
                    [min, spec.default - 1, spec.default + 1]
                        .into_iter()
                        .filter(|v| (min..=max).contains(v) && *v != spec.default)
                        .collect()
                }
                ParamKind::Bool => vec![1 - spec.default],
                ParamKind::Choice(names) => (0..names.len() as i64).collect(),
            };
            for value in values {
                let mut moved = variant(system, x, y);
                let text = format!("{}={}", spec.name, spec.format(value));
                moved.rules.set_text(&text).unwrap();
                moved.label = text;
                if system.check(&moved).is_ok() {
                    variants.push(moved);
                }
            }
        }
        let plan = Plan {
            seed: 17,
            threads: 2,
            stop: Stop::Games(48),
            reference: 0,
            watched: Vec::new(),
            first_game: 0,
            shard: None,
            forfeit: false,
        };
        for (variant, outcome) in variants
            .iter()
            .zip(system.run(&variants, &plan, None, None).unwrap())
        {
            for row in outcome.rows.iter().filter(|r| r.ci_low.is_finite()) {
                checked += 1;
                fixed += row.fixed as usize;
                let zero_wide = row.ci_low == row.ci_high;
                let holds = row.ci_low == row.value && row.value == row.ci_high;
                if zero_wide != row.fixed || (row.fixed && !holds) {
                    failures.push(format!(
                        "{} {}: {} {} {} {}: {} in [{}, {}], {}",
                        system.name(),
                        variant.label,
                        row.metric,
                        row.seat,
                        row.by,
                        row.level,
                        row.value,
                        row.ci_low,
                        row.ci_high,
                        if row.fixed {
                            "fixed by the rules"
                        } else {
                            "not fixed"
                        }
                    ));
                }
            }
        }
    }
    assert!(
        fixed > 0 && checked > 10 * fixed,
        "{fixed} fixed of {checked} rows"
    );
    assert!(
        failures.is_empty(),
        "{} of {checked} intervals zero wide where the figure is not fixed, or a fixed figure \
         that varied; the first:\n{}",
        failures.len(),
        failures[..failures.len().min(8)].join("\n")
    );
}

/// Every metric a system's rows carry is defined once (`fortunes metrics`):
/// its seats and breakdowns are the rows', its shape their kind, and every
/// definition names a metric the rows have.
#[test]
fn every_metric_is_defined_as_its_rows_are() {
    use fortunes::stats::Kind;
    use fortunes::system::Shape;
    for &system in SYSTEMS {
        let metrics = system.metrics();
        let name = system.name();
        let mut names: Vec<&str> = metrics.iter().map(|m| m.name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), metrics.len(), "{name}: a metric defined twice");
        let [x, y] = cheap(system);
        let plan = Plan {
            seed: 13,
            threads: 2,
            stop: Stop::Games(games(system)),
            reference: 0,
            watched: Vec::new(),
            first_game: 0,
            shard: None,
            forfeit: true,
        };
        let mut variants = vec![variant(system, x, y), variant(system, y, x)];
        variants.extend(beyond_default(system));
        let outcomes = system.run(&variants, &plan, None, None).unwrap();
        let rows: Vec<_> = outcomes.iter().flat_map(|o| &o.rows).collect();
        for row in &rows {
            let metric = metrics
                .iter()
                .find(|m| m.name == row.metric)
                .unwrap_or_else(|| panic!("{name}: metric {} is not defined", row.metric));
            let what = format!(
                "{name}: {} {} {} {}",
                row.metric, row.seat, row.by, row.level
            );
            assert!(
                metric.seats.contains(&row.seat),
                "{what}: seat not in {:?}",
                metric.seats
            );
            assert!(
                row.by == "none" || metric.by.contains(&row.by),
                "{what}: by not in {:?}",
                metric.by
            );
            let kind = match metric.shape {
                Shape::Mean => Kind::Mean,
                Shape::Rate | Shape::Distribution => Kind::Rate,
            };
            assert_eq!(row.kind, kind, "{what}");
            assert_eq!((row.unit, row.per), (metric.unit, metric.per), "{what}");
        }
        for metric in &metrics {
            assert!(
                rows.iter().any(|r| r.metric == metric.name),
                "{name}: {} is defined but no row has it",
                metric.name
            );
            assert!(
                !metric.unit.is_empty() && !metric.per.is_empty(),
                "{}",
                metric.name
            );
            assert!(
                !metric.counts.is_empty() && !metric.leaves_out.is_empty(),
                "{}",
                metric.name
            );
        }
        for series in system.series() {
            assert!(
                metrics.iter().any(|m| m.name == series.metric),
                "{name}: series {} is not defined",
                series.metric
            );
        }
    }
}

#[test]
fn run_toml_reproduces_the_run_exactly() {
    for &system in SYSTEMS {
        let temp = TempDir::new(&format!("reproduce-{}", system.name()));
        let dir = temp.path();
        let [x, y] = cheap(system);
        // A sweep over seat a's player, so the paired tables are there too.
        let experiment = dir.join("sweep.toml");
        std::fs::write(
            &experiment,
            format!(
                "system = \"{}\"\ngames = {}\nseed = 9\n[strategies]\nb = \"{y}\"\n[sweep]\na.strategy = [\"{x}\", \"{y}\"]\n",
                system.name(),
                games(system)
            ),
        )
        .unwrap();
        let first = dir.join("first");
        let output = fortunes(&[
            "run",
            experiment.to_str().unwrap(),
            "--out",
            first.to_str().unwrap(),
            "--threads",
            "2",
            "--quiet",
        ]);
        assert!(output.status.success(), "{}", stderr(&output));
        let second = dir.join("second");
        let output = fortunes(&[
            "run",
            "--from",
            first.join("run.toml").to_str().unwrap(),
            "--out",
            second.to_str().unwrap(),
            "--threads",
            "1",
            "--quiet",
        ]);
        assert!(output.status.success(), "{}", stderr(&output));
        for file in [
            "summary.csv",
            "metrics.csv",
            "differences.csv",
            "summary.parquet",
        ] {
            assert_eq!(
                std::fs::read(first.join(file)).unwrap(),
                std::fs::read(second.join(file)).unwrap(),
                "{}: {file} differs",
                system.name()
            );
        }
        // The manifests differ only in the thread count they record, where
        // they were written, and so in their digests.
        let manifest = |dir: &Path| -> String {
            std::fs::read_to_string(dir.join("run.toml"))
                .unwrap()
                .lines()
                .filter(|l| {
                    !l.starts_with("threads")
                        && !l.starts_with("# Reproduce")
                        && !l.starts_with("digest")
                })
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(manifest(&first), manifest(&second));
    }
}

#[test]
fn bad_input_is_refused_with_nothing_left_behind() {
    for &system in SYSTEMS {
        let temp = TempDir::new(&format!("refuse-{}", system.name()));
        let dir = temp.path();
        let out = dir.join("out");
        let out_text = out.to_str().unwrap().to_string();
        let name = system.name();
        let int_spec = system
            .rule_specs()
            .iter()
            .find_map(|s| match s.kind {
                fortunes::params::ParamKind::Int { max, .. } => Some((s.name, max)),
                _ => None,
            })
            .unwrap();
        let too_big = format!("{}={}", int_spec.0, int_spec.1 + 1);
        let write = |file: &str, text: &str| {
            let path = dir.join(file);
            std::fs::write(&path, text).unwrap();
            path.to_str().unwrap().to_string()
        };
        let malformed = write("malformed.toml", "system = \"x\"\n[rules\n");
        let unknown_metric = write(
            "metric.toml",
            &format!("system = \"{name}\"\nmetrics = [\"nonsense\"]\n"),
        );
        let empty_axis = write(
            "axis.toml",
            &format!("system = \"{name}\"\n[sweep]\n{} = []\n", int_spec.0),
        );
        let bad_key = write("key.toml", &format!("system = \"{name}\"\ngamez = 10\n"));
        let cases: Vec<(Vec<&str>, Vec<String>)> = vec![
            (
                vec!["run", name, "--set", "no_such_rule=1"],
                vec!["no_such_rule".into(), int_spec.0.into()],
            ),
            (
                vec!["run", name, "--set", &too_big],
                vec![int_spec.0.into(), "..=".into()],
            ),
            (
                vec!["run", name, "--strategy", "a=no_such_player"],
                vec!["no_such_player".into(), system.strategies()[0].name.into()],
            ),
            (vec!["run", &malformed], vec!["malformed.toml".into()]),
            (
                vec!["run", &unknown_metric],
                vec![
                    "metric.toml".into(),
                    "nonsense".into(),
                    system.series()[0].metric.into(),
                ],
            ),
            (
                vec!["run", &empty_axis],
                vec!["axis.toml".into(), int_spec.0.into()],
            ),
            (vec!["run", &bad_key], vec!["gamez".into(), "games".into()]),
        ];
        for (mut args, expected) in cases {
            args.extend(["--out", &out_text, "--games", "10"]);
            let output = fortunes(&args);
            let message = stderr(&output);
            assert_eq!(output.status.code(), Some(2), "{args:?}: {message}");
            assert_eq!(
                message.matches("fortunes: error").count(),
                1,
                "{args:?}: {message}"
            );
            assert!(!message.contains("panicked"), "{message}");
            for text in &expected {
                assert!(
                    message.contains(text.as_str()),
                    "{args:?}: {message:?} lacks {text:?}"
                );
            }
            assert!(!out.exists(), "{args:?} left {out:?} behind");
        }
    }
}

#[test]
fn experiments_validate_before_playing() {
    // Every shipped experiment file loads, names a registered system and
    // has at least one variant.
    // Scenario folders hold orders of battle, not experiments.
    let root = Path::new(crate::common::crate_dir()).join("experiments");
    let files = fortunes::experiment::experiment_files(&root, None).unwrap();
    assert!(files.len() >= 3);
    assert!(files
        .iter()
        .all(|f| !f.components().any(|c| c.as_os_str() == "scenarios")));
    for file in files {
        let experiment = Experiment::load(&file, &Overrides::default())
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        assert!(!experiment.variants.is_empty());
    }
}
