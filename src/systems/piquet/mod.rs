//! Piquet Regimental (Jim Getz; seed `004_95d5d795d2285ff3.txt`): the
//! dice step method with exact distributions, and a game of two sides'
//! players (a commander and its subordinates): decks, hands, initiative,
//! orders, fire and artillery on a one-axis field, engagements, assaults
//! and rallies.

pub mod agent;
pub mod cards;
pub mod dice;
pub mod events;
pub mod field;
pub mod game;
pub mod metrics;
pub mod odds;
pub mod play;
pub mod rules;
pub mod scenario;
pub mod stats;
pub mod strategy;

pub use game::{Game, Setup};
pub use rules::Rules;
pub use scenario::Scenario;
pub use stats::{DecqRecord, GameTally, Stats};
pub use strategy::PiquetStrategy;

use crate::engine::{BySeat, Seat};
use crate::error::Result;
use crate::output::{Cell, ColumnSpec, ColumnType, Record};
use crate::params::ParamSpec;
use crate::stats::{Ratio, SummaryRow};
use crate::system::agent::Agents;
use crate::system::cards::{scenario_count, scenario_table};
use crate::system::{
    AgentCommand, CardKind, CountAt, Metric, Observer, OddsCommand, PlayCommand, Replay, Series,
    Simulation, StrategyInfo, Trace, Variant,
};

/// A Piquet experiment: rules, scenario, one player per side.
#[derive(Clone, Debug)]
pub struct Piquet {
    pub rules: Rules,
    pub scenario: Scenario,
    pub strategies: BySeat<PiquetStrategy>,
    /// An external agent's command and its `hello`, for a side an agent
    /// plays (`exec:COMMAND`).
    pub agents: Agents,
}

impl Piquet {
    pub fn setup(&self) -> Setup<'_> {
        Setup {
            rules: &self.rules,
            scenario: &self.scenario,
            strategies: &self.strategies,
        }
    }

    /// Game `index` on `state`, each side played by its built-in or, where
    /// a side has one, its external agent: the run's game and the
    /// replay's alike.
    #[inline]
    fn play_seated<O: Observer<events::Event>>(
        &self,
        state: &mut Game<O>,
        tally: &mut GameTally,
        master_seed: u64,
        game: u64,
        stats: &mut Stats,
        records: Option<&mut Vec<DecqRecord>>,
    ) {
        // An agent plays every player of its side, each with its own
        // stream, as the built-ins do.
        let players = |seat: Seat| {
            (0..self.scenario.sides[seat].player_count as usize)
                .map(|p| game::player_stream(seat, p))
                .collect()
        };
        match self.agents.lend(rules::SYSTEM, master_seed, game, players) {
            None => {
                let setup = self.setup();
                state.reset(&setup, master_seed, game);
                state.play(&setup, game, stats, tally, records);
            }
            Some(lent) => {
                let agents = lent.seats();
                let seats = BySeat::from_fn(|s| agent::Seated {
                    built_in: self.strategies[s],
                    asker: agents[s].map(|a| a as &dyn agent::Ask),
                });
                let setup = Setup {
                    rules: &self.rules,
                    scenario: &self.scenario,
                    strategies: &seats,
                };
                state.reset(&setup, master_seed, game);
                state.play(&setup, game, stats, tally, records);
            }
        }
    }
}

const SERIES: &[Series] = &[
    Series::mean("move_order_wait", "a"),
    Series::mean("move_order_wait", "b"),
    Series::mean("initiative", "a"),
    Series::mean("initiative", "b"),
    Series::mean("hand_plays_per_decq", "a"),
    Series::mean("hand_plays_per_decq", "b"),
    Series::mean("order_executions_per_decq", "a"),
    Series::mean("order_executions_per_decq", "b"),
    Series::rate("assault_won_by_attacker", "all"),
    Series::mean("assault_kards", "all"),
    Series::rate("breakthrough", "all"),
    Series::rate("piquet_held", "a"),
    Series::rate("piquet_held", "b"),
    Series::mean("rally_boxes_checked", "all"),
    Series::mean("units_removed", "a"),
    Series::mean("units_removed", "b"),
    Series::mean("volleys_per_decq", "a"),
    Series::mean("volleys_per_decq", "b"),
    Series::mean("elan_lost_to_fire", "a"),
    Series::mean("elan_lost_to_fire", "b"),
    Series::mean("assault_elan", "all").by("side", "attacker"),
    Series::mean("assault_elan", "all").by("side", "defender"),
    Series::rate("assault_aspect", "all").by("aspect", "front"),
    Series::rate("assault_aspect", "all").by("aspect", "flank"),
    Series::rate("assault_aspect", "all").by("aspect", "rear"),
];

impl GameTally {
    fn series(&self, out: &mut [Ratio]) {
        let [a, b] = Seat::BOTH;
        let decqs = self.decqs as u64;
        let going_in = self.aspects.iter().map(|&n| n as u64).sum();
        let values = [
            Ratio::new(self.move_wait[a] as u64, self.move_orders[a] as u64),
            Ratio::new(self.move_wait[b] as u64, self.move_orders[b] as u64),
            Ratio::new(self.ip_sum[a] as u64, self.kards[a] as u64),
            Ratio::new(self.ip_sum[b] as u64, self.kards[b] as u64),
            Ratio::new(self.hand_plays[a] as u64, decqs),
            Ratio::new(self.hand_plays[b] as u64, decqs),
            Ratio::new(self.executions[a] as u64, decqs),
            Ratio::new(self.executions[b] as u64, decqs),
            Ratio::new(self.attacker_won as u64, self.assaults as u64),
            Ratio::new(self.assault_kards as u64, self.assaults as u64),
            Ratio::new(self.breakthroughs as u64, self.breakthrough_attempts as u64),
            Ratio::new(self.piquets_held[a] as u64, self.piquets_met[a] as u64),
            Ratio::new(self.piquets_held[b] as u64, self.piquets_met[b] as u64),
            Ratio::new(self.rally_boxes as u64, self.rallies as u64),
            Ratio::new(self.removed[a] as u64, 1),
            Ratio::new(self.removed[b] as u64, 1),
            Ratio::new(self.volleys[a] as u64, decqs),
            Ratio::new(self.volleys[b] as u64, decqs),
            Ratio::new(self.elan_lost[a].iter().sum::<u32>() as u64, 1),
            Ratio::new(self.elan_lost[b].iter().sum::<u32>() as u64, 1),
            Ratio::new(self.assault_elan[0] as u64, self.assaults_begun as u64),
            Ratio::new(self.assault_elan[1] as u64, self.assaults_begun as u64),
            Ratio::new(self.aspects[0] as u64, going_in),
            Ratio::new(self.aspects[1] as u64, going_in),
            Ratio::new(self.aspects[2] as u64, going_in),
        ];
        out.copy_from_slice(&values);
    }
}

impl Record for DecqRecord {
    const COLUMNS: &'static [ColumnSpec] = &{
        use ColumnType::*;
        [
            ColumnSpec::new("game", U64),
            ColumnSpec::new("decq", U32),
            ColumnSpec::new("ip_start_a", U32),
            ColumnSpec::new("ip_start_b", U32),
            ColumnSpec::new("ip_end_a", U32),
            ColumnSpec::new("ip_end_b", U32),
            ColumnSpec::new("casts_a", U32),
            ColumnSpec::new("casts_b", U32),
            ColumnSpec::new("orders_a", U32),
            ColumnSpec::new("orders_b", U32),
            ColumnSpec::new("executions_a", U32),
            ColumnSpec::new("executions_b", U32),
            ColumnSpec::new("hand_plays_a", U32),
            ColumnSpec::new("hand_plays_b", U32),
            ColumnSpec::new("ip_spent_a", U32),
            ColumnSpec::new("ip_spent_b", U32),
            ColumnSpec::new("dress_lines_a", U32),
            ColumnSpec::new("dress_lines_b", U32),
            ColumnSpec::new("volleys_a", U32),
            ColumnSpec::new("volleys_b", U32),
            ColumnSpec::new("reloads_a", U32),
            ColumnSpec::new("reloads_b", U32),
        ]
    };

    fn cell(&self, column: usize) -> Cell {
        let side = |i: usize| Seat::BOTH[i % 2];
        match column {
            0 => Cell::U64(self.game),
            1 => Cell::U32(self.decq),
            2 | 3 => Cell::U32(self.ip_start[side(column)]),
            4 | 5 => Cell::U32(self.ip_end[side(column)]),
            6 | 7 => Cell::U32(self.casts[side(column)]),
            8 | 9 => Cell::U32(self.orders[side(column)]),
            10 | 11 => Cell::U32(self.executions[side(column)]),
            12 | 13 => Cell::U32(self.hand_plays[side(column)]),
            14 | 15 => Cell::U32(self.ip_spent[side(column)]),
            16 | 17 => Cell::U32(self.dress_lines[side(column)]),
            18 | 19 => Cell::U32(self.volleys[side(column)].iter().sum()),
            20 | 21 => Cell::U32(self.reloads[side(column)].iter().sum()),
            _ => unreachable!("DecqRecord has {} columns", Self::COLUMNS.len()),
        }
    }
}

impl Simulation for Piquet {
    const METRICS: &'static [Metric] = metrics::METRICS;
    const ODDS: Option<OddsCommand> = Some(odds::ODDS);
    const PICTURE: Option<&'static str> = Some(include_str!("picture.js"));
    const AGENT: Option<AgentCommand> = Some(agent::serve::AGENT);
    const PLAY: Option<PlayCommand> = Some(play::PLAY);
    const NAME: &'static str = rules::SYSTEM;
    const ABOUT: &'static str =
        "Piquet Regimental: decks, initiative, commanders' hands, orders, fire, artillery, engagements, assaults and rallies";
    const RULES: &'static [ParamSpec] = rules::SPECS;
    const STRATEGIES: &'static [StrategyInfo] = strategy::STRATEGIES;
    const SERIES: &'static [Series] = SERIES;
    const HEADLINE: &'static [&'static str] = &[
        "move_order_wait",
        "initiative",
        "hand_plays_per_decq",
        "assault_won_by_attacker",
    ];
    const TABLE_BREAKDOWNS: &'static [&'static str] = &["none", "player", "order", "use"];
    const DEFAULT_GAMES: u64 = 20_000;
    const PROGRESS_FROM: u64 = 5_000;
    const BATCH: u64 = 256;
    const DEFAULT_SCENARIO: Option<&'static str> = Some(include_str!(
        "../../../experiments/piquet/scenarios/default.toml"
    ));

    type State = (Game, GameTally);
    type Stats = Stats;
    type Record = DecqRecord;

    fn build(variant: &Variant) -> Result<Self> {
        let rules = Rules::from_values(&variant.rules)?;
        let scenario = Scenario::from_table(&variant.scenario)?;
        scenario.check_army_minimum(
            rules.army_cards_per_player,
            rules.army_cards_per_cic_deck,
            rules.army_spare_cards,
        )?;
        Ok(Piquet {
            rules,
            scenario,
            strategies: BySeat::from_fn(|s| match variant.players[s].command {
                // The side's built-in is unused: the agent makes every
                // decision.
                Some(_) => PiquetStrategy::RANDOM,
                None => PiquetStrategy::from_player(&variant.players[s]),
            }),
            agents: Agents::of(&variant.players, |s| {
                agent::hello(&variant.rules, &variant.scenario, s)
            }),
        })
    }

    /// Every card type of the Army Decks, where the scenario counts it: in
    /// the deck both sides share, or in a side's own.
    fn card_kinds(variant: &Variant) -> Vec<CardKind> {
        let decks: [(&[&str], &'static str); 3] = [
            (&[], "each side's Army Deck"),
            (&["a"], "side a's Army Deck"),
            (&["b"], "side b's Army Deck"),
        ];
        let mut kinds = Vec::new();
        for (side, holder) in decks {
            let mut path: Vec<&str> = side.to_vec();
            path.push("army_deck");
            if scenario_table(&variant.scenario, &path).is_none() {
                continue;
            }
            for name in cards::Kind::NAMES {
                let mut at = path.clone();
                at.push(name);
                kinds.push(CardKind {
                    name: at.join("."),
                    holder,
                    count: scenario_count(&variant.scenario, &at),
                    at: CountAt::Scenario(at.iter().map(|k| k.to_string()).collect()),
                });
            }
        }
        kinds
    }

    fn new_state(&self) -> (Game, GameTally) {
        (Game::new(), GameTally::default())
    }

    fn play(
        &self,
        (state, tally): &mut (Game, GameTally),
        master_seed: u64,
        game: u64,
        stats: &mut Stats,
        series: &mut [Ratio],
        records: Option<&mut Vec<DecqRecord>>,
    ) {
        self.play_seated(state, tally, master_seed, game, stats, records);
        tally.series(series);
    }

    fn replay(&self, master_seed: u64, game: u64, events: &mut Replay) -> Result<Vec<DecqRecord>> {
        let mut played = Game::with_observer(std::mem::take(events));
        let mut records = Vec::new();
        self.play_seated(
            &mut played,
            &mut GameTally::default(),
            master_seed,
            game,
            &mut Stats::default(),
            Some(&mut records),
        );
        *events = played.obs;
        Ok(records)
    }

    fn rows(&self, stats: &Stats) -> Vec<SummaryRow> {
        stats.rows(&self.scenario, self.rules.beyond_four)
    }

    fn trace(&self, master_seed: u64, index: u64) -> Trace {
        let setup = self.setup();
        let mut game = Game::new();
        game.reset(&setup, master_seed, index);
        let deal = game.deal_fingerprint();
        let mut stats = Stats::default();
        let mut tally = GameTally::default();
        game.play(&setup, index, &mut stats, &mut tally, None);
        Trace {
            deal,
            first_decision: game.first_decision,
        }
    }
}
