//! Piquet Regimental over the agent protocol (docs/agents.md): an external
//! program for a side, every player of it (`--strategy b=exec:COMMAND`),
//! and `fortunes agent piquet --strategy NAME`, a built-in served over the
//! same protocol. Each of a player's decisions (`Decide`) carries the facts
//! the built-in players decide from (the player's needs: its IP, what each
//! card kind would execute, orders waiting, rallies, subordinates; the
//! hand; the costs), who decides and what about, the field (`At`), and the
//! legal choices.

use super::cards::{Card, Kind, BASIC, KINDS};
use super::field::{At, Status};
use super::rules::{Rules, SYSTEM};
use super::scenario::{DeployTo, Maneuver, OrderKind, Scenario, DEPLOY_TO};
use super::strategy::{
    Decide, Needs, OfficerAction, OrderFacts, PiquetStrategy, TurnedUse, STRATEGIES,
};
use crate::engine::seeding::GameRng;
use crate::engine::Seat;
use crate::error::Result;
use crate::params::ParamValues;
use crate::system::agent::{serve, AgentSeat, Message};
use crate::system::{presets_dir, resolve_built_in, AgentArgs, AgentCommand};
use serde_json::{json, Value};
use std::cell::RefCell;

/// Each decision and what it is, for `hello` and for a person's seat.
pub const DECISIONS: [(&str, &str); 23] = [
    ("hand_play", "play a card from the hand (hand:N, for hand_play_cost) instead of turning the deck's top card (turn)"),
    ("turned", "the turned card: use it, pass it, keep it (a hand with room) or swap it for hand card N (swap:N, for hand_swap_cost)"),
    ("officer_check", "cast for initiative, issue orders, rally, pass initiative to a subordinate, nothing, or (its own figure attached) detach"),
    ("issue", "pay for the next order group: yes or no"),
    ("order", "the order to give a regiment whose orders its player chooses (orders = \"chosen\"), before the groups are paid for: one of choices (assault, not for artillery nor with no enemy left; maneuver and deploy only with a way to go or a deployment to change to), or none; distance is to the nearest enemy (null: none left), ahead to the nearest ahead of it (null: none; a Move goes only forward), enemy_elan the most among the nearest"),
    ("would_order", "while the player's view is worked out (needs.order_groups, which weighs whether an Officer Check is worth using for orders), the order you would give this idle regiment whose orders its player chooses were you asked now (order's facts and choices): nothing drawn from the player's stream; none keeps it out of order_groups. A person is not asked: every such regiment counts"),
    ("deployment", "where the Deploy order just chosen for a regiment (order) takes it: one of choices, max or min (formed at its widest or narrowest frontage), formed (at its scenario frontage), prepared (Prepared to Receive Cavalry, infantry only), skirmish (skirmish order, skirmishers only); the order's facts beside them (deployment how it stands, cavalry the inches to the nearest enemy cavalry not skirmishing, prepared_step the rule)"),
    ("move_to", "where the Move just chosen for the regiment in regiments stops, \"to where you want to stop\": objective (on to its objective, the next terrain objective ahead or its fire's reach of the nearest enemy ahead, whichever it meets first when it moves) or a place on the axis (inches) short of farthest, where it would go as the field stands now; the order's facts as for order"),
    ("direction", "which way the Maneuver order just chosen for a regiment (order) goes: one of choices, forward (short of Engagement range of an enemy ahead), back, left or right (its own flanks, short of an enemy level with it), each offered only when it would move the regiment; the order's facts beside them"),
    ("rally", "pay to rally the next unrallied regiment, or a worn one (it has lost Elan: shaken false, elan of full_elan left): yes or no"),
    ("attached", "the figure's regiment executes at once for attached_cost: yes or no"),
    ("extra_cast", "buy another cast for cost: yes or no"),
    ("fire", "give a fire order for cost: yes or no"),
    ("reload", "reload an unloaded regiment or company for cost: yes or no"),
    ("assault_now", "order the assault now, the target holding target_elan: yes or no"),
    ("retire_now", "order a regiment fighting an assault (elan of full_elan left, the enemy in it holding enemy_elan) to Maneuver out of it: yes or no"),
    ("second_line", "send a second-line cavalry regiment (elan left, its lead lead_elan) in at once against an enemy holding enemy_elan, why: meets_breakthrough (cavalry through its lead), follows_breakthrough (a regiment its lead broke through) or relieves (its lead's target; the lead withdraws): yes or no"),
    ("pass_to", "the subordinate (a player below, with room on the track) to pass initiative to; neediest is the one with the least"),
    ("pass_amount", "IP to pass to the subordinate to (pass_to's choice), 1 to most"),
    ("withdraw_to", "where a regiment fire took to zero Elan in an Engagement withdraws, \"anywhere up to the next horizon\": one of choices, places on the axis (inches) from 1\" outside the firer's Engagement range (outside) back to the near edge of the next terrain objective behind it (horizon)"),
    ("aim", "the enemy regiment the assault just chosen for the regiment in regiments goes in against, where its piquet is placed: one of choices (the enemy regiments in the game it may assault; a skirmisher, only skirmishers or a defeated unrallied regiment, which may not resist, when any); target is the nearest"),
    ("piquet", "whether the piquet of the regiment in regiments, placed in objective (a terrain objective) with its Move order, holds it against target, an enemy regiment whose Move or assault would enter it, the regiment losing cost Elan of the elan (of full) it has, or withdraws and lets target occupy it (rule piquets_hold): hold or withdraw"),
    ("brilliant", "the basic card a Brilliant Leader stands for"),
];

/// What an agent for `seat` is told (`system::agent::hello`), with the
/// scenario.
pub fn hello(rules: &ParamValues, scenario: &toml::Table, seat: Seat) -> Value {
    let mut hello = crate::system::agent::hello(
        SYSTEM,
        seat,
        rules,
        Value::Object(
            DECISIONS
                .iter()
                .map(|(name, about)| (name.to_string(), json!(about)))
                .collect(),
        ),
    );
    hello["scenario"] = serde_json::to_value(scenario).unwrap_or(Value::Null);
    hello
}

fn kinds_of(mask: u16) -> Vec<&'static str> {
    Kind::ALL
        .iter()
        .filter(|k| mask >> **k as u16 & 1 != 0)
        .map(|k| k.name())
        .collect()
}

fn needs_json(needs: &Needs) -> Value {
    json!({
        "ip": needs.ip,
        "executions": Kind::ALL
            .iter()
            .map(|k| (k.name().to_string(), json!(needs.executions[*k as usize])))
            .collect::<serde_json::Map<String, Value>>(),
        "volley_ready": needs.volley_ready,
        "executable": kinds_of(needs.executable),
        "planned": kinds_of(needs.planned),
        "order_groups": needs.order_groups,
        "order_cost": needs.order_cost,
        "rallies": needs.rallies,
        "worn_elan": needs.worn_elan,
        "retreats": needs.retreats,
        "retreat_elan": needs.retreat_elan,
        "in_assault": needs.in_assault,
        "may_cast": needs.may_cast,
        "subordinates": needs.subordinates,
        "neediest": needs.neediest,
    })
}

/// A player's needs as a message gives them (`needs`), every field checked.
fn needs_from(message: &Message<'_>) -> Result<Needs> {
    let needs = message.within("needs", "needs.")?;
    let number = |key: &str| needs.number(key, 0, MOST).map(|n| n as u32);
    let kinds = Kind::NAMES.join(", ");
    let mask = |key: &str| -> Result<u16> {
        let allowed = || format!("a list of card kinds: {kinds}");
        let list = needs
            .list(key, KINDS)
            .map_err(|_| needs.bad(key, allowed()))?;
        list.iter().try_fold(0u16, |m, k| {
            k.as_str()
                .and_then(Kind::parse)
                .map(|k| m | 1 << k as u16)
                .ok_or_else(|| needs.bad_value(key, k, allowed()))
        })
    };
    let executions = needs.within("executions", "needs.executions.")?;
    let mut counts = [0u8; KINDS];
    for kind in Kind::ALL {
        counts[kind as usize] = executions.number(kind.name(), 0, 255)? as u8;
    }
    Ok(Needs {
        ip: number("ip")?,
        executions: counts,
        volley_ready: needs.number("volley_ready", 0, 255)? as u8,
        executable: mask("executable")?,
        planned: mask("planned")?,
        order_groups: number("order_groups")?,
        order_cost: number("order_cost")?,
        rallies: number("rallies")?,
        worn_elan: needs.number("worn_elan", 0, 100)? as u32,
        retreats: needs.number("retreats", 0, 255)? as u8,
        retreat_elan: needs.number("retreat_elan", 0, 100)? as u8,
        in_assault: needs.flag("in_assault")?,
        may_cast: needs.flag("may_cast")?,
        subordinates: number("subordinates")?,
        neediest: number("neediest")?,
    })
}

fn hand_json(hand: &[Card]) -> Vec<&'static str> {
    hand.iter().map(|c| c.kind().name()).collect()
}

/// The hand a message gives: at most 64 card kinds, `least` or more.
fn hand_from(message: &Message<'_>, least: usize) -> Result<Vec<Card>> {
    let allowed = || {
        format!(
            "a list of {least} to 64 card kinds: {}",
            Kind::NAMES.join(", ")
        )
    };
    let list = message
        .list("hand", 64)
        .map_err(|_| message.bad("hand", allowed()))?;
    if list.len() < least {
        return Err(message.bad("hand", allowed()));
    }
    list.iter()
        .map(|k| {
            k.as_str()
                .and_then(Kind::parse)
                .map(Card::basic)
                .ok_or_else(|| message.bad_value("hand", k, allowed()))
        })
        .collect()
}

/// The legal officer actions, by name, in `OfficerAction` order.
const OFFICER: [(&str, OfficerAction); 6] = [
    ("cast", OfficerAction::Cast),
    ("orders", OfficerAction::Orders),
    ("rally", OfficerAction::Rally),
    ("pass", OfficerAction::Pass),
    ("nothing", OfficerAction::Nothing),
    ("detach", OfficerAction::Detach),
];

fn officer_legal(needs: &Needs) -> [bool; 6] {
    [
        needs.may_cast,
        needs.order_groups > 0 || needs.retreats > 0,
        needs.rallies > 0 || needs.worn_elan < 100,
        needs.subordinates > 0,
        true,
        // Only a player whose own figure is attached may not cast.
        !needs.may_cast,
    ]
}

fn turned_choices(hand: &[Card], room: bool, ip: u32, rules: &Rules) -> Vec<String> {
    let mut choices = vec!["use".to_string(), "pass".to_string()];
    if room {
        choices.push("keep".into());
    } else if ip >= rules.hand_swap_cost {
        choices.extend((1..=hand.len()).map(|n| format!("swap:{n}")));
    }
    choices
}

fn turned_name(choice: TurnedUse) -> String {
    match choice {
        TurnedUse::Use => "use".into(),
        TurnedUse::Pass => "pass".into(),
        TurnedUse::Keep(None) => "keep".into(),
        TurnedUse::Keep(Some(slot)) => format!("swap:{}", slot + 1),
    }
}

fn yes(answer: bool) -> &'static str {
    if answer {
        "yes"
    } else {
        "no"
    }
}

/// A regiment as the field shows it to side `viewer`: everything on the
/// table (place, Elan chips, status, order and its movement chips, loaded
/// or not), and for the viewer's own regiments the stamina boxes left on
/// its roster.
fn unit_json(at: &At<'_>, scenario: &Scenario, seat: Seat, i: usize) -> Value {
    let side = &scenario.sides[seat];
    let unit = &at.units[seat][i];
    // A regiment fighting an assault may be its defender: the order it
    // last held says nothing then.
    let ordered = matches!(
        unit.status,
        Status::Ordered | Status::Closing | Status::Retiring
    );
    let mut json = json!({
        "name": side.names[i],
        "player": side.regiments[i].player,
        "x": unit.x,
        "y": unit.y as f64 / 10.0,
        "frontage": unit.width as f64 / 10.0,
        "deployment": at.deployed[seat].of(i).name(),
        "elan": unit.elan,
        "status": unit.status.name(),
        "order": ordered.then(|| unit.order.name()),
        // Where a chosen Deploy or Maneuver goes: its piquet shows it.
        "to": match (ordered && side.regiments[i].chosen, unit.order) {
            (true, OrderKind::Deploy) => Some(DEPLOY_TO[at.deploys_at[seat][i] as usize % 5]),
            (true, OrderKind::Maneuver) if unit.status != Status::Retiring => {
                Some(Maneuver::NAMES[at.maneuvers_to[seat][i] as usize % 4])
            }
            _ => None,
        },
        "chips": unit.chips,
        "loaded": at.loaded[seat] >> i & 1 != 0,
        // The objective its Move order's piquet holds (rule piquets_hold).
        "piquet": match (unit.status, unit.order, at.piquets[seat][i]) {
            (Status::Ordered, OrderKind::Move, o) if o > 0 => {
                scenario.terrain.names.get(o as usize - 1).map(String::as_str)
            }
            _ => None,
        },
    });
    if seat == at.seat {
        json["stamina"] = unit.boxes_left.into();
    }
    json
}

/// A decision's facts with who decides and what about: the side's
/// `player`, the `regiments` and the `target` it concerns, the subordinate
/// initiative goes `to`, and the `field` on this `kard`.
fn with_at(mut message: Value, at: &At<'_>) -> Value {
    message["player"] = at.player.into();
    let Some(scenario) = at.scenario else {
        return message;
    };
    let names = &scenario.sides[at.seat].names;
    if at.regiments != 0 {
        message["regiments"] = json!((0..names.len())
            .filter(|&i| at.regiments >> i & 1 != 0)
            .map(|i| names[i].as_str())
            .collect::<Vec<_>>());
    }
    if let Some(target) = at.target {
        message["target"] = json!(scenario.sides[at.seat.other()].names[target as usize]);
    }
    if let Some(to) = at.to {
        message["to"] = to.into();
    }
    message["kard"] = at.kard.into();
    message["field"] = Value::Object(
        Seat::BOTH
            .iter()
            .map(|&seat| {
                let count = scenario.sides[seat].count as usize;
                let units = (0..count)
                    .map(|i| unit_json(at, scenario, seat, i))
                    .collect();
                (seat.name().to_string(), Value::Array(units))
            })
            .collect(),
    );
    message
}

/// Who answers a side's decisions instead of a built-in player: an
/// external agent, or a person at the terminal (`play.rs`).
pub trait Ask {
    /// The index of one of `choices` for `decision`, whose facts `message`
    /// holds; `None` when no answer comes (the game goes on with a
    /// fallback, and the run or the play stops with the reason).
    fn ask(&self, decision: &str, message: Value, choices: &[String]) -> Option<usize>;

    /// Whether it is asked `would_order` as a view is worked out (an
    /// agent), or every chosen idle regiment counts as one it might order
    /// (a person, who should not be asked at every view).
    fn previews(&self) -> bool {
        false
    }
}

impl Ask for RefCell<AgentSeat> {
    fn previews(&self) -> bool {
        true
    }

    fn ask(&self, decision: &str, mut message: Value, choices: &[String]) -> Option<usize> {
        let mut agent = self.borrow_mut();
        if !agent.is_alive() {
            return None;
        }
        let at = agent.next_decision(decision);
        message["type"] = "decide".into();
        message["decision"] = decision.into();
        message["game"] = agent.game().into();
        message["choices"] = json!(choices);
        let reply = agent.ask(&message, &at)?;
        let choice = reply.get("choice");
        let text = choice.map(|c| match c {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        });
        match text.and_then(|t| choices.iter().position(|c| *c == t)) {
            Some(i) => Some(i),
            None => {
                agent.fail(&format!(
                    "{at}: illegal choice {}; allowed: {}",
                    choice.map_or("(none)".to_string(), Value::to_string),
                    crate::system::agent::allowed_list(choices)
                ));
                None
            }
        }
    }
}

/// A side's player in a game: a built-in, or someone it asks.
pub struct Seated<'a> {
    pub built_in: PiquetStrategy,
    pub asker: Option<&'a dyn Ask>,
}

impl Seated<'_> {
    fn ask(
        &self,
        at: &At<'_>,
        decision: &str,
        message: Value,
        choices: &[String],
    ) -> Option<usize> {
        let asker = self.asker?;
        asker.ask(decision, with_at(message, at), choices)
    }

    fn yes_no(&self, at: &At<'_>, decision: &str, message: Value) -> bool {
        self.ask(at, decision, message, &["yes".into(), "no".into()]) == Some(0)
    }
}

impl Decide for Seated<'_> {
    fn hand_play(
        &self,
        at: &At<'_>,
        hand: &[Card],
        present: u16,
        needs: &Needs,
        rules: &Rules,
        rng: &mut GameRng,
    ) -> Option<usize> {
        if self.asker.is_none() {
            return self
                .built_in
                .hand_play(at, hand, present, needs, rules, rng);
        }
        let mut choices = vec!["turn".to_string()];
        choices.extend((1..=hand.len()).map(|n| format!("hand:{n}")));
        let message = json!({ "needs": needs_json(needs), "hand": hand_json(hand), "cost": rules.hand_play_cost });
        self.ask(at, "hand_play", message, &choices)
            .and_then(|i| i.checked_sub(1))
    }

    fn turned(
        &self,
        at: &At<'_>,
        kind: Kind,
        hand: &[Card],
        room: bool,
        needs: &Needs,
        rules: &Rules,
        rng: &mut GameRng,
    ) -> TurnedUse {
        if self.asker.is_none() {
            return self
                .built_in
                .turned(at, kind, hand, room, needs, rules, rng);
        }
        let choices = turned_choices(hand, room, needs.ip, rules);
        let message = json!({
            "needs": needs_json(needs),
            "hand": hand_json(hand),
            "card": kind.name(),
            "room": room,
            "swap_cost": rules.hand_swap_cost,
        });
        match self
            .ask(at, "turned", message, &choices)
            .map(|i| choices[i].as_str())
        {
            Some("use") => TurnedUse::Use,
            Some("keep") => TurnedUse::Keep(None),
            Some(swap) if swap.starts_with("swap:") => {
                TurnedUse::Keep(swap[5..].parse::<usize>().ok().map(|n| n - 1))
            }
            _ => TurnedUse::Pass,
        }
    }

    fn officer_check(
        &self,
        at: &At<'_>,
        needs: &Needs,
        rules: &Rules,
        rng: &mut GameRng,
    ) -> OfficerAction {
        if self.asker.is_none() {
            return self.built_in.officer_check(at, needs, rules, rng);
        }
        let legal = officer_legal(needs);
        let options: Vec<(&str, OfficerAction)> = OFFICER
            .iter()
            .zip(legal)
            .filter(|(_, ok)| *ok)
            .map(|(o, _)| *o)
            .collect();
        let choices: Vec<String> = options.iter().map(|(n, _)| n.to_string()).collect();
        let message = json!({ "needs": needs_json(needs) });
        self.ask(at, "officer_check", message, &choices)
            .map_or(OfficerAction::Nothing, |i| options[i].1)
    }

    fn issue(&self, at: &At<'_>, order: OrderKind, cost: u32, rng: &mut GameRng) -> bool {
        match self.asker {
            None => self.built_in.issue(at, order, cost, rng),
            Some(_) => self.yes_no(at, "issue", json!({ "order": order.name(), "cost": cost })),
        }
    }

    fn order(
        &self,
        at: &At<'_>,
        facts: &OrderFacts,
        rng: Option<&mut GameRng>,
    ) -> Option<OrderKind> {
        let first_offered = || OrderKind::ALL.into_iter().find(|&o| facts.offers(o));
        match (self.asker, &rng) {
            (None, _) => return self.built_in.order(at, facts, rng),
            // A person, as its view is worked out: every chosen regiment
            // counts as one it might order.
            (Some(asker), None) if !asker.previews() => return first_offered(),
            _ => {}
        }
        let options: Vec<OrderKind> = OrderKind::ALL
            .into_iter()
            .filter(|&o| facts.offers(o))
            .collect();
        let mut choices: Vec<String> = options.iter().map(|o| o.name().into()).collect();
        choices.push("none".into());
        let decision = if rng.is_some() {
            "order"
        } else {
            "would_order"
        };
        // A game given up mid-view goes on counting the regiment.
        let Some(i) = self.ask(at, decision, order_json(facts), &choices) else {
            return if rng.is_some() { None } else { first_offered() };
        };
        options.get(i).copied()
    }

    fn deployment(&self, at: &At<'_>, facts: &OrderFacts, rng: &mut GameRng) -> usize {
        if self.asker.is_none() {
            return self.built_in.deployment(at, facts, rng);
        }
        let options: Vec<DeployTo> = DeployTo::ALL
            .into_iter()
            .filter(|&d| facts.deploys >> d as u8 & 1 != 0)
            .collect();
        let choices: Vec<String> = options.iter().map(|d| d.name().into()).collect();
        // A game given up mid-decision goes on to its end unseen: the
        // first it may take stands in.
        self.ask(at, "deployment", order_json(facts), &choices)
            .map_or(options[0], |i| options[i]) as usize
    }

    fn move_to(&self, at: &At<'_>, facts: &OrderFacts, farthest: u32, rng: &mut GameRng) -> u32 {
        let (Some(_), Some(_)) = (self.asker, at.scenario) else {
            return self.built_in.move_to(at, facts, farthest, rng);
        };
        // The places as the agent sees them: inches on the axis, nearest
        // first, after going on to the objective.
        let i = at.regiments.trailing_zeros() as usize;
        let x = at.units[at.seat][i].x;
        let forward = match at.seat {
            Seat::A => 1,
            Seat::B => -1,
        };
        let choices: Vec<String> = std::iter::once("objective".to_string())
            .chain((1..farthest as i32).map(|n| (x + forward * n).to_string()))
            .collect();
        let mut message = order_json(facts);
        message["farthest"] = (x + forward * farthest as i32).into();
        self.ask(at, "move_to", message, &choices)
            .map_or(0, |k| k as u32)
    }

    fn direction(&self, at: &At<'_>, facts: &OrderFacts, rng: &mut GameRng) -> usize {
        if self.asker.is_none() {
            return self.built_in.direction(at, facts, rng);
        }
        let options: Vec<Maneuver> = Maneuver::ALL
            .into_iter()
            .filter(|&m| facts.maneuvers >> m as u8 & 1 != 0)
            .collect();
        let choices: Vec<String> = options.iter().map(|m| m.name().into()).collect();
        self.ask(at, "direction", order_json(facts), &choices)
            .map_or(options[0], |i| options[i]) as usize
    }

    fn rally(&self, at: &At<'_>, shaken: bool, elan: u32, full: u32, rng: &mut GameRng) -> bool {
        match self.asker {
            None => self.built_in.rally(at, shaken, elan, full, rng),
            Some(_) => self.yes_no(
                at,
                "rally",
                json!({ "shaken": shaken, "elan": elan, "full_elan": full }),
            ),
        }
    }

    fn attached(&self, at: &At<'_>, rng: &mut GameRng) -> bool {
        match self.asker {
            None => self.built_in.attached(at, rng),
            Some(_) => self.yes_no(at, "attached", json!({})),
        }
    }

    fn extra_cast(&self, at: &At<'_>, ip: u32, cost: u32, chips: u32, rng: &mut GameRng) -> bool {
        match self.asker {
            None => self.built_in.extra_cast(at, ip, cost, chips, rng),
            Some(_) => self.yes_no(
                at,
                "extra_cast",
                json!({ "ip": ip, "cost": cost, "chips": chips }),
            ),
        }
    }

    fn fire(&self, at: &At<'_>, ip: u32, cost: u32, rng: &mut GameRng) -> bool {
        match self.asker {
            None => self.built_in.fire(at, ip, cost, rng),
            Some(_) => self.yes_no(at, "fire", json!({ "ip": ip, "cost": cost })),
        }
    }

    fn reload(&self, at: &At<'_>, ip: u32, cost: u32, rng: &mut GameRng) -> bool {
        match self.asker {
            None => self.built_in.reload(at, ip, cost, rng),
            Some(_) => self.yes_no(at, "reload", json!({ "ip": ip, "cost": cost })),
        }
    }

    fn assault_now(&self, at: &At<'_>, target_elan: u32, asking: bool) -> bool {
        match self.asker {
            None => self.built_in.assault_now(at, target_elan, asking),
            // While its view is worked out, an assault waiting counts as
            // one that could be ordered: asked only when it is.
            Some(_) if !asking => true,
            Some(_) => self.yes_no(at, "assault_now", json!({ "target_elan": target_elan })),
        }
    }

    fn retire_now(&self, at: &At<'_>, elan: u32, full: u32, enemy_elan: u32, asking: bool) -> bool {
        match self.asker {
            None => self.built_in.retire_now(at, elan, full, enemy_elan, asking),
            // As for an assault: counted as one that could be ordered while
            // the view is worked out, asked only when it is.
            Some(_) if !asking => true,
            Some(_) => self.yes_no(
                at,
                "retire_now",
                json!({ "elan": elan, "full_elan": full, "enemy_elan": enemy_elan }),
            ),
        }
    }

    fn second_line(
        &self,
        at: &At<'_>,
        why: &str,
        elan: u32,
        enemy_elan: u32,
        lead_elan: u32,
        rng: &mut GameRng,
    ) -> bool {
        match self.asker {
            None => self
                .built_in
                .second_line(at, why, elan, enemy_elan, lead_elan, rng),
            Some(_) => self.yes_no(
                at,
                "second_line",
                json!({ "why": why, "elan": elan, "enemy_elan": enemy_elan, "lead_elan": lead_elan }),
            ),
        }
    }

    fn pass_to(&self, at: &At<'_>, candidates: u16, neediest: usize, rng: &mut GameRng) -> usize {
        let (Some(_), Some(scenario)) = (self.asker, at.scenario) else {
            return self.built_in.pass_to(at, candidates, neediest, rng);
        };
        let names = &scenario.sides[at.seat].player_names;
        let players: Vec<usize> = (0..names.len())
            .filter(|&q| candidates >> q & 1 != 0)
            .collect();
        let choices: Vec<String> = players.iter().map(|&q| names[q].clone()).collect();
        let message = json!({ "neediest": names[neediest] });
        self.ask(at, "pass_to", message, &choices)
            .map_or(neediest, |i| players[i])
    }

    fn aim(&self, at: &At<'_>, candidates: u16, nearest: usize, rng: &mut GameRng) -> usize {
        let (Some(_), Some(scenario)) = (self.asker, at.scenario) else {
            return self.built_in.aim(at, candidates, nearest, rng);
        };
        let names = &scenario.sides[at.seat.other()].names;
        let enemies: Vec<usize> = (0..names.len())
            .filter(|&j| candidates >> j & 1 != 0)
            .collect();
        let choices: Vec<String> = enemies.iter().map(|&j| names[j].clone()).collect();
        self.ask(at, "aim", json!({}), &choices)
            .map_or(nearest, |k| enemies[k])
    }

    fn withdraw_to(&self, at: &At<'_>, outside: i32, farthest: u32, rng: &mut GameRng) -> u32 {
        // The places as the agent sees them: inches on the axis, nearest
        // (1" outside) first.
        if self.asker.is_none() {
            return self.built_in.withdraw_to(at, outside, farthest, rng);
        }
        let place = outside;
        // Back is down the axis for side a, up it for side b.
        let back = match at.seat {
            Seat::A => -1,
            Seat::B => 1,
        };
        let choices: Vec<String> = (0..=farthest as i32)
            .map(|k| (place + back * k).to_string())
            .collect();
        let message = json!({ "outside": place, "horizon": place + back * farthest as i32 });
        self.ask(at, "withdraw_to", message, &choices)
            .map_or(farthest, |i| i as u32)
    }

    fn piquet(
        &self,
        at: &At<'_>,
        objective: usize,
        elan: u32,
        full: u32,
        cost: u32,
        rng: &mut GameRng,
    ) -> bool {
        if self.asker.is_none() {
            return self.built_in.piquet(at, objective, elan, full, cost, rng);
        }
        let name = at.scenario.map(|s| s.terrain.names[objective].as_str());
        let message = json!({ "objective": name, "elan": elan, "full": full, "cost": cost });
        self.ask(at, "piquet", message, &["hold".into(), "withdraw".into()]) == Some(0)
    }

    fn pass_amount(&self, at: &At<'_>, ip: u32, most: u32, rng: &mut GameRng) -> u32 {
        if self.asker.is_none() {
            return self.built_in.pass_amount(at, ip, most, rng);
        }
        let choices: Vec<String> = (1..=most).map(|n| n.to_string()).collect();
        let message = json!({ "ip": ip, "most": most });
        self.ask(at, "pass_amount", message, &choices)
            .map_or(1, |i| i as u32 + 1)
    }

    fn brilliant(&self, at: &At<'_>, needs: &Needs, rng: &mut GameRng) -> Kind {
        if self.asker.is_none() {
            return self.built_in.brilliant(at, needs, rng);
        }
        let choices: Vec<String> = Kind::ALL[..BASIC]
            .iter()
            .map(|k| k.name().to_string())
            .collect();
        let message = json!({ "needs": needs_json(needs) });
        self.ask(at, "brilliant", message, &choices)
            .map_or(Kind::DressLines, |i| Kind::ALL[i])
    }

    fn search(&self) -> Option<super::strategy::Search> {
        match self.asker {
            None => self.built_in.search,
            Some(_) => None,
        }
    }
}

mod facts;
pub mod serve;

use facts::*;
