//! Piquet players: whether to play from the hand, what to do with a
//! turned card (use it, keep it, let it go), the Officer Check's one
//! action, which orders and rallies to pay for, when to buy extra casts,
//! what a Brilliant Leader stands for, when to fire and reload, and when
//! to order the assault rather than keep firing.

use super::cards::{Card, Kind, BASIC, KINDS};
use super::field::At;
use super::rules::Rules;
use super::scenario::{DeployTo, Deployment, Maneuver, OrderKind, DEPLOY_TO, ORDER_KINDS};
use crate::engine::seeding::GameRng;
use crate::params::ParamValues;
use crate::system::{typed, Player};
use rand::Rng;

mod tuning;
pub use tuning::*;

/// What a player sees of its own side when it decides.
#[derive(Clone, Copy, Debug, Default)]
pub struct Needs {
    pub ip: u32,
    /// Regiments a card of each kind would execute now (for the reload
    /// cards, the unloaded regiments and companies it would reload).
    pub executions: [u8; KINDS],
    /// Loaded regiments with an enemy in range: what a Crushing Volley
    /// would raise.
    pub volley_ready: u8,
    /// The basic kinds that would execute any, one bit each.
    pub executable: u16,
    /// Card kinds some regiment's plan will want, one bit each.
    pub planned: u16,
    /// Orders (brigade groups) waiting to be issued.
    pub order_groups: u32,
    /// IP the cheapest of them costs (order_cost, or figure_command_cost
    /// under an attached figure, plus bypass_cost for a subordinate's).
    pub order_cost: u32,
    /// Shaken regiments waiting to rally.
    pub rallies: u32,
    /// The least Elan, in percent of its full Elan, of the player's own
    /// regiments that have lost Elan but may still fight and may be
    /// rallied now (not engaged, not fighting an assault); 100 when none.
    pub worn_elan: u32,
    /// The player's regiments fighting an assault that may be ordered to
    /// Maneuver out of it (rule `assault_maneuver`).
    pub retreats: u8,
    /// The least Elan, in percent of its full Elan (rounded up), of those
    /// that have lost Elan and hold less than the enemy in their fight;
    /// 100 when none.
    pub retreat_elan: u8,
    pub in_assault: bool,
    /// False while the player's figure is attached to a regiment.
    pub may_cast: bool,
    /// Subordinate players under this one, at any depth.
    pub subordinates: u32,
    /// The least initiative among them.
    pub neediest: u32,
}

/// What a player choosing a regiment's next order sees of it (`orders =
/// "chosen"`): the orders it may be given and where the enemy stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OrderFacts {
    /// The orders it may be given, one bit each (`OrderKind`): any but an
    /// assault for artillery.
    pub choices: u8,
    /// Inches to the nearest enemy regiment still in the game; `None` when
    /// none is.
    pub distance: Option<u32>,
    /// Inches to the nearest of those ahead of it (level included): a Move
    /// goes only forward, so with none ahead it would not move.
    pub ahead: Option<u32>,
    /// Engagement range, and how far its own fire reaches (Bombardment
    /// range for medium heavy and heavy artillery, else Engagement range).
    pub engagement: u32,
    pub reach: u32,
    /// Its Elan, of `full`, and the most Elan among the nearest enemies.
    pub elan: u32,
    pub full: u32,
    pub enemy_elan: u32,
    /// How it stands, and the deployments a Deploy order may take it to
    /// (`DEPLOY_TO`, one bit each): those that would change it. With none
    /// no Deploy is offered.
    pub deployment: Deployment,
    pub deploys: u8,
    /// The ways a Maneuver order would move it (`Maneuver`, one bit each):
    /// forward (short of Engagement range of an enemy ahead), back, to
    /// either flank (short of an enemy level with it). With none no
    /// Maneuver is offered.
    pub maneuvers: u8,
    /// Inches to the nearest enemy cavalry still in the game, not in
    /// skirmish order (what Prepared to Receive Cavalry is for).
    pub cavalry: Option<u32>,
    /// The rules' `prepared_step`: what being prepared does to a cavalry
    /// attacker's casts (0: nothing).
    pub prepared_step: i32,
}

impl OrderFacts {
    /// Whether `order` may be given.
    pub fn offers(&self, order: OrderKind) -> bool {
        self.choices >> order as u8 & 1 != 0
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfficerAction {
    Cast = 0,
    Orders,
    Rally,
    /// Initiative passed down to the neediest subordinate.
    Pass,
    /// Attached, with nothing to order or rally for its regiment.
    Nothing,
    /// A player whose own figure is attached to a regiment detaches it,
    /// the one other thing it may use the Officer Check for.
    Detach,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnedUse {
    Use,
    /// Into the hand; when it is full, after discarding this slot (for
    /// the swap's cost).
    Keep(Option<usize>),
    Pass,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Random,
    Heuristic,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PiquetStrategy {
    pub style: Style,
    /// IP kept back from hand plays, swaps and extra casts.
    pub reserve: u32,
    /// An Officer Check casts for initiative while it is below this.
    pub recast_below: u32,
    /// IP kept back from fire: a volley is bought only with IP above it.
    pub fire_reserve: u32,
    /// An assault is ordered only once its target's Elan is at most this
    /// (worn by fire first); 60 orders it at once.
    pub assault_at_elan: u32,
    /// A worn regiment (Elan lost, not unrallied) is rallied once its Elan
    /// is at most this percent of its full Elan; 0 never.
    pub rally_worn_at: u32,
    /// A regiment fighting an assault is ordered to Maneuver out of it
    /// once its Elan is at most this percent of its full Elan and below
    /// the enemy's in the fight; 0 never.
    pub retire_at_elan: u32,
    /// A chosen infantry regiment is deployed into Prepared to Receive
    /// Cavalry once enemy cavalry is this near, when the rules give
    /// Prepared an effect; 0 never.
    pub prepare_within: u32,
    /// The search player's budget and objective: it searches what to do
    /// with each KARD's card, and decides everything else as the heuristic.
    pub search: Option<Search>,
}

/// One of the choices set in `mask` (regiments, players or card kinds, one
/// bit each), uniformly from the deciding player's stream when there is
/// more than one: equal choices are never told apart by the order the
/// scenario or the rules list them in. With one choice nothing is drawn.
#[inline(always)]
pub fn one_of(mask: u16, rng: &mut GameRng) -> usize {
    debug_assert!(mask != 0);
    let mut bits = mask;
    if bits & (bits - 1) != 0 {
        for _ in 0..rng.random_range(0..bits.count_ones()) {
            bits &= bits - 1;
        }
    }
    bits.trailing_zeros() as usize
}

/// The slot of the first card of `kind` in `hand` (cards of one kind are
/// the same choice).
#[inline(always)]
fn slot_of(hand: &[Card], kind: usize) -> Option<usize> {
    hand.iter().position(|c| c.kind() as usize == kind)
}

/// How much a card is worth holding.
fn keep_value(kind: Kind, needs: &Needs) -> u32 {
    match kind {
        Kind::BrilliantLeader => 5,
        Kind::OfficerCheck => 4,
        Kind::HeroicMoment => 3,
        Kind::CrushingVolley => 2,
        k if needs.planned >> k as u16 & 1 != 0 => 2,
        _ => 0,
    }
}

/// A player's decisions, one method each, as the game asks them: the
/// built-in players (`PiquetStrategy`), and a seat an external agent or a
/// person plays. The game is generic over it, so the built-ins stay
/// statically dispatched.
pub trait Decide {
    fn hand_play(
        &self,
        at: &At<'_>,
        hand: &[Card],
        present: u16,
        needs: &Needs,
        rules: &Rules,
        rng: &mut GameRng,
    ) -> Option<usize>;
    #[allow(clippy::too_many_arguments)]
    fn turned(
        &self,
        at: &At<'_>,
        kind: Kind,
        hand: &[Card],
        room: bool,
        needs: &Needs,
        rules: &Rules,
        rng: &mut GameRng,
    ) -> TurnedUse;
    fn officer_check(
        &self,
        at: &At<'_>,
        needs: &Needs,
        rules: &Rules,
        rng: &mut GameRng,
    ) -> OfficerAction;
    /// Whether to pay `cost` for the next order group, ordered to `order`.
    fn issue(&self, at: &At<'_>, order: OrderKind, cost: u32, rng: &mut GameRng) -> bool;
    /// The order a regiment whose orders its player chooses (`orders =
    /// "chosen"`) should be given, if any; `issue` then decides whether to
    /// pay for it. `rng` is `None` while a player's view is worked out
    /// (whether it would order the regiment at all), when nothing may be
    /// drawn or asked.
    fn order(
        &self,
        at: &At<'_>,
        facts: &OrderFacts,
        rng: Option<&mut GameRng>,
    ) -> Option<OrderKind>;
    /// Where a Deploy order it chose for a chosen regiment takes it: one
    /// of `facts.deploys`, an index of `DEPLOY_TO` (the piquet "facing to
    /// the rear" for Prepared to Receive Cavalry, or showing "in what
    /// direction and how far" the frontage goes).
    fn deployment(&self, at: &At<'_>, facts: &OrderFacts, rng: &mut GameRng) -> usize;
    /// Which way a Maneuver order it chose for a chosen regiment goes: one
    /// of `facts.maneuvers`, an index of `Maneuver` ("forward, back, to
    /// either flank").
    fn direction(&self, at: &At<'_>, facts: &OrderFacts, rng: &mut GameRng) -> usize;
    /// Where a Move order it chose for a chosen regiment stops, "to where
    /// you want to stop": 0, on to its objective (the next terrain
    /// objective ahead or its fire's reach of the nearest enemy ahead, as
    /// the field stands when it moves), or 1 to `farthest` - 1 inches
    /// forward, short of it (`farthest` the inches to it now, at least 2).
    fn move_to(&self, at: &At<'_>, facts: &OrderFacts, farthest: u32, rng: &mut GameRng) -> u32;
    /// Whether to rally the regiment: unrallied (`shaken`, it must rally
    /// before it fights again), or worn (it has lost Elan, `elan` of
    /// `full` left, and may fight on without a rally).
    fn rally(&self, at: &At<'_>, shaken: bool, elan: u32, full: u32, rng: &mut GameRng) -> bool;
    fn attached(&self, at: &At<'_>, rng: &mut GameRng) -> bool;
    /// Whether the piquet of the regiment in `at` holds terrain objective
    /// `objective` against the enemy regiment `at.target`, whose Move or
    /// assault would enter it, at `cost` Elan (rule `piquet_hold_elan`) of the
    /// `elan` (of `full`) the regiment has; else it withdraws and lets the
    /// enemy in. Asked only when the regiment has more than `cost`.
    fn piquet(
        &self,
        at: &At<'_>,
        objective: usize,
        elan: u32,
        full: u32,
        cost: u32,
        rng: &mut GameRng,
    ) -> bool;
    fn extra_cast(&self, at: &At<'_>, ip: u32, cost: u32, chips: u32, rng: &mut GameRng) -> bool;
    fn fire(&self, at: &At<'_>, ip: u32, cost: u32, rng: &mut GameRng) -> bool;
    fn reload(&self, at: &At<'_>, ip: u32, cost: u32, rng: &mut GameRng) -> bool;
    /// Whether the plan's assault may be ordered now, its target holding
    /// `target_elan`; `asking` is false while a player's view is worked
    /// out (what could be ordered), true when the order is being given.
    fn assault_now(&self, at: &At<'_>, target_elan: u32, asking: bool) -> bool;
    /// Whether a regiment fighting an assault (`elan` of `full` left, the
    /// enemy in the fight holding `enemy_elan`) may be ordered to Maneuver
    /// out of it now; `asking` as for `assault_now`.
    fn retire_now(&self, at: &At<'_>, elan: u32, full: u32, enemy_elan: u32, asking: bool) -> bool;
    /// Whether a second-line cavalry regiment (`elan` left) goes in at
    /// once against the enemy holding `enemy_elan`, its lead holding
    /// `lead_elan` (rule `cavalry_waves`), and `why`: `meets_breakthrough`
    /// (cavalry that broke through its lead), `follows_breakthrough` (a
    /// regiment its lead broke through) or `relieves` (its lead's target,
    /// the lead withdrawing).
    #[allow(clippy::too_many_arguments)]
    fn second_line(
        &self,
        at: &At<'_>,
        why: &str,
        elan: u32,
        enemy_elan: u32,
        lead_elan: u32,
        rng: &mut GameRng,
    ) -> bool;
    /// The player below to pass initiative to, one of `candidates` (one
    /// bit a player: those below with room on the track); `neediest` is
    /// the one with the least initiative (ties drawn).
    fn pass_to(&self, at: &At<'_>, candidates: u16, neediest: usize, rng: &mut GameRng) -> usize;
    /// The enemy regiment a chosen assault of the regiment in `at` goes in
    /// against: one of `candidates` (one bit an enemy regiment: those in
    /// the game it may assault); `nearest` is the nearest (ties drawn).
    fn aim(&self, at: &At<'_>, candidates: u16, nearest: usize, rng: &mut GameRng) -> usize;
    fn pass_amount(&self, at: &At<'_>, ip: u32, most: u32, rng: &mut GameRng) -> u32;
    /// How far back a regiment fire took to zero Elan in an Engagement
    /// withdraws ("anywhere up to the next horizon"): inches beyond the
    /// nearest place it may, `outside` (1" outside the firer's Engagement
    /// range, inches on the axis), at most `farthest` (the near edge of
    /// the next terrain objective behind it).
    fn withdraw_to(&self, at: &At<'_>, outside: i32, farthest: u32, rng: &mut GameRng) -> u32;
    fn brilliant(&self, at: &At<'_>, needs: &Needs, rng: &mut GameRng) -> Kind;
    /// The search's budget and objective, when this side searches: the
    /// game then plays out what to do with each KARD's card itself.
    #[inline(always)]
    fn search(&self) -> Option<Search> {
        None
    }
}

impl PiquetStrategy {
    /// The heuristic with its default tuning: the search's playouts, and
    /// the search's decisions other than the KARD's card.
    pub const HEURISTIC: PiquetStrategy = PiquetStrategy {
        style: Style::Heuristic,
        reserve: 2,
        recast_below: 8,
        fire_reserve: 0,
        assault_at_elan: 60,
        rally_worn_at: 50,
        retire_at_elan: 25,
        prepare_within: 12,
        search: None,
    };

    /// Uniform over the choices the rules offer.
    pub const RANDOM: PiquetStrategy = PiquetStrategy {
        style: Style::Random,
        reserve: 0,
        recast_below: 0,
        fire_reserve: 0,
        assault_at_elan: 60,
        rally_worn_at: 100,
        retire_at_elan: 100,
        prepare_within: 0,
        search: None,
    };

    /// The heuristic with `tuning` (of `TUNING`).
    fn heuristic(tuning: &ParamValues) -> PiquetStrategy {
        PiquetStrategy {
            style: Style::Heuristic,
            reserve: tuning.of(&RESERVE) as u32,
            recast_below: tuning.of(&RECAST_BELOW) as u32,
            fire_reserve: tuning.of(&FIRE_RESERVE) as u32,
            assault_at_elan: tuning.of(&ASSAULT_AT_ELAN) as u32,
            rally_worn_at: tuning.of(&RALLY_WORN_AT) as u32,
            retire_at_elan: tuning.of(&RETIRE_AT_ELAN) as u32,
            prepare_within: tuning.of(&PREPARE_WITHIN) as u32,
            search: None,
        }
    }

    pub fn from_player(player: &Player) -> PiquetStrategy {
        typed(&BUILT_INS, player)
    }

    /// Whether the heuristic deploys a chosen regiment into Prepared to
    /// Receive Cavalry: formed, it may go there, enemy cavalry is within
    /// `prepare_within`, and the rules make a cavalry attacker's casts
    /// worse against it (`prepared_step` below 0: with 0 it would spend an
    /// order and a Deployment card for nothing).
    fn prepares(&self, facts: &OrderFacts) -> bool {
        // Skirmishers stay skirmishing: the heuristic never leaves it.
        facts.deployment == Deployment::Formed
            && facts.offers(OrderKind::Deploy)
            && facts.deploys >> DeployTo::Prepared as u8 & 1 != 0
            && facts.prepared_step < 0
            && facts
                .cavalry
                .is_some_and(|d| self.prepare_within > 0 && d <= self.prepare_within)
    }

    /// Regiments this player would rally: unrallied ones, or a worn one
    /// down to `rally_worn_at`.
    #[inline]
    fn wants_rally(&self, needs: &Needs) -> bool {
        // 100: no worn regiment to rally.
        needs.rallies > 0 || (needs.worn_elan < 100 && needs.worn_elan <= self.rally_worn_at)
    }

    #[inline]
    fn officer_useful(&self, needs: &Needs, rules: &Rules) -> bool {
        needs.order_groups > 0
            || self.wants_retreat(needs)
            || self.wants_rally(needs)
            // Low, it casts again; attached, it detaches to cast.
            || needs.ip < self.recast_below
            || self.wants_to_pass(needs, rules)
    }

    /// A regiment losing its assault, worn to `retire_at_elan`, may be
    /// ordered out of it (`retire_now` decides which).
    #[inline]
    fn wants_retreat(&self, needs: &Needs) -> bool {
        needs.retreat_elan < 100 && needs.retreat_elan as u32 <= self.retire_at_elan
    }

    /// A player with subordinates passes initiative down when one runs
    /// below the recast level and it can spare some above its reserve.
    #[inline]
    fn wants_to_pass(&self, needs: &Needs, rules: &Rules) -> bool {
        needs.subordinates > 0
            && needs.neediest < self.recast_below
            && needs.ip >= rules.pass_cost + 1 + self.reserve
    }

    /// Whether a card of `kind` does something now.
    #[inline]
    fn useful(&self, kind: Kind, needs: &Needs, rules: &Rules) -> bool {
        self.useful_kinds(needs, rules) >> kind as u16 & 1 != 0
    }

    /// The kinds that do something now, one bit each: the turned card's
    /// kind is a coin flip to the branch predictor, a bit test is not.
    #[inline]
    fn useful_kinds(&self, needs: &Needs, rules: &Rules) -> u16 {
        let officer = self.officer_useful(needs, rules);
        let bit = |on: bool, kind: Kind| (on as u16) << kind as u16;
        needs.executable
            | bit(officer, Kind::OfficerCheck)
            | bit(officer || needs.executable != 0, Kind::BrilliantLeader)
            | bit(needs.in_assault, Kind::HeroicMoment)
            | bit(needs.volley_ready > 0, Kind::CrushingVolley)
            | bit(
                rules.dress_lines_rally && self.wants_rally(needs) && needs.ip >= rules.rally_cost,
                Kind::DressLines,
            )
    }
}

impl PiquetStrategy {
    /// A yes-or-no decision with nothing to weigh: the heuristic always
    /// pays, random tosses a coin.
    fn yes_at_random(&self, rng: &mut GameRng) -> bool {
        match self.style {
            Style::Random => rng.random_bool(0.5),
            Style::Heuristic => true,
        }
    }
}

impl Decide for PiquetStrategy {
    /// A hand card to play instead of turning the top card.
    #[inline(always)]
    fn hand_play(
        &self,
        _at: &At<'_>,
        hand: &[crate::systems::piquet::cards::Card],
        present: u16,
        needs: &Needs,
        rules: &Rules,
        rng: &mut GameRng,
    ) -> Option<usize> {
        match self.style {
            Style::Random => {
                (rng.random_range(0..4u32) == 0).then(|| rng.random_range(0..hand.len()))
            }
            Style::Heuristic => {
                if needs.ip < rules.hand_play_cost + self.reserve {
                    return None;
                }
                // Most KARDs nothing held executes anything: say so from
                // the kinds present, without scoring each card.
                let executable = needs.executable;
                let officer_play = needs.order_groups > 0
                    || self.wants_retreat(needs)
                    || self.wants_rally(needs)
                    || self.wants_to_pass(needs, rules);
                let officer = officer_play as u16 * (1 << Kind::OfficerCheck as u16);
                let volley = ((needs.volley_ready > 0) as u16) << Kind::CrushingVolley as u16;
                if present & (executable | officer | volley) == 0 {
                    let leader = present & (1 << Kind::BrilliantLeader as u16) != 0;
                    return if leader && self.useful(Kind::BrilliantLeader, needs, rules) {
                        hand.iter().position(|c| c.kind() == Kind::BrilliantLeader)
                    } else {
                        None
                    };
                }
                // The card that executes the most regiments; a Brilliant
                // Leader only when nothing else in the hand will do.
                let score = |kind: Kind| -> u32 {
                    match kind {
                        Kind::BrilliantLeader => 0,
                        Kind::OfficerCheck => officer_play as u32,
                        Kind::HeroicMoment => 0,
                        Kind::CrushingVolley => needs.volley_ready as u32 * 2,
                        k => needs.executions[k as usize] as u32 * 2,
                    }
                };
                // Kinds scoring alike are drawn among, never taken in the
                // hand's order.
                let (mut best, mut kinds) = (0, 0u16);
                for card in hand {
                    let s = score(card.kind());
                    if s > best {
                        (best, kinds) = (s, 0);
                    }
                    if s == best {
                        kinds |= 1 << card.kind() as u16;
                    }
                }
                if best > 0 {
                    return slot_of(hand, one_of(kinds, rng));
                }
                let leader = hand
                    .iter()
                    .position(|c| c.kind() == Kind::BrilliantLeader)?;
                self.useful(Kind::BrilliantLeader, needs, rules)
                    .then_some(leader)
            }
        }
    }

    /// What to do with the card just turned.
    #[inline(always)]
    fn turned(
        &self,
        _at: &At<'_>,
        kind: Kind,
        hand: &[crate::systems::piquet::cards::Card],
        room: bool,
        needs: &Needs,
        rules: &Rules,
        rng: &mut GameRng,
    ) -> TurnedUse {
        let can_swap = !hand.is_empty() && needs.ip >= rules.hand_swap_cost;
        match self.style {
            Style::Random => {
                let keep = room || can_swap;
                match rng.random_range(0..if keep { 3u32 } else { 2 }) {
                    0 => TurnedUse::Use,
                    1 => TurnedUse::Pass,
                    _ if room => TurnedUse::Keep(None),
                    _ => TurnedUse::Keep(Some(rng.random_range(0..hand.len()))),
                }
            }
            Style::Heuristic => {
                if self.useful(kind, needs, rules) {
                    return TurnedUse::Use;
                }
                let value = keep_value(kind, needs);
                if value == 0 {
                    return TurnedUse::Pass;
                }
                if room {
                    return TurnedUse::Keep(None);
                }
                if needs.ip < rules.hand_swap_cost + self.reserve {
                    return TurnedUse::Pass;
                }
                // The card least worth holding; among kinds worth alike,
                // one drawn at random.
                let (mut worst, mut kinds) = (u32::MAX, 0u16);
                for card in hand {
                    let v = keep_value(card.kind(), needs);
                    if v < worst {
                        (worst, kinds) = (v, 0);
                    }
                    if v == worst {
                        kinds |= 1 << card.kind() as u16;
                    }
                }
                if worst < value {
                    TurnedUse::Keep(Some(
                        slot_of(hand, one_of(kinds, rng)).expect("a kind in the hand"),
                    ))
                } else {
                    TurnedUse::Pass
                }
            }
        }
    }

    fn officer_check(
        &self,
        _at: &At<'_>,
        needs: &Needs,
        rules: &Rules,
        rng: &mut GameRng,
    ) -> OfficerAction {
        let to_order = match self.style {
            Style::Random => needs.order_groups > 0 || needs.retreats > 0,
            Style::Heuristic => needs.order_groups > 0 || self.wants_retreat(needs),
        };
        let orders = to_order && needs.ip >= needs.order_cost.max(rules.order_cost);
        let rally = self.wants_rally(needs) && needs.ip >= rules.rally_cost;
        let pass = needs.subordinates > 0 && needs.ip > rules.pass_cost && needs.neediest < 18;
        match self.style {
            Style::Random => {
                let options = [
                    (needs.may_cast, OfficerAction::Cast),
                    (orders, OfficerAction::Orders),
                    (rally, OfficerAction::Rally),
                    (pass, OfficerAction::Pass),
                    (!needs.may_cast, OfficerAction::Detach),
                ];
                let n = options.iter().filter(|(ok, _)| *ok).count();
                if n == 0 {
                    return OfficerAction::Nothing;
                }
                let pick = rng.random_range(0..n);
                options
                    .iter()
                    .filter(|(ok, _)| *ok)
                    .nth(pick)
                    .expect("pick < n")
                    .1
            }
            Style::Heuristic => {
                if needs.may_cast && needs.ip < self.recast_below {
                    OfficerAction::Cast
                } else if rally {
                    OfficerAction::Rally
                } else if orders {
                    OfficerAction::Orders
                } else if self.wants_to_pass(needs, rules) {
                    // The commander-in-chief "kept very busy supplementing
                    // the tactical players' initiative" (note 7).
                    OfficerAction::Pass
                } else if needs.may_cast {
                    OfficerAction::Cast
                } else if needs.ip < self.recast_below {
                    // Attached, with nothing for its regiment and its
                    // initiative low: detach to cast again.
                    OfficerAction::Detach
                } else {
                    OfficerAction::Nothing
                }
            }
        }
    }

    /// Whether to pay for the next order group (the player can afford it).
    fn issue(&self, _at: &At<'_>, _order: OrderKind, _cost: u32, rng: &mut GameRng) -> bool {
        self.yes_at_random(rng)
    }

    /// A chosen regiment's order. The heuristic moves it up while no enemy
    /// is within its fire's reach and one is ahead; within Engagement range
    /// it orders the assault once the nearest enemy holds at most
    /// `assault_at_elan` and no more Elan than it does, and otherwise gives
    /// it no order (it stands: infantry and artillery fire). Before moving
    /// up it deploys infantry into Prepared to Receive Cavalry once enemy
    /// cavalry is within `prepare_within` and the rules give Prepared an
    /// effect (`prepares`); it never maneuvers, changes a frontage or
    /// skirmishes. The random player draws among the orders it may be
    /// given and none.
    fn order(
        &self,
        _at: &At<'_>,
        facts: &OrderFacts,
        rng: Option<&mut GameRng>,
    ) -> Option<OrderKind> {
        match self.style {
            Style::Random => {
                let options = facts.choices as u16 | 1 << ORDER_KINDS;
                match rng {
                    // Counted as an order it might give.
                    None => Some(OrderKind::ALL[facts.choices.trailing_zeros() as usize]),
                    Some(rng) => OrderKind::ALL.get(one_of(options, rng)).copied(),
                }
            }
            Style::Heuristic => {
                let distance = facts.distance?;
                if distance <= facts.engagement
                    && facts.offers(OrderKind::Assault)
                    && facts.enemy_elan <= self.assault_at_elan
                    && facts.elan >= facts.enemy_elan
                {
                    Some(OrderKind::Assault)
                } else if self.prepares(facts) {
                    Some(OrderKind::Deploy)
                } else if distance > facts.reach {
                    (facts.ahead.is_some() && facts.offers(OrderKind::Move))
                        .then_some(OrderKind::Move)
                } else {
                    None
                }
            }
        }
    }

    /// Which way a chosen Maneuver goes: the heuristic, which never chooses
    /// one itself, back when it may, else the first it may take; the
    /// random player draws among them.
    fn direction(&self, _at: &At<'_>, facts: &OrderFacts, rng: &mut GameRng) -> usize {
        debug_assert!(facts.maneuvers != 0);
        let back = 1 << Maneuver::Back as u8;
        match self.style {
            Style::Random => one_of(facts.maneuvers as u16, rng),
            Style::Heuristic if facts.maneuvers & back != 0 => Maneuver::Back as usize,
            Style::Heuristic => facts.maneuvers.trailing_zeros() as usize,
        }
        .min(Maneuver::ALL.len() - 1)
    }

    /// Where a chosen Deploy goes: the heuristic into Prepared to Receive
    /// Cavalry when it would prepare, else back to formed order (at the
    /// scenario's frontage), else the first it may take; the random player
    /// draws among them.
    fn deployment(&self, _at: &At<'_>, facts: &OrderFacts, rng: &mut GameRng) -> usize {
        debug_assert!(facts.deploys != 0);
        let formed = 1 << DeployTo::Formed as u8;
        match self.style {
            Style::Random => one_of(facts.deploys as u16, rng),
            Style::Heuristic if self.prepares(facts) => DeployTo::Prepared as usize,
            Style::Heuristic if facts.deploys & formed != 0 => DeployTo::Formed as usize,
            Style::Heuristic => facts.deploys.trailing_zeros() as usize,
        }
        .min(DEPLOY_TO.len() - 1)
    }

    /// Whether to pay for the next rally (the player can afford it): the
    /// heuristic always rallies an unrallied regiment, and a worn one down
    /// to `rally_worn_at` percent of its Elan.
    fn rally(&self, _at: &At<'_>, shaken: bool, elan: u32, full: u32, rng: &mut GameRng) -> bool {
        match self.style {
            Style::Random => rng.random_bool(0.5),
            Style::Heuristic => {
                shaken || (self.rally_worn_at > 0 && elan * 100 <= full * self.rally_worn_at)
            }
        }
    }

    /// The heuristic holds while what holding costs leaves the regiment
    /// above the Elan it would rally at (`rally_worn_at` percent), and
    /// always when it costs nothing.
    fn piquet(
        &self,
        _at: &At<'_>,
        _objective: usize,
        elan: u32,
        full: u32,
        cost: u32,
        rng: &mut GameRng,
    ) -> bool {
        match self.style {
            Style::Random => rng.random_bool(0.5),
            Style::Heuristic => cost == 0 || (elan - cost) * 100 > full * self.rally_worn_at,
        }
    }

    /// Whether the attached regiment executes at once for its cost.
    fn attached(&self, _at: &At<'_>, rng: &mut GameRng) -> bool {
        self.yes_at_random(rng)
    }

    /// Whether to buy another cast for `cost` against `chips` left.
    fn extra_cast(&self, _at: &At<'_>, ip: u32, cost: u32, _chips: u32, rng: &mut GameRng) -> bool {
        match self.style {
            Style::Random => rng.random_bool(0.5),
            Style::Heuristic => ip >= cost + self.reserve,
        }
    }

    /// Whether a loaded regiment with an enemy in range fires, for `cost`.
    fn fire(&self, _at: &At<'_>, ip: u32, cost: u32, rng: &mut GameRng) -> bool {
        match self.style {
            Style::Random => rng.random_bool(0.5),
            Style::Heuristic => ip >= cost + self.fire_reserve,
        }
    }

    /// Whether an unloaded regiment or company reloads on its card, for
    /// `cost`.
    fn reload(&self, _at: &At<'_>, ip: u32, cost: u32, rng: &mut GameRng) -> bool {
        match self.style {
            Style::Random => rng.random_bool(0.5),
            Style::Heuristic => ip >= cost + self.reserve,
        }
    }

    /// Whether a regiment whose next order is an assault may be ordered to
    /// it now, its target holding `target_elan`.
    #[inline]
    fn assault_now(&self, _at: &At<'_>, target_elan: u32, _asking: bool) -> bool {
        target_elan <= self.assault_at_elan
    }

    /// Whether to order a regiment out of its assault: the heuristic once
    /// it is losing, worn to `retire_at_elan` percent of its Elan and below
    /// the enemy's;
    /// the random player may at any time (the order itself is its coin).
    #[inline]
    fn retire_now(
        &self,
        _at: &At<'_>,
        elan: u32,
        full: u32,
        enemy_elan: u32,
        _asking: bool,
    ) -> bool {
        match self.style {
            Style::Random => true,
            Style::Heuristic => {
                elan < full && elan * 100 <= full * self.retire_at_elan && elan < enemy_elan
            }
        }
    }

    /// Whether a second line goes in: the heuristic whenever it holds at
    /// least the enemy's Elan, and to relieve its lead only when the lead
    /// holds less than the enemy (a lead winning fights on); the random
    /// player on a coin.
    #[inline]
    fn second_line(
        &self,
        _at: &At<'_>,
        why: &str,
        elan: u32,
        enemy_elan: u32,
        lead_elan: u32,
        rng: &mut GameRng,
    ) -> bool {
        match self.style {
            Style::Random => rng.random_bool(0.5),
            Style::Heuristic => elan >= enemy_elan && (why != "relieves" || lead_elan < enemy_elan),
        }
    }

    /// The heuristic passes to the neediest, the random player to any.
    fn pass_to(&self, _at: &At<'_>, candidates: u16, neediest: usize, rng: &mut GameRng) -> usize {
        match self.style {
            Style::Random => one_of(candidates, rng),
            Style::Heuristic => neediest,
        }
    }

    /// The heuristic moves on to the objective; the random player stops
    /// anywhere short of it or goes on.
    fn move_to(&self, _at: &At<'_>, _facts: &OrderFacts, farthest: u32, rng: &mut GameRng) -> u32 {
        match self.style {
            Style::Random => rng.random_range(0..farthest),
            Style::Heuristic => 0,
        }
    }

    /// The heuristic goes in against the nearest enemy, whose Elan its
    /// order was judged by; the random player against any.
    fn aim(&self, _at: &At<'_>, candidates: u16, nearest: usize, rng: &mut GameRng) -> usize {
        match self.style {
            Style::Random => one_of(candidates, rng),
            Style::Heuristic => nearest,
        }
    }

    /// IP to pass down, 1..=`most`, holding `ip`.
    fn pass_amount(&self, _at: &At<'_>, ip: u32, most: u32, rng: &mut GameRng) -> u32 {
        match self.style {
            Style::Random => rng.random_range(1..=most),
            Style::Heuristic => ip.saturating_sub(self.reserve + 1).clamp(1, most),
        }
    }

    /// The heuristic withdraws to the horizon, out of reach until it
    /// rallies; the random player anywhere up to it.
    fn withdraw_to(&self, _at: &At<'_>, _outside: i32, farthest: u32, rng: &mut GameRng) -> u32 {
        match self.style {
            Style::Random => rng.random_range(0..=farthest),
            Style::Heuristic => farthest,
        }
    }

    /// The basic card a Brilliant Leader stands for.
    fn brilliant(&self, _at: &At<'_>, needs: &Needs, rng: &mut GameRng) -> Kind {
        match self.style {
            Style::Random => Kind::ALL[rng.random_range(0..BASIC)],
            Style::Heuristic => {
                // The kind executing the most; kinds executing alike are
                // drawn among, never taken in the rules' order.
                let most = needs.executions[..BASIC].iter().copied().max().unwrap_or(0);
                if most > 0 {
                    let kinds = needs.executions[..BASIC]
                        .iter()
                        .enumerate()
                        .filter(|&(_, &n)| n == most)
                        .fold(0u16, |m, (k, _)| m | 1 << k);
                    Kind::ALL[one_of(kinds, rng)]
                } else {
                    Kind::OfficerCheck
                }
            }
        }
    }

    #[inline(always)]
    fn search(&self) -> Option<Search> {
        self.search
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::seeding::rng_from_seed;
    use std::collections::BTreeSet;

    fn facts(distance: Option<u32>, elan: u32, enemy_elan: u32) -> OrderFacts {
        OrderFacts {
            choices: 0b1111,
            distance,
            ahead: distance,
            engagement: 3,
            reach: 3,
            elan,
            full: 12,
            enemy_elan,
            ..OrderFacts::default()
        }
    }

    #[test]
    fn a_player_chooses_whom_to_pass_initiative_to() {
        // "superior ranking players can also pass initiative to
        // subordinates": which one is the passer's choice. The heuristic
        // passes to the neediest; the random player to any it may.
        let at = At::blind(crate::engine::Seat::A, 0);
        let mut rng = rng_from_seed(3);
        let candidates = 0b1110;
        let mut chosen = 0u16;
        for _ in 0..200 {
            assert_eq!(
                PiquetStrategy::HEURISTIC.pass_to(&at, candidates, 2, &mut rng),
                2
            );
            chosen |= 1 << PiquetStrategy::RANDOM.pass_to(&at, candidates, 2, &mut rng);
        }
        assert_eq!(
            chosen, candidates,
            "the random player reached every candidate"
        );
    }

    #[test]
    fn the_heuristic_moves_up_then_assaults_no_stronger_enemy() {
        let at = At::blind(crate::engine::Seat::A, 0);
        let h = PiquetStrategy::HEURISTIC;
        let order = |f: OrderFacts| h.order(&at, &f, None);
        assert_eq!(order(facts(Some(4), 12, 12)), Some(OrderKind::Move));
        assert_eq!(order(facts(Some(3), 12, 12)), Some(OrderKind::Assault));
        assert_eq!(order(facts(Some(0), 6, 5)), Some(OrderKind::Assault));
        assert_eq!(order(facts(Some(3), 11, 12)), None, "weaker: holds to fire");
        assert_eq!(order(facts(None, 12, 0)), None, "no enemy left");
        // Every enemy behind it: a Move would not move.
        let behind = OrderFacts {
            ahead: None,
            ..facts(Some(4), 12, 12)
        };
        assert_eq!(order(behind), None);
        // Held back until fire has worn the enemy to assault_at_elan.
        let patient = PiquetStrategy {
            assault_at_elan: 6,
            ..h
        };
        assert_eq!(patient.order(&at, &facts(Some(3), 12, 7), None), None);
        assert_eq!(
            patient.order(&at, &facts(Some(3), 12, 6), None),
            Some(OrderKind::Assault)
        );
        // A company bombarding to 12" holds within its reach, never assaults.
        let guns = OrderFacts {
            choices: 0b0111,
            reach: 12,
            ..facts(Some(10), 12, 1)
        };
        assert_eq!(order(guns), None);
        assert_eq!(
            order(OrderFacts {
                distance: Some(13),
                ..guns
            }),
            Some(OrderKind::Move)
        );
        assert_eq!(
            order(OrderFacts {
                distance: Some(2),
                ..guns
            }),
            None
        );
    }

    #[test]
    fn the_random_player_draws_every_order_it_may_give_and_none() {
        let at = At::blind(crate::engine::Seat::A, 0);
        let r = PiquetStrategy::RANDOM;
        let mut rng = rng_from_seed(7);
        for (choices, kinds) in [(0b1111u8, 5), (0b0111, 4)] {
            let f = OrderFacts {
                choices,
                ..facts(Some(3), 12, 12)
            };
            let mut seen = [0u32; ORDER_KINDS + 1];
            for _ in 0..1000 {
                match r.order(&at, &f, Some(&mut rng)) {
                    Some(o) => {
                        assert!(f.offers(o), "{o:?} not offered");
                        seen[o as usize] += 1
                    }
                    None => seen[ORDER_KINDS] += 1,
                }
            }
            // Each of `kinds` choices about 1000 / kinds times: at least
            // half of it (far beyond 6 standard deviations of a binomial).
            let drawn = seen.iter().filter(|&&n| n > 0).count();
            assert_eq!(drawn, kinds, "{seen:?}");
            assert!(
                seen.iter().all(|&n| n == 0 || n >= 500 / kinds as u32),
                "{seen:?}"
            );
        }
    }

    /// Infantry formed at its scenario frontage: it may widen, narrow,
    /// prepare (no skirmishers); enemy cavalry `cavalry` inches off under
    /// a `prepared_step` of `step`.
    fn infantry(cavalry: Option<u32>, step: i32) -> OrderFacts {
        let deploys = [DeployTo::Max, DeployTo::Min, DeployTo::Prepared]
            .iter()
            .fold(0u8, |m, &d| m | 1 << d as u8);
        OrderFacts {
            deploys,
            cavalry,
            prepared_step: step,
            ..facts(Some(8), 12, 12)
        }
    }

    #[test]
    fn the_heuristic_prepares_against_near_cavalry_only_when_it_pays() {
        let at = At::blind(crate::engine::Seat::A, 0);
        let h = PiquetStrategy::HEURISTIC;
        let mut rng = rng_from_seed(3);
        let order = |f: OrderFacts| h.order(&at, &f, None);
        // Cavalry within prepare_within (12") and a prepared_step that
        // makes its casts worse: Deploy, into Prepared.
        let near = infantry(Some(12), -1);
        assert_eq!(order(near), Some(OrderKind::Deploy));
        assert_eq!(
            h.deployment(&at, &near, &mut rng),
            DeployTo::Prepared as usize
        );
        // Farther off, with no step (Prepared would do nothing), or with no
        // cavalry: it moves up as before.
        for f in [
            infantry(Some(13), -1),
            infantry(Some(4), 0),
            infantry(None, -2),
        ] {
            assert_eq!(order(f), Some(OrderKind::Move), "{f:?}");
        }
        // Already prepared (no Prepared to go to), or no Deploy offered.
        let prepared = OrderFacts {
            deploys: near.deploys & !(1 << DeployTo::Prepared as u8),
            deployment: Deployment::Prepared,
            ..near
        };
        assert_eq!(order(prepared), Some(OrderKind::Move));
        // Skirmishers stay in skirmish order.
        let skirmishing = OrderFacts {
            deployment: Deployment::Skirmish,
            ..near
        };
        assert_eq!(order(skirmishing), Some(OrderKind::Move));
        let no_deploy = OrderFacts {
            choices: near.choices & !(1 << OrderKind::Deploy as u8),
            ..near
        };
        assert_eq!(order(no_deploy), Some(OrderKind::Move));
        // An assault it would give comes first; prepare_within 0 never.
        let close = OrderFacts {
            distance: Some(3),
            ..near
        };
        assert_eq!(order(close), Some(OrderKind::Assault));
        let never = PiquetStrategy {
            prepare_within: 0,
            ..h
        };
        assert_eq!(never.order(&at, &near, None), Some(OrderKind::Move));
        // Out of Prepared, a Deploy goes back to formed order.
        let formed = OrderFacts {
            deploys: 1 << DeployTo::Formed as u8 | 1 << DeployTo::Max as u8,
            deployment: Deployment::Prepared,
            cavalry: None,
            ..near
        };
        assert_eq!(
            h.deployment(&at, &formed, &mut rng),
            DeployTo::Formed as usize
        );
    }

    #[test]
    fn a_chosen_move_stops_where_its_player_says() {
        let at = At::blind(crate::engine::Seat::A, 0);
        let facts = facts(Some(10), 12, 12);
        let mut rng = rng_from_seed(7);
        // On to the objective, or 1 to 3 inches short of 4.
        assert_eq!(
            PiquetStrategy::HEURISTIC.move_to(&at, &facts, 4, &mut rng),
            0
        );
        let drawn: BTreeSet<u32> = (0..60)
            .map(|_| PiquetStrategy::RANDOM.move_to(&at, &facts, 4, &mut rng))
            .collect();
        assert_eq!(drawn, BTreeSet::from([0, 1, 2, 3]));
    }

    #[test]
    fn a_chosen_assault_aims_where_its_player_says() {
        let at = At::blind(crate::engine::Seat::A, 0);
        let mut rng = rng_from_seed(6);
        // Enemies 0, 2 and 3 in the game, 2 the nearest.
        let candidates = 0b1101;
        assert_eq!(
            PiquetStrategy::HEURISTIC.aim(&at, candidates, 2, &mut rng),
            2
        );
        let drawn: BTreeSet<usize> = (0..60)
            .map(|_| PiquetStrategy::RANDOM.aim(&at, candidates, 2, &mut rng))
            .collect();
        assert_eq!(drawn, BTreeSet::from([0, 2, 3]));
    }

    #[test]
    fn the_heuristic_holds_an_objective_while_holding_leaves_it_above_half() {
        let at = At::blind(crate::engine::Seat::A, 0);
        let (h, r) = (PiquetStrategy::HEURISTIC, PiquetStrategy::RANDOM);
        let mut rng = rng_from_seed(4);
        let mut hold = |elan, cost| h.piquet(&at, 0, elan, 12, cost, &mut rng);
        // Holding costs nothing: always.
        assert!(hold(1, 0));
        // 3 Elan a hold: 10 keeps 7 (above 6, half of 12), 9 keeps only 6.
        assert!(hold(10, 3));
        assert!(!hold(9, 3));
        // The random player draws both.
        let held: Vec<bool> = (0..40)
            .map(|_| r.piquet(&at, 0, 12, 12, 3, &mut rng))
            .collect();
        assert!(held.contains(&true) && held.contains(&false));
    }

    #[test]
    fn the_random_player_draws_every_deployment_offered() {
        let at = At::blind(crate::engine::Seat::A, 0);
        let r = PiquetStrategy::RANDOM;
        let mut rng = rng_from_seed(11);
        let f = infantry(Some(4), 0);
        let mut seen = [0u32; 5];
        for _ in 0..900 {
            let k = r.deployment(&at, &f, &mut rng);
            assert!(f.deploys >> k & 1 != 0, "{k} not offered");
            seen[k] += 1;
        }
        // Three offered, about 300 each: at least 150 (far beyond 6
        // standard deviations of a binomial).
        for d in [DeployTo::Max, DeployTo::Min, DeployTo::Prepared] {
            assert!(seen[d as usize] >= 150, "{seen:?}");
        }
    }

    #[test]
    fn a_chosen_maneuver_goes_where_the_player_says() {
        let at = At::blind(crate::engine::Seat::A, 0);
        let mut rng = rng_from_seed(5);
        let all = 0b1111;
        let f = OrderFacts {
            maneuvers: all,
            ..facts(Some(8), 12, 12)
        };
        // The heuristic never orders one itself; asked, it goes back.
        let h = PiquetStrategy::HEURISTIC;
        assert_eq!(h.direction(&at, &f, &mut rng), Maneuver::Back as usize);
        let forward_only = OrderFacts {
            maneuvers: 1 << Maneuver::Forward as u8,
            ..f
        };
        assert_eq!(
            h.direction(&at, &forward_only, &mut rng),
            Maneuver::Forward as usize
        );
        // The random player draws each offered way, about 250 times in
        // 1,000: at least 125.
        let r = PiquetStrategy::RANDOM;
        let mut seen = [0u32; 4];
        for _ in 0..1000 {
            seen[r.direction(&at, &f, &mut rng)] += 1;
        }
        assert!(seen.iter().all(|&n| n >= 125), "{seen:?}");
        let flanks = OrderFacts {
            maneuvers: 1 << Maneuver::Left as u8 | 1 << Maneuver::Right as u8,
            ..f
        };
        for _ in 0..100 {
            let k = r.direction(&at, &flanks, &mut rng);
            assert!(flanks.maneuvers >> k & 1 != 0, "{k}");
        }
    }
}
