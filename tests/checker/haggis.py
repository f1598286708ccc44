"""An independent model of two-player Haggis (seeds/002_..., the players' leaflet), replaying a trace.

Written from the leaflet, RULES-NOTES.md (the official rules), the `fortunes rules haggis`
listing, docs/haggis.md and docs/replay.md only. check() walks a game's events round by round
(deal, hands, bets, tricks of plays and passes, going out, scoring) and stops at the first event
the rules make impossible. What it holds the trace to:

- the deal: the 36 number cards (2-10 in four suits) each in exactly one of the two hands
  (`hand_size` each), the Haggis (`haggis_size`) and the left-out cards (the rest); each seat's
  wilds are its own J, Q and K; the round_end's Haggis is the deal's;
- who deals and leads: round 1's dealer as `first_dealer` says (random: either), later the
  leader in points (a tie: the last round's winner); the non-dealer leads the first trick;
  `scores` before the round are the last round_end's;
- bets: one per seat, in the `betting` order (leader_first / dealer_first: the second sees the
  first's bet, `seen`; simultaneous: nobody sees), `none`/`little`/`big` worth 0 /
  `little_bet` / `big_bet`;
- hands: every card played is held by the seat that plays it (number cards from the deal, wilds
  J, Q, K each once a round); `left` is what it still holds;
- combinations, read from the leaflet: a set (one rank, 1 to 7 cards, wilds standing in, a lone
  wild is a single of its own rank), a run of 3+ singles of consecutive ranks in one suit, a run
  of 2+ sets of the same width 2+ in consecutive ranks, each set in the same suits (wilds take
  any rank and suit, up to K; so a set of five, four suits and a wild, matches one of three
  suits and two wilds), or one of the six bombs (those switched on); two or more wilds
  with no number card are always a bomb; `combo` names a reading the cards really make, at its
  highest rank (docs/haggis.md), and `kind` is its kind;
- beating: same kind, width and length, higher rank; a bomb beats any non-bomb, and after a bomb
  only a higher bomb (rainbow < J-Q < J-K < Q-K < J-Q-K < suited); `beats` / `to_beat` is the
  combination on the table; a lead is never a pass;
- turns: the seats alternate within a trick; a pass ends the trick; its winner (the last to
  play) leads the next, even after a bomb; a trick won by a bomb goes to the opponent; the
  play that empties a hand is followed by `out` (its `plays`: the seat's plays that round) and
  the last trick, then the round ends at once;
- legal-play lists: for every answer and pass, `offered` [sets, runs, bombs] and `options`
  are the model's own enumeration of the plays that beat; for every lead from a hand of at
  most LEAD_ENUM_MAX cards, the model's enumeration of all leads; `options` listed exactly when
  at most 8 plays;
- points: `points` of plays and tricks by `captured_card_points` (one_each: 1 a card; official:
  3/5/7/9 = 1, J = 2, Q = 3, K = 5, others 0);
- round_end: `left_cards` is the loser's hand (wilds included), `left_hand_points` =
  points_per_card_left a card (+ their card points under loser_hand_card_points), the Haggis
  flat `haggis_points` or its card points (`haggis_scoring`), every stake to the seat that went
  out, captured points per taker, `points` and running `scores` adding up;
- the game ends after the first round in which a seat has reached `target_score` ahead, or
  after `max_rounds` rounds (`capped` when the target did not end it), never before or later;
  `winner` is the higher score (null on a draw); game_end and the record rows (one per round)
  agree with the events.
"""

import os
import re
from collections import Counter
from itertools import combinations

from common import Cursor, Problem, Violation  # noqa: F401  (Problem re-exported for users)

SYSTEM = "haggis"
# Haggis games are long (6 to 8 rounds, ~100 plays, each play's legal list enumerated): 120 games
# under each of the 8 configurations keep the Haggis run near 40 s on 2 busy cores.
DEFAULT_GAMES = 120

CONFIGS = [
    ("defaults", []),
    ("--rules official", ["--rules", "official"]),
    ("betting=leader_first, first_dealer=a, a=random b=fast", ["--set", "betting=leader_first", "--set", "first_dealer=a",
                                                                 "--strategy", "a=random", "--strategy", "b=fast"]),
    ("betting=dealer_first, official, b=greedy", ["--rules", "official", "--set", "betting=dealer_first",
                                                  "--strategy", "b=greedy"]),
    ("random vs random, first_dealer=b", ["--set", "first_dealer=b", "--strategy", "a=random",
                                          "--strategy", "b=random"]),
    ("hand_size=7, haggis_size=5 (17 left out), max_rounds=3, random vs heuristic",
     ["--set", "hand_size=7", "--set", "haggis_size=5", "--set", "max_rounds=3", "--strategy", "a=random"]),
    ("hand_size=12 (4 left out), bets 5/50, no wild bombs, a=bettor",
     ["--set", "hand_size=12", "--set", "little_bet=5", "--set", "big_bet=50", "--set", "bomb_jq=false",
      "--set", "bomb_jk=false", "--set", "bomb_qk=false", "--set", "bomb_jqk=false", "--strategy", "a=bettor"]),
    ("max_rounds=2, no stakes, Haggis or left-hand points (draws), no 3-5-7-9 bombs, random vs random",
     ["--set", "max_rounds=2", "--set", "little_bet=0", "--set", "big_bet=0", "--set", "haggis_points=0",
      "--set", "points_per_card_left=0", "--set", "bomb_rainbow=false", "--set", "bomb_suited=false",
      "--strategy", "a=random", "--strategy", "b=random"]),
]

# The presets `--rules NAME` reads (docs/haggis.md's table, RULES-NOTES.md's official column).
PRESETS = {
    "leaflet": {},
    "official": {"captured_card_points": "official", "points_per_card_left": 5,
                 "loser_hand_card_points": True, "haggis_scoring": "card_points", "target_score": 250},
    "short-hands": {"hand_size": 12},
    "no-wild-bombs": {"bomb_jq": False, "bomb_jk": False, "bomb_qk": False, "bomb_jqk": False},
}

SEATS = ("a", "b")
OTHER = {"a": "b", "b": "a"}

# Hands of at most this many cards (wilds included) have every lead enumerated and counted (a full
# 17-card hand costs ~5 ms, so by default only small hands; HAGGIS_LEAD_ENUM_MAX=99 checks every lead).
LEAD_ENUM_MAX = int(os.environ.get("HAGGIS_LEAD_ENUM_MAX", "9"))

# --- the texts' sentences, quoted in the problems ---------------------------------------------------
T_DECK = ('"The 42-card Haggis deck consists of 36 non-court cards ~ 2 up to 10 in the four suits. Plus any '
          'two Jacks, Queens, and Kings" / "Place a Jack, Queen, and King face-up in front of each player" / '
          '"deal 14 cards face-down to each player" / "The remaining eight cards are the Haggis" (hand_size, '
          'haggis_size; the rest left out)')
T_HAND = ('"Their hand is these 14 cards plus the three wild cards, which remain on the table until played." '
          '(a seat plays only cards it holds)')
T_DEALER = ('"Dealing - dealer is the leader in points. If there is a tie, the winner of the last round deals." '
            '(round 1: first_dealer)')
T_LEADER = ('"Non-dealer leads to the first trick" / "Leading - player with the fewest points. If there is a '
            'tie, the non-dealer leads."')
T_BET = ('"No bet - zero points ... Little bet - 15 points ... Big bet - 30 points" / "Players may make the same '
         'bet. Bets may not be retracted or altered." (little_bet, big_bet; betting: who sees whose bet)')
T_SET = ('"A set - that\'s a group of cards of the same rank. Sets consist of one to seven cards (singles, pairs, '
         'three/four of a kind ... plus wild cards)."')
T_RUN = ('"A sequence or run - a set of three or more singles of consecutive rank in the same suit, or two or more '
         'larger sets (pairs, triplets, etc)." / RULES-NOTES: "2+ sets of the same size (2+) in consecutive ranks, '
         'each set made of the same suits. A wild in a sequence takes any suit."')
T_WILD = ('"The Jacks, Queens and Kings may be used as wild cards in a set or sequence. More than one may be used." '
          '/ "They can also be played naturally as singles, in a set, or in a sequence." / "Two+ honours and no '
          'non-wild card will always merge into a bomb."')
T_BOMB = ('"There are six types of bomb. ... ranked from lowest to highest - 3-5-7-9 (in four different suits) - '
          'J-Q - J-K - Q-K - J-Q-K - 3-5-7-9 (all four in one suit)." (bomb_* switch each off)')
T_BEAT = ('"The next combination must be of the same type (described above), have the same number of cards, and '
          'have higher ranking cards." / "A bomb can be played to beat any combination except a higher bomb. After '
          'a bomb has been played only a higher ranking bomb can beat it."')
T_LEAD = '"Non-dealer leads to the first trick by playing an opening combination" (a lead is a play, never a pass)'
T_TURN = ('"Each may play a higher ranking combination, or pass." / "Play continues in this manner, until a '
          'combination is played and the other player passes."')
T_WINNER = '"The winner of the trick leads to the next: no matter whether it was won by a bomb or not."'
T_TAKER = ('"If the winning combination was not a bomb, the cards are captured by the winner. If won by a bomb, the '
           'cards go to the opponent."')
T_OUT = ('"Immediately a player has shed the cards from their hand, the round is over." / "The last player to play '
         'a combination captures all the cards played to the final trick (unless the last combination played was '
         'a bomb)."')
T_POINTS = ('"Simply count 1 point for each card captured." / RULES-NOTES official: "3, 5, 7, 9 = 1; J = 2; '
            'Q = 3; K = 5; others 0" (captured_card_points)')
T_LEFT = ('"The player who goes out first scores 6 points for each card in opponent\'s hand ... their wild cards '
          'count as part of the hand." (points_per_card_left; official: 5, plus their card points, '
          'loser_hand_card_points)')
T_HAGGIS = ('"The player who went out first also scores 8 points for the Haggis." (haggis_points; official: its '
            'point cards, haggis_scoring = card_points)')
T_BETS = ('"If the bet was successful, the amount bet is added to the player\'s score. If the bet was not '
          'successful the bet is added to the score of the player who got out."')
T_SCORE = '"Points are scored for these three things" (cards left in the loser\'s hand, cards captured, bets)'
T_END = ('"To gain points and be first to the target score." / `fortunes rules haggis`: target_score "the game '
         'ends after the round in which a player reaches this score; the higher score wins (equal scores play '
         'on)"; max_rounds "a game still short of the target after this many rounds ends, the higher score '
         'winning (equal: a draw)"')
T_LEGAL = ('docs/replay.md: `offered` [sets, runs, bombs] "it chose among the legal plays counted in offered (the '
           'one it played included), listed in options ... when there are at most 8 of them"; a pass\'s '
           '"offered and options are the plays it could have made instead"; docs/haggis.md: "A group that reads '
           'several ways ... is offered once per shape, each at its highest rank"')
T_RECORD = ('docs/replay.md: "the replay gives exactly the rows the run wrote for that game"; docs/haggis.md '
            '--records: one row per round (round from 0, plays = play events, tricks = trick events, bombs_a/b = '
            'plays of kind bomb, cards_left = the loser\'s cards)')
T_FORMAT = 'docs/replay.md: the Haggis event kinds, their fields and their order'

# --- cards ------------------------------------------------------------------------------------------
SUITS = ("S", "D", "C", "H")
WILDS = ("J", "Q", "K")
WILD_RANK = {"J": 11, "Q": 12, "K": 13}
RANK_NAME = {r: str(r) for r in range(2, 11)}
RANK_NAME.update({11: "J", 12: "Q", 13: "K"})
NAME_RANK = {v: k for k, v in RANK_NAME.items()}
NUMBER_CARDS = tuple("%d%s" % (r, s) for r in range(2, 11) for s in SUITS)
NUMBER_SET = frozenset(NUMBER_CARDS)
BOMBS = ("rainbow", "JQ", "JK", "QK", "JQK", "suited")  # lowest to highest
BOMB_NAME = {"rainbow": "rainbow bomb 3-5-7-9", "JQ": "J-Q bomb", "JK": "J-K bomb", "QK": "Q-K bomb",
             "JQK": "J-Q-K bomb", "suited": "suited bomb 3-5-7-9"}
BOMB_OF_NAME = {v: k for k, v in BOMB_NAME.items()}
BOMB_RULE = {"rainbow": "bomb_rainbow", "JQ": "bomb_jq", "JK": "bomb_jk", "QK": "bomb_qk", "JQK": "bomb_jqk",
             "suited": "bomb_suited"}
WILD_BOMBS = {"JQ": frozenset("JQ"), "JK": frozenset("JK"), "QK": frozenset("QK"), "JQK": frozenset("JQK")}


def is_card(c):
    return isinstance(c, str) and (c in NUMBER_SET or c in WILD_RANK)


def rank_of(c):
    return WILD_RANK[c] if c in WILD_RANK else int(c[:-1])


def suit_of(c):
    return c[-1]


def card_points(card, scheme):
    if scheme == "one_each":
        return 1
    if card in WILD_RANK:
        return {"J": 2, "Q": 3, "K": 5}[card]
    return 1 if int(card[:-1]) in (3, 5, 7, 9) else 0


def take(counter, card):
    n = counter[card] - 1
    if n:
        counter[card] = n
    else:
        del counter[card]


# --- combinations -----------------------------------------------------------------------------------
# A shape: ("set", width, 1), ("run", width, length) or ("bomb", name, 0); a combination: (shape, top rank),
# bombs ranked by their place in BOMBS.
_SET_WORDS = {1: "single", 2: "pair of", 3: "three"}


def combo_name(shape, top):
    kind, w, n = shape
    if kind == "bomb":
        return BOMB_NAME[w]
    r = RANK_NAME[top]
    if kind == "set":
        if w == 1:
            return "single " + r
        return ("%s %ss" % (_SET_WORDS.get(w, str(w)), r))
    lo = RANK_NAME[top - n + 1]
    if w == 1:
        return "run %s to %s" % (lo, r)
    width = {2: "pairs", 3: "triples"}.get(w, "%d-card sets" % w)
    return "run of %s %s to %s" % (width, lo, r)


_R = r"(10|[2-9]|J|Q|K)"
_RE_SINGLE = re.compile(r"^single %s$" % _R)
_RE_SET = re.compile(r"^(pair of|three|\d+) %ss$" % _R)
_RE_RUN = re.compile(r"^run (?:of (pairs|triples|\d+-card sets) )?%s to %s$" % (_R, _R))


def parse_combo(name):
    """(shape, top) of a combination's name, or None when it names none."""
    if not isinstance(name, str):
        return None
    if name in BOMB_OF_NAME:
        b = BOMB_OF_NAME[name]
        return ("bomb", b, 0), BOMBS.index(b)
    m = _RE_SINGLE.match(name)
    if m:
        return ("set", 1, 1), NAME_RANK[m.group(1)]
    m = _RE_SET.match(name)
    if m:
        w = {"pair of": 2, "three": 3}.get(m.group(1))
        if w is None:
            w = int(m.group(1))
            if w < 4:
                return None
        top = NAME_RANK[m.group(2)]
        return ("set", w, 1), top
    m = _RE_RUN.match(name)
    if m:
        words, lo, hi = m.group(1), NAME_RANK[m.group(2)], NAME_RANK[m.group(3)]
        if words is None:
            w = 1
        else:
            w = {"pairs": 2, "triples": 3}.get(words)
            if w is None:
                w = int(words.split("-")[0])
                if w < 4:
                    return None
        n = hi - lo + 1
        if n < 1:
            return None
        return ("run", w, n), hi
    return None


def kind_of(shape):
    return shape[0]


def reads_as(cards, shape, top, rules):
    """None if `cards` (a list) can be played as the combination (shape, top); else why not."""
    kind, w, n = shape
    nat = [c for c in cards if c in NUMBER_SET]
    wild = [c for c in cards if c in WILD_RANK]
    if len(set(wild)) != len(wild):
        return "a wild card twice"
    if len(set(nat)) != len(nat):
        return "a number card twice"
    if kind == "bomb":
        if not rules[BOMB_RULE[w]]:
            return "the %s bomb is switched off (%s = false)" % (w, BOMB_RULE[w])
        if w in WILD_BOMBS:
            return None if (not nat and frozenset(wild) == WILD_BOMBS[w]) else "not exactly %s" % "-".join(w)
        if wild or len(nat) != 4 or sorted(rank_of(c) for c in nat) != [3, 5, 7, 9]:
            return "not 3-5-7-9 of number cards"
        suits = {suit_of(c) for c in nat}
        if w == "rainbow" and len(suits) != 4:
            return "a rainbow bomb is in four different suits"
        if w == "suited" and len(suits) != 1:
            return "a suited bomb is in one suit"
        return None
    if not nat:
        if len(cards) >= 2:
            return "two or more wilds with no number card are a bomb, never a %s" % kind
        if kind == "set" and w == 1 and len(cards) == 1 and WILD_RANK[cards[0]] == top:
            return None
        return "a lone wild is a single of its own rank"
    if len(cards) != w * n:
        return "%d cards, not %d" % (len(cards), w * n)
    if kind == "set":
        if n != 1 or not 1 <= w <= 7:
            return "a set holds 1 to 7 cards"
        if any(rank_of(c) != top for c in nat):
            return "its number cards are not all %ss" % RANK_NAME[top]
        return None
    # runs
    lo = top - n + 1
    if lo < 2 or top > 13:
        return "ranks outside 2..K"
    if w == 1 and n < 3:
        return "a run of singles has three or more cards"
    if w >= 2 and n < 2:
        return "a run of sets has two or more sets"
    ranks = Counter(rank_of(c) for c in nat)
    if any(r < lo or r > top for r in ranks):
        return "a number card outside the ranks %s to %s" % (RANK_NAME[lo], RANK_NAME[top])
    if any(k > w for k in ranks.values()):
        return "more than %d cards of one rank" % w
    suits = {suit_of(c) for c in nat}
    if w == 1 and len(suits) != 1:
        return "a run of singles is in one suit"
    if w >= 2 and (len(suits) > w or w > 7):
        # a wild takes any suit, so sets wider than four (a suit twice) can still match
        return "the sets of a run are not in the same %d suits" % w
    return None


def beats(new, old):
    """Whether the combination new = (shape, top) beats old = (shape, top)."""
    (ns, nt), (os_, ot) = new, old
    if ns[0] == "bomb":
        return os_[0] != "bomb" or nt > ot
    if os_[0] == "bomb":
        return False
    return ns == os_ and nt > ot


def enumerate_plays(nums, wilds, rules, to_beat=None):
    """Every legal play from a hand: {(shape, frozenset(cards)): top}, each group once per shape at its
    highest rank (docs/haggis.md); with `to_beat`, only those that beat it."""
    wilds = sorted(set(wilds), key=WILD_RANK.get)
    byrank = {}
    for c in nums:
        byrank.setdefault(rank_of(c), {})[suit_of(c)] = c
    out = {}

    def add(shape, cards, top):
        key = (shape, frozenset(cards))
        if out.get(key, -1) < top:
            out[key] = top

    if to_beat is None or to_beat[0][0] != "bomb":
        shapes = None if to_beat is None else [to_beat[0]]
        floor = 0 if to_beat is None else to_beat[1]
        # sets
        for w in range(1, 8):
            if shapes is not None and ("set", w, 1) not in shapes:
                continue
            shape = ("set", w, 1)
            for r in range(max(2, floor + 1), 11):
                nat = list(byrank.get(r, {}).values())
                for k in range(max(1, w - len(wilds)), min(len(nat), w) + 1):
                    for cs in combinations(nat, k):
                        for ws in combinations(wilds, w - k):
                            add(shape, cs + ws, r)
            if w == 1:
                for x in wilds:
                    if WILD_RANK[x] > floor:
                        add(shape, (x,), WILD_RANK[x])
        # runs
        cache = {"cards": len(nums)}
        for w in range(1, 8):
            for n in range(3 if w == 1 else 2, 13):
                shape = ("run", w, n)
                if shapes is not None and shape not in shapes:
                    continue
                _runs(byrank, wilds, w, n, floor, shape, add, cache)
    # bombs
    bfloor = -1 if to_beat is None or to_beat[0][0] != "bomb" else to_beat[1]
    for i, b in enumerate(BOMBS):
        if i <= bfloor or not rules[BOMB_RULE[b]]:
            continue
        shape = ("bomb", b, 0)
        if b in WILD_BOMBS:
            if WILD_BOMBS[b] <= set(wilds):
                add(shape, tuple(WILD_BOMBS[b]), i)
            continue
        per = [list(byrank.get(r, {}).items()) for r in (3, 5, 7, 9)]
        for s3, c3 in per[0]:
            for s5, c5 in per[1]:
                for s7, c7 in per[2]:
                    for s9, c9 in per[3]:
                        suits = {s3, s5, s7, s9}
                        if (b == "rainbow" and len(suits) == 4) or (b == "suited" and len(suits) == 1):
                            add(shape, (c3, c5, c7, c9), i)
    return out


def _runs(byrank, wilds, w, n, floor, shape, add, cache):
    nw = len(wilds)
    if w * n > nw + cache["cards"]:
        return
    for S in combinations(SUITS, min(w, len(SUITS))):
        av = cache.get(S)
        if av is None:
            av = [[] for _ in range(15)]
            pre = [0] * 15  # pre[p]: number cards of ranks < p in suits S
            for p in range(2, 14):
                have = byrank.get(p) if p <= 10 else None
                if have:
                    av[p] = [have[s] for s in S if s in have]
                pre[p + 1] = pre[p] + len(av[p])
            cache[S] = av, pre
        else:
            av, pre = av
        for top in range(max(n + 1, floor + 1), 14):
            lo = top - n + 1
            got = pre[top + 1] - pre[lo]
            if got == 0 or w * n - got > nw:
                continue
            opts = []
            for p in range(lo, top + 1):
                avail = av[p]
                o = []
                for k in range(len(avail), -1, -1):
                    if w - k > nw:
                        break
                    for cs in combinations(avail, k):
                        o.append((cs, w - k))
                opts.append(o)
            # choose one option per position within the wild budget, at least one number card
            stack = [(0, (), 0)]
            while stack:
                i, nat, need = stack.pop()
                if i == n:
                    if nat:
                        for ws in combinations(wilds, need):
                            add(shape, nat + ws, top)
                    continue
                for cs, k in opts[i]:
                    if need + k <= nw:
                        stack.append((i + 1, nat + cs, need + k))


def counts_of(plays):
    c = [0, 0, 0]
    for (shape, _cards) in plays:
        c[("set", "run", "bomb").index(shape[0])] += 1
    return c


def parse_option(text):
    """'run of pairs 9 to 10 (9C 10D Q K)' -> (name, [cards]), or None."""
    m = re.match(r"^(.*) \(([^()]*)\)$", text) if isinstance(text, str) else None
    if not m:
        return None
    return m.group(1), m.group(2).split()


# --- rules ------------------------------------------------------------------------------------------
def _value(text):
    if isinstance(text, (bool, int)):
        return text
    t = text.strip()
    if t == "none":
        return None
    if t in ("true", "false"):
        return t == "true"
    try:
        return int(t)
    except ValueError:
        return t


# Used only when no listing is given (the unit tests): the listing's defaults as documented.
FALLBACK = {
    "hand_size": 14, "haggis_size": 8, "little_bet": 15, "big_bet": 30, "betting": "simultaneous",
    "captured_card_points": "one_each", "points_per_card_left": 6, "loser_hand_card_points": False,
    "haggis_scoring": "flat", "haggis_points": 8, "target_score": 250, "max_rounds": 200,
    "first_dealer": "random", "bomb_rainbow": True, "bomb_jq": True, "bomb_jk": True, "bomb_qk": True,
    "bomb_jqk": True, "bomb_suited": True,
}


def rules(defaults, sets, preset=None):
    """The rule values of a game: `fortunes rules haggis` defaults, the `--rules` preset, the --set values."""
    r = {k: _value(v) for k, v in defaults.items()}
    for k, v in FALLBACK.items():
        r.setdefault(k, v)
    if preset is not None:
        if preset not in PRESETS:
            raise ValueError("unknown haggis preset %r (known: %s)" % (preset, ", ".join(PRESETS)))
        r.update(PRESETS[preset])
    for k, v in sets.items():
        r[k] = _value(v)
    return r


# --- the model --------------------------------------------------------------------------------------
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


def _sorted(cards):
    return sorted(cards, key=lambda c: (rank_of(c), c in WILD_RANK, SUITS.index(c[-1]) if c in NUMBER_SET else 0))


class _Game:
    def __init__(self, events, r):
        self.c = Cursor(events)
        self.r = r
        self.scores = {"a": 0, "b": 0}
        self.rows = []  # the record rows the events give
        self.seen = Counter()

    def fail(self, rule, msg, at_next=False):
        self.c.fail(rule, msg, at_next)

    def field(self, e, name, rule=T_FORMAT):
        if name not in e:
            self.fail(rule, "the %r event has no %r field" % (e.get("event"), name))
        return e[name]

    def same(self, e, name, want, rule):
        got = self.field(e, name)
        if got != want:
            self.fail(rule, "%s is %r, the events give %r" % (name, got, want))

    def cards(self, e, name, wilds_ok=True):
        v = self.field(e, name)
        if not isinstance(v, list) or not all(is_card(x) and (wilds_ok or x in NUMBER_SET) for x in v):
            self.fail(T_FORMAT, "%r is not a list of %scards: %r" % (name, "" if wilds_ok else "number ", v))
        return v

    def seat(self, e, name="seat"):
        s = self.field(e, name)
        if s not in SEATS:
            self.fail(T_FORMAT, "no seat %r" % s)
        return s

    def expect(self, kind, rule, what=None):
        return self.c.expect(kind, rule, what)

    def held(self, seat):
        return sum(self.hands[seat].values())

    def where(self, card):
        places = ["seat %s's hand" % s for s in SEATS if self.hands[s][card]]
        if card in self.haggis:
            places.append("the Haggis")
        if card in self.left_out:
            places.append("the left-out cards")
        if self.played[card]:
            places.append("played this round")
        return ", ".join(places) or "nowhere"

    # structure
    def run(self):
        h = self.expect("replay", T_FORMAT, "the replay header")
        if h.get("system") != SYSTEM:
            self.fail(T_FORMAT, "the header names system %r" % h.get("system"))
        self.game = h.get("game")
        rnd = 0
        last_winner = None
        while True:
            rnd += 1
            last_winner = self.play_round(rnd, last_winner)
            a, b = self.scores["a"], self.scores["b"]
            by_target = max(a, b) >= self.r["target_score"] and a != b
            if by_target or rnd >= self.r["max_rounds"]:
                if self.c.peek_kind() != "game_end":
                    self.fail(T_END, "the game goes on after round %d, scores %r: %s" % (
                        rnd, [a, b], ("a seat has reached target_score = %d ahead" % self.r["target_score"])
                        if by_target else "max_rounds = %d is reached" % self.r["max_rounds"]), at_next=True)
                break
            if self.c.peek_kind() != "deal":
                self.fail(T_END, "the game ends after round %d, scores %r, though no seat has reached target_score = "
                          "%d ahead and max_rounds = %d is not reached" % (
                              rnd, [a, b], self.r["target_score"], self.r["max_rounds"]), at_next=True)
        self.game_end(rnd, by_target)
        self.records()

    def play_round(self, rnd, last_winner):
        c = self.c
        r = self.r
        e = self.expect("deal", T_FORMAT, "round %d's deal" % rnd)
        self.same(e, "round", rnd, T_FORMAT)
        dealer = self.seat(e, "dealer")
        if rnd == 1:
            if r["first_dealer"] in SEATS and dealer != r["first_dealer"]:
                self.fail(T_DEALER, "first_dealer = %s, but %s deals round 1" % (r["first_dealer"], dealer))
        else:
            a, b = self.scores["a"], self.scores["b"]
            want = "a" if a > b else "b" if b > a else last_winner
            self.seen["dealer by a tie"] += a == b
            if dealer != want:
                self.fail(T_DEALER, "scores %r%s: %s deals, not %s" % (
                    [a, b], "" if a != b else " (a tie; %s won the last round)" % last_winner, want, dealer))
        leader = self.seat(e, "leader")
        if leader != OTHER[dealer]:
            self.fail(T_LEADER, "%s deals, so %s leads, not %s" % (dealer, OTHER[dealer], leader))
        self.same(e, "scores", [self.scores["a"], self.scores["b"]], T_SCORE)
        haggis = self.cards(e, "haggis", wilds_ok=False)
        left_out = self.cards(e, "left_out", wilds_ok=False)
        if len(haggis) != r["haggis_size"]:
            self.fail(T_DECK, "the Haggis holds %d cards, not haggis_size = %d" % (len(haggis), r["haggis_size"]))
        self.hands = {s: Counter() for s in SEATS}
        self.haggis = list(haggis)
        self.left_out = list(left_out)
        self.played = Counter()
        dealt = Counter(haggis) + Counter(left_out)
        seen_hands = []
        for _ in SEATS:
            e = self.expect("hand", T_FORMAT, "a seat's hand of round %d" % rnd)
            self.same(e, "round", rnd, T_FORMAT)
            s = self.seat(e)
            if s in seen_hands:
                self.fail(T_DECK, "seat %s is dealt twice in round %d" % (s, rnd))
            seen_hands.append(s)
            cards = self.cards(e, "cards", wilds_ok=False)
            wilds = self.cards(e, "wilds")
            if len(cards) != r["hand_size"]:
                self.fail(T_DECK, "seat %s is dealt %d number cards, not hand_size = %d" % (s, len(cards),
                                                                                         r["hand_size"]))
            if sorted(wilds, key=WILD_RANK.get) != list(WILDS):
                self.fail(T_DECK, "seat %s's wilds are %r, not its J, Q and K" % (s, wilds))
            dup = [x for x in cards if dealt[x] or cards.count(x) > 1]
            if dup:
                self.fail(T_DECK, "%s dealt to seat %s is dealt twice (also in %s)" % (
                    dup[0], s, "its own hand" if cards.count(dup[0]) > 1 else
                    "the Haggis" if dup[0] in haggis else "the left-out cards" if dup[0] in left_out
                    else "seat %s's hand" % OTHER[s]))
            dealt.update(cards)
            self.hands[s] = Counter(cards) + Counter(wilds)
        if dealt != Counter(NUMBER_CARDS):
            dup = sorted(k for k, v in dealt.items() if v > 1)
            missing = sorted(set(NUMBER_CARDS) - set(dealt))
            self.fail(T_DECK, "the deal does not hold the 36 number cards once each (twice: %s; missing: %s)"
                      % (dup, missing))
        self.seen["left-out cards dealt"] += bool(left_out)
        # bets
        bets = {}
        order = []
        for _ in SEATS:
            e = self.expect("bet", T_BET, "a seat's bet in round %d" % rnd)
            self.same(e, "round", rnd, T_BET)
            s = self.seat(e)
            if s in bets:
                self.fail(T_BET, "seat %s bets twice in round %d (bets may not be altered)" % (s, rnd))
            self.same(e, "offered", ["none", "little", "big"], T_BET)
            stakes = [0, r["little_bet"], r["big_bet"]]
            self.same(e, "stakes", stakes, T_BET)
            bet = self.field(e, "bet")
            if bet not in ("none", "little", "big"):
                self.fail(T_BET, "no bet %r" % bet)
            self.same(e, "stake", stakes[["none", "little", "big"].index(bet)], T_BET)
            first = {"leader_first": leader, "dealer_first": dealer}.get(r["betting"])
            if first is not None and not order and s != first:
                self.fail(T_BET, "betting = %s: %s bets first, not %s" % (r["betting"], first, s))
            want_seen = bets[OTHER[s]] if (first is not None and order) else None
            self.same(e, "seen", want_seen, T_BET + " / betting = %s" % r["betting"])
            bets[s] = bet
            order.append(s)
            self.seen["bets " + bet] += 1
        self.bets = bets
        # tricks
        return self.play_tricks(rnd, leader, dealer)

    def play_tricks(self, rnd, leader, dealer):
        c = self.c
        r = self.r
        scheme = r["captured_card_points"]
        captured = {"a": 0, "b": 0}
        plays = {"a": 0, "b": 0}
        bombs = {"a": 0, "b": 0}
        n_plays = 0
        trick = 0
        went_out = None
        while went_out is None:
            trick += 1
            to_move = leader
            table = None  # (shape, top) to beat
            table_name = None
            last = None  # the seat that played it
            t_cards = 0
            t_points = 0
            while True:
                e = c.next()
                if e is None:
                    self.fail(T_FORMAT, "the trace ends inside round %d" % rnd)
                kind = e.get("event")
                if kind not in ("play", "pass"):
                    self.fail(T_TURN if table is not None else T_LEAD,
                              "a %r event in trick %d, where %s should play%s" % (
                                  kind, trick, to_move, "" if table is None else " or pass"))
                self.same(e, "round", rnd, T_FORMAT)
                self.same(e, "trick", trick, T_WINNER if kind == "play" and table is None else T_TURN)
                s = self.seat(e)
                if s != to_move:
                    self.fail(T_WINNER if table is None else T_TURN,
                              "seat %s %ss, but it is %s's turn (%s)" % (
                                  s, kind, to_move, "the trick's leader" if table is None else "to answer"))
                if kind == "pass":
                    if table is None:
                        self.fail(T_LEAD, "seat %s passes on the lead of trick %d" % (s, trick))
                    self.same(e, "to_beat", table_name, T_TURN)
                    self.same(e, "left", self.held(s), T_HAND)
                    self.check_offered(e, s, table, None)
                    self.seen["passes"] += 1
                    break
                # a play
                name = self.field(e, "combo")
                parsed = parse_combo(name)
                if parsed is None:
                    self.fail(T_SET + " " + T_RUN + " " + T_BOMB, "%r names no combination" % name)
                shape, top = parsed
                self.same(e, "kind", shape[0], T_FORMAT)
                self.same(e, "beats", table_name, T_TURN)
                cards = self.cards(e, "cards")
                need = Counter(cards)
                for x, k in need.items():
                    if self.hands[s][x] < k:
                        self.fail(T_HAND, "seat %s plays %s, which it does not hold (%s: %s)"
                                  % (s, x, "each seat has one" if x in WILD_RANK else "it is in", self.where(x)))
                why = reads_as(cards, shape, top, r)
                if why is not None:
                    rule = {"set": T_SET, "run": T_RUN, "bomb": T_BOMB}[shape[0]]
                    if any(x in WILD_RANK for x in cards):
                        rule += " " + T_WILD
                    self.fail(rule, "%s are not a %s: %s" % (" ".join(cards), name, why))
                if table is not None and not beats(parsed, table):
                    self.fail(T_BEAT, "%s does not beat %s" % (name, table_name))
                pts = sum(card_points(x, scheme) for x in cards)
                self.same(e, "points", pts, T_POINTS)
                self.check_offered(e, s, table, (shape, frozenset(cards), top))
                for x in cards:
                    take(self.hands[s], x)
                    self.played[x] += 1
                self.same(e, "left", self.held(s), T_HAND)
                plays[s] += 1
                n_plays += 1
                if shape[0] == "bomb":
                    bombs[s] += 1
                    self.seen["bombs " + shape[1]] += 1
                    if table is not None and table[0][0] == "bomb":
                        self.seen["bombs over bombs"] += 1
                elif shape[0] == "run":
                    self.seen["runs of sets" if shape[1] > 1 else "runs"] += 1
                if any(x in WILD_RANK for x in cards) and shape[0] != "bomb":
                    self.seen["wilds in sets/runs"] += 1
                t_cards += len(cards)
                t_points += pts
                table, table_name, last = parsed, name, s
                to_move = OTHER[s]
                if not self.hands[s]:
                    e = self.expect("out", T_OUT, "seat %s's going out (it holds no cards)" % s)
                    self.same(e, "round", rnd, T_OUT)
                    self.same(e, "trick", trick, T_OUT)
                    self.same(e, "seat", s, T_OUT)
                    self.same(e, "plays", plays[s], T_OUT)
                    went_out = s
                    break
                if c.peek_kind() == "out":
                    self.fail(T_OUT, "seat %s goes out but still holds %s" % (
                        c.peek().get("seat"), _sorted(self.hands[c.peek().get("seat")].elements())
                        if c.peek().get("seat") in SEATS else "?"), at_next=True)
            # the trick's end
            e = self.expect("trick", T_TURN, "the end of trick %d" % trick)
            self.same(e, "round", rnd, T_FORMAT)
            self.same(e, "trick", trick, T_FORMAT)
            self.same(e, "winner", last, T_TURN + " " + T_OUT)
            self.same(e, "combo", table_name, T_TURN)
            is_bomb = table[0][0] == "bomb"
            self.same(e, "bomb", is_bomb, T_TAKER)
            taker = OTHER[last] if is_bomb else last
            self.same(e, "taker", taker, T_TAKER + " " + T_OUT)
            self.same(e, "cards", t_cards, T_TAKER)
            self.same(e, "points", t_points, T_POINTS)
            captured[taker] += t_points
            self.seen["tricks won by a bomb"] += is_bomb
            leader = last
        self.seen["rounds"] += 1
        self.seen["went out with a bomb"] += table[0][0] == "bomb"
        return self.round_end(rnd, dealer, went_out, captured, plays, bombs, n_plays, trick)

    def check_offered(self, e, seat, table, mine):
        """The legal-play counts and options of a play (mine: the play made) or pass, against the model's."""
        offered = self.field(e, "offered")
        options = self.field(e, "options")
        if not (isinstance(offered, list) and len(offered) == 3 and all(isinstance(x, int) and x >= 0
                                                                          for x in offered)):
            self.fail(T_FORMAT, "offered is not [sets, runs, bombs]: %r" % offered)
        if not isinstance(options, list):
            self.fail(T_FORMAT, "options is not a list: %r" % options)
        total = sum(offered)
        if mine is not None and total < 1:
            self.fail(T_LEGAL, "offered %r counts no play, yet it played one" % offered)
        if total <= 8 and len(options) != total:
            self.fail(T_LEGAL, "offered %r counts %d plays, but %d options are listed" % (offered, total,
                                                                                       len(options)))
        if total > 8 and options:
            self.fail(T_LEGAL, "offered %r counts more than 8 plays, yet options are listed" % offered)
        hand = self.hands[seat]
        nums = [x for x in hand if x in NUMBER_SET]
        wilds = [x for x in hand if x in WILD_RANK]
        if table is None and self.held(seat) > LEAD_ENUM_MAX:
            legal = None  # too many leads to enumerate cheaply: check only what the trace lists
        else:
            legal = enumerate_plays(nums, wilds, self.r, table)
            self.seen["legal lists enumerated"] += 1
            want = counts_of(legal)
            if offered != want:
                self.fail(T_LEGAL, "offered %r, but the hand %s %s %r (sets, runs, bombs)" % (
                    offered, " ".join(_sorted(hand.elements())),
                    "can lead" if table is None else "can beat %s with" % combo_name(*table), want))
            if mine is not None:
                shape, cs, top = mine
                if legal.get((shape, cs)) != top:
                    self.fail(T_LEGAL, "%s (%s) is not among the legal plays at its highest rank (%s)" % (
                        combo_name(shape, top), " ".join(cs),
                        "highest: " + combo_name(shape, legal[(shape, cs)]) if (shape, cs) in legal else "none"))
        listed = set()
        for opt in options:
            p = parse_option(opt)
            parsed = parse_combo(p[0]) if p else None
            if parsed is None or not all(is_card(x) for x in p[1]):
                self.fail(T_FORMAT, "option %r is not `combo (cards)`" % opt)
            (shape, top), cs = parsed, p[1]
            if any(hand[x] < k for x, k in Counter(cs).items()):
                self.fail(T_LEGAL, "option %r lists cards the seat does not hold" % opt)
            if reads_as(cs, shape, top, self.r) is not None or (table is not None and not beats(parsed, table)):
                self.fail(T_LEGAL + " " + T_BEAT, "option %r is not a legal play here" % opt)
            key = (shape, frozenset(cs))
            if key in listed:
                self.fail(T_LEGAL, "option %r is listed twice" % opt)
            listed.add(key)
            if legal is not None and legal.get(key) != top:
                self.fail(T_LEGAL, "option %r is not the group at its highest rank" % opt)
        if listed and mine is not None and (mine[0], mine[1]) not in listed:
            self.fail(T_LEGAL, "the play made, %s (%s), is not among its options" % (
                combo_name(mine[0], mine[2]), " ".join(mine[1])))
        if options and counts_of(listed) != offered:
            self.fail(T_LEGAL, "options count %r, offered says %r" % (counts_of(listed), offered))

    def round_end(self, rnd, dealer, went_out, captured, plays, bombs, n_plays, tricks):
        r = self.r
        scheme = r["captured_card_points"]
        e = self.expect("round_end", T_OUT, "the round's end (seat %s went out)" % went_out)
        self.same(e, "round", rnd, T_FORMAT)
        self.same(e, "went_out", went_out, T_OUT)
        loser = OTHER[went_out]
        left = list(self.hands[loser].elements())
        got = self.cards(e, "left_cards")
        if Counter(got) != self.hands[loser]:
            self.fail(T_LEFT, "left_cards %r, but seat %s holds %r" % (got, loser, _sorted(left)))
        lhp = r["points_per_card_left"] * len(left)
        if r["loser_hand_card_points"]:
            lhp += sum(card_points(x, scheme) for x in left)
        self.same(e, "left_hand_points", lhp, T_LEFT)
        hag = self.cards(e, "haggis", wilds_ok=False)
        if Counter(hag) != Counter(self.haggis):
            self.fail(T_HAGGIS, "the Haggis scored %r is not the one dealt %r" % (hag, self.haggis))
        if r["haggis_scoring"] == "flat":
            hp = r["haggis_points"]
        else:
            hp = sum(card_points(x, scheme) for x in self.haggis)
        self.same(e, "haggis_points", hp, T_HAGGIS)
        self.same(e, "bets", [self.bets["a"], self.bets["b"]], T_BET)
        stake = {"none": 0, "little": r["little_bet"], "big": r["big_bet"]}
        bp = {"a": 0, "b": 0}
        for s in SEATS:
            bp[went_out] += stake[self.bets[s]]
            if self.bets[s] != "none":
                self.seen["bets won" if s == went_out else "bets lost"] += 1
        self.same(e, "bet_points", [bp["a"], bp["b"]], T_BETS)
        self.same(e, "captured", [captured["a"], captured["b"]], T_POINTS + " " + T_TAKER)
        pts = {s: captured[s] + bp[s] for s in SEATS}
        pts[went_out] += lhp + hp
        self.same(e, "points", [pts["a"], pts["b"]], T_SCORE)
        for s in SEATS:
            self.scores[s] += pts[s]
        self.same(e, "scores", [self.scores["a"], self.scores["b"]], T_SCORE)
        self.rows.append({
            "game": self.game, "round": rnd - 1, "dealer": dealer, "went_out": went_out,
            "points_a": pts["a"], "points_b": pts["b"], "captured_a": captured["a"], "captured_b": captured["b"],
            "left_hand_points": lhp, "cards_left": len(left), "haggis_points": hp,
            "bet_a": self.bets["a"], "bet_b": self.bets["b"], "tricks": tricks, "plays": n_plays,
            "bombs_a": bombs["a"], "bombs_b": bombs["b"], "score_a": self.scores["a"], "score_b": self.scores["b"],
        })
        return went_out

    def game_end(self, rounds, by_target):
        e = self.expect("game_end", T_END, "the game's end (scores %r after round %d)" % (
            [self.scores["a"], self.scores["b"]], rounds))
        self.same(e, "rounds", rounds, T_END)
        a, b = self.scores["a"], self.scores["b"]
        self.same(e, "scores", [a, b], T_END)
        self.same(e, "winner", "a" if a > b else "b" if b > a else None, T_END)
        self.same(e, "capped", not by_target, T_END)
        self.seen["games capped"] += not by_target
        self.seen["games drawn"] += a == b

    def records(self):
        c = self.c
        for want in self.rows:
            e = self.expect("record", T_RECORD, "the record row of round %d" % want["round"])
            keys = set(e) - {"event"}
            if keys != set(want):
                self.fail(T_RECORD, "the row's columns %s are not %s" % (sorted(keys), sorted(want)))
            for k, v in want.items():
                self.same(e, k, v, T_RECORD)
        if c.peek() is not None:
            self.fail(T_RECORD, "a %r event after the last round's record row" % c.peek_kind(), at_next=True)
