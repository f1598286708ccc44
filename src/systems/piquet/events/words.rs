//! The events in the game's words, one line each: what a wargame designer
//! reading a replay would write in the margin of the turn record.

use super::Event;
use std::fmt;

/// A card's name as printed on it: `infantry_move_in_open*` reads
/// "Infantry Move in Open*".
fn card(name: &str) -> String {
    name.split('_')
        .map(|word| match word {
            "in" => word.to_string(),
            _ => {
                let mut letters = word.chars();
                letters.next().map_or(String::new(), |first| {
                    first.to_uppercase().chain(letters).collect()
                })
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn cards(names: &[String]) -> String {
    if names.is_empty() {
        "nothing".into()
    } else {
        names.iter().map(|n| card(n)).collect::<Vec<_>>().join(", ")
    }
}

fn list(names: &[String]) -> String {
    if names.is_empty() {
        "none".into()
    } else {
        names.join(", ")
    }
}

fn numbers(values: &[u32]) -> String {
    values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn words(name: &str) -> String {
    name.replace('_', " ")
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Event::*;
        // DECQ 0: before the first DECQ is dealt (a chosen regiment's
        // free first order).
        let at = |f: &mut fmt::Formatter<'_>, decq: &u32, kard: &u32| match decq {
            0 => write!(f, "Before the first KARD: "),
            _ => write!(f, "DECQ {decq} KARD {kard:>2}: "),
        };
        match self {
            Player {
                side,
                player,
                role,
                superior,
                shares_deck,
                quality,
                hand_size,
                dice,
                ip,
            } => {
                let under = match superior {
                    Some(s) => format!(" under {s}"),
                    None => String::new(),
                };
                let under = match shares_deck {
                    Some(h) => format!("{under}, sharing {h}'s deck"),
                    None => under,
                };
                write!(
                    f,
                    "{side}'s {player} ({quality} {role}{under}, a hand of {hand_size}) casts {} for {ip} IP",
                    numbers(dice)
                )
            }
            Objective {
                objective,
                from,
                to,
                kind,
            } => write!(
                f,
                "{objective} ({kind}), a terrain objective, stands from {from}\" to {to}\""
            ),
            Obstacle { obstacle, at, kind } => {
                write!(f, "{obstacle} ({kind}), an obstacle, stands at {at}\"")
            }
            Regiment {
                side,
                regiment,
                player,
                arm,
                at,
                y,
                frontage,
                deployment,
                elan,
                boxes,
                loaded,
                plan,
                target,
                follows,
                attached_to,
            } => {
                let deployed = match *deployment {
                    "prepared" => ", Prepared to Receive Cavalry",
                    "skirmish" => ", in skirmish order",
                    _ => "",
                };
                write!(
                    f,
                    "{side}'s {regiment} ({arm}, {player}'s) at {at}\", {y}\" across, {frontage}\" wide{deployed}: Elan {elan}, {boxes} stamina boxes, {}; orders {}",
                    if *loaded { "loaded" } else { "unloaded" },
                    plan.join(" then ")
                )?;
                if let Some(target) = target {
                    write!(f, " against {target}")?;
                }
                if let Some(lead) = follows {
                    write!(f, "; in the second line behind {lead}, which it follows")?;
                }
                match attached_to {
                    Some(r) => write!(f, "; attached to {r}, with which it moves"),
                    None => Ok(()),
                }
            }
            DecqStart { decq, ip_a, ip_b } => write!(
                f,
                "DECQ {decq} begins: initiative a {}, b {}",
                numbers(ip_a),
                numbers(ip_b)
            ),
            Deal {
                decq,
                side,
                player,
                deck,
                hand,
            } => write!(
                f,
                "DECQ {decq}: {side}'s {player} holds {} and its deck runs {}",
                cards(hand),
                cards(deck)
            ),
            HandPlay {
                decq,
                kard,
                side,
                player,
                card: played,
                hand,
                discarded,
                cost,
                ip,
            } => {
                at(f, decq, kard)?;
                write!(
                    f,
                    "{side}'s {player} plays {} from its hand ({}) for {cost} IP, {ip} left; {} goes unseen",
                    card(played),
                    cards(hand),
                    card(discarded)
                )
            }
            Turn {
                decq,
                kard,
                side,
                player,
                card: turned,
                choice,
                options,
                could_play,
                discarded,
                cost,
                ip,
            } => {
                at(f, decq, kard)?;
                write!(f, "{side}'s {player} turns {} and ", card(turned))?;
                match (*choice, discarded) {
                    ("swap", Some(out)) => write!(
                        f,
                        "keeps it, discarding {} for {cost} IP ({ip} left)",
                        card(out)
                    )?,
                    ("keep", _) => write!(f, "keeps it")?,
                    ("pass", _) => write!(f, "lets it go")?,
                    _ => write!(f, "uses it")?,
                }
                write!(f, " (could {}", options.join(", "))?;
                if !could_play.is_empty() {
                    write!(f, "; could have played {}", cards(could_play))?;
                }
                write!(f, ")")
            }
            Shares {
                decq,
                kard,
                side,
                player,
                holder,
                card: shared,
                uses,
            } => {
                at(f, decq, kard)?;
                match uses {
                    true => write!(f, "{side}'s {player} uses {holder}'s {}", card(shared)),
                    false => write!(
                        f,
                        "{side}'s {player} does not act on {holder}'s {} (rule shared_card)",
                        card(shared)
                    ),
                }
            }
            Brilliant {
                decq,
                kard,
                side,
                player,
                acts_as,
            } => {
                at(f, decq, kard)?;
                write!(
                    f,
                    "{side}'s {player}'s Brilliant Leader acts as {}",
                    card(acts_as)
                )
            }
            Heroic {
                decq,
                kard,
                side,
                player,
            } => {
                at(f, decq, kard)?;
                write!(
                    f,
                    "{side}'s {player}: a Heroic Moment, its regiments one step up in assaults this KARD"
                )
            }
            CrushingVolley {
                decq,
                kard,
                side,
                player,
                regiments,
            } => {
                at(f, decq, kard)?;
                write!(
                    f,
                    "{side}'s {player}: a Crushing Volley for {}",
                    list(regiments)
                )
            }
            ResolvesFirst { decq, kard, side } => {
                at(f, decq, kard)?;
                write!(f, "{side}'s cards take effect first (a coin)")
            }
            NothingWaits {
                decq,
                kard,
                side,
                player,
                card: used,
            } => {
                at(f, decq, kard)?;
                write!(f, "{side}'s {player}: no regiment waits for {}", card(used))
            }
            OfficerCheck {
                decq,
                kard,
                side,
                player,
                action,
            } => {
                at(f, decq, kard)?;
                let does = match *action {
                    "cast" => "casts for initiative",
                    "orders" => "issues orders",
                    "rally" => "rallies",
                    "pass" => "passes initiative down",
                    "detach" => "detaches its figure from its regiment",
                    _ => "does nothing (attached)",
                };
                write!(f, "{side}'s {player}'s Officer Check: {does}")
            }
            Cast {
                decq,
                kard,
                side,
                player,
                dice,
                total,
                was,
                ip,
            } => {
                at(f, decq, kard)?;
                write!(
                    f,
                    "{side}'s {player} casts {} = {total} for initiative: {was} -> {ip} IP",
                    numbers(dice)
                )
            }
            Order {
                decq,
                kard,
                side,
                player,
                order,
                regiments,
                cost,
                ip,
            } => {
                at(f, decq, kard)?;
                match (decq, cost) {
                    (0, 0) => write!(
                        f,
                        "{side}'s {player} orders {} to {order}, free",
                        list(regiments)
                    ),
                    _ => write!(
                        f,
                        "{side}'s {player} orders {} to {order} for {cost} IP ({ip} left)",
                        list(regiments)
                    ),
                }
            }
            Aims {
                decq,
                kard,
                side,
                regiment,
                target,
            } => {
                at(f, decq, kard)?;
                write!(f, "{side}'s {regiment} will assault {target}")
            }
            DeployTo {
                decq,
                kard,
                side,
                regiment,
                to,
            } => {
                at(f, decq, kard)?;
                let to = match *to {
                    "max" => "formed at its widest frontage",
                    "min" => "formed at its narrowest frontage",
                    "formed" => "formed at its own frontage",
                    "prepared" => "Prepared to Receive Cavalry",
                    _ => "skirmish order",
                };
                write!(f, "{side}'s {regiment} will deploy {to}")
            }
            Hindered {
                decq,
                kard,
                side,
                regiment,
                order,
                obstacles,
                chips,
            } => {
                at(f, decq, kard)?;
                write!(
                    f,
                    "{side}'s {regiment} must cross {} to {order}: its order's chips are {chips}",
                    obstacles.join(" and ")
                )
            }
            Covered {
                decq,
                kard,
                side,
                attacker,
                defender,
                obstacles,
            } => {
                at(f, decq, kard)?;
                write!(
                    f,
                    "{side}'s {attacker} crossed {} to assault {defender}: cover to {defender}",
                    obstacles.join(" and ")
                )
            }
            Piquet {
                decq,
                kard,
                side,
                regiment,
                objective,
                blocked,
            } => {
                at(f, decq, kard)?;
                match *blocked {
                    None => write!(
                        f,
                        "{side}'s {regiment} places its piquet in {objective}, holding it"
                    ),
                    Some(why) => {
                        let why = match why {
                            "enemy" => "an enemy regiment stands there",
                            "held" => "an enemy piquet holds it",
                            _ => "the other side's opening Move makes for it too",
                        };
                        write!(
                            f,
                            "{side}'s {regiment} may not place its piquet in {objective}: {why}"
                        )
                    }
                }
            }
            PiquetMet {
                decq,
                kard,
                side,
                regiment,
                with,
                objective,
                by,
                choice,
                elan_lost,
                elan,
            } => {
                at(f, decq, kard)?;
                let piquet = match with.is_empty() {
                    true => format!("{regiment}'s piquet"),
                    false => format!(
                        "{regiment}'s piquet, answering for {}'s too,",
                        with.join("'s, ")
                    ),
                };
                match *choice {
                    "hold" if *elan_lost == 0 => {
                        write!(f, "{side}'s {piquet} holds {objective} against {by}")
                    }
                    "hold" => write!(
                        f,
                        "{side}'s {piquet} holds {objective} against {by} (Elan {elan_lost} lost, {elan} left)"
                    ),
                    "withdraw" => write!(
                        f,
                        "{side}'s {piquet} withdraws from {objective}, letting {by} occupy it"
                    ),
                    _ => write!(
                        f,
                        "{side}'s {piquet} stands in {objective}: {by}, skirmishing, cannot drive it out"
                    ),
                }
            }
            MoveTo {
                decq,
                kard,
                side,
                regiment,
                to,
            } => {
                at(f, decq, kard)?;
                match to {
                    Some(place) => {
                        write!(f, "{side}'s {regiment} will move up to {place}\" and stop")
                    }
                    None => write!(f, "{side}'s {regiment} will move on to its objective"),
                }
            }
            ManeuverTo {
                decq,
                kard,
                side,
                regiment,
                to,
            } => {
                at(f, decq, kard)?;
                let to = match *to {
                    "forward" | "back" => to.to_string(),
                    flank => format!("to its {flank}"),
                };
                write!(f, "{side}'s {regiment} will maneuver {to}")
            }
            NotOrdered {
                decq,
                kard,
                side,
                player,
                order,
                regiments,
                cost,
                why,
            } => {
                at(f, decq, kard)?;
                let why = if *why == "ip" {
                    "cannot pay"
                } else {
                    "declines"
                };
                write!(
                    f,
                    "{side}'s {player} {why} {cost} IP to order {} to {order}",
                    list(regiments)
                )
            }
            Pass {
                decq,
                kard,
                side,
                player,
                to,
                amount,
                cost,
                ip,
                to_ip,
            } => {
                at(f, decq, kard)?;
                write!(
                    f,
                    "{side}'s {player} passes {amount} IP to {to} (and {cost} to pass it): {ip} left, {to} has {to_ip}"
                )
            }
            Rally {
                decq,
                kard,
                side,
                player,
                regiment,
                kind,
                cost,
                dice,
                need,
                failures,
                boxes_left,
                elan,
                ip,
            } => {
                at(f, decq, kard)?;
                write!(
                    f,
                    "{side}'s {player} rallies {regiment} ({}) for {cost} IP ({ip} left): casts {} needing {need}+, {failures} box(es) checked, {boxes_left} left",
                    words(kind),
                    numbers(dice)
                )?;
                match boxes_left {
                    0 => write!(f, ": removed"),
                    _ => write!(f, "; Elan {elan} again"),
                }
            }
            Execute {
                decq,
                kard,
                side,
                player,
                regiment,
                with,
                order,
                chips,
                figure,
                bought,
                casts,
                removed,
                chips_left,
                cost,
                ip,
            } => {
                at(f, decq, kard)?;
                write!(
                    f,
                    "{side}'s {regiment} executes its {order} order ({chips} chips"
                )?;
                if !with.is_empty() {
                    write!(f, ", with {}, casting its dice", with.join(", "))?;
                }
                if *figure > 0 {
                    write!(f, ", {figure} taken by its figure")?;
                }
                if *bought {
                    write!(f, ", the rest bought by the attached commander")?;
                }
                write!(f, ")")?;
                for (dice, removed) in casts.iter().zip(removed) {
                    write!(f, "; casts {} and removes {removed}", numbers(dice))?;
                }
                if *cost > 0 {
                    write!(f, "; {player} pays {cost} IP ({ip} left)")?;
                }
                match chips_left {
                    0 => write!(f, ": order complete"),
                    left => write!(f, ": {left} chips left"),
                }
            }
            Waits {
                decq,
                kard,
                side,
                player,
                regiment,
                order,
                cost,
            } => {
                at(f, decq, kard)?;
                write!(
                    f,
                    "{side}'s {regiment}'s {order} order waits: {player} does not pay the {cost} IP its first cast costs"
                )
            }
            Reload {
                decq,
                kard,
                side,
                player,
                regiment,
                cost,
                reloaded,
                ip,
            } => {
                at(f, decq, kard)?;
                match reloaded {
                    true => write!(
                        f,
                        "{side}'s {player} reloads {regiment} for {cost} IP ({ip} left)"
                    ),
                    false => write!(
                        f,
                        "{side}'s {player} does not reload {regiment} ({cost} IP, has {ip})"
                    ),
                }
            }
            Fire {
                decq,
                kard,
                side,
                player,
                regiments,
                target,
                cost,
                fired,
                ip,
            } => {
                at(f, decq, kard)?;
                match fired {
                    true => write!(
                        f,
                        "{side}'s {player} orders {} to fire at {target} for {cost} IP ({ip} left)",
                        list(regiments)
                    ),
                    false => write!(
                        f,
                        "{side}'s {player} holds the fire of {} at {target} ({cost} IP, has {ip})",
                        list(regiments)
                    ),
                }
            }
            Volley {
                decq,
                kard,
                side,
                regiment,
                target,
                kind,
                dice,
                step,
                value,
            } => {
                at(f, decq, kard)?;
                write!(f, "{side}'s {regiment} fires at {target} ({kind}")?;
                if *step != 0 {
                    write!(f, ", {step:+} steps")?;
                }
                write!(f, "): {} reads {value}; unloaded", numbers(dice))
            }
            Hit {
                decq,
                kard,
                side,
                regiment,
                by,
                elan_lost,
                elan,
            } => {
                at(f, decq, kard)?;
                write!(
                    f,
                    "{side}'s {regiment} loses {elan_lost} Elan to the fire of {by}: {elan} left"
                )
            }
            Moves {
                decq,
                kard,
                side,
                regiment,
                from,
                to,
                y_from,
                y_to,
                why,
            } => {
                at(f, decq, kard)?;
                let why = match *why {
                    "move" => "its Move order",
                    "horizon" => "its Move order, into the next objective",
                    "piquet" => "kept out of the objective by the enemy piquet holding it: at Engagement range of it",
                    "onward" => "through, into the next objective",
                    "halts" => "its assault halted at the objective on its way; the order goes on, its chips again",
                    "maneuver" => "its Maneuver order",
                    "assault" => "into contact",
                    "joins_assault" => "joining the assault",
                    "objective" => "onto its objective",
                    "withdraws" => "withdrawing",
                    "withdraws_unrallied" => "withdrawing, defeated, from a formed enemy in range",
                    "retires" => "retiring from the fight",
                    "follows" => "following its lead in the second line",
                    "relieved" => "relieved by its second line, off its Assault order",
                    "attached" => "moving with the regiment it is attached to",
                    "engages" => "in skirmish order, barred from its assault: up to Engagement range",
                    "skirmishers" => "up to Engagement range of the skirmishers it must go through",
                    "falls_back" => "skirmishers falling back to the far side of the objective of the formed unit that went through them",
                    other => other,
                };
                match (y_from, y_to) {
                    (Some(a), Some(b)) => write!(
                        f,
                        "{side}'s {regiment} moves {from}\" -> {to}\", {a}\" -> {b}\" across ({why})"
                    ),
                    _ => write!(f, "{side}'s {regiment} moves {from}\" -> {to}\" ({why})"),
                }
            }
            Deploys {
                decq,
                kard,
                side,
                regiment,
                from,
                to,
                frontage_from,
                frontage,
            } => {
                at(f, decq, kard)?;
                write!(
                    f,
                    "{side}'s {regiment} deploys: {from} -> {to}, {frontage_from}\" -> {frontage}\" wide"
                )
            }
            SkirmishersCast {
                decq,
                kard,
                side,
                regiment,
                skirmishers,
                dice,
                chips,
            } => {
                at(f, decq, kard)?;
                write!(
                    f,
                    "{side}'s {regiment} comes up to the skirmishers {skirmishers}: their unmodified cast {dice:?} gives it {chips} movement chips more to go through"
                )
            }
            Status {
                decq,
                kard,
                side,
                regiment,
                from,
                to,
            } => {
                at(f, decq, kard)?;
                write!(f, "{side}'s {regiment}: {} -> {}", words(from), words(to))
            }
            Unloaded {
                decq,
                kard,
                side,
                regiment,
                why,
            } => {
                at(f, decq, kard)?;
                write!(
                    f,
                    "{side}'s {regiment} is unloaded by the {}'s end",
                    if *why == "assault" {
                        "assault"
                    } else {
                        "engagement"
                    }
                )
            }
            EngagementBegins { decq, kard, a, b } => {
                at(f, decq, kard)?;
                write!(f, "a's {a} and b's {b} are engaged")
            }
            EngagementEnds {
                decq,
                kard,
                a,
                b,
                how,
                kards,
            } => {
                at(f, decq, kard)?;
                write!(
                    f,
                    "the engagement of a's {a} and b's {b} ends after {kards} KARD(s): {}",
                    words(how)
                )
            }
            AssaultBegins {
                decq,
                kard,
                side,
                attacker,
                defender,
                elan,
            } => {
                at(f, decq, kard)?;
                write!(
                    f,
                    "{side}'s {attacker} (Elan {}) assaults {defender} (Elan {})",
                    elan[0], elan[1]
                )
            }
            JoinsAssault {
                decq,
                kard,
                side,
                attacker,
                defender,
            } => {
                at(f, decq, kard)?;
                write!(f, "{side}'s {attacker} joins the assault on {defender}")
            }
            ObjectiveTaken {
                decq,
                kard,
                side,
                regiment,
                target,
            } => {
                at(f, decq, kard)?;
                write!(
                    f,
                    "{side}'s {regiment} takes its objective: {target} cannot resist"
                )
            }
            AssaultRound {
                decq,
                kard,
                side,
                defender,
                defender_dice,
                defender_cast,
                attackers,
                attacker_dice,
                attacker_casts,
                aspects,
                combined,
                defender_elan,
                attacker_elan,
            } => {
                at(f, decq, kard)?;
                write!(
                    f,
                    "{side}'s assault on {defender}: {defender} casts {} = {defender_cast}",
                    numbers(defender_dice)
                )?;
                for (((name, dice), cast), aspect) in attackers
                    .iter()
                    .zip(attacker_dice)
                    .zip(attacker_casts)
                    .zip(aspects)
                {
                    write!(f, "; {name} casts {} = {cast}", numbers(dice))?;
                    if *aspect != "front" {
                        write!(f, " (from the {aspect}, in full)")?;
                    }
                }
                if attackers.len() > 1 {
                    write!(f, " (together {combined})")?;
                }
                write!(f, "; Elan left: {defender} {defender_elan}")?;
                for (name, elan) in attackers.iter().zip(attacker_elan) {
                    write!(f, ", {name} {elan}")?;
                }
                Ok(())
            }
            Breakthrough {
                decq,
                kard,
                side,
                regiment,
                chance,
                roll,
                through,
                d8,
                d4,
                elan,
                defender_elan,
            } => {
                at(f, decq, kard)?;
                write!(
                    f,
                    "{side}'s {regiment} tries to break through ({chance}%): rolls {roll}"
                )?;
                match (through, d8, d4) {
                    (true, Some(d8), Some(d4)) => write!(
                        f,
                        ", through: d8 {d8} off the defender (Elan {defender_elan}), d4 {d4} off itself (Elan {elan})"
                    ),
                    _ => write!(f, ", held"),
                }
            }
            Stays {
                decq,
                kard,
                side,
                regiment,
                ahead,
            } => {
                at(f, decq, kard)?;
                match ahead {
                    None => write!(f, "{side}'s {regiment} stays: no enemy ahead of it"),
                    Some(ahead) => write!(
                        f,
                        "{side}'s {regiment} stays: {ahead}, the next in its path, attacks elsewhere"
                    ),
                }
            }
            SecondLine {
                decq,
                kard,
                side,
                regiment,
                lead,
                target,
                why,
            } => {
                at(f, decq, kard)?;
                let how = match *why {
                    "meets_breakthrough" => format!("meets {target}, through its lead {lead}"),
                    "follows_breakthrough" => {
                        format!("assaults {target}, which its lead {lead} broke through")
                    }
                    _ => format!("relieves its lead {lead} against {target}"),
                };
                write!(f, "{side}'s {regiment}, in the second line, {how}")
            }
            Retires {
                decq,
                kard,
                side,
                regiment,
                defender,
            } => {
                at(f, decq, kard)?;
                let from = match regiment == defender {
                    true => "its defence".to_string(),
                    false => format!("the assault on {defender}"),
                };
                write!(
                    f,
                    "{side}'s {regiment} maneuvers out of {from}: it retires from the fight"
                )
            }
            AssaultEnds {
                decq,
                kard,
                side,
                defender,
                end,
                kards,
                attacker_won,
            } => {
                at(f, decq, kard)?;
                write!(
                    f,
                    "{side}'s assault on {defender} ends after {kards} KARD(s): {}{}",
                    words(end),
                    match (*end, attacker_won) {
                        ("attacker_wins", _) | (_, false) => "",
                        (_, true) => " (the attacker's win)",
                    }
                )
            }
            DecqEnd { decq, ip_a, ip_b } => write!(
                f,
                "DECQ {decq} ends: initiative a {}, b {}",
                numbers(ip_a),
                numbers(ip_b)
            ),
            GameEnd {
                removed,
                elan_a,
                elan_b,
            } => write!(
                f,
                "the game ends: regiments removed a {}, b {}; Elan left a {}, b {}",
                removed[0],
                removed[1],
                numbers(elan_a),
                numbers(elan_b)
            ),
        }
    }
}
