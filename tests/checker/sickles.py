"""An independent model of the Hammerin' Sickles chit-pull turn (seeds/001_...), replaying a trace.

Written from the seed's "Detailed Sequence of Play", RULES-NOTES.md, the `fortunes rules sickles`
listing, docs/replay.md ("### Hammerin' Sickles"), docs/sickles.md and the scenario files (the
order of battle is scenario data) only. check() walks a game's events turn by turn and stops at
the first event the rules make impossible. What it holds the trace to:

- the game: the scenario's `turns` (or the `turns` rule), numbered from 1; the Confederate side (a)
  pulls on odd turns, the Union side (b) on even ones; `in_play` is every brigade of the side's
  divisions that have arrived (`arrives` <= turn), killed chit or not;
- the Command Decision Phase: one key chit a side (any of its nine events, 1..9), both chosen
  before any exclusion ("first"), then `excluded_events` distinct events of the eight that are not its key chit; the cup is then exactly,
  per side, the key chit, the other non-excluded events, the division chits of its arrived divisions
  whose chit is not killed (`killed = [from, to]`: out on turns from..to-1), `cic_chits` CIC chits,
  and `wild_chits` Wild chits and the one Fortunes of War chit; `off` exactly the division chits of
  divisions not arrived or killed; no excluded event in the cup;
- the draw: every chit drawn is in the cup (tracked from its contents at the turn's start, less
  the chits drawn and taken out by Fortunes of War, plus the division chits returned), so a chit is
  never drawn twice in a turn unless it was put back; `position` counts the turn's draws from 1,
  `left` is what the cup still holds, `side` and `number` are the chit's; the draw goes on while the
  cup holds a chit and the turn ends only when it is empty (or Fortunes of War ends the draw under
  `end_turn`);
- an event chit goes to its owner (`event_drawn`: its side and number, `key` exactly when it is the
  side's key chit) and is used at once or held; a held event is used (`held_used`, exactly the
  events held, `at` "activation") just before its side's next brigade activation, and held events
  still there at the turn's end are used (`used_at_turn_end`) or lost (`lost_at_turn_end`), once:
  never used twice, never used after it was lost, never told as used when not held;
- activations: a division chit activates a brigade of its division from `offered` = its eligible
  brigades (`not_by_this_chit`: not yet activated by that division's chit this turn;
  `not_this_turn`: not activated by any chit this turn), or is spent with `no_activation` when none
  is eligible; a CIC chit (and a Wild chit's roll under `roll_for_activation`) offers every brigade
  the side has in play; `fresh` are the offered brigades no chit has activated yet this turn; the
  brigade is one offered; `nth` counts its activations this turn; the order is one of the four;
- division returns: after its activation the chit goes back in the cup only while an eligible
  brigade is left (`eligible_left`), then by `division_return`: `rating_d6` a d6 at most the
  division's `return_rating` (the scenario's), `always`, `never`; the roll is null when none is cast;
- Wild chits: nothing under `wild_effect = none`; under `roll_for_activation` the non-puller's d6,
  1-3 the Confederate side, 4-6 the Union side activates a brigade as with a CIC chit;
- Fortunes of War: its `position` is its draw's; `effect` is the rule's; `blocked` exactly the
  events it takes out of the cup (`cancel_remaining_events`: every event chit still in it;
  `cancel_key_chits`: the key chits still in it; `end_turn`: every event left, and `unplayed` the
  other chits left, the draw ending; `cancel_next_chit` and `none`: nothing), and under
  `cancel_next_chit` the next chit drawn (only it) is `cancelled` and nothing else is told of it
  (an event blocked, a division chit spent, never returned);
- dice: every roll is a face 1..6;
- turn_end: `chits_drawn` the turn's draws, `idle` the brigades in play no chit activated;
  game_end's turns; and one record row per turn agreeing with the events (key chits, their fate
  and draw position, events excluded, used and blocked, activations, reactivations, idle brigades,
  returns, the first side to activate, chits drawn, Fortunes of War's position less one). A key chit
  cancelled by Fortunes of War (cancel_next_chit) is recorded as blocked with key position 0: docs/sickles.md's
  key_chit_drawn / key_chit_blocked count it as blocked "before it came out", though docs/replay.md has the
  cancelled chit "come out of the cup" at its `position` (the record's "0 if never drawn" follows the former).

Configurations: the defaults, random players, and the rule parameters flipped (fortunes_of_war: all five;
division_eligible, division_return, wild_effect, held_events, cic_chits, wild_chits, excluded_events, turns),
on the shipped `illustrative` scenario and on fixtures/sickles-small.toml (the project ships no other: a side
with no brigade in play on turn 1, a one-brigade division, ratings 1 and 6, a killed chit, a late arrival).
"""

import os
import tomllib
from collections import Counter

from common import Cursor, Problem, Violation  # noqa: F401  (Problem re-exported for users)

SYSTEM = "sickles"
DEFAULT_GAMES = 250

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.join(HERE, "..", "..")
SCENARIOS = os.path.join(REPO, "experiments", "sickles", "scenarios")
SMALL = os.path.join(HERE, "fixtures", "sickles-small.toml")  # a second order of battle (no other is shipped)

# (label, extra `fortunes replay` arguments)
CONFIGS = [
    ("defaults", []),
    ("random vs random", ["--strategy", "a=random", "--strategy", "b=random"]),
    ("end_turn, not_this_turn, used_at_turn_end, roll_for_activation, a=holder",
     ["--set", "fortunes_of_war=end_turn", "--set", "division_eligible=not_this_turn",
      "--set", "held_events=used_at_turn_end", "--set", "wild_effect=roll_for_activation",
      "--strategy", "a=holder"]),
    ("cancel_next_chit, always, roll_for_activation, cic_chits=2, random vs holder",
     ["--set", "fortunes_of_war=cancel_next_chit", "--set", "division_return=always",
      "--set", "wild_effect=roll_for_activation", "--set", "cic_chits=2",
      "--strategy", "a=random", "--strategy", "b=holder"]),
    ("cancel_key_chits, never, not_this_turn, excluded 5, wild 4, holder vs random",
     ["--set", "fortunes_of_war=cancel_key_chits", "--set", "division_return=never",
      "--set", "division_eligible=not_this_turn", "--set", "excluded_events=5", "--set", "wild_chits=4",
      "--set", "wild_effect=roll_for_activation", "--strategy", "a=holder", "--strategy", "b=random"]),
    ("none, excluded 0, cic_chits=0, wild 0, turns=3, used_at_turn_end, holder vs fixed-key",
     ["--set", "fortunes_of_war=none", "--set", "excluded_events=0", "--set", "cic_chits=0",
      "--set", "wild_chits=0", "--set", "turns=3", "--set", "held_events=used_at_turn_end",
      "--strategy", "a=holder", "--strategy", "b=fixed-key"]),
    ("small scenario, cancel_next_chit, not_this_turn, roll_for_activation, random vs holder",
     ["--scenario", SMALL, "--set", "fortunes_of_war=cancel_next_chit", "--set", "division_eligible=not_this_turn",
      "--set", "wild_effect=roll_for_activation", "--strategy", "a=random", "--strategy", "b=holder"]),
]

SIDES = ("a", "b")
ORDERS = ("attack", "defend", "maneuver", "regroup")
FOW = "Fortunes of War"
# what a drawn chit may call for (held_used comes before an activation only)
RESOLUTIONS = ("event_drawn", "activation", "no_activation", "division_return", "wild_roll", "fortunes_of_war")
WILD = "Wild"

# --- the text's sentences, quoted in the problems ------------------------------------------------
T_KEY = ('A) "Each player first secretly chooses any one of his nine Event chits (the Key Chit) and places the '
         'chosen chit directly into the draw cup."')
T_EXCLUDE = ('A) "Each player then flips his remaining eight Event chits ... Then the opposing player randomly '
             'selects three of these chits and places them out of play – these chits will not be used this '
             'Game Turn!" (three: excluded_events)')
T_CUP = ('A) "The remaining five non-excluded Event chits for each side are now placed into the same draw cup '
         'with the Key Chits. Finally, both players place their eligible Division Activation chits (for '
         'Divisions that are in the game at this time), both of their CIC chits and both Wild chits into the '
         'draw cup" (cic_chits a side, wild_chits; RULES-NOTES: "Plus ... the Fortunes of War chit"; '
         'docs/sickles.md: a division\'s chit from its `arrives` turn, not while `killed`)')
T_OFF = ('docs/replay.md: cup `off` "the division chits out of it this turn (not yet arrived, or killed)"; '
         'E iv) "Any chits that were "Killed" in a previous turn and are now available to re-enter the game '
         'are placed back into the draw cup."')
T_PULLER = ('C) "The Confederate player is the chit-puller on "odd" numbered Game Turns and the Union player on '
            '"even" Game Turns." (side a Confederate, b Union)')
T_IN_PLAY = ('docs/replay.md: turn_start `in_play` "each side\'s brigades in play (a division not yet arrived '
             'has none)"; E i) "any Brigades entering play next Game Turn have their Brigade Activation Status '
             'markers added"')
T_DRAW = 'C) "The designated chit-puller will now randomly draw one chit from the draw cup."'
T_CONTINUE = ('D) "If any chits remain, return to Phase C. Otherwise, go to Phase E." (the draw goes on until '
              'the cup is empty)')
T_EVENT = ('C i) "The Event chit is handed to the owning player ... He may look at it and even play it '
           'immediately, if applicable. Normally, he will simply place the chit in front of himself ... '
           'saving it for later use or apply it immediately"')
T_HELD = ('docs/replay.md: held_used "the side\'s held events are used: as its next brigade activates (`at` '
          '"activation", told before the activation), or as the turn ends"; `fortunes rules sickles` '
          'held_events "a held event is used at its side\'s next brigade activation; one still held when the '
          'turn ends is lost ... or used then"')
T_WILD = ('C ii) "If a "Wild" chit is drawn, its effect is immediately enacted with any necessary die roll being '
          'made by the non-chit-pulling player." (wild_effect: none, or roll_for_activation: "1-3 the '
          'Confederate side, 4-6 the Union side activates any brigade as with a CIC chit")')
T_DIVISION = ('C iii) "If any Division Activation chit is drawn, the owning player will immediately select any of '
              'his eligible Brigades to activate (one that belongs to the drawn Division and has not already '
              'been activated by the Division Activation Chit)." (division_eligible)')
T_RETURN = ('C iii) "the owning player then rolls to determine if the Division Activation chit is discarded for '
            'the turn or placed back into the cup." (division_return: rating_d6 "back on a roll at most the '
            'rating", never, always; "it never returns once every brigade of the division has been activated '
            'by it this turn")')
T_CIC = ('C iv) "If either CIC chit is drawn, the owning player will immediately select any one of his Brigades '
         'to activate (even if it was already activated this turn). ... The CIC chit is then discarded for the '
         'turn"')
T_ORDER = 'D i) "The active player must select one of four Orders": Attack, Defend, Maneuver, Regroup'
T_ACTIVATION = ('docs/replay.md: activation `offered` "the division chit\'s eligible brigades under '
                '`division_eligible`, or every brigade it has in play", `fresh` "those of them no chit had '
                'activated yet this turn", `nth` "counts this brigade\'s activations this turn"')
T_FOW = ('A) "the ever-present Fortunes of War chit may block its use!" (fortunes_of_war: '
         'cancel_remaining_events "every event chit still in the cup is lost for the turn"; cancel_key_chits '
         '"only the key chits still in the cup are lost"; end_turn "the chit draw ends and everything left in '
         'the cup is lost"; cancel_next_chit "the next chit drawn is discarded for the turn with no effect"; '
         'none)')
T_DIE = 'a die roll (a d6) shows a face 1..6'
T_TURN_END = ('docs/replay.md: turn_end "the turn ends after `chits_drawn` chits (cancelled ones counted); '
              '`idle` the brigades in play no chit activated"')
T_TURNS = ('"the actual number of turns depends on the scenario selected" (`fortunes rules sickles` turns: '
           '"none plays the scenario\'s number")')
T_GATHER = ('E v) "Both players gather all nine of their Event chits together to get ready for next turn\'s '
            'Command Decision Phase" (held_events)')
T_RECORD = ('docs/replay.md: "the replay gives exactly the rows the run wrote for that game"; docs/sickles.md: '
            '"`--records` writes one row per turn" (an event\'s fate: used, lost, blocked, else excluded; '
            '`fortunes_position` is the `position` of `fortunes_of_war` less one)')
T_FORMAT = 'docs/replay.md: the Hammerin\' Sickles event kinds, their fields and their order'


def _value(text):
    s = str(text).strip()
    if s in ("true", "false"):
        return s == "true"
    try:
        return int(s)
    except ValueError:
        return s


def load_scenario(name):
    """A scenario by name (experiments/sickles/scenarios/NAME.toml) or path (as given, or from the repository)."""
    path = os.path.join(SCENARIOS, name + ".toml")
    for p in (name, os.path.join(REPO, name)):
        if name.endswith(".toml") and os.path.isfile(p):
            path = p
            break
    with open(path, "rb") as f:
        return tomllib.load(f)


FALLBACK = {"excluded_events": 3, "fortunes_of_war": "cancel_remaining_events",
            "division_eligible": "not_by_this_chit", "division_return": "rating_d6", "wild_effect": "none",
            "held_events": "lost_at_turn_end", "cic_chits": 1, "wild_chits": 2, "turns": None}


def rules(defaults, sets, preset=None, scenario="illustrative"):
    """The rule values of a game: the defaults, the --set values, and the scenario's data (`_scenario`)."""
    r = dict(FALLBACK)
    for k, v in defaults.items():
        r[k] = _value(v)
    for k, v in sets.items():
        r[k] = _value(v)
    if r.get("turns") == "none":
        r["turns"] = None
    r["_scenario"] = load_scenario(scenario)
    return r


def rules_args(defaults, args):
    """The rule values a configuration's `fortunes replay` arguments give (the driver's hook)."""
    sets, scenario = {}, "illustrative"
    for i, a in enumerate(args):
        if a == "--set" and i + 1 < len(args):
            k, _, v = args[i + 1].partition("=")
            sets[k] = v
        elif a == "--scenario" and i + 1 < len(args):
            scenario = args[i + 1]
    return rules(defaults, sets, scenario=scenario)


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


def event_chit(side, n):
    return "event %d (%s)" % (n, side)


def division_chit(side, name):
    return "%s (%s)" % (name, side)


def cic_chit(side):
    return "CIC (%s)" % side


def _fmt(counter):
    return sorted(counter.elements())


class _Division:
    def __init__(self, side, d):
        self.side = side
        self.name = d["name"]
        self.n = int(d["brigades"])
        self.arrives = int(d.get("arrives", 1))
        self.rating = int(d.get("return_rating", 0))
        k = d.get("killed")
        self.killed = (int(k[0]), int(k[1])) if k else None
        self.brigades = ["%s %d" % (self.name, i) for i in range(1, self.n + 1)]
        self.chit = division_chit(side, self.name)

    def arrived(self, turn):
        return self.arrives <= turn

    def is_killed(self, turn):
        return self.killed is not None and self.killed[0] <= turn < self.killed[1]


class _Game:
    def __init__(self, events, r):
        self.c = Cursor(events)
        self.r = r
        sc = r["_scenario"]
        self.divs = {s: [_Division(s, d) for d in sc[s]["divisions"]] for s in SIDES}
        self.by_chit = {d.chit: d for s in SIDES for d in self.divs[s]}
        self.div_of = {b: d for s in SIDES for d in self.divs[s] for b in d.brigades}
        self.turns = r["turns"] if r.get("turns") is not None else int(sc["turns"])
        self.seen = Counter()
        self.game = None

    # helpers
    def fail(self, rule, message, at_next=False):
        self.c.fail(rule, message, at_next)

    def field(self, e, name, rule=T_FORMAT):
        if name not in e:
            self.fail(rule, "the %r event has no %r field" % (e.get("event"), name))
        return e[name]

    def same(self, e, name, want, rule):
        got = self.field(e, name)
        if got != want:
            self.fail(rule, "%s is %r, the events give %r" % (name, got, want))

    def die(self, e, name):
        v = self.field(e, name)
        if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 6:
            self.fail(T_DIE, "%s %r is no face of a d6" % (name, v))
        return v

    def side_of(self, e, name="side"):
        s = self.field(e, name)
        if s not in SIDES:
            self.fail(T_FORMAT, "no side %r" % s)
        return s

    # structure
    def run(self):
        c = self.c
        h = c.expect("replay", T_FORMAT, "the replay header")
        if h.get("system") != SYSTEM:
            self.fail(T_FORMAT, "the header names system %r" % h.get("system"))
        self.game = h.get("game")
        self.rows = []
        for turn in range(1, self.turns + 1):
            self.play_turn(turn)
        e = c.expect("game_end", T_TURNS, "the game's end after turn %d" % self.turns)
        self.same(e, "turns", self.turns, T_TURNS)
        self.records()

    def play_turn(self, turn):
        c = self.c
        r = self.r
        e = c.expect("turn_start", T_TURNS if turn > 1 else T_FORMAT, "turn %d's start" % turn)
        self.same(e, "turn", turn, T_FORMAT)
        puller = "a" if turn % 2 == 1 else "b"
        self.same(e, "puller", puller, T_PULLER)
        in_play = {s: [b for d in self.divs[s] if d.arrived(turn) for b in d.brigades] for s in SIDES}
        got = self.field(e, "in_play")
        if not isinstance(got, list) or len(got) != 2 or any(sorted(got[i]) != sorted(in_play[s])
                                                            for i, s in enumerate(SIDES)):
            self.fail(T_IN_PLAY, "in_play is %r, the scenario's arrived divisions give %r"
                      % (got, [in_play["a"], in_play["b"]]))
        self.in_play = in_play

        # A) Command Decision Phase
        key = {}
        excluded = {}
        while c.peek_kind() in ("key_chit", "excluded"):
            e = c.next()
            self.same(e, "turn", turn, T_FORMAT)
            s = self.side_of(e)
            if e["event"] == "key_chit":
                if s in key:
                    self.fail(T_KEY, "side %s puts a second key chit in the cup" % s)
                n = self.field(e, "number")
                if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 9:
                    self.fail(T_KEY, "key chit %r is not one of the side's nine events" % n)
                key[s] = n
            else:
                if s in excluded:
                    self.fail(T_EXCLUDE, "side %s's events are excluded twice" % s)
                if len(key) < 2:
                    self.fail(T_KEY + " " + T_EXCLUDE, "side %s's events are excluded before both key chits are "
                              "chosen (each player first chooses his key chit, then the chits are flipped)" % s)
                ev = self.field(e, "events")
                if not isinstance(ev, list) or any(not isinstance(n, int) or not 1 <= n <= 9 for n in ev):
                    self.fail(T_FORMAT, "events %r are not event numbers" % (ev,))
                if len(set(ev)) != len(ev):
                    self.fail(T_EXCLUDE, "an event is excluded twice: %r" % (ev,))
                if key[s] in ev:
                    self.fail(T_EXCLUDE, "side %s's key chit %d is excluded: only the other eight may be"
                              % (s, key[s]))
                if len(ev) != r["excluded_events"]:
                    self.fail(T_EXCLUDE, "%d events are excluded, not excluded_events = %d"
                              % (len(ev), r["excluded_events"]))
                excluded[s] = list(ev)
        for s in SIDES:
            if s not in key:
                self.fail(T_KEY, "side %s puts no key chit in the cup" % s, at_next=True)
            if s not in excluded:
                self.fail(T_EXCLUDE, "side %s's excluded events are not told" % s, at_next=True)
        e = c.expect("cup", T_CUP, "the cup of turn %d" % turn)
        self.same(e, "turn", turn, T_FORMAT)
        want = Counter()
        off = []
        for s in SIDES:
            for n in range(1, 10):
                if n not in excluded[s]:
                    want[event_chit(s, n)] += 1
            for d in self.divs[s]:
                if d.arrived(turn) and not d.is_killed(turn):
                    want[d.chit] += 1
                else:
                    off.append(d.chit)
            want[cic_chit(s)] += r["cic_chits"]
        want[WILD] += r["wild_chits"]
        want[FOW] += 1
        chits = self.field(e, "chits")
        if not isinstance(chits, list) or not all(isinstance(x, str) for x in chits):
            self.fail(T_FORMAT, "chits %r is not a list of chits" % (chits,))
        got = Counter(chits)
        if got != want:
            extra, missing = got - want, want - got
            ex_events = [x for x in extra if x.startswith("event ")
                         and any(x == event_chit(s, n) for s in SIDES for n in excluded[s])]
            if ex_events:
                self.fail(T_EXCLUDE, "excluded events %s are in the cup" % sorted(ex_events))
            self.fail(T_CUP, "the cup holds %s too many and lacks %s" % (_fmt(extra), _fmt(missing)))
        goff = self.field(e, "off")
        if not isinstance(goff, list) or sorted(goff) != sorted(off):
            self.fail(T_OFF, "off is %r, the scenario gives %r" % (goff, sorted(off)))
        self.seen["turns"] += 1
        if off:
            self.seen["turns with chits off"] += 1

        # C) Chit Draw Phase
        cup = Counter(want)
        self.key = key
        self.held = {s: [] for s in SIDES}
        self.acts = {b: [] for s in SIDES for b in in_play[s]}  # brigade -> ["division"/"cic"/"wild", ...]
        row = {"key_fate": {s: None for s in SIDES}, "key_pos": {s: 0 for s in SIDES},
               "used": Counter(), "blocked": Counter(), "activations": Counter(), "reactivations": Counter(),
               "returned": Counter(), "first": None, "fow": None}
        self.row = row
        position = 0
        cancel_next = False
        last_cancelled = False
        ended = False
        while True:
            k = c.peek_kind()
            if k in RESOLUTIONS:
                self.fail(T_FOW if last_cancelled else T_FORMAT, "a %r event no chit drawn calls for%s" % (
                    k, " (the chit drawn was cancelled: nothing else is told of it)" if last_cancelled else ""),
                    at_next=True)
            if k == "held_used" and sum(cup.values()) > 0 and not ended:
                self.fail(T_HELD, "held events are used mid-draw with no brigade activation of the side following",
                          at_next=True)
            if k != "draw":
                if sum(cup.values()) > 0 and not ended:
                    self.fail(T_CONTINUE, "the draw stops while the cup still holds %s" % _fmt(cup), at_next=True)
                break
            e = c.next()
            if ended:
                self.fail(T_FOW, "a chit is drawn after Fortunes of War ended the draw (end_turn)")
            if sum(cup.values()) == 0:
                self.fail(T_CONTINUE, "a chit is drawn from an empty cup")
            position += 1
            self.same(e, "turn", turn, T_FORMAT)
            self.same(e, "position", position, T_DRAW)
            chit = self.field(e, "chit")
            if cup[chit] <= 0:
                self.fail(T_DRAW, "%r is drawn but it is not in the cup (the cup holds %s)" % (chit, _fmt(cup)))
            cup[chit] -= 1
            cup = +cup
            self.same(e, "left", sum(cup.values()), T_DRAW)
            side, number = self.chit_owner(chit)
            self.same(e, "side", side, T_FORMAT)
            self.same(e, "number", number, T_FORMAT)
            self.same(e, "cancelled", cancel_next, T_FOW)
            if number is not None and number == key[side] and not cancel_next:
                row["key_pos"][side] = position  # a cancelled key chit is blocked, not drawn (docs/sickles.md
                # key_chit_drawn / key_chit_blocked): its record position stays 0
            last_cancelled = cancel_next
            if cancel_next:
                cancel_next = False
                self.seen["cancelled chits"] += 1
                if number is not None:
                    row["blocked"][side] += 1
                    if number == key[side]:
                        row["key_fate"][side] = "blocked"
                continue
            if chit == FOW:
                ended, cancel_next = self.fortunes(turn, position, cup)
                row["fow"] = position
                if ended:
                    cup = Counter()
            elif number is not None:
                self.event_drawn(turn, side, number)
            elif chit == WILD:
                self.wild(turn, puller)
            elif chit in self.by_chit:
                if self.division(turn, self.by_chit[chit]):
                    cup[chit] += 1
            elif chit == cic_chit(side):
                self.cic(turn, side)
            else:
                self.fail(T_FORMAT, "no such chit %r" % chit)

        # E) End Turn Phase
        told = set()
        while c.peek_kind() in ("held_used", "held_lost"):
            e = c.next()
            self.same(e, "turn", turn, T_FORMAT)
            s = self.side_of(e)
            if s in told:
                self.fail(T_GATHER, "side %s's held events are settled twice at the turn's end" % s)
            told.add(s)
            if not self.held[s]:
                self.fail(T_HELD, "side %s holds no event at the turn's end, yet %s is told" % (s, e["event"]))
            ev = self.field(e, "events")
            if sorted(ev) != sorted(self.held[s]):
                self.fail(T_HELD, "side %s holds events %r, but %r are settled" % (s, sorted(self.held[s]), ev))
            if e["event"] == "held_used":
                self.same(e, "at", "turn_end", T_HELD)
                if r["held_events"] != "used_at_turn_end":
                    self.fail(T_HELD + " " + T_GATHER, "held_events = %s, yet side %s's held events are used at "
                                                       "the turn's end" % (r["held_events"], s))
                row["used"][s] += len(ev)
                if key[s] in ev:
                    row["key_fate"][s] = "used"
                self.seen["held used at turn end"] += 1
            else:
                if r["held_events"] != "lost_at_turn_end":
                    self.fail(T_HELD + " " + T_GATHER, "held_events = %s, yet side %s's held events are lost"
                              % (r["held_events"], s))
                if key[s] in ev:
                    row["key_fate"][s] = "lost"
                self.seen["held lost"] += 1
            self.held[s] = []
        for s in SIDES:
            if self.held[s]:
                self.fail(T_HELD + " " + T_GATHER, "side %s still holds %r at the turn's end, neither used nor "
                                                   "lost" % (s, self.held[s]), at_next=True)
        e = c.expect("turn_end", T_CONTINUE, "the turn's end (the cup is empty)")
        self.same(e, "turn", turn, T_FORMAT)
        self.same(e, "chits_drawn", position, T_TURN_END)
        idle = {s: [b for b in in_play[s] if not self.acts[b]] for s in SIDES}
        got = self.field(e, "idle")
        if not isinstance(got, list) or len(got) != 2 or any(sorted(got[i]) != sorted(idle[s])
                                                            for i, s in enumerate(SIDES)):
            self.fail(T_TURN_END, "idle is %r, the activations leave %r idle" % (got, [idle["a"], idle["b"]]))
        for s in SIDES:
            if row["key_fate"][s] is None:
                self.fail(T_RECORD, "side %s's key chit %d has no fate at the turn's end (used, lost or blocked)"
                          % (s, key[s]))
        row["idle"] = {s: len(idle[s]) for s in SIDES}
        row["excluded"] = {s: len(excluded[s]) for s in SIDES}
        row["turn"], row["puller"], row["key"], row["chits_drawn"] = turn, puller, dict(key), position
        self.rows.append(row)

    def chit_owner(self, chit):
        """(side, event number) of a chit's name; raises on a name no chit has."""
        if chit in (WILD, FOW):
            return None, None
        for s in SIDES:
            suffix = " (%s)" % s
            if isinstance(chit, str) and chit.endswith(suffix):
                head = chit[:-len(suffix)]
                if head.startswith("event "):
                    try:
                        n = int(head[len("event "):])
                    except ValueError:
                        break
                    if 1 <= n <= 9:
                        return s, n
                    break
                if head == "CIC" or chit in self.by_chit:
                    return s, None
                break
        self.fail(T_FORMAT, "no such chit %r" % (chit,))

    def event_drawn(self, turn, side, number):
        c = self.c
        e = c.expect("event_drawn", T_EVENT, "the drawn event handed to its owner")
        self.same(e, "turn", turn, T_FORMAT)
        self.same(e, "side", side, T_EVENT)
        self.same(e, "number", number, T_EVENT)
        self.same(e, "key", number == self.key[side], T_KEY)
        now = self.field(e, "use_now")
        if now is True:
            self.row["used"][side] += 1
            if number == self.key[side]:
                self.row["key_fate"][side] = "used"
            self.seen["events used at once"] += 1
        elif now is False:
            if number in self.held[side]:
                self.fail(T_HELD, "side %s already holds event %d" % (side, number))
            self.held[side].append(number)
            self.seen["events held"] += 1
        else:
            self.fail(T_FORMAT, "use_now %r is not true or false" % (now,))

    def before_activation(self, turn, side):
        """The held events of `side` are used as its next brigade activates (told just before)."""
        c = self.c
        if c.peek_kind() == "held_used":
            e = c.next()
            self.same(e, "turn", turn, T_FORMAT)
            s = self.side_of(e)
            if s != side:
                self.fail(T_HELD, "side %s's held events are used as a brigade of side %s activates" % (s, side))
            self.same(e, "at", "activation", T_HELD)
            ev = self.field(e, "events")
            if not self.held[side]:
                self.fail(T_HELD, "side %s uses held events %r but holds none (used already, lost, or never held)"
                          % (side, ev))
            if not isinstance(ev, list) or sorted(ev) != sorted(self.held[side]):
                self.fail(T_HELD, "side %s holds events %r, but %r are used" % (side, sorted(self.held[side]), ev))
            self.row["used"][side] += len(ev)
            if self.key[side] in ev:
                self.row["key_fate"][side] = "used"
            self.held[side] = []
            self.seen["held used at activation"] += 1
        elif self.held[side] and c.peek_kind() == "activation":
            self.fail(T_HELD, "side %s activates a brigade while holding events %r, which are not used"
                      % (side, self.held[side]), at_next=True)

    def activation(self, turn, side, by, offered):
        """The activation that follows (held events first); `offered` the brigades the chit may pick."""
        c = self.c
        self.before_activation(turn, side)
        e = c.expect("activation", T_ACTIVATION, "side %s's activation by its %s chit" % (side, by))
        self.same(e, "turn", turn, T_FORMAT)
        self.same(e, "side", side, T_ACTIVATION)
        self.same(e, "by", by, T_ACTIVATION)
        rule = {"division": T_DIVISION, "cic": T_CIC, "wild": T_WILD}[by]
        got = self.field(e, "offered")
        if not isinstance(got, list) or sorted(got) != sorted(offered):
            self.fail(rule + " " + T_ACTIVATION, "offered %r, but the eligible brigades are %r"
                      % (got, sorted(offered)))
        fresh = sorted(b for b in offered if not self.acts[b])
        got = self.field(e, "fresh")
        if not isinstance(got, list) or sorted(got) != fresh:
            self.fail(T_ACTIVATION, "fresh %r, but the offered brigades no chit activated yet are %r" % (got, fresh))
        b = self.field(e, "brigade")
        if b not in offered:
            why = ("it is not in play" if b not in self.acts else
                   "it is side %s's" % self.div_of[b].side if self.div_of[b].side != side else
                   "it is not eligible: %s" % self.r["division_eligible"])
            self.fail(rule, "brigade %r is activated but was not offered (%s; offered %r)"
                      % (b, why, sorted(offered)))
        self.acts[b].append(by)
        self.same(e, "nth", len(self.acts[b]), T_ACTIVATION)
        if self.field(e, "order") not in ORDERS:
            self.fail(T_ORDER, "order %r is none of the four" % e["order"])
        row = self.row
        row["activations"][side] += 1
        if len(self.acts[b]) > 1:
            row["reactivations"][side] += 1
            self.seen["reactivations"] += 1
        if row["first"] is None:
            row["first"] = side
        self.seen["activations by " + by] += 1
        return b

    def no_activation(self, turn, side, by, chit, rule):
        e = self.c.expect("no_activation", rule)
        self.same(e, "turn", turn, T_FORMAT)
        self.same(e, "side", side, rule)
        self.same(e, "by", by, rule)
        self.same(e, "chit", chit, rule)
        self.seen["no activations (%s)" % by] += 1

    def eligible(self, d):
        if self.r["division_eligible"] == "not_this_turn":
            return [b for b in d.brigades if not self.acts[b]]
        return [b for b in d.brigades if "division" not in self.acts[b]]

    def division(self, turn, d):
        """A division chit drawn; returns whether it goes back in the cup."""
        c = self.c
        offered = self.eligible(d)
        if not offered:
            if c.peek_kind() == "activation" or (c.peek_kind() == "held_used" and self.held[d.side]):
                self.before_activation(turn, d.side)
                e = c.next()
                self.fail(T_DIVISION + " " + T_ACTIVATION, "division chit %r activates %r, but no brigade of it is "
                          "eligible (%s)" % (d.chit, e.get("brigade"), self.r["division_eligible"]))
            self.no_activation(turn, d.side, "division", d.chit, T_DIVISION)
            return False
        self.activation(turn, d.side, "division", offered)
        e = c.expect("division_return", T_RETURN, "the return roll of %r" % d.chit)
        self.same(e, "turn", turn, T_FORMAT)
        self.same(e, "side", d.side, T_RETURN)
        self.same(e, "division", d.name, T_RETURN)
        left = bool(self.eligible(d))
        self.same(e, "eligible_left", left, T_DIVISION + " " + T_RETURN)
        self.same(e, "rating", d.rating, T_RETURN)
        mode = self.r["division_return"]
        roll = e.get("roll")
        returned = self.field(e, "returned")
        if not left or mode in ("never", "always"):
            if roll is not None:
                self.fail(T_RETURN, "a return roll %r is cast though %s" % (
                    roll, "no eligible brigade is left" if not left else "division_return = %s" % mode))
            want = left and mode == "always"
        else:
            roll = self.die(e, "roll")
            want = roll <= d.rating
            self.seen["return rolls"] += 1
        if returned is not want:
            self.fail(T_RETURN, "returned is %r; %s" % (returned, (
                "no eligible brigade is left: the chit is spent" if not left else
                "division_return = %s" % mode if roll is None else
                "the roll %d against rating %d says %s" % (roll, d.rating, "back" if want else "spent"))))
        if want:
            self.row["returned"][d.side] += 1
            self.seen["division returns"] += 1
        return want

    def cic(self, turn, side):
        if not self.in_play[side]:
            self.no_activation(turn, side, "cic", cic_chit(side), T_CIC)
            return
        self.activation(turn, side, "cic", list(self.in_play[side]))

    def wild(self, turn, puller):
        c = self.c
        if self.r["wild_effect"] != "roll_for_activation":
            if c.peek_kind() in ("wild_roll", "activation", "no_activation", "held_used"):
                c.next()
                self.fail(T_WILD, "wild_effect = %s: a Wild chit is only its draw" % self.r["wild_effect"])
            self.seen["wild chits (no effect)"] += 1
            return
        e = c.expect("wild_roll", T_WILD, "the Wild chit's roll")
        self.same(e, "turn", turn, T_FORMAT)
        roll = self.die(e, "roll")
        side = "a" if roll <= 3 else "b"
        self.same(e, "side", side, T_WILD)
        self.seen["wild rolls"] += 1
        if not self.in_play[side]:
            self.no_activation(turn, side, "wild", WILD, T_WILD)
            return
        self.activation(turn, side, "wild", list(self.in_play[side]))

    def fortunes(self, turn, position, cup):
        """Fortunes of War drawn; takes its chits out of `cup`; returns (draw ended, cancel next)."""
        e = self.c.expect("fortunes_of_war", T_FOW, "the Fortunes of War chit's effect")
        self.same(e, "turn", turn, T_FORMAT)
        self.same(e, "position", position, T_FOW)
        effect = self.r["fortunes_of_war"]
        self.same(e, "effect", effect, T_FOW)
        blocked = {s: [] for s in SIDES}
        unplayed = []
        for chit in sorted(cup.elements()):
            side, number = self.chit_owner(chit)
            if number is not None and (effect in ("cancel_remaining_events", "end_turn") or
                                       (effect == "cancel_key_chits" and number == self.key[side])):
                blocked[side].append(number)
            elif effect == "end_turn":
                unplayed.append(chit)
        got = self.field(e, "blocked")
        if not isinstance(got, list) or len(got) != 2 or any(
                not isinstance(got[i], list) or sorted(got[i]) != blocked[s] for i, s in enumerate(SIDES)):
            self.fail(T_FOW, "blocked is %r; under %s with the cup holding %s it takes %r"
                      % (got, effect, _fmt(cup), [blocked["a"], blocked["b"]]))
        got = self.field(e, "unplayed")
        if not isinstance(got, list) or sorted(got) != sorted(unplayed):
            self.fail(T_FOW, "unplayed is %r; under %s the cup leaves %r" % (got, effect, sorted(unplayed)))
        for s in SIDES:
            for n in blocked[s]:
                cup[event_chit(s, n)] -= 1
                self.row["blocked"][s] += 1
                if n == self.key[s]:
                    self.row["key_fate"][s] = "blocked"
                    self.seen["key chits blocked"] += 1
        for chit in list(cup):
            if cup[chit] <= 0:
                del cup[chit]
        self.seen["fortunes of war: " + effect] += 1
        return effect == "end_turn", effect == "cancel_next_chit"

    def records(self):
        c = self.c
        n = 0
        while c.peek() is not None:
            e = c.expect("record", T_RECORD, "a record row")
            if n >= len(self.rows):
                self.fail(T_RECORD, "a record row for a turn the game did not play (%d turns)" % len(self.rows))
            row = self.rows[n]
            n += 1
            want = {"game": self.game, "turn": row["turn"], "puller": row["puller"],
                    "chits_drawn": row["chits_drawn"],
                    "fortunes_position": row["fow"] - 1 if row["fow"] is not None else None,
                    "first_activation": row["first"] if row["first"] is not None else "none"}
            for s in SIDES:
                want["key_" + s] = row["key"][s]
                want["key_fate_" + s] = row["key_fate"][s]
                want["key_position_" + s] = row["key_pos"][s]
                want["events_excluded_" + s] = row["excluded"][s]
                want["events_used_" + s] = row["used"][s]
                want["events_blocked_" + s] = row["blocked"][s]
                want["activations_" + s] = row["activations"][s]
                want["reactivations_" + s] = row["reactivations"][s]
                want["idle_brigades_" + s] = row["idle"][s]
                want["returned_" + s] = row["returned"][s]
            for k, v in want.items():
                self.same(e, k, v, T_RECORD)
        if n != len(self.rows):
            self.fail(T_RECORD, "%d record rows for %d turns" % (n, len(self.rows)), at_next=True)
