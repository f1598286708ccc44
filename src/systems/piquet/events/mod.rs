//! What `fortunes replay piquet` tells, in the game's words: the players
//! and regiments as the game opens, each DECQ's decks, every card turned
//! or played from a hand and what was done with it, every order, cast,
//! volley, reload, rally and assault with its dice, every change of a
//! regiment's place, Elan, load and status, the engagements, and each
//! DECQ's and the game's end. DECQs and KARDs (within their DECQ) count
//! from 1; places are inches on the field's one axis (side a faces up it,
//! side b down it); a card with `*` came from the side's Army Deck. The
//! JSON of each is documented in `docs/replay.md`.

use super::cards::Card;
use super::field::Status;
use super::stats::{AssaultEnd, EngagementEnd, FireKind, RallyKind};
use serde::Serialize;

mod faces;
mod words;

pub use faces::{cast_faces, rally_faces, three_d6_faces, volley_faces};

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A player as the game opens: its quality, the hand it may hold, and
    /// its opening initiative, 3d6.
    Player {
        side: &'static str,
        player: String,
        role: &'static str,
        /// The player it answers to (none for the side's commander).
        superior: Option<String>,
        /// The player whose deck it shares (`shares_deck`), turning none
        /// of its own; none when it turns its own.
        shares_deck: Option<String>,
        quality: &'static str,
        hand_size: u32,
        dice: Vec<u32>,
        ip: u32,
    },
    /// A terrain objective as the game opens: the stretch `from..=to` of
    /// the axis, and its kind (horizons under rule `objective_horizons`).
    Objective {
        objective: String,
        from: i32,
        to: i32,
        kind: &'static str,
    },
    /// A bridge or gate as the game opens (note 21): a place `at` on the
    /// axis that hinders the orders that must cross it and covers a
    /// defender assaulted across it.
    Obstacle {
        obstacle: String,
        at: i32,
        kind: &'static str,
    },
    /// A regiment as the game opens: where it stands, its Elan and stamina
    /// boxes, whether loaded, its plan of orders (the first already
    /// issued, free; `["chosen"]` when its player chooses each, the first
    /// told as a free `order`) and the enemy it is aimed at, if named.
    Regiment {
        side: &'static str,
        regiment: String,
        player: String,
        arm: &'static str,
        at: i32,
        /// Where the centre of its frontage stands across the field, and
        /// the frontage, in inches.
        y: f64,
        frontage: f64,
        /// How it stands: formed, prepared (to receive cavalry) or
        /// skirmish (in skirmish order).
        deployment: &'static str,
        elan: u32,
        boxes: u32,
        loaded: bool,
        plan: Vec<&'static str>,
        target: Option<String>,
        /// The lead a second line follows (rule `cavalry_waves`).
        follows: Option<String>,
        /// The regiment an artillery company is attached to.
        attached_to: Option<String>,
    },
    /// A DECQ begins: each player's initiative, commander first.
    DecqStart {
        decq: u32,
        ip_a: Vec<u32>,
        ip_b: Vec<u32>,
    },
    /// A player's deck for the DECQ, top card first, and the hand it
    /// carries into it.
    Deal {
        decq: u32,
        side: &'static str,
        player: String,
        deck: Vec<String>,
        hand: Vec<String>,
    },
    /// A player plays `card` from its hand (which held `hand`) for `cost`
    /// IP; its deck's top card, `discarded`, goes unseen.
    HandPlay {
        decq: u32,
        kard: u32,
        side: &'static str,
        player: String,
        card: String,
        hand: Vec<String>,
        discarded: String,
        cost: u32,
        ip: u32,
    },
    /// A player turns `card` and `choice`s it: use, keep (into the hand),
    /// swap (into a full hand, `discarded` out, for `cost` IP) or pass.
    /// `options` are the choices it had; `could_play` the hand cards it
    /// could have played instead of turning.
    Turn {
        decq: u32,
        kard: u32,
        side: &'static str,
        player: String,
        card: String,
        choice: &'static str,
        options: Vec<&'static str>,
        could_play: Vec<String>,
        discarded: Option<String>,
        cost: u32,
        ip: u32,
    },
    /// A player sharing `holder`'s deck and the card `holder` turned or
    /// played this KARD: it `uses` it (for its own command, with its own
    /// initiative), or not (rule `shared_card`: a card played from the
    /// hand under `turned`, one the holder did not use under `used`).
    Shares {
        decq: u32,
        kard: u32,
        side: &'static str,
        player: String,
        holder: String,
        card: String,
        uses: bool,
    },
    /// A Brilliant Leader used as a card of another kind.
    Brilliant {
        decq: u32,
        kard: u32,
        side: &'static str,
        player: String,
        acts_as: String,
    },
    /// A Heroic Moment: the player's regiments (all the side's, for its
    /// commander) cast one step up in assaults this KARD.
    Heroic {
        decq: u32,
        kard: u32,
        side: &'static str,
        player: String,
    },
    /// A Crushing Volley: these regiments' volleys are stepped up this KARD.
    CrushingVolley {
        decq: u32,
        kard: u32,
        side: &'static str,
        player: String,
        regiments: Vec<String>,
    },
    /// The side whose used cards take effect first this KARD, told only
    /// when a coin decides it (`kard_first = random`).
    ResolvesFirst {
        decq: u32,
        kard: u32,
        side: &'static str,
    },
    /// A card that executes orders finds none of the player's regiments
    /// waiting for it.
    NothingWaits {
        decq: u32,
        kard: u32,
        side: &'static str,
        player: String,
        card: String,
    },
    /// An Officer Check and what the player does with it.
    OfficerCheck {
        decq: u32,
        kard: u32,
        side: &'static str,
        player: String,
        action: &'static str,
    },
    /// A cast for initiative, 3d6: the IP becomes the higher of `was` and
    /// the total, at most 18.
    Cast {
        decq: u32,
        kard: u32,
        side: &'static str,
        player: String,
        dice: Vec<u32>,
        total: u32,
        was: u32,
        ip: u32,
    },
    /// An order issued to `regiments` (a regiment, brigade or division)
    /// for `cost` IP, any bypass of a subordinate included.
    Order {
        decq: u32,
        kard: u32,
        side: &'static str,
        player: String,
        order: &'static str,
        regiments: Vec<String>,
        cost: u32,
        ip: u32,
    },
    /// The enemy regiment an assault its player chose for `regiment`
    /// goes in against (`orders = "chosen"`): its named target while that
    /// is in the game, else the nearest enemy, one drawn among as near.
    Aims {
        decq: u32,
        kard: u32,
        side: &'static str,
        regiment: String,
        target: String,
    },
    /// Where a Deploy order its player chose for `regiment` takes it
    /// (`orders = "chosen"`), shown by its piquet as the order is placed:
    /// `to` one of max, min, formed (at those frontages), prepared,
    /// skirmish. Its `deploys` follows when the order completes.
    DeployTo {
        decq: u32,
        kard: u32,
        side: &'static str,
        regiment: String,
        to: &'static str,
    },
    /// An order just given to `regiment` must cross `obstacles` (bridges
    /// and gates, in order up the axis) to where it goes as the field
    /// stands: its movement chips are now `chips`, `obstacle_chips` more
    /// for each.
    Hindered {
        decq: u32,
        kard: u32,
        side: &'static str,
        regiment: String,
        order: &'static str,
        obstacles: Vec<String>,
        chips: u32,
    },
    /// `attacker` went into contact with `defender` across `obstacles`:
    /// they cover the defender against its casts (`obstacle_cover_step`)
    /// while it fights this assault.
    Covered {
        decq: u32,
        kard: u32,
        side: &'static str,
        attacker: String,
        defender: String,
        obstacles: Vec<String>,
    },
    /// A Move order's piquet, placed "at the objective of the ... movement"
    /// as the order is issued (rule `piquets_hold`): the next terrain
    /// objective ahead, held while the order stands; `blocked` (none when
    /// placed): `enemy` (an enemy regiment stands there), `held` (an enemy
    /// piquet holds it) or `contested` (both sides' opening Moves make for
    /// it, placed at once before the first KARD).
    Piquet {
        decq: u32,
        kard: u32,
        side: &'static str,
        regiment: String,
        objective: String,
        blocked: Option<&'static str>,
    },
    /// An enemy Move (`by`) about to enter the objective the side's
    /// piquets hold meets them: `regiment`'s (the one with the most Elan)
    /// answers for them and the others holding it there (`with`):
    /// `choice` hold (the mover stops at Engagement range of the objective,
    /// `regiment` losing `elan_lost`, `elan` left), withdraw (the piquets
    /// all leave, the mover goes in), or stands (a skirmishing mover cannot
    /// drive them out: it stops, no choice).
    PiquetMet {
        decq: u32,
        kard: u32,
        side: &'static str,
        regiment: String,
        with: Vec<String>,
        objective: String,
        by: String,
        choice: &'static str,
        elan_lost: u32,
        elan: u32,
    },
    /// Where a Move order its player chose for `regiment` stops
    /// (`orders = "chosen"`), as its piquet is placed: `to` a place on the
    /// axis short of its objective, or none: on to the objective (the next
    /// terrain objective ahead, or its fire's reach of the nearest enemy
    /// ahead, whichever it meets first when it moves).
    MoveTo {
        decq: u32,
        kard: u32,
        side: &'static str,
        regiment: String,
        to: Option<i32>,
    },
    /// Which way a Maneuver order its player chose for `regiment` goes
    /// (`orders = "chosen"`): `to` forward, back, left or right (its own
    /// flanks). Its `moves` (`maneuver`) follows when the order completes,
    /// if the way is still open.
    ManeuverTo {
        decq: u32,
        kard: u32,
        side: &'static str,
        regiment: String,
        to: &'static str,
    },
    /// An order the player did not issue: it could not pay (`why` "ip")
    /// or chose not to ("declined").
    NotOrdered {
        decq: u32,
        kard: u32,
        side: &'static str,
        player: String,
        order: &'static str,
        regiments: Vec<String>,
        cost: u32,
        why: &'static str,
    },
    /// Initiative passed to the subordinate `to`: `amount` passed, `cost`
    /// more spent on passing it.
    Pass {
        decq: u32,
        kard: u32,
        side: &'static str,
        player: String,
        to: String,
        amount: u32,
        cost: u32,
        ip: u32,
        to_ip: u32,
    },
    /// A rally for `cost` IP: `dice` cast, each below `need` checks a
    /// stamina box (`failures`); with none left the regiment is removed,
    /// else its Elan is whole again.
    Rally {
        decq: u32,
        kard: u32,
        side: &'static str,
        player: String,
        regiment: String,
        kind: &'static str,
        cost: u32,
        dice: Vec<u32>,
        need: u32,
        failures: u32,
        boxes_left: u32,
        elan: u32,
        ip: u32,
    },
    /// A regiment's order executed on its card: its `chips`, those an
    /// attached figure removed (`figure`) or bought away (`bought`), each
    /// performance cast's dice and the chips it removed, the chips left
    /// (none: the order is complete) and the IP it cost.
    Execute {
        decq: u32,
        kard: u32,
        side: &'static str,
        player: String,
        regiment: String,
        /// The rest of the group executing the order as one with
        /// `regiment` (`group_casts = weakest_link`), whose dice it cast.
        with: Vec<String>,
        order: &'static str,
        chips: u32,
        figure: u32,
        bought: bool,
        casts: Vec<Vec<u32>>,
        removed: Vec<u32>,
        chips_left: u32,
        cost: u32,
        ip: u32,
    },
    /// A regiment under an attached figure's command whose first cast was
    /// not paid for: its order waits.
    Waits {
        decq: u32,
        kard: u32,
        side: &'static str,
        player: String,
        regiment: String,
        order: &'static str,
        cost: u32,
    },
    /// A reload card offers an unloaded regiment or company its reload for
    /// `cost` IP.
    Reload {
        decq: u32,
        kard: u32,
        side: &'static str,
        player: String,
        regiment: String,
        cost: u32,
        reloaded: bool,
        ip: u32,
    },
    /// A fire order for `regiments` (a regiment or a brigade) aimed at
    /// `target`, for `cost` IP: `fired` when given.
    Fire {
        decq: u32,
        kard: u32,
        side: &'static str,
        player: String,
        regiments: Vec<String>,
        target: String,
        cost: u32,
        fired: bool,
        ip: u32,
    },
    /// A volley cast (the firer is unloaded): its dice, its steps and the
    /// value, the Elan it will take when the KARD's volleys land.
    Volley {
        decq: u32,
        kard: u32,
        side: &'static str,
        regiment: String,
        target: String,
        kind: &'static str,
        dice: Vec<u32>,
        step: i32,
        value: u32,
    },
    /// A volley lands on `regiment` (of `side`): the Elan it lost, and left.
    Hit {
        decq: u32,
        kard: u32,
        side: &'static str,
        regiment: String,
        by: String,
        elan_lost: u32,
        elan: u32,
    },
    /// A regiment moves on the axis (`from`, `to`) and, when it inclined
    /// or maneuvered to a flank, across it (`y_from`, `y_to`, inches):
    /// `why` a completed order, an assault, an objective, or a withdrawal.
    Moves {
        decq: u32,
        kard: u32,
        side: &'static str,
        regiment: String,
        from: i32,
        to: i32,
        y_from: Option<f64>,
        y_to: Option<f64>,
        why: &'static str,
    },
    /// A regiment's Deploy order changes its deployment (`from`, `to`:
    /// formed, prepared, skirmish) and frontage (inches).
    Deploys {
        decq: u32,
        kard: u32,
        side: &'static str,
        regiment: String,
        from: &'static str,
        to: &'static str,
        frontage_from: f64,
        frontage: f64,
    },
    /// Formed infantry under an Assault order has come up to Engagement
    /// range of `skirmishers`, which take an unmodified performance cast
    /// (`dice`, highest `chips`): its order's movement chips now.
    SkirmishersCast {
        decq: u32,
        kard: u32,
        side: &'static str,
        regiment: String,
        skirmishers: String,
        dice: Vec<u32>,
        chips: u32,
    },
    /// A regiment's status changes.
    Status {
        decq: u32,
        kard: u32,
        side: &'static str,
        regiment: String,
        from: &'static str,
        to: &'static str,
    },
    /// A loaded regiment is unloaded by an engagement's or an assault's end.
    Unloaded {
        decq: u32,
        kard: u32,
        side: &'static str,
        regiment: String,
        why: &'static str,
    },
    EngagementBegins {
        decq: u32,
        kard: u32,
        a: String,
        b: String,
    },
    /// An engagement ends (`how`), after `kards` KARDs.
    EngagementEnds {
        decq: u32,
        kard: u32,
        a: String,
        b: String,
        how: &'static str,
        kards: u32,
    },
    /// An assault begins, `attacker` (of `side`) on `defender`, with
    /// their Elan.
    AssaultBegins {
        decq: u32,
        kard: u32,
        side: &'static str,
        attacker: String,
        defender: String,
        elan: [u32; 2],
    },
    /// One more attacker joins an assault on `defender`.
    JoinsAssault {
        decq: u32,
        kard: u32,
        side: &'static str,
        attacker: String,
        defender: String,
    },
    /// An assault's target could not resist: `regiment` takes the
    /// objective unopposed.
    ObjectiveTaken {
        decq: u32,
        kard: u32,
        side: &'static str,
        regiment: String,
        target: String,
    },
    /// A round of an assault by `side`'s `attackers` on `defender`: each
    /// one's dice and cast, the attackers' combined cast (the multi-unit
    /// rule), and the Elan each has left.
    AssaultRound {
        decq: u32,
        kard: u32,
        side: &'static str,
        defender: String,
        defender_dice: Vec<u32>,
        defender_cast: u32,
        attackers: Vec<String>,
        attacker_dice: Vec<Vec<u32>>,
        attacker_casts: Vec<u32>,
        /// Where each attacker meets the defender: "front" (its cast in
        /// the combined one), "flank" or "rear" (its full effect beside it).
        aspects: Vec<&'static str>,
        combined: u32,
        defender_elan: u32,
        attacker_elan: Vec<u32>,
    },
    /// Battle cavalry beat the defender's cast on its first round: it
    /// breaks through if percentile `roll` is at most `chance`, taking a
    /// d8 of the defender's Elan for a d4 of its own.
    Breakthrough {
        decq: u32,
        kard: u32,
        side: &'static str,
        regiment: String,
        chance: u32,
        roll: u32,
        through: bool,
        d8: Option<u32>,
        d4: Option<u32>,
        elan: u32,
        defender_elan: u32,
    },
    /// Cavalry through with Elan left (rule `breakthrough_onward`) meets
    /// no one: no enemy ahead of it (`ahead` null), or the nearest drawn,
    /// `ahead`, attacks elsewhere.
    Stays {
        decq: u32,
        kard: u32,
        side: &'static str,
        regiment: String,
        ahead: Option<String>,
    },
    /// `side`'s second-line cavalry `regiment`, behind `lead`, goes in at
    /// once against `target` (rule `cavalry_waves`), `why`:
    /// `meets_breakthrough`, `follows_breakthrough` or `relieves`.
    SecondLine {
        decq: u32,
        kard: u32,
        side: &'static str,
        regiment: String,
        lead: String,
        target: String,
        why: &'static str,
    },
    /// `side`'s `regiment` completes a Maneuver order out of the assault
    /// on `defender` (of whichever side) and retires from the fight.
    Retires {
        decq: u32,
        kard: u32,
        side: &'static str,
        regiment: String,
        defender: String,
    },
    /// An assault ends after `kards` rounds.
    AssaultEnds {
        decq: u32,
        kard: u32,
        side: &'static str,
        defender: String,
        end: &'static str,
        kards: u32,
        attacker_won: bool,
    },
    /// A DECQ ends: each player's initiative, commander first.
    DecqEnd {
        decq: u32,
        ip_a: Vec<u32>,
        ip_b: Vec<u32>,
    },
    /// The game ends: regiments removed, and each regiment's Elan, side a's
    /// then side b's in the scenario's order.
    GameEnd {
        removed: [u32; 2],
        elan_a: Vec<u32>,
        elan_b: Vec<u32>,
    },
}

/// A card as the events name it: its kind, `*` when from the Army Deck.
pub fn card(card: Card) -> String {
    let mut name = card.kind().name().to_string();
    if card.from_army() {
        name.push('*');
    }
    name
}

pub fn cards(cards: &[Card]) -> Vec<String> {
    cards.iter().map(|&c| card(c)).collect()
}

pub fn status(status: Status) -> &'static str {
    match status {
        Status::Shaken {
            defeated: true,
            by_cavalry: true,
        } => "defeated_by_cavalry",
        Status::Shaken { defeated: true, .. } => "defeated",
        other => other.name(),
    }
}

pub fn fire_kind(kind: FireKind) -> &'static str {
    match kind {
        FireKind::Musketry => "musketry",
        FireKind::Artillery => "artillery",
        FireKind::Bombardment => "bombardment",
    }
}

pub fn rally_kind(kind: RallyKind) -> &'static str {
    match kind {
        RallyKind::Sound => "sound",
        RallyKind::Defeated => "defeated",
        RallyKind::DefeatedByCavalry => "defeated_by_cavalry",
    }
}

pub fn engagement_end(end: EngagementEnd) -> &'static str {
    match end {
        EngagementEnd::AWithdrew => "a_withdrew",
        EngagementEnd::BWithdrew => "b_withdrew",
        EngagementEnd::BothWithdrew => "both_withdrew",
        EngagementEnd::Assault => "assault",
        EngagementEnd::BrokenOff => "broken_off",
    }
}

pub fn assault_end(end: AssaultEnd) -> &'static str {
    match end {
        AssaultEnd::AttackerWins => "attacker_wins",
        AssaultEnd::DefenderWins => "defender_wins",
        AssaultEnd::Together => "together",
        AssaultEnd::Breakthrough => "breakthrough",
        AssaultEnd::Undecided => "undecided",
        AssaultEnd::Retired => "retired",
    }
}
