"""An independent model of Skirmishing with Ancients (seeds/003_...), replaying a trace.

Written from the rules text, RULES-NOTES.md, `fortunes rules skirmish`, docs/skirmish.md
and docs/replay.md only. check() walks the game play by play and stops at the first
event the rules make impossible. What it holds the trace to:

- the decks: each side's deck is `cards_per_value` cards of each increment 1..6 (12 by
  default); the hand is the deck's first `hand_size` cards; every play is a card of the
  hand the model holds, the card drawn is the deck's next card (null only when it is
  spent) and `deck` the cards left; the sides alternate from `first`, each plays its
  whole deck, and the game ends (`game_end`) on the last card, with nothing after it
  but the record row;
- increments: what a side does on its card (advance, halt / point-blank / approach
  volleys, `unused`) adds up to the card, never more;
- positions: only the attacker moves, from where it stands, `increments` times its
  slowest fighting man's pace (foot_inches / cavalry_inches); a charge is declared
  exactly when the card reaches contact (the increments contact takes, 1 when already
  in contact), placed at the enemy; `distance` is what is left;
- fire: shooters are the volley side's men with a weapon, fighting (not dead, gone or
  running), each once a volley, at the first fighting enemy in standing order; `fire`
  is the shots a card of `increments` allows a weapon of load time L (loaded at the
  card's start: fire, load L, fire...), increments being the card, the charge's
  leftover, or for a defender not charged at most `support_fire_increments`;
  modifier = fire + unshielded - range's tens (`long_range`); the d10 in 1..10;
  result = die + modifier, read on the table (1-6 no effect, 7 rout, 8 wound, 9-10
  kill; `result_reading`); the target's status follows (rout: gone, wound: wounded,
  kill: dead; a wounded man hit again is dead);
- volleys: approach only by the defender at the current distance without a charge
  on, and always when it has a missile man fighting and an enemy stands ("the other
  stands and shoots at the first man in front"; a reserve called up in contact too, as
  called men "fight at once"); halt only by the attacker on a card that cannot reach contact; point_blank
  only after a charge advance with `charging_shooters = fire_leftover`; defensive only
  against a declared charge;
- morale: groups of up to three of the side's fighting men, every one of them in one
  group: threes in standing order (grouping = standing_order), or (most_standing) groups,
  larger ones testing first, whose makeups keep the most men standing on
  average of every split into groups of one to three (size x passing faces, tried in full);
  a side groups one way all game; level = 30 a sound man + 15 a wounded one - spread (0 for one man);
  commander points spent never more than left and never below 0, `points_left` the
  running total; the roll 1..100 passes strictly under (or at or under) level +
  points; a failing group's men turn to run (cause morale);
- charges: the defender's card meeting one runs defenders' morale, defensive fire,
  attackers' morale, `charge_ends` with the outcome the men's states give, the pairs'
  melees in standing order; each throw two d10s +1 against an unshielded man, thrown
  again while neither scores (up to melee_max_throws); the effects those of the last
  throw; one scored on runs (rout / wound) or falls;
- free hacks: only at a running man, only while an enemy stands; d10 + 1 on the table;
  then he is gone (or dead); `runs_off` only with no enemy standing; the attacker's
  running men pull away before it moves or shoots;
- reserves (docs/skirmish.md **Reserves**, docs/replay.md `reserve` / `called_up`): a side's men and reserves are
  named together in one standing order (hand-to-hand men in front, missile men behind; among each, cavalry, then
  shielded men, then quicker loaders), at most 16 a side, each `reserve` at the scenario's `cost` (by default 2 for
  a missile man or a cavalryman, 1 for other foot; with the scenario file known, its men and reserves exactly);
  a reserve takes no part until called; before each `play` the side's player calls up exactly what its `reserves`
  tuning (from the configuration's --strategy: inline `NAME:reserves=...`, a preset file or name, else
  `outnumbered`) makes it call at that moment, and nothing otherwise: `outnumbered` the first uncalled reserves in
  standing order, as many as bring its fighting men up to the enemy's (or all that are left), `behind` every
  reserve left while its net points (enemy dead less its called reserves' cost) are below the enemy's, `never`
  none; one `called_up` (play, side, men, the side's place, their summed cost), the men fighting at once (targets,
  morale groups, melee pairs, shooters, the pace); game_end's `reserve_cost` is each side's called reserves' cost,
  `victory_points` enemy dead, `winner` the side with more net points (null: equal), and the record row's
  `reserves_X`, `reserve_cost_X` and `winner` the same;
- game_end and the record row agree with the men's fates and the events counted.
"""

import os
import tomllib
from collections import Counter

from common import Cursor, Problem, Violation  # noqa: F401

SYSTEM = "skirmish"
DEFAULT_GAMES = 400
HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.join(HERE, "..", "..")
MIXED = "tests/checker/fixtures/skirmish-mixed.toml"
HALT = "tests/checker/fixtures/skirmish-halt.toml"
MIXED_RESERVES = "tests/checker/fixtures/skirmish-reserves-mixed.toml"
POLICIES = ("outnumbered", "behind", "never")
# A defender's missile men standing with enemies fighting and no charge to meet shoot ("the other stands and shoots at
# the first man in front"), reserves called up in contact too ("fight at once"; only reserves make that happen at 0).
BUILT_INS = ("random", "lowest", "highest", "hold_high", "cadence", "search")
LOADS = {"archer": 1, "crossbow": 3, "musket": 4, "rifle": 6}  # docs/skirmish.md: a weapon's load time

CONFIGS = [
    ("defaults", []),
    ("random vs random", ["--strategy", "a=random", "--strategy", "b=random"]),
    ("creek (2 cards to cross, 12 inches before the Vikings)", ["--scenario", "creek"]),
    ("mixed with a creek, a halts to shoot within 40 (never on a card that reaches the creek), b random",
     ["--scenario", "tests/checker/fixtures/skirmish-mixed-creek.toml", "--strategy", "a=" + HALT,
      "--strategy", "b=random"]),
    ("creek, creek_cards=3, random vs random", ["--scenario", "creek", "--set", "creek_cards=3",
                                                 "--strategy", "a=random", "--strategy", "b=random"]),
    ("mixed scenario, a hold_high grouping its men in standing order, b random",
     ["--scenario", MIXED, "--strategy", "a=hold_high:grouping=standing_order", "--strategy", "b=random"]),
    ("mixed scenario (cavalry, crossbows, muskets, a attacks), random vs random",
     ["--scenario", MIXED, "--strategy", "a=random", "--strategy", "b=random"]),
    ("mixed scenario, a halts to shoot within 40, b random",
     ["--scenario", MIXED, "--strategy", "a=" + HALT, "--strategy", "b=random"]),
    ("mixed, at_or_under, natural_extremes, digit, hold_fire, support 0, cpv=3 hand 5, cp=30, inches 3/5, max throws 2",
     ["--scenario", MIXED, "--set", "morale_pass=at_or_under", "--set", "result_reading=natural_extremes",
      "--set", "long_range=digit", "--set", "charging_shooters=hold_fire", "--set", "support_fire_increments=0",
      "--set", "cards_per_value=3", "--set", "hand_size=5", "--set", "commander_points=30",
      "--set", "foot_inches=3", "--set", "cavalry_inches=5", "--set", "melee_max_throws=2",
      "--strategy", "a=highest", "--strategy", "b=archer"]),
    ("vikings, cpv=1, hand 1, support 6, cp=0, a=archer b=" + HALT,
     ["--set", "cards_per_value=1", "--set", "hand_size=1", "--set", "support_fire_increments=6",
      "--set", "commander_points=0", "--strategy", "a=archer", "--strategy", "b=" + HALT]),
    ("vikings, search vs miser, foot_inches=1", ["--set", "foot_inches=1", "--strategy", "a=search",
                                                  "--strategy", "b=miser"]),
    # Reserves: the shipped `reserves` scenario (3 Viking foot at 1 and an archer at 2, 5 Roman cavalry at 2)
    # under each `reserves` policy, and fixtures/skirmish-reserves-mixed.toml (both sides' reserves, costs of
    # their own, side a attacking).
    ("reserves, both outnumbered (the default)", ["--scenario", "reserves"]),
    ("reserves, the experiment's players (a cadence, b hold_high), both behind",
     ["--scenario", "reserves", "--strategy", "a=cadence:reserves=behind",
      "--strategy", "b=hold_high:reserves=behind"]),
    ("reserves, a behind, b outnumbered",
     ["--scenario", "reserves", "--strategy", "a=cadence:reserves=behind", "--strategy", "b=hold_high"]),
    ("reserves, a behind, b never",
     ["--scenario", "reserves", "--strategy", "a=cadence:reserves=behind", "--strategy", "b=hold_high:reserves=never"]),
    ("reserves, a outnumbered, b behind",
     ["--scenario", "reserves", "--strategy", "a=cadence", "--strategy", "b=hold_high:reserves=behind"]),
    ("reserves, both never", ["--scenario", "reserves", "--strategy", "a=cadence:reserves=never",
                              "--strategy", "b=hold_high:reserves=never"]),
    ("reserves, random outnumbered vs random behind, standing_order grouping",
     ["--scenario", "reserves", "--strategy", "a=random:grouping=standing_order",
      "--strategy", "b=random:reserves=behind"]),
    ("mixed reserves (own costs, a attacks), random vs random",
     ["--scenario", MIXED_RESERVES, "--strategy", "a=random", "--strategy", "b=random"]),
    ("mixed reserves, a halts to shoot (preset file) behind, b random never, hold_fire",
     ["--scenario", MIXED_RESERVES, "--set", "charging_shooters=hold_fire",
      "--strategy", "a=" + HALT + ":reserves=behind",
      "--strategy", "b=random:reserves=never"]),
    ("mixed reserves, highest behind vs lowest outnumbered", ["--scenario", MIXED_RESERVES, "--strategy",
                                                              "a=highest:reserves=behind", "--strategy", "b=lowest"]),
    ("reserves, search behind vs archer (preset) outnumbered",
     ["--scenario", "reserves", "--strategy", "a=archer", "--strategy", "b=search:reserves=behind,samples=4"]),
]

# The situations each reserves configuration exists to exercise (from EXPECTED_GAMES games on).
EXPECTED_GAMES = 200
EXPECTED = {
    "reserves, both outnumbered (the default)": ("reserve calls outnumbered b", "reserves called fighting a charge",
                                                 "net winner not the kill winner"),
    "reserves, the experiment's players (a cadence, b hold_high), both behind": ("reserve calls behind b",),
    "reserves, a behind, b outnumbered": ("reserve calls outnumbered b",),
    "reserves, a behind, b never": ("reserve calls behind a",),
    "reserves, a outnumbered, b behind": ("reserve calls outnumbered a", "reserve calls behind b"),
    "reserves, both never": ("reserves left uncalled",),
    "mixed reserves (own costs, a attacks), random vs random": ("reserve calls outnumbered a",
                                                               "reserve calls outnumbered b",
                                                               "called men shoot"),
}

SIDES = ("a", "b")
OTHER = {"a": "b", "b": "a"}
INT_RULES = ("cards_per_value", "hand_size", "commander_points", "foot_inches", "cavalry_inches",
             "support_fire_increments", "melee_max_throws", "creek_cards")

T_DECK = ('"Each side is given a deck of 12 cards ... There are 2 one-increment cards, 2 two-increment cards, all '
          'the way up to 2 six-increment cards." (cards_per_value)')
T_HAND = ('"The 12 card deck is randomly mixed, and 3 cards drawn which the gamer holds in, and plays from, his '
          'hand. ... Each turn, when a card from the gamer\'s hand is played, a new card is drawn to replace the '
          'one just used." (hand_size)')
T_ALT = '"Commanders draw cards alternately; all men on their side move."'
T_END = ('"The scenario ends on the play of the last card, i.e., each side gets 12 plays, after which victory '
         'points are totaled."')
T_INC = ('"Each increment, each man may move 2 inches, or pivot in place, or fire an arrow, or notch an arrow in '
         'his bow." (a card\'s increments are spent once)')
T_MOVE = ('"Each increment, each man may move 2 inches ... Cavalry move twice as fast as infantry, i.e., 4 inches '
          'per increment." docs/replay.md: "only the attacker moves, and all of a side\'s men stand together" '
          '(docs/skirmish.md: "a side advances at its slowest man\'s pace")')
T_CREEK = ('"Crossing the creek took 2 complete card draws... regardless of the number of increments" '
           '(creek_cards; the scenario\'s creek, inches before the defenders)')
T_CHARGE = ('"on the attacker\'s card, a charge was declared and the charging men placed just short of contact" '
            '(docs/skirmish.md: "declared on the attacker\'s card when contact is in reach")')
T_LOAD = ('"An "automatic load weapon" is assumed to take place between cards, hence on a 5 increment card, an '
          'archer can fire and notch an arrow ... fired, loaded, fired, loaded and fired" / "Crossbows ... might '
          'take 3 increments to load"')
T_FIRE = ('"An archer received a 10-sided die, with a die roll result of: 1- 6... No effect 7... Rout 8... Wound '
          '9,10... Kill. The die roll was modified by several factors: plus 1 for every increment of fire, plus 1 '
          'if the target was unshielded, and minus the ten\'s digit of the range measurement in inches."')
T_WOUND = '"A man who was wounded and was hit again, was deemed killed."'
T_SHOOTER = ('a man who is dead, gone or running does not shoot (docs/replay.md: shooters are the side\'s missile '
             'men; "running (turned, still on the field)")')
T_TARGET = 'docs/replay.md / docs/skirmish.md: "the other stands and shoots at the first man in front"'
T_SUPPORT = ('"Missile men being contacted ... could fire for the full extent of the defender\'s card ... while '
             'defensive support fire was limited to 2 increments only" (support_fire_increments)')
T_MORALE = ('"In a morale check, each man counts 30 points, while wounded men and routing men count 15 points. ... '
            'The morale level of the group is the SUM of the individual morale levels of the men LESS the '
            'distance between the 2 figures furthest apart in the group." / "neither rolled under the required '
            'number using percentage dice" (morale_pass)')
T_GROUP = ('"the tester has the option of grouping up to 3 men for the check" (the `grouping` tuning key: '
           'most_standing, the groups that keep the most men standing on average, or standing_order, threes in '
           'standing order)')
T_POINTS = ('"each side was assigned a total of 100 morale points with which the commander could assist, on a '
            '"one-shot" basis ... This 47 point assignment, however, would leave the commander with 100 less 47, '
            'or 53 morale points"')
T_FAIL = '"Any defenders failing morale were turned in place, their backs to the enemy." / "men that failed were pivoted"'
T_SEQ = ('"Second, the defender\'s card was drawn and an instantaneous morale check was taken by all involved '
         'defenders. ... Third, defensive fire ... Fourth, after defensive fire, still on the defender\'s card, '
         'the attackers checked morale ... Fifth, melee"')
T_MELEE = ('"melee was then fought using the same table as that described for use in missile fire. The loser was '
           'reversed in place, back to the opponent. If neither man scored, the dice were thrown again until '
           'one, or both of them hit." (melee_max_throws)')
T_HACK = ('"routing defenders were now moved back ... On the next card (the attackers\'), routing attackers '
          'pulled away, and as they did so, the defenders got in their "free hacks"." (d10 +1, back turned)')
T_DEAD = 'a man dead or gone off the field takes no further part (docs/replay.md: "A man\'s fate is his last `status`")'
T_GAME_END = ('docs/replay.md: game_end "the last card is played: each side\'s men killed, wounded and alive, run '
              'off the field and alive; its victory points (one per enemy killed)"')
T_RECORD_RESERVES = ('the record row\'s reserves_X and reserve_cost_X (docs/skirmish.md metrics: '
                     '`reserves_called_per_game` "The side\'s reserves called up during the game (each man once)", '
                     '`reserve_cost_per_game` "Victory points the side\'s called-up reserves cost it")')
T_RESERVE = ('"points were ... taken from each side for every extra man, above the initial 7, brought into the '
             'scenario. Additional men for the Vikings emerged from the ship; Roman reinforcements entered at Hut A." '
             '(docs/skirmish.md Reserves: "A side\'s men and reserves together are at most 16"; docs/replay.md '
             '`reserve`: "a man held in reserve as the game opens (named in his place of the standing order), off '
             'the field until his side calls him up")')
T_ORDER = ('docs/skirmish.md: "A side stands in one order, whatever order the scenario lists its men in: men who '
           'fight hand to hand in front ..., missile men behind; among those, cavalry, then shielded men, then '
           'quicker loaders" / reserves "join the side where it stands, in their places of its standing order"')
T_COST = ('"Now the Vikings were 7 points down (-3 for 3 dead, -2 for a reserve archer, and another -1 apiece for 2 '
          'soldiers)" / "5 cavalrymen, 2 points apiece" (docs/skirmish.md: a reserve\'s `cost`, "by default the '
          'text\'s ... 2 for a man with a missile weapon or a cavalryman and 1 for other foot")')
T_CALL = ('docs/skirmish.md: "On its own card, before choosing it, a side\'s player calls up what it will (tuning key '
          '`reserves`)"; docs/replay.md `called_up`: "before it plays, the side calls up reserves (`men`, as its '
          'player\'s `reserves` tuning decides): they join it at `position`, its place, fighting, for `cost` victory '
          'points"')
T_POLICY = {
    "outnumbered": ('docs/skirmish.md: "`outnumbered` ... one at a time, in standing order, while the side has fewer '
                    'fighting men than the enemy ("forced to call up a reserve to counter the invader")" (`fortunes '
                    'strategies skirmish`: "until it has as many")'),
    "behind": ('docs/skirmish.md: "`behind` every reserve left while its net victory points trail the enemy\'s (the '
               'Viking leader "3 points down ... assumed he had nothing to lose")"; net: "enemy dead less its '
               'reserves\' cost"'),
    "never": 'docs/skirmish.md: the tuning key `reserves`: "`never`"',
}
T_NET = ('docs/replay.md game_end: "its victory points (one per enemy killed) and the points its called-up reserves '
         'cost; `winner` the side with more points net of that cost, null on a draw" (docs/skirmish.md: "The winner '
         'is the side with more victory points net of its reserves\' cost")')
T_RECORD = ('docs/replay.md: "In a record, `killed_a` counts side a\'s men dead, `wounded_a` those wounded and '
            'alive, `routed_a` those gone and alive, `victory_points_a` side b\'s men dead; `charge` is the '
            'outcome of the first charge that did not end `cut_off` ..."')


def rules(defaults, sets, scenario=None, policies=None):
    """The rule values of a game: `fortunes rules skirmish`'s defaults and the --set values; `_scenario` the men and
    reserves the scenario file lists (None: not known, reserves' costs held to the defaults only); `_reserves` each
    seat's `reserves` tuning."""
    r = dict(defaults)
    r.update(sets)
    for k in INT_RULES:
        r[k] = int(r[k])
    r["_scenario"] = scenario_men(scenario) if scenario is not None else None
    r["_reserves"] = dict(policies or {"a": "outnumbered", "b": "outnumbered"})
    return r


def rules_args(defaults, args):
    """The rule values a configuration's `fortunes replay` arguments give (the driver's hook): --set, --scenario
    (default `vikings`) and each seat's `reserves` policy from its --strategy (--strategies-dir read too)."""
    sets, scenario, specs, sdir = {}, "vikings", {}, None
    for i, a in enumerate(args):
        if i + 1 >= len(args):
            break
        if a == "--set":
            k, _, v = args[i + 1].partition("=")
            sets[k] = v
        elif a == "--scenario":
            scenario = args[i + 1]
        elif a == "--strategy":
            seat, _, spec = args[i + 1].partition("=")
            specs[seat] = spec
        elif a == "--strategies-dir":
            sdir = args[i + 1]
    policies = {seat: reserves_policy(specs.get(seat, "hold_high"), sdir) for seat in SIDES}
    return rules(defaults, sets, scenario=scenario, policies=policies)


def _find(name, dirs):
    for d in dirs:
        for p in (os.path.join(d, name), os.path.join(d, name + ".toml")):
            if os.path.isfile(p):
                return p
    return None


def reserves_policy(spec, sdir=None):
    """A seat's `reserves` tuning from its --strategy: NAME[:key=value,...] (NAME a built-in, a preset name in
    --strategies-dir, ./strategies/skirmish or the repository's, or a preset file), following a preset's `base`;
    `outnumbered` (every built-in's default, and an agent's: it plays by hold_high's tuning) unless one says."""
    name, _, params = spec.partition(":")
    if name.startswith("exec"):
        return "outnumbered"
    tuned = dict(x.partition("=")[::2] for x in params.split(",") if x)
    if "reserves" in tuned:
        return tuned["reserves"]
    seen = set()
    while name not in BUILT_INS and name not in seen:
        seen.add(name)
        dirs = [x for x in (sdir and os.path.join(sdir, "skirmish"), sdir, os.path.join("strategies", "skirmish"),
                            os.path.join(REPO, "strategies", "skirmish")) if x]
        path = name if os.path.isfile(name) else _find(name, dirs) or (
            os.path.join(REPO, name) if os.path.isfile(os.path.join(REPO, name)) else None)
        if path is None:
            raise ValueError("no skirmish strategy %r" % name)
        with open(path, "rb") as f:
            preset = tomllib.load(f)
        if "reserves" in preset:
            return preset["reserves"]
        name = preset.get("base", "hold_high")
    return "outnumbered"


def default_cost(kind, load):
    """docs/skirmish.md: "by default the text's ... 2 for a man with a missile weapon or a cavalryman and 1 for other
    foot"."""
    return 2 if load is not None or kind == "cavalry" else 1


def scenario_men(name):
    """{side: (men, reserves)} the scenario file lists, each a sorted list of (kind, shield, load[, cost]); None when
    the file cannot be read as this checker knows scenarios (a key it does not know the default of, a weapon it does
    not know the load of)."""
    path = os.path.join(REPO, "experiments", "skirmish", "scenarios", name + ".toml")
    for p in (name, os.path.join(REPO, name)):
        if name.endswith(".toml") and os.path.isfile(p):
            path = p
            break
    try:
        with open(path, "rb") as f:
            sc = tomllib.load(f)
    except OSError:
        return None
    loads = dict(LOADS)
    for w, v in (sc.get("weapons") or {}).items():
        v = v.get("load") if isinstance(v, dict) else v
        if isinstance(v, int):
            loads[w] = v
    out = {}
    for side in SIDES:
        lists = []
        for key, with_cost in (("men", False), ("reserves", True)):
            ms = []
            for entry in (sc.get(side) or {}).get(key, []):
                if "type" not in entry or "shield" not in entry:
                    return None
                weapon = entry.get("weapon")
                if weapon is not None and weapon not in loads:
                    return None
                load = None if weapon is None else loads[weapon]
                m = (entry["type"], bool(entry["shield"]), load)
                if with_cost:
                    m += (entry.get("cost", default_cost(entry["type"], load)),)
                ms += [m] * int(entry.get("count", 1))
            lists.append(sorted(ms, key=repr))
        out[side] = tuple(lists)
    return out


def standing_key(m):
    """docs/skirmish.md: "men who fight hand to hand in front ..., missile men behind; among those, cavalry, then
    shielded men, then quicker loaders"."""
    return (m.load is not None, m.kind != "cavalry", not m.shield, m.load or 0)


def shots_in(increments, load):
    """Shots of a weapon loaded at the card's start: fire, load `load` increments, fire ..."""
    if increments <= 0:
        return 0
    return 1 + (increments - 1) // (load + 1)


def read(result, die, reading):
    if reading == "natural_extremes":
        if die == 1:
            return "no_effect"
        if die == 10:
            return "kill"
    r = min(10, max(1, result))
    return "no_effect" if r <= 6 else "rout" if r == 7 else "wound" if r == 8 else "kill"


class Man:
    def __init__(self, e):
        self.name = e["man"]
        self.side = e["side"]
        self.kind = e["kind"]
        self.shield = e["shield"]
        self.load = e["load"]
        self.state = "fighting" if e["event"] == "man" else "reserve"
        self.wounded = False
        self.cost = e.get("cost") if e["event"] == "reserve" else None
        self.reserve = e["event"] == "reserve"


class Game:
    def __init__(self, events, r, stats):
        self.c = Cursor(events)
        self.r = r
        self.seen = Counter()
        self.stats = stats

    def fail(self, rule, msg, at_next=False):
        self.c.fail(rule, msg, at_next)

    def same(self, e, k, want, rule):
        if e.get(k) != want:
            self.fail(rule, "%s is %r, the model gives %r" % (k, e.get(k), want))

    # --- the men --------------------------------------------------------------------------------------
    def fighting(self, side):
        return [m for m in self.order[side] if m.state == "fighting"]

    def man(self, name, rule=T_DEAD):
        m = self.men.get(name)
        if m is None:
            self.fail(rule, "no man %r in the scenario" % name)
        return m

    def standing(self, side):
        return bool(self.fighting(side))

    def expect_status(self, m, state, wounded, cause):
        c = self.c
        e = c.peek()
        if e is None or e.get("event") != "status" or e.get("man") != m.name:
            self.fail(T_DEAD, "%s should now be %s%s (cause %s), but no status says so"
                      % (m.name, state, " and wounded" if wounded else "", cause), at_next=True)
        c.next()
        self.check_play(e)
        self.same(e, "side", m.side, T_DEAD)
        self.same(e, "state", state, T_WOUND if m.wounded else T_FIRE)
        self.same(e, "wounded", wounded, T_WOUND)
        self.same(e, "cause", cause, T_DEAD)
        m.state, m.wounded = state, wounded

    def strike(self, m, effect, cause, runs):
        """The status an effect gives a man (runs: a rout/wound turns him to run, as in melee)."""
        if effect == "no_effect":
            return
        if effect == "kill" or m.wounded:
            self.expect_status(m, "dead", m.wounded or False, cause)
        elif effect == "rout":
            self.expect_status(m, "running" if runs else "gone", False, cause)
        else:
            self.expect_status(m, "running" if runs else "fighting", True, cause)

    def check_play(self, e):
        if e.get("play") != self.play_no:
            self.fail(T_ALT, "an event of play %r during play %d" % (e.get("play"), self.play_no))

    # --- the game ---------------------------------------------------------------------------------
    def run(self):
        c = self.c
        h = c.expect("replay", "docs/replay.md: the header comes first")
        self.game = h.get("game")
        r = self.r
        s = c.expect("scenario", "docs/replay.md: scenario")
        self.sc = s
        ndeck = 6 * r["cards_per_value"]
        self.same(s, "deck", ndeck, T_DECK)
        self.same(s, "hand_size", r["hand_size"], T_HAND)
        self.same(s, "commander_points", r["commander_points"], T_POINTS)
        if s.get("attacker") not in SIDES or s.get("first") not in SIDES:
            self.fail(T_ALT, "attacker / first not a side")
        self.att = s["attacker"]
        self.dfn = OTHER[self.att]
        self.pos = {"a": 0, "b": s["distance"]}
        creek = s.get("creek")
        if creek is not None and not (isinstance(creek, int) and 0 < creek < s["distance"]):
            self.fail(T_CREEK, "a creek %r inches before the defenders, %r apart" % (creek, s["distance"]))
        self.creek_ahead = creek is not None
        self.crossing = 0  # the attackers' cards still to spend in the creek
        self.men, self.order = {}, {"a": [], "b": []}
        while c.peek_kind() in ("man", "reserve"):
            e = c.next()
            m = Man(e)
            if m.side not in SIDES or m.name in self.men or m.name != "%s%d" % (m.side, len(self.order[m.side]) + 1):
                self.fail("docs/replay.md: men are named by side and standing order", "man %r out of order" % m.name)
            if self.order[m.side] and standing_key(m) < standing_key(self.order[m.side][-1]):
                p = self.order[m.side][-1]
                self.fail(T_ORDER, "%s (%s%s, load %r) stands behind %s (%s%s, load %r)"
                          % (m.name, m.kind, " shielded" if m.shield else "", m.load,
                             p.name, p.kind, " shielded" if p.shield else "", p.load))
            if m.reserve:
                cost = e.get("cost")
                if not isinstance(cost, int) or isinstance(cost, bool) or cost < 0:
                    self.fail(T_COST, "a reserve costing %r" % cost)
                if self.r.get("_scenario") is None and cost != default_cost(m.kind, m.load):
                    self.fail(T_COST, "%s (%s, load %r) costs %r; the default is %d"
                              % (m.name, m.kind, m.load, cost, default_cost(m.kind, m.load)))
                if "position" in e:
                    self.fail(T_RESERVE, "a reserve with a place on the field before he is called up")
            else:
                self.same(e, "position", self.pos[m.side], "docs/replay.md: side a starts at 0 and side b at distance")
            if m.load is not None and (not isinstance(m.load, int) or m.load < 0):
                self.fail(T_LOAD, "a load time of %r" % m.load)
            if m.side in self.order and len(self.order[m.side]) >= 16:
                self.fail(T_RESERVE, "side %s has more than 16 men and reserves" % m.side)
            self.men[m.name] = m
            self.order[m.side].append(m)
        sc_men = self.r.get("_scenario")
        if sc_men is not None:
            for side in SIDES:
                for lst, want, what in ((self.order[side], sc_men[side][0], "men"),
                                        (self.order[side], sc_men[side][1], "reserves")):
                    got = sorted([(m.kind, m.shield, m.load) + ((m.cost,) if m.reserve else ())
                                  for m in lst if m.reserve == (what == "reserves")], key=repr)
                    if got != list(want):
                        self.fail(T_COST if what == "reserves" else T_RESERVE,
                                  "side %s's %s are %s; the scenario lists %s (kind, shield, load%s)"
                                  % (side, what, got, list(want), ", cost" if what == "reserves" else ""),
                                  at_next=True)
        self.called = {"a": [], "b": []}  # the reserves each side has called up, in order
        self.deck, self.hand, self.ptr = {}, {}, {}
        for side in SIDES:
            e = c.expect("deck", T_DECK)
            self.same(e, "side", side, T_DECK)
            cards = e.get("cards")
            if sorted(cards) != sorted(list(range(1, 7)) * r["cards_per_value"]):
                self.fail(T_DECK, "side %s's deck %r is not %d of each of 1..6" % (side, cards, r["cards_per_value"]))
            self.deck[side] = list(cards)
            self.hand[side] = sorted(cards[:r["hand_size"]])
            self.ptr[side] = r["hand_size"]
            self.same(e, "hand", self.hand[side], T_HAND)
        self.cp = {"a": r["commander_points"], "b": r["commander_points"]}
        self.grouping = {}  # side -> how its player groups its men for morale (the morale events' `grouping`)
        self.tot = Counter()
        self.charge = None  # the pending charge: {"declared": play}
        self.first_charge = None
        side = s["first"]
        self.play_no = 0
        for k in range(2 * ndeck):
            self.play_no = k + 1
            self.call_reserves(side)
            e = c.peek()
            if e is None or e.get("event") != "play":
                if e is not None and e.get("event") == "charge_ends" and e.get("outcome") == "cut_off":
                    self.fail(T_END, "a charge cut off before the last card", at_next=True)
                self.fail(T_END, "play %d expected (each side plays its whole deck)" % self.play_no, at_next=True)
            c.next()
            self.play(e, side)
            side = OTHER[side]
        self.end()
        self.records()
        if self.stats is not None:
            for k2, v in self.seen.items():
                self.stats[k2] = self.stats.get(k2, 0) + v

    def play(self, e, side):
        r = self.r
        self.same(e, "play", self.play_no, T_ALT)
        self.same(e, "side", side, T_ALT)
        self.same(e, "hand", self.hand[side], T_HAND)
        card = e.get("card")
        if card not in self.hand[side]:
            self.fail(T_HAND, "side %s plays %r, not in its hand %r" % (side, card, self.hand[side]))
        self.hand[side].remove(card)
        if self.ptr[side] < len(self.deck[side]):
            want = self.deck[side][self.ptr[side]]
            self.ptr[side] += 1
            self.hand[side].append(want)
            self.hand[side].sort()
        else:
            want = None
        self.same(e, "drawn", want, T_HAND)
        self.same(e, "deck", len(self.deck[side]) - self.ptr[side], T_HAND)
        self.tot["increments_" + side] += card
        self.card, self.side, self.spent = card, side, 0
        if side == self.att:
            self.attacker_card()
        else:
            self.defender_card()
        # whatever is left: unused
        c = self.c
        if c.peek_kind() == "unused":
            u = c.next()
            self.check_play(u)
            self.same(u, "side", side, T_INC)
            self.same(u, "card", card, T_INC)
            self.spend(u.get("increments"), u)
        if self.spent != card:
            self.fail(T_INC, "side %s's card of %d: %d increments accounted for (advance, volleys, unused)"
                      % (side, card, self.spent), at_next=True)
        nxt = c.peek_kind()
        if nxt not in ("play", "game_end", "charge_ends", "called_up"):
            self.fail(T_ALT, "a %r event where the play is over" % nxt, at_next=True)

    # --- reserves ---------------------------------------------------------------------------------------
    def cost(self, side):
        return sum(m.cost for m in self.called[side])

    def dead(self, side):
        return sum(1 for m in self.order[side] if m.state == "dead")

    def net(self, side):
        """The side's net victory points: enemy men dead less what its called reserves cost."""
        return self.dead(OTHER[side]) - self.cost(side)

    def due(self, side):
        """The reserves the side's player calls up now, before its card (its `reserves` tuning), in standing order."""
        policy = self.r["_reserves"].get(side, "outnumbered")
        left = [m for m in self.order[side] if m.state == "reserve"]
        if not left or policy == "never":
            return policy, []
        if policy == "outnumbered":
            short = len(self.fighting(OTHER[side])) - len(self.fighting(side))
            return policy, left[:max(0, short)]
        if policy == "behind":
            return policy, (left if self.net(side) < self.net(OTHER[side]) else [])
        self.fail(T_CALL, "side %s's player has no `reserves` policy %r (%s)" % (side, policy, ", ".join(POLICIES)))

    def has_reserves(self):
        return any(m.reserve for side in SIDES for m in self.order[side])

    def call_reserves(self, side):
        c = self.c
        policy, due = self.due(side)
        rule = T_POLICY.get(policy, T_CALL)
        why = ("%d fighting against %d, net points %d against %d, %d reserves left"
               % (len(self.fighting(side)), len(self.fighting(OTHER[side])), self.net(side), self.net(OTHER[side]),
                  sum(1 for m in self.order[side] if m.state == "reserve")))
        if c.peek_kind() != "called_up":
            if due:
                self.fail(rule, "side %s (reserves = %s) should call up %s before play %d (%s), but does not"
                          % (side, policy, [m.name for m in due], self.play_no, why), at_next=True)
            return
        e = c.next()
        if e.get("play") != self.play_no:
            self.fail(T_CALL, "a called_up of play %r before play %d" % (e.get("play"), self.play_no))
        if e.get("side") != side:
            self.fail(T_CALL, "side %r calls up reserves before side %s's card (play %d)"
                      % (e.get("side"), side, self.play_no))
        if not due:
            self.fail(rule, "side %s (reserves = %s) calls up %r, but its player calls nobody now (%s)"
                      % (side, policy, e.get("men"), why))
        self.same(e, "men", [m.name for m in due], rule)
        self.same(e, "position", self.pos[side], T_CALL)
        self.same(e, "cost", sum(m.cost for m in due), T_COST)
        for m in due:
            m.state = "fighting"
            self.called[side].append(m)
        self.seen["reserve calls %s %s" % (policy, side)] += 1
        self.seen["reserves called"] += len(due)
        if self.charge is not None:
            self.seen["reserves called fighting a charge"] += 1
        if c.peek_kind() == "called_up":
            self.fail(rule, "side %s calls up reserves twice before play %d" % (side, self.play_no), at_next=True)

    def spend(self, n, e):
        if not isinstance(n, int) or n < 1:
            self.fail(T_INC, "increments %r" % n)
        self.spent += n
        if self.spent > self.card:
            self.fail(T_INC, "side %s spends %d increments of a card of %d" % (self.side, self.spent, self.card))

    def pull_away(self, side):
        """The side's running men pull away (hack or runs_off), in standing order."""
        c = self.c
        for m in [m for m in self.order[side] if m.state == "running"]:
            e = c.peek()
            if e is None or e.get("man") != m.name or e.get("event") not in ("hack", "status"):
                self.fail(T_HACK, "running %s should pull away now" % m.name, at_next=True)
            if e["event"] == "status":
                c.next()
                self.check_play(e)
                if self.standing(OTHER[side]):
                    self.fail(T_HACK, "%s runs off unhacked while enemies stand" % m.name)
                self.same(e, "state", "gone", T_HACK)
                self.same(e, "cause", "runs_off", T_HACK)
                self.same(e, "wounded", m.wounded, T_HACK)
                m.state = "gone"
                self.seen["runs off"] += 1
            else:
                self.hack(side)

    def hack(self, side):
        c = self.c
        e = c.expect("hack", T_HACK)
        self.check_play(e)
        self.same(e, "side", side, T_HACK)
        m = self.man(e.get("man"))
        if m.side != side or m.state != "running":
            self.fail(T_HACK, "a free hack at %s, who is %s" % (m.name, m.state))
        if not self.standing(OTHER[side]):
            self.fail(T_HACK, "a free hack with no enemy standing")
        die = e.get("die")
        if die not in range(1, 11):
            self.fail(T_HACK, "a d10 of %r" % die)
        self.same(e, "result", die + 1, T_HACK)
        self.same(e, "effect", read(die + 1, die, self.r["result_reading"]), T_FIRE)
        eff = e["effect"]
        self.seen["hacks"] += 1
        if eff == "kill" or (eff != "no_effect" and m.wounded):
            self.expect_status(m, "dead", m.wounded, "free_hack")
        else:
            self.expect_status(m, "gone", m.wounded or eff == "wound", "free_hack")

    def pace(self, side):
        f = self.fighting(side)
        return self.r["foot_inches"] if any(m.kind == "foot" for m in f) else self.r["cavalry_inches"]

    def dist(self):
        return abs(self.pos["a"] - self.pos["b"])

    def attacker_card(self):
        c = self.c
        side = self.side
        self.pull_away(side)
        k = c.peek_kind()
        creek = self.sc.get("creek") if self.creek_ahead else None
        if self.crossing and self.standing(side) and self.standing(OTHER[side]):
            # In the creek: the card crosses, whatever its value; its increments do nothing (unused).
            e = c.expect("creek", T_CREEK, "side %s's card in the creek" % side)
            self.check_play(e)
            self.same(e, "side", side, T_CREEK)
            self.same(e, "distance", self.dist(), T_CREEK)
            self.crossing -= 1
            self.same(e, "cards_left", self.crossing, T_CREEK)
            self.creek_ahead = self.crossing > 0
            if c.peek_kind() != "unused":
                self.fail(T_CREEK, "a card spent in the creek with increments used", at_next=True)
            self.seen["creek cards"] += 1
        elif k == "advance":
            e = c.next()
            self.check_play(e)
            self.same(e, "side", side, T_MOVE)
            if not self.standing(side):
                self.fail(T_DEAD, "side %s advances with no man fighting" % side)
            self.same(e, "from", self.pos[side], T_MOVE)
            d0 = self.dist()
            p = self.pace(side)
            reach = self.card * p
            step = 1 if side == "a" else -1
            if creek is None and reach >= d0:
                need = max(1, -(-d0 // p))
                self.same(e, "charge", True, T_CHARGE)
                self.same(e, "increments", need, T_CHARGE)
                self.same(e, "to", self.pos[OTHER[side]], T_CHARGE)
                self.same(e, "distance", 0, T_CHARGE)
                if self.charge is None:
                    self.charge = {"declared": self.play_no}
                self.seen["charges declared"] += 1
            elif creek is not None and d0 - reach <= creek:
                # The advance stops at the creek; the card's other increments are lost.
                self.same(e, "charge", False, T_CREEK)
                self.same(e, "increments", min(self.card, max(1, -(-(d0 - creek) // p))), T_CREEK)
                self.same(e, "to", self.pos[side] + step * (d0 - creek), T_CREEK)
                self.same(e, "distance", creek, T_CREEK)
            else:
                self.same(e, "charge", False, T_CHARGE)
                self.same(e, "increments", self.card, T_MOVE)
                self.same(e, "to", self.pos[side] + step * reach, T_MOVE)
                self.same(e, "distance", d0 - reach, T_MOVE)
            self.spend(e["increments"], e)
            self.pos[side] = e["to"]
            if creek is not None and e.get("distance") == creek:
                x = c.expect("creek", T_CREEK, "side %s reaches the creek" % side)
                self.check_play(x)
                self.same(x, "side", side, T_CREEK)
                self.same(x, "distance", creek, T_CREEK)
                self.same(x, "cards_left", self.r["creek_cards"], T_CREEK)
                self.crossing = self.r["creek_cards"]
                self.seen["creeks reached"] += 1
            if c.peek_kind() == "volley":
                v = c.next()
                self.check_play(v)
                self.same(v, "kind", "point_blank", T_INC)
                if not e["charge"] or self.r["charging_shooters"] != "fire_leftover":
                    self.fail(T_INC, "a point-blank volley without a charge under fire_leftover")
                self.same(v, "side", side, T_INC)
                self.same(v, "range", 0, T_INC)
                self.same(v, "increments", self.card - e["increments"], T_INC)
                self.spend(v["increments"], v)
                self.seen["point-blank volleys"] += 1
                self.shots(v, lambda m: v["increments"])
        elif k == "volley":
            v = c.next()
            self.check_play(v)
            self.same(v, "kind", "halt", T_INC)
            self.same(v, "side", side, T_INC)
            if creek is None and self.card * self.pace(side) >= self.dist():
                self.fail(T_CHARGE, "a halt to shoot on a card that reaches contact")
            if creek is not None and self.dist() - self.card * self.pace(side) <= creek:
                self.fail(T_CREEK, "a halt to shoot on a card that reaches the creek")
            self.same(v, "range", self.dist(), T_FIRE)
            self.same(v, "increments", self.card, T_INC)
            self.spend(v["increments"], v)
            self.seen["halt volleys"] += 1
            self.shots(v, lambda m: v["increments"])
        elif self.standing(side) and self.standing(OTHER[side]):
            self.fail(T_INC, "the attacker, with men fighting, neither advances nor shoots", at_next=True)

    def defender_card(self):
        c = self.c
        side = self.side
        if self.charge is not None:
            self.meet_charge()
            return
        if c.peek_kind() == "volley":
            v = c.next()
            self.check_play(v)
            self.same(v, "side", side, T_INC)
            self.same(v, "kind", "approach", T_INC)
            self.same(v, "range", self.dist(), T_FIRE)
            self.same(v, "increments", self.card, T_INC)
            self.spend(self.card, v)
            self.seen["approach volleys"] += 1
            self.shots(v, lambda m: v["increments"])
        elif any(m.load is not None for m in self.fighting(side)) and self.standing(OTHER[side]):
            # a called-up missile man too: he fights at once (a reserve called in contact, the enemy not charging)
            self.fail(T_TARGET, "side %s's missile men %s stand with enemies fighting %d inches away, no charge to "
                      "meet, but do not shoot" % (side, [m.name for m in self.fighting(side) if m.load is not None],
                                                  self.dist()), at_next=True)

    def shots(self, v, incs_of):
        c = self.c
        side = v["side"]
        shot_by = set()
        while c.peek_kind() == "shot":
            e = c.next()
            self.check_play(e)
            self.same(e, "side", side, T_SHOOTER)
            m = self.man(e.get("shooter"), T_SHOOTER)
            if m.side != side or m.load is None:
                self.fail(T_SHOOTER, "%s is no missile man of side %s" % (m.name, side))
            if m.state != "fighting":
                self.fail(T_SHOOTER, "%s shoots, but he is %s" % (m.name, m.state))
            if m.name in shot_by:
                self.fail(T_LOAD, "%s shoots twice in one volley (one d10 a card)" % m.name)
            shot_by.add(m.name)
            if m.reserve:
                self.seen["called men shoot"] += 1
            f = self.fighting(OTHER[side])
            if not f:
                self.fail(T_TARGET, "a shot with no enemy fighting")
            self.same(e, "target", f[0].name, T_TARGET)
            t = f[0]
            self.same(e, "range", v["range"], T_FIRE)
            inc = incs_of(m)
            self.same(e, "increments", inc, T_SUPPORT if v["kind"] == "defensive" else T_INC)
            fire = shots_in(inc, m.load)
            if fire < 1:
                self.fail(T_LOAD, "a shot with no fire in %d increments" % inc)
            self.same(e, "fire", fire, T_LOAD)
            self.same(e, "unshielded", not t.shield, T_FIRE)
            rng = v["range"]
            tens = rng // 10 if self.r["long_range"] == "tens" else (rng // 10) % 10
            self.same(e, "range_tens", tens, T_FIRE)
            mod = fire + (0 if t.shield else 1) - tens
            self.same(e, "modifier", mod, T_FIRE)
            die = e.get("die")
            if die not in range(1, 11):
                self.fail(T_FIRE, "a d10 of %r" % die)
            self.same(e, "result", die + mod, T_FIRE)
            self.same(e, "effect", read(die + mod, die, self.r["result_reading"]), T_FIRE)
            self.tot["shots"] += 1
            if e["effect"] != "no_effect":
                self.tot["shot_hits"] += 1
            self.seen["shots"] += 1
            self.strike(t, e["effect"], "fire", runs=False)
        # every shooter able to shoot does
        if self.standing(OTHER[side]) or shot_by:
            pass
        for m in self.order[side]:
            if m.load is not None and m.state == "fighting" and m.name not in shot_by and self.standing(OTHER[side]) \
                    and shots_in(incs_of(m), m.load) >= 1 and not self._was_fighting_check(m):
                self.fail(T_LOAD, "%s could shoot in this volley but does not" % m.name, at_next=True)

    def _was_fighting_check(self, m):
        return False

    def morale_phase(self, side):
        c = self.c
        left = list(self.fighting(side))
        groups = []
        while left:
            e = c.expect("morale", T_GROUP, "a morale test of %s" % [m.name for m in left])
            grouping = e.get("grouping")
            if grouping not in ("most_standing", "standing_order"):
                self.fail(T_GROUP, "a morale test grouped by %r" % grouping)
            if self.grouping.setdefault(side, grouping) != grouping:
                self.fail(T_GROUP, "side %s grouped by %s, then by %s" % (side, self.grouping[side], grouping))
            if grouping == "standing_order":
                g = left[:3]
                self.same(e, "men", [m.name for m in g], T_GROUP)
            else:
                named = e.get("men")
                g = [m for m in left if m.name in (named or [])]
                if not named or len(g) != len(named) or len(g) > 3 or [m.name for m in g] != named:
                    self.fail(T_GROUP, "side %s tests %r: not one to three of its untested fighting men %s in "
                              "standing order" % (side, named, [m.name for m in left]))
                if groups and len(g) > len(groups[-1]):
                    self.fail(T_GROUP, "larger groups test first: %r after %r"
                              % (named, [m.name for m in groups[-1]]))
            groups.append(g)
            left = [m for m in left if m not in g]
            self.test_group(e, side, g)
        if groups and self.grouping.get(side) == "most_standing":
            kept = sum(self.group_standing(g) for g in groups)
            sound = sum(1 for g in groups for m in g if not m.wounded)
            best = self.most_standing(sound, sum(len(g) for g in groups) - sound)
            if kept != best:
                self.fail(T_GROUP + " (grouping = most_standing)",
                          "side %s's groups %s keep %d hundredths of a man standing; the best split keeps %d"
                          % (side, [[m.name for m in g] for g in groups], kept, best))

    def faces(self, level):
        """Faces of 100 that pass at `level` (morale_pass)."""
        return max(0, min(100, level - 1 if self.r["morale_pass"] == "strictly_under" else level))

    def makeup_standing(self, sound, shaken):
        """Men a group of this makeup keeps standing, in hundredths: its size times its passing faces."""
        size = sound + shaken
        return size * self.faces(30 * sound + 15 * shaken - (self.sc["spread"] if size > 1 else 0))

    def group_standing(self, g):
        sound = sum(1 for m in g if not m.wounded)
        return self.makeup_standing(sound, len(g) - sound)

    def most_standing(self, sound, shaken, memo=None):
        """The most hundredths of men any split into groups of one to three keeps standing (tried in full)."""
        memo = {} if memo is None else memo
        if sound + shaken == 0:
            return 0
        if (sound, shaken) not in memo:
            memo[(sound, shaken)] = max(self.makeup_standing(s, w) + self.most_standing(sound - s, shaken - w, memo)
                                        for s in range(min(sound, 3) + 1) for w in range(min(shaken, 3 - s) + 1)
                                        if s + w)
        return memo[(sound, shaken)]

    def test_group(self, e, side, g):
        self.check_play(e)
        self.same(e, "side", side, T_GROUP)
        sound = sum(1 for m in g if not m.wounded)
        shaken = len(g) - sound
        self.same(e, "sound", sound, T_MORALE)
        self.same(e, "shaken", shaken, T_MORALE)
        spread = 0 if len(g) == 1 else self.sc["spread"]
        self.same(e, "spread", spread, T_MORALE)
        level = 30 * sound + 15 * shaken - spread
        self.same(e, "level", level, T_MORALE)
        pts = e.get("points")
        if not isinstance(pts, int) or pts < 0 or pts > self.cp[side]:
            self.fail(T_POINTS, "side %s spends %r commander points with %d left" % (side, pts, self.cp[side]))
        self.cp[side] -= pts
        self.same(e, "points_left", self.cp[side], T_POINTS)
        roll = e.get("roll")
        if roll not in range(1, 101):
            self.fail(T_MORALE, "a percentile roll of %r" % roll)
        ok = roll < level + pts if self.r["morale_pass"] == "strictly_under" else roll <= level + pts
        self.same(e, "passed", ok, T_MORALE)
        self.tot["morale_tests"] += 1
        self.tot["morale_passes"] += ok
        self.seen["morale tests"] += 1
        self.seen["morale tests " + e.get("grouping", "?")] += 1
        if pts:
            self.seen["commander points spent"] += 1
        if not ok:
            self.seen["morale failures"] += 1
            for m in g:
                self.expect_status(m, "running", m.wounded, "morale")

    def meet_charge(self):
        c = self.c
        dside, aside = self.side, self.att
        if not self.fighting(dside) or not self.fighting(aside):
            # nobody to meet (or to make) the charge: it ends at once, the card does nothing
            e = c.expect("charge_ends", T_SEQ)
            self.check_play(e)
            self.same(e, "side", aside, T_SEQ)
            out = e.get("outcome")
            if out not in (("no_defender",) if not self.fighting(dside) else ("stopped_by_fire", "stopped_by_morale")):
                self.fail(T_SEQ, "charge outcome %r with %d attackers and %d defenders fighting"
                          % (out, len(self.fighting(aside)), len(self.fighting(dside))))
            self.seen["charge " + out] += 1
            if self.first_charge is None:
                self.first_charge = out
            self.charge = None
            return
        self.morale_phase(dside)
        paired = len(self.fighting(aside))
        if c.peek_kind() == "volley":
            v = c.next()
            self.check_play(v)
            self.same(v, "side", dside, T_SEQ)
            self.same(v, "kind", "defensive", T_SEQ)
            self.same(v, "range", 0, T_SEQ)
            self.same(v, "increments", self.card, T_SEQ)
            fd = [m.name for m in self.fighting(dside)]
            sup = self.r["support_fire_increments"]

            def incs(m):
                return self.card if fd.index(m.name) < paired else min(self.card, sup)
            self.seen["defensive volleys"] += 1
            self.shots(v, incs)
        self.spent = self.card
        self.morale_phase(aside)
        e = c.expect("charge_ends", T_SEQ)
        self.check_play(e)
        self.same(e, "side", aside, T_SEQ)
        out = e.get("outcome")
        fa, fdf = self.fighting(aside), self.fighting(dside)
        if out == "contact":
            ok = bool(fa and fdf)
        elif out == "no_defender":
            ok = not fdf
        elif out in ("stopped_by_fire", "stopped_by_morale"):
            ok = not fa
        else:
            ok = False
        if not ok:
            self.fail(T_SEQ, "charge outcome %r with %d attackers and %d defenders fighting"
                      % (out, len(fa), len(fdf)))
        self.seen["charge " + out] += 1
        if self.first_charge is None:
            self.first_charge = out
        self.charge = None
        if out in ("stopped_by_fire", "stopped_by_morale"):
            return  # docs/skirmish.md: defenders who failed morale against a charge stopped before melee never leave
        if out == "contact":
            for am, dm in zip(fa, fdf):
                self.melee(am, dm)
        self.pull_away(dside)  # running defenders run under free hacks (or run off)

    def melee(self, am, dm):
        c = self.c
        e = c.expect("melee", T_MELEE, "the melee of %s and %s" % (am.name, dm.name))
        self.check_play(e)
        self.same(e, "attacker", am.name, T_MELEE)
        self.same(e, "defender", dm.name, T_MELEE)
        amod = 0 if dm.shield else 1
        dmod = 0 if am.shield else 1
        self.same(e, "attacker_modifier", amod, T_MELEE)
        self.same(e, "defender_modifier", dmod, T_MELEE)
        throws = e.get("throws")
        rr = self.r["result_reading"]
        if not throws or len(throws) > self.r["melee_max_throws"]:
            self.fail(T_MELEE, "%d throws (melee_max_throws %d)" % (len(throws or []), self.r["melee_max_throws"]))
        for i, t in enumerate(throws):
            if len(t) != 2 or t[0] not in range(1, 11) or t[1] not in range(1, 11):
                self.fail(T_MELEE, "a throw %r is not two d10s" % (t,))
            on_d = read(t[0] + amod, t[0], rr)
            on_a = read(t[1] + dmod, t[1], rr)
            scored = on_d != "no_effect" or on_a != "no_effect"
            if scored and i != len(throws) - 1:
                self.fail(T_MELEE, "throw %d scores, yet the dice are thrown again" % (i + 1))
            if not scored and i == len(throws) - 1 and len(throws) < self.r["melee_max_throws"]:
                self.fail(T_MELEE, "the last throw %r scores for neither, yet the melee ends" % (t,))
        self.same(e, "on_defender", on_d, T_MELEE)
        self.same(e, "on_attacker", on_a, T_MELEE)
        self.tot["melees"] += 1
        self.seen["melees"] += 1
        if am.reserve or dm.reserve:
            self.seen["called men melee"] += 1
        if len(throws) > 1:
            self.seen["melees rethrown"] += 1
        # statuses, in either order
        pending = {m.name: (m, eff) for m, eff in ((dm, on_d), (am, on_a)) if eff != "no_effect"}
        while pending:
            n = c.peek()
            name = n.get("man") if n is not None and n.get("event") == "status" else None
            if name not in pending:
                self.fail(T_MELEE, "%s was scored on in melee, but no status follows" % sorted(pending)[0], at_next=True)
            m, eff = pending.pop(name)
            self.strike(m, eff, "melee", runs=True)

    def end(self):
        c = self.c
        if c.peek_kind() == "charge_ends":
            e = c.next()
            if self.charge is None:
                self.fail(T_SEQ, "a charge ends that was never declared")
            self.same(e, "side", self.att, T_SEQ)
            self.same(e, "outcome", "cut_off", T_END)
            self.charge = None
            self.seen["charge cut_off"] += 1
        if self.charge is not None:
            self.fail(T_END, "a charge declared on the last cards is not told cut off", at_next=True)
        e = c.expect("game_end", T_END)
        k = {s: sum(1 for m in self.order[s] if m.state == "dead") for s in SIDES}
        w = {s: sum(1 for m in self.order[s] if m.state != "dead" and m.wounded) for s in SIDES}
        g = {s: sum(1 for m in self.order[s] if m.state == "gone") for s in SIDES}
        self.same(e, "killed", [k["a"], k["b"]], T_GAME_END)
        self.same(e, "wounded", [w["a"], w["b"]], T_GAME_END)
        self.same(e, "routed", [g["a"], g["b"]], T_GAME_END)
        self.same(e, "victory_points", [k["b"], k["a"]], T_GAME_END)
        if "reserve_cost" in e or self.has_reserves():
            # (the fixtures played before reserves existed tell no reserve_cost; a trace with reserves must)
            self.same(e, "reserve_cost", [self.cost("a"), self.cost("b")], T_NET)
        net = {s: self.net(s) for s in SIDES}
        self.winner = "a" if net["a"] > net["b"] else "b" if net["b"] > net["a"] else None
        self.same(e, "winner", self.winner, T_NET)
        self.same(e, "commander_points", [self.cp["a"], self.cp["b"]], T_POINTS)
        self.k, self.w, self.g = k, w, g
        raw = "a" if k["b"] > k["a"] else "b" if k["a"] > k["b"] else None
        if raw != self.winner:
            self.seen["net winner not the kill winner"] += 1
        if any(m.state == "reserve" for s in SIDES for m in self.order[s]):
            self.seen["reserves left uncalled"] += 1

    def records(self):
        c = self.c
        n = 0
        while c.peek() is not None:
            e = c.expect("record", T_RECORD, "a record row")
            n += 1
            if n > 1:
                self.fail(T_RECORD, "a second record row")
            k = self.k
            want = {"game": self.game, "winner": self.winner or "none", "charge": self.first_charge or "none"}
            for s in SIDES:
                want["victory_points_" + s] = k[OTHER[s]]
                want["reserves_" + s] = len(self.called[s])
                want["reserve_cost_" + s] = self.cost(s)
                want["killed_" + s] = k[s]
                want["wounded_" + s] = self.w[s]
                want["routed_" + s] = self.g[s]
                want["increments_" + s] = self.tot["increments_" + s]
            for f in ("shots", "shot_hits", "morale_tests", "morale_passes", "melees"):
                want[f] = self.tot[f]
            for kk, v in want.items():
                if kk.startswith("reserve") and kk not in e and not self.has_reserves():
                    continue  # a record of a fixture played before reserves existed
                self.same(e, kk, v, T_RECORD_RESERVES if kk.startswith("reserve") else T_RECORD)
        if n == 0:
            self.fail(T_RECORD, "no record row", at_next=True)


def check(events, rules, stats=None):
    g = Game(events, rules, stats)
    try:
        g.run()
    except Violation as v:
        return [v.problem]
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
        j = min(g.c.i, len(events)) - 1
        return [Problem(j + 1, events[j] if 0 <= j < len(events) else None, "docs/replay.md: the event's fields",
                        "malformed event: %s: %s" % (type(err).__name__, err))]
    return []
