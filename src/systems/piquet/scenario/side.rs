//! A side's table of a scenario: its commander and subordinates (quality,
//! name, attached figure), its Army Deck, and its regiments (each read by
//! `regiment.rs`), with the sets of regiments the game walks as masks.

use super::*;

impl<'t> Listed<'t> {
    /// Each side's table, its regiment entries and their names: read
    /// before any regiment, since an assault names its target on the
    /// other side.
    pub(super) fn read(table: &'t toml::Table) -> Result<Listed<'t>> {
        let mut listed = Listed {
            tables: BySeat([None, None]),
            entries: BySeat([&[], &[]]),
            names: BySeat::default(),
        };
        for seat in Seat::BOTH {
            let at = seat.name();
            let Some(side) = table.get(at) else {
                return Err(bad(
                    at,
                    "(missing)",
                    "a table with commander and [[regiments]]",
                ));
            };
            let toml::Value::Table(side) = side else {
                return Err(bad(at, side, "a table with commander and [[regiments]]"));
            };
            unknown_keys(
                side,
                &format!("{at}."),
                &[
                    "commander",
                    "name",
                    "army_deck",
                    "cic_deck",
                    "attached_to",
                    "subordinates",
                    "regiments",
                    "orders",
                ],
            )?;
            listed.tables[seat] = Some(side);
            match side.get("regiments") {
                None => {}
                Some(toml::Value::Array(list)) => listed.entries[seat] = list,
                Some(other) => {
                    return Err(bad(
                        &format!("{at}.regiments"),
                        other,
                        "[[a.regiments]] entries",
                    ))
                }
            }
            if listed.entries[seat].len() > MAX_UNITS {
                return Err(bad(
                    &format!("{at}.regiments"),
                    listed.entries[seat].len(),
                    &format!("at most {MAX_UNITS} regiments a side"),
                ));
            }
            for (i, entry) in listed.entries[seat].iter().enumerate() {
                let field = format!("{at}.regiments[{}]", i + 1);
                let toml::Value::Table(entry) = entry else {
                    return Err(bad(&field, entry, "a table"));
                };
                let n = name(entry, &format!("{field}."), "name", "a name")?
                    .map_or_else(|| format!("{at}{}", i + 1), str::to_string);
                if listed.names[seat].contains(&n) {
                    return Err(bad(
                        &format!("{field}.name"),
                        &n,
                        "a name not used twice on a side",
                    ));
                }
                listed.names[seat].push(n);
            }
        }
        Ok(listed)
    }
}

impl Side {
    /// Side `seat` of the scenario: its players, its deck (its own, else
    /// `shared_deck`) and its regiments, each starting as `unwritten`.
    pub(super) fn read(
        seat: Seat,
        listed: &Listed<'_>,
        shared_deck: Option<KindCounts>,
        unwritten: &Regiment,
    ) -> Result<Side> {
        let at = seat.name();
        let side = listed.tables[seat].expect("read above");
        let entries = listed.entries[seat];
        // The side's commander, then its subordinates: each a player
        // with its own deck, hand and initiative.
        let mut player_tables: Vec<(String, &toml::Table)> = vec![(format!("{at}."), side)];
        match side.get("subordinates") {
            None => {}
            Some(toml::Value::Array(list)) if list.len() < MAX_PLAYERS => {
                for (i, entry) in list.iter().enumerate() {
                    let field = format!("{at}.subordinates[{}].", i + 1);
                    let toml::Value::Table(entry) = entry else {
                        return Err(bad(&field, entry, "a table"));
                    };
                    unknown_keys(
                        entry,
                        &field,
                        &[
                            "name",
                            "commander",
                            "attached_to",
                            "superior",
                            "shares_deck",
                        ],
                    )?;
                    player_tables.push((field, entry));
                }
            }
            Some(other) => {
                return Err(bad(
                    &format!("{at}.subordinates"),
                    other,
                    &format!("[[{at}.subordinates]] entries, at most {}", MAX_PLAYERS - 1),
                ))
            }
        }
        let mut player_names = Vec::new();
        let mut players = [Commander {
            quality: Quality::Average,
            attached_to: None,
            superior: None,
            shares_deck: false,
        }; MAX_PLAYERS];
        for (p, (field, t)) in player_tables.iter().enumerate() {
            let qualities = Quality::NAMES.join(", ");
            players[p].quality = match name(t, field, "commander", "a quality")? {
                Some(q) => Quality::parse(q)
                    .ok_or_else(|| bad(&format!("{field}commander"), q, &qualities))?,
                None => return Err(bad(&format!("{field}commander"), "(missing)", &qualities)),
            };
            let n = name(t, field, "name", "a name")?.map_or_else(
                || {
                    if p == 0 {
                        "commander".to_string()
                    } else {
                        format!("subordinate {p}")
                    }
                },
                str::to_string,
            );
            if player_names.contains(&n) {
                return Err(bad(
                    &format!("{field}name"),
                    &n,
                    "a name not used twice on a side",
                ));
            }
            // "The players fulfil the roles of army, corps, and division
            // commanders": a subordinate answers to the side's commander,
            // or to a subordinate listed before it.
            if p > 0 {
                players[p].superior = Some(match name(t, field, "superior", "a player's name")? {
                    None => 0,
                    Some(s) => player_names.iter().position(|m| m == s).ok_or_else(|| {
                        bad(
                            &format!("{field}superior"),
                            s,
                            &format!("a player listed before it: {}", player_names.join(", ")),
                        )
                    })? as u8,
                });
                players[p].shares_deck = match t.get("shares_deck") {
                    None => false,
                    Some(toml::Value::Boolean(b)) => *b,
                    Some(other) => {
                        return Err(bad(&format!("{field}shares_deck"), other, "true, false"))
                    }
                };
            }
            player_names.push(n);
        }
        let deck = match side.get("army_deck") {
            Some(v) => army_deck(v, &format!("{at}.army_deck"))?,
            None => shared_deck.ok_or_else(|| {
                bad(
                    &format!("{at}.army_deck"),
                    "(missing)",
                    "an [army_deck] table for both sides, or one per side",
                )
            })?,
        };
        // "a Commander-in-Chief Deck (optional)": its makeup was lost with
        // the table, so its fixed cards are the scenario's.
        let cic_deck = match side.get("cic_deck") {
            None => None,
            Some(v) => {
                let field = format!("{at}.cic_deck");
                let counts = army_deck(v, &field)?;
                let total: u32 = counts.iter().map(|&n| n as u32).sum();
                if !(1..=DECK as u32).contains(&total) {
                    return Err(bad(
                        &field,
                        format!("{total} cards"),
                        "1 to 18 cards, the rest of the commander's 18 dealt from the Army Deck",
                    ));
                }
                Some(counts)
            }
        };
        // Who gives the side's orders: each regiment's plan, or its player.
        let unwritten = &Regiment {
            chosen: match name(side, &format!("{at}."), "orders", "plans, chosen")? {
                None | Some("plans") => false,
                Some("chosen") => true,
                Some(other) => return Err(bad(&format!("{at}.orders"), other, "plans, chosen")),
            },
            ..*unwritten
        };
        let mut regiments = [*unwritten; MAX_UNITS];
        let enemies = &listed.names[seat.other()];
        for (i, entry) in entries.iter().enumerate() {
            let field = format!("{at}.regiments[{}].", i + 1);
            let entry = entry.as_table().expect("checked above");
            regiments[i] = Regiment::read(entry, &field, unwritten, enemies, &player_names)?;
        }
        let names = &listed.names[seat];
        for (p, (field, t)) in player_tables.iter().enumerate() {
            players[p].attached_to = match name(t, field, "attached_to", "a regiment's name")? {
                None => None,
                Some(n) => {
                    let i = names.iter().position(|m| m == n).ok_or_else(|| {
                        bad(
                            &format!("{field}attached_to"),
                            n,
                            &format!("one of the side's regiments: {}", names.join(", ")),
                        )
                    })?;
                    if regiments[i].player as usize != p {
                        return Err(bad(
                            &format!("{field}attached_to"),
                            n,
                            "a regiment the player commands",
                        ));
                    }
                    Some(i as u8)
                }
            };
        }
        let count = entries.len();
        let planned = regiments[..count].iter().fold(0, |m, r| m | r.plan_kinds());
        let figure_commands = figure_commands(&regiments[..count]);
        let mask = |keep: &dyn Fn(&Regiment) -> bool| {
            (0..count)
                .filter(|&i| keep(&regiments[i]))
                .fold(0u16, |m, i| m | 1 << i)
        };
        let player_count = player_tables.len();
        let chain =
            |q: usize| std::iter::successors(Some(q), |&q| players[q].superior.map(usize::from));
        // Every player above q, q itself left out.
        let above = |q: usize| chain(q).skip(1).fold(0u8, |m, s| m | 1 << s);
        let below: [u8; MAX_PLAYERS] = std::array::from_fn(|p| {
            (0..player_count)
                .filter(|&q| above(q) >> p & 1 != 0)
                .fold(0, |m, q| m | 1 << q)
        });
        let bypassed = std::array::from_fn(|p| {
            std::array::from_fn(|q| {
                if below[p] >> q & 1 == 0 {
                    0
                } else {
                    chain(q)
                        .take_while(|&s| s != p)
                        .fold(0u8, |m, s| m | 1 << s)
                }
            })
        });
        let middle = (1..player_count)
            .filter(|&p| below[p] != 0)
            .fold(0u8, |m, p| m | 1 << p);
        let chain_of: [u8; MAX_PLAYERS] =
            std::array::from_fn(|q| chain(q).fold(0u8, |m, s| m | 1 << s));
        let middle_over = chain_of.map(|c| c & middle);
        let commands: [u16; MAX_PLAYERS] = std::array::from_fn(|p| {
            mask(&|r| r.player as usize == p || below[p] >> r.player & 1 != 0)
        });
        // A sharer's deck is its superior's, which may itself be shared:
        // superiors are listed first, so theirs is known by then.
        let mut deck_of = [0u8; MAX_PLAYERS];
        for p in 0..player_count {
            deck_of[p] = match (players[p].shares_deck, players[p].superior) {
                (true, Some(s)) => deck_of[s as usize],
                _ => p as u8,
            };
        }
        let sharers = (0..player_count)
            .filter(|&p| deck_of[p] as usize != p)
            .fold(0u8, |m, p| m | 1 << p);
        let yield_to = std::array::from_fn(|p| {
            (0..player_count)
                .filter(|&q| below[p] >> q & 1 != 0 && deck_of[q] == deck_of[p])
                .fold(0u16, |m, q| m | commands[q])
        });
        let infantry = mask(&|r| r.arm == Arm::Infantry);
        let artillery = mask(&|r| r.arm == Arm::Artillery);
        let bombards = mask(&|r| r.bombards());
        let prepared = mask(&|r| r.deployment.into == Deployment::Prepared);
        let skirmishing = mask(&|r| r.deployment.into == Deployment::Skirmish);
        // Cavalry fires only in skirmish order.
        let loaded = mask(&|r| r.loaded && r.arm.fires()) | mask(&|r| r.loaded) & skirmishing;
        let owned = std::array::from_fn(|p| mask(&|r| r.player as usize == p));
        // A chosen regiment's first order is its player's, at the game's
        // start (`Game::reset`).
        let chosen = mask(&|r| r.chosen);
        let divisions = std::array::from_fn(|i| {
            let me = &regiments[i];
            mask(&|r| r.division == me.division)
        });
        let brigades = std::array::from_fn(|i| {
            let me = &regiments[i];
            mask(&|r| r.brigade == me.brigade && r.division == me.division)
        });
        let pairs = pairs(entries, &regiments[..count], names, at)?;
        let followers = lines(entries, &mut regiments[..count], names, at)?;
        let attached = attach(entries, &mut regiments[..count], &pairs, names, at)?;
        // A player's own figure with a regiment another's orders carry could
        // order nothing while attached.
        for (p, (field, _)) in player_tables.iter().enumerate() {
            if let Some(a) = players[p].attached_to {
                if (followers | attached) >> a & 1 != 0 {
                    return Err(bad(
                        &format!("{field}attached_to"),
                        &names[a as usize],
                        "a regiment the player commands that takes orders of its own: not an attached company or a second line",
                    ));
                }
            }
        }
        let first_groups = [attached, attached | followers]
            .map(|apart| first_groups(&regiments[..count], &pairs, apart | chosen));
        Ok(Side {
            chosen,
            pairs,
            followers,
            attached,
            first_groups,
            planned,
            figure_commands,
            commands,
            below,
            chain: chain_of,
            bypassed,
            middle,
            middle_over,
            sharers,
            holders: ((1u16 << player_count) - 1) as u8 & !sharers,
            deck_of,
            yield_to,
            infantry,
            artillery,
            bombards,
            prepared,
            skirmishing,
            loaded,
            brigades,
            divisions,
            owned,
            players,
            player_count: player_count as u8,
            player_names,
            army_deck: deck,
            cic_deck,
            army_pool: deck
                .iter()
                .enumerate()
                .flat_map(|(k, &n)| std::iter::repeat_n(Card::army(Kind::ALL[k]), n as usize))
                .collect(),
            regiments,
            count: count as u8,
            names: names.clone(),
        })
    }
}

/// The groups the free first orders cover, read as `Game::order_group`
/// reads an Officer Check's with every regiment eligible: under
/// `order_groups = whole` a whole division, else a whole brigade, whose
/// regiments all begin with the same order, else the regiment alone;
/// under `idle_alike` the regiments of its division (its brigade when no
/// division is named) that begin with the same order. The regiments of
/// `apart` (second lines, which follow their leads) are in no group.
fn first_groups(
    regiments: &[Regiment],
    pairs: &[u16; MAX_UNITS],
    apart: u16,
) -> [[u16; MAX_UNITS]; 2] {
    let mask = |keep: &dyn Fn(&Regiment) -> bool| {
        regiments
            .iter()
            .enumerate()
            .filter(|(_, r)| keep(r))
            .fold(0u16, |m, (i, _)| m | 1 << i)
            & !apart
    };
    let mut groups = [[0u16; MAX_UNITS]; 2];
    for (i, me) in regiments.iter().enumerate() {
        let division = mask(&|r| me.division != 0 && r.division == me.division);
        let brigade = mask(&|r| r.brigade == me.brigade && r.division == me.division);
        let alike = mask(&|r| r.plan[0] == me.plan[0]);
        groups[0][i] = if division != 0 && division & !alike == 0 {
            division
        } else if brigade & !alike == 0 {
            brigade
        } else {
            pairs[i]
        };
        let wider = if me.division != 0 { division } else { brigade };
        groups[1][i] = wider & alike | pairs[i];
    }
    groups
}

/// Each regiment and the company it maneuvers as one with: "Russian 12
/// gun companies are represented by two 6 gun companies that maneuver as
/// one, but fight as two companies". One of the two names the other
/// (`maneuvers_with`); both are six-gun artillery of one brigade, player
/// and plan, and neither pairs with a third.
fn pairs(
    entries: &[toml::Value],
    regiments: &[Regiment],
    names: &[String],
    at: &str,
) -> Result<[u16; MAX_UNITS]> {
    let mut pairs: [u16; MAX_UNITS] = std::array::from_fn(|i| 1 << i);
    for (i, entry) in entries.iter().enumerate() {
        let field = format!("{at}.regiments[{}].maneuvers_with", i + 1);
        let Some(value) = entry.get("maneuvers_with") else {
            continue;
        };
        let companies = "another six-gun artillery company of the side with the same brigade, division, player and orders, paired with no other (a Russian twelve-gun company's other half)";
        let j = value
            .as_str()
            .and_then(|n| names.iter().position(|m| m == n))
            .filter(|&j| j != i)
            .ok_or_else(|| {
                bad(
                    &field,
                    value,
                    &format!("{companies}: one of {}", names.join(", ")),
                )
            })?;
        let (a, b) = (&regiments[i], &regiments[j]);
        let alike = a.arm == Arm::Artillery
            && b.arm == Arm::Artillery
            && !a.eight_guns
            && !b.eight_guns
            && (a.brigade, a.division, a.player) == (b.brigade, b.division, b.player)
            && (a.chosen, a.plan()) == (b.chosen, b.plan());
        if !alike || pairs[i] != 1 << i || pairs[j] != 1 << j {
            return Err(bad(&field, value, companies));
        }
        pairs[i] |= 1 << j;
        pairs[j] |= 1 << i;
    }
    Ok(pairs)
}

/// Each cavalry regiment a brigade forms in its second line, behind the
/// regiment it `follows` (Cavalry Wave Assaults: "If the brigade is formed
/// in two lines, the second line regiment will follow the first"): both
/// cavalry of one brigade, division and player, the lead in the first
/// line, and one regiment behind each lead. The followers, one bit each.
fn lines(
    entries: &[toml::Value],
    regiments: &mut [Regiment],
    names: &[String],
    at: &str,
) -> Result<u16> {
    let follows = |k: usize| entries[k].get("follows");
    let mut followers = 0u16;
    for i in 0..entries.len() {
        let Some(value) = follows(i) else {
            continue;
        };
        let field = format!("{at}.regiments[{}].follows", i + 1);
        let me = &names[i];
        let others: Vec<&str> = (0..names.len())
            .filter(|&j| j != i)
            .map(|j| names[j].as_str())
            .collect();
        let j = value
            .as_str()
            .and_then(|n| names.iter().position(|m| m == n))
            .filter(|&j| j != i)
            .ok_or_else(|| {
                bad(
                    &field,
                    value,
                    &format!(
                        "the name of another regiment of the side: {}",
                        others.join(", ")
                    ),
                )
            })?;
        let (a, b) = (&regiments[i], &regiments[j]);
        let lead = &names[j];
        let wrong = if a.arm != Arm::Cavalry || b.arm != Arm::Cavalry {
            Some(format!(
                "cavalry behind cavalry: {me} and {lead} must both be cavalry"
            ))
        } else if (a.brigade, a.division, a.player) != (b.brigade, b.division, b.player) {
            Some(format!(
                "a regiment of its own brigade, division and player: {lead} is not of {me}'s"
            ))
        } else if follows(j).is_some() {
            Some(format!(
                "a lead in the first line: {lead} follows another itself (a brigade forms two lines)"
            ))
        } else if let Some(k) = b.second_line {
            Some(format!(
                "a lead with no second line yet: {} follows {lead}",
                names[k as usize]
            ))
        } else {
            a.second_line.map(|k| {
                format!(
                    "a first-line regiment follows no one: {} follows {me}",
                    names[k as usize]
                )
            })
        };
        if let Some(allowed) = wrong {
            return Err(bad(&field, value, &allowed));
        }
        regiments[i].lead = Some(j as u8);
        regiments[j].second_line = Some(i as u8);
        followers |= 1 << i;
    }
    Ok(followers)
}

/// Each artillery company attached to a regiment (`attached_to`): "Cavalry
/// in Open : Allows movement of a cavalry formation and attached horse
/// artillery"; "Infantry Move in Open : Allows infantry regiments, plus any
/// attached artillery to move". The regiment is infantry, or cavalry for
/// horse artillery (`horse = true`), of the company's player, whose cards
/// reach both. The companies, one bit each.
fn attach(
    entries: &[toml::Value],
    regiments: &mut [Regiment],
    pairs: &[u16; MAX_UNITS],
    names: &[String],
    at: &str,
) -> Result<u16> {
    let mut attached = 0u16;
    for (i, entry) in entries.iter().enumerate() {
        let Some(value) = entry.get("attached_to") else {
            continue;
        };
        let field = format!("{at}.regiments[{}].attached_to", i + 1);
        let me = &names[i];
        let company = &regiments[i];
        // A second line moves by its lead's orders, not Move orders of its
        // own: a company attached to it would never move.
        let formations: Vec<&str> = (0..names.len())
            .filter(|&j| match regiments[j].arm {
                Arm::Artillery => false,
                Arm::Cavalry => company.horse && regiments[j].player == company.player,
                Arm::Infantry => regiments[j].player == company.player,
            })
            .filter(|&j| regiments[j].lead.is_none())
            .map(|j| names[j].as_str())
            .collect();
        if company.arm != Arm::Artillery {
            return Err(bad(
                &field,
                value,
                &format!("only artillery is attached: {me} is not"),
            ));
        }
        if pairs[i] != 1 << i {
            return Err(bad(
                &field,
                value,
                &format!("a company that maneuvers alone: {me} is half of a twelve-gun company"),
            ));
        }
        let j = value
            .as_str()
            .and_then(|n| names.iter().position(|m| m == n))
            .filter(|&j| formations.contains(&names[j].as_str()))
            .ok_or_else(|| {
                bad(
                    &field,
                    value,
                    &format!(
                        "an infantry regiment, or cavalry for horse artillery (horse = true), of the same player, in no second line: {}",
                        match formations.is_empty() {
                            true => "none".to_string(),
                            false => formations.join(", "),
                        }
                    ),
                )
            })?;
        regiments[i].attached_to = Some(j as u8);
        regiments[j].attached |= 1 << i;
        attached |= 1 << i;
    }
    Ok(attached)
}

/// Each regiment with a figure, and the other regiments of its brigade.
fn figure_commands(regiments: &[Regiment]) -> Vec<(u8, u16)> {
    regiments
        .iter()
        .enumerate()
        .filter(|(_, r)| r.figure > 0)
        .map(|(f, figure)| {
            let command = regiments
                .iter()
                .enumerate()
                .filter(|&(i, r)| {
                    i != f && r.brigade == figure.brigade && r.division == figure.division
                })
                .fold(0u16, |m, (i, _)| m | 1 << i);
            (f as u8, command)
        })
        .collect()
}
