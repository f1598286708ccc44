//! `fortunes tune` against exact answers. With both Haggerty seats playing
//! `highest`, side a wins the first initiative with probability exactly
//! a/(a + 6) at a cards against 6 (whoever holds the single highest card of
//! the deal leads; a joker tie is a coin), so 6 is the only hand size
//! that makes it even: the set the search leaves must hold 6 on every
//! seed, and over the 30 hand sizes the rules allow the search must spend
//! at least 5 times fewer games than a grid giving every value as many
//! games (the saving grows with the range: about 4 times over 20 values).

use fortunes::experiment::{Experiment, Overrides};
use fortunes::tune::{tune, Goal, Search, Space};

fn highest(games: &str) -> Experiment {
    Experiment::from_table(
        "tune",
        std::path::Path::new("(test)"),
        &toml::from_str(&format!(
            "system = \"haggerty\"\n{games}\n[strategies]\na = \"highest\"\nb = \"highest\"\n"
        ))
        .unwrap(),
        &Overrides::default(),
    )
    .unwrap()
}

fn series(base: &Experiment, metric: &str) -> usize {
    base.system
        .series()
        .iter()
        .position(|s| s.metric == metric && s.seat == "a" && s.by == "none")
        .unwrap()
}

#[test]
fn the_hand_size_that_makes_the_first_initiative_even_is_found() {
    let base = highest("");
    let s = series(&base, "first_initiative");
    let mut exact_alone = 0;
    for seed in 1..=8 {
        let tuned = tune(
            &base,
            &Search {
                space: Space::Range {
                    param: "hand_size_a".into(),
                    from: 1,
                    to: 30,
                },
                series: s,
                goal: Goal::Target(0.5),
                constraint: None,
                budget: 3_000_000,
                seed,
                threads: 2,
            },
        )
        .unwrap();
        let standing: Vec<i64> = tuned.standing().map(|c| c.value().unwrap()).collect();
        assert!(standing.contains(&6), "seed {seed}: {standing:?}");
        exact_alone += (standing == [6]) as u32;
        assert!(
            tuned.games * 5 <= tuned.grid_games(),
            "seed {seed}: {} games against a grid's {}",
            tuned.games,
            tuned.grid_games()
        );
        // Each estimate near its exact value a/(a + 6).
        for c in &tuned.candidates {
            let a = c.value().unwrap() as f64;
            let exact = a / (a + 6.0);
            let (low, high) =
                c.sums
                    .interval(fortunes::stats::Kind::Rate, c.fixed, tuned.confidence);
            assert!(
                low <= exact && exact <= high,
                "seed {seed}: {} {:?}",
                a,
                (low, high)
            );
        }
    }
    assert!(exact_alone >= 4, "6 alone on {exact_alone} of 8 seeds");
}

#[test]
fn maximising_finds_the_largest_hand() {
    // Every card is 6 actions and the heuristic plays every card: actions a
    // turn are exactly 6 x the hand size, largest at the top of the range.
    let base = highest("");
    let tuned = tune(
        &base,
        &Search {
            space: Space::Range {
                param: "hand_size_a".into(),
                from: 3,
                to: 9,
            },
            series: series(&base, "actions_per_turn"),
            goal: Goal::Maximize,
            constraint: None,
            budget: 1_000_000,
            seed: 1,
            threads: 2,
        },
    )
    .unwrap();
    let standing: Vec<i64> = tuned.standing().map(|c| c.value().unwrap()).collect();
    assert_eq!(standing, [9]);
    assert_eq!(tuned.rounds, 1);
}

#[test]
fn the_command_writes_its_table_and_plot() {
    let out = std::env::temp_dir().join(format!("fortunes-tune-{}", std::process::id()));
    let output = crate::common::fortunes(&[
        "tune",
        "haggerty",
        "--param",
        "hand_size_a",
        "--from",
        "4",
        "--to",
        "8",
        "--metric",
        "initiative",
        "--target",
        "0.5",
        "-o",
        out.to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let table = std::fs::read_to_string(out.join("tune.csv")).unwrap_or_default();
    let plot = out.join("tune.svg").is_file();
    let _ = std::fs::remove_dir_all(&out);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        text.contains("the candidate closest to 0.5: hand_size_a=6 "),
        "{text}"
    );
    assert_eq!(table.lines().count(), 6, "{table}");
    assert!(
        table
            .lines()
            .any(|l| l.starts_with("hand_size_a=6,6,") && l.ends_with(",0,")),
        "{table}"
    );
    assert!(plot);
}

#[test]
fn an_experiment_file_carries_its_search() {
    let run = crate::common::fortunes;
    let output = run(&["tune", "experiments/haggerty-even-hand.toml"]);
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        text.contains("the candidate closest to 0.5: hand_size_a=6 "),
        "{text}"
    );
    // A flag overrides the file: a narrower range, the same answer.
    let output = run(&[
        "tune",
        "experiments/haggerty-even-hand.toml",
        "--from",
        "5",
        "--to",
        "7",
    ]);
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        text.contains("hand_size_a  games") && !text.contains("\n20 "),
        "{text}"
    );
    // Missing settings are named, with where they go.
    let output = run(&["tune", "haggerty", "--param", "hand_size_a"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--from A and --to B"));
}

#[test]
fn a_race_with_nothing_to_race_or_no_budget_is_refused() {
    let run = crate::common::fortunes;
    let one = run(&[
        "tune",
        "haggerty",
        "--param",
        "hand_size_a",
        "--from",
        "6",
        "--to",
        "6",
        "--metric",
        "initiative",
        "--target",
        "0.5",
    ]);
    assert_eq!(one.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&one.stderr).contains("nothing to race"));
    let poor = run(&[
        "tune",
        "haggerty",
        "--param",
        "hand_size_a",
        "--from",
        "3",
        "--to",
        "10",
        "--metric",
        "initiative",
        "--target",
        "0.5",
        "--budget",
        "100",
    ]);
    assert_eq!(poor.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&poor.stderr).contains("at least 8192"));
}

#[test]
fn a_sweep_under_a_constraint_is_raced_and_reproduced_from_its_run_file() {
    // Candidates: hand sizes 3 to 8 for side a, played by the heuristic or
    // by the miser (who keeps cards back). Side b holds 6 and plays the
    // heuristic, so at 6 cards with the heuristic the seats are the same
    // and initiative is exactly even by symmetry: the answer. The
    // heuristic plays every card, 6 actions each, so its actions a turn
    // are exactly 6 x the hand: 3 and 4 cards surely miss 30.
    let dir = std::env::temp_dir().join(format!("fortunes-tune-sweep-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("even.toml");
    std::fs::write(
        &file,
        "system = \"haggerty\"\nseed = 3\n[strategies]\na = \"heuristic\"\nb = \"heuristic\"\n\
         [sweep]\nhand_size_a = { from = 3, to = 8 }\na = [\"heuristic\", \"miser\"]\n\
         [tune]\nmetric = \"initiative\"\ntarget = 0.5\nconstraint = \"actions_per_turn:a>=30\"\n",
    )
    .unwrap();
    let run = crate::common::fortunes;
    let (first, second) = (dir.join("first"), dir.join("second"));
    let output = run(&[
        "tune",
        file.to_str().unwrap(),
        "-o",
        first.to_str().unwrap(),
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let table = std::fs::read_to_string(first.join("tune.csv")).unwrap();
    let row = |label: &str| {
        table
            .lines()
            .find(|l| l.starts_with(&format!("\"{label}\"")) || l.starts_with(label))
            .unwrap_or_else(|| panic!("{label} in {table}"))
            .to_string()
    };
    assert!(
        row("hand_size_a=6,a.strategy=heuristic").ends_with(",0,"),
        "{table}"
    );
    for hand in [3, 4] {
        let line = row(&format!("hand_size_a={hand},a.strategy=heuristic"));
        assert!(line.ends_with(",misses the constraint"), "{line}");
    }
    // Every candidate left standing may still meet the bound.
    for line in table.lines().skip(1).filter(|l| l.ends_with(",0,")) {
        let high: f64 = line.split(',').rev().nth(3).unwrap().parse().unwrap();
        assert!(high >= 30.0, "{line}");
    }
    for name in [
        "report.md",
        "run.toml",
        "tune.svg",
        "tune-games.svg",
        "tune.parquet",
    ] {
        assert!(first.join(name).is_file(), "{name}");
    }
    // Its run.toml replays the search: the same table, byte for byte.
    let replay = run(&[
        "tune",
        first.join("run.toml").to_str().unwrap(),
        "-o",
        second.to_str().unwrap(),
    ]);
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stderr)
    );
    assert_eq!(
        std::fs::read(first.join("tune.csv")).unwrap(),
        std::fs::read(second.join("tune.csv")).unwrap()
    );
    assert_eq!(output.stdout, replay.stdout);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn paired_candidates_that_play_identical_games_are_never_told_apart() {
    // Actions per card change no card and no choice of the heuristic, so
    // both candidates play identical games: their paired difference is
    // exactly zero, and the race must end with both standing, reported as
    // candidates that cannot be told apart.
    let base = Experiment::from_table(
        "tune",
        std::path::Path::new("(test)"),
        &toml::from_str(
            "system = \"haggerty\"\n[sweep]\nactions_per_card = [4, 6]\n\
             [strategies]\na = \"heuristic\"\nb = \"heuristic\"\n",
        )
        .unwrap(),
        &Overrides::default(),
    )
    .unwrap();
    let tuned = tune(
        &base,
        &Search {
            space: Space::Variants,
            series: series(&base, "initiative"),
            goal: Goal::Maximize,
            constraint: None,
            budget: 100_000,
            seed: 1,
            threads: 2,
        },
    )
    .unwrap();
    assert_eq!(tuned.standing().count(), 2);
    assert!(
        tuned.rounds >= 4,
        "rounds until the budget: {}",
        tuned.rounds
    );
    assert_eq!(tuned.candidates[0].sums, tuned.candidates[1].sums);
}

/// Two counts at once. With both seats playing `highest`, side a wins the
/// first initiative with probability exactly a/(a + b) at a cards against
/// b, so the hands that make it even are the twelve with a = b. The 144
/// points of 1..12 x 1..12 are more than a search races whole: it draws
/// 64 of them from its seed and halves them by estimate. On every seed
/// the set it leaves must hold an even pair (a sample of 64 misses all
/// twelve once in a thousand), every estimate's interval must hold its
/// exact value, and the search must cost at least 5 times fewer games
/// than a grid over the whole space.
#[test]
fn two_hand_sizes_that_make_the_first_initiative_even_are_found() {
    use fortunes::tune::counts::CountRange;
    let base = highest("");
    let s = series(&base, "first_initiative");
    for seed in 1..=4 {
        let tuned = tune(
            &base,
            &Search {
                space: Space::Counts {
                    counts: vec![
                        CountRange::parse("hand_size_a=1..12").unwrap(),
                        CountRange::parse("hand_size_b=1..12").unwrap(),
                    ],
                    total: None,
                },
                series: s,
                goal: Goal::Target(0.5),
                constraint: None,
                budget: 1_500_000,
                seed,
                threads: 2,
            },
        )
        .unwrap();
        assert_eq!(tuned.space, Some(144));
        assert_eq!(tuned.candidates.len(), 64);
        let hands = |c: &fortunes::tune::Candidate| -> (f64, f64) {
            (c.axes[0].parse().unwrap(), c.axes[1].parse().unwrap())
        };
        let standing: Vec<(f64, f64)> = tuned.standing().map(hands).collect();
        assert!(
            standing.iter().any(|(a, b)| a == b),
            "seed {seed}: {standing:?}"
        );
        assert!(
            tuned.games * 5 <= tuned.grid_games(),
            "seed {seed}: {} games against a grid's {}",
            tuned.games,
            tuned.grid_games()
        );
        for c in &tuned.candidates {
            let (a, b) = hands(c);
            let exact = a / (a + b);
            let (low, high) =
                c.sums
                    .interval(fortunes::stats::Kind::Rate, c.fixed, tuned.confidence);
            assert!(
                low <= exact && exact <= high,
                "seed {seed}: {a}, {b}: {:?}",
                (low, high)
            );
        }
    }
}

/// Counts with a total: each side plays its whole Skirmish deck, so its
/// increments a play are the deck's mean value. With two cards of each of
/// the values 1 to 3 and c4 + c5 + c6 = 8 more, the mean is 4 exactly
/// when 12 + 4 c4 + 5 c5 + 6 c6 = 4 (6 + 8), that is c5 + 2 c6 = 12, and
/// within 0..4 only c4 = 0, c5 = 4, c6 = 4 does it: the search (15 points,
/// every one raced, halved by exact estimates) must leave that alone.
#[test]
fn a_deck_of_a_given_size_is_tuned_to_an_exact_mean() {
    use fortunes::tune::counts::CountRange;
    let base = Experiment::from_table(
        "tune",
        std::path::Path::new("(test)"),
        &toml::from_str("system = \"skirmish\"\n").unwrap(),
        &Overrides::default(),
    )
    .unwrap();
    let tuned = tune(
        &base,
        &Search {
            space: Space::Counts {
                counts: ["cards_4=0..4", "cards_5=0..4", "cards_6=0..4"]
                    .iter()
                    .map(|c| CountRange::parse(c).unwrap())
                    .collect(),
                total: Some(8),
            },
            series: series(&base, "increments_per_play"),
            goal: Goal::Target(4.0),
            constraint: None,
            budget: 500_000,
            seed: 2,
            threads: 2,
        },
    )
    .unwrap();
    assert_eq!(tuned.space, Some(15));
    let standing: Vec<&[String]> = tuned.standing().map(|c| c.axes.as_slice()).collect();
    assert_eq!(standing, [["0", "4", "4"]], "{standing:?}");
}

/// `--count` on the command line and in a file's `[tune]`: the search is
/// written with its counts to run.toml, which replays it byte for byte;
/// bad counts are refused naming what is allowed.
#[test]
fn a_search_over_counts_is_written_and_replayed() {
    let temp = crate::common::TempDir::new("tune-counts");
    let out = temp.path().join("out");
    let run = crate::common::fortunes;
    let output = run(&[
        "tune",
        "skirmish",
        "--count",
        "cards_4=0..4",
        "--count",
        "cards_5=0..4",
        "--count",
        "cards_6=0..4",
        "--total",
        "8",
        "-m",
        "increments_per_play",
        "--target",
        "4",
        "--budget",
        "200000",
        "--out",
        out.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        crate::common::stderr(&output)
    );
    assert!(
        stdout.contains("the candidate closest to 4: cards_4=0,cards_5=4,cards_6=4"),
        "{stdout}"
    );
    let toml = std::fs::read_to_string(out.join("run.toml")).unwrap();
    assert!(
        toml.contains("counts = [\"cards_4=0..4\", \"cards_5=0..4\", \"cards_6=0..4\"]")
            && toml.contains("total = 8"),
        "{toml}"
    );
    let again = temp.path().join("again");
    let output = run(&[
        "tune",
        out.join("run.toml").to_str().unwrap(),
        "--out",
        again.to_str().unwrap(),
    ]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        crate::common::stderr(&output)
    );
    assert_eq!(
        std::fs::read(out.join("tune.csv")).unwrap(),
        std::fs::read(again.join("tune.csv")).unwrap()
    );
    for (count, says) in [
        (
            vec!["--count", "queens=0..2", "--count", "cards_1=0..2"],
            "allowed: cards_1",
        ),
        (
            vec!["--count", "cards_1=3..1", "--count", "cards_2=0..2"],
            "NAME=FROM..TO",
        ),
        (vec!["--count", "cards_1=0..2"], "two counts or more"),
        (
            vec!["--count", "cards_1=0..2", "--count", "cards_6=0..1000"],
            "allowed: a range within 0..=4",
        ),
        (
            vec![
                "--count",
                "cards_1=0..1",
                "--count",
                "cards_2=0..1",
                "--total",
                "9",
            ],
            "no point",
        ),
    ] {
        let mut args = vec![
            "tune",
            "skirmish",
            "-m",
            "increments_per_play",
            "--maximize",
        ];
        args.extend(count);
        let output = run(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let message = crate::common::stderr(&output);
        assert!(message.contains(says), "{args:?}: {message}");
    }
}

/// `--monotone`: a/(a + 6) grows with a, so bisection brackets the
/// crossing and only the values around it race. Over hand sizes 1 to 20
/// the set left must hold 6 on every seed, every value the race played
/// must hold its exact value in its interval, and the search must cost at
/// least 5 times fewer games than a grid of the 20 values.
#[test]
fn bisection_finds_the_even_hand_for_a_fifth_of_a_grid() {
    let base = highest("");
    let s = series(&base, "first_initiative");
    let search = |seed, goal| Search {
        space: Space::Bisect {
            param: "hand_size_a".into(),
            from: 1,
            to: 20,
        },
        series: s,
        goal,
        constraint: None,
        budget: 3_000_000,
        seed,
        threads: 2,
    };
    for seed in 1..=6 {
        let tuned = tune(&base, &search(seed, Goal::Target(0.5))).unwrap();
        assert_eq!(tuned.candidates.len(), 20);
        let standing: Vec<i64> = tuned.standing().map(|c| c.value().unwrap()).collect();
        assert!(standing.contains(&6), "seed {seed}: {standing:?}");
        let most = tuned.candidates.iter().map(|c| c.sums.n).max().unwrap();
        assert!(
            tuned.games * 5 <= most * 20,
            "seed {seed}: {} games against a grid's {}",
            tuned.games,
            most * 20
        );
        for c in tuned.candidates.iter().filter(|c| c.dropped.is_none()) {
            let a = c.value().unwrap() as f64;
            let (low, high) =
                c.sums
                    .interval(fortunes::stats::Kind::Rate, c.fixed, tuned.confidence);
            assert!(
                low <= a / (a + 6.0) && a / (a + 6.0) <= high,
                "seed {seed}: {a}"
            );
        }
    }
    // A bisection needs a target.
    let error = tune(&base, &search(1, Goal::Maximize)).unwrap_err();
    assert!(error.to_string().contains("--target"), "{error}");
    // A budget the bisection spends before its race can play is refused,
    // naming the budget it needs, rather than answered with unplayed values.
    let short = Search {
        budget: 6_000,
        ..search(1, Goal::Target(0.5))
    };
    let error = tune(&base, &short).unwrap_err().to_string();
    assert!(
        error.contains("--budget 6000") && error.contains("at least"),
        "{error}"
    );
}
