"""An independent model of the Haggerty sequence (seeds/000_...), replaying a trace.

Written from the rules text, RULES-NOTES.md, the `fortunes rules haggerty`
listing and docs/replay.md only. check() walks a game's events as the text's
turn structure (refills, rounds of reveal / initiative / chains, turn end) and
stops at the first event the rules make impossible. What it holds the trace to:

- the deck: 52 suit cards + `jokers` jokers; every card is in exactly one of the
  hands, the draw pile, the discards or the cards faceup in the current round,
  so a card can only be drawn from the pile (not from a hand or the discards);
- refills: each seat (a, then b) fills to its hand size (hand_size, or
  hand_size_a / hand_size_b) at each turn's start; `hand` = the old hand plus
  `drawn`, `pile` = what is left; a short hand only when the pile is dry under
  empty_draw_pile = end_game, and then the game ends before the turn is played;
- reshuffles (empty_draw_pile = reshuffle): only when the pile cannot give the
  refill it is needed for; `cards` = the discards; the cards still in the pile
  are drawn before any reshuffled one;
- reveals: every seat that has not passed and holds cards reveals (or passes)
  each round, from the hand it really holds; a seat with no cards or that passed
  earlier in the turn does not act again that turn;
- initiative: the higher card by the text's ranking (K high .. A low, then
  Hearts > Clubs > Diamonds > Spades, jokers above all) goes first; two jokers
  are a joker tie settled by joker_tie (coin_flip: the coin's seat;
  previous_first: the game's previous first player, coin only if none);
- chains: the first player's cards outrank its previous card; the second
  player's outrank its previous card and the first player's last card; `legal`
  is exactly the set of cards held that may be chained; a seat is asked
  whenever it has one, and never when it has none;
- a turn ends when both seats have passed or hold no cards; turn_end's rounds,
  played, unit actions (J/Q/K: unit_actions_face, 4-10: middle, A-3: low,
  joker: unit_actions_joker) and cards left agree with the turn's events;
- at most `turns` turns, exactly that many unless the deck ended the game;
  game_end and the record row agree with the events.
"""

from collections import Counter

from common import Cursor, Problem, Violation  # noqa: F401  (Problem re-exported for users)

SYSTEM = "haggerty"
DEFAULT_GAMES = 1000

# (label, extra `fortunes replay` arguments). Hands must fit the deck: hand_a + hand_b <= 52 + jokers.
CONFIGS = [
    ("defaults", []),
    ("end_game, a=hoarder", ["--set", "empty_draw_pile=end_game", "--strategy", "a=hoarder"]),
    ("random vs random", ["--strategy", "a=random", "--strategy", "b=random"]),
    ("jokers=4, hands 8/3, joker_tie=previous_first, a=random b=miser",
     ["--set", "jokers=4", "--set", "hand_size_a=8", "--set", "hand_size_b=3",
      "--set", "joker_tie=previous_first", "--strategy", "a=random", "--strategy", "b=miser"]),
    ("jokers=0, hand_size=2, end_game, turns=40, unit actions 2/3/4/5, a=bold b=random",
     ["--set", "jokers=0", "--set", "hand_size=2", "--set", "empty_draw_pile=end_game",
      "--set", "turns=40", "--set", "unit_actions_face=2", "--set", "unit_actions_middle=3",
      "--set", "unit_actions_low=4", "--set", "unit_actions_joker=5",
      "--strategy", "a=bold", "--strategy", "b=random"]),
    ("jokers=3, hand_size=7, a=search b=highest",
     ["--set", "jokers=3", "--set", "hand_size=7", "--strategy", "a=search", "--strategy", "b=highest"]),
]

SEATS = ("a", "b")
OTHER = {"a": "b", "b": "a"}

# --- the text's sentences, quoted in the problems ------------------------------------------------
T_RANK = ('"Cards are ranked King high through Ace low. Suits are ranked (highest to lowest): Hearts, '
          'Clubs, Diamonds, Spades." / "The two Jokers outrank all suit cards."')
T_FIRST = ('"To start a round, each player chooses a card from his hand. These are revealed simultaneously. '
           'The player revealing the highest ranked card is the First Player, his opponent is the Second Player."')
T_REVEAL = '"To start a round, each player chooses a card from his hand."'
T_PASS = ('"At the start of any Round, a player may choose to "pass" by not revealing a card. Once a player '
          'passes, he may not participate in any subsequent Rounds that turn."')
T_NO_CARDS = '"A player holding no cards must pass."'
T_ROUNDS = ('"The players then execute a number of "Rounds", until both have either Passed or exhausted the '
            'cards in their hands, at which point the turn ends."')
T_CHAIN_FIRST = ('"The First Player may now either: a) reveal another card from his hand and use that card to '
                 'perform actions (this card MUST outrank the first card played, and he can continue playing '
                 'cards from his hand in this manner as long as each card he plays outranks the previous one)"')
T_CHAIN_SECOND = ('"The Second Player may now play additional cards from his hand, as long as each new card '
                  'outranks BOTH the previous card he played, AND the last card played by the First Player."')
T_ORDER = ('"Once the First Player has completed his card play(s), the Second Player performs actions with '
           'his units"')
T_LEGAL = ('docs/replay.md: "chain ... the seat may play a card outranking its `last` (and, for the second '
           'player, the first player\'s last card): `legal` are those it holds" / "a chain with nothing it '
           'could play is not told (there was no choice)"')
T_DISCARD = '"All cards played during the Round are discarded."'
T_DEAL = ('"At the start of the game, the deck is shuffled and each player is dealt a hand of six cards. '
          'The rest of the pack is placed face down as a draw pile." (52 cards + `jokers` jokers)')
T_REFILL = ('"Every turn begins with each player replenishing his hand to six cards by drawing from the '
            'facedown pack." (six: hand_size / hand_size_a / hand_size_b)')
T_EMPTY = ('RULES-NOTES.md: "Not in the text: what happens when the draw pile runs out (proposed default: '
           'shuffle the discards into a new draw pile; alternative: the game ends)"; `fortunes rules '
           'haggerty`: empty_draw_pile "when a refill needs a card and the pile is empty: shuffle the '
           'discards into a new pile, or end the game before that turn (seat a refills before seat b)"')
T_JOKER_TIE = ('RULES-NOTES.md: "Two jokers are **equal**: the text gives no tie rule." `fortunes rules '
               'haggerty`: joker_tie "who is first player when both reveal jokers: a coin flip, or the '
               'game\'s previous first player (coin flip if there is none)"')
T_ACTIONS = ('"Jack, Queen, King = one action; 4, 5, 6, 7, 8, 9, 10 = two actions; Ace, 2, 3, = three '
             'actions." / Jokers "permit a unit to perform three actions of any type" (unit_actions_*)')
T_TURNS = ('`fortunes rules haggerty`: turns "turns in a game (a scenario parameter)"; empty_draw_pile = '
           'end_game ends it early')
T_TURN_END = ('docs/replay.md: turn_end "the turn\'s rounds, the cards each seat played, the unit actions '
              'they allowed, the cards it keeps"')
T_GAME_END = 'docs/replay.md: game_end "the game is over: all turns played, or the pile ran dry with end_game"'
T_RECORD = ('docs/replay.md: "the replay gives exactly the rows the run wrote for that game"; docs/haggerty.md '
            'defines the columns (passes: "a pass at the start of a round where neither side reveals ... is '
            'dropped"; first_initiative: the first contested round\'s first player, or none; cards_left summed '
            'over turns)')
T_FORMAT = 'docs/replay.md: the Haggerty event kinds, their fields and their order'

# --- cards ------------------------------------------------------------------------------------------
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]  # Ace low .. King high
SUITS = ["S", "D", "C", "H"]  # Spades lowest .. Hearts highest
JOKER = "JOKER"


def deck(jokers):
    d = Counter(r + s for r in RANKS for s in SUITS)
    if jokers:
        d[JOKER] = jokers
    return d


def _key(card):
    """Rank first, then suit; jokers above all and equal to each other."""
    if card == JOKER:
        return (len(RANKS) + 1, 0)
    return (RANKS.index(card[:-1]) + 1, SUITS.index(card[-1]))


KEYS = {c: _key(c) for c in list(deck(0)) + [JOKER]}


def is_card(c):
    return isinstance(c, str) and c in KEYS


def key(card):
    return KEYS[card]


def outranks(x, y):
    return KEYS[x] > KEYS[y]


def take(counter, card):
    """Remove one `card` from a multiset (the caller has checked it is there)."""
    n = counter[card] - 1
    if n:
        counter[card] = n
    else:
        del counter[card]


def unit_actions(card, rules):
    if card == JOKER:
        return rules["unit_actions_joker"]
    r = card[:-1]
    if r in ("J", "Q", "K"):
        return rules["unit_actions_face"]
    if r in ("A", "2", "3"):
        return rules["unit_actions_low"]
    return rules["unit_actions_middle"]


# --- rules ------------------------------------------------------------------------------------------
def _value(text):
    t = text.strip()
    if t == "none":
        return None
    if t in ("true", "false"):
        return t == "true"
    try:
        return int(t)
    except ValueError:
        return t


def rules(defaults, sets):
    """The rule values of a game: `fortunes rules haggerty` defaults with the --set values over them."""
    r = {k: _value(v) for k, v in defaults.items()}
    for k, v in sets.items():
        r[k] = _value(v)
    for k, v in FALLBACK.items():
        r.setdefault(k, v)
    return r


# Used only when no listing is given (the unit tests): the listing's defaults as documented.
FALLBACK = {
    "jokers": 2, "hand_size": 6, "hand_size_a": None, "hand_size_b": None, "actions_per_card": 6,
    "unit_actions_face": 1, "unit_actions_middle": 2, "unit_actions_low": 3, "unit_actions_joker": 3,
    "joker_tie": "coin_flip", "empty_draw_pile": "reshuffle", "turns": 10,
}


def hand_sizes(r):
    return {
        "a": r["hand_size_a"] if r.get("hand_size_a") is not None else r["hand_size"],
        "b": r["hand_size_b"] if r.get("hand_size_b") is not None else r["hand_size"],
    }


# --- the model --------------------------------------------------------------------------------------
def check(events, rules_, stats=None):
    """Replay one game's trace (header, events, records); return [] or [the first Problem].

    `stats`, a dict, is given counts of the situations the game exercised (for the driver's summary)."""
    g = _Game(events, rules_)
    try:
        g.run()
    except Violation as v:
        return [v.problem]
    if stats is not None:
        for k, v in g.seen.items():
            stats[k] = stats.get(k, 0) + v
    return []


def _fmt(counter):
    return sorted(counter.elements(), key=key)


class _Game:
    def __init__(self, events, r):
        self.c = Cursor(events)
        self.r = r
        self.size = hand_sizes(r)
        self.deck = deck(r["jokers"])
        self.ndeck = sum(self.deck.values())
        self.pile = Counter(self.deck)  # the cards not yet drawn (their order is unknown)
        self.hands = {s: Counter() for s in SEATS}
        self.discards = Counter()
        self.table = Counter()  # the current round's played cards
        self.prev_first = None  # the game's previous first player
        self.reshuffles = 0
        self.turns_played = 0
        self.ended_by_deck = False
        t = dict(rounds=0, contested=0, joker_ties=0, first_initiative="none")
        for s in SEATS:
            t.update({"initiative_" + s: 0, "lone_rounds_" + s: 0, "cards_played_" + s: 0,
                      "unit_actions_" + s: 0, "passes_" + s: 0, "cards_left_" + s: 0})
        self.tot = t
        # situations exercised, for the driver's summary
        self.seen = Counter()

    # helpers
    def fail(self, rule, msg, at_next=False):
        self.c.fail(rule, msg, at_next)

    def field(self, e, name, rule=T_FORMAT):
        if name not in e:
            self.fail(rule, "the %r event has no %r field" % (e.get("event"), name))
        return e[name]

    def cards(self, e, name):
        v = self.field(e, name)
        if not isinstance(v, list) or not all(is_card(x) for x in v):
            self.fail(T_FORMAT, "%r is not a list of cards: %r" % (name, v))
        return v

    def card_or_null(self, e, name):
        v = self.field(e, name)
        if v is not None and not is_card(v):
            self.fail(T_FORMAT, "%r is not a card: %r" % (name, v))
        return v

    def where(self, card):
        places = []
        for s in SEATS:
            if self.hands[s][card]:
                places.append("seat %s's hand" % s)
        if self.discards[card]:
            places.append("the discards")
        if self.table[card]:
            places.append("this round's played cards")
        if self.pile[card]:
            places.append("the draw pile")
        return ", ".join(places) or "nowhere (not in this deck)"

    def conserved(self, rule=T_DEAL, full=False):
        """Every card in one place. Cards only move between places (take / put), so this is a
        self-check of the model: the card count each time, the multiset when `full`."""
        places = (self.pile, self.discards, self.table, self.hands["a"], self.hands["b"])
        n = sum(sum(p.values()) for p in places)
        if n != self.ndeck:
            self.fail(rule, "the deck is not conserved: the places hold %d cards, the deck %d" % (n, self.ndeck))
        if full:
            total = Counter()
            for p in places:
                total.update(p)
            if total != self.deck:
                self.fail(rule, "the deck is not conserved: %r" % (total - self.deck or self.deck - total))

    def same(self, e, name, want, rule):
        got = self.field(e, name)
        if got != want:
            self.fail(rule, "%s is %r, the events give %r" % (name, got, want))

    # structure
    def run(self):
        c = self.c
        h = c.expect("replay", T_FORMAT, "the replay header")
        if h.get("system") != SYSTEM:
            self.fail(T_FORMAT, "the header names system %r" % h.get("system"))
        self.game = h.get("game")
        turn = 0
        while c.peek_kind() != "game_end":
            if c.peek() is None:
                self.fail(T_GAME_END, "the trace ends without a game_end event", at_next=True)
            if turn == self.r["turns"]:
                self.fail(T_TURNS, "a turn after the last (turns = %d)" % self.r["turns"], at_next=True)
            turn += 1
            if self.refills(turn):
                break
            self.play_turn(turn)
            self.turns_played = turn
        self.game_end()
        self.records()

    def refills(self, turn):
        """The turn's refills, a then b; True when the deck ended the game (game_end is next)."""
        c = self.c
        short = False
        for seat in SEATS:
            need = self.size[seat] - sum(self.hands[seat].values())
            must_draw = Counter()  # cards the pile held when it was reshuffled: drawn first
            while c.peek_kind() == "reshuffle":
                e = c.next()
                self.same(e, "turn", turn, T_FORMAT)
                if self.r["empty_draw_pile"] != "reshuffle":
                    self.fail(T_EMPTY, "a reshuffle under empty_draw_pile = %s" % self.r["empty_draw_pile"])
                held = sum(self.pile.values())
                if short or held >= need:
                    self.fail(T_EMPTY, "a reshuffle while the pile still holds %d cards and seat %s's "
                                       "refill needs %d" % (held, seat, max(need, 0)))
                n = sum(self.discards.values())
                if n == 0:
                    self.fail(T_EMPTY, "a reshuffle with no discards")
                self.same(e, "cards", n, T_EMPTY)
                must_draw += self.pile
                if self.pile:
                    self.seen["mid-refill reshuffles"] += 1
                for card, n in self.discards.items():
                    self.pile[card] += n
                self.discards = Counter()
                self.reshuffles += 1
            if c.peek_kind() == "game_end":
                held = sum(self.pile.values())
                if not (short or (self.r["empty_draw_pile"] == "end_game" and need > held)):
                    self.fail(T_EMPTY, "the game ends at turn %d's refills, but seat %s's refill needs %d "
                                       "and the pile holds %d" % (turn, seat, max(need, 0), held), at_next=True)
                self.ended_by_deck = True
                return True
            e = c.expect("refill", T_REFILL, "seat %s's refill of turn %d" % (seat, turn))
            self.same(e, "turn", turn, T_REFILL)
            self.same(e, "seat", seat, T_REFILL)
            drawn = self.cards(e, "drawn")
            for card in drawn:
                if self.pile[card] <= 0:
                    self.fail(T_DEAL, "%s is drawn but it is not in the draw pile: it is in %s"
                                      % (card, self.where(card)))
                take(self.pile, card)
                self.hands[seat][card] += 1
            missing = must_draw - Counter(drawn)
            if missing:
                self.fail(T_EMPTY, "the pile was reshuffled while it still held %s, and they were not drawn "
                                   "before the reshuffled discards" % _fmt(missing))
            hand = self.cards(e, "hand")
            if Counter(hand) != self.hands[seat]:
                self.fail(T_REFILL, "hand %r is not the hand kept from the last turn plus the cards drawn %r"
                          % (hand, _fmt(self.hands[seat])))
            held = sum(self.pile.values())
            self.same(e, "pile", held, T_DEAL)
            n = len(hand)
            if n > self.size[seat]:
                self.fail(T_REFILL, "seat %s draws to %d cards, above its hand size %d" % (seat, n, self.size[seat]))
            if n < self.size[seat]:
                if held > 0:
                    self.fail(T_REFILL, "seat %s holds %d cards after the refill, not its hand size %d, while "
                                        "the pile still holds %d" % (seat, n, self.size[seat], held))
                if self.r["empty_draw_pile"] != "end_game":
                    self.fail(T_EMPTY, "seat %s's refill stops short (%d of %d) instead of reshuffling the %d "
                                       "discards" % (seat, n, self.size[seat], sum(self.discards.values())))
                short = True
                self.seen["short refills"] += 1
        self.conserved()
        if short:
            if c.peek_kind() != "game_end":
                self.fail(T_EMPTY, "the pile ran dry in turn %d's refills under end_game, but the game goes on"
                          % turn, at_next=True)
            self.ended_by_deck = True
            return True
        return False

    def play_turn(self, turn):
        c = self.c
        passed = {s: False for s in SEATS}
        played = {s: 0 for s in SEATS}
        actions = {s: 0 for s in SEATS}
        rounds = 0
        while True:
            active = [s for s in SEATS if not passed[s] and sum(self.hands[s].values()) > 0]
            if not active:
                break
            rnd = rounds + 1
            reveals = {}
            while c.peek_kind() == "reveal" and len(reveals) < 2:
                e = c.next()
                self.same(e, "turn", turn, T_REVEAL)
                self.same(e, "round", rnd, T_REVEAL)
                seat = self.field(e, "seat")
                if seat not in SEATS:
                    self.fail(T_FORMAT, "no seat %r" % seat)
                if seat in reveals:
                    self.fail(T_REVEAL, "seat %s reveals twice in round %d" % (seat, rnd))
                if passed[seat]:
                    self.fail(T_PASS, "seat %s reveals in round %d after it passed this turn" % (seat, rnd))
                if not self.hands[seat]:
                    self.fail(T_NO_CARDS, "seat %s holds no cards but takes part in round %d" % (seat, rnd))
                hand = self.cards(e, "hand")
                if Counter(hand) != self.hands[seat]:
                    self.fail(T_REVEAL, "seat %s reveals from hand %r but holds %r"
                              % (seat, hand, _fmt(self.hands[seat])))
                card = self.card_or_null(e, "card")
                if card is not None and self.hands[seat][card] <= 0:
                    self.fail(T_REVEAL, "seat %s reveals %s, which is not in its hand: it is in %s"
                              % (seat, card, self.where(card)))
                reveals[seat] = card
            for s in active:
                if s not in reveals:
                    self.fail(T_ROUNDS, "seat %s has not passed and holds %s, but neither reveals nor passes in "
                                        "round %d" % (s, _fmt(self.hands[s]), rnd), at_next=True)
            shown = {s: card for s, card in reveals.items() if card is not None}
            for s, card in reveals.items():
                if card is None:
                    passed[s] = True
                    self.seen["passes"] += 1
                    if shown:  # docs/haggerty.md passed_in_turn: a pass where no round is recorded is dropped
                        self.tot["passes_" + s] += 1
            if not shown:
                continue  # every seat still in passed: no round is played, the turn ends
            rounds += 1
            e = c.expect("initiative", T_FIRST, "the initiative of round %d" % rnd)
            self.same(e, "turn", turn, T_FIRST)
            self.same(e, "round", rnd, T_FIRST)
            first = self.initiative(e, shown)
            self.prev_first = first
            if len(shown) == 2 and self.tot["first_initiative"] == "none":
                self.tot["first_initiative"] = first  # docs/haggerty.md: the first *contested* round's
            for s, card in shown.items():
                take(self.hands[s], card)
                self.table[card] += 1
                played[s] += 1
                actions[s] += unit_actions(card, self.r)
            last_first = self.chain(turn, rnd, first, shown[first], None, played, actions)
            if len(shown) == 2:
                second = OTHER[first]
                self.chain(turn, rnd, second, shown[second], last_first, played, actions)
            for card, n in self.table.items():
                self.discards[card] += n
            self.table = Counter()
        self.conserved(T_DISCARD)
        e = c.expect("turn_end", T_ROUNDS, "the turn's end (both seats passed or hold no cards)")
        self.same(e, "turn", turn, T_TURN_END)
        self.same(e, "rounds", rounds, T_TURN_END)
        self.same(e, "played", [played["a"], played["b"]], T_TURN_END)
        self.same(e, "unit_actions", [actions["a"], actions["b"]], T_ACTIONS)
        left = [sum(self.hands[s].values()) for s in SEATS]
        self.same(e, "cards_left", left, T_TURN_END)
        t = self.tot
        t["rounds"] += rounds
        for i, s in enumerate(SEATS):
            t["cards_played_" + s] += played[s]
            t["unit_actions_" + s] += actions[s]
            t["cards_left_" + s] += left[i]

    def initiative(self, e, shown):
        first = self.field(e, "first")
        contested = self.field(e, "contested")
        joker_tie = self.field(e, "joker_tie")
        coin = self.field(e, "coin")
        t = self.tot
        if len(shown) == 1:
            (only,) = shown
            if contested is not False or joker_tie is not False or coin is not None:
                self.fail(T_FIRST, "only seat %s revealed, yet contested=%r joker_tie=%r coin=%r"
                          % (only, contested, joker_tie, coin))
            if first != only:
                self.fail(T_PASS, "only seat %s revealed a card, but %r is first" % (only, first))
            t["lone_rounds_" + only] += 1
            return first
        if contested is not True:
            self.fail(T_FIRST, "both seats revealed (%s, %s) but contested is %r"
                      % (shown["a"], shown["b"], contested))
        t["contested"] += 1
        a, b = shown["a"], shown["b"]
        if key(a) != key(b):
            want = "a" if outranks(a, b) else "b"
            if joker_tie is not False or coin is not None:
                self.fail(T_FIRST, "%s against %s is no tie, yet joker_tie=%r coin=%r" % (a, b, joker_tie, coin))
            if first != want:
                self.fail(T_RANK + " " + T_FIRST, "a reveals %s, b reveals %s: %s outranks, so seat %s is first, "
                          "not %r" % (a, b, shown[want], want, first))
        else:  # two jokers
            if joker_tie is not True:
                self.fail(T_JOKER_TIE, "both reveal jokers but joker_tie is %r" % joker_tie)
            t["joker_ties"] += 1
            self.seen["joker ties"] += 1
            if self.r["joker_tie"] == "previous_first" and self.prev_first is not None:
                if coin is not None:
                    self.fail(T_JOKER_TIE, "joker_tie = previous_first with a previous first player (%s), yet "
                                           "a coin is flipped" % self.prev_first)
                if first != self.prev_first:
                    self.fail(T_JOKER_TIE, "joker_tie = previous_first: the previous first player was %s, not %r"
                              % (self.prev_first, first))
            else:
                if coin not in SEATS:
                    self.fail(T_JOKER_TIE, "a joker tie settled by coin flip without a coin seat (coin=%r)" % coin)
                if first != coin:
                    self.fail(T_JOKER_TIE, "the coin chose %s but %r is first" % (coin, first))
        t["initiative_" + first] += 1
        return first

    def chain(self, turn, rnd, seat, last, bound, played, actions):
        """Seat's chained cards after `last` (bound: the first player's last card); returns its last card."""
        c = self.c
        rule = T_CHAIN_FIRST if bound is None else T_CHAIN_SECOND
        while True:
            legal = {x for x in self.hands[seat]
                     if outranks(x, last) and (bound is None or outranks(x, bound))}
            e = c.peek()
            asked = (e is not None and e.get("event") == "chain" and e.get("seat") == seat
                     and e.get("turn") == turn and e.get("round") == rnd)
            if not legal:
                if asked:
                    c.next()
                    card = e.get("card")
                    if card is not None and self.hands[seat][card] <= 0:
                        self.fail(rule, "seat %s chains %s, which is not in its hand: it is in %s"
                                  % (seat, card, self.where(card)))
                    self.fail(T_LEGAL, "seat %s is asked to chain after %s%s but holds nothing that outranks "
                                       "(hand %r)" % (seat, last, "" if bound is None else " and %s" % bound,
                                                      _fmt(self.hands[seat])))
                return last
            if not asked:
                if e is not None and e.get("event") == "chain" and e.get("seat") == OTHER[seat] and bound is not None:
                    self.fail(T_ORDER, "seat %s chains after the second player" % OTHER[seat], at_next=True)
                self.fail(T_LEGAL, "seat %s may chain %s after %s%s but is not asked"
                          % (seat, sorted(legal, key=key), last, "" if bound is None else " and %s" % bound),
                          at_next=True)
            c.next()
            self.same(e, "last", last, rule)
            got = self.cards(e, "legal")
            for x in got:
                if self.hands[seat][x] <= 0:
                    self.fail(T_LEGAL, "legal lists %s, which seat %s does not hold (it is in %s)"
                              % (x, seat, self.where(x)))
            if set(got) != legal:
                extra = sorted(set(got) - legal, key=key)
                omitted = sorted(legal - set(got), key=key)
                self.fail(rule + " " + T_LEGAL, "legal %r %s%s" % (
                    got, ("includes %s, which may not be chained; " % extra) if extra else "",
                    ("omits %s, which may be" % omitted) if omitted else ""))
            card = self.card_or_null(e, "card")
            if card is None:
                return last
            if self.hands[seat][card] <= 0:
                self.fail(rule, "seat %s chains %s, which is not in its hand: it is in %s"
                          % (seat, card, self.where(card)))
            if card not in legal:
                self.fail(T_RANK + " " + rule, "seat %s chains %s, which does not outrank %s%s"
                          % (seat, card, last, "" if bound is None else " and %s" % bound))
            take(self.hands[seat], card)
            self.table[card] += 1
            self.seen["chains" if bound is None else "second-player chains"] += 1
            played[seat] += 1
            actions[seat] += unit_actions(card, self.r)
            last = card

    def game_end(self):
        self.conserved(T_DEAL, full=True)
        e = self.c.expect("game_end", T_GAME_END)
        self.same(e, "turns", self.turns_played, T_GAME_END)
        self.same(e, "reshuffles", self.reshuffles, T_EMPTY)
        self.same(e, "ended_by_deck", self.ended_by_deck, T_GAME_END)
        self.seen["ended by deck"] += self.ended_by_deck
        self.seen["reshuffles"] += self.reshuffles
        if not self.ended_by_deck and self.turns_played != self.r["turns"]:
            self.fail(T_TURNS, "the game ends after %d turns, not %d" % (self.turns_played, self.r["turns"]))

    def records(self):
        c = self.c
        n = 0
        while c.peek() is not None:
            e = c.expect("record", T_RECORD, "a record row")
            n += 1
            if n > 1:
                self.fail(T_RECORD, "a second record row for one game")
            t = self.tot
            want = {
                "game": self.game,
                "turns": self.turns_played,
                "rounds": t["rounds"],
                "contested_rounds": t["contested"],
                "initiative_a": t["initiative_a"],
                "initiative_b": t["initiative_b"],
                "first_initiative": t["first_initiative"],
                "joker_ties": t["joker_ties"],
                "reshuffles": self.reshuffles,
                "ended_by_deck": self.ended_by_deck,
            }
            for s in SEATS:
                for k in ("lone_rounds_", "cards_played_", "unit_actions_", "passes_", "cards_left_"):
                    want[k + s] = t[k + s]
            for k, v in want.items():
                self.same(e, k, v, T_RECORD)
        if n == 0:
            self.fail(T_RECORD, "no record row", at_next=True)
