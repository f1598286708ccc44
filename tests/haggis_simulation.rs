//! Whole Haggis games: legality and conservation at every decision,
//! determinism across thread counts, independence of the deal from the
//! players, exact values, and the players' strength.

use fortunes::engine::seeding::GameRng;
use fortunes::engine::{BySeat, Seat};
use fortunes::runner::{run_one, RunConfig};
use fortunes::stats::{Mean, Rate};
use fortunes::systems::haggis::game::is_legal;
use fortunes::systems::haggis::rules::Bet;
use fortunes::systems::haggis::strategy::{
    playout, HaggisStrategy, Heuristic, Scratch, Search, View,
};
use fortunes::systems::haggis::{
    duel, play_game, Cards, Game, Haggis, MoveList, Play, Rules, Stats, Strategy,
};
use std::cell::Cell;

fn rules(sets: &[&str]) -> Rules {
    let mut values = Rules::defaults();
    for set in sets {
        values.set_text(set).unwrap();
    }
    Rules::from_values(values).unwrap()
}

fn players() -> [HaggisStrategy; 4] {
    [
        HaggisStrategy::Random,
        HaggisStrategy::Greedy,
        HaggisStrategy::Heuristic(Heuristic::default()),
        HaggisStrategy::Search(Search {
            samples: 3,
            candidates: 3,
            bet_samples: 3,
            bet_share: 50,
        }),
    ]
}

/// Checks every decision of the player it wraps.
struct Checked {
    inner: HaggisStrategy,
    decisions: Cell<u64>,
}

impl Strategy for Checked {
    fn bet(&self, view: &View<'_>, scratch: &mut Scratch, rng: &mut GameRng) -> Bet {
        self.inner.bet(view, scratch, rng)
    }

    fn play(&self, view: &View<'_>, scratch: &mut Scratch, rng: &mut GameRng) -> Option<Play> {
        let choice = self.inner.play(view, scratch, rng);
        assert!(
            is_legal(&view.round, view.rules, choice),
            "{:?} played {choice:?} from {} on {:?}",
            self.inner,
            view.hand(),
            view.round.to_beat
        );
        // Every number card dealt to the two hands is in one of them or played.
        let hand = view.hand().numbers();
        assert!(hand.intersect(view.round.played).is_empty());
        assert_eq!(
            hand.len() + view.round.played.len() + view.opponent_numbers,
            2 * view.rules.hand_size
        );
        assert!(view.round.haggis.is_empty(), "the Haggis is hidden");
        self.decisions.set(self.decisions.get() + 1);
        choice
    }
}

#[test]
fn every_decision_is_legal_and_cards_are_conserved() {
    let variants = [
        rules(&[]),
        rules(&[
            "captured_card_points=official",
            "loser_hand_card_points=true",
            "haggis_scoring=card_points",
        ]),
        rules(&["hand_size=10", "haggis_size=4", "target_score=120"]),
        rules(&[
            "bomb_jq=false",
            "bomb_jk=false",
            "bomb_qk=false",
            "bomb_jqk=false",
        ]),
        rules(&["betting=leader_first", "first_dealer=b", "target_score=100"]),
    ];
    let mut decisions = 0;
    for rules in &variants {
        for a in players() {
            for b in players() {
                let strategies = BySeat([a, b].map(|inner| Checked {
                    inner,
                    decisions: Cell::new(0),
                }));
                let mut game = Game::new(rules, 7, 0);
                let mut stats = Stats::default();
                for index in 0..4 {
                    play_game(&mut game, rules, &strategies, 7, index, &mut stats, None);
                }
                decisions += strategies.0.iter().map(|s| s.decisions.get()).sum::<u64>();
            }
        }
    }
    assert!(decisions > 20_000, "only {decisions} decisions checked");
}

#[test]
fn results_are_identical_for_any_thread_count() {
    let simulation = Haggis {
        rules: Rules::default(),
        strategies: BySeat([
            HaggisStrategy::Heuristic(Heuristic::default()),
            HaggisStrategy::Random,
        ]),
        names: BySeat(["heuristic".into(), "random".into()]),
        agents: fortunes::system::agent::Agents::default(),
    };
    let results: Vec<Stats> = [1, 2, 3]
        .iter()
        .map(|&threads| {
            let config = RunConfig {
                games: 300,
                seed: 4,
                threads,
            };
            run_one(&simulation, &config, None).unwrap()
        })
        .collect();
    assert_eq!(results[0].games, 300);
    assert!(results.windows(2).all(|w| w[0] == w[1]));
}

/// The deal stream is the deal's alone: other players, same Haggis in
/// every round both games reach.
#[test]
fn deals_do_not_depend_on_the_players() {
    let rules = Rules::default();
    let pairs = [
        BySeat([HaggisStrategy::Greedy, HaggisStrategy::Greedy]),
        BySeat([
            HaggisStrategy::Random,
            HaggisStrategy::Heuristic(Heuristic::default()),
        ]),
    ];
    let mut compared = 0;
    for index in 0..100 {
        let haggises: Vec<Vec<Cards>> = pairs
            .iter()
            .map(|strategies| {
                let mut game = Game::new(&rules, 8, index);
                let mut seen = Vec::new();
                while game.result(&rules).is_none() {
                    seen.push(game.play_round(&rules, strategies).state.haggis);
                }
                seen
            })
            .collect();
        let common = haggises[0].len().min(haggises[1].len());
        assert_eq!(haggises[0][..common], haggises[1][..common]);
        compared += common;
    }
    assert!(compared > 200);
}

fn binomial(n: u64, k: u64) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// The tens in seat a's 14 cards are hypergeometric: C(4,k) C(32,14-k) /
/// C(36,14); each share must hold the exact value in its 99.9% interval.
#[test]
fn dealt_hands_follow_the_hypergeometric_law() {
    let rules = Rules::default();
    let deals = 200_000u64;
    let mut counts = [0u64; 5];
    let mut game = Game::new(&rules, 9, 0);
    let tens = Cards::rank(10);
    for index in 0..deals {
        game.reset(&rules, 9, index);
        game.deal(&rules);
        let hand = game.round.hands[Seat::A];
        assert_eq!(hand.numbers().len(), 14);
        assert_eq!(game.round.haggis.len(), 8);
        assert!(hand
            .intersect(game.round.hands[Seat::B])
            .numbers()
            .is_empty());
        counts[hand.intersect(tens).len() as usize] += 1;
    }
    for (k, &count) in counts.iter().enumerate() {
        let k = k as u64;
        let exact = binomial(4, k) * binomial(32, 14 - k) / binomial(36, 14);
        let (low, high) = Rate::new(count, deals).wilson(0.999);
        assert!(
            low <= exact && exact <= high,
            "{k} tens: {low}..{high} vs {exact}"
        );
    }
}

/// Under official scoring the Haggis is worth its point cards: 8 cards
/// drawn from 36 of which 16 (the 3s, 5s, 7s, 9s) score, 32/9 on average,
/// whoever plays.
#[test]
fn official_haggis_points_average_their_exact_value() {
    let simulation = Haggis {
        rules: rules(&[
            "captured_card_points=official",
            "haggis_scoring=card_points",
        ]),
        strategies: BySeat([
            HaggisStrategy::Greedy,
            HaggisStrategy::Heuristic(Heuristic::default()),
        ]),
        names: BySeat(["greedy".into(), "heuristic".into()]),
        agents: fortunes::system::agent::Agents::default(),
    };
    let config = RunConfig {
        games: 4000,
        seed: 10,
        threads: 2,
    };
    let stats = run_one(&simulation, &config, None).unwrap();
    // Only the round's winner scores the Haggis, so the per-round sums of
    // the two seats add without cross terms.
    let [a, b] = stats.seats.0.map(|t| t.haggis);
    let haggis = Mean {
        n: a.n,
        sum: a.sum + b.sum,
        sum_sq: a.sum_sq + b.sum_sq,
    };
    let (low, high) = haggis.interval(0.999);
    let exact = 8.0 * 16.0 / 36.0;
    assert!(low <= exact && exact <= high, "{low}..{high} vs {exact}");
    // The leaflet's flat Haggis is exactly 8 every round.
    let leaflet = Haggis {
        rules: Rules::default(),
        ..simulation
    };
    let stats = run_one(&leaflet, &config, None).unwrap();
    assert_eq!(
        stats.seats[Seat::A].haggis.sum + stats.seats[Seat::B].haggis.sum,
        8 * stats.rounds
    );
}

/// The same player in both seats wins half the games: the random first
/// dealer makes the seats equal.
#[test]
fn equal_players_win_half_the_games() {
    let simulation = Haggis {
        rules: Rules::default(),
        strategies: BySeat([HaggisStrategy::Greedy, HaggisStrategy::Greedy]),
        names: BySeat(["greedy".into(), "greedy".into()]),
        agents: fortunes::system::agent::Agents::default(),
    };
    let config = RunConfig {
        games: 20_000,
        seed: 11,
        threads: 2,
    };
    let stats = run_one(&simulation, &config, None).unwrap();
    for rate in [
        stats.seats[Seat::A].games_won,
        stats.seats[Seat::A].went_out,
    ] {
        let (low, high) = rate.wilson(0.999);
        assert!(low <= 0.5 && 0.5 <= high, "{low}..{high}");
    }
}

/// Strength on paired deals (1,000 games each, seats swapped): search
/// beats the heuristic and the heuristic beats greedy, the 95% interval of
/// each win rate above one half.
#[test]
fn stronger_players_win_on_paired_deals() {
    let rules = Rules::default();
    let heuristic = HaggisStrategy::Heuristic(Heuristic::default());
    let cases = [
        (heuristic, HaggisStrategy::Greedy),
        (HaggisStrategy::Search(Search::default()), heuristic),
    ];
    for (player, against) in cases {
        let tally = duel::play_match(&rules, player, against, 500, 1, 2).unwrap();
        assert_eq!(tally.wins.trials, 1000);
        let (low, _) = tally.wins.wilson(0.95);
        assert!(
            low > 0.5,
            "{player:?} vs {against:?}: {}",
            tally.table("player", "against")
        );
    }
}

/// The search bets big on more than `bet_share` percent of its sampled
/// deals of the cards it cannot see. If those deals are consistent with
/// what it sees, then on the real deals where it bets big, greedy players
/// play the round out with it going out first more than half of the time,
/// and where it bets nothing, less than half: both checked beyond 3
/// standard errors. A determinization that dealt the wrong cards or counts
/// would break one or the other.
#[test]
fn the_search_bets_big_where_it_goes_out_first_more_often_than_not() {
    let rules = Rules::default();
    let search = HaggisStrategy::Search(Search {
        bet_samples: 200,
        ..Search::default()
    });
    let mut scratch = Scratch::new();
    let mut moves = MoveList::new();
    let mut rng =
        fortunes::engine::seeding::game_rng(5, 0, fortunes::engine::seeding::Stream::seat(0));
    // (rounds, out first) where it bets big, and where it bets nothing.
    let (mut big, mut none) = ((0u32, 0u32), (0u32, 0u32));
    for index in 0..1500 {
        let mut game = Game::new(&rules, 5, index);
        game.deal(&rules);
        let seat = game.dealer.other();
        let view = View {
            rules: &rules,
            seat,
            round: game.round.visible_to(seat),
            opponent_numbers: game.round.hands[seat.other()].numbers().len(),
            scores: game.scores,
            opponent_bet: None,
        };
        let bet = search.bet(&view, &mut scratch, &mut rng);
        assert_ne!(bet, Bet::Little, "a bet's worth is linear in its stake");
        let mut real = game.round;
        playout(&mut real, &rules, &mut moves);
        let tally = if bet == Bet::Big { &mut big } else { &mut none };
        tally.0 += 1;
        tally.1 += u32::from(real.out == Some(seat));
    }
    let share = |(n, k): (u32, u32)| {
        let p = k as f64 / n as f64;
        (p, 3.0 * (p * (1.0 - p) / n as f64).sqrt())
    };
    assert!(big.0 > 100 && none.0 > 100, "{big:?} {none:?}");
    let ((p_big, e_big), (p_none, e_none)) = (share(big), share(none));
    assert!(p_big - e_big > 0.5, "big: {big:?}");
    assert!(p_none + e_none < 0.5, "none: {none:?}");
}
