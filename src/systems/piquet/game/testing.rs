//! What the tests of every part of the game share: a game of a
//! scenario text, heuristic players, regiments set idle.
use super::*;
pub(super) use crate::systems::piquet::strategy::Style;

/// A game of `text` (heuristic players casting below `recast_below`)
/// with side a's regiments `idle` waiting for orders, handed to `check`.
pub(super) fn on_side_a(
    text: &str,
    recast_below: u32,
    idle: &[usize],
    check: impl FnOnce(&Setup, &mut Game),
) {
    with_rules(text, Rules::default(), recast_below, idle, check);
}

/// `on_side_a` under `rules`.
pub(super) fn with_rules(
    text: &str,
    rules: Rules,
    recast_below: u32,
    idle: &[usize],
    check: impl FnOnce(&Setup, &mut Game),
) {
    let scenario = Scenario::from_table(&toml::from_str(text).unwrap()).unwrap();
    let heuristic = PiquetStrategy {
        style: Style::Heuristic,
        reserve: 2,
        recast_below,
        fire_reserve: 0,
        assault_at_elan: 60,
        rally_worn_at: 50,
        retire_at_elan: 25,
        prepare_within: 12,
        search: None,
    };
    let strategies = BySeat([heuristic; 2]);
    let setup = Setup {
        rules: &rules,
        scenario: &scenario,
        strategies: &strategies,
    };
    let mut game = Game::new();
    game.reset(&setup, 1, 0);
    for &i in idle {
        game.set_status(&setup, Seat::A, i, Status::Idle);
    }
    check(&setup, &mut game);
}

/// Side a's line against side b's at `distance` inches, both loaded.
pub(super) const FIREFIGHT: &str = "decqs = 1\ndistance = 3\n[chips]\nmove = 8\nmaneuver = 4\ndeploy = 3\nassault = 6\n\
     [army_deck]\nofficer_check = 14\nmusket_reload = 14\n\
     [a]\ncommander = \"good\"\n\
     [[a.regiments]]\nname = \"Line\"\nrating = \"line,reliable\"\norders = [\"move\", \"maneuver\"]\ntarget = \"Enemy\"\n\
     [b]\ncommander = \"good\"\n[[b.regiments]]\nname = \"Enemy\"\n\
     rating = \"line,reliable\"\norders = [\"deploy\"]\n";
