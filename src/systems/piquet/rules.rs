//! Piquet Regimental (Jim Getz; seed `004_95d5d795d2285ff3.txt`) as named
//! parameters: the initiative costs the text gives, and a name for each
//! reading it leaves open.
//!
//! The text once says the redeal brings a player "to have a total of 19
//! cards"; everywhere else (the DECQ of eighteen KARDs, note 13's count,
//! "in order to get to the 18 total") it is 18, which is what the game
//! deals.

use super::dice::BeyondFour;
use crate::error::Result;
use crate::params::{ParamKind, ParamSpec, ParamValues};

pub const SYSTEM: &str = "piquet";

/// The initiative track's top: "This counter must be able to track up to
/// 18 initiative points".
pub const MAX_INITIATIVE: u32 = 18;

pub const SPECS: &[ParamSpec] = &[
    ParamSpec {
        name: "kard_first",
        kind: ParamKind::Choice(&["alternate", "a", "b", "random"]),
        default: 0,
        doc: "whose used cards take effect first in a KARD, the text turning every player's card at once and defining no order: alternate (the default: side a on odd KARDs, b on even ones, so neither side always goes first and no die is cast), a or b (that side always first, to bracket what going first is worth), or random (a coin of the rules stream each KARD, told as `resolves_first`). Whichever resolves first, the KARD's volleys land together and neither side sees the other's card before choosing",
        source: "\"This game is a card based, simultaneously sequenced ... wargame\"; \"There is no defined sequence of actions related to the DECQ other than the simultaneous turning of cards by each player\"",
    },
    ParamSpec {
        name: "order_cost",
        kind: ParamKind::Int { min: 0, max: 18 },
        default: 1,
        doc: "IP to issue one order, to a regiment or to a whole brigade",
        source: "\"Each order placed will cost 1 IP. An order can be issued to a regiment, a brigade, or a division for the expense of 1 IP\"",
    },
    ParamSpec {
        name: "bypass_cost",
        kind: ParamKind::Int { min: 0, max: 18 },
        default: 1,
        doc: "IP more for a player to order a subordinate player's regiments: once for each subordinate bypassed on an Officer Check, however many orders it gives them (note 9: three orders and one more, four IP)",
        source: "\"Superior officers can issue orders to units of their subordinates at the cost of an additional IP\" (note 9)",
    },
    ParamSpec {
        name: "bypass_levels",
        kind: ParamKind::Choice(&["once", "each_player"]),
        default: 0,
        doc: "in a chain of three levels or more (a subordinate's `superior`), what an army commander going around a corps commander to a division commander's regiments pays: once (the default, the literal reading of \"at the cost of an additional IP\"), bypass_cost for the division commander alone, as with one level; or each_player, bypass_cost for each player it goes around, the corps commander and the division commander (note 9's one level, counted at every level)",
        source: "\"Superior officers can issue orders to units of their subordinates at the cost of an additional IP\"; note 9: \"one more for the army commander bypassing the corps commander player\"",
    },
    ParamSpec {
        name: "pass_cost",
        kind: ParamKind::Int { min: 0, max: 18 },
        default: 1,
        doc: "IP a player pays to pass initiative to a subordinate (any player below it), besides the IP passed",
        source: "\"This costs the superior player 1 IP to do the passing, plus the number of IP's passed\"",
    },
    ParamSpec {
        name: "attached_pass",
        kind: ParamKind::Choice(&["forbidden", "allowed"]),
        default: 0,
        doc: "whether a player with subordinates whose own figure is attached to a regiment may pass initiative down on an Officer Check: forbidden (the default, the literal reading: passing is one of the Officer Check's actions here, and the attached player may use the card for nothing but his regiment), or allowed (passing read as no Officer Check action, which the text, naming no card for it, also permits)",
        source: "\"However, as long as the player is attached to the regiment he may not use the Officer Check card for any action other than to detach from the regiment\"; \"superior ranking players can also pass initiative to subordinates\" (no card named)",
    },
    ParamSpec {
        name: "shared_card",
        kind: ParamKind::Choice(&["turned", "used"]),
        default: 0,
        doc: "which cards a player sharing its superior's deck (a subordinate's `shares_deck`) acts on: turned (the default, the literal reading), every card the deck's holder turns, whether the holder uses it, keeps it or lets it go, but not one it plays from its hand (none is turned: the top card goes unseen), so a kept card serves the sharers once, when turned, and played later serves the holder's own regiments only; or used, every card the holder uses, turned or played from its hand, and no other",
        source: "\"all the division commanders for a specific corps will use the same card turned by their corps commander\"",
    },
    ParamSpec {
        name: "rally_cost",
        kind: ParamKind::Int { min: 0, max: 18 },
        default: 1,
        doc: "IP to rally one unit on an Officer Check",
        source: "\"Rallies are done on an Officer Check card at the cost of 1 IP per unit rallied\"",
    },
    ParamSpec {
        name: "hand_play_cost",
        kind: ParamKind::Int { min: 0, max: 18 },
        default: 1,
        doc: "IP to play a card from the hand (the deck's top card is discarded unseen)",
        source: "\"A player may play a card from their hand at the cost of 1 IP\"",
    },
    ParamSpec {
        name: "hand_swap_cost",
        kind: ParamKind::Int { min: 0, max: 18 },
        default: 2,
        doc: "IP to put a turned card into a full hand, discarding one held",
        source: "\"the player may discard a card in the hand and then add the desired card to his or her hand at the cost of 2 IP\"",
    },
    ParamSpec {
        name: "second_cast_cost",
        kind: ParamKind::Int { min: 0, max: 18 },
        default: 2,
        doc: "IP for a second performance cast against movement chips on the same card",
        source: "\"For the expenditure of an additional 2 IP, the player may take an additional cast on the same card\"",
    },
    ParamSpec {
        name: "third_cast_cost",
        kind: ParamKind::Int { min: 0, max: 18 },
        default: 3,
        doc: "IP for a third performance cast on the same card",
        source: "\"for another 3 IP, a third cast can be taken\"",
    },
    ParamSpec {
        name: "attached_cost",
        kind: ParamKind::Int { min: 0, max: 18 },
        default: 2,
        doc: "IP for the regiment the player's own figure is attached to to execute its order at once, without a cast",
        source: "\"that regiment may automatically execute the order on the first turn of the appropriate card, without making any cast, but with the cost of 2 IP\"",
    },
    ParamSpec {
        name: "figure_command_cost",
        kind: ParamKind::Int { min: 0, max: 18 },
        default: 4,
        doc: "IP, while a subordinate figure is attached to a regiment, for every other regiment of its brigade to cast on its card (the first cast, otherwise free) and to be issued an order (instead of order_cost)",
        source: "\"However, it will cost 4 IP to cast for card execution or to issue an order to any other regiment or larger unit under this casting's command\"",
    },
    ParamSpec {
        name: "order_groups",
        kind: ParamKind::Choice(&["whole", "idle_alike"]),
        default: 0,
        doc: "what one order (one order_cost) covers: a whole division, or a whole brigade, every regiment of which is waiting for the same next order, else a single regiment; or, more loosely, every waiting regiment of a brigade (or of a division, when the scenario names divisions) whose next order is the same",
        source: "\"An order can be issued to a regiment, a brigade, or a division for the expense of 1 IP. All units in the brigade or division will then operate on this single order\"; note 9",
    },
    ParamSpec {
        name: "group_casts",
        kind: ParamKind::Choice(&["weakest_link", "each_regiment"]),
        default: 0,
        doc: "how the regiments one order covers execute it: weakest_link (the literal reading) keeps one pool of movement chips for the group, the most any of its regiments was given, and casts once for all with the dice of its least elite regiment (the smallest die type, then the fewest dice), its own steps applied, the whole group completing together; each_regiment casts each regiment's own dice against its own chips",
        source: "\"If the movement order has been given to a brigade or division, the number of movement chips given for the movement is based on the 'weakest link' concept, that is, use the regiment whose condition will generate the most movement chips and then use the least elite regiment to determine the number and type of dice to cast for performance\"; Cavalry Wave Assaults: \"each regiment will maintain its own Elan chips while the brigade will maintain the movement chips\"",
    },
    ParamSpec {
        name: "cavalry_later_step",
        kind: ParamKind::Int { min: -4, max: 0 },
        default: 0,
        doc: "note 18's modifier: steps each assault cast of a cavalry attacker against infantry after its first round (cavalry's shock wins quick or not at all); its size was lost with the modifier table, so 0 leaves it out",
        source: "note 18: \"My theory here is that cavalry needs to use its shock to win quick; if they don't, the infantry will gradually get the upper hand\" (the modifier the note explains was lost in the scan)",
    },
    ParamSpec {
        name: "prepared_step",
        kind: ParamKind::Int { min: -4, max: 0 },
        default: 0,
        doc: "steps each assault cast of a cavalry attacker against infantry Prepared to Receive Cavalry (a Deploy order's `prepared`); what the deployment does was lost with the modifier table, so 0 leaves it out",
        source: "Deployment: \"going into and out of Prepared to Receive Cavalry\"; Infantry: \"preparing infantry to receive cavalry\" (its effect is in no surviving sentence)",
    },
    ParamSpec {
        name: "skirmishers_receive",
        kind: ParamKind::Choice(&["cover", "never"]),
        default: 0,
        doc: "whether skirmishing infantry not in the open (in a terrain objective or an urban block) takes the option to receive an assault by formed infantry: cover, it does, and the assault goes in at once; never, it does not, and the formed infantry moves through as it must in the open (to Engagement range, then the skirmishers' unmodified cast as more chips, then into contact)",
        source: "Defensive Use of Skirmishing Units: \"At the commanding player's option, skirmishing infantry units not in the open can elect to receive an Assault\"",
    },
    ParamSpec {
        name: "both_zero",
        kind: ParamKind::Choice(&["both_defeated", "defender_holds", "attacker_wins"]),
        default: 0,
        doc: "an assault in which both Elans reach zero on the same KARD: both units defeated, the defender keeps the ground (the attacker defeated), or the attacker wins",
        source: "\"When one unit or the other losses all its Elan it is defeated\" (both at once is not covered; RULES-NOTES)",
    },
    ParamSpec {
        name: "beyond_four",
        kind: ParamKind::Choice(&["next_type", "climb"]),
        default: 0,
        doc: "steps up past four dice of a unit's type: each adds a die of the next larger type, or each climbs one type further",
        source: "\"If this would take you past four dice, add one of the next higher die type\" (its example shows one step past four only)",
    },
    ParamSpec {
        name: "dress_lines_rally",
        kind: ParamKind::Bool,
        default: 0,
        doc: "the optional rule: a Dress Lines card lets its player rally one unit for 1 IP (the rally cost): an unrallied one (defeated first), else, if the player will, its most worn one (the least share of its Elan left)",
        source: "note 15: \"Optionally the Dress Lines cards can be used to allow the drawing player to rally one, and only one, unit for the cost of 1 IP\"",
    },
    ParamSpec {
        name: "short_overlap",
        kind: ParamKind::Choice(&["flank", "front"]),
        default: 0,
        doc: "an attacker whose frontage overlaps its defender's by less than half its own (the field's frontages and places across it, `y`): flank (the default, the literal reading), it is not among the multiple attackers \"at least 50% of its frontage overlapping\" whose casts combine, and fights as the text's only other attacker, from a flank, its full effect applied to the defender beside the others'; or front, it joins the others' combined cast",
        source: "Multiple Unit Combats: \"each of the multiple attacking units has at least 50% of its frontage overlapping the single unit\"; \"If a unit of the multiple unit side is attacking from the flank or rear of the single unit, the effect of this unit is determined independent from the other units and its full effect is applied\"",
    },
    ParamSpec {
        name: "together_by_cavalry",
        kind: ParamKind::Bool,
        default: 1,
        doc: "when both Elans reach zero together and the infantry is defeated (both_zero), it was defeated by the cavalry it fought, so rallies with 9 dice needing 8+; 0: it rallies as any defeated unit (6 dice, 6+)",
        source: "\"An infantry unit that was defeated in an Assault by a cavalry unit must cast nine dice and cast for 8 or better when they Rally\"",
    },
    ParamSpec {
        name: "unrallied_winner",
        kind: ParamKind::Choice(&["withdraws", "fights"]),
        default: 0,
        doc: "a unit that won an assault and has not rallied, when assaulted: it may not take part in combat, so it withdraws as a defeated unit does and the attacker takes the objective unopposed; or it fights",
        source: "\"Both winner and loser in an Assault ... must Rally before it can again be issued orders or participate in combat\"",
    },
    ParamSpec {
        name: "army_cards_per_player",
        kind: ParamKind::Int { min: 10, max: 40 },
        default: 14,
        doc: "the Army Deck's least size is this many cards for each player the side deals to, plus army_spare_cards; a smaller deck is refused",
        source: "note 13: \"the army deck must be able to provide 14 cards to the player's deck in order to reach 18. For two players this would be 28 cards and ... 4 more ... For four players you would need 56 cards plus 4, or 60\" (rule 12's \"at least 16 cards for each Basic Player Deck\" is the same 32 for two players)",
    },
    ParamSpec {
        name: "army_cards_per_cic_deck",
        kind: ParamKind::Int { min: 10, max: 40 },
        default: 18,
        doc: "the Army Deck's least size counts this many cards for a side's Commander-in-Chief Deck (scenario cic_deck), instead of army_cards_per_player",
        source: "\"The Army Deck must contain at least 16 cards for each Basic Player Deck and 18 for each CIC Deck used in the game\"",
    },
    ParamSpec {
        name: "army_spare_cards",
        kind: ParamKind::Int { min: 0, max: 40 },
        default: 4,
        doc: "cards the Army Deck must hold beyond army_cards_per_player for each player, so that not every card is dealt",
        source: "note 13: \"4 more to provide the unknown factor of not dealing out all the cards each time\"",
    },
    ParamSpec {
        name: "breakthrough_multiplier",
        kind: ParamKind::Int { min: 0, max: 100 },
        default: 5,
        doc: "percent chance of a cavalry breakthrough per point the cavalry's first assault cast beats the defender's (0: no breakthroughs)",
        source: "\"This is a probability cast equal to 5 times the difference between the two casts\"",
    },
    ParamSpec {
        name: "breakthrough_onward",
        kind: ParamKind::Bool,
        default: 1,
        doc: "battle cavalry that broke through with Elan left assaults at once the nearest enemy regiment ahead of it on the axis (the one it broke through aside; among several as near, one drawn), fighting its first round on the same KARD, unless a terrain objective ahead is the closer, which it moves forward into instead (rule objective_horizons); with neither ahead it stays where it broke through, ready for its next order; false: it always stays",
        source: "Cavalry Break-Through: \"If the cavalry still has Elan, it will immediately move forward to the next objective or Assault the next enemy unit in its path, which ever is the closer\"",
    },
    ParamSpec {
        name: "fire_cost",
        kind: ParamKind::Int { min: 0, max: 18 },
        default: 1,
        doc: "IP for one fire order, which fires what fire_orders says (a brigade's loaded regiments and companies with an enemy in range, or one regiment); fire needs no card and no Officer Check; a player above the regiments' own that gives it pays bypass_cost more",
        source: "\"Fire : While not a card, Fire is an order that can be given at any time\"; \"Each order placed will cost 1 IP\"",
    },
    ParamSpec {
        name: "fire_orders",
        kind: ParamKind::Choice(&["brigade", "regiment", "division"]),
        default: 0,
        doc: "what one fire order (one fire_cost) covers: every loaded regiment and company of a brigade, of the ordering player's own, with an enemy in range, all firing on the KARD; or a single regiment's volley; or, as brigade, every one of a division (a scenario's `division`)",
        source: "\"Fire ... is an order that can be given at any time to any infantry or artillery command\"; \"An order can be issued to a regiment, a brigade, or a division for the expense of 1 IP\"",
    },
    ParamSpec {
        name: "reload_holds_fire",
        kind: ParamKind::Choice(&["reloaded", "player"]),
        default: 1,
        doc: "who may not fire on the KARD of a Reload card (Musket/Missile or Artillery) a player uses: player (the default, the literal reading of \"You can not fire on a Reload card\": no unit that player's card reaches fires on it, whether it reloaded or not; a player's card reaches its own regiments and those of every player below it, the side's commander's the whole side), or reloaded (only the regiments and companies that reloaded on it, as the Fire section's \"A formation can not fire on the same Reload card that it used to reload\" alone would say)",
        source: "\"A formation can not fire on the same Reload card that it used to reload\" (Fire); \"You can not fire on a Reload card\" (Artillery Reload)",
    },
    ParamSpec {
        name: "shaken_reload",
        kind: ParamKind::Bool,
        default: 1,
        doc: "an unloaded unit that has not rallied may reload on its Reload card (it still may not fire until it rallies); false: only units that may fight reload",
        source: "\"Musket/Missile Reload : An unloaded infantry unit may reload\" (no exception is made for units that must rally)",
    },
    ParamSpec {
        name: "artillery_reload",
        kind: ParamKind::Choice(&["fired", "unloaded"]),
        default: 0,
        doc: "which unloaded companies an Artillery Reload card may reload: fired (the default, the literal reading of \"Allows artillery that has fired to reload\": a company that has fired in the game, or which a scenario starts unloaded; one unloaded by the end of an assault or engagement before it ever fired stays unloaded), or unloaded (any unloaded company, reading \"that has fired\" as describing every unloaded company)",
        source: "\"Artillery Reload : Allows artillery that has fired to reload\"; \"All participants are considered to be unloaded at the completion of the Assault\"; \"Both combatants are considered to be unloaded at the end of the Engagement\"",
    },
    ParamSpec {
        name: "musket_reload_cost",
        kind: ParamKind::Int { min: 0, max: 18 },
        default: 1,
        doc: "IP for an unloaded infantry regiment to reload on a Musket/Missile Reload card",
        source: "note 10: \"Reload is not an order in this game. It is an opportunity that you can take advantage of, if you have initiative\" (the price is not given; Artillery Reload's 1 IP a company is taken)",
    },
    ParamSpec {
        name: "artillery_reload_cost",
        kind: ParamKind::Int { min: 0, max: 18 },
        default: 1,
        doc: "IP for a company of artillery that has fired to reload on an Artillery Reload card",
        source: "\"Artillery Reload : Allows artillery that has fired to reload. Costs 1 IP per company\"",
    },
    ParamSpec {
        name: "crushing_volley_step",
        kind: ParamKind::Int { min: 0, max: 4 },
        default: 1,
        doc: "steps up for every volley fired on the KARD by the regiments under the command of the player who used a Crushing Volley card: its own and those of every player below it (a side's commander: every regiment of the side)",
        source: "\"Crushing Volley : Any fire, infantry or artillery, issued by units under the command of the player turning this card is up 1 step\"",
    },
    ParamSpec {
        name: "eight_gun_die",
        kind: ParamKind::Bool,
        default: 1,
        doc: "an eight-gun company's fire casts one die of the next larger type beside its own (2d8 + 1d10 for Class II medium heavy); 0: eight guns fire as six",
        source: "\"In this case, and this case only, the Up 1 is of a die of the next higher die type regardless of the rating of the company. Thus, an eight gun company of Class II medium heavy artillery would cast 2d8 plus 1d10\" (the modifier it belongs to was lost in the scan; the example names eight guns)",
    },
    ParamSpec {
        name: "eight_gun_steps",
        kind: ParamKind::Choice(&["netted", "beside"]),
        default: 0,
        doc: "how an eight-gun company's Up 1 meets the other steps of its fire: netted (one step among the others: with no net step down it adds the die of the next larger type, and each further step up adds as usual; one step down cancels it, so Class II medium heavy down 1 casts plain 2d8), or beside (the die is always cast and the steps read through it: 2d8+1d10 down 1). Fire and bombardment only: the company's casts in an assault it defends (artillery does not assault) and its movement casts never get the die",
        source: "\"The modifiers used to reach the final die value are: [table lost] In this case, and this case only, the Up 1 is of a die of the next higher die type regardless of the rating of the company. Thus, an eight gun company of Class II medium heavy artillery would cast 2d8 plus 1d10\" (an \"Up 1\" among the modifiers, which adjust the final die value \"up or down by one or more steps\")",
    },
    ParamSpec {
        name: "urban_fire_step",
        kind: ParamKind::Int { min: -4, max: 0 },
        default: -1,
        doc: "steps a regiment in an urban block (urban = true in the scenario, or standing in an urban terrain objective under objective_horizons) fires at",
        source: "note 17: \"units that are occupying urban areas ... would not be capable of firing as effectively ... hence the down modifier for the firing unit\" (its size was lost: one step)",
    },
    ParamSpec {
        name: "fatigued_step",
        kind: ParamKind::Int { min: -4, max: 0 },
        default: 0,
        doc: "steps every performance cast (movement, assault, fire) of a Fatigued unit is adjusted by: all its Fresh stamina boxes checked, some Fatigued ones open",
        source: "\"When all the upper tier level boxes are checked ... the unit is considered Fatigued\" (the modifier table was lost in the scan, so no step is the literal reading; -1 is the natural proposal)",
    },
    ParamSpec {
        name: "exhausted_step",
        kind: ParamKind::Int { min: -4, max: 0 },
        default: 0,
        doc: "steps every performance cast of an Exhausted unit is adjusted by: its Fresh and Fatigued boxes all checked",
        source: "\"If the two upper tiers are all checked but there are still open boxes on the lowest tier, the unit is exhausted\" (the modifier table was lost: no step is the literal reading; -2 is the natural proposal)",
    },
    ParamSpec {
        name: "maneuver_inches",
        kind: ParamKind::Int { min: 0, max: 24 },
        default: 4,
        doc: "inches a completed Maneuver order moves its regiment, forward (never past Engagement range of the nearest enemy) or back",
        source: "\"The maneuver card will allow a formation to alter its location by 4\". This can be forward, back ... you can not Maneuver into an Assault\"",
    },
    ParamSpec {
        name: "assault_maneuver",
        kind: ParamKind::Bool,
        default: 1,
        doc: "a regiment fighting an assault may be given a Maneuver order (alone, for the order cost), fights on while it waits, and when it completes retires from the fight maneuver_inches back from where it was fought, unloaded and formed; the last attacker or the defender retiring ends the assault (end retired), the rest of it unloaded and unrallied as at any end; a retiring cavalry regiment attempts no breakthrough (it is leaving the fight); false: a regiment in an assault takes no order",
        source: "\"Units that are Assaulting can only be issued a Maneuver order. The unit may continue to fight at full effectiveness as it is trying to execute the Maneuver order\"; \"you can Maneuver out of an Assault or Engagement\"; a round is fought \"until the victor is determined or one side or the other retires from the fight\"",
    },
    ParamSpec {
        name: "cavalry_waves",
        kind: ParamKind::Bool,
        default: 1,
        doc: "a cavalry regiment a scenario forms in a brigade's second line (follows = its lead) takes no orders of its own while its lead is in the game (but a Maneuver out of an assault it fights) and no card is kept for its plan: an idle second line follows second_line_inches behind its lead whenever the lead completes a Move or Maneuver order (one out of an assault too), goes into contact, takes an objective or moves on into a terrain objective after breaking through (not when the lead withdraws beaten), and its player may send it in, without an order or chips, against enemy cavalry that broke through the lead, against a regiment the lead broke through, or against the lead's target when the lead is still fighting after its first round, the assault going on (it neither won, was beaten, nor broke through; the lead then withdraws to the first terrain objective behind the combat, else 1\" outside Engagement range of its target (rule objective_horizons), off its Assault order, formed and with its plan's next order due); false: a second-line regiment is a regiment like any other, ordered from its plan",
        source: "Cavalry Wave Assaults: \"If the brigade is formed in two lines, the second line regiment will follow the first. The reserve regiment may automatically Assault any enemy cavalry that breaks-through the lead regiment. It may also automatically Assault any unit that the lead regiment has broken-through. If the lead regiment is unable to defeat or break-through an enemy unit on the first round of the Assault, the second line regiment may advance and Assault the same target. If this is done, the first line regiment is withdrawn to the first objective-horizon to the rear of the combat and is considered to no longer be operating on an Assault order\"",
    },
    ParamSpec {
        name: "second_line_inches",
        kind: ParamKind::Int { min: 0, max: 24 },
        default: 4,
        doc: "inches behind its lead a second-line cavalry regiment follows to (rule cavalry_waves): 4, 300 yards at 75 yards to the inch, puts it just outside Engagement range of the enemy its lead assaults",
        source: "\"the second line regiment will follow the first\" (no distance is given)",
    },
    ParamSpec {
        name: "objective_horizons",
        kind: ParamKind::Bool,
        default: 1,
        doc: "a scenario's terrain objectives ([[objectives]], stretches of the axis) are the horizons all movement stops at: a completed Move order stops on entering the next objective ahead (its near edge) when that comes before Engagement range of an enemy; an assault whose chips are gone stops at the near edge of an objective on the way to its target that neither the target nor another enemy stands in, still under its Assault order, and waits for the next Melee Resolution card with the order's chips again; cavalry through with Elan left (breakthrough_onward) moves forward into the next objective ahead instead of assaulting when the objective is the closer and no enemy stands in it (an enemy as close is assaulted); a regiment withdrawing beaten from an assault or an engagement withdraws to the near edge of the first objective behind it (not the one it stands in), but at least 1\" outside the enemy's Engagement range, and 1\" outside when no objective lies behind; a lead relieved by its second line withdraws to the first objective behind the combat, else 1\" outside. A Maneuver's 4\" are measured, and a defeated unrallied regiment an enemy comes up to, or an assault overruns, withdraws 1\" outside Engagement range, as the Rally section says. Scenarios without objectives play alike either way; false: objectives are ignored",
        source: "note 19: \"Essentially, you move from where you are to where you want to stop, or to the next objective you encounter, whichever comes first ... With Objective Horizon Movement, the horizon becomes an area rather than a line\"; Combat: the defeated \"must withdraw to the next objective\", at zero Elan \"anywhere up to the next horizon\"; Cavalry Break-Through: \"move forward to the next objective or Assault the next enemy unit in its path, which ever is the closer\"; Cavalry Wave Assaults: \"withdrawn to the first objective-horizon to the rear of the combat\"",
    },
    ParamSpec {
        name: "piquets_hold",
        kind: ParamKind::Bool,
        default: 1,
        doc: "a Move order places its regiment's piquet in the next terrain objective ahead (the Move's objective, rule objective_horizons) as the order is issued, unless an enemy regiment stands there or an enemy piquet holds it; the piquet holds the objective while the order stands (it ends when the order completes, is replaced, or the regiment leaves its orders). An enemy Move that would enter a held objective, or an enemy assault whose chips are gone that would halt in it on the way to its target, is met by the side's piquets there, as one: formed, the player of the regiment among theirs with the most Elan (ties drawn) elects (decision piquet) to hold, the mover stopping at Engagement range of the objective's near edge (an assault still under its order, with its chips again) and that regiment losing piquet_hold_elan Elan, or to withdraw, every piquet there leaving and the mover entering; skirmishing, the mover stops at Engagement range and no choice is made. An assault on a target standing in the objective, Maneuvers, breakthroughs and withdrawals do not meet piquets; false: no piquets on the field",
        source: "The Order Cycle: \"the placing of the piquet in a terrain objective holds that objective for the unit. Enemy units can not simply move in against the piquet - they must drive the piquet out of the objective in order to occupy the objective\"; Piquet Combat: \"Piquets can only be used to occupy an objective at the initiation of a movement order ... this will block an enemy unit from placing piquets on the objective. If a formed enemy unit decides to Engage or Assault the objective the piquet is occupying, the commander of the piquet (and its parent unit) may elect to attempt to hold the objective (with penalties as described above); or, they may elect to withdraw to 3\" from the objective (Engagement range) and allow the enemy unit to occupy the objective\"",
    },
    ParamSpec {
        name: "piquet_hold_elan",
        kind: ParamKind::Int { min: 0, max: 12 },
        default: 0,
        doc: "Elan chips a regiment loses each time its piquet holds a terrain objective against a formed enemy (rule piquets_hold; with several piquets there, the regiment with the most Elan pays); a regiment with no more Elan than this may not hold. The penalties were lost in the scan, so 0 leaves them out",
        source: "Piquet Combat: \"may elect to attempt to hold the objective (with penalties as described above)\" (no surviving sentence describes them)",
    },
    ParamSpec {
        name: "obstacle_chips",
        kind: ParamKind::Int { min: 0, max: 20 },
        default: 1,
        doc: "movement chips each obstacle (a scenario's [[obstacles]], bridges and gates) adds to a Move or Assault order that must cross it, counted as the order is given (the free opening orders too, and an assault taking its chips again on its way, halted at a terrain objective or kept short of one by piquets, for its next leg: each crossing paid once): an obstacle from where the regiment stands (one it stands on included) up to, but not at, where the order goes as the field stands (a Move: its Engagement or fire's reach of the enemy it moves on, no farther than the next terrain objective under objective_horizons or where its player stops it; an Assault: its target's place, or the terrain objective on its way where it will halt first). One at that place is not crossed: an enemy standing on a bridge is moved up to, not over; a regiment a Move stops on a bridge pays for it when it goes on. Maneuvers, withdrawals, breakthroughs and followers are not hindered. The movement-chip table was lost, so the least hindrance, one chip, is the default; 0: obstacles cost no movement",
        source: "note 21: \"Bridges and gates are generally not considered to be objectives for movement purposes rather they are viewed as obstacles hindering movement to an objective. Of course if the bridge happens to be occupied with enemy troops, then it may well become an objective, but it will not be classed as an obstacle for your movement up to the bridge to engage or assault the enemy\"",
    },
    ParamSpec {
        name: "obstacle_cover_step",
        kind: ParamKind::Int { min: -4, max: 0 },
        default: -1,
        doc: "steps an attacker's assault casts take against a defender it crossed an obstacle (a scenario's [[obstacles]]) to reach: one from where the attacker's Assault order was given (over every leg of its way; where it went in, when a breakthrough or a second line brought it without an order), one it stood on included, up to, but not at, the defender's place (a defender standing on a bridge has no cover of it). Winning needs no more: the attacker stands where the defender stood, across. The cover's size was lost with the modifier table: one step down is the least",
        source: "note 21: \"If you must cross the bridge to assault the enemy then the bridge should be considered as cover to the enemy; if you win, you will be assumed to have crossed the bridge\"",
    },
    ParamSpec {
        name: "max_assault_kards",
        kind: ParamKind::Int { min: 1, max: 10_000 },
        default: 200,
        doc: "an assault in which neither side can remove Elan (casts stepped down to 0) breaks off after this many KARDs",
        source: "\"Another round will be fought automatically on each turn of a card until the victor is determined\" (which need not happen)",
    },
];

/// Whose used cards take effect first in a KARD (rule `kard_first`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KardFirst {
    Alternate,
    A,
    B,
    Random,
}

/// What an unrallied winner does when assaulted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnralliedWinner {
    Withdraws,
    Fights,
}

/// An attacker overlapping its defender by less than half its frontage
/// (rule `short_overlap`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShortOverlap {
    /// At a flank: its full effect applied beside the combined cast.
    Flank,
    /// Among the front's attackers, in the combined cast.
    Front,
}

/// How an assault in which both Elans reach zero together ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BothZero {
    BothDefeated,
    DefenderHolds,
    AttackerWins,
}

/// What one fire order covers: "An order can be issued to a regiment, a
/// brigade, or a division".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FireOrders {
    Brigade,
    Regiment,
    Division,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    pub kard_first: KardFirst,
    pub order_cost: u32,
    pub bypass_cost: u32,
    /// Going around a chain of players costs `bypass_cost` for each of
    /// them (`bypass_levels = each_player`), not only the regiment's own.
    pub bypass_each_player: bool,
    pub pass_cost: u32,
    /// A commander attached to a regiment may still pass initiative down.
    pub attached_pass: bool,
    /// A player sharing a deck acts only on the cards its holder uses
    /// (`shared_card = used`), not on every card turned.
    pub shared_card_used: bool,
    pub rally_cost: u32,
    pub hand_play_cost: u32,
    pub hand_swap_cost: u32,
    pub second_cast_cost: u32,
    pub third_cast_cost: u32,
    pub attached_cost: u32,
    pub figure_command_cost: u32,
    /// Orders cover only whole brigades or divisions (else one regiment).
    pub whole_groups: bool,
    /// The regiments of one order share its chips and cast the least
    /// elite one's dice (else each casts its own against its own).
    pub weakest_link: bool,
    pub both_zero: BothZero,
    /// Steps on a cavalry attacker's casts against infantry after its
    /// first round (note 18).
    pub cavalry_later_step: i32,
    pub together_by_cavalry: bool,
    /// Steps on a cavalry attacker's casts against infantry Prepared to
    /// Receive Cavalry.
    pub prepared_step: i32,
    /// Skirmishing infantry not in the open receives an assault by formed
    /// infantry (`skirmishers_receive = cover`).
    pub skirmishers_receive: bool,
    pub short_overlap: ShortOverlap,
    pub unrallied_winner: UnralliedWinner,
    pub army_cards_per_player: u32,
    pub army_cards_per_cic_deck: u32,
    pub army_spare_cards: u32,
    pub beyond_four: BeyondFour,
    pub dress_lines_rally: bool,
    pub breakthrough_multiplier: u32,
    /// Cavalry through with Elan assaults the next enemy in its path.
    pub breakthrough_onward: bool,
    pub max_assault_kards: u32,
    /// A regiment fighting an assault may be ordered to Maneuver out.
    pub assault_maneuver: bool,
    /// A brigade's second-line cavalry follows its lead and goes in after
    /// it (`follows` in the scenario).
    pub cavalry_waves: bool,
    pub second_line_inches: i32,
    /// A scenario's terrain objectives stop moves and receive withdrawals.
    pub objective_horizons: bool,
    /// A Move order's piquet holds the objective it is placed in.
    pub piquets_hold: bool,
    pub piquet_hold_elan: u32,
    /// Note 21: chips an obstacle crossed adds to an order, and the step
    /// an assault across one takes.
    pub obstacle_chips: u32,
    pub obstacle_cover_step: i32,
    pub fire_cost: u32,
    /// What a fire order covers (`fire_orders`).
    pub fire_orders: FireOrders,
    /// Every unit of the player who used a Reload card holds its fire on
    /// that KARD (else only the units reloaded).
    pub reload_holds_player: bool,
    pub shaken_reload: bool,
    /// Artillery Reload reloads only companies that have fired (else any
    /// unloaded company).
    pub reload_fired_only: bool,
    pub musket_reload_cost: u32,
    pub artillery_reload_cost: u32,
    pub crushing_volley_step: i32,
    pub eight_gun_die: bool,
    /// The eight-gun die is one step netted with the others (else cast
    /// beside them whatever the steps).
    pub eight_gun_netted: bool,
    pub urban_fire_step: i32,
    /// Steps by stamina tier: Fresh, Fatigued, Exhausted.
    pub tier_steps: [i32; 3],
    pub maneuver_inches: i32,
}

impl Rules {
    pub fn defaults() -> ParamValues {
        ParamValues::defaults(SYSTEM, SPECS)
    }

    pub fn from_values(values: &ParamValues) -> Result<Rules> {
        let get = |name: &str| values.get(name) as u32;
        Ok(Rules {
            kard_first: [
                KardFirst::Alternate,
                KardFirst::A,
                KardFirst::B,
                KardFirst::Random,
            ][get("kard_first") as usize],
            order_cost: get("order_cost"),
            bypass_cost: get("bypass_cost"),
            bypass_each_player: get("bypass_levels") == 1,
            pass_cost: get("pass_cost"),
            attached_pass: get("attached_pass") == 1,
            shared_card_used: get("shared_card") == 1,
            rally_cost: get("rally_cost"),
            hand_play_cost: get("hand_play_cost"),
            hand_swap_cost: get("hand_swap_cost"),
            second_cast_cost: get("second_cast_cost"),
            third_cast_cost: get("third_cast_cost"),
            attached_cost: get("attached_cost"),
            figure_command_cost: get("figure_command_cost"),
            whole_groups: get("order_groups") == 0,
            weakest_link: get("group_casts") == 0,
            cavalry_later_step: values.get("cavalry_later_step") as i32,
            together_by_cavalry: get("together_by_cavalry") != 0,
            prepared_step: values.get("prepared_step") as i32,
            skirmishers_receive: get("skirmishers_receive") == 0,
            short_overlap: [ShortOverlap::Flank, ShortOverlap::Front]
                [get("short_overlap") as usize],
            unrallied_winner: [UnralliedWinner::Withdraws, UnralliedWinner::Fights]
                [get("unrallied_winner") as usize],
            army_cards_per_player: get("army_cards_per_player"),
            army_cards_per_cic_deck: get("army_cards_per_cic_deck"),
            army_spare_cards: get("army_spare_cards"),
            both_zero: [
                BothZero::BothDefeated,
                BothZero::DefenderHolds,
                BothZero::AttackerWins,
            ][get("both_zero") as usize],
            beyond_four: [BeyondFour::NextType, BeyondFour::Climb][get("beyond_four") as usize],
            dress_lines_rally: get("dress_lines_rally") != 0,
            breakthrough_multiplier: get("breakthrough_multiplier"),
            breakthrough_onward: get("breakthrough_onward") != 0,
            max_assault_kards: get("max_assault_kards"),
            assault_maneuver: get("assault_maneuver") != 0,
            cavalry_waves: get("cavalry_waves") != 0,
            second_line_inches: values.get("second_line_inches") as i32,
            objective_horizons: get("objective_horizons") != 0,
            piquets_hold: get("piquets_hold") != 0,
            piquet_hold_elan: get("piquet_hold_elan"),
            obstacle_chips: get("obstacle_chips"),
            obstacle_cover_step: values.get("obstacle_cover_step") as i32,
            fire_cost: get("fire_cost"),
            fire_orders: match get("fire_orders") {
                0 => FireOrders::Brigade,
                1 => FireOrders::Regiment,
                _ => FireOrders::Division,
            },
            reload_holds_player: get("reload_holds_fire") == 1,
            shaken_reload: get("shaken_reload") != 0,
            reload_fired_only: get("artillery_reload") == 0,
            musket_reload_cost: get("musket_reload_cost"),
            artillery_reload_cost: get("artillery_reload_cost"),
            crushing_volley_step: values.get("crushing_volley_step") as i32,
            eight_gun_die: get("eight_gun_die") != 0,
            eight_gun_netted: get("eight_gun_steps") == 0,
            urban_fire_step: values.get("urban_fire_step") as i32,
            tier_steps: [
                0,
                values.get("fatigued_step") as i32,
                values.get("exhausted_step") as i32,
            ],
            maneuver_inches: values.get("maneuver_inches") as i32,
        })
    }

    /// The IP of the `n`-th performance cast on one card (0: the first).
    pub fn cast_cost(&self, n: u32) -> Option<u32> {
        match n {
            0 => Some(0),
            1 => Some(self.second_cast_cost),
            2 => Some(self.third_cast_cost),
            _ => None,
        }
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules::from_values(&Rules::defaults()).expect("defaults are valid")
    }
}
