//! Hammerin' Sickles rules as named parameters. The seed (Hermann Luttmann,
//! "Detailed Sequence of Play", `001_5d6f8a144e7e9a28.txt`) names several
//! things it does not define (the division chit's return roll, the Wild
//! chits' effect, what Fortunes of War does, what becomes of a held event):
//! each is a parameter here, with the reading this project defaults to.

use crate::error::{Error, ErrorKind, Result};
use crate::params::{ParamKind, ParamSpec, ParamValues};

pub const SYSTEM: &str = "sickles";

/// Event chits per side: the text's nine.
pub const EVENTS: usize = 9;

pub const SPECS: &[ParamSpec] = &[
    ParamSpec {
        name: "excluded_events",
        kind: ParamKind::Int { min: 0, max: 8 },
        default: 3,
        doc: "event chits the opponent excludes at random, unseen, from the eight that are not the key chit",
        source: "A) \"the opposing player randomly selects three of these chits and places them out of play\"",
    },
    ParamSpec {
        name: "fortunes_of_war",
        kind: ParamKind::Choice(&[
            "cancel_remaining_events",
            "cancel_key_chits",
            "end_turn",
            "cancel_next_chit",
            "none",
        ]),
        default: 0,
        doc: "what the Fortunes of War chit does when drawn: every event chit still in the cup is lost for the turn (default: it blocks exactly the key chits not yet out, and the other events with them); only the key chits still in the cup are lost; the chit draw ends and everything left in the cup is lost; the next chit drawn is discarded for the turn with no effect (an event lost, a division, CIC or Wild chit spent without activating); or nothing",
        source: "A) \"the ever-present Fortunes of War chit may block its use!\" (the effect is not given; RULES-NOTES)",
    },
    ParamSpec {
        name: "division_eligible",
        kind: ParamKind::Choice(&["not_by_this_chit", "not_this_turn"]),
        default: 0,
        doc: "which brigades a division chit may activate: those of its division that the division chit has not activated this turn (a CIC or Wild activation does not count), or only those not activated by any chit this turn; the chit goes back in the cup only while such a brigade is left",
        source: "C iii) \"one that belongs to the drawn Division and has not already been activated by the Division Activation Chit\"",
    },
    ParamSpec {
        name: "division_return",
        kind: ParamKind::Choice(&["rating_d6", "never", "always"]),
        default: 0,
        doc: "after its brigade's activation a division chit goes back in the cup if a d6 is at most the division's return_rating (scenario), never, or always; it never returns once every brigade of the division has been activated by it this turn",
        source: "C iii) \"the owning player then rolls to determine if the Division Activation chit is discarded for the turn or placed back into the cup\" (the roll is not given)",
    },
    ParamSpec {
        name: "wild_effect",
        kind: ParamKind::Choice(&["none", "roll_for_activation"]),
        default: 0,
        doc: "a Wild chit does nothing but take its place in the draw (default), or the non-puller rolls a d6: 1-3 the Confederate side, 4-6 the Union side activates any brigade as with a CIC chit",
        source: "C ii) \"its effect is immediately enacted with any necessary die roll being made by the non-chit-pulling player\" (the effect is not given)",
    },
    ParamSpec {
        name: "held_events",
        kind: ParamKind::Choice(&["lost_at_turn_end", "used_at_turn_end"]),
        default: 0,
        doc: "a held event is used at its side's next brigade activation; one still held when the turn ends is lost (default: all nine chits are gathered for the next turn) or used then",
        source: "C i) \"saving it for later use\"; E v) \"Both players gather all nine of their Event chits together\"",
    },
    ParamSpec {
        name: "cic_chits",
        kind: ParamKind::Int { min: 0, max: 2 },
        default: 1,
        doc: "CIC chits each side puts in the cup: 1, two in all, the literal reading (\"both of their CIC chits\" are the two players' chits, and \"if either CIC chit is drawn, the owning player\" gives each chit one owner); 2 reads \"both\" as two for each side",
        source: "A) \"both of their CIC chits\"; C iv) \"If either CIC chit is drawn, the owning player\"",
    },
    ParamSpec {
        name: "wild_chits",
        kind: ParamKind::Int { min: 0, max: 4 },
        default: 2,
        doc: "Wild chits in the cup (the text's two, shared)",
        source: "A) \"both Wild chits\"",
    },
    ParamSpec {
        name: "turns",
        kind: ParamKind::OptionalInt { min: 1, max: 40 },
        default: crate::params::NONE,
        doc: "game turns; none plays the scenario's number",
        source: "\"the actual number of turns depends on the scenario selected\"",
    },
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FortunesOfWar {
    CancelRemainingEvents,
    CancelKeyChits,
    EndTurn,
    CancelNextChit,
    None,
}

/// Which brigades a division chit may activate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DivisionEligible {
    NotByThisChit,
    NotThisTurn,
}

/// What the text gives that fortunes does not make a parameter, and why.
pub const NOTES: &str = "\
Not parameters:
  chit-puller: the Confederate player pulls on odd turns, the Union on even
    (C, recorded per turn as `puller`). The puller draws at random and hands
    each chit to its owner, and the only die he leaves to the other player
    (a Wild chit's, wild_effect = roll_for_activation) is fair whoever rolls
    it, so who pulls changes no figure; the text gives the puller no choice.
  orders, artillery, fire, movement, rally: their effects need the map; a
    brigade's order is recorded (orders_per_turn) but changes nothing else.
";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DivisionReturn {
    RatingD6,
    Never,
    Always,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WildEffect {
    None,
    RollForActivation,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeldEvents {
    LostAtTurnEnd,
    UsedAtTurnEnd,
}

/// The typed rules of one run.
#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    pub excluded_events: u8,
    pub fortunes_of_war: FortunesOfWar,
    pub division_eligible: DivisionEligible,
    pub division_return: DivisionReturn,
    pub wild_effect: WildEffect,
    pub held_events: HeldEvents,
    pub cic_chits: u8,
    pub wild_chits: u8,
    /// `None`: the scenario's.
    pub turns: Option<u32>,
}

impl Rules {
    pub fn defaults() -> ParamValues {
        ParamValues::defaults(SYSTEM, SPECS)
    }

    pub fn from_values(values: &ParamValues) -> Result<Rules> {
        let pick = |name: &str| values.get(name);
        let turns = pick("turns");
        let rules = Rules {
            excluded_events: pick("excluded_events") as u8,
            fortunes_of_war: [
                FortunesOfWar::CancelRemainingEvents,
                FortunesOfWar::CancelKeyChits,
                FortunesOfWar::EndTurn,
                FortunesOfWar::CancelNextChit,
                FortunesOfWar::None,
            ][pick("fortunes_of_war") as usize],
            division_eligible: [
                DivisionEligible::NotByThisChit,
                DivisionEligible::NotThisTurn,
            ][pick("division_eligible") as usize],
            division_return: [
                DivisionReturn::RatingD6,
                DivisionReturn::Never,
                DivisionReturn::Always,
            ][pick("division_return") as usize],
            wild_effect: [WildEffect::None, WildEffect::RollForActivation]
                [pick("wild_effect") as usize],
            held_events: [HeldEvents::LostAtTurnEnd, HeldEvents::UsedAtTurnEnd]
                [pick("held_events") as usize],
            cic_chits: pick("cic_chits") as u8,
            wild_chits: pick("wild_chits") as u8,
            turns: (turns != crate::params::NONE).then_some(turns as u32),
        };
        if rules.excluded_events as usize > EVENTS - 1 {
            return Err(Error::new(ErrorKind::ImpossibleRules(format!(
                "excluded_events = {} but only {} event chits are not the key chit",
                rules.excluded_events,
                EVENTS - 1
            ))));
        }
        Ok(rules)
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules::from_values(&Rules::defaults()).expect("defaults are valid")
    }
}
