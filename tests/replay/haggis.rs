//! Haggis: each round's record told from its events alone, by the rules'
//! meaning of each event (docs/replay.md), not by reading the scoring off.

use super::{of, replays_match_the_run, Row};
use serde_json::Value;

const SEATS: [&str; 2] = ["a", "b"];

fn tally(events: &[Value]) -> Vec<Row> {
    let mut rows = Vec::new();
    let mut scores = [0u64; 2];
    let rounds = of(events, "deal").count() as u64;
    for number in 1..=rounds {
        let here: Vec<Value> = events
            .iter()
            .filter(|e| e["round"] == number)
            .cloned()
            .collect();
        let one = |kind: &str| {
            let mut found = of(&here, kind);
            let event = found.next().unwrap_or_else(|| panic!("a {kind} event"));
            assert!(found.next().is_none(), "one {kind} event a round");
            event.clone()
        };
        let (deal, out, end) = (one("deal"), one("out"), one("round_end"));
        let went_out = out["seat"].as_str().unwrap();
        let mut row = Row::new();
        // Records count rounds from 0, events from 1.
        row.insert("round".into(), (number - 1).into());
        row.insert("dealer".into(), deal["dealer"].clone());
        row.insert("went_out".into(), went_out.into());
        let plays: Vec<&Value> = of(&here, "play").collect();
        row.insert("plays".into(), plays.len().into());
        row.insert("tricks".into(), of(&here, "trick").count().into());
        // The seat that went out scores the cards the other kept, the
        // Haggis and every stake, its own bet won or the other's lost.
        let left = end["left_cards"].as_array().unwrap();
        row.insert("cards_left".into(), left.len().into());
        let left_points = end["left_hand_points"].as_u64().unwrap();
        let haggis_points = end["haggis_points"].as_u64().unwrap();
        row.insert("left_hand_points".into(), left_points.into());
        row.insert("haggis_points".into(), haggis_points.into());
        let stakes: u64 = of(&here, "bet").map(|b| b["stake"].as_u64().unwrap()).sum();
        for (i, seat) in SEATS.into_iter().enumerate() {
            let mut bets = of(&here, "bet").filter(|b| b["seat"] == seat);
            let bet = bets.next().expect("each seat bets");
            assert!(bets.next().is_none(), "one bet a seat and round");
            row.insert(format!("bet_{seat}"), bet["bet"].clone());
            let bombs = plays
                .iter()
                .filter(|p| p["seat"] == seat && p["kind"] == "bomb")
                .count();
            row.insert(format!("bombs_{seat}"), bombs.into());
            // A trick's cards go to its taker: the winner, or the
            // winner's opponent when a bomb won it.
            let captured: u64 = of(&here, "trick")
                .filter(|t| t["taker"] == seat)
                .map(|t| t["points"].as_u64().unwrap())
                .sum();
            row.insert(format!("captured_{seat}"), captured.into());
            let mut points = captured;
            if went_out == seat {
                points += left_points + haggis_points + stakes;
            }
            row.insert(format!("points_{seat}"), points.into());
            scores[i] += points;
            row.insert(format!("score_{seat}"), scores[i].into());
        }
        rows.push(row);
    }
    let mut ends = of(events, "game_end");
    let end = ends.next().expect("a game_end event");
    assert!(ends.next().is_none());
    assert_eq!(end["rounds"], rounds);
    assert_eq!(end["scores"], serde_json::json!(scores));
    rows
}

#[test]
fn haggis_replays_give_the_runs_records() {
    replays_match_the_run("haggis", 2000, &[], tally);
    // The official scoring (card points for captures, the loser's hand
    // and the Haggis) and the bets seen in turn.
    replays_match_the_run(
        "haggis",
        500,
        &["--rules", "official", "--set", "betting=leader_first"],
        tally,
    );
    // A random player (passes, bets and bombs at random), short hands
    // that leave cards out of the deal, and games stopped by the cap.
    replays_match_the_run(
        "haggis",
        500,
        &[
            "--strategy",
            "a=random",
            "--set",
            "hand_size=10",
            "--set",
            "max_rounds=4",
        ],
        tally,
    );
}
