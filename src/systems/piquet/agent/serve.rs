//! `fortunes agent piquet --strategy NAME`: a built-in player answering
//! the agent protocol's decide messages, each decision read back from the
//! facts the message carries (`Seated` is the other way round).

use super::*;

/// `fortunes agent piquet --strategy NAME`.
pub const AGENT: AgentCommand = AgentCommand {
    about: "Serve a built-in Piquet Regimental player over the agent protocol on stdin and stdout (docs/agents.md)",
    strategy: "heuristic",
    serve: serve_player,
};

fn serve_player(args: &AgentArgs) -> Result<()> {
    let name = &args.strategy;
    let player = resolve_built_in(STRATEGIES, name, &presets_dir(SYSTEM, None))?;
    let strategy = PiquetStrategy::from_player(&player);
    if strategy.search.is_some() {
        return Err(crate::error::Error::new(crate::error::ErrorKind::BadArgument(format!(
            "{name}: the search plays out the whole game state (assaults and engagements under way, every deck, the dice), which a decide message does not carry; allowed: random, heuristic or a preset of one"
        ))));
    }
    // `hello` sets the rules `decide` reads, and the seat.
    let rules = RefCell::new(Rules::default());
    let seat = std::cell::Cell::new(Seat::A);
    serve(
        |message| {
            let values = crate::system::agent::hello_rules(message, Rules::defaults())?;
            *rules.borrow_mut() = Rules::from_values(&values)
                .map_err(|e| message.error(format_args!("rules: {e}")))?;
            seat.set(message.seat("seat")?);
            Ok(())
        },
        |message, rng| {
            let rules = rules.borrow();
            // The built-ins decide from the needs alone, never the field.
            let player = message.get("player").as_u64().unwrap_or(0) as usize;
            let at = &At::blind(seat.get(), player);
            let number = |key: &str| message.number(key, 0, MOST).map(|n| n as u32);
            let names: Vec<&str> = DECISIONS.iter().map(|(name, _)| *name).collect();
            Ok(match names[message.one_of("decision", &names)?] {
                "hand_play" => {
                    let (needs, hand) = (needs_from(message)?, hand_from(message, 1)?);
                    let present = hand.iter().fold(0u16, |m, c| m | 1 << c.kind() as u16);
                    match strategy.hand_play(at, &hand, present, &needs, &rules, rng) {
                        Some(slot) => json!(format!("hand:{}", slot + 1)),
                        None => json!("turn"),
                    }
                }
                "turned" => {
                    let kinds = Kind::NAMES.join(", ");
                    let kind = Kind::parse(message.text("card")?)
                        .ok_or_else(|| message.bad("card", &kinds))?;
                    let room = message.flag("room")?;
                    // A hand without room is full: it holds a card to swap.
                    let (needs, hand) = (needs_from(message)?, hand_from(message, !room as usize)?);
                    json!(turned_name(
                        strategy.turned(at, kind, &hand, room, &needs, &rules, rng)
                    ))
                }
                "officer_check" => {
                    let action = strategy.officer_check(at, &needs_from(message)?, &rules, rng);
                    json!(
                        OFFICER
                            .iter()
                            .find(|(_, a)| *a == action)
                            .expect("every action")
                            .0
                    )
                }
                "issue" => {
                    let order = OrderKind::parse(message.text("order")?)
                        .ok_or_else(|| message.bad("order", OrderKind::NAMES.join(", ")))?;
                    json!(yes(strategy.issue(at, order, number("cost")?, rng)))
                }
                "order" => json!(strategy
                    .order(at, &order_from(message)?, Some(rng))
                    .map_or("none", OrderKind::name)),
                // As the view is worked out: nothing drawn.
                "would_order" => json!(strategy
                    .order(at, &order_from(message)?, None)
                    .map_or("none", OrderKind::name)),
                "move_to" => {
                    // The built-ins choose by index: on to the objective
                    // first, then the places from the nearest.
                    let count = message.get("choices").as_array().map_or(0, Vec::len);
                    if !(2..=1024).contains(&count) {
                        return Err(
                            message.bad("choices", "objective and 1 to 1023 places (inches)")
                        );
                    }
                    let facts = facts_from(message, 1 << OrderKind::Move as u8)?;
                    let k = strategy.move_to(at, &facts, count as u32, rng) as usize;
                    message.get("choices")[k].clone()
                }
                "direction" => {
                    let facts = direction_from(message)?;
                    json!(Maneuver::NAMES[strategy.direction(at, &facts, rng)])
                }
                "deployment" => {
                    let facts = deployment_from(message)?;
                    json!(DEPLOY_TO[strategy.deployment(at, &facts, rng)])
                }
                "rally" => {
                    let full = message.number("full_elan", 1, MOST)? as u32;
                    let elan = message.number("elan", 0, full as u64)? as u32;
                    json!(yes(strategy.rally(
                        at,
                        message.flag("shaken")?,
                        elan,
                        full,
                        rng
                    )))
                }
                "attached" => json!(yes(strategy.attached(at, rng))),
                "extra_cast" => json!(yes(strategy.extra_cast(
                    at,
                    number("ip")?,
                    number("cost")?,
                    number("chips")?,
                    rng
                ))),
                "fire" => json!(yes(strategy.fire(at, number("ip")?, number("cost")?, rng))),
                "reload" => json!(yes(strategy.reload(
                    at,
                    number("ip")?,
                    number("cost")?,
                    rng
                ))),
                "assault_now" => json!(yes(strategy.assault_now(at, number("target_elan")?, true))),
                "retire_now" => {
                    let full = message.number("full_elan", 1, MOST)? as u32;
                    let elan = message.number("elan", 0, full as u64)? as u32;
                    json!(yes(strategy.retire_now(
                        at,
                        elan,
                        full,
                        number("enemy_elan")?,
                        true
                    )))
                }
                "second_line" => {
                    let why = message.text("why")?;
                    let whys = ["meets_breakthrough", "follows_breakthrough", "relieves"];
                    if !whys.contains(&why) {
                        return Err(message.bad("why", whys.join(", ")));
                    }
                    json!(yes(strategy.second_line(
                        at,
                        why,
                        number("elan")?,
                        number("enemy_elan")?,
                        number("lead_elan")?,
                        rng
                    )))
                }
                "aim" => {
                    let (names, candidates) = names_offered(message, "enemy regiments'")?;
                    let nearest = message.one_of("target", &names)?;
                    json!(names[strategy.aim(at, candidates, nearest, rng)])
                }
                "pass_to" => {
                    let (names, candidates) = names_offered(message, "players'")?;
                    let neediest = message.one_of("neediest", &names)?;
                    json!(names[strategy.pass_to(at, candidates, neediest, rng)])
                }
                "withdraw_to" => {
                    // The built-ins choose among the choices' places, in
                    // order from the nearest.
                    let count = message.get("choices").as_array().map_or(0, Vec::len);
                    if count == 0 || count > 256 {
                        return Err(message.bad("choices", "1 to 256 places (inches)"));
                    }
                    let farthest = count as u32 - 1;
                    let outside = message.get("outside").as_i64().unwrap_or(0) as i32;
                    let i = strategy.withdraw_to(at, outside, farthest, rng) as usize;
                    message.get("choices")[i].clone()
                }
                "piquet" => {
                    let full = message.number("full", 1, MOST)? as u32;
                    let elan = message.number("elan", 1, full as u64)? as u32;
                    let cost = message.number("cost", 0, elan as u64 - 1)? as u32;
                    // Which objective tells the built-ins nothing more.
                    let held = strategy.piquet(at, 0, elan, full, cost, rng);
                    json!(if held { "hold" } else { "withdraw" })
                }
                "pass_amount" => {
                    let most = message.number("most", 1, MOST)? as u32;
                    json!(strategy
                        .pass_amount(at, number("ip")?, most, rng)
                        .to_string())
                }
                _ => json!(strategy.brilliant(at, &needs_from(message)?, rng).name()),
            })
        },
    )
}

/// The names a decision offers (`choices`, 1 to 16 of `whose` names), and
/// all of them as the built-ins' candidates, one bit each in the order
/// offered: the scenario's, as the game lists them.
fn names_offered<'m>(message: &Message<'m>, whose: &str) -> Result<(Vec<&'m str>, u16)> {
    let choices = message
        .get("choices")
        .as_array()
        .map_or(&[][..], Vec::as_slice);
    let names: Vec<&str> = choices.iter().filter_map(Value::as_str).collect();
    if names.is_empty() || names.len() > 16 {
        return Err(message.bad("choices", format!("1 to 16 {whose} names")));
    }
    let candidates = ((1u32 << names.len()) - 1) as u16;
    Ok((names, candidates))
}
