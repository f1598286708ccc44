//! `fortunes sensitivity`: each rule one step from the base on the same
//! games. Its effects must be the paired differences an ordinary two-variant
//! experiment finds, exactly zero where a rule cannot touch the metric,
//! ranked by size; refused steps are named, bad parameters refused.

use crate::common;
use common::{fortunes, stderr, TempDir};
use fortunes::experiment::{Experiment, Overrides};
use fortunes::sensitivity::{effects, one_at_a_time};

fn haggerty(games: u64, extra: &str) -> Experiment {
    Experiment::from_table(
        "base",
        std::path::Path::new("(test)"),
        &toml::from_str(&format!(
            "system = \"haggerty\"\ngames = {games}\nseed = 3\nmetrics = [\"initiative\", \"actions_per_turn\"]\n{extra}"
        ))
        .unwrap(),
        &Overrides::default(),
    )
    .unwrap()
}

#[test]
fn effects_are_the_paired_differences_of_the_same_games() {
    let base = haggerty(4_000, "");
    let (experiment, changes, refused) = one_at_a_time(&base, &[]).unwrap();
    assert!(refused.is_empty(), "{refused:?}");
    let outcomes = experiment.play(3, 2).unwrap();
    let effects = effects(&experiment, &changes, &outcomes);
    // The same step as a sweep of its own: the same games, the same figure.
    let alone = haggerty(
        4_000,
        "[sweep]\nhand_size_a = [6, 5]\n[reference]\nhand_size_a = 6\n",
    );
    let played = alone.play(3, 2).unwrap();
    let series = experiment.system.series();
    let s = series
        .iter()
        .position(|s| s.metric == "initiative" && s.seat == "a")
        .unwrap();
    let expected = played[1].difference(s, series[s].kind);
    let found = effects
        .iter()
        .find(|e| {
            e.series.metric == "initiative"
                && e.series.seat == "a"
                && e.change.param == "hand_size_a"
                && e.change.value == "5"
        })
        .unwrap();
    assert_eq!(found.difference, expected);
    // Ranked: a seat's hand size moves its initiative most.
    let initiative_a: Vec<_> = effects
        .iter()
        .filter(|e| e.series.metric == "initiative" && e.series.seat == "a")
        .collect();
    assert!(
        initiative_a[0].change.param.starts_with("hand_size_"),
        "{:?}",
        initiative_a[0].change
    );
    for pair in initiative_a.windows(2) {
        let size = |p: &str| {
            initiative_a
                .iter()
                .filter(|e| e.change.param == p)
                .map(|e| e.difference.value.abs())
                .fold(0.0, f64::max)
        };
        assert!(size(&pair[0].change.param) >= size(&pair[1].change.param));
    }
    // The actions a card allows change no decision: initiative is the same
    // game for game, a zero with no spread (but a bound: nothing the rules
    // say makes it exact); actions move by exactly 6 a turn.
    for e in effects
        .iter()
        .filter(|e| e.change.param == "actions_per_card")
    {
        let d = &e.difference;
        match e.series.metric {
            "initiative" => {
                assert!(d.value == 0.0 && d.paired_se == 0.0 && !e.clear(), "{d:?}");
                assert!(d.ci_low < 0.0 && d.ci_high == -d.ci_low, "{d:?}");
            }
            _ if e.series.seat == "a" => assert_eq!(d.value.abs(), 6.0, "{:?}", e.change),
            _ => {}
        }
    }
}

#[test]
fn the_command_ranks_names_refused_steps_and_writes_its_tables() {
    let dir = TempDir::new("sensitivity");
    let out = dir.path().join("s");
    // 27 cards a hand fill a 54-card deck: a step to 28 is refused.
    let output = fortunes(&[
        "sensitivity",
        "haggerty",
        "--games",
        "2000",
        "--set",
        "hand_size=27",
        "--param",
        "hand_size",
        "--param",
        "actions_per_card",
        "--metric",
        "initiative",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("hand_size = 26"), "{text}");
    assert!(text.contains("not moved: hand_size = 28"), "{text}");
    for file in [
        "sensitivity.csv",
        "sensitivity.parquet",
        "tornado-initiative_a.svg",
    ] {
        assert!(out.join(file).is_file(), "{file}");
    }
    let output = fortunes(&["sensitivity", "haggerty", "--param", "hand_sizes"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("allowed: jokers"),
        "{}",
        stderr(&output)
    );
}
