"""An independent model of Piquet Regimental (seeds/004_..., Jim Getz), replaying a trace.

Written from the seed text, RULES-NOTES.md, the `fortunes rules piquet` listing (each gap the
text leaves is read as the parameter says), docs/piquet.md (the field's axis), docs/agents.md
(`y`, `frontage`: the field across), the scenario files (data) and docs/replay.md only; never from
the crate's source. check() walks a game's events and stops at the first one the rules make
impossible. What it holds the trace to:

- the opening: each player's 3d6 (faces 1..6, `ip` their sum), its hand size by quality
  (Superior 5 ... Miserable 1); the regiments as the scenario gives them (place, place across and frontage, Elan,
  boxes);
- decks: each `deal` is 18 cards, the 9 basic cards less those held in the player's hand plus
  army cards (`*`); the army cards in the side's decks and hands never exceed the scenario's
  Army Deck, kind by kind; the hand a deal carries is the hand the model holds;
- KARDs: every player turns its top card or plays a hand card (`hand_play`, its top card
  discarded unseen) exactly once a KARD, 18 KARDs a DECQ; the card turned is the deck's next;
  `keep` only with room in the hand, `swap` only into a full hand (discarding a held card, for
  hand_swap_cost); a hand never above its size; `could_play` only hand cards, none without the IP;
- initiative: every `ip` field is the model's (payments: swaps, hand plays, orders, rallies,
  extra casts, reloads and fire orders bought, passes with their amount); never negative, never
  above 18; casts are 3d6 and keep the higher of `was` and the total; decq_start/decq_end lists;
- cards and what they do: an effect (officer_check and its cast/orders/rally/pass, execute,
  nothing_waits, reload, brilliant, heroic, crushing_volley) comes from a card its player used
  (turned and used, or played from the hand) this KARD, of the kind that does it (a Brilliant
  Leader acting as a basic kind): Move by Infantry Move in Open / Cavalry in Open / Artillery
  Move by arm, Maneuver, Deployment, an assault by Melee Resolution; Musket/Missile Reload for
  infantry, Artillery Reload for companies; a card reaches its player's regiments (a side's
  commander's: the whole side);
- whose cards take effect first (kard_first, `piquet_first.py`): a KARD's card effects after every player acted and
  before its fire orders, all of the first side's (alternate: a on odd KARDs of the game, b on even; a or b; random:
  the coin) before any of the other's, the volleys landing together (no fire order nor volley after a hit); under
  random one `resolves_first` a KARD, before its card effects, none else;
- orders: only to idle regiments (not unrallied) whose plan's next order it is (a chosen regiment: see below), or
  (assault_maneuver) a Maneuver to one regiment fighting an assault, which then fights on `retiring` until the order
  completes and
  `retires` maneuver_inches back from the defender's place, formed; the defender or the last attacker retiring
  ends the assault `retired` (the attacker's win only when the defender retired), the rest unrallied; executions of
  the regiment's current order, chips carried from execution to execution (the first: the
  scenario's `[chips]`), at most three casts, each of the unit's dice (die by eliteness or
  poundage, count by experience or class), its reading the highest die, `removed` the reading;
  a further cast only while chips remain; the extra casts' price;
- fire: a volley only by a loaded, rallied regiment (infantry, artillery, cavalry only in skirmish order:
  piquet_deploy.py) of a fired `fire` order of its own player, not fighting an assault, not on a Reload card its player used (reload_holds_fire)
  nor on the card it reloaded on; within Engagement range (Bombardment range for medium heavy
  and heavy companies), measured between the nearer ends of the frontages (piquet_field.py);
  dice of its type, steps (Crushing Volley, urban, fire_step, tiers, the
  eight-gun die netted or beside), the reading as the Dice Methods section says; the firer is
  unloaded; each hit is a volley of that KARD on that regiment, taking min(value, Elan);
- reloads only of unloaded regiments (cavalry only in skirmish order, on a Musket/Missile Reload card; unrallied
  ones only under shaken_reload), and under
  artillery_reload = fired of companies only once they have fired in the game ("Allows artillery
  that has fired to reload": not those unloaded by an assault's or engagement's end before they
  ever fired);
- Elan only falls (hits, assault rounds, breakthroughs) and rises only by a rally, to the
  regiment's starting Elan; assault rounds: the defender's and each attacker's dice and
  reading, the `aspects` and the multi-unit rule for `combined` (piquet_field.py), the Elans;
  breakthroughs (chance = multiplier x
  difference, roll 1..100, 1d8 and 1d4), and cavalry through with Elan meeting on the same KARD
  the nearest enemy ahead of it (breakthrough_onward), or staying only with none to meet;
- rallies: 6 dice needing 4 (sound), 6 needing 6 (defeated), 9 needing 8 (defeated by cavalry),
  of the regiment's die; failures, boxes left, Elan whole again or the regiment removed; a sound
  rally not while engaged or assaulting;
- statuses: each `status` goes from the model's status; a removed regiment never acts again;
  unrallied regiments are not ordered, do not execute, fire or assault;
- the field: `moves` from the model's place (and place across); no defeated, unrallied regiment
  left within Engagement range of a formed enemy (not unrallied, not removed) when the next card,
  order, fire, rally or execution comes; no engagement left under way out of Engagement range at a
  KARD's end, none begun out of it;
- the field across (`piquet_field.py`): each regiment's `y` the scenario's and its `frontage` the
  Organization section's (troops, ranks, battalions; castings); ranges measured straight between
  the nearer ends of two frontages (100 dx^2 + gap^2 <= 100 R^2): fire, engagements, the nearest
  enemy, the Move's stop and "1\" outside" the enemy's Engagement range for the beaten; a completed
  Move of infantry or cavalry inclined toward its target at most 22.5 degrees (floor(a x 0.41421)
  tenths for a inches), never past touching it, artillery never; a Maneuver goes its way (a chosen
  regiment's `maneuver_to`, else the scenario's `maneuver`): to a flank (`left` / `right`, each side's
  own) maneuver_inches across, stopping a tenth short of an enemy level with it; forward up to
  maneuver_inches, no closer than the first place within Engagement range of an enemy ahead or level
  (across the gap), none within it already; back maneuver_inches; by the regiment's next status or
  settling event; only Moves, Maneuvers, attached companies and second lines move across
  (to their regiment's or lead's place); each attacker's aspect (rear, front, flank; short_overlap;
  an urban defender has no flanks) decided as it comes into contact, `combined` the front attackers'
  combination plus each flank or rear attacker's full cast; cavalry through meets only enemies in
  its path (their frontage overlapping its own); a trace without `y` is read on the one axis;
- engagements and assaults: begun before ended, `kards` counted; game_end and the record rows
  (one per DECQ) agree with the events;
- the regiments another's orders carry (`piquet_carried.py`): attached artillery (`attached_to`),
  told on the company's `regiment` event; a company attached to an infantry or cavalry regiment of
  its player (not half of a twelve-gun company) starts idle, is never ordered while its regiment is
  in the game and, formed, moves (`moves` why `attached`) to its regiment's place with each Move
  order the regiment completes, before the KARD's fire (to where the Move left it: not after the regiment's
  withdrawal or assault later on the KARD);
- Cavalry Wave Assaults (cavalry_waves): a scenario's `follows = LEAD` is told on the second line's
  `regiment` event (only under the rule) and names cavalry of the lead's side, brigade, division and
  player, one follower a lead, no chains; while its lead is in the game the second line starts idle,
  is never ordered (a Maneuver out of an assault it fights aside) and never assaults unless sent in
  (or going on through, breakthrough_onward); each Move or Maneuver order the lead completes (one out
  of an assault too, `retires`), each of its assaults (into contact or onto an objective, or short of
  contact at a horizon), even where it stands, and its going on through into a terrain objective
  (`onward`) is followed by an idle second line (`moves` why `follows`, to second_line_inches behind the
  lead) before it does anything else and by the KARD's end, and nothing else is followed; `second_line` only
  for an idle second line in line: against the enemy cavalry that broke through its lead
  (`meets_breakthrough`, that cavalry then going on no further), against the regiment its lead broke
  through (`follows_breakthrough`, not one attacking elsewhere), both on the KARD of the breakthrough, the second line assaulting
  that target on it and fighting its first round there unless it joins an assault that has already
  fought; or relieving its lead after the lead's first round of an assault it is still fighting
  (`relieves`): the lead withdraws (`relieved`) to the next objective behind the combat, else 1\" outside
  Engagement range of the target (no `moves` when it stands there already, across a gap), idle and off its Assault order, and the second line joins that assault (its
  first round the next KARD's);
- terrain objectives (objective_horizons, `piquet_terrain.py`): the `objective` events are the scenario's; a completed
  Move order goes where the text's Move takes it (forward to Engagement range of its target, else of the nearest
  enemy, stopping at the first enemy on the way; not at all with an enemy ahead in range or the one it closes on
  behind it), unless the next objective ahead is strictly nearer: its near edge (`horizon`); an assault whose chips
  are gone stops at the next objective ahead when it is strictly nearer than its target and no enemy (the target or
  another) stands in it (`horizon`), still ordered under its Assault order, its next execution from the full chips;
  cavalry through with Elan goes on into the next objective ahead when it is the closer and no enemy stands in it
  (`onward`); the beaten of an assault or of fire withdraw to the next objective behind them (not the one they stand
  in) when that is at least 1\" outside Engagement range of the enemy, else 1\" outside, and do so before the next
  settling event; a relieved lead to the next objective behind the combat, else 1\" outside; a regiment in an urban
  objective fires as in an urban block;
- piquets holding terrain objectives (piquets_hold, `piquet_piquets.py`): each Move order (the opening's before the
  first KARD) tells one `piquet` for each of its regiments with a next objective ahead, in that objective, placed
  unless an enemy regiment stands there (`enemy`), an enemy piquet holds it (`held`) or, the opening's only, both
  sides' opening Moves make for it (`contested`); a placed piquet holds while its Move order stands (until its
  regiment leaves `ordered` or is given another order) or until it withdraws; the side's piquets in an objective
  answer as one: a `piquet_met` only by the one of them with the most Elan, holding that objective then, `with` the
  others, against an enemy whose completed Move enters it (its next objective ahead), or whose assault, its chips
  gone, would halt at it on the way to its target (`horizon` above; never one on a target standing in it):
  `stands` exactly for a skirmishing mover, `hold` only with more Elan than piquet_hold_elan, which it loses, `withdraw` lifting every one
  of the side's piquets there, the heuristic holding when that costs nothing or leaves it above rally_worn_at percent
  of its Elan; the mover kept out (`hold`,
  `stands`) stops at Engagement range of the near edge (`moves` why `piquet`, or stays nearer), let in (`withdraw`)
  moves as any Move; an assault kept out stops there too (straight), still ordered under its Assault order as after
  a halt, its next execution from the full chips (hindered again, `hindered` after its `moves` or, staying, its
  `piquet_met`), an assault let in halts at the near edge; no Move order ends, and no assault halts, in an objective
  an enemy piquet holds (but a Move begun in it); none of these events with piquets_hold or objective_horizons off;
- deployments and the optional Skirmish Engagement (`piquet_deploy.py`): each regiment's `deployment` (formed,
  prepared, skirmish) the scenario's, 1.5 x its most frontage in skirmish order (rounded up to a tenth), cavalry loaded
  only skirmishing; each completed Deploy order of a regiment with a `deploy_to` told by one `deploys` changing it to
  the list's next entry in turn (max, min, inches, formed, prepared for infantry, skirmish for skirmishers), none
  without; the frontage it tells is the one every later gap, range and aspect is measured with; a skirmisher's
  assault on a formed regiment, or skirmishing infantry's on skirmishing cavalry in the open, barred: `engages` up to
  Engagement range (toward a target behind it too) and idle, never in contact; formed infantry assaulting skirmishers
  ahead of it or level ("between them and the formed unit's objective") that do not receive it (skirmishers_receive;
  in a terrain objective or urban: cover) comes up to their Engagement range (`skirmishers`) and takes their
  unmodified cast (`skirmishers_cast`: their dice, the highest die) as its order's chips, then goes in; skirmishers
  behind it are assaulted straight in, no cast; formed cavalry straight in; no breakthrough against a defender in
  skirmish order (so none by skirmishing cavalry), and no second line in skirmish order sent in against a formed
  target; cavalry casts against a defender Prepared to Receive Cavalry stepped prepared_step;
- chosen orders (`orders = "chosen"`, `piquet_chosen.py`): a chosen regiment's plan is told `["chosen"]` and it starts
  idle; its player's free first orders (`decq` 0, before the first decq_start, 0 IP) go to chosen regiments of its own
  not carried by another's orders; each chosen order is a Move, Maneuver, Deploy or assault (no artillery assault),
  grouped as note 9 groups orders (order_groups), and a chosen assault is aimed (`aims`, its player's choice among
  the enemies in the game it may assault: a skirmisher's the skirmishers it may assault when any, the nearest always
  among them; the heuristic's a nearest enemy, measured straight in tenths; whatever target the scenario names) and goes
  in against that regiment; a chosen Move closes on the nearest enemy ahead to
  its fire's reach (Bombardment range for medium heavy and heavy artillery), or, told `move_to` a place (right after
  each chosen regiment's status: null, or 1" ahead of it up to 1" short of where the Move would go, only when that is
  2" ahead; the heuristic's null; one place an order), no farther than that place (`moves` why `move`), placing no
  piquet; a chosen Deploy is told where it goes
  (`deploy_to`, right after each chosen regiment's status: max, min, formed, prepared or skirmish, only where the
  regiment may go and where it changes its deployment or frontage, Deploy not given with none; one deployment an
  order, so a brigade going to two is two orders), its `deploys` goes there (a cut-off order's `deploy_to` replaced
  by the next; its scenario deploy_to not followed); a chosen Maneuver is told which way it goes (`maneuver_to`,
  right after each chosen regiment's status: forward, back, left or right, only a way that would move it, Maneuver
  not given with none; none out of an assault; one way an order), its `moves` goes that way (a cut-off order's
  replaced by the next), never without one pending; the halves of a twelve-gun company (`maneuvers_with`) given one
  choice, the first half's: both in one order whenever both are idle, told the same `to`; no chosen skirmisher's
  assault every nearest enemy bars (and may resist); the
  heuristic (per `--strategy`) assaults only from Engagement range at enemies no stronger (assault_at_elan), else
  prepares infantry (`prepared`) against enemy cavalry out of skirmish order within prepare_within under
  prepared_step below 0, else moves exactly the regiments beyond their reach with an enemy ahead or level, never
  maneuvers them, leaves none it would order out, and gives an order (or `not_ordered`) on each Officer Check it
  takes for orders on a side all chosen;
- bridges and gates (note 21, obstacle_chips and obstacle_cover_step, `piquet_obstacles.py`): the `obstacle` events are
  the scenario's `[[obstacles]]`, after the objectives, up the axis; a regiment going from one place to another crosses
  those from where it starts (one it stands on included) up to, but not at, where it stops; each Move or Assault order
  (on an Officer Check, a chosen free first order, a planned opening order) and each assault halted at a terrain
  objective is followed, before the next settling event (the opening's before the first DECQ; an Officer Check's Move
  after its piquet), by one `hindered` of each regiment that must cross obstacles to where it goes as the field stands
  (a Move's stop as piquet_terrain.move_places reckons it, its `move_to` place included; an Assault's target's place,
  a chosen one's aim) and by none of the others, its `obstacles` those, its `chips` the order's plus obstacle_chips
  for each, the next execution (a weakest-link group's the most among it) from them; a contact (`moves` why `assault`
  or `joins_assault`) that crossed obstacles is followed at once by its `covered`, none otherwise, and the attacker's
  casts in that assault take obstacle_cover_step steps more.
"""

import os
import tomllib
from collections import Counter

from common import Cursor, Problem, Violation  # noqa: F401
from piquet_carried import FOLLOWED, T_ARTILLERY, T_WAVES, Carried
from piquet_chosen import Chosen
from piquet_combat import Combat
from piquet_deploy import Deploy
from piquet_field import Field, inches
from piquet_first import First
from piquet_obstacles import Obstacles
from piquet_text import (
    T_ATTACHED, T_CHIPS, T_DECK, T_DICE, T_ELAN, T_END, T_ENGAGE, T_FIRE, T_FORMAT, T_HAND, T_INIT, T_IP, T_MANEUVER,
    T_MUST_RALLY, T_NOTE12, T_OFFICER, T_ORDER_CARD, T_PLACE, T_PLAY, T_RALLY, T_RALLY_WHEN, T_RANGE, T_READ, T_RECORD,
    T_RELOAD, T_RELOAD_FIRE, T_REMOVED, T_RETIRE, T_SHARED, T_CIC, T_STATUS, T_TURN, T_USE, T_WEAKEST, T_WITHDRAW, DEFEATED,
    UNRALLIED,
)
from piquet_piquets import Piquets
from piquet_terrain import T_RELIEVED_OBJ, Terrain

SYSTEM = "piquet"
# 300 games under each of the 67 configurations: ~6 min on 2 idle cores (mostly the binary's start-ups).
DEFAULT_GAMES = 300

WAVES = "cavalry brigades in two lines (cavalry_waves)"
WAVES_RANDOM = "cavalry brigades in two lines, random vs random, second_line_inches=2"
WAVES_SHIPPED = "--scenario waves"
ATTACHED = "artillery attached to the 1st Line and to the Hussars"
VILLAGE = "--scenario village (terrain objectives)"
VILLAGE_RANDOM = "--scenario village, random vs random"
TERRAIN = "cavalry in two lines breaking through between objectives"
TERRAIN_RANDOM = "cavalry in two lines between objectives, random vs random, breakthrough_multiplier=10"
HILL = "--scenario hill (piquets holding a terrain objective)"
HILL_RANDOM = "--scenario hill, random vs random"
HILL_ELAN = "--scenario hill, piquet_hold_elan=2"
HILL_OFF = "--scenario hill, piquets_hold=false"
HILL_CHOSEN = "the hill, both sides' orders chosen (fixtures/piquet-chosen-hill.toml)"
HILL_CHOSEN_RANDOM = "the hill, both sides' orders chosen, random vs random"
HILL_SKIRMISH = "the hill, b's skirmishers meeting piquets (fixtures/piquet-hill-skirmish.toml)"
CHOSEN = "chosen orders, both sides (fixtures/piquet-chosen.toml)"
CHOSEN_RANDOM = "chosen orders, both sides, random vs random"
CHOSEN_BATTERY = "battery, side a's orders chosen (fixtures/piquet-chosen-battery.toml)"
CHOSEN_CORPS = "corps, both sides' orders chosen (fixtures/piquet-chosen-corps.toml)"
CHOSEN_CORPS_IDLE = "corps, both sides' orders chosen, order_groups=idle_alike, random vs heuristic"
CHOSEN_MIXED = "a regiment's own orders chosen in a planned side (fixtures/piquet-chosen-mixed.toml)"
CHOSEN_SKIRMISHERS_RANDOM = ("skirmishers, both sides' orders chosen, random vs random, chosen deployments "
                             "(fixtures/piquet-chosen-skirmishers.toml)")
CHOSEN_SKIRMISHERS_PREPARED = "skirmishers, both sides' orders chosen, prepared_step=-1, the heuristics preparing"
CHOSEN_PREPARED = "chosen orders, both sides, prepared_step=-1, heuristics preparing within 6 inches"
CHOSEN_BATTERY_RANDOM = "battery, side a's orders chosen, random vs heuristic (its foot battery deploying)"
CHOSEN_FLANK_RANDOM = ("two pairs of enemies level across, both sides' orders chosen, random vs random, chosen maneuvers "
                       "(fixtures/piquet-chosen-flank.toml)")
CHOSEN_FLANK = ("two pairs of enemies level across, both sides' orders chosen, the heuristics' aims at the nearest "
                "measured across (fixtures/piquet-chosen-flank.toml)")
CHOSEN_FIELD_RANDOM = ("the field across, both sides' orders chosen, random vs random, chosen aims across the field "
                       "(fixtures/piquet-chosen-field.toml)")
CHOSEN_FIELD = ("the field across, both sides' orders chosen, the heuristics' aims at the nearest measured across the "
                "field (fixtures/piquet-chosen-field.toml)")
CHOSEN_RUSSIAN = "a Russian twelve-gun company, both sides' orders chosen (fixtures/piquet-chosen-russian.toml)"
CHOSEN_RUSSIAN_RANDOM = "a Russian twelve-gun company, both sides' orders chosen, random vs random"
ARMY = "--scenario army (army, corps and two division commanders)"
ARMY_EACH = "army, bypass_levels=each_player, random vs heuristic"
ARMY_DIVISION_FIRE = "army, fire_orders=division"
CIC = "--scenario cic (a Commander-in-Chief Deck)"
SHARED = "--scenario shared (two division commanders on the corps commander's deck)"
SHARED_USED = "shared, shared_card=used, random vs heuristic"
FLANKS = "--scenario flanks (the field across: places, frontages, flanks)"
FLANKS_RANDOM = "--scenario flanks, random vs random"
FLANKS_FRONT = "--scenario flanks, short_overlap=front"
FIELD = "cavalry inclining onto an urban block, flank maneuvers of both sides (fixtures/piquet-field.toml)"
FIELD_RANDOM = "cavalry inclining onto an urban block, flank maneuvers, random vs random"
SKIRMISHERS = "--scenario skirmishers (deployments and the Skirmish Engagement)"
SKIRMISHERS_NEVER = "--scenario skirmishers, skirmishers_receive=never"
SKIRMISHERS_PREPARED = "--scenario skirmishers, prepared_step=-1"
SKIRMISH = "a Line redeploying under a cavalry assault, skirmishers barred and gone through (fixtures/piquet-skirmish.toml)"
SKIRMISH_RANDOM = "a Line redeploying, skirmishers barred and gone through, random vs random"
SKIRMISH_PREPARED = "skirmishing light infantry deploying into Prepared to Receive Cavalry (fixtures/piquet-skirmish-prepared.toml)"
SKIRMISH_WAVES = "cavalry in two lines, the second lines skirmishing (fixtures/piquet-skirmish-waves.toml)"
SKIRMISH_WAVES_RANDOM = "cavalry in two lines, the second lines skirmishing, random vs random"
BRIDGE = "--scenario bridge (note 21: an assault across a bridge)"
BRIDGE_RANDOM = "--scenario bridge, random vs random"
BRIDGE_SIZES = "--scenario bridge, obstacle_chips=3, obstacle_cover_step=-2"
BRIDGE_GATE = ("a gate and a bridge with a wood between, a's assault halting there, b's orders chosen "
               "(fixtures/piquet-bridge.toml)")
BRIDGE_GATE_RANDOM = "a gate and a bridge with a wood between, b's orders chosen, random vs random"
FIRST_A = "kard_first=a (side a's cards always take effect first)"
FIRST_B = "kard_first=b (side b's cards always take effect first)"
FIRST_RANDOM = "kard_first=random (a coin each KARD, told as resolves_first)"
FIRST_CORPS_RANDOM = "--scenario corps, kard_first=random"

CONFIGS = [
    ("defaults", []),
    ("--scenario battery", ["--scenario", "battery"]),
    ("--scenario corps", ["--scenario", "corps"]),
    ("a's commander attached to the 1st Line", ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                                         "fixtures", "piquet-attached.toml")]),
    ("40 Elan a regiment, heuristics retiring from assaults below the enemy's Elan",
     ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "piquet-retire.toml"),
      "--strategy", "a=heuristic:retire_at_elan=100", "--strategy", "b=heuristic:retire_at_elan=100"]),
    ("--scenario russian, order_groups=idle_alike", ["--scenario", "russian", "--set", "order_groups=idle_alike"]),
    ("random vs random", ["--strategy", "a=random", "--strategy", "b=random"]),
    ("corps, random vs spendthrift", ["--scenario", "corps", "--strategy", "a=random", "--strategy", "b=spendthrift"]),
    # A chain of three levels: army, corps, and two divisions under the corps.
    (ARMY, ["--scenario", "army"]),
    (ARMY_EACH, ["--scenario", "army", "--set", "bypass_levels=each_player", "--strategy", "a=random"]),
    (ARMY_DIVISION_FIRE, ["--scenario", "army", "--set", "fire_orders=division"]),
    (CIC, ["--scenario", "cic"]),
    # Decks shared: the division commanders act on the corps commander's card.
    (SHARED, ["--scenario", "shared"]),
    (SHARED_USED, ["--scenario", "shared", "--set", "shared_card=used", "--strategy", "a=random"]),
    ("battery, reload_holds_fire=reloaded, shaken_reload=false, fire_orders=regiment, eight_gun_steps=beside,"
     " artillery_reload=unloaded",
     ["--scenario", "battery", "--set", "reload_holds_fire=reloaded", "--set", "shaken_reload=false",
      "--set", "fire_orders=regiment", "--set", "eight_gun_steps=beside", "--set", "artillery_reload=unloaded"]),
    ("tiers -1/-2, crushing_volley_step=2, costs 2/2/3, dress_lines_rally, cavalry_later_step=-1, hoarder a",
     ["--set", "fatigued_step=-1", "--set", "exhausted_step=-2", "--set", "crushing_volley_step=2",
      "--set", "cavalry_later_step=-1",
      "--set", "musket_reload_cost=2", "--set", "rally_cost=2", "--set", "fire_cost=2",
      "--set", "second_cast_cost=3", "--set", "dress_lines_rally=true", "--strategy", "a=hoarder"]),
    # Cavalry Wave Assaults: each side a cavalry brigade in two lines (fixtures/piquet-waves.toml), and the shipped
    # waves scenario (second lines behind at the start, two DECQs).
    (WAVES, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "piquet-waves.toml")]),
    (WAVES_RANDOM,
     ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "piquet-waves.toml"),
      "--set", "second_line_inches=2", "--strategy", "a=random", "--strategy", "b=random"]),
    ("cavalry brigades in two lines, cavalry_waves=false",
     ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "piquet-waves.toml"),
      "--set", "cavalry_waves=false"]),
    (WAVES_SHIPPED, ["--scenario", "waves"]),
    # Artillery attached to an infantry regiment and to cavalry (fixtures/piquet-artillery.toml).
    (ATTACHED, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                                           "piquet-artillery.toml")]),
    # Terrain objectives (objective_horizons, piquet_terrain.py): the shipped village scenario, and
    # fixtures/piquet-terrain.toml (elite cavalry in two lines breaking through militia in a farm, a ridge just behind).
    (VILLAGE, ["--scenario", "village"]),
    (VILLAGE_RANDOM, ["--scenario", "village", "--strategy", "a=random", "--strategy", "b=random"]),
    ("--scenario village, objective_horizons=false", ["--scenario", "village", "--set", "objective_horizons=false"]),
    (TERRAIN, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "piquet-terrain.toml")]),
    (TERRAIN_RANDOM,
     ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "piquet-terrain.toml"),
      "--set", "breakthrough_multiplier=10", "--strategy", "a=random", "--strategy", "b=random"]),
    # Piquets holding terrain objectives (piquets_hold, piquet_piquets.py): the shipped hill scenario (a race for the
    # Hill: a's opening Moves place their piquets on it, b's Moves meet them) with the heuristics, random players,
    # piquet_hold_elan=2 and piquets_hold=false; fixtures/piquet-chosen-hill.toml (both sides chosen: the free first
    # Moves contest the Hill) with the heuristics and random players; fixtures/piquet-hill-skirmish.toml (b's Dragoons
    # given way to skirmishing Voltigeurs, whose Move the piquets stop without a choice).
    (HILL, ["--scenario", "hill"]),
    (HILL_RANDOM, ["--scenario", "hill", "--strategy", "a=random", "--strategy", "b=random"]),
    (HILL_ELAN, ["--scenario", "hill", "--set", "piquet_hold_elan=2"]),
    (HILL_OFF, ["--scenario", "hill", "--set", "piquets_hold=false"]),
    (HILL_CHOSEN, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                                              "piquet-chosen-hill.toml")]),
    (HILL_CHOSEN_RANDOM, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                                                     "piquet-chosen-hill.toml"),
                          "--strategy", "a=random", "--strategy", "b=random"]),
    (HILL_SKIRMISH, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                                                "piquet-hill-skirmish.toml")]),
    # Chosen orders (piquet_chosen.py): the players choose every order of a chosen side.
    (CHOSEN, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "piquet-chosen.toml")]),
    (CHOSEN_RANDOM, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                                                "piquet-chosen.toml"), "--strategy", "a=random", "--strategy", "b=random"]),
    (CHOSEN_BATTERY, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                                                 "piquet-chosen-battery.toml")]),
    (CHOSEN_CORPS, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                                               "piquet-chosen-corps.toml")]),
    (CHOSEN_CORPS_IDLE, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                                                    "piquet-chosen-corps.toml"),
                         "--set", "order_groups=idle_alike", "--strategy", "a=random"]),
    (CHOSEN_MIXED, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                                               "piquet-chosen-mixed.toml")]),
    # Chosen deployments (piquet_chosen.py, piquet_deploy.py: `deploy_to`): fixtures/piquet-chosen-skirmishers.toml (the
    # shipped skirmishers scenario, both sides chosen: skirmishing cavalry and infantry, b's Line's deploy_to not
    # followed) with random players, and with the heuristics under prepared_step=-1 (Prepared against a's cavalry);
    # the chosen default with prepared_step=-1 and prepare_within=6; and the chosen battery with a random side a (its
    # eight-gun battery taken to its least frontage, three castings at 3/4": 2.3").
    (CHOSEN_SKIRMISHERS_RANDOM, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                                                            "piquet-chosen-skirmishers.toml"),
                                 "--strategy", "a=random", "--strategy", "b=random"]),
    (CHOSEN_SKIRMISHERS_PREPARED, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                                                              "piquet-chosen-skirmishers.toml"),
                                   "--set", "prepared_step=-1"]),
    (CHOSEN_PREPARED, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                                                  "piquet-chosen.toml"), "--set", "prepared_step=-1",
                       "--strategy", "a=heuristic:prepare_within=6", "--strategy", "b=heuristic:prepare_within=6"]),
    (CHOSEN_BATTERY_RANDOM, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                                                        "piquet-chosen-battery.toml"), "--strategy", "a=random"]),
    # Chosen maneuvers (piquet_chosen.py, piquet_field.py: `maneuver_to`): the random players above draw every way;
    # fixtures/piquet-chosen-flank.toml has two pairs of enemies level across the field (b's Chasseurs and a's Picket,
    # whose left flanks face each other, a's Hussars and b's Lancers, whose right flanks do), so flank maneuvers stop a
    # tenth short of an enemy level with them and are then offered no more.
    (CHOSEN_FLANK_RANDOM, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                                                      "piquet-chosen-flank.toml"),
                           "--strategy", "a=random", "--strategy", "b=random"]),
    # The same with the heuristics: their chosen assaults aimed at the nearest enemy measured across the field
    # (straight between the frontages' nearer ends, in tenths), past enemies nearer along the axis.
    (CHOSEN_FLANK, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                                               "piquet-chosen-flank.toml")]),
    # fixtures/piquet-chosen-field.toml (the field fixture with both sides chosen): chosen assaults aimed where the
    # random players choose among the enemies in the game (the nearest, measured across the field, always among them).
    (CHOSEN_FIELD_RANDOM, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                                                      "piquet-chosen-field.toml"),
                           "--strategy", "a=random", "--strategy", "b=random"]),
    # The same with the heuristics: their chosen assaults aimed at the nearest enemy measured across the field, and
    # their orders judged by it (in tenths, as the aims: an enemy as near only in whole inches is not among the nearest).
    (CHOSEN_FIELD, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                                               "piquet-chosen-field.toml")]),
    # fixtures/piquet-chosen-russian.toml (the shipped russian scenario with both sides chosen): the halves of a's
    # twelve-gun company (maneuvers_with) given one choice, one order, one deployment or way, with the heuristics and
    # with random players.
    (CHOSEN_RUSSIAN, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                                                 "piquet-chosen-russian.toml")]),
    (CHOSEN_RUSSIAN_RANDOM, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                                                        "piquet-chosen-russian.toml"),
                             "--strategy", "a=random", "--strategy", "b=random"]),
    # The field across (piquet_field.py): the shipped flanks scenario (regiments at different places across, a
    # Maneuver to the left, a flank attack by inclining) with the heuristics, random players and short_overlap=front.
    (FLANKS, ["--scenario", "flanks"]),
    (FLANKS_RANDOM, ["--scenario", "flanks", "--strategy", "a=random", "--strategy", "b=random"]),
    (FLANKS_FRONT, ["--scenario", "flanks", "--set", "short_overlap=front"]),
    # fixtures/piquet-field.toml: cavalry inclining from both sides onto militia in an urban block (a second line
    # following, horse guns attached), flank maneuvers of both sides, one stopped short of an enemy level with it.
    (FIELD, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "piquet-field.toml")]),
    (FIELD_RANDOM, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                                               "piquet-field.toml"),
                    "--strategy", "a=random", "--strategy", "b=random"]),
    # Deployments and the optional Skirmish Engagement (piquet_deploy.py): the shipped skirmishers scenario (a Line
    # into and out of Prepared to Receive Cavalry, skirmishers in a copse receiving an assault or gone through,
    # skirmishing cavalry firing) under each skirmishers_receive and with prepared_step=-1; and
    # fixtures/piquet-skirmish.toml (deploy_to = ["min", 8.0, "max", "prepared"] under a cavalry assault from the side,
    # skirmishers barred from assaulting formed troops and skirmishing cavalry in the open, skirmishing cavalry
    # deploying out of skirmish order and back) with the heuristics and with random players.
    (SKIRMISHERS, ["--scenario", "skirmishers"]),
    (SKIRMISHERS_NEVER, ["--scenario", "skirmishers", "--set", "skirmishers_receive=never"]),
    (SKIRMISHERS_PREPARED, ["--scenario", "skirmishers", "--set", "prepared_step=-1"]),
    (SKIRMISH, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                                           "piquet-skirmish.toml")]),
    (SKIRMISH_RANDOM, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                                                  "piquet-skirmish.toml"),
                       "--strategy", "a=random", "--strategy", "b=random"]),
    # fixtures/piquet-skirmish-prepared.toml: skirmishing light infantry deploying out of skirmish order into Prepared to
    # Receive Cavalry (its formed frontage) and back.
    (SKIRMISH_PREPARED, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                                                    "piquet-skirmish-prepared.toml")]),
    # fixtures/piquet-skirmish-waves.toml: each side's cavalry in two lines, every second line skirmishing, against
    # formed infantry and cavalry (no second line of theirs going in against them) and against skirmishers in the
    # open (formed cavalry straight in, no breakthrough, a skirmishing second line relieving its lead).
    (SKIRMISH_WAVES, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                                                 "piquet-skirmish-waves.toml")]),
    (SKIRMISH_WAVES_RANDOM, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                                                        "piquet-skirmish-waves.toml"),
                             "--strategy", "a=random", "--strategy", "b=random"]),
    # Bridges and gates (note 21, piquet_obstacles.py): the shipped bridge scenario (a's Assaults across the Bridge, each
    # a chip heavier, b covered by it) with the heuristics, with random players and with other sizes of the lost
    # hindrance and cover; fixtures/piquet-bridge.toml (a Gate, a Wood and a Bridge: a's opening Assault hindered by
    # both, halting at the Wood and hindered again there by the Bridge; the Dragoons on the Bridge, moved up to, not
    # over; b's chosen Moves across the Bridge, stopped short of it or on it by the random players) with the heuristics
    # and with random players.
    (BRIDGE, ["--scenario", "bridge"]),
    (BRIDGE_RANDOM, ["--scenario", "bridge", "--strategy", "a=random", "--strategy", "b=random"]),
    (BRIDGE_SIZES, ["--scenario", "bridge", "--set", "obstacle_chips=3", "--set", "obstacle_cover_step=-2"]),
    (BRIDGE_GATE, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                                              "piquet-bridge.toml")]),
    (BRIDGE_GATE_RANDOM, ["--scenario", os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                                                     "piquet-bridge.toml"),
                          "--strategy", "a=random", "--strategy", "b=random"]),
    # Whose used cards take effect first in a KARD (kard_first, piquet_first.py): the default alternates; one side
    # always, or a coin, on the default scenario and on corps (several players a side).
    (FIRST_A, ["--set", "kard_first=a"]),
    (FIRST_B, ["--set", "kard_first=b"]),
    (FIRST_RANDOM, ["--set", "kard_first=random"]),
    (FIRST_CORPS_RANDOM, ["--scenario", "corps", "--set", "kard_first=random"]),
]
# The situations check_traces.py requires a configuration's games to exercise (counted in `seen`), from
# EXPECTED_GAMES games on (seed 1: 16 meetings in 300 games of WAVES, 3 of WAVES_RANDOM, so not required there).
EXPECTED_GAMES = 300
EXPECTED = {label: ("moves follows", "moves relieved", "second line relieves", "second line meets_breakthrough",
                    "second line follows_breakthrough") for label in (WAVES, WAVES_SHIPPED)}
EXPECTED[ATTACHED] = ("moves attached",)
EXPECTED[ARMY] = ("orders going around 1 player(s)", "passes by a player under the side's commander",
                  "executions through a player between")
EXPECTED[ARMY_DIVISION_FIRE] = ("fire orders of several regiments",)
EXPECTED[ARMY_EACH] = ("orders going around 2 player(s)", "passes by a player under the side's commander",
                       "passes to a subordinate not the neediest", "fire orders from a player above")
EXPECTED[WAVES_RANDOM] = ("moves follows", "moves relieved", "second line relieves", "second line follows_breakthrough")
# Terrain objectives (seed 1, 300 games: the village's heuristics go on into an objective through a breakthrough
# in none, the terrain fixture's random players in 2, so neither is required there).
EXPECTED[VILLAGE] = ("objectives", "Move order horizons", "assault horizons", "withdrawals into an objective",
                     "withdrawals to an objective behind", "withdrawals out of an objective to the next behind",
                     "fire withdrawals into an objective", "urban fire from an objective")
EXPECTED[VILLAGE_RANDOM] = ("objectives", "Move order horizons", "assault horizons",
                            "withdrawals to an objective behind", "urban fire from an objective")
EXPECTED[TERRAIN] = ("Move order horizons", "assault horizons", "assault horizons followed", "moves onward",
                     "onward past a closer objective an enemy holds", "withdrawals to an objective behind",
                     "withdrawals out of an objective to the next behind", "urban fire from an objective",
                     "moves follows", "second line relieves", "relieved into an objective")
EXPECTED[TERRAIN_RANDOM] = ("Move order horizons", "assault horizons", "withdrawals to an objective behind",
                            "relieved into an objective")
# Piquets holding terrain objectives (piquet_piquets.py; seed 1, 300 games: no skirmishing mover meets a piquet but
# in HILL_SKIRMISH, only the random players' piquets withdraw when holding costs nothing, and only under
# piquet_hold_elan=2 does a later regiment answer for the piquets with more Elan than the others).
EXPECTED[VILLAGE] += ("piquets placed", "piquets blocked enemy")
EXPECTED[TERRAIN] += ("piquets placed", "piquets blocked enemy", "piquet_met hold")
EXPECTED[HILL] = ("objectives", "piquets placed", "piquets blocked enemy", "piquets blocked held", "piquet_met hold",
                  "moves piquet", "heuristic piquet choices", "piquet_met with several piquets holding",
                  "piquet_met answered by one of several with the most Elan", "piquets lifted: Move completed",
                  "piquets lifted: status fighting")
EXPECTED[HILL_RANDOM] = ("piquets placed", "piquets blocked enemy", "piquets blocked held", "piquet_met hold",
                         "piquet_met withdraw", "moves piquet", "Move orders entering after the piquet withdrew",
                         "piquets lifted: withdrew before an enemy Move", "piquets withdrawing together")
EXPECTED[HILL_ELAN] = ("piquet_met hold", "piquet holds costing Elan", "piquet_met withdraw", "heuristic piquet choices",
                       "moves piquet", "Move orders entering after the piquet withdrew",
                       "piquet_met answered by a later regiment with more Elan")
EXPECTED[HILL_OFF] = ("objectives", "Move order horizons")
EXPECTED[HILL_CHOSEN] = ("free first orders", "piquets blocked contested", "piquets placed", "piquets blocked enemy",
                         "heuristic chosen orders move")
EXPECTED[HILL_CHOSEN_RANDOM] = ("free first orders", "piquets blocked contested", "piquets placed", "piquets blocked held",
                                "piquet_met hold", "piquet_met withdraw", "piquets lifted: status fighting")
# Assaults meeting piquets (an assault whose chips are gone halting at an objective the piquets hold on its way; seed 1,
# 300 games): the village's and the terrain fixture's heuristics keep them out (the terrain's too where they stand
# within Engagement range already, and again on their next leg); only random players let them in, most often in the
# gate-and-bridge fixture, whose held assaults are hindered again by the Bridge.
EXPECTED[VILLAGE] += ("piquet_met by an assault (hold)", "assaults kept out by a piquet (hold)")
EXPECTED[TERRAIN] += ("piquet_met by an assault (hold)", "assaults kept out by a piquet (hold)",
                      "assaults kept out by a piquet, staying", "assaults meeting the piquets again after a hold")
EXPECTED[HILL_SKIRMISH] = ("piquet_met stands", "piquet_met hold", "Move orders kept out by a piquet (stands)",
                           "Move orders kept out by a piquet, staying", "moves skirmishers under a Move order",
                           "skirmishers casts under a Move order")
# Chosen orders (piquet_chosen.py).
EXPECTED[CHOSEN] = ("free first orders", "chosen groups of 2", "aims at the nearest enemy",
                    "aims past a farther named target", "chosen assaults in against the aimed",
                    "heuristic chosen orders move", "heuristic chosen orders assault",
                    "heuristic officer checks for orders answered")
EXPECTED[CHOSEN_RANDOM] = ("free first orders", "chosen orders deploy", "chosen orders maneuver", "chosen orders assault",
                           "aims at the nearest enemy", "chosen assaults in against the aimed")
EXPECTED[CHOSEN_BATTERY] = ("free first orders", "heuristic chosen orders assault", "aims at the nearest enemy",
                            "chosen moves to Bombardment range")
EXPECTED[CHOSEN_CORPS] = ("chosen groups of 2", "heuristic chosen orders assault", "aims at the nearest enemy")
EXPECTED[CHOSEN_CORPS_IDLE] = ("chosen groups of 2", "chosen orders deploy", "heuristic chosen orders assault")
EXPECTED[CHOSEN_MIXED] = ("chosen regiments", "free first orders", "aims at the nearest enemy")
# Chosen deployments (`deploy_to`).
EXPECTED[CHOSEN_RANDOM] += ("deploy_to min", "deploy_to prepared", "chosen deploys min", "chosen deploys prepared")
EXPECTED[CHOSEN_SKIRMISHERS_RANDOM] = (
    "deploy_to max", "deploy_to min", "deploy_to formed", "deploy_to prepared", "deploy_to skirmish",
    "chosen deploys max", "chosen deploys min", "chosen deploys formed", "chosen deploys prepared",
    "chosen deploys skirmish", "deploys skirmish to formed", "deploys formed to skirmish", "deploys skirmish to prepared",
    "deploys prepared to formed", "deploy_to among several offered", "chosen Deploy groups of one deployment",
    "chosen orders deploy", "volleys by skirmishing cavalry", "barred assaults")
# (the heuristics prepare only infantry in formed order, "skirmishers stay skirmishing": no skirmish to prepared here;
# the random players above take skirmishers to Prepared)
EXPECTED[CHOSEN_SKIRMISHERS_PREPARED] = ("heuristic chosen orders deploy", "deploy_to prepared", "chosen deploys prepared",
                                         "deploys formed to prepared", "deploy_to replacing a cut-off one",
                                         "cavalry casts against prepared infantry")
EXPECTED[CHOSEN_PREPARED] = ("heuristic chosen orders deploy", "chosen Deploy groups of one deployment",
                             "deploys formed to prepared", "cavalry casts against prepared infantry")
EXPECTED[CHOSEN_BATTERY_RANDOM] = ("chosen deploys min", "chosen deploys max", "chosen deploys formed",
                                   "deploys prepared to formed")
# Chosen maneuvers (`maneuver_to`): the random players draw every way among those offered (the heuristics never
# maneuver a chosen regiment); planned Maneuvers forward stop at Engagement range.
EXPECTED["defaults"] = ("planned maneuvers forward", "forward maneuvers stopped at Engagement range",
                        "maneuvers completed with nowhere to go")
CHOSEN_WAYS = tuple("maneuver_to " + m for m in ("forward", "back", "left", "right")) + tuple(
    "chosen maneuvers " + m for m in ("forward", "back", "left", "right")) + ("maneuver_to among several offered",
                                                                               "maneuver_to with forward not offered")
EXPECTED[CHOSEN_RANDOM] += CHOSEN_WAYS + ("chosen Maneuver groups of one way",
                                          "forward maneuvers stopped at Engagement range")
EXPECTED[CHOSEN_SKIRMISHERS_RANDOM] += CHOSEN_WAYS
EXPECTED[CHOSEN_BATTERY_RANDOM] += CHOSEN_WAYS
EXPECTED[CHOSEN_FLANK_RANDOM] = CHOSEN_WAYS + (
    "chosen flank maneuvers left stopped short side a", "chosen flank maneuvers left stopped short side b",
    "chosen flank maneuvers right stopped short side a", "chosen flank maneuvers right stopped short side b",
    "maneuver_to with left not offered", "maneuver_to with right not offered")
# Chosen assaults aimed where their player chose (the random players' across the field at enemies not the nearest too),
# the heuristics' at the nearest measured across the field (in tenths: as near in whole inches is not as near); a
# Russian twelve-gun company's halves given one choice (the first half's), its second half taking a deployment that
# changes nothing for it.
EXPECTED[CHOSEN_FIELD_RANDOM] = ("aims at the nearest enemy", "aims at an enemy not the nearest",
                                 "chosen assaults in against the aimed")
EXPECTED[CHOSEN_FLANK] = ("aims at the nearest enemy", "aims across the field past an enemy nearer along the axis",
                          "heuristic chosen orders assault", "chosen assaults in against the aimed")
EXPECTED[CHOSEN_FIELD] = ("aims at the nearest enemy", "aims across the field past an enemy nearer along the axis",
                          "heuristic chosen orders assault", "chosen assaults in against the aimed",
                          "attached moves across", "follows across")
EXPECTED[CHOSEN_RUSSIAN] = ("twelve-gun companies ordered as one", "twelve-gun companies ordered as one in a larger group",
                            "twelve-gun second halves given their first half's order", "heuristic chosen orders move")
EXPECTED[CHOSEN_RUSSIAN_RANDOM] = ("twelve-gun companies ordered as one",
                                   "twelve-gun companies ordered as one in a larger group",
                                   "twelve-gun halves told one deployment", "twelve-gun halves told one way",
                                   "twelve-gun second halves told a deployment not offered them",
                                   "twelve-gun halves ordered apart, the other shaken")
# Chosen aims (decision `aim`): the random players' go to enemies not the nearest too (the heuristics' never), and a
# chosen skirmisher's only to the skirmishers it may assault (and the nearest) while any are in the game; its assault
# judged by the nearest, so none offered while every nearest enemy bars it, farther skirmishers notwithstanding.
for _label in (CHOSEN_RANDOM, CHOSEN_CORPS_IDLE, CHOSEN_SKIRMISHERS_RANDOM, CHOSEN_BATTERY_RANDOM, CHOSEN_FLANK_RANDOM,
               CHOSEN_RUSSIAN_RANDOM, HILL_CHOSEN_RANDOM):
    EXPECTED[_label] += ("aims at an enemy not the nearest",)
del _label
# Chosen Moves (decision `move_to`): the random players stop Moves short where they place them ("to where you want to
# stop") and the Moves stop there, or sooner; in a terrain objective's way they place no piquet; the heuristics go on.
CHOSEN_PLACES = ("move_to a place", "move_to among several places offered", "chosen Moves stopped at their place")
for _label in (CHOSEN_RANDOM, CHOSEN_CORPS_IDLE, CHOSEN_SKIRMISHERS_RANDOM, CHOSEN_BATTERY_RANDOM, CHOSEN_FLANK_RANDOM,
               CHOSEN_FIELD_RANDOM, CHOSEN_RUSSIAN_RANDOM, HILL_CHOSEN_RANDOM):
    EXPECTED[_label] += CHOSEN_PLACES
for _label in (CHOSEN, CHOSEN_BATTERY, CHOSEN_CORPS, CHOSEN_MIXED, CHOSEN_PREPARED, CHOSEN_SKIRMISHERS_PREPARED,
               CHOSEN_FLANK, CHOSEN_FIELD, CHOSEN_RUSSIAN, HILL_CHOSEN):
    EXPECTED[_label] += ("heuristic move_to objective",)
del _label
EXPECTED[CHOSEN_RANDOM] += ("chosen Moves stopped short of their place", "move_to objective among places offered")
EXPECTED[HILL_CHOSEN_RANDOM] += ("Moves stopped short of an objective, placing no piquet",)
# (the random players stop about half their Moves short of the Hill now, placing no piquet: in 300 games no opening is
# contested and piquets are seldom met; the heuristics' and the planned random configurations above still require them)
EXPECTED[HILL_CHOSEN_RANDOM] = tuple(k for k in EXPECTED[HILL_CHOSEN_RANDOM]
                                     if k not in ("piquets blocked contested", "piquet_met hold", "piquet_met withdraw"))
EXPECTED[CHOSEN_SKIRMISHERS_RANDOM] += ("Moves stopped short of an objective, placing no piquet",)
EXPECTED[CHOSEN_SKIRMISHERS_RANDOM] += ("skirmishers' aims, limited to skirmishers they may assault",
                                        "chosen skirmishers ordered, every nearest enemy barring them, a farther one "
                                        "they may assault")
# The field across (piquet_field.py).
EXPECTED[WAVES] = EXPECTED[WAVES] + ("rounds with an attacker rear",)
EXPECTED[FLANKS] = ("regiments off the centre line", "inclined moves", "moves inclined 22.5 degrees",
                    "flank maneuvers left side a", "rounds with an attacker flank", "short overlaps on the flank",
                    "flank attacks beside the defender", "multi-unit rounds with a flank or rear attacker",
                    "moves level with the enemy, beyond range across", "volleys across a gap")
EXPECTED[FLANKS_RANDOM] = ("inclined moves", "flank maneuvers left side a", "rounds with an attacker flank",
                           "multi-unit rounds with a flank or rear attacker")
EXPECTED[FLANKS_FRONT] = ("inclined moves", "flank maneuvers left side a", "short overlaps counted front",
                          "flank attacks beside the defender")
EXPECTED[FIELD] = ("inclined moves", "moves inclined 22.5 degrees", "flank maneuvers right side a",
                   "flank maneuvers left side b", "flank maneuvers right side b",
                   "flank maneuvers stopped short of an enemy level",
                   "urban defenders attacked from the flank or rear, no flanks exposed", "follows across",
                   "attached moves across", "volleys across a gap", "volleys artillery",
                   "withdrawals 1\" outside across a gap", "engagements broken off across a gap",
                   "onward past an enemy ahead off its path")
EXPECTED[FIELD_RANDOM] = ("inclined moves", "flank maneuvers right side a", "flank maneuvers left side b",
                          "flank maneuvers stopped short of an enemy level",
                          "urban defenders attacked from the flank or rear, no flanks exposed", "follows across",
                          "attached moves across", "volleys across a gap")
# Deployments and the Skirmish Engagement (piquet_deploy.py).
EXPECTED[SKIRMISHERS] = ("regiments opening in skirmish order", "deploys formed to prepared", "deploys prepared to formed",
                         "volleys by skirmishing cavalry", "reloads offered to skirmishing cavalry", "skirmishers casts",
                         "moves skirmishers", "assaults on skirmishers by formed infantry",
                         "assaults on skirmishers by formed infantry received", "assaults on skirmishers by skirmish cavalry",
                         "formed infantry joining an assault on skirmishers receiving it",
                         "cavalry casts against prepared infantry")
EXPECTED[SKIRMISHERS] += ("skirmishers casts under a Move order", "moves skirmishers under a Move order", "moves falls_back")
EXPECTED[SKIRMISHERS_NEVER] = ("skirmishers casts", "moves skirmishers", "assaults on skirmishers by formed infantry",
                               "formed infantry joining an assault on skirmishers after their cast",
                               "cavalry casts against prepared infantry")
EXPECTED[SKIRMISHERS_PREPARED] = ("cavalry casts against prepared infantry", "skirmishers casts")
EXPECTED[SKIRMISH] = ("deploys formed to formed", "deploys changing the frontage",
                      "deploys skirmish to formed", "deploys formed to skirmish", "contacts with a frontage a Deploy order changed",
                      "rounds with an attacker flank", "barred assaults",
                      "barred assaults engaging", "assaults on unrallied barred", "assaults on removed barred",
                      "skirmishers casts", "moves skirmishers", "assaults on skirmishers by formed infantry",
                      "assaults on skirmishers by formed cavalry", "assaults on skirmishers by skirmish infantry",
                      "volleys by skirmishing cavalry", "reloads offered to skirmishing cavalry",
                      "formed infantry in on skirmishers behind it, no cast")
EXPECTED[SKIRMISH_RANDOM] = ("deploys formed to formed", "deploys skirmish to formed", "barred assaults",
                             "barred assaults engaging", "skirmishers casts", "assaults on skirmishers by skirmish infantry",
                             "volleys by skirmishing cavalry", "formed infantry in on skirmishers behind it, no cast")
EXPECTED[SKIRMISH] += ("skirmishers casts at once under an Assault order", "assaults on skirmishers fighting, no cast")
EXPECTED[SKIRMISH_PREPARED] = ("deploys skirmish to prepared", "deploys prepared to skirmish",
                               "barred assaults taking a target that may not resist unopposed")
EXPECTED[SKIRMISH_WAVES] = ("skirmishing second lines sent in", "second line relieves", "breakthroughs",
                            "assaults on skirmishers by formed cavalry", "assaults on skirmishers by skirmish cavalry",
                            "barred assaults engaging")
EXPECTED[SKIRMISH_WAVES_RANDOM] = ("skirmishing second lines sent in", "breakthroughs",
                                   "assaults on skirmishers by formed cavalry")
# Bridges and gates (piquet_obstacles.py; seed 1, 300 games).
EXPECTED[BRIDGE] = ("obstacles", "hindered assault orders", "hindered orders on an Officer Check", "hindered move orders",
                    "hindered by an obstacle it stands on", "orders crossing no obstacle",
                    "orders going up to an obstacle, not over it", "covered", "covered assault casts",
                    "contacts across no obstacle")
EXPECTED[BRIDGE_RANDOM] = ("obstacles", "hindered assault orders", "covered", "covered assault casts")
EXPECTED[BRIDGE_SIZES] = ("hindered assault orders", "hindered by an obstacle it stands on", "covered",
                          "covered assault casts")
EXPECTED[BRIDGE_GATE] = ("obstacles", "objectives", "hindered move orders", "hindered assault orders",
                         "hindered free first orders", "hindered opening orders", "hindered orders on an Officer Check",
                         "hindered assaults halted at an objective", "contacts judged from where the order was given",
                         "hindered by an obstacle it stands on", "group executions from a hindered regiment's chips",
                         "orders going up to an obstacle, not over it", "covered", "covered assault casts",
                         "contacts with a defender standing on an obstacle", "contacts across no obstacle")
EXPECTED[BRIDGE_GATE_RANDOM] = EXPECTED[BRIDGE_GATE] + ("hindered chosen Moves stopped short",
                                                       "chosen Moves stopped short of an obstacle")
EXPECTED[BRIDGE_GATE_RANDOM] += ("piquet_met by an assault (hold)", "piquet_met by an assault (withdraw)",
                                 "assaults kept out by a piquet (hold)", "assaults halting after the piquet withdrew",
                                 "piquets lifted: withdrew before an enemy assault",
                                 "assaults meeting the piquets again after a hold")
BOTH_FIRST = tuple("KARDs with both sides' card effects, side %s's first" % x for x in "ab")
EXPECTED["defaults"] += BOTH_FIRST
EXPECTED[FIRST_A] = BOTH_FIRST[:1]
EXPECTED[FIRST_B] = BOTH_FIRST[1:]
EXPECTED[FIRST_RANDOM] = EXPECTED[FIRST_CORPS_RANDOM] = BOTH_FIRST + tuple(
    "KARDs side %s resolved first by the coin" % x for x in "ab")

HERE = os.path.dirname(os.path.abspath(__file__))
SCENARIOS = os.path.join(HERE, "..", "..", "experiments", "piquet", "scenarios")

BASIC = ("artillery_move", "artillery_reload", "cavalry_in_open", "deployment", "infantry_move_in_open",
         "maneuver", "melee_resolution", "musket_reload", "officer_check")
HAND_SIZE = {"superior": 5, "good": 4, "average": 3, "poor": 2, "miserable": 1}
ELITENESS = {"elite": 10, "line": 8, "conscript": 6, "militia": 4}
EXPERIENCE = {"veteran": 3, "reliable": 2, "undependable": 1}
POUNDAGE = {"heavy": 12, "medium_heavy": 8, "medium": 6, "light": 4}
CLASS = {"IV": 4, "III": 3, "II": 2, "I": 1}
NEXT_DIE = {4: 6, 6: 8, 8: 10, 10: 12, 12: 12}
FIGURE = {"poor": 2, "average": 3, "superior": 4}
MOVE_CARD = {"infantry": "infantry_move_in_open", "cavalry": "cavalry_in_open", "artillery": "artillery_move"}
ORDER_CARD = {"maneuver": "maneuver", "deploy": "deployment", "assault": "melee_resolution"}
RELOAD_CARD = {"infantry": "musket_reload", "artillery": "artillery_reload"}

def _value(v):
    if isinstance(v, str):
        s = v.strip()
        if s in ("true", "false"):
            return s == "true"
        try:
            return int(s)
        except ValueError:
            return s
    return v


def load_scenario(name):
    # A file (as given, or relative to the repository's root, as fixtures.json writes them), else a shipped scenario.
    root = os.path.join(HERE, "..", "..", name)
    path = name if os.path.isfile(name) else root if os.path.isfile(root) else os.path.join(SCENARIOS, name + ".toml")
    with open(path, "rb") as f:
        return tomllib.load(f)


def rules(defaults, sets, preset=None, scenario="default"):
    """The rule values of a game: the defaults, the --set values, and the scenario's data (`_scenario`)."""
    r = {k: _value(v) for k, v in defaults.items()}
    fallback = {"order_cost": 1, "bypass_cost": 1, "pass_cost": 1, "rally_cost": 1, "hand_play_cost": 1,
                "hand_swap_cost": 2, "second_cast_cost": 2, "third_cast_cost": 3, "attached_cost": 2,
                "figure_command_cost": 4, "breakthrough_multiplier": 5, "fire_cost": 1, "fire_orders": "brigade",
                "reload_holds_fire": "player", "shaken_reload": True, "artillery_reload": "fired",
                "musket_reload_cost": 1,
                "artillery_reload_cost": 1, "crushing_volley_step": 1, "eight_gun_die": True,
                "eight_gun_steps": "netted", "urban_fire_step": -1, "fatigued_step": 0, "exhausted_step": 0,
                "maneuver_inches": 4, "beyond_four": "next_type", "dress_lines_rally": False, "group_casts": "weakest_link",
                "max_assault_kards": 200, "assault_maneuver": True, "breakthrough_onward": True,
                "cavalry_waves": True, "second_line_inches": 4, "objective_horizons": True,
                "bypass_levels": "once", "shared_card": "turned", "short_overlap": "flank",
                "piquets_hold": True, "piquet_hold_elan": 0, "obstacle_chips": 1, "obstacle_cover_step": -1,
                "kard_first": "alternate"}
    for k, v in fallback.items():
        r.setdefault(k, v)
    for k, v in sets.items():
        r[k] = _value(v)
    r["_scenario"] = load_scenario(scenario)
    return r


def rules_args(defaults, args):
    """The rule values a configuration's `fortunes replay` arguments give (the driver's hook)."""
    sets, scenario, strategies = {}, "default", {}
    for i, a in enumerate(args):
        if a == "--set" and i + 1 < len(args):
            k, _, v = args[i + 1].partition("=")
            sets[k] = v
        elif a == "--scenario" and i + 1 < len(args):
            scenario = args[i + 1]
        elif a == "--strategy" and i + 1 < len(args):
            # SEAT=NAME[:k=v,...]: the seat's player, for the choices the checker holds a strategy to
            seat, _, spec = args[i + 1].partition("=")
            name, _, params = spec.partition(":")
            strategies[seat] = (name, dict(x.partition("=")[::2] for x in params.split(",") if x))
    r = rules(defaults, sets, scenario=scenario)
    r["_strategies"] = strategies
    return r


def read_cast(dice, step):
    """The final die value of a cast of `dice` stepped `step` (up steps: the dice are already added)."""
    if not dice:
        return 0
    s = sorted(dice, reverse=True)
    if step >= 0:
        return s[0]
    down = -step
    if down < len(s):
        return s[down]
    v = s[-1]
    for _ in range(down - len(s) + 1):
        v //= 2
    return v


def up_dice(die, n, up, beyond):
    """The dice types of `n` dice of `die` stepped up `up` times."""
    out = [die] * n
    t = die
    for _ in range(up):
        if len(out) < 4 or (die == 12):
            out.append(die if len(out) < 4 else 12)
        else:
            if beyond == "climb":
                t = NEXT_DIE[t]
            else:
                t = NEXT_DIE[die]
            out.append(t)
    return out


def check(events, rules_, stats=None):
    """Replay one game's trace (header, events, records); return [] or [the first Problem]."""
    g = _Game(events, rules_)
    try:
        g.run()
    except Violation as v:
        return [v.problem]
    if stats is not None:
        for k, v in g.seen.items():
            stats[k] = stats.get(k, 0) + v
    return []


class _Reg:
    pass


# What a regiment may owe by the next settling event (the loops of check_withdrawn and check_piquets_told look for
# these): a completed Move, Assault, Maneuver or Deploy order not yet carried out (move_due, assault_due, maneuver_due,
# deploy_due), a withdrawal (wd_due), the skirmishers' cast at once (imm_due) or on a completed Move (mv_pending,
# mv_expect), a piquet met (pq_met). Each is set (not None, not False) only together with _Game.owe().
OWED = ("move_due", "assault_due", "wd_due", "maneuver_due", "deploy_due", "imm_due", "mv_pending", "mv_expect",
        "pq_met")


class _Game(First, Carried, Piquets, Obstacles, Terrain, Combat, Chosen, Deploy, Field):
    def __init__(self, events, r):
        self.c = Cursor(events)
        self.r = r
        self.sc = r["_scenario"]
        self.seen = Counter()
        self.regs = {}  # name -> _Reg
        self.order = {"a": [], "b": []}  # regiment names in scenario order
        self.players = {}  # (side, name) -> dict
        self.pnames = {"a": [], "b": []}
        self.rows = []
        ranges = self.sc.get("ranges", {})
        self.E = ranges.get("engagement", 3)
        self.B = ranges.get("bombardment", 12)
        self.chips = self.sc.get("chips", {})
        self.engaged = {}  # (a, b) -> global kard begun
        self.assaults = {}  # defender -> dict(attackers, rounds, side)
        self.decq = 0
        self.kard = 0
        self.gk = 0
        # The regiments that may owe something by the next settling event (OWED, owe()): a superset of those that do.
        # The settling checks look at these only (owing_regs); at most settling events there are none.
        self.owing = set()
        self.handlers = {}  # event kind -> its on_ method (on_event)
        self.removed = set()  # the regiments removed (a status becomes `removed` only in on_status)
        self.defeated = set()  # the regiments defeated, unrallied now (kept in on_status, as `removed`)
        # Each change of a regiment's place, place across, frontage or status in the game (on_moves, on_status,
        # on_deploys, on_field) bumps `field_v`; check_withdrawn found no defeated regiment within range of a formed
        # enemy on the field `apart_v` and needs no second look while that field stands.
        self.field_v = 0
        self.apart_v = None
        self.piquet_setup()  # piquets holding terrain objectives (piquet_piquets.py)

    # Tests set it: every settling event verifies that the indexes above (owing, removed, defeated, field_v) and the
    # KARD marks of piquet_combat, piquet_carried and piquet_first (retire_gk, onward_gk, sent_gk, acted_gk) hold what
    # they stand for.
    AUDIT = False

    def field_print(self):
        return [(n, g.status, g.at, g.y, g.w) for n, g in self.regs.items()]

    def audit(self):
        regs = self.regs.items()
        assert {n for n, g in regs if self.owes(g)} <= self.owing, "owing"
        assert {n for n, g in regs if g.status == "removed"} == self.removed, "removed"
        assert {n for n, g in regs if g.status in DEFEATED} == self.defeated, "defeated"
        assert self.apart_v != self.field_v or self.field_print() == self.apart_print, "field_v"
        assert self.retire_gk == self.gk or all(getattr(g, "retire_due", None) != self.gk for _, g in regs), "retire"
        assert self.onward_gk == self.gk or all((getattr(g, "onward", None) or (None,))[0] != self.gk
                                                for _, g in regs), "onward"
        assert self.sent_gk == self.gk or all(self.sent_now(g) is None for _, g in regs), "sent"
        assert self.acted_gk != self.gk or all(p["acted"] == self.gk for p in self.players.values()), "acted"

    def owe(self, g):
        """`g` has just been given something of OWED to carry out by the next settling event."""
        self.owing.add(g.name)

    def owing_regs(self):
        """The regiments, in order, that may owe something (OWED): the others have nothing for a settling check to
        look at. Read as the loop goes, so one given something on the way is met too, as in a loop over them all."""
        return (g for g in self.regs.values() if g.name in self.owing)

    @staticmethod
    def owes(g):
        """Whether `g` holds anything of OWED (not None, not False)."""
        for k in OWED:
            v = getattr(g, k, None)
            if v is not None and v is not False:
                return True
        return False

    def fail_format(self, msg):
        """A field of an event not as docs/replay.md gives it."""
        self.fail(T_FORMAT, msg)

    def fail(self, rule, msg, at_next=False):
        self.c.fail(rule, msg, at_next)

    def f(self, e, name):
        try:
            return e[name]
        except KeyError:
            self.fail(T_FORMAT, "the %r event has no %r field" % (e.get("event"), name))

    # --- scenario data --------------------------------------------------------------------------
    def army_deck(self, side):
        s = self.sc.get(side, {})
        deck = s.get("army_deck", self.sc.get("army_deck", {}))
        return Counter({k: v for k, v in deck.items()})

    def sc_regiment(self, side, name):
        for x in self.sc.get(side, {}).get("regiments", []):
            if x.get("name") == name:
                return x
        self.fail(T_FORMAT, "regiment %r is not in the scenario's side %s" % (name, side))

    def reg(self, name, e=None):
        if name not in self.regs:
            self.fail(T_FORMAT, "no regiment %r" % name)
        return self.regs[name]

    def player(self, side, name):
        if (side, name) not in self.players:
            self.fail(T_FORMAT, "no player %r on side %r" % (name, side))
        return self.players[(side, name)]

    # --- the run --------------------------------------------------------------------------------
    def run(self):
        c = self.c
        h = c.expect("replay", T_FORMAT, "the replay header")
        if h.get("system") != "piquet":
            self.fail(T_FORMAT, "the header's system is %r" % h.get("system"))
        self.read_objectives()
        self.read_obstacles()  # bridges and gates (piquet_obstacles.py)
        while c.peek_kind() == "regiment":
            self.on_regiment(c.next())
        while c.peek_kind() == "player":
            self.on_player(c.next())
        for side in "ab":
            if not self.pnames[side]:
                self.fail(T_FORMAT, "side %s has no player" % side, at_next=True)
            if [n for n in self.order[side]] != [x["name"] for x in self.sc.get(side, {}).get("regiments", [])]:
                self.fail(T_FORMAT, "side %s's regiments are not the scenario's" % side, at_next=True)
        self.check_lines()
        self.hinder_opening()  # the planned opening orders' `hindered` (piquet_obstacles.py)
        self.free_orders()  # chosen regiments' free first orders (piquet_chosen.py)
        self.check_hindered(at_next=True)  # the free and opening orders hindered before the first DECQ
        ndecqs = self.sc.get("decqs", 6)
        game_ended = False
        while True:
            e = c.peek()
            if e is None:
                break
            k = e.get("event")
            if k == "record":
                break
            c.i += 1  # (c.next(): the event is read)
            if k == "decq_start":
                self.on_decq_start(e)
            elif k == "game_end":
                self.settle_orders()
                self.check_piquets_told()
                self.cover_told(e)
                self.check_hindered()
                self.orders_told(e)
                self.on_game_end(e)
                game_ended = True
            else:
                if self.decq == 0 or game_ended:
                    self.fail(T_FORMAT, "a %r event outside a DECQ" % k)
                self.on_event(e)
        if not game_ended:
            self.fail(T_END, "the trace has no game_end", at_next=True)
        if self.decq != ndecqs:
            self.fail(T_END, "the game played %d DECQs, the scenario says %d" % (self.decq, ndecqs), at_next=True)
        self.check_records()

    # --- the opening ------------------------------------------------------------------------------
    def on_regiment(self, e):
        side = self.f(e, "side")
        name = self.f(e, "regiment")
        s = self.sc_regiment(side, name)
        if name in self.regs:
            self.fail(T_FORMAT, "regiment %r listed twice" % name)
        g = _Reg()
        g.name, g.side, g.player, g.arm = name, side, self.f(e, "player"), self.f(e, "arm")
        if g.arm != s.get("arm", "infantry"):
            self.fail(T_FORMAT, "the scenario makes %r %s, not %s" % (name, s.get("arm", "infantry"), g.arm))
        rating = s.get("rating", "").split(",")
        if g.arm == "artillery":
            g.die, g.n = POUNDAGE[rating[0]], CLASS[rating[1]]
        else:
            g.die, g.n = ELITENESS[rating[0]], EXPERIENCE[rating[1]]
        g.guns = s.get("guns", 6)
        g.urban = bool(s.get("urban", False))
        g.fire_step = s.get("fire_step", 0)
        g.step = s.get("step", 0)
        g.brigade = s.get("brigade")
        g.division = s.get("division", 0)
        g.pair = s.get("maneuvers_with")
        g.figure = FIGURE.get(s.get("figure"), 0)
        g.at = self.f(e, "at")
        want_at = s.get("at", 0 if side == "a" else self.sc.get("distance", 10))
        if g.at != want_at:
            self.fail(T_FORMAT, "%r opens at %r, the scenario says %r" % (name, g.at, want_at))
        self.read_field(g, e, s)  # its place across and frontage (piquet_field.py)
        g.full = s.get("elan", self.sc.get("elan", 12))
        g.elan = self.f(e, "elan")
        if g.elan != g.full:
            self.fail(T_ELAN, "%r opens with %r Elan, the scenario gives %r" % (name, g.elan, g.full))
        g.stamina = self.sc.get("stamina", [2, 2, 2])
        g.boxes = self.f(e, "boxes")
        if g.boxes != sum(g.stamina):
            self.fail(T_RALLY, "%r opens with %r boxes, the scenario's stamina %r" % (name, g.boxes, g.stamina))
        g.loaded = self.f(e, "loaded")
        g.fired = not g.loaded  # a company started unloaded is taken to have fired before the game
        self.read_deployment(g, e, s)  # formed, prepared or skirmish; cavalry loaded only skirmishing (piquet_deploy.py)
        g.target = e.get("target")
        self.read_plan(g, e, s)  # ["chosen"] for a chosen regiment, else the scenario's plan
        # Cavalry Wave Assaults: a second line (the scenario's `follows`, told under the rule only) takes no
        # orders of its own while its lead is in the game, so no free first order either.
        g.lead = s.get("follows") if self.r["cavalry_waves"] else None
        if "follows" not in e or e["follows"] != g.lead:
            self.fail(T_FORMAT + ' (the regiment event\'s `follows`: the scenario\'s, under cavalry_waves only)',
                      "%r's regiment event says follows %r; the scenario %r, cavalry_waves %s"
                      % (name, e.get("follows"), s.get("follows"), self.r["cavalry_waves"]))
        g.sent = None  # (global KARD, target, why, ...) when sent in by a second_line event
        # Attached artillery ("plus any attached artillery"): moves with its regiment's Move orders, takes none of
        # its own while the regiment is in the game, so no free first order either.
        g.attached_to = s.get("attached_to")
        # "Cavalry in Open : Allows movement of a cavalry formation and attached horse artillery": foot
        # artillery (no `horse = true`) is attached to infantry only.
        host = next((r for r in self.sc.get(side, {}).get("regiments", []) if r.get("name") == g.attached_to), None)
        if host is not None and host.get("arm") == "cavalry" and not s.get("horse", False):
            self.fail(T_FORMAT + ' (only horse artillery is attached to cavalry)',
                      "foot company %r is attached to cavalry %r" % (name, g.attached_to))
        if "attached_to" not in e or e["attached_to"] != g.attached_to:
            self.fail(T_FORMAT + ' (the regiment event\'s `attached_to`: the scenario\'s)',
                      "%r's regiment event says attached to %r; the scenario %r"
                      % (name, e.get("attached_to"), g.attached_to))
        free = g.lead is None and g.attached_to is None and not g.chosen  # chosen: its player's free order
        g.status = "ordered" if g.plan and free else "idle"  # the first order is issued free ("prime the pump")
        g.order = g.plan[0] if g.plan and free else None
        g.done_n = 0  # orders of the plan completed (a dropped order is issued again)
        g.chips = None  # chips left of the current order (None: not executed yet)
        g.order_id = None  # which order it holds: set with the free first orders' groups, then by each order
        g.reloaded_at = -1
        g.fighting = False
        self.regs[name] = g
        self.order[side].append(name)

    def on_player(self, e):
        side, name = self.f(e, "side"), self.f(e, "player")
        q = self.f(e, "quality")
        # A subordinate whose scenario entry says `shares_deck` turns its superior's cards (or those its superior
        # shares in turn): no deck of its own, so no card to keep.
        table = self.sc.get(side, {})
        entry = next((t for t in table.get("subordinates", []) if t.get("name") == name), {})
        holder = None
        if entry.get("shares_deck"):
            sup = entry.get("superior", self.pnames[side][0] if self.pnames[side] else None)
            holder = self.players[(side, sup)]["holder"] or sup
        if self.f(e, "shares_deck") != holder:
            self.fail(T_SHARED, "%r shares the deck of %r, its scenario says %r" % (name, e["shares_deck"], holder))
        want_hand = 0 if holder else HAND_SIZE.get(q)
        if self.f(e, "hand_size") != want_hand:
            self.fail(T_HAND, "a %s commander holds %r cards, not %r" % (q, want_hand, e["hand_size"]))
        self.check_3d6(e["dice"])
        if self.f(e, "ip") != sum(e["dice"]):
            self.fail(T_INIT, "the opening initiative %r is not the cast's sum %d" % (e["ip"], sum(e["dice"])))
        role = self.f(e, "role")
        if (role == "commander") != (not self.pnames[side]):
            self.fail(T_FORMAT, "a side's commander comes first, its subordinates after")
        # The regiment the player's own figure is attached to, from the scenario (until it detaches or the
        # regiment is removed).
        table = self.sc.get(side, {})
        superior = self.f(e, "superior")
        if role != "commander":
            table = next((t for t in table.get("subordinates", []) if t.get("name") == name), {})
            # "The players fulfil the roles of army, corps, and division commanders": a subordinate answers to
            # the player its scenario entry names (one listed before it), else to the side's commander.
            want = table.get("superior", self.pnames[side][0] if self.pnames[side] else None)
            if superior != want or superior not in self.pnames[side]:
                self.fail(T_FORMAT, "%r answers to %r, its scenario says %r" % (name, superior, want))
        elif superior is not None:
            self.fail(T_FORMAT, "the side's commander %r answers to %r" % (name, superior))
        self.players[(side, name)] = {"side": side, "name": name, "role": role, "hand_size": e["hand_size"],
                                       "ip": e["ip"], "hand": [], "deck": None, "acted": -1, "used": None,
                                       "attached": table.get("attached_to"), "superior": superior,
                                       "holder": holder, "played": None}
        self.pnames[side].append(name)

    def check_3d6(self, dice):
        if not (isinstance(dice, list) and len(dice) == 3 and all(isinstance(d, int) and 1 <= d <= 6 for d in dice)):
            self.fail(T_INIT, "initiative dice %r are not 3d6" % (dice,))

    def commander(self, side):
        return self.pnames[side][0]

    def chain(self, side, player):
        """`player` and every player above it, nearest first."""
        while player is not None:
            yield player
            player = self.players[(side, player)]["superior"]

    def reaches(self, side, player, reg):
        """Whether `player`'s cards reach regiment `reg`: its own, or those of any player below it ("the direct
        commander of the unit or any player higher in the command chain")."""
        return reg.side == side and player in self.chain(side, reg.player)

    def below(self, side, player):
        return [q for q in self.pnames[side] if q != player and player in self.chain(side, q)]

    def bypassed(self, p, regs):
        """The players `p` goes around to order `regs`: each regiment's own player ("at the cost of an additional
        IP") and, under bypass_levels = each_player, every player between it and `p` (note 9: "one more for the
        army commander bypassing the corps commander player")."""
        out = set()
        for n in regs:
            path = []
            for q in self.chain(p["side"], self.reg(n).player):
                if q == p["name"]:
                    break
                path.append(q)
            out |= set(path if self.r["bypass_levels"] == "each_player" else path[:1])
        return out

    def check_bypass(self, p, regs, cost):
        """With no figure on the side (whose prices change an order's), an order costs order_cost and bypass_cost
        for each player gone around for the first time on this Officer Check."""
        side = p["side"]
        if any(self.reg(n).figure for n in self.order[side]) or \
                any(self.players[(side, q)]["attached"] for q in self.pnames[side]):
            return
        new = self.bypassed(p, regs) - p["bypassed"]
        if new:
            self.seen["orders going around %d player(s)" % len(new)] += 1
        want = self.r["order_cost"] + self.r["bypass_cost"] * len(new)
        if cost != want:
            self.fail('note 9: "Superior officers can issue orders to units of their subordinates at the cost of an '
                      'additional IP"', "%r orders %r for %r IP, not %d (going around %s)"
                      % (p["name"], regs, cost, want, sorted(new)))

    # --- DECQs -----------------------------------------------------------------------------------
    def ip_lists(self, e, what):
        for side in "ab":
            want = [self.players[(side, n)]["ip"] for n in self.pnames[side]]
            if self.f(e, "ip_" + side) != want:
                self.fail(T_IP, "%s gives side %s %r IP, the model %r" % (what, side, e["ip_" + side], want))

    def on_decq_start(self, e):
        if self.decq and self.kard != 18:
            self.fail(T_TURN, "a DECQ begins after %d KARDs" % self.kard)
        if self.f(e, "decq") != self.decq + 1:
            self.fail(T_FORMAT, "DECQ %r follows DECQ %d" % (e["decq"], self.decq))
        self.decq = e["decq"]
        self.kard = 0
        self.ip_lists(e, "decq_start")
        self.row = {"ip_start_a": self.players[("a", self.commander("a"))]["ip"],
                    "ip_start_b": self.players[("b", self.commander("b"))]["ip"]}
        for k in ("casts", "orders", "executions", "hand_plays", "ip_spent", "dress_lines", "volleys", "reloads"):
            self.row[k + "_a"] = 0
            self.row[k + "_b"] = 0
        c = self.c
        for side in "ab":
            army_held = Counter()
            for n in self.pnames[side]:
                if self.players[(side, n)]["holder"]:
                    continue  # dealt no deck: it shares another's
                d = c.expect("deal", T_DECK, "player %r's deal" % n)
                if d.get("decq") != self.decq or d.get("side") != side or d.get("player") != n:
                    self.fail(T_DECK, "the deal is not player %r's of side %s in DECQ %d" % (n, side, self.decq))
                p = self.players[(side, n)]
                hand, deck = list(self.f(d, "hand")), list(self.f(d, "deck"))
                if sorted(hand) != sorted(p["hand"]):
                    self.fail(T_DECK, "the hand carried into the DECQ is %r, the model's %r" % (hand, p["hand"]))
                if len(deck) != 18:
                    self.fail(T_DECK, "a deck of %d cards, not 18" % len(deck))
                basics = sorted(x for x in deck if not x.endswith("*"))
                # A side's commander may turn the optional Commander-in-Chief Deck: the scenario's `cic_deck` (the
                # deck-makeup table was lost) in place of the 9 basic cards, the rest from the Army Deck.
                cic = self.sc.get(side, {}).get("cic_deck") if n == self.commander(side) else None
                fixed = Counter({k: v for k, v in cic.items() if v}) if cic else Counter(BASIC)
                want = sorted((fixed - Counter(x for x in hand if not x.endswith("*"))).elements())
                if basics != want:
                    self.fail(T_CIC if cic else T_DECK, "the deck's fixed cards %r are not %s less the hand's: %r"
                              % (basics, "the CIC Deck's" if cic else "the 9 basic cards", want))
                for x in deck + hand:
                    if x.endswith("*"):
                        army_held[x[:-1]] += 1
                    elif x not in fixed:
                        self.fail(T_CIC if cic else T_DECK, "%r is no basic card" % x)
                if cic:
                    self.seen["CIC Deck deals"] += 1
                p["deck"] = deck
                p["pos"] = 0
            army = self.army_deck(side)
            for kind, n in army_held.items():
                if n > army[kind]:
                    self.fail(T_DECK, "side %s's decks and hands hold %d %s army cards, its Army Deck %d"
                              % (side, n, kind, army[kind]))
            self.seen["deals"] += sum(1 for n in self.pnames[side] if not self.players[(side, n)]["holder"])

    def new_kard(self, kard):
        if kard != self.kard + 1 or kard > 18:
            self.fail(T_TURN, "KARD %r follows KARD %d" % (kard, self.kard))
        if self.AUDIT:
            self.audit()
        if self.kard > 0:
            self.new_kard_check_all_acted()
            self.check_engaged()  # piquet_combat.py: out of range, broken off by the KARD's end
            self.check_waves()
            self.check_stayed()
            self.check_retired()
            self.kard_over()  # the coin told under kard_first = random (piquet_first.py)
        self.kard = kard
        self.gk += 1
        self.first_kard()  # whose card effects come first this KARD (piquet_first.py)
        self.fired = {}  # regiment -> True (fired this KARD)
        self.volleys = {}  # firer -> [target, value, landed]
        self.fire_ok = set()  # regiments covered by a fired fire order this KARD
        self.cv = set()  # regiments under a Crushing Volley this KARD
        self.heroic = set()
        self.reload_used = set()  # players who used a reload card this KARD
        self.officer = {}  # player -> action of its officer check this KARD

    def on_decq_end(self, e):
        self.check_engaged()
        self.check_waves()
        self.check_stayed()
        self.check_retired()
        if self.kard != 18:
            self.fail(T_TURN, "the DECQ ends after %d KARDs" % self.kard)
        self.new_kard_check_all_acted()
        self.kard_over()
        self.ip_lists(e, "decq_end")
        self.row["ip_end_a"] = self.players[("a", self.commander("a"))]["ip"]
        self.row["ip_end_b"] = self.players[("b", self.commander("b"))]["ip"]
        self.row["decq"] = self.decq
        self.rows.append(self.row)
        for side in "ab":
            for n in self.pnames[side]:
                p = self.players[(side, n)]
                if not p["holder"] and p["pos"] != 18:
                    self.fail(T_TURN, "player %r's deck has %d cards left" % (n, 18 - p["pos"]))

    def new_kard_check_all_acted(self):
        for side in "ab":
            for n in self.pnames[side]:
                if self.players[(side, n)]["acted"] != self.gk:
                    self.fail(T_TURN, "player %r of side %s neither turned nor played a card on KARD %d"
                              % (n, side, self.kard))

    # --- events ----------------------------------------------------------------------------------
    SETTLE = ("turn", "hand_play", "execute", "fire", "reload", "officer_check", "order", "rally", "decq_end")
    _SETTLE = frozenset(SETTLE)  # (on_event asks of every event)
    _ACTORS = frozenset(("regiment", "attacker", "defender", "a", "b", "regiments", "attackers"))  # naming who acts

    def on_event(self, e):
        k = e.get("event")
        self.cover_told(e)  # a contact across an obstacle told its `covered` at once (piquet_obstacles.py)
        self.orders_settle(k)  # an Officer Check's orders told: aims and the heuristic's choices (piquet_chosen.py)
        self.orders_told(e)  # the heuristic's Officer Check for orders gave one (piquet_chosen.py)
        if isinstance(k, str) and k in self._SETTLE:  # (k in SETTLE)
            self.check_withdrawn()
            self.check_piquets_told()  # Move orders' piquets told, piquet_met followed by the mover's Move
            self.check_hindered()  # Move and Assault orders crossing obstacles told `hindered` (piquet_obstacles.py)
        if "decq" in e and e["decq"] != self.decq:
            self.fail(T_FORMAT, "a DECQ %r event in DECQ %d" % (e["decq"], self.decq))
        if k in ("turn", "hand_play"):
            if e.get("kard") != self.kard:
                if e.get("kard") == self.kard + 1 or self.kard == 0:
                    self.new_kard(e.get("kard"))
                else:
                    self.fail(T_TURN, "KARD %r follows KARD %d" % (e.get("kard"), self.kard))
        elif k != "decq_end" and e.get("kard") != self.kard:
            self.fail(T_FORMAT, "a KARD %r event during KARD %d" % (e.get("kard"), self.kard))
        if not self._ACTORS.isdisjoint(e):  # (else the event names no regiment that acts)
            regs = self.regs
            if self.removed:  # (else none is removed yet, to act again)
                for fld in ("regiment", "attacker", "defender", "a", "b"):
                    x = e.get(fld)
                    if isinstance(x, str) and x in regs and regs[x].status == "removed":
                        self.fail(T_REMOVED, "removed regiment %r acts again" % x)
            for fld in ("regiments", "attackers"):
                if k == "crushing_volley":
                    break  # the player's regiments, named whether still in the game or not: no act
                for x in e.get(fld, []) or []:
                    if x in regs and regs[x].status == "removed":
                        self.fail(T_REMOVED, "removed regiment %r acts again" % x)
        self.kard_order(e)  # card effects after the turns, before fire, the first side's first (piquet_first.py)
        h = self.handlers.get(k) if isinstance(k, str) else None  # (looked up once a kind a game)
        if h is None:
            h = getattr(self, "on_" + k, None)
            if h is None:
                self.fail(T_FORMAT, "unknown event kind %r" % k)
            self.handlers[k] = h
        h(e)

    def ev_player(self, e):
        try:
            key = (e["side"], e["player"])
        except KeyError:
            key = (self.f(e, "side"), self.f(e, "player"))  # (the missing field told)
        p = self.players.get(key)
        return self.player(*key) if p is None else p

    def pay(self, p, e, cost, paid=True):
        """An event with `cost` and `ip`: the player's IP after it."""
        if paid:
            if cost < 0:
                self.fail(T_IP, "a negative cost %r" % cost)
            p["ip"] -= cost
            self.row["ip_spent_" + p["side"]] += cost
        if p["ip"] < 0:
            self.fail(T_IP, "player %r's initiative goes negative (%d)" % (p["name"], p["ip"]))
        if "ip" in e and e["ip"] != p["ip"]:
            self.fail(T_IP, "player %r holds %d IP after it, the event says %r" % (p["name"], p["ip"], e["ip"]))

    def used(self, e, kinds, what):
        """The player's card used this KARD must be of one of `kinds` (a Brilliant Leader acting as one)."""
        p = self.ev_player(e)
        u = p["used"] if p["acted"] == self.gk else None
        kind = None if u is None else (p.get("acts_as") or u)
        if kind not in kinds:
            self.fail(T_USE if u is None else T_ORDER_CARD,
                      "%s by player %r, whose card used this KARD is %r (needs %s)"
                      % (what, p["name"], u, " or ".join(kinds)))
        return p

    @staticmethod
    def not_held(cards, hand):
        """Whether `cards` hold some card more often than `hand` does (Counter(cards) - Counter(hand) not empty)."""
        if type(cards) is list and all([type(x) is str for x in cards]):
            # the same, without two Counters a turn
            for x in cards:
                if cards.count(x) > hand.count(x):
                    return True
            return False
        return bool(Counter(cards) - Counter(hand))

    def card_kind(self, card):
        return card[:-1] if card.endswith("*") else card

    def on_turn(self, e):
        p = self.ev_player(e)
        if p["acted"] == self.gk:
            self.fail(T_TURN, "player %r acts twice on one KARD" % p["name"])
        p["acted"] = self.gk
        card = self.f(e, "card")
        if p["pos"] >= 18 or p["deck"][p["pos"]] != card:
            self.fail(T_TURN, "player %r turns %r, its deck's top card is %r"
                      % (p["name"], card, p["deck"][p["pos"]] if p["pos"] < 18 else None))
        p["pos"] += 1
        ch = self.f(e, "choice")
        opts = self.f(e, "options")
        room = len(p["hand"]) < p["hand_size"]
        want = ["use", "keep", "pass"] if room else (["use", "swap", "pass"] if p["ip"] >= self.r["hand_swap_cost"]
                                                     else ["use", "pass"])
        if opts != want:
            self.fail(T_HAND, "options %r, with %d of %d cards held: %r" % (opts, len(p["hand"]), p["hand_size"], want))
        if ch not in opts:
            self.fail(T_HAND, "choice %r is not among %r" % (ch, opts))
        cp = self.f(e, "could_play")
        if self.not_held(cp, p["hand"]):
            self.fail(T_PLAY, "could_play %r holds cards not in the hand %r" % (cp, p["hand"]))
        if cp and p["ip"] < self.r["hand_play_cost"]:
            self.fail(T_PLAY, "could_play %r with %d IP" % (cp, p["ip"]))
        cost = self.f(e, "cost")
        if ch == "swap":
            d = self.f(e, "discarded")
            if d not in p["hand"]:
                self.fail(T_HAND, "the swap discards %r, not in the hand %r" % (d, p["hand"]))
            if cost != self.r["hand_swap_cost"]:
                self.fail(T_HAND, "a swap costs %r, not %d" % (cost, self.r["hand_swap_cost"]))
            p["hand"].remove(d)
            p["hand"].append(card)
            self.pay(p, e, cost)
            self.seen["swaps"] += 1
        else:
            if cost != 0 or e.get("discarded") is not None:
                self.fail(T_HAND, "a %r costs nothing and discards nothing" % ch)
            if ch == "keep":
                p["hand"].append(card)
            self.pay(p, e, 0)
        if len(p["hand"]) > p["hand_size"]:
            self.fail(T_HAND, "player %r holds %d cards, its hand size is %d" % (p["name"], len(p["hand"]), p["hand_size"]))
        kind = self.card_kind(card)
        p["used"] = kind if ch == "use" else None
        p["played"] = (card, "turn")
        p["acts_as"] = None
        p["officer_done"] = False
        p["action"] = None
        if kind == "dress_lines":
            self.row["dress_lines_" + p["side"]] += 1
        self.seen["turns"] += 1

    def on_hand_play(self, e):
        p = self.ev_player(e)
        if p["acted"] == self.gk:
            self.fail(T_TURN, "player %r acts twice on one KARD" % p["name"])
        p["acted"] = self.gk
        card = self.f(e, "card")
        if sorted(self.f(e, "hand")) != sorted(p["hand"]):
            self.fail(T_PLAY, "the hand %r is not the model's %r" % (e["hand"], p["hand"]))
        if card not in p["hand"]:
            self.fail(T_PLAY, "player %r plays %r, not held (hand %r)" % (p["name"], card, p["hand"]))
        d = self.f(e, "discarded")
        if p["pos"] >= 18 or p["deck"][p["pos"]] != d:
            self.fail(T_PLAY, "the card discarded unseen is %r, the deck's top card %r"
                      % (d, p["deck"][p["pos"]] if p["pos"] < 18 else None))
        p["pos"] += 1
        if self.f(e, "cost") != self.r["hand_play_cost"]:
            self.fail(T_PLAY, "a hand play costs %r, not %d" % (e["cost"], self.r["hand_play_cost"]))
        p["hand"].remove(card)
        self.pay(p, e, e["cost"])
        p["used"] = self.card_kind(card)
        p["played"] = (card, "hand")
        p["acts_as"] = None
        p["officer_done"] = False
        p["action"] = None
        self.row["hand_plays_" + p["side"]] += 1
        if self.card_kind(card) == "dress_lines":
            self.row["dress_lines_" + p["side"]] += 1
        self.seen["hand plays"] += 1

    def on_shares(self, e):
        """A player sharing a deck acts on its holder's card of this KARD: every card turned (shared_card =
        turned), or every card used, turned or played from the hand (used)."""
        p = self.ev_player(e)
        if p["acted"] == self.gk:
            self.fail(T_TURN, "player %r acts twice on one KARD" % p["name"])
        p["acted"] = self.gk
        holder = self.players.get((p["side"], p["holder"])) if p["holder"] else None
        if holder is None or self.f(e, "holder") != p["holder"]:
            self.fail(T_SHARED, "%r, with a deck of its own (or %r's), shares %r's card"
                      % (p["name"], p["holder"], e.get("holder")))
            return
        if holder["acted"] != self.gk:
            self.fail(T_SHARED, "%r shares %r's card before %r turned one" % (p["name"], holder["name"], holder["name"]))
            return
        card, how = holder["played"]
        if self.f(e, "card") != card:
            self.fail(T_SHARED, "%r shares %r, %r's card this KARD is %r" % (p["name"], e["card"], holder["name"], card))
        if self.r["shared_card"] == "used":
            want = holder["used"] is not None
        else:
            want = how == "turn"
        if self.f(e, "uses") != want:
            self.fail(T_SHARED + " (shared_card = %s)" % self.r["shared_card"],
                      "%r %s %r's %s card" % (p["name"], "uses" if e["uses"] else "does not use", holder["name"], how))
        p["used"] = self.card_kind(card) if e["uses"] else None
        p["acts_as"] = None
        p["officer_done"] = False
        p["action"] = None
        self.seen["shared cards used" if e["uses"] else "shared cards not used"] += 1

    def acts_for(self, p, g):
        """Whether player `p`'s card acts for regiment `g`: it reaches it, and no player below it shares its deck on
        the way to `g`'s own player: that one acts on the deck's cards for `g` itself (one card, one execution of
        each order), and a card it already acted on when turned, kept and played later from the hand, serves `g`
        no more (shared_card = turned)."""
        if not self.reaches(p["side"], p["name"], g):
            return False
        deck = p["holder"] or p["name"]
        for q in self.chain(g.side, g.player):
            if q == p["name"]:
                return True
            if (self.players[(g.side, q)]["holder"] or q) == deck:
                return False
        return True

    def on_brilliant(self, e):
        p = self.used(e, ("brilliant_leader",), "a Brilliant Leader")
        a = self.f(e, "acts_as")
        if a not in BASIC:
            self.fail('"Brilliant Leader : Treat as a wild card, can be used as any card in the Basic Player Deck."',
                      "a Brilliant Leader acts as %r" % a)
        if p["acts_as"] is not None:
            self.fail(T_USE, "a Brilliant Leader named twice")
        p["acts_as"] = a
        self.seen["brilliant leaders"] += 1

    def on_heroic(self, e):
        p = self.used(e, ("heroic_moment",), "a Heroic Moment")
        for g in self.regs.values():
            if self.reaches(p["side"], p["name"], g):
                self.heroic.add(g.name)

    def on_crushing_volley(self, e):
        p = self.used(e, ("crushing_volley",), "a Crushing Volley")
        want = [n for n in self.order[p["side"]] if self.reaches(p["side"], p["name"], self.regs[n])]
        if sorted(self.f(e, "regiments")) != sorted(want):
            self.fail('"Crushing Volley : Any fire ... issued by units under the command of the player turning this '
                      'card is up 1 step."', "the Crushing Volley names %r, the player commands %r"
                      % (e["regiments"], want))
        self.cv.update(want)
        self.seen["crushing volleys"] += 1

    def on_nothing_waits(self, e):
        # docs/replay.md says "a used card that executes orders"; fortunes also tells a used Dress
        # Lines card this way (inactivity: nothing to do), which breaks no rule.
        p = self.used(e, tuple(BASIC) + ("brilliant_leader", "dress_lines"), "nothing_waits")
        kind = p["acts_as"] or p["used"]
        if kind in ("officer_check", "musket_reload", "artillery_reload", "brilliant_leader"):
            self.fail(T_ORDER_CARD, "nothing_waits for a %r, which executes no order" % kind)
        if self.f(e, "card") != kind:
            self.fail(T_USE, "nothing_waits names %r, the card used is %r" % (e["card"], kind))

    def on_officer_check(self, e):
        kinds = ("officer_check", "dress_lines") if self.r["dress_lines_rally"] else ("officer_check",)
        p = self.used(e, kinds, "an Officer Check")
        if p["officer_done"]:
            self.fail(T_OFFICER, "two Officer Check actions on one card")
        p["officer_done"] = True
        a = self.f(e, "action")
        kind = p["acts_as"] or p["used"]
        if kind == "dress_lines" and a != "rally":
            self.fail('note 15: "Optionally the Dress Lines cards can be used to allow the drawing player to rally '
                      'one, and only one, unit"', "a Dress Lines card used for %r" % a)
        if a not in ("cast", "orders", "rally", "pass", "nothing", "detach"):
            self.fail(T_OFFICER, "officer check action %r" % a)
        attached = p["attached"] if p["attached"] and self.reg(p["attached"]).status != "removed" else None
        if a == "detach":
            if not attached:
                self.fail(T_ATTACHED, "player %r detaches, but its figure is attached to no regiment" % p["name"])
            p["attached"] = None
        elif attached and a == "cast":
            self.fail(T_ATTACHED, "player %r casts for initiative while attached to %r" % (p["name"], attached))
        if a == "pass" and not self.below(p["side"], p["name"]):
            self.fail(T_IP, "%r passes initiative with no player below it" % p["name"])
        p["action"] = a
        p["bypassed"] = set()
        p["rallies"] = 0
        if a == "orders":
            self.orders_taken(p)  # the heuristic gives at least one (piquet_chosen.py)
        self.seen["officer checks"] += 1

    def action(self, e, a, what):
        p = self.ev_player(e)
        if p["acted"] != self.gk or not p.get("officer_done") or p.get("action") != a:
            self.fail(T_OFFICER, "%s without an Officer Check whose action is %r" % (what, a))
        return p

    def on_cast(self, e):
        p = self.action(e, "cast", "an initiative cast")
        self.check_3d6(self.f(e, "dice"))
        if self.f(e, "total") != sum(e["dice"]):
            self.fail(T_INIT, "the cast's total %r is not its dice's sum" % e["total"])
        if self.f(e, "was") != p["ip"]:
            self.fail(T_IP, "the cast says the player had %r IP, the model %d" % (e["was"], p["ip"]))
        p["ip"] = min(18, max(p["ip"], e["total"]))
        self.pay(p, e, 0, paid=False)
        if p["role"] == "commander":
            self.row["casts_" + p["side"]] += 1
        p["action"] = None
        self.seen["initiative casts"] += 1

    def group_ok(self, p, regs, e):
        order = self.f(e, "order")
        for n in regs:
            g = self.reg(n)
            if not self.reaches(p["side"], p["name"], g):
                self.fail(T_OFFICER, "player %r orders %r, not under its command" % (p["name"], n))
            if g.status == "fighting":
                if not self.r["assault_maneuver"] or order != "maneuver" or len(regs) != 1:
                    self.fail(T_RETIRE, "%r, fighting an assault, is ordered to %s with %r (assault_maneuver = %s)"
                              % (n, order, regs, self.r["assault_maneuver"]))
                continue
            if self.in_line(g):
                self.fail(T_WAVES, "%r, second line to %r (still in the game), is ordered to %s"
                          % (n, g.lead, order))
            if self.attached(g):
                self.fail(T_ARTILLERY, "%r, attached to %r (still in the game), is ordered to %s"
                          % (n, g.attached_to, order))
            if g.status != "idle":
                self.fail(T_MUST_RALLY if g.status in UNRALLIED else T_NOTE12,
                          "%r is ordered while %s" % (n, g.status))
            if g.chosen:
                self.chosen_kind(p, g, order, regs)  # piquet_chosen.py
                continue
            want = g.plan[g.done_n % len(g.plan)]
            if order != want:
                self.fail(T_NOTE12, "%r is ordered to %s, its plan's next order is %s" % (n, order, want))
        self.note_group(p, regs, order, (p["side"], p["name"], False, self.gk))
        return order

    def on_order(self, e):
        p = self.action(e, "orders", "an order")
        regs = self.f(e, "regiments")
        order = self.group_ok(p, regs, e)
        cost = self.f(e, "cost")
        self.check_bypass(p, regs, cost)
        p["bypassed"] |= self.bypassed(p, regs)
        if cost < self.r["order_cost"]:
            self.fail(T_IP, "an order for %r IP, under order_cost %d" % (cost, self.r["order_cost"]))
        if len(self.pnames[p["side"]]) == 1 and not any(self.reg(n).figure for n in self.order[p["side"]]) \
                and cost != self.r["order_cost"]:
            self.fail(T_IP, "an order for %r IP, not order_cost %d" % (cost, self.r["order_cost"]))
        self.pay(p, e, cost)
        self.given(regs, order, (self.gk, tuple(regs)))  # a chosen assault is aimed next (piquet_chosen.py)
        self.piquet_ordered(regs, order)  # a Move's piquets told next (piquet_piquets.py)
        for n in regs:
            g = self.reg(n)
            if self.in_line(g):
                self.seen["second line ordered out of an assault"] += 1  # the one order a second line in line takes
            if g.status == "fighting":
                g.pending_status = ("retiring", self.gk)
        self.row["orders_" + p["side"]] += 1
        self.seen["orders"] += 1

    def on_not_ordered(self, e):
        p = self.action(e, "orders", "an order not given")
        self.group_ok(p, self.f(e, "regiments"), e)
        self.check_bypass(p, e["regiments"], self.f(e, "cost"))
        if self.f(e, "why") == "ip" and self.f(e, "cost") <= p["ip"]:
            self.fail(T_IP, "an order not paid for want of IP: it costs %r, the player holds %d" % (e["cost"], p["ip"]))

    def on_pass(self, e):
        p = self.action(e, "pass", "a pass of initiative")
        to = self.player(p["side"], self.f(e, "to"))
        below = self.below(p["side"], p["name"])
        if to["name"] not in below:
            self.fail(T_IP, "initiative passed to %r, not a player below %r" % (to["name"], p["name"]))
        # Whom to pass to is the passer's choice (decision pass_to); the heuristic's is the neediest below.
        least = min(self.players[(p["side"], q)]["ip"] for q in below)
        if self.strategy(p["side"])[0] == "heuristic" and to["ip"] != least:
            self.fail("the heuristic passes initiative to its neediest subordinate",
                      "%r passes to %r holding %d IP, while one below holds %d" % (p["name"], to["name"], to["ip"], least))
        if to["ip"] != least:
            self.seen["passes to a subordinate not the neediest"] += 1
        amount, cost = self.f(e, "amount"), self.f(e, "cost")
        if cost != self.r["pass_cost"] or amount < 0:
            self.fail(T_IP, "a pass of %r for %r IP (pass_cost %d)" % (amount, cost, self.r["pass_cost"]))
        self.pay(p, e, cost + amount)
        to["ip"] = min(18, to["ip"] + amount)
        if self.f(e, "to_ip") != to["ip"]:
            self.fail(T_IP, "%r holds %d IP after the pass, the event says %r" % (to["name"], to["ip"], e["to_ip"]))
        self.seen["passes"] += 1
        if p["role"] != "commander":
            self.seen["passes by a player under the side's commander"] += 1

    def on_rally(self, e):
        p = self.ev_player(e)
        kind0 = (p["acts_as"] or p["used"]) if p["acted"] == self.gk else None
        if kind0 == "dress_lines" and self.r["dress_lines_rally"] and not p["officer_done"]:
            p["action"] = "rally"
            p["officer_done"] = True
            p["rallies"] = 0
        p = self.action(e, "rally", "a rally")
        if kind0 == "dress_lines":
            p["rallies"] += 1
            if p["rallies"] > 1:
                self.fail('note 15: "rally one, and only one, unit"', "a Dress Lines rallies a second unit")
        g = self.reg(self.f(e, "regiment"))
        if g.side != p["side"] or (g.player != p["name"]):
            self.fail(T_RALLY, "player %r rallies %r, not its own" % (p["name"], g.name))
        kind = self.f(e, "kind")
        want = {"defeated": "defeated", "defeated_by_cavalry": "defeated_by_cavalry"}.get(g.status, "sound")
        if kind != want:
            self.fail(T_RALLY, "a %s rally of %r, which is %s" % (kind, g.name, g.status))
        if kind == "sound":
            if g.status not in UNRALLIED and g.elan == g.full:
                self.fail(T_RALLY, "%r rallies with its Elan whole and nothing to rally from" % g.name)
            if g.status not in UNRALLIED and (g.fighting or any(g.name in pr for pr in self.engaged)):
                self.fail(T_RALLY_WHEN, "%r rallies while engaged or assaulting" % g.name)
        n, need = {"sound": (6, 4), "defeated": (6, 6), "defeated_by_cavalry": (9, 8)}[kind]
        dice = self.f(e, "dice")
        die = g.die
        if len(dice) != n or not all(isinstance(d, int) and 1 <= d <= die for d in dice):
            self.fail(T_RALLY, "a %s rally casts %r, not %dd%d" % (kind, dice, n, die))
        if self.f(e, "need") != need:
            self.fail(T_RALLY, "a %s rally needs %r, not %d" % (kind, e["need"], need))
        fails = sum(1 for d in dice if d < need)
        if self.f(e, "failures") != fails:
            self.fail(T_RALLY, "%r fails %d dice, the event says %r" % (dice, fails, e["failures"]))
        g.boxes = max(0, g.boxes - fails)
        if self.f(e, "boxes_left") != g.boxes:
            self.fail(T_RALLY, "%r has %d boxes left, the event says %r" % (g.name, g.boxes, e["boxes_left"]))
        if g.boxes > 0:
            g.elan = g.full
            g.pending_status = ("rallied", self.gk)
        else:
            g.pending_status = ("removed", self.gk)
        if self.f(e, "elan") != g.elan:
            self.fail(T_ELAN, "%r's Elan after the rally is %d, the event says %r" % (g.name, g.elan, e["elan"]))
        if self.f(e, "cost") != self.r["rally_cost"]:
            self.fail(T_IP, "a rally costs %r, not rally_cost %d" % (e["cost"], self.r["rally_cost"]))
        self.pay(p, e, e["cost"])
        self.seen["rallies " + kind] += 1

    def performance_step(self, g):
        checked = sum(g.stamina) - g.boxes
        if checked < g.stamina[0]:
            return 0
        if checked < g.stamina[0] + g.stamina[1]:
            return self.r["fatigued_step"]
        return self.r["exhausted_step"]

    def check_cast(self, g, dice, step, value, rule, what, eight=False):
        """A performance cast of `g`'s dice stepped `step`: the dice count, faces and its reading."""
        types = up_dice(g.die, g.n, max(0, step), self.r["beyond_four"])
        read_step = step
        if eight:
            netted = self.r["eight_gun_steps"] == "netted"
            if netted:
                eff = step + 1
                if eff >= 0:
                    types = [g.die] * g.n + [NEXT_DIE[g.die]] + up_dice(g.die, g.n, eff - 1, self.r["beyond_four"])[g.n:] \
                        if eff >= 1 else [g.die] * g.n
                    read_step = 0
                else:
                    types = [g.die] * g.n
                    read_step = eff
            else:
                types = [g.die] * g.n + [NEXT_DIE[g.die]] + up_dice(g.die, g.n, max(0, step), self.r["beyond_four"])[g.n:]
        if not isinstance(dice, list) or len(dice) != len(types):
            self.fail(rule, "%s of %r casts %r, not %d dice (%dd%d stepped %d)"
                      % (what, g.name, dice, len(types), g.n, g.die, step))
        if not all(isinstance(d, int) and d >= 1 for d in dice):
            self.fail(T_DICE, "%s of %r: faces %r" % (what, g.name, dice))
        # faces fit the dice types: match largest faces to largest types
        for d, t in zip(sorted(dice, reverse=True), sorted(types, reverse=True)):
            if d > t:
                self.fail(T_DICE, "%s of %r casts %r, which %s cannot show (%dd%d stepped %d)"
                          % (what, g.name, dice, "+".join("d%d" % t for t in types), g.n, g.die, step))
        want = read_cast(dice, read_step)
        if value != want:  # (a rule beginning with the reading's own: that and the step's, e.g. prepared_step)
            self.fail(rule if rule.startswith(T_READ) else T_READ, "%s of %r: %r stepped %d reads %d, the event says %r"
                      % (what, g.name, dice, read_step, want, value))

    def on_execute(self, e):
        g = self.reg(self.f(e, "regiment"))
        order = self.f(e, "order")
        card = MOVE_CARD[g.arm] if order == "move" else ORDER_CARD.get(order)
        p = self.used(e, (card,), "%r executes its %s order" % (g.name, order))
        group = [g] + [self.reg(n) for n in self.f(e, "with")]
        if len(group) > 1 and self.r.get("group_casts", "weakest_link") != "weakest_link":
            self.fail(T_CHIPS, "%r executes with %r, but each regiment casts its own (group_casts = %s)"
                      % (g.name, e["with"], self.r.get("group_casts")))
        for m in group:
            if not self.reaches(p["side"], p["name"], m):
                self.fail(T_ORDER_CARD, "player %r's card executes %r, which it does not command" % (p["name"], m.name))
            elif not self.acts_for(p, m):
                self.fail(T_SHARED, "player %r's card executes %r, whose own player below it shares the deck and acts on its cards"
                          % (p["name"], m.name))
            if m.status in UNRALLIED:
                self.fail(T_MUST_RALLY, "unrallied %r executes an order" % m.name)
            if m.status not in ("ordered", "retiring") or m.order != order:
                self.fail(T_NOTE12, "%r executes a %s order while %s with order %r" % (m.name, order, m.status, m.order))
            if m.side != g.side or self.order_id(m) != self.order_id(g):
                self.fail(T_WEAKEST, "%r and %r execute as one, but were not ordered together" % (g.name, m.name))
            # "executed when a card of the appropriate type is turned by a player commanding the unit": each
            # player's part of a group moves on its own cards, with a pool of its own.
            if m.player != g.player:
                self.fail(T_ORDER_CARD, "%r and %r, of players %r and %r, execute as one" % (g.name, m.name, g.player, m.player))
        # The least elite casts: the smallest die type, then the fewest dice; eliteness rates infantry and
        # cavalry, so a company casts only for companies.
        least = min((m.arm == "artillery", m.die, m.n) for m in group)
        if (g.arm == "artillery", g.die, g.n) != least:
            self.fail(T_WEAKEST, "%r's dice (%dd%d) cast for a group whose least elite casts %dd%d"
                      % (g.name, g.n, g.die, least[2], least[1]))
        chips = self.f(e, "chips")
        # (a Move or Assault order's chips: the scenario's, or those its `hindered` gave it, piquet_obstacles.py)
        self.hinder_group(group, [self.chips.get(order) if m.chips is None else m.chips for m in group])
        want = max(self.chips.get(order) if m.chips is None else m.chips for m in group)
        if chips != want:
            self.fail(T_CHIPS, "%r's %s order has %d chips left, the execution says %r" % (g.name, order, want, chips))
        figure = max(m.figure for m in group)
        fig = self.f(e, "figure")
        if fig != min(figure, chips) and fig != figure:
            self.fail('"Command figures ... will remove 2, 3, or 4 chips on each turn of the appropriate card"',
                      "the figure removes %r chips, rated %d" % (fig, figure))
        left = chips - fig
        casts, removed = self.f(e, "casts"), self.f(e, "removed")
        if len(casts) != len(removed) or len(casts) > 3:
            self.fail(T_CHIPS, "%d casts, %d removals" % (len(casts), len(removed)))
        step = self.performance_step(g) + g.step
        extra = 0
        for i, (d, rm) in enumerate(zip(casts, removed)):
            if left <= 0:
                self.fail(T_CHIPS, "a cast with no chips left")
            self.check_cast(g, d, step, rm, T_READ, "a performance cast")
            left -= rm
            if i == 1:
                extra += self.r["second_cast_cost"]
            elif i == 2:
                extra += self.r["third_cast_cost"]
        left = max(0, left)
        bought = self.f(e, "bought")
        if bought:
            left = 0
            # Only the card's player's own figure, still attached to one of these regiments, buys the order.
            attached = p["attached"] if p["attached"] and self.reg(p["attached"]).status != "removed" else None
            if attached not in [m.name for m in group]:
                self.fail('"If a player\'s casting is attached to a regiment, that regiment may automatically execute '
                          'the order on the first turn of the appropriate card, without making any cast, but with the '
                          'cost of 2 IP"', "player %r buys %r's order at once, attached to %r"
                          % (p["name"], g.name, attached))
        if self.f(e, "chips_left") != left:
            self.fail(T_CHIPS, "%d chips left, the event says %r" % (left, e["chips_left"]))
        if not casts and not bought and fig == 0 and chips > 0:
            self.fail(T_CHIPS, "an execution with no cast")  # (an order of no chips has none to remove)
        cost = self.f(e, "cost")
        simple = not bought and not any(x.figure and x.brigade == m.brigade and x is not m
                                        for x in self.regs.values() for m in group)
        if cost < extra or (simple and cost != extra):
            self.fail(T_CHIPS, "%d casts cost %r IP, the extra casts %d" % (len(casts), cost, extra))
        self.pay(p, e, cost)
        for m in group:
            m.chips = left
            m.horizon_wait = False  # a leg of an Assault order stopped at a horizon executes again
            m.through_wait = False  # and one given the skirmishers' cast as chips (piquet_deploy.py)
            if left == 0 and m.status == "retiring":
                m.retire_due = self.gk  # out of the fight now: no order of its plan
                self.retire_gk = self.gk
            elif left == 0:
                m.done_n += 1
                if m.order == "assault":
                    # into contact, or short of it at a horizon, the order going on (objective_horizons)
                    self.assault_completed(m)
                if m.order in ("move", "maneuver"):
                    # A completed order is followed even where the lead stays put.
                    self.lead_moved(m, True)
                if m.order == "maneuver":
                    self.maneuver_completed(m)  # to a flank: across (piquet_field.py)
                if m.order == "deploy":
                    self.deploy_completed(m)  # its deploy_to's next entry (piquet_deploy.py)
                if m.order == "move":
                    self.move_completed(m)  # where it goes (objective_horizons: up to the next objective ahead)
                    self.move_through_due(m)  # or through skirmishers barring its way (piquet_deploy.py)
                    # Its formed attached companies move with it, to where its move ends.
                    for c in self.regs.values():
                        if c.attached_to == m.name and self.attached(c) and c.status == "idle":
                            self.attach_due[c.name] = self.gk
        self.row["executions_" + p["side"]] += len(group)
        self.seen["executions"] += len(group)
        if p["role"] != "commander" and g.player != p["name"]:
            self.seen["executions through a player between"] += len(group)
        self.seen["extra casts"] += max(0, len(casts) - 1)

    def order_id(self, g):
        """Which order `g` holds: the Officer Check's that gave it, or its free first order's group, read as an
        Officer Check's (note 9): a whole division, else a whole brigade, all beginning with the same order, else
        the regiment alone; with order_groups = idle_alike, those of its division (its brigade when no division
        is named) beginning alike."""
        if g.order_id is not None:
            return g.order_id
        # A second line (cavalry_waves) or an attached company got no free first order: it is in no group of them.
        side = [self.reg(n) for n in self.order[g.side] if self.reg(n).lead is None and self.reg(n).attached_to is None]
        first = [m for m in side if m.plan and g.plan and m.plan[0] == g.plan[0]]
        division = [m for m in side if g.division and m.division == g.division]
        brigade = [m for m in side if m.brigade == g.brigade and m.division == g.division]
        # "Russian 12 gun companies are represented by two 6 gun companies that maneuver as one": the halves
        # name each other (maneuvers_with) and begin alike.
        pair = [m for m in side if m is g or g.name == m.pair or m.name == g.pair]
        if self.r.get("order_groups", "whole") == "whole":
            if division and all(m in first for m in division):
                group = division
            elif all(m in first for m in brigade):
                group = brigade
            else:
                group = pair
        else:
            group = [m for m in side if m in pair or (m in (division if g.division else brigade) and m in first)]
        return (0, tuple(m.name for m in group))

    def on_waits(self, e):
        self.ev_player(e)

    def on_reload(self, e):
        g = self.reg(self.f(e, "regiment"))
        card = self.reload_card(g) or RELOAD_CARD[g.arm]  # skirmishing cavalry: Musket/Missile Reload (piquet_deploy.py)
        p = self.used(e, (card,), "%r reloads" % g.name)
        if not self.reaches(p["side"], p["name"], g):
            self.fail(T_ORDER_CARD, "player %r's card reloads %r, which it does not command" % (p["name"], g.name))
        elif not self.acts_for(p, g):
            self.fail(T_SHARED, "player %r's card reloads %r, whose own player below it shares the deck and acts on its cards"
                      % (p["name"], g.name))
        if g.loaded:
            self.fail(T_RELOAD, "%r reloads while loaded" % g.name)
        if g.arm == "artillery" and not g.fired and self.r["artillery_reload"] == "fired":
            self.fail(T_RELOAD + " (artillery_reload = fired: \"Allows artillery that has fired to reload\")",
                      "%r, which has never fired, is offered a reload" % g.name)
        if g.status in UNRALLIED and not self.r["shaken_reload"]:
            self.fail(T_MUST_RALLY + " (shaken_reload = false)", "unrallied %r reloads" % g.name)
        cost = self.f(e, "cost")
        want = self.r["artillery_reload_cost"] if g.arm == "artillery" else self.r["musket_reload_cost"]
        if cost != want:
            self.fail(T_IP, "a reload costs %r, not %d" % (cost, want))
        if self.f(e, "reloaded"):
            self.pay(p, e, cost)
            g.loaded = True
            g.reloaded_at = self.gk
            self.row["reloads_" + p["side"]] += 1
            self.seen["reloads"] += 1
        else:
            self.pay(p, e, cost, paid=False)
        self.reload_used.add((p["side"], p["name"]))

    def in_range(self, g, t, kind):
        return self.within(g, t, self.B if kind == "bombardment" else self.E)

    def on_fire(self, e):
        self.check_attached()
        p = self.ev_player(e)
        regs = self.f(e, "regiments")
        if not regs:
            self.fail(T_FIRE, "a fire order for no regiment")
        if self.r["fire_orders"] == "regiment" and len(regs) != 1:
            self.fail(T_FIRE + " (fire_orders = regiment)", "one fire order covers %r" % regs)
        # "An order can be issued to a regiment, a brigade, or a division": fire_orders says which.
        division = self.r["fire_orders"] == "division"
        brigades = set()
        for n in regs:
            g = self.reg(n)
            if not self.reaches(p["side"], p["name"], g):
                self.fail(T_FIRE, "player %r orders %r to fire, not under its command" % (p["name"], n))
            if g.player != self.reg(regs[0]).player:
                self.fail(T_FIRE, "one fire order covers %r and %r, of players %r and %r"
                          % (regs[0], n, self.reg(regs[0]).player, g.player))
            brigades.add(g.division if division else (g.division, g.brigade))
        if len(brigades) > 1:
            self.fail(T_FIRE + " (fire_orders = %s)" % self.r["fire_orders"],
                      "one fire order covers %s %r" % ("divisions" if division else "brigades",
                                                        sorted(map(str, brigades))))
        if len(regs) > 1:
            self.seen["fire orders of several regiments"] += 1
        cost = self.f(e, "cost")
        # Fire is an order: a player above the regiments' own gives it "at the cost of an additional IP" (note 9).
        around = len(self.bypassed(p, regs))
        want = self.r["fire_cost"] + self.r["bypass_cost"] * around
        if cost != want:
            self.fail(T_IP, "a fire order costs %r, not fire_cost %d and %d bypass" % (cost, self.r["fire_cost"], around))
        if around and self.f(e, "fired"):
            self.seen["fire orders from a player above"] += 1
        if self.f(e, "fired"):
            self.pay(p, e, cost)
            self.fire_ok.update(regs)
            self.seen["fire orders"] += 1
        else:
            self.pay(p, e, cost, paid=False)

    def on_volley(self, e):
        self.check_attached()
        g = self.reg(self.f(e, "regiment"))
        t = self.reg(self.f(e, "target"))
        kind = self.f(e, "kind")
        if g.name not in self.fire_ok:
            self.fail(T_FIRE, "%r fires with no fire order paid this KARD" % g.name)
        if g.name in self.volleys:
            self.fail(T_FIRE, "%r fires twice on one KARD" % g.name)
        self.cavalry_fire(g)  # only in skirmish order (piquet_deploy.py)
        if not g.loaded:
            self.fail(T_FIRE, "%r fires while unloaded" % g.name)
        if g.status in UNRALLIED:
            self.fail(T_MUST_RALLY, "unrallied %r fires" % g.name)
        if g.fighting or t.fighting:
            self.fail('docs/piquet.md: "regiments fighting an assault neither fire nor are fired at"',
                      "a volley from or at a regiment fighting an assault")
        if t.side == g.side:
            self.fail(T_FIRE, "%r fires at its own side's %r" % (g.name, t.name))
        if t.status == "removed":
            self.fail(T_REMOVED, "a volley at removed %r" % t.name)
        if g.reloaded_at == self.gk:
            self.fail(T_RELOAD_FIRE, "%r fires on the card it reloaded on" % g.name)
        if self.r["reload_holds_fire"] == "player":
            for (s, n) in self.reload_used:
                if self.reaches(s, n, g):
                    self.fail(T_RELOAD_FIRE + " (reload_holds_fire = player)",
                              "%r fires on the KARD player %r used a Reload card" % (g.name, n))
        want_kind = "musketry" if self.fires_as_infantry(g) else ("artillery" if self.within(g, t, self.E) else "bombardment")
        if kind != want_kind:
            self.fail(T_RANGE, "a %s volley of %r at %s, not %s" % (kind, g.name, self.dist_said(g, t), want_kind))
        if kind == "bombardment" and g.die not in (8, 12):
            self.fail(T_FIRE, "light or medium artillery %r bombards" % g.name)
        if not self.in_range(g, t, kind):
            self.fail(T_RANGE, "%r fires at %r %s (%s range %d)" % (
                g.name, t.name, self.dist_said(g, t), "Bombardment" if kind == "bombardment" else "Engagement",
                self.B if kind == "bombardment" else self.E))
        if self.gap(g, t):
            self.seen["volleys across a gap"] += 1
        if t.status in UNRALLIED and kind != "bombardment":
            self.fail(T_WITHDRAW + ' / "they can stand under Bombardment"', "unrallied %r is fired at by %s"
                      % (t.name, kind))
        step = self.performance_step(g) + g.fire_step
        if g.name in self.cv:
            step += self.r["crushing_volley_step"]
        step += self.fire_terrain(g, t, kind)  # an urban block: the scenario's, or an urban objective it stands in
        if self.f(e, "step") != step:
            self.fail(T_READ, "%r's volley is stepped %r, the model %d" % (g.name, e["step"], step))
        eight = g.arm == "artillery" and g.guns == 8 and self.r["eight_gun_die"]
        self.check_cast(g, self.f(e, "dice"), step, self.f(e, "value"), T_READ, "a volley", eight=eight)
        g.loaded = False
        g.fired = True
        self.volleys[g.name] = [t.name, e["value"], False]
        self.row["volleys_" + g.side] += 1
        self.seen["volleys " + kind] += 1

    def on_hit(self, e):
        t = self.reg(self.f(e, "regiment"))
        by = self.f(e, "by")
        v = self.volleys.get(by)
        if v is None or v[0] != t.name or v[2]:
            self.fail(T_FIRE, "%r is hit by %r, which cast no volley at it this KARD" % (t.name, by))
        v[2] = True
        if t.side != self.f(e, "side"):
            self.fail(T_FORMAT, "the hit's side is not %r's" % t.name)
        lost = min(v[1], t.elan)
        if self.f(e, "elan_lost") != lost:
            self.fail(T_ELAN, "a volley reading %d takes %d of %r's %d Elan, the event says %r"
                      % (v[1], lost, t.name, t.elan, e["elan_lost"]))
        t.elan -= lost
        if self.f(e, "elan") != t.elan:
            self.fail(T_ELAN, "%r's Elan is %d, the event says %r" % (t.name, t.elan, e["elan"]))
        self.hit_terrain(t)
        self.seen["hits"] += 1

    def on_moves(self, e):
        g = self.reg(self.f(e, "regiment"))
        frm, to, why = self.f(e, "from"), self.f(e, "to"), self.f(e, "why")
        if frm != g.at:
            self.fail(T_PLACE, "%r moves from %r, it stands at %r" % (g.name, frm, g.at))
        fwd = 1 if g.side == "a" else -1
        y_from, y_to = self.moves_across(g, e, why)  # its place across (piquet_field.py)
        self.move_through_moves(g, why)  # a completed Move owing the skirmishers' cast or their falling back
        self.attached_stay(g, why)  # its companies stay where its Move left them (piquet_carried.py)
        self.terrain_moves(g, frm, to, why, y_to)  # moves, onward cavalry and withdrawals to their places
        self.contact_cover(g, frm, to, why)  # into contact across an obstacle; halted, hindered again (piquet_obstacles.py)
        if why == "maneuver":
            if abs(to - frm) > self.r["maneuver_inches"]:
                self.fail(T_MANEUVER, "a maneuver of %r inches" % abs(to - frm))
            self.check_maneuver(g, frm, to, y_from, y_to)  # the way it goes, as far as it goes (piquet_field.py)
        elif why in ("withdraws", "withdraws_unrallied"):
            if (to - frm) * fwd > 0:
                self.fail(T_WITHDRAW, "%r withdraws towards the enemy (%r to %r)" % (g.name, frm, to))
        elif why == "move":
            # Where it goes (to Engagement range, a chosen one to its fire's reach, inclining across) is reckoned
            # by terrain_moves (piquet_terrain.close_in).
            reach = self.reach(g) if g.chosen else self.E  # a chosen Move stops at its fire's reach (piquet_chosen.py)
            if reach != self.E and getattr(g, "move_place", None) is None:
                self.seen["chosen moves to Bombardment range"] += 1
        elif why in ("engages", "skirmishers"):
            self.skirmish_moves(g, frm, to, why, y_to)  # piquet_deploy.py
        elif why == "falls_back":
            self.falls_back_moves(g, frm, to)  # skirmishers a formed Move went through (piquet_deploy.py)
        elif why == "retires":
            want = getattr(g, "retire_to", None)
            if want is None or to != want:
                self.fail(T_RETIRE, "%r retires to %r, %r back from the defender's place is %r"
                          % (g.name, to, self.r["maneuver_inches"], want))
            g.retire_to = None
        elif why in ("assault", "joins_assault"):
            d = self.assault_of(g)
            if d is None or to != self.reg(d).at:
                self.fail('"If the unit is Assaulting, an Assault round is immediately fought when the unit is moved '
                          'into contact with the target of the Assault."', "%r moves to %r, not into contact with "
                          "the regiment it assaults (%r)" % (g.name, to, d))
        elif why == "follows":
            due = self.follow_due.pop(g.name, None)
            if due is None or not self.in_line(g) or g.status != "idle":
                self.fail(T_WAVES, "%r (%s) follows, but its lead made no move to follow since it last stood "
                          "(second line to %r)" % (g.name, g.status, g.lead))
            if to != due[1] or y_to != due[2]:
                self.fail(T_WAVES, "%r follows to %r, %s\" across; second_line_inches (%d) behind its lead %r at %r, "
                                   "%s\" across, is %r" % (g.name, to, inches(y_to), self.r["second_line_inches"],
                                                          g.lead, self.reg(g.lead).at, inches(due[2]), due[1]))
            if y_to != y_from:
                self.seen["follows across"] += 1
        elif why == "attached":
            r = self.regs.get(g.attached_to) if g.attached_to else None
            if self.attach_due.pop(g.name, None) != self.gk or g.status != "idle":
                self.fail(T_ARTILLERY, "%r (%s) moves with %r, which completed no Move order on this KARD"
                          % (g.name, g.status, g.attached_to))
            if r is None or to != r.at or y_to != r.y:
                self.fail(T_ARTILLERY, "%r moves to %r, %s\" across, not to its regiment %r at %r, %s\" across"
                          % (g.name, to, inches(y_to), g.attached_to, r.at if r else None, inches(r.y) if r else None))
            if r.y != y_from:
                self.seen["attached moves across"] += 1
        elif why == "relieved":
            rl = self.reliefs.get(g.name)
            if rl is None or rl["gk"] != self.gk or rl["moved"]:
                self.fail(T_WAVES, "%r moves relieved, %s" % (g.name, "relieved by no second line on this KARD"
                                                              if rl is None or rl["gk"] != self.gk else
                                                              "having withdrawn already" if rl["to"] != rl["from"] else
                                                              "standing 1\" outside its target's Engagement range "
                                                              "already (%r)" % rl["from"]))
            if to != rl["to"]:
                edge = self.next_behind(rl["from"], fwd)
                self.fail(T_RELIEVED_OBJ, "relieved %r withdraws from %r to %r; %s, is %r" % (
                    g.name, frm, to, "1\" outside Engagement range (%d) of %r, no objective lying behind %r"
                    % (self.E, rl["target"], rl["from"]) if edge is None else
                    "the next objective behind %r, %r, its near edge" % (rl["from"], self.objective_at(edge)["name"]),
                    rl["to"]))
            rl["moved"] = True
            inside = self.objective_at(to) is not None
            self.seen["relieved into an objective" if inside else "relieved 1\" outside"] += 1
            tg = self.reg(rl["target"])
            if fwd * (to - self.outside_place(g, [self.foe(tg.at, tg)])) > 0:
                self.seen["relieved within Engagement range"] += 1
        if g.status in UNRALLIED and why not in ("withdraws", "withdraws_unrallied"):
            self.fail(T_MUST_RALLY, "unrallied %r moves (%s)" % (g.name, why))
        g.at = to
        g.y = y_to
        self.field_v += 1
        self.seen["moves " + why] += 1
        if why in FOLLOWED:
            # Its execution or contact, told before, made the follow due.
            self.lead_moved(g, why == "retires")

    def assault_of(self, g):
        for d, a in self.assaults.items():
            if g.name in a["attackers"]:
                return d
        return None

    def check_withdrawn(self):
        if self.AUDIT:
            self.audit()
        # These four look at the regiments that may owe something (owing_regs): with none, nothing to look at.
        if self.owing:
            self.check_move_through()  # piquet_deploy.py: the cast and the falling back a completed Move owed
            self.check_moved()
            self.check_deployed()  # piquet_deploy.py
            self.check_flanked()  # piquet_field.py
            self.owing = {n for n in self.owing if self.owes(self.regs[n])}  # (every one owing is among them)
        # No defeated, unrallied regiment within Engagement range of a formed enemy (each pair in the regiments' order).
        if not self.defeated or self.apart_v == self.field_v:
            return  # (none defeated, or the field has not changed since none was)
        defeated = [g for g in self.regs.values() if g.status in DEFEATED]
        formed = [x for x in self.regs.values() if x.status not in UNRALLIED and x.status != "removed"]
        for g in defeated:
            for x in formed:
                if x.side != g.side and self.within(g, x, self.E):
                    self.fail(T_WITHDRAW, "defeated, unrallied %r stands at %r, within Engagement range (%d) of "
                              "formed %r at %r (%s)" % (g.name, g.at, self.E, x.name, x.at, self.dist_said(g, x)))
        self.apart_v = self.field_v
        if self.AUDIT:
            self.apart_print = self.field_print()

    def on_status(self, e):
        g = self.reg(self.f(e, "regiment"))
        frm, to = self.f(e, "from"), self.f(e, "to")
        if frm != g.status:
            self.fail(T_STATUS, "%r goes from %r, its status is %r" % (g.name, frm, g.status))
        pend = getattr(g, "pending_status", None)
        pend = pend[0] if pend and pend[1] == self.gk else None
        if to == "removed" and pend != "removed":
            self.fail(T_REMOVED, "%r removed without a rally checking its last box" % g.name)
        if pend == "removed" and to != "removed":
            self.fail(T_REMOVED, "%r has no box left yet is %s" % (g.name, to))
        if frm in UNRALLIED and to not in UNRALLIED and pend not in ("rallied", "removed"):
            self.fail(T_MUST_RALLY, "%r goes from %s to %s without a rally" % (g.name, frm, to))
        if to == "ordered" and pend != "ordered":
            self.fail(T_NOTE12, "%r ordered without an order" % g.name)
        if to == "retiring" and (pend != "retiring" or frm != "fighting"):
            self.fail(T_RETIRE, "%r retiring from %s without a Maneuver order out of its assault" % (g.name, frm))
        if frm == "retiring" and to == "idle" and pend != "retired":
            self.fail(T_RETIRE, "%r leaves its assault, formed, without retiring" % g.name)
        if g.name in self.follow_due:
            self.fail(T_WAVES, "second line %r goes from %s to %s, not having followed its lead %r's move"
                      % (g.name, frm, to, g.lead))
        if self.in_line(g) and frm == "idle" and to == "closing" and self.sent_now(g) is None \
                and not self.going_on(g):
            self.fail(T_WAVES, "second line %r closes on an enemy, not sent in" % g.name)
        rl = self.reliefs.get(g.name)
        if rl is not None and rl["gk"] == self.gk and frm == "fighting":
            if to != "idle" or not rl["moved"]:
                self.fail(T_WAVES, "%r, relieved by %r, goes %s %s" % (
                    g.name, rl["second"], to, "having withdrawn" if rl["moved"] else "before withdrawing"))
            g.order = None  # "no longer ... operating on an Assault order"
            g.chips = None
        g.pending_status = None
        self.skirmish_status(g, frm, to)  # piquet_deploy.py: barred assaults, formed infantry going through
        self.status_terrain(g, frm, to)
        self.piquet_status(g, frm, to)  # leaving `ordered`, its piquet no longer holds (piquet_piquets.py)
        if frm == "ordered" and to == "idle":
            self.maneuver_stood(g)  # a completed Maneuver with nowhere to go (piquet_field.py)
        if to not in ("fighting", "retiring"):
            for a in self.assaults.values():
                if g.name in a["attackers"]:
                    a["attackers"].remove(g.name)  # out of the fight: withdrawn, defeated, through or retired
        g.status = to
        self.field_v += 1
        if to == "removed":
            self.removed.add(g.name)
        if to in DEFEATED:
            self.defeated.add(g.name)
        else:
            self.defeated.discard(g.name)
        g.fighting = to in ("fighting", "retiring")
        if to in UNRALLIED or to == "removed":
            g.chips = None
        self.seen["status " + to] += 1

    def on_unloaded(self, e):
        g = self.reg(self.f(e, "regiment"))
        if not g.loaded:
            self.fail(T_ENGAGE, "%r unloaded while not loaded" % g.name)
        g.loaded = False

    def on_game_end(self, e):
        removed = [sum(1 for n in self.order[s] if self.regs[n].status == "removed") for s in "ab"]
        if self.f(e, "removed") != removed:
            self.fail(T_END, "removed %r, the model %r" % (e["removed"], removed))
        for s in "ab":
            want = [self.regs[n].elan for n in self.order[s]]
            if self.f(e, "elan_" + s) != want:
                self.fail(T_END, "elan_%s %r, the model %r" % (s, e["elan_" + s], want))

    def check_records(self):
        c = self.c
        rows = []
        while c.peek() is not None:
            r = c.expect("record", T_RECORD, "a record row")
            rows.append(r)
        if len(rows) != len(self.rows):
            self.fail(T_RECORD, "%d record rows, %d DECQs" % (len(rows), len(self.rows)))
        for i, (r, m) in enumerate(zip(rows, self.rows)):
            for k, v in m.items():
                if r.get(k) != v:
                    c.i = len(c.events) - len(rows) + i + 1
                    self.fail(T_RECORD, "row %d: %s is %r, the events give %r" % (i + 1, k, r.get(k), v))

