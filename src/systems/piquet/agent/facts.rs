//! A chosen regiment's facts over the protocol: what the `order`,
//! `deployment` and `direction` decisions send (`order_json`), and, for a
//! served built-in, the same read back from a message with every field
//! checked.

use crate::error::Result;
use crate::system::agent::Message;
use crate::systems::piquet::scenario::{DeployTo, Deployment, Maneuver, OrderKind, DEPLOY_TO};
use crate::systems::piquet::strategy::OrderFacts;
use serde_json::{json, Value};

/// The largest IP, cost or count a message may give: far above any a game
/// reaches (a player holds tens of IP), and far from overflowing the
/// players' sums.
pub(super) const MOST: u64 = 1_000_000;

pub(super) fn order_json(facts: &OrderFacts) -> Value {
    let deployments: Vec<&str> = DeployTo::ALL
        .iter()
        .filter(|&&d| facts.deploys >> d as u8 & 1 != 0)
        .map(|d| d.name())
        .collect();
    let maneuvers: Vec<&str> = Maneuver::ALL
        .iter()
        .filter(|&&m| facts.maneuvers >> m as u8 & 1 != 0)
        .map(|m| m.name())
        .collect();
    json!({
        "distance": facts.distance,
        "ahead": facts.ahead,
        "engagement": facts.engagement,
        "reach": facts.reach,
        "elan": facts.elan,
        "full_elan": facts.full,
        "enemy_elan": facts.enemy_elan,
        "deployment": facts.deployment.name(),
        "deployments": deployments,
        "maneuvers": maneuvers,
        "cavalry": facts.cavalry,
        "prepared_step": facts.prepared_step,
    })
}

/// A message's list `key` of names `parse` reads (and `none`, skipped),
/// one bit each.
pub(super) fn names_from(
    message: &Message<'_>,
    key: &str,
    (what, names): (&str, &[&str]),
    parse: impl Fn(&str) -> Option<u8>,
) -> Result<u8> {
    let allowed = || format!("a list of {what}: {}", names.join(", "));
    let list = message
        .list(key, names.len() + 1)
        .map_err(|_| message.bad(key, allowed()))?;
    list.iter()
        .filter(|c| c.as_str() != Some("none"))
        .try_fold(0u8, |m, c| {
            c.as_str()
                .and_then(&parse)
                .map(|k| m | 1 << k)
                .ok_or_else(|| message.bad_value(key, c, allowed()))
        })
}

pub(super) fn deploy_to(text: &str) -> Option<u8> {
    DeployTo::parse(text).map(|d| d as u8)
}

pub(super) fn maneuver_to(text: &str) -> Option<u8> {
    Maneuver::parse(text).map(|m| m as u8)
}

/// A chosen regiment's facts as a message gives them (its `choices` the
/// orders it may be given), every field checked.
pub(super) fn order_from(message: &Message<'_>) -> Result<OrderFacts> {
    let choices = names_from(message, "choices", ("orders", &OrderKind::NAMES), |text| {
        OrderKind::parse(text).map(|o| o as u8)
    })?;
    facts_from(message, choices)
}

/// A chosen Deploy's facts as a message gives them: its `choices` the
/// deployments it may go to.
pub(super) fn deployment_from(message: &Message<'_>) -> Result<OrderFacts> {
    let deploys = names_from(message, "choices", ("deployments", &DEPLOY_TO), deploy_to)?;
    if deploys == 0 {
        return Err(message.bad("choices", format!("1 or more of: {}", DEPLOY_TO.join(", "))));
    }
    Ok(OrderFacts {
        deploys,
        ..facts_from(message, 1 << OrderKind::Deploy as u8)?
    })
}

/// A chosen Maneuver's facts as a message gives them: its `choices` the
/// ways it may go.
pub(super) fn direction_from(message: &Message<'_>) -> Result<OrderFacts> {
    let ways = ("directions", &Maneuver::NAMES[..]);
    let maneuvers = names_from(message, "choices", ways, maneuver_to)?;
    if maneuvers == 0 {
        let allowed = format!("1 or more of: {}", Maneuver::NAMES.join(", "));
        return Err(message.bad("choices", allowed));
    }
    Ok(OrderFacts {
        maneuvers,
        ..facts_from(message, 1 << OrderKind::Maneuver as u8)?
    })
}

/// The rest of a chosen regiment's facts; the fields added with chosen
/// deployments may be left out (none offered, no enemy cavalry, formed,
/// a `prepared_step` of 0).
pub(super) fn facts_from(message: &Message<'_>, choices: u8) -> Result<OrderFacts> {
    let number = |key: &str| message.number(key, 0, MOST).map(|n| n as u32);
    let full = message.number("full_elan", 1, MOST)? as u32;
    let deployment = match message.get("deployment") {
        Value::Null => Deployment::Formed,
        _ => {
            let text = message.text("deployment")?;
            Deployment::NAMES
                .iter()
                .position(|&n| n == text)
                .map(|k| {
                    [
                        Deployment::Formed,
                        Deployment::Prepared,
                        Deployment::Skirmish,
                    ][k]
                })
                .ok_or_else(|| message.bad("deployment", Deployment::NAMES.join(", ")))?
        }
    };
    let deploys = match message.get("deployments") {
        Value::Null => 0,
        _ => names_from(
            message,
            "deployments",
            ("deployments", &DEPLOY_TO),
            deploy_to,
        )?,
    };
    let maneuvers = match message.get("maneuvers") {
        Value::Null => 0,
        _ => names_from(
            message,
            "maneuvers",
            ("directions", &Maneuver::NAMES),
            maneuver_to,
        )?,
    };
    let prepared_step = match message.get("prepared_step") {
        Value::Null => 0,
        value => match value.as_i64() {
            Some(step) if (-4..=0).contains(&step) => step as i32,
            _ => return Err(message.bad("prepared_step", "a whole number from -4 to 0")),
        },
    };
    Ok(OrderFacts {
        choices,
        deployment,
        deploys,
        maneuvers,
        cavalry: match message.get("cavalry") {
            Value::Null => None,
            _ => Some(number("cavalry")?),
        },
        prepared_step,
        distance: match message.get("distance") {
            Value::Null => None,
            _ => Some(number("distance")?),
        },
        ahead: match message.get("ahead") {
            Value::Null => None,
            _ => Some(number("ahead")?),
        },
        engagement: number("engagement")?,
        reach: number("reach")?,
        elan: message.number("elan", 0, full as u64)? as u32,
        full,
        enemy_elan: number("enemy_elan")?,
    })
}
