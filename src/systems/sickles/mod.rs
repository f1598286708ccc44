//! Hammerin' Sickles (Hermann Luttmann): the chit-pull turn, chit exclusion
//! effects, and scenarios as data (seed `001_5d6f8a144e7e9a28.txt`). Seat a
//! is the Confederate side, seat b the Union side.

pub mod agent;
pub mod events;
pub mod game;
pub mod metrics;
pub mod play;
pub mod rules;
pub mod scenario;
pub mod stats;
pub mod strategy;

pub use game::{Fate, Game, TurnTally};
pub use rules::Rules;
pub use scenario::Scenario;
pub use stats::Stats;
pub use strategy::SicklesStrategy;

use crate::engine::{BySeat, Seat};
use crate::error::Result;
use crate::output::{Cell, ColumnSpec, ColumnType, Record};
use crate::params::ParamSpec;
use crate::stats::{Ratio, SummaryRow, NO_BREAKDOWN};
use crate::system::agent::{seat_stream, Agents};
use crate::system::{
    CardKind, CountAt, Metric, Observer, Replay, Series, Simulation, StrategyInfo, Trace, Variant,
};
use events::Event;
use rules::EVENTS;
use strategy::Decide;

/// A Hammerin' Sickles experiment: rules, scenario, one player per side.
#[derive(Clone, Debug)]
pub struct Sickles {
    pub rules: Rules,
    pub scenario: Scenario,
    pub strategies: BySeat<SicklesStrategy>,
    pub turns: u32,
    /// An external agent's command and its `hello`, for a side an agent
    /// plays (`exec:COMMAND`).
    pub agents: Agents,
}

impl Sickles {
    /// Plays game `index` on `game`, calling `turn_done` after each turn.
    pub fn play_game<O: Observer<Event>>(
        &self,
        game: &mut Game<O>,
        master_seed: u64,
        index: u64,
        turn_done: &mut impl FnMut(&TurnTally),
    ) {
        let Some(lent) = self
            .agents
            .lend(rules::SYSTEM, master_seed, index, seat_stream)
        else {
            return self.play_with(&self.strategies, game, master_seed, index, turn_done);
        };
        let agents = lent.seats();
        let sides = BySeat::from_fn(|s| agent::Seated {
            built_in: self.strategies[s],
            agent: agents[s],
        });
        self.play_with(&sides, game, master_seed, index, turn_done);
    }

    fn play_with<D: Decide, O: Observer<Event>>(
        &self,
        strategies: &BySeat<D>,
        game: &mut Game<O>,
        master_seed: u64,
        index: u64,
        turn_done: &mut impl FnMut(&TurnTally),
    ) {
        game.reset(master_seed, index);
        for _ in 0..self.turns {
            let tally = game.play_turn(&self.rules, &self.scenario, strategies, &mut |_| {});
            turn_done(&tally);
        }
        if game.obs.on() {
            game.obs.event(Event::GameEnd { turns: self.turns });
        }
    }
}

const SERIES: &[Series] = &[
    Series::rate("key_chit_drawn", "a"),
    Series::rate("key_chit_drawn", "b"),
    Series::rate("key_chit_blocked", "a"),
    Series::rate("key_chit_blocked", "b"),
    Series::rate("key_chit_used", "a"),
    Series::rate("key_chit_used", "b"),
    Series::rate("event_excluded", "a"),
    Series::rate("event_excluded", "b"),
    Series::rate("event_drawn", "a"),
    Series::rate("event_drawn", "b"),
    Series::rate("event_blocked", "a"),
    Series::rate("event_blocked", "b"),
    Series::rate("event_used", "a"),
    Series::rate("event_used", "b"),
    Series::mean("activations_per_turn", "a"),
    Series::mean("activations_per_turn", "b"),
    Series::mean("reactivations_per_turn", "a"),
    Series::mean("reactivations_per_turn", "b"),
    Series::mean("brigades_idle_per_turn", "a"),
    Series::mean("brigades_idle_per_turn", "b"),
    Series::mean("division_chits_returned_per_turn", "a"),
    Series::mean("division_chits_returned_per_turn", "b"),
    Series::rate("first_activation", "a"),
    Series::rate("first_activation", "b"),
    Series::mean("chits_per_turn", "all"),
    Series::mean("fortunes_of_war_position", "all"),
    Series::mean("turns_per_game", "all"),
];

/// Adds one turn to the game's series values.
fn add_turn(series: &mut [Ratio], tally: &TurnTally) {
    let mut add = |i: usize, num: u64, den: u64| {
        series[i].num += num;
        series[i].den += den;
    };
    for (s, seat) in Seat::BOTH.into_iter().enumerate() {
        let fates = &tally.fates[seat];
        let key = fates[tally.keys[seat] as usize];
        let count = |f: fn(Fate) -> bool| fates.iter().filter(|&&x| f(x)).count() as u64;
        let key_index = tally.keys[seat] as usize;
        let excluded = fates
            .iter()
            .enumerate()
            .filter(|&(e, &f)| e != key_index && f == Fate::Excluded)
            .count() as u64;
        add(s, key.drawn() as u64, 1);
        add(2 + s, (key == Fate::Blocked) as u64, 1);
        add(4 + s, (key == Fate::Used) as u64, 1);
        add(6 + s, excluded, EVENTS as u64 - 1);
        add(8 + s, count(Fate::drawn), EVENTS as u64);
        add(10 + s, count(|f| f == Fate::Blocked), EVENTS as u64);
        add(12 + s, count(|f| f == Fate::Used), EVENTS as u64);
        add(14 + s, tally.activations[seat] as u64, 1);
        add(16 + s, tally.reactivations[seat] as u64, 1);
        add(18 + s, tally.idle_brigades[seat] as u64, 1);
        add(20 + s, tally.returned[seat] as u64, 1);
        add(
            22 + s,
            (tally.first_activation == Some(seat)) as u64,
            tally.first_activation.is_some() as u64,
        );
    }
    add(24, tally.chits_drawn as u64, 1);
    if let Some(position) = tally.fortunes_position {
        add(25, position as u64, 1);
    }
}

/// One turn: a row of `records.parquet`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnRecord {
    pub game: u64,
    pub tally: TurnTally,
}

impl Record for TurnRecord {
    const COLUMNS: &'static [ColumnSpec] = &{
        use ColumnType::*;
        [
            ColumnSpec::new("game", U64),
            ColumnSpec::new("turn", U32),
            ColumnSpec::new("puller", Name),
            ColumnSpec::new("key_a", U32),
            ColumnSpec::new("key_b", U32),
            ColumnSpec::new("key_fate_a", Name),
            ColumnSpec::new("key_fate_b", Name),
            ColumnSpec::new("key_position_a", U32),
            ColumnSpec::new("key_position_b", U32),
            ColumnSpec::new("events_excluded_a", U32),
            ColumnSpec::new("events_excluded_b", U32),
            ColumnSpec::new("events_used_a", U32),
            ColumnSpec::new("events_used_b", U32),
            ColumnSpec::new("events_blocked_a", U32),
            ColumnSpec::new("events_blocked_b", U32),
            ColumnSpec::new("activations_a", U32),
            ColumnSpec::new("activations_b", U32),
            ColumnSpec::new("reactivations_a", U32),
            ColumnSpec::new("reactivations_b", U32),
            ColumnSpec::new("idle_brigades_a", U32),
            ColumnSpec::new("idle_brigades_b", U32),
            ColumnSpec::new("returned_a", U32),
            ColumnSpec::new("returned_b", U32),
            ColumnSpec::new("first_activation", Name),
            ColumnSpec::new("chits_drawn", U32),
            ColumnSpec::new("fortunes_position", U32),
        ]
    };

    fn cell(&self, column: usize) -> Cell {
        let t = &self.tally;
        let side = |i: usize| Seat::BOTH[i % 2];
        let fates = |seat: Seat, fate: Fate| {
            t.fates[seat]
                .iter()
                .enumerate()
                .filter(|&(e, &f)| {
                    f == fate && (fate != Fate::Excluded || e != t.keys[seat] as usize)
                })
                .count() as u32
        };
        match column {
            0 => Cell::U64(self.game),
            1 => Cell::U32(t.turn),
            2 => Cell::Name(t.puller.name()),
            3 | 4 => Cell::U32(t.keys[side(column - 3)] as u32 + 1),
            5 | 6 => {
                let seat = side(column - 5);
                Cell::Name(t.fates[seat][t.keys[seat] as usize].name())
            }
            7 | 8 => Cell::U32(t.key_position[side(column - 7)]),
            9 | 10 => Cell::U32(fates(side(column - 9), Fate::Excluded)),
            11 | 12 => Cell::U32(fates(side(column - 11), Fate::Used)),
            13 | 14 => Cell::U32(fates(side(column - 13), Fate::Blocked)),
            15 | 16 => Cell::U32(t.activations[side(column - 15)]),
            17 | 18 => Cell::U32(t.reactivations[side(column - 17)]),
            19 | 20 => Cell::U32(t.idle_brigades[side(column - 19)]),
            21 | 22 => Cell::U32(t.returned[side(column - 21)]),
            23 => Cell::Name(t.first_activation.map_or("none", Seat::name)),
            24 => Cell::U32(t.chits_drawn),
            25 => Cell::U32(t.fortunes_position.unwrap_or(0)),
            _ => unreachable!("TurnRecord has {} columns", Self::COLUMNS.len()),
        }
    }
}

impl Simulation for Sickles {
    const METRICS: &'static [Metric] = metrics::METRICS;
    const NAME: &'static str = rules::SYSTEM;
    const ABOUT: &'static str =
        "the Hammerin' Sickles chit-pull turn (seat a Confederate, b Union)";
    const RULES: &'static [ParamSpec] = rules::SPECS;
    const RULE_NOTES: &'static str = rules::NOTES;
    const STRATEGIES: &'static [StrategyInfo] = strategy::STRATEGIES;
    const SERIES: &'static [Series] = SERIES;
    const HEADLINE: &'static [&'static str] = &[
        "key_chit_drawn",
        "key_chit_blocked",
        "activations_per_turn",
        "first_activation",
    ];
    const TABLE_BREAKDOWNS: &'static [&'static str] = &["none", "order", "division"];
    const DEFAULT_GAMES: u64 = 100_000;
    const PROGRESS_FROM: u64 = 20_000;
    /// A game is the scenario's turns of a few dozen chits each.
    const BATCH: u64 = 1024;
    const DEFAULT_SCENARIO: Option<&'static str> = Some(scenario::DEFAULT_TEXT);
    const PLAY: Option<crate::system::PlayCommand> = Some(play::PLAY);

    const PICTURE: Option<&'static str> = Some(include_str!("picture.js"));

    const AGENT: Option<crate::system::AgentCommand> = Some(agent::AGENT);

    type State = Game;
    type Stats = Stats;
    type Record = TurnRecord;

    fn build(variant: &Variant) -> Result<Self> {
        let rules = Rules::from_values(&variant.rules)?;
        let scenario = Scenario::from_table(&variant.scenario)?;
        Ok(Sickles {
            turns: rules.turns.unwrap_or(scenario.turns),
            rules,
            scenario,
            strategies: BySeat::from_fn(|s| match variant.players[s].command {
                // The side's built-in is unused; any will do.
                Some(_) => SicklesStrategy::Random,
                None => SicklesStrategy::from_player(&variant.players[s]),
            }),
            agents: Agents::of(&variant.players, |s| {
                agent::hello(&variant.rules, &variant.scenario, s)
            }),
        })
    }

    fn card_kinds(variant: &Variant) -> Vec<CardKind> {
        let get = |name| variant.rules.get(name);
        let excluded = get("excluded_events");
        vec![
            CardKind::rule(
                "cic_chits",
                "each side's chits in the cup",
                get("cic_chits"),
            ),
            CardKind::rule("wild_chits", "the cup", get("wild_chits")),
            // The cup holds each side's nine event chits less those the
            // opponent excluded: one more chit is one fewer excluded.
            CardKind {
                name: "event_chits".into(),
                holder: "each side's event chits in the cup",
                count: rules::EVENTS as i64 - excluded,
                at: CountAt::Rule {
                    name: "excluded_events",
                    value: excluded,
                    per_card: -1,
                },
            },
        ]
    }

    fn new_state(&self) -> Game {
        Game::new(0, 0)
    }

    fn play(
        &self,
        state: &mut Game,
        master_seed: u64,
        game: u64,
        stats: &mut Stats,
        series: &mut [Ratio],
        mut records: Option<&mut Vec<TurnRecord>>,
    ) {
        series.fill(Ratio::default());
        self.play_game(state, master_seed, game, &mut |tally| {
            stats.record_turn(tally, &self.scenario);
            add_turn(series, tally);
            if let Some(records) = records.as_deref_mut() {
                records.push(TurnRecord {
                    game,
                    tally: *tally,
                });
            }
        });
        stats.games += 1;
        stats.turns_per_game.record(self.turns as u64);
        series[26] = Ratio::new(self.turns as u64, 1);
    }

    fn replay(&self, master_seed: u64, game: u64, events: &mut Replay) -> Result<Vec<TurnRecord>> {
        let mut played = Game::new(master_seed, game).observed(std::mem::take(events));
        let mut records = Vec::new();
        self.play_game(&mut played, master_seed, game, &mut |tally| {
            records.push(TurnRecord {
                game,
                tally: *tally,
            })
        });
        *events = played.obs;
        Ok(records)
    }

    fn rows(&self, stats: &Stats) -> Vec<SummaryRow> {
        stats.rows(&self.scenario)
    }

    fn fixed(&self, metric: &str, _seat: &str, by: &str, _level: &str) -> bool {
        match metric {
            "turns_per_game" => true,
            // The opponent excludes exactly excluded_events of the eight
            // events that are not the key, every turn; which ones is
            // random, unless it is none.
            "event_excluded" => by == NO_BREAKDOWN || self.rules.excluded_events == 0,
            _ => false,
        }
    }

    fn trace(&self, master_seed: u64, index: u64) -> Trace {
        let mut game = Game::new(master_seed, index);
        let deal = game.deal_fingerprint();
        let tally = game.play_turn(&self.rules, &self.scenario, &self.strategies, &mut |_| {});
        Trace {
            deal,
            first_decision: BySeat::from_fn(|s| tally.keys[s] as u64),
        }
    }
}
