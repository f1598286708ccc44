"""Whose used cards take effect first in a KARD (rule kard_first), a part of the Piquet model (`piquet.py`).

The text turns every player's card at once ("simultaneously sequenced") and gives the cards' effects no order;
`fortunes rules piquet` and docs/piquet.md name the readings: `alternate` (the default: side a first on odd KARDs of
the game, (decq - 1) x 18 + kard, b on even ones), `a` or `b` (that side always), `random` (a coin each KARD, told
by `resolves_first`, docs/replay.md: "told before them only when a coin decides it"). `First` is a part of
`piquet._Game`: it reads the KARD (`self.decq`, `self.kard`, `self.gk`), the players and the rules (`self.r`) and
reports through `fail`. It holds a trace to:

- the KARD's card effects (the events of a used card: EFFECTS) come after every player has acted on the KARD (turned,
  played from the hand or shared a card: "the simultaneous turning of cards by each player") and before its fire
  orders ("After the KARD's cards", docs/piquet.md), and every one of the side resolving first precedes every one of
  the other side (within a side, its players' in any order); whichever side resolves first, the KARD's volleys land
  together: no fire order nor volley after a hit of the KARD;
- under random, exactly one `resolves_first` each KARD, of that DECQ and KARD, side a or b, after every player has
  acted and before any card effect of the KARD; under the other readings none.

Written, as the rest of the checker, from the seed text and the docs, never from the crate's source."""

T_FIRST = ('"There is no defined sequence of actions related to the DECQ other than the simultaneous turning of cards '
           'by each player" (rule kard_first: whose used cards take effect first in a KARD, all of one side\'s before '
           'any of the other\'s: alternate, side a on odd KARDs of the game, (decq - 1) x 18 + kard, b on even ones; a '
           'or b, that side always; random, a coin each KARD, told once by `resolves_first` before the KARD\'s card '
           'effects and only under random: docs/replay.md)')
T_AFTER_TURNS = ('"This game is a card based, simultaneously sequenced ... wargame" / "the simultaneous turning of cards '
                 'by each player" (every player turns or plays its card before any card takes effect)')
T_BEFORE_FIRE = ('docs/piquet.md: "After the KARD\'s cards, every loaded regiment and company with an enemy in range '
                 '... may fire on a fire order" (no card effect after the KARD\'s fire orders)')
T_TOGETHER = ('docs/piquet.md: "both sides\' volleys are cast and then land together" / `fortunes rules piquet`, '
              'kard_first: "Whichever resolves first, the KARD\'s volleys land together" (no fire order nor volley after '
              'a hit of the KARD)')

# The events of a used card (docs/replay.md): what its player does with it.
EFFECTS = ("brilliant", "heroic", "crushing_volley", "nothing_waits", "officer_check", "cast", "order", "not_ordered",
           "pass", "rally", "execute", "waits", "reload")
_EFFECTS = frozenset(EFFECTS)  # (kard_order asks of every event)


class First:
    """Whose card effects come first in each KARD, and the coin that decides it under kard_first = random."""

    # before a DECQ's first KARD (first_kard sets them at each KARD's first turn)
    first, coin, effect_sides, fire_told, hit_told = None, False, (), False, False
    acted_gk = None  # the last global KARD every player was seen to have acted on (all_acted)

    def first_kard(self):
        """At a KARD's first turn: the side the rule makes first (None under random: the coin is to come)."""
        rule = self.r["kard_first"]
        if rule == "alternate":
            self.first = "a" if ((self.decq - 1) * 18 + self.kard) % 2 else "b"
        else:
            self.first = None if rule == "random" else rule
        self.coin = False  # a resolves_first told this KARD
        self.effect_sides = []  # the sides whose card effects were told this KARD, in turn
        self.fire_told = False
        self.hit_told = False

    def all_acted(self):
        # (a player's `acted` is only ever set to the KARD it acts on: once all of them have, they have till it ends)
        if self.acted_gk == self.gk:
            return True
        if all(p["acted"] == self.gk for p in self.players.values()):
            self.acted_gk = self.gk
            return True
        return False

    def on_resolves_first(self, e):
        if self.r["kard_first"] != "random":
            self.fail(T_FIRST + " (kard_first = %s)" % self.r["kard_first"], "a resolves_first with no coin to tell")
        side = self.f(e, "side")
        if side not in ("a", "b"):
            self.fail_format("resolves_first names side %r" % side)
        if self.coin:
            self.fail(T_FIRST, "a second resolves_first on DECQ %d KARD %d" % (self.decq, self.kard))
        if not self.all_acted():
            self.fail(T_AFTER_TURNS, "resolves_first before every player acted on the KARD")
        self.coin = True
        self.first = side
        self.seen["KARDs side %s resolved first by the coin" % side] += 1

    def kard_order(self, e):
        """At each event of a KARD: a card effect after the turns and the coin, in its side's turn, none after fire;
        no fire after a volley landed."""
        k = e.get("event")
        if k in ("fire", "volley") and self.hit_told:
            self.fail(T_TOGETHER, "a %r of side %s after a volley of the KARD landed" % (k, e.get("side")))
        if k == "fire":
            self.fire_told = True
        elif k == "hit":
            self.hit_told = True
        if not (isinstance(k, str) and k in _EFFECTS):  # (k not in EFFECTS)
            return
        side = self.f(e, "side")
        if not self.all_acted():
            self.fail(T_AFTER_TURNS, "a %r of side %s before every player acted on the KARD" % (k, side))
        if self.fire_told:
            self.fail(T_BEFORE_FIRE, "a %r of side %s after the KARD's fire orders" % (k, side))
        if self.first is None:
            self.fail(T_FIRST + " (kard_first = random)", "a %r of side %s before the KARD's resolves_first" % (k, side))
        if self.effect_sides and self.effect_sides[-1] != side:
            if side == self.first:
                self.fail(T_FIRST + " (kard_first = %s)" % self.r["kard_first"],
                          "a %r of side %s after side %s's card effects, on DECQ %d KARD %d (game KARD %d), where side "
                          "%s's take effect first" % (k, side, self.effect_sides[-1], self.decq, self.kard,
                                                      (self.decq - 1) * 18 + self.kard, self.first))
        if not self.effect_sides or self.effect_sides[-1] != side:
            self.effect_sides.append(side)

    def kard_over(self):
        """At a KARD's end: under random, its coin was told (a KARD with no card effect too)."""
        if self.r["kard_first"] == "random" and not self.coin:
            self.fail(T_FIRST + " (kard_first = random)", "DECQ %d KARD %d told no resolves_first"
                      % (self.decq, self.kard))
        if len(self.effect_sides) == 2:
            self.seen["KARDs with both sides' card effects, side %s's first" % self.first] += 1
