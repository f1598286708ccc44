//! The Haggerty card-initiative sequence (Wally Simon after Garry Haggerty,
//! PW Review, October 1993; seed `000_4f524c386eb34d1d.txt`).

pub mod agent;
pub mod events;
pub mod game;
pub mod heuristic;
pub mod metrics;
pub mod play;
pub mod record;
pub mod rules;
pub mod search;
pub mod stats;
pub mod strategy;
pub mod view;

pub use game::Game;
pub use heuristic::{Heuristic, Hoarder};
pub use record::GameRecord;
pub use rules::Rules;
pub use stats::{Stats, TurnTally};
pub use strategy::HaggertyStrategy;
pub use view::{Strategy, View};

use crate::engine::{BySeat, Seat};
use crate::error::Result;
use crate::params::ParamSpec;
use crate::stats::{Ratio, SummaryRow, NO_BREAKDOWN};
use crate::system::agent::{seat_stream, Agents};
use crate::system::{
    CardKind, Metric, Observer, Replay, Series, Simulation, StrategyInfo, Trace, Variant,
};
use events::Event;

/// Plays one whole game on `game`, which is reset for (seed, index), and
/// adds it to `stats`.
pub fn play_game<S: Strategy, O: Observer<Event>>(
    game: &mut Game<O>,
    rules: &Rules,
    strategies: &BySeat<S>,
    master_seed: u64,
    index: u64,
    stats: &mut Stats,
) -> GameRecord {
    game.start(rules, master_seed, index);
    let mut record = GameRecord {
        game: index,
        ..GameRecord::default()
    };
    loop {
        let mut tally = TurnTally::default();
        while let Some(outcome) = game.play_round(rules, strategies) {
            stats.record_round(&outcome);
            tally.add_round(&outcome);
            if outcome.contested && record.contested_rounds == 0 {
                record.first_initiative = Some(outcome.first);
            }
            record.contested_rounds += outcome.contested as u32;
            record.initiative[outcome.first] += outcome.contested as u32;
            record.lone_rounds[outcome.first] += !outcome.contested as u32;
            record.joker_ties += outcome.joker_tie as u32;
        }
        let unit_actions = tally.played.map(|played| rules.unit_actions_of(played));
        stats.record_turn(rules, &tally, unit_actions, game.hands);
        record.turns += 1;
        record.rounds += tally.rounds;
        for seat in Seat::BOTH {
            record.cards_played[seat] += tally.played[seat].len();
            record.unit_actions[seat] += unit_actions[seat];
            record.passes[seat] += tally.passed[seat] as u32;
            record.cards_left[seat] += game.hands[seat].len();
        }
        if game.obs.on() {
            game.obs.event(Event::TurnEnd {
                turn: game.turn + 1,
                rounds: tally.rounds,
                played: tally.played.map(|p| p.len()).0,
                unit_actions: unit_actions.0,
                cards_left: game.hands.map(|h| h.len()).0,
            });
        }
        if !game.next_turn(rules) {
            break;
        }
    }
    record.reshuffles = game.reshuffles;
    record.ended_by_deck = game.ended_by_deck;
    if game.obs.on() {
        game.obs.event(Event::GameEnd {
            turns: record.turns,
            reshuffles: record.reshuffles,
            ended_by_deck: record.ended_by_deck,
        });
    }
    stats.record_game(&record);
    record
}

/// A Haggerty experiment: rules and one strategy per seat.
#[derive(Clone, Debug)]
pub struct Haggerty {
    pub rules: Rules,
    pub strategies: BySeat<HaggertyStrategy>,
    /// An external agent's command and its `hello`, for a seat an agent
    /// plays (`exec:COMMAND`).
    pub agents: Agents,
}

impl Haggerty {
    /// Game `index` on `game`, each seat played by its built-in or, where
    /// a seat has one, its external agent.
    #[inline]
    fn play_seated<O: Observer<Event>>(
        &self,
        game: &mut Game<O>,
        master_seed: u64,
        index: u64,
        stats: &mut Stats,
    ) -> GameRecord {
        let lent = self
            .agents
            .lend(rules::SYSTEM, master_seed, index, seat_stream);
        match &lent {
            None => play_game(
                game,
                &self.rules,
                &self.strategies,
                master_seed,
                index,
                stats,
            ),
            Some(lent) => {
                let agents = lent.seats();
                let seats = BySeat::from_fn(|s| agent::Seated {
                    built_in: self.strategies[s],
                    agent: agents[s],
                });
                play_game(game, &self.rules, &seats, master_seed, index, stats)
            }
        }
    }

    /// Whether `seat` plays every card of its hand each turn: its built-in
    /// player never passes (the lowest, highest and heuristic players, and
    /// a hoarder that keeps nothing), so it reveals until its hand is
    /// empty, and the hand is refilled to its size each turn (or the game
    /// ends).
    fn plays_whole_hand(&self, seat: Seat) -> bool {
        !self.agents.plays(seat)
            && match self.strategies[seat] {
                HaggertyStrategy::Lowest
                | HaggertyStrategy::Highest
                | HaggertyStrategy::Heuristic(_) => true,
                HaggertyStrategy::Hoarder(hoarder) => hoarder.keep == 0,
                HaggertyStrategy::Random | HaggertyStrategy::Search(_) => false,
            }
    }
}

/// A worker's reusable game.
pub struct State {
    pub game: Game,
}

const SERIES: &[Series] = &[
    Series::rate("initiative", "a"),
    Series::rate("initiative", "b"),
    Series::rate("first_initiative", "a"),
    Series::rate("first_initiative", "b"),
    Series::rate("joker_tie", "all"),
    Series::rate("lone_round", "a"),
    Series::rate("lone_round", "b"),
    Series::rate("rounds_led", "a"),
    Series::rate("rounds_led", "b"),
    Series::mean("cards_played_per_turn", "a"),
    Series::mean("cards_played_per_turn", "b"),
    Series::mean("actions_per_turn", "a"),
    Series::mean("actions_per_turn", "b"),
    Series::mean("unit_actions_per_turn", "a"),
    Series::mean("unit_actions_per_turn", "b"),
    Series::rate("passed_in_turn", "a"),
    Series::rate("passed_in_turn", "b"),
    Series::mean("cards_left_at_turn_end", "a"),
    Series::mean("cards_left_at_turn_end", "b"),
    Series::mean("rounds_per_turn", "all"),
    Series::mean("turns_per_game", "all"),
    Series::mean("reshuffles_per_game", "all"),
    Series::rate("game_ended_by_deck", "all"),
];

impl Simulation for Haggerty {
    const METRICS: &'static [Metric] = metrics::METRICS;
    const NAME: &'static str = rules::SYSTEM;
    const ABOUT: &'static str = "the Haggerty card-initiative sequence";
    const RULES: &'static [ParamSpec] = rules::SPECS;
    const STRATEGIES: &'static [StrategyInfo] = strategy::STRATEGIES;
    const SERIES: &'static [Series] = SERIES;
    const HEADLINE: &'static [&'static str] = &["initiative", "actions_per_turn"];
    const TABLE_BREAKDOWNS: &'static [&'static str] = &["none", "type", "role", "suit", "rank"];
    const DEFAULT_GAMES: u64 = 1_000_000;
    const PROGRESS_FROM: u64 = 100_000;
    const PLAY: Option<crate::system::PlayCommand> = Some(play::PLAY);
    const PICTURE: Option<&'static str> = Some(include_str!("picture.js"));
    const AGENT: Option<crate::system::AgentCommand> = Some(agent::AGENT);

    type State = State;
    type Stats = Stats;
    type Record = GameRecord;

    fn build(variant: &Variant) -> Result<Self> {
        let (rules, players) = (&variant.rules, &variant.players);
        let built_in = |s: Seat| match players[s].command {
            // The seat's built-in is unused; any will do.
            Some(_) => HaggertyStrategy::Lowest,
            None => HaggertyStrategy::from_player(&players[s]),
        };
        Ok(Haggerty {
            rules: Rules::from_values(rules.clone())?,
            strategies: BySeat::from_fn(built_in),
            agents: Agents::of(players, |s| agent::hello(rules, s)),
        })
    }

    fn card_kinds(variant: &Variant) -> Vec<CardKind> {
        vec![CardKind::rule(
            "jokers",
            "the deck",
            variant.rules.get("jokers"),
        )]
    }

    fn new_state(&self) -> State {
        State {
            game: Game::new(&self.rules, 0, 0),
        }
    }

    #[inline]
    fn play(
        &self,
        state: &mut State,
        master_seed: u64,
        game: u64,
        stats: &mut Stats,
        series: &mut [Ratio],
        records: Option<&mut Vec<GameRecord>>,
    ) {
        let record = self.play_seated(&mut state.game, master_seed, game, stats);
        record.series(&self.rules, series);
        if let Some(records) = records {
            records.push(record);
        }
    }

    fn replay(&self, master_seed: u64, game: u64, events: &mut Replay) -> Result<Vec<GameRecord>> {
        let mut played = Game::new(&self.rules, master_seed, game).observed(std::mem::take(events));
        let record = self.play_seated(&mut played, master_seed, game, &mut Stats::default());
        *events = played.obs;
        Ok(vec![record])
    }

    fn rows(&self, stats: &Stats) -> Vec<SummaryRow> {
        stats.rows(&self.rules)
    }

    fn fixed(&self, metric: &str, seat: &str, by: &str, _level: &str) -> bool {
        if by != NO_BREAKDOWN {
            return false;
        }
        let reshuffle = self.rules.empty_draw_pile == rules::EmptyDrawPile::Reshuffle;
        let whole_hand = |seat: Seat| self.plays_whole_hand(seat);
        let both = whole_hand(Seat::A) && whole_hand(Seat::B);
        match metric {
            "cards_played_per_turn"
            | "actions_per_turn"
            | "passed_in_turn"
            | "cards_left_at_turn_end" => Seat::parse(seat).is_some_and(whole_hand),
            // Every turn is played unless the pile runs dry (end_game); and
            // when every card is played the refills are the same in every
            // game, so the pile runs dry, or is reshuffled, at the same turns.
            "turns_per_game" | "game_ended_by_deck" => reshuffle || both,
            "reshuffles_per_game" => !reshuffle || both,
            "joker_tie" => self.rules.jokers < 2,
            _ => false,
        }
    }

    fn trace(&self, master_seed: u64, index: u64) -> Trace {
        let mut game = Game::new(&self.rules, master_seed, index);
        let dealt = game.hands;
        let revealed = game
            .play_round(&self.rules, &self.strategies)
            .map_or(BySeat::default(), |r| r.revealed);
        Trace {
            deal: dealt[Seat::A].0 ^ dealt[Seat::B].0.rotate_left(32),
            first_decision: revealed.map(|card| card.map_or(u64::MAX, |c| c.index() as u64)),
        }
    }
}
