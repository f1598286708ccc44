//! Experiments: paired differences (narrower than unpaired, and covering
//! an exactly known difference at the stated rate), precision targets that
//! stop on the results alone, and sweeps that build the grid they describe.

use fortunes::experiment::{Experiment, Overrides};
use fortunes::stats::{Kind, CONFIDENCE};
use fortunes::system::VariantOutcome;
use statrs::distribution::{Binomial, DiscreteCDF};
use std::path::Path;

fn experiment(text: &str) -> Experiment {
    let table: toml::Table = toml::from_str(text).unwrap();
    Experiment::from_table(
        "test",
        Path::new("test.toml"),
        &table,
        &Overrides::default(),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

fn play(experiment: &Experiment, seed: u64, threads: usize) -> Vec<VariantOutcome> {
    experiment.play(seed, threads).unwrap()
}

fn series_index(experiment: &Experiment, metric: &str, seat: &str) -> usize {
    experiment
        .system
        .series()
        .iter()
        .position(|s| s.metric == metric && s.seat == seat)
        .unwrap()
}

/// Both seats `highest`: side a wins the game's first initiative exactly
/// when the best of the dealt cards is one of its own (joker ties go to a
/// coin flip): probability 5/11 holding 5 cards against 6, and 1/2 at 6
/// against 6. The paired 95% interval
/// of the difference must cover -1/22 in a share of runs consistent with
/// 95%, and be narrower than the unpaired interval of the same games.
#[test]
fn paired_interval_covers_the_exact_difference_and_is_narrower() {
    let experiment = experiment(
        r#"
        system = "haggerty"
        games = 2000
        metrics = ["first_initiative"]
        [rules]
        turns = 1
        [strategies]
        a = "highest"
        b = "highest"
        [sweep]
        hand_size_a = [6, 5]
        "#,
    );
    assert_eq!(experiment.variants.len(), 2);
    assert_eq!(experiment.variants[1].label, "hand_size_a=5");
    let first = series_index(&experiment, "first_initiative", "a");
    let initiative = series_index(&experiment, "initiative", "a");
    let runs = 200u64;
    let mut covered = 0;
    let mut exact_reference = fortunes::stats::Rate::default();
    let (mut paired, mut unpaired) = (0.0, 0.0);
    for seed in 0..runs {
        let outcomes = play(&experiment, 1000 + seed, 2);
        let d = outcomes[1].difference(first, Kind::Rate);
        let truth = 5.0 / 11.0 - 0.5;
        covered += (d.ci_low <= truth && truth <= d.ci_high) as u64;
        let sums = outcomes[0].series[first];
        exact_reference.hits += sums.y as u64;
        exact_reference.trials += sums.x as u64;
        let d = outcomes[1].difference(initiative, Kind::Rate);
        paired += d.paired_se;
        unpaired += d.unpaired_se;
    }
    // The reference variant itself sits at its exact 1/2.
    let (low, high) = exact_reference.wilson(0.999);
    assert!(low <= 0.5 && 0.5 <= high, "{low}..{high}");
    // Coverage: the count of covering runs must lie in the central 99% of
    // Binomial(200, 0.95).
    eprintln!(
        "{covered} of {runs} paired intervals covered -1/22; mean se paired {:.5}, unpaired {:.5}",
        paired / runs as f64,
        unpaired / runs as f64
    );
    let binomial = Binomial::new(0.95, runs).unwrap();
    let (lo, hi) = (binomial.inverse_cdf(0.005), binomial.inverse_cdf(0.995));
    assert!(
        (lo..=hi).contains(&covered),
        "{covered} of {runs} intervals covered the truth; expected {lo}..={hi}"
    );
    // The same deals make the two variants' initiative rates move
    // together, so pairing narrows the interval.
    assert!(
        paired < 0.9 * unpaired,
        "paired se {paired} not narrower than unpaired {unpaired}"
    );
}

#[test]
fn sweeps_build_the_grid_and_ranges() {
    let grid = experiment(
        r#"
        system = "haggerty"
        games = 10
        [sweep]
        hand_size_a = { from = 4, to = 8, step = 2 }
        jokers = [0, 2]
        a.win_percent = [50, 70]
        [reference]
        hand_size_a = 6
        jokers = 2
        "a.win_percent" = 50
        "#,
    );
    assert_eq!(grid.variants.len(), 3 * 2 * 2);
    assert_eq!(
        grid.variants[grid.reference].label,
        "hand_size_a=6,jokers=2,a.win_percent=50"
    );
    let labels: Vec<&str> = grid.variants.iter().map(|v| v.label.as_str()).collect();
    assert_eq!(labels[0], "hand_size_a=4,jokers=0,a.win_percent=50");
    assert_eq!(labels[11], "hand_size_a=8,jokers=2,a.win_percent=70");
    let v = &grid.variants[11];
    assert_eq!(v.rules.get("hand_size_a"), 8);
    assert_eq!(v.rules.get("jokers"), 2);
    assert_eq!(
        v.players[fortunes::engine::Seat::A]
            .tuning
            .get("win_percent"),
        70
    );
    assert_eq!(
        v.players[fortunes::engine::Seat::B]
            .tuning
            .get("win_percent"),
        60
    );

    let presets = experiment(
        r#"
        system = "haggis"
        games = 10
        [sweep]
        rules = ["leaflet", "official"]
        "#,
    );
    assert_eq!(presets.variants[1].label, "rules=official");
    let official = &presets.variants[1].rules;
    assert_eq!(official.get("points_per_card_left"), 5);
    assert_eq!(presets.variants[0].rules.get("points_per_card_left"), 6);
}

#[test]
fn bad_experiments_name_the_field_and_the_allowed_values() {
    let cases = [
        ("system = \"chess\"", "haggerty"),
        (
            "system = \"haggerty\"\n[sweep]\nhand_size_a = []",
            "at least one value",
        ),
        (
            "system = \"haggerty\"\n[sweep]\nhand_size = [6, 28]",
            "variant hand_size=28",
        ),
        (
            "system = \"haggerty\"\n[sweep]\nhand_sise = [6]",
            "hand_size_a",
        ),
        (
            "system = \"haggerty\"\n[sweep]\na.reserve_cards = [1]",
            "win_percent, reserve",
        ),
        (
            "system = \"haggerty\"\n[strategies]\na = \"lowest\"\n[sweep]\na.win_percent = [1]",
            "allowed: none",
        ),
        ("system = \"haggerty\"\nmetrics = [\"wins\"]", "initiative"),
        (
            "system = \"haggerty\"\ngames = 5\nprecision = 0.1",
            "not both",
        ),
        (
            "system = \"haggerty\"\n[sweep]\njokers = [1]\n[reference]\njokers = 2",
            "no variant",
        ),
        (
            "system = \"haggerty\"\n[sweep.scenario.army_deck]\ndress_lines = [1]",
            "haggerty has no scenarios",
        ),
        (
            "system = \"piquet\"\n[sweep.scenario.armydeck]\ndress_lines = [1]",
            "the scenario has no table armydeck",
        ),
        (
            "system = \"piquet\"\n[sweep.scenario.army_deck]\ndress_lines = [1, -1]",
            "army_deck.dress_lines",
        ),
    ];
    for (text, expected) in cases {
        let table: toml::Table = toml::from_str(text).unwrap();
        let error = Experiment::from_table("t", Path::new("t.toml"), &table, &Overrides::default())
            .err()
            .unwrap_or_else(|| panic!("{text} was accepted"))
            .to_string();
        assert!(error.contains("t.toml"), "{error}");
        assert!(
            error.contains(expected),
            "{text}: {error:?} lacks {expected:?}"
        );
    }
}

/// One value inside the scenario swept: each variant's scenario carries
/// it, and nothing else of the scenario changes.
#[test]
fn a_scenario_value_is_swept_by_its_path() {
    let e = experiment(
        "system = \"piquet\"\n[sweep.scenario.army_deck]\ndress_lines = [0, 3]\n[sweep.scenario]\ndecqs = [2]",
    );
    assert_eq!(e.variants.len(), 2);
    for (variant, count) in e.variants.iter().zip([0, 3]) {
        let deck = variant.scenario["army_deck"].as_table().unwrap();
        assert_eq!(deck["dress_lines"].as_integer(), Some(count));
        assert_eq!(deck["officer_check"].as_integer(), Some(2));
        assert_eq!(variant.scenario["decqs"].as_integer(), Some(2));
    }
    assert_eq!(
        e.variants[1].label,
        "scenario.army_deck.dress_lines=3,scenario.decqs=2"
    );
}

/// A precision target stops each variant once its watched series are
/// precise enough, at a point that depends on the seed and the results
/// alone: any thread count stops at the same games.
#[test]
fn precision_targets_stop_on_the_results_alone() {
    let experiment = experiment(
        r#"
        system = "haggerty"
        precision = 0.004
        max_games = 400000
        metrics = ["initiative"]
        [sweep]
        hand_size_a = [6, 4]
        "#,
    );
    let one = play(&experiment, 3, 1);
    let two = play(&experiment, 3, 2);
    assert_eq!(one, two);
    let check_every = 16 * 4096;
    let watched = experiment.watched_series();
    for outcome in &one {
        assert_eq!(outcome.met, Some(true));
        assert_eq!(outcome.games % check_every, 0);
        assert!(outcome.games < 400_000);
        for &s in &watched {
            assert!(
                outcome.series[s].half_width(
                    experiment.system.series()[s].kind,
                    outcome.fixed[s],
                    CONFIDENCE
                ) <= 0.004
            );
        }
    }
    // A target too fine for the cap stops at the cap and says so.
    let capped = self::experiment(
        r#"
        system = "haggerty"
        precision = 0.00001
        max_games = 5000
        metrics = ["initiative"]
        "#,
    );
    let outcome = &play(&capped, 3, 2)[0];
    assert_eq!(outcome.games, 5000);
    assert_eq!(outcome.met, Some(false));
}
