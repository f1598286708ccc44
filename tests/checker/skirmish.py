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
  on; halt only by the attacker on a card that cannot reach contact; point_blank only
  after a charge advance with `charging_shooters = fire_leftover`; defensive only
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
- game_end and the record row agree with the men's fates and the events counted.
"""

from collections import Counter

from common import Cursor, Problem, Violation  # noqa: F401

SYSTEM = "skirmish"
DEFAULT_GAMES = 400
MIXED = "tests/checker/fixtures/skirmish-mixed.toml"
HALT = "tests/checker/fixtures/skirmish-halt.toml"

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
]

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
T_RECORD = ('docs/replay.md: "In a record, `killed_a` counts side a\'s men dead, `wounded_a` those wounded and '
            'alive, `routed_a` those gone and alive, `victory_points_a` side b\'s men dead; `charge` is the '
            'outcome of the first charge that did not end `cut_off` ..."')


def rules(defaults, sets):
    r = dict(defaults)
    r.update(sets)
    for k in INT_RULES:
        r[k] = int(r[k])
    return r


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
        self.state = "fighting"
        self.wounded = False


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
        while c.peek_kind() == "man":
            e = c.next()
            m = Man(e)
            if m.side not in SIDES or m.name in self.men or m.name != "%s%d" % (m.side, len(self.order[m.side]) + 1):
                self.fail("docs/replay.md: men are named by side and standing order", "man %r out of order" % m.name)
            self.same(e, "position", self.pos[m.side], "docs/replay.md: side a starts at 0 and side b at distance")
            if m.load is not None and (not isinstance(m.load, int) or m.load < 0):
                self.fail(T_LOAD, "a load time of %r" % m.load)
            self.men[m.name] = m
            self.order[m.side].append(m)
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
        if nxt not in ("play", "game_end", "charge_ends"):
            self.fail(T_ALT, "a %r event where the play is over" % nxt, at_next=True)

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
        self.same(e, "winner", "a" if k["b"] > k["a"] else "b" if k["a"] > k["b"] else None, T_GAME_END)
        self.same(e, "commander_points", [self.cp["a"], self.cp["b"]], T_POINTS)
        self.k, self.w, self.g = k, w, g

    def records(self):
        c = self.c
        n = 0
        while c.peek() is not None:
            e = c.expect("record", T_RECORD, "a record row")
            n += 1
            if n > 1:
                self.fail(T_RECORD, "a second record row")
            k = self.k
            want = {"game": self.game, "winner": "a" if k["b"] > k["a"] else "b" if k["a"] > k["b"] else "none",
                    "charge": self.first_charge or "none"}
            for s in SIDES:
                want["victory_points_" + s] = k[OTHER[s]]
                want["killed_" + s] = k[s]
                want["wounded_" + s] = self.w[s]
                want["routed_" + s] = self.g[s]
                want["increments_" + s] = self.tot["increments_" + s]
            for f in ("shots", "shot_hits", "morale_tests", "morale_passes", "melees"):
                want[f] = self.tot[f]
            for kk, v in want.items():
                self.same(e, kk, v, T_RECORD)
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
