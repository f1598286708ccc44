//! `fortunes cards`: one card fewer and one more of every kind. Every
//! system with a deck a designer composes lists its kinds with the counts
//! its text gives; an effect that the text fixes exactly (Skirmish's
//! increments a play, since each side plays its whole deck) is found
//! exactly, with and without `--keep-size`; a count the rules refuse is
//! named, not played; bad kinds and a system without kinds are refused
//! with the allowed values.

use crate::common;
use common::{fortunes, stderr, TempDir};
use fortunes::cards::one_more_or_fewer;
use fortunes::experiment::{Experiment, Overrides};
use fortunes::sensitivity::effects;
use fortunes::systems;

fn base(system: &str, games: u64, metrics: &str) -> Experiment {
    Experiment::from_table(
        "base",
        std::path::Path::new("(test)"),
        &toml::from_str(&format!(
            "system = \"{system}\"\ngames = {games}\nseed = 5\nmetrics = {metrics}\n"
        ))
        .unwrap(),
        &Overrides::default(),
    )
    .unwrap()
}

/// The kinds and counts each text gives (not read from the code): the
/// two Haggerty jokers; the Sickles cup's one CIC chit a side, two Wild
/// chits and nine event chits a side less the three excluded; two
/// Skirmish cards of each value; the default Piquet scenario's Army Deck.
#[test]
fn every_system_with_a_deck_lists_its_kinds() {
    let expected: [(&str, &[(&str, i64)]); 4] = [
        ("haggerty", &[("jokers", 2)]),
        (
            "sickles",
            &[("cic_chits", 1), ("wild_chits", 2), ("event_chits", 6)],
        ),
        (
            "skirmish",
            &[
                ("cards_1", 2),
                ("cards_2", 2),
                ("cards_3", 2),
                ("cards_4", 2),
                ("cards_5", 2),
                ("cards_6", 2),
            ],
        ),
        (
            "piquet",
            &[
                ("army_deck.officer_check", 2),
                ("army_deck.crushing_volley", 2),
                ("army_deck.dress_lines", 1),
                ("army_deck.artillery_reload", 0),
            ],
        ),
    ];
    for (name, kinds) in expected {
        let system = systems::find(name).unwrap();
        let listed = system.card_kinds(&system.default_variant(system.default_players()));
        for (kind, count) in kinds {
            let found = listed
                .iter()
                .find(|k| k.name == *kind)
                .unwrap_or_else(|| panic!("{name} lists {kind}: {listed:?}"));
            assert_eq!(found.count, *count, "{name} {kind}");
        }
    }
    // Piquet: every card type of the Army Deck, once.
    let piquet = systems::find("piquet").unwrap();
    let listed = piquet.card_kinds(&piquet.default_variant(piquet.default_players()));
    assert_eq!(listed.len(), 13, "{listed:?}");
    let haggis = systems::find("haggis").unwrap();
    assert!(haggis
        .card_kinds(&haggis.default_variant(haggis.default_players()))
        .is_empty());
}

/// Each side plays its whole increment deck, so a side's increments a
/// play is the deck's mean value: 7/2 with two of each value, 48/13 with a
/// third six, 36/11 with one six fewer, and 47/12 with a third six in
/// place of a one (`--keep-size cards_1`), 37/12 with a one in place of a
/// six. Exact, so the effect is too.
#[test]
fn a_card_more_moves_an_exact_figure_exactly() {
    let base = base("skirmish", 300, "[\"increments_per_play\"]");
    for (filler, more_six, fewer_six) in [
        (None, 48.0 / 13.0, 36.0 / 11.0),
        (Some("cards_1"), 47.0 / 12.0, 37.0 / 12.0),
    ] {
        let (experiment, changes, refused) =
            one_more_or_fewer(&base, &["cards_6".into()], filler).unwrap();
        assert!(refused.is_empty(), "{refused:?}");
        assert_eq!(changes.len(), 2);
        let outcomes = experiment.play(5, 2).unwrap();
        let effects = effects(&experiment, &changes, &outcomes);
        for effect in effects.iter().filter(|e| e.series.seat == "a") {
            let expected = match effect.change.value.starts_with("3") {
                true => more_six,
                false => fewer_six,
            } - 3.5;
            let d = &effect.difference;
            assert!(
                (d.value - expected).abs() < 1e-12,
                "{filler:?} {:?}: {} against {expected}",
                effect.change,
                d.value
            );
            assert!(effect.clear(), "{effect:?}");
        }
    }
}

#[test]
fn the_command_ranks_names_refusals_and_writes_its_tables() {
    let temp = TempDir::new("cards");
    let out = temp.path().join("out");
    let output = fortunes(&[
        "cards",
        "piquet",
        "-n",
        "300",
        "-m",
        "assault_won_by_attacker",
        "--keep-size",
        "army_deck.infantry_move_in_open",
        "--out",
        out.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    // Every kind but the filler, one fewer and one more, unless refused:
    // the default deck has no artillery cards to take out.
    for kind in ["crushing_volley", "dress_lines", "artillery_move"] {
        assert!(stdout.contains(&format!("army_deck.{kind} = ")), "{stdout}");
    }
    assert!(
        stdout.contains("not moved: army_deck.artillery_reload = -1"),
        "{stdout}"
    );
    // Each step names the filler's count too: one fewer with a card more.
    assert!(
        stdout.contains("army_deck.crushing_volley = 3, army_deck.infantry_move_in_open = 2")
            && stdout
                .contains("army_deck.crushing_volley = 1, army_deck.infantry_move_in_open = 4"),
        "{stdout}"
    );
    let table = std::fs::read_to_string(out.join("cards.csv")).unwrap();
    let header = table.lines().next().unwrap();
    assert!(
        header.starts_with("metric,seat,by,level,param,value"),
        "{header}"
    );
    // Twelve kinds but the filler, two steps each, two refused.
    assert_eq!(table.lines().count() - 1, 12 * 2 - 2, "{table}");
    assert!(std::fs::read_dir(&out)
        .unwrap()
        .flatten()
        .any(|e| e.file_name().to_string_lossy().starts_with("tornado-")));

    for (args, says) in [
        (
            vec!["cards", "haggis"],
            "allowed: haggerty, sickles, skirmish, piquet",
        ),
        (
            vec!["cards", "haggerty", "--kind", "queens"],
            "allowed: jokers",
        ),
        (
            vec!["cards", "skirmish", "--keep-size", "cards_7"],
            "allowed: cards_1, cards_2",
        ),
    ] {
        let output = fortunes(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(stderr(&output).contains(says), "{}", stderr(&output));
    }
}
