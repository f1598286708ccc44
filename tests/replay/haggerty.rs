//! Haggerty: the game's record told from its events alone.

use super::{count, of, replays_match_the_run, Row};
use serde_json::Value;

fn tally(events: &[Value]) -> Vec<Row> {
    let mut row = Row::new();
    let initiative = |keep: &dyn Fn(&Value) -> bool| count(events, "initiative", keep);
    row.insert("turns".into(), count(events, "turn_end", |_| true).into());
    row.insert("rounds".into(), initiative(&|_| true).into());
    row.insert(
        "contested_rounds".into(),
        initiative(&|e| e["contested"] == true).into(),
    );
    let first = of(events, "initiative")
        .find(|e| e["contested"] == true)
        .map_or("none".into(), |e| e["first"].clone());
    row.insert("first_initiative".into(), first);
    row.insert(
        "joker_ties".into(),
        initiative(&|e| e["joker_tie"] == true).into(),
    );
    for (i, seat) in ["a", "b"].into_iter().enumerate() {
        let contested = initiative(&|e| e["contested"] == true && e["first"] == seat);
        let alone = initiative(&|e| e["contested"] == false && e["first"] == seat);
        row.insert(format!("initiative_{seat}"), contested.into());
        row.insert(format!("lone_rounds_{seat}"), alone.into());
        let played = |kind| count(events, kind, |e| e["seat"] == seat && !e["card"].is_null());
        row.insert(
            format!("cards_played_{seat}"),
            (played("reveal") + played("chain")).into(),
        );
        // As `passed_in_turn` defines it (`fortunes metrics haggerty`): a
        // pass is counted only in a round where some seat revealed a card.
        let passes = count(events, "reveal", |e| {
            e["seat"] == seat
                && e["card"].is_null()
                && of(events, "initiative")
                    .any(|i| i["turn"] == e["turn"] && i["round"] == e["round"])
        });
        row.insert(format!("passes_{seat}"), passes.into());
        let summed = |field: &str| -> u64 {
            of(events, "turn_end")
                .map(|e| e[field][i].as_u64().unwrap())
                .sum()
        };
        row.insert(format!("cards_left_{seat}"), summed("cards_left").into());
        row.insert(
            format!("unit_actions_{seat}"),
            summed("unit_actions").into(),
        );
    }
    row.insert(
        "reshuffles".into(),
        count(events, "reshuffle", |_| true).into(),
    );
    let end = of(events, "game_end").next().expect("a game_end event");
    row.insert("ended_by_deck".into(), end["ended_by_deck"].clone());
    assert_eq!(of(events, "game_end").count(), 1);
    vec![row]
}

#[test]
fn haggerty_replays_give_the_runs_records() {
    replays_match_the_run("haggerty", 2000, &[], tally);
    // Short hands and the pile run dry: passes, lone rounds, the end by
    // the deck.
    replays_match_the_run(
        "haggerty",
        500,
        &[
            "--set",
            "empty_draw_pile=end_game",
            "--strategy",
            "a=hoarder",
        ],
        tally,
    );
}
