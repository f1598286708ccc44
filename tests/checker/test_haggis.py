"""Haggis: real traces pass, and each corruption of them is reported.

    python3 -m unittest discover -s tests/checker
"""

import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import check_traces  # noqa: E402
from fixture import MANIFEST, CheckerCase, index_of, read_events  # noqa: E402
import haggis  # noqa: E402


# --- Haggis ------------------------------------------------------------------------------------------
H_DEFAULTS = "haggis-defaults-g0.jsonl"  # heuristic players: bombs (a bomb-won trick), bets won and lost
H_OFFICIAL = "haggis-official-g1.jsonl"  # --rules official: card points, loser's hand and Haggis card points
H_RANDOM = "haggis-random-g0.jsonl"  # random players: rainbow bombs, runs, options listed
H_SHORT = "haggis-short-capped-g0.jsonl"  # 7-card hands, 5-card Haggis, 17 cards left out, capped at 3 rounds
H_DEALER_FIRST = "haggis-dealer-first-g0.jsonl"  # official, betting = dealer_first: the leader sees the bet
HAGGIS_FIXTURES = [n for n in MANIFEST if MANIFEST[n][0] == "haggis"]


def hload(name):
    events = read_events(name)
    rules = check_traces.rules_of(haggis, {}, MANIFEST[name][1:])
    return events, rules


def hand_at(events, i):
    """The cards (number cards and wilds) the seat of play/pass event i holds before it."""
    e = events[i]
    seat, rnd = e["seat"], e["round"]
    j = index_of(events, lambda x: x["event"] == "hand" and x["round"] == rnd and x["seat"] == seat)
    hand = list(events[j]["cards"]) + list(events[j]["wilds"])
    for x in events[j + 1:i]:
        if x["event"] == "play" and x["seat"] == seat:
            for c in x["cards"]:
                hand.remove(c)
    return hand


def other(seat):
    return "a" if seat == "b" else "b"


class HaggisTest(CheckerCase):
    MODEL = haggis

    # the real traces are possible, and hold what the corruptions need
    def test_fixtures_pass(self):
        self.assertEqual(len(HAGGIS_FIXTURES), 5)
        for name in HAGGIS_FIXTURES:
            events, rules = hload(name)
            self.assertEqual(self.problems(events, rules), [], name)

    def test_fixtures_cover_the_cases_the_corruptions_need(self):
        ev, _ = hload(H_DEFAULTS)
        self.assertTrue(any(e["event"] == "trick" and e["bomb"] for e in ev))
        self.assertTrue(any(e["event"] == "bet" and e["bet"] != "none" for e in ev))
        ev, _ = hload(H_SHORT)
        self.assertTrue(ev[index_of(ev, lambda e: e["event"] == "game_end")]["capped"])
        self.assertEqual(len(ev[1]["left_out"]), 17)
        ev, _ = hload(H_DEALER_FIRST)
        self.assertTrue(any(e["event"] == "bet" and e["seen"] is not None for e in ev))
        ev, _ = hload(H_RANDOM)
        self.assertTrue(any(e["event"] == "play" and e["combo"].startswith("rainbow") for e in ev))

    # hands: a card played that is not held
    def test_play_of_a_card_the_other_seat_holds(self):
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "play" and e["combo"].startswith("single ")
                     and e["cards"][0] not in haggis.WILDS)
        theirs = hand_at(ev, index_of(ev, lambda e: e["event"] in ("play", "pass") and e["seat"] != ev[i]["seat"]
                                      and e["round"] == ev[i]["round"], i))
        mine = hand_at(ev, i)
        stranger = next(c for c in theirs if c not in mine and c not in haggis.WILDS)
        ev[i]["cards"] = [stranger]
        ev[i]["combo"] = "single " + stranger[:-1]
        self.assertReports(ev, rules, i, "does not hold", "seat %s's hand" % other(ev[i]["seat"]))

    def test_play_of_a_haggis_card(self):
        ev, rules = hload(H_DEFAULTS)
        hag = ev[1]["haggis"]
        i = index_of(ev, lambda e: e["event"] == "play" and e["beats"] is None and e["combo"].startswith("single ")
                     and e["cards"][0] not in haggis.WILDS)
        ev[i]["cards"] = [hag[-1]]
        ev[i]["combo"] = "single " + hag[-1][:-1]
        self.assertReports(ev, rules, i, "does not hold", "the Haggis")

    def test_wild_played_twice_in_a_round(self):
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "play" and "J" in e["cards"] and e["kind"] != "bomb")
        j = index_of(ev, lambda e: e["event"] == "play" and e["seat"] == ev[i]["seat"] and e["round"] == ev[i]["round"]
                     and e["combo"].startswith("pair of "), i + 1)
        ev[j]["cards"] = [ev[j]["cards"][0], "J"]
        self.assertReports(ev, rules, j, "does not hold", "played this round")

    # the deal: every card once
    def test_card_dealt_to_both_hands(self):
        ev, rules = hload(H_DEFAULTS)
        a = index_of(ev, lambda e: e["event"] == "hand" and e["seat"] == "a")
        b = index_of(ev, lambda e: e["event"] == "hand" and e["seat"] == "b")
        ev[b]["cards"][0] = ev[a]["cards"][0]
        self.assertReports(ev, rules, b, "dealt twice", "36 non-court cards")

    def test_haggis_card_also_in_a_hand(self):
        ev, rules = hload(H_DEFAULTS)
        a = index_of(ev, lambda e: e["event"] == "hand" and e["seat"] == "a")
        ev[a - 1]["haggis"][0] = ev[a]["cards"][-1]
        self.assertReports(ev, rules, a, "dealt twice", "the Haggis")

    def test_left_out_card_lost(self):
        ev, rules = hload(H_SHORT)
        ev[1]["left_out"].pop()
        self.assertReports(ev, rules, 3, "missing")

    def test_hand_of_the_wrong_size(self):
        ev, rules = hload(H_SHORT)
        ev[2]["cards"].append(ev[1]["left_out"].pop())
        self.assertReports(ev, rules, 2, "hand_size = 7")

    def test_haggis_of_the_wrong_size(self):
        ev, rules = hload(H_DEFAULTS)
        rules = dict(rules, haggis_size=7)
        self.assertReports(ev, rules, 1, "haggis_size = 7")

    # combinations
    def test_pair_of_two_ranks(self):
        ev, rules = hload(H_DEFAULTS)
        for i, e in enumerate(ev):
            if e["event"] == "play" and e["combo"].startswith("pair of ") and not set(e["cards"]) & set("JQK"):
                rank = e["cards"][0][:-1]
                odd = [c for c in hand_at(ev, i) if c not in haggis.WILDS and c[:-1] != rank]
                e["cards"] = [e["cards"][0], odd[0]]
                self.assertReports(ev, rules, i, "not all %ss" % rank, "same rank")
                return
        self.fail("no natural pair")

    def test_two_wilds_are_not_a_pair(self):
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "play" and e["kind"] == "bomb" and len(e["cards"]) == 2)
        ev[i]["combo"], ev[i]["kind"] = "pair of 10s", "set"
        self.assertReports(ev, rules, i, "always merge into a bomb")

    def test_run_of_singles_in_two_suits(self):
        for name in HAGGIS_FIXTURES:
            ev, rules = hload(name)
            for i, e in enumerate(ev):
                if e["event"] == "play" and e["combo"].startswith("run ") and " of " not in e["combo"]:
                    nat = [c for c in e["cards"] if c not in haggis.WILDS]
                    suit = nat[0][-1]
                    swap = [c for c in hand_at(ev, i) if c not in e["cards"] and c not in haggis.WILDS
                            and c[-1] != suit and any(c[:-1] == x[:-1] for x in nat)]
                    if swap:
                        e["cards"] = [swap[0] if x[:-1] == swap[0][:-1] else x for x in e["cards"]]
                        self.assertReports(ev, rules, i, "in one suit", "same suit")
                        return
        self.fail("no run with a same-rank card of another suit in hand")

    def test_rainbow_bomb_in_three_suits(self):
        ev, rules = hload(H_RANDOM)
        i = index_of(ev, lambda e: e["event"] == "play" and e["combo"].startswith("rainbow"))
        self.assertTrue(haggis.reads_as(ev[i]["cards"], ("bomb", "rainbow", 0), 0, rules) is None)
        self.assertIn("four different suits", haggis.reads_as(["3S", "5D", "7C", "9S"], ("bomb", "rainbow", 0), 0,
                                                              rules))
        self.assertIn("one suit", haggis.reads_as(["3S", "5S", "7C", "9S"], ("bomb", "suited", 0), 0, rules))
        ev[i]["combo"] = "suited bomb 3-5-7-9"
        self.assertReports(ev, rules, i, "in one suit", "six types of bomb")

    def test_bomb_switched_off(self):
        ev, rules = hload(H_DEFAULTS)
        rules = dict(rules, bomb_jq=False)
        # the first lead's legal list already counts the J-Q bomb it no longer has
        p = self.assertReports(ev, rules, None, "offered")
        self.assertLess(p.index, index_of(ev, lambda e: e["event"] == "play" and e["combo"] == "J-Q bomb") + 1)
        self.assertIn("switched off", haggis.reads_as(["J", "Q"], ("bomb", "JQ", 0), 1, rules))

    def test_combo_named_below_its_highest_rank(self):
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "play" and e["beats"] is None and e["combo"].startswith("run ")
                     and " of " not in e["combo"] and not set(e["cards"]) & set("JQK"))
        ev[i]["cards"].append("K")  # a run of singles extended with a wild above: the named one is too short
        self.assertReports(ev, rules, i, "cards, not")

    # beating
    def test_answer_that_does_not_beat(self):
        ev, rules = hload(H_DEFAULTS)
        for i, e in enumerate(ev):
            if e["event"] == "play" and e["beats"] and e["beats"].startswith("single ") and e["kind"] == "set":
                to_beat = haggis.NAME_RANK[e["beats"].split()[1]]
                low = [c for c in hand_at(ev, i) if c not in haggis.WILDS and int(c[:-1]) <= to_beat]
                if low:
                    e["cards"], e["combo"] = [low[0]], "single " + low[0][:-1]
                    self.assertReports(ev, rules, i, "does not beat", "higher ranking cards")
                    return
        self.fail("no single answered while a lower one was held")

    def test_answer_of_another_shape(self):
        ev, rules = hload(H_DEFAULTS)
        for i, e in enumerate(ev):
            if e["event"] == "play" and e["beats"] and e["beats"].startswith("pair of ") and e["kind"] == "set":
                e["cards"], e["combo"] = e["cards"][:1], "single " + e["combo"].split()[2][:-1]
                if e["cards"][0] in haggis.WILDS:
                    continue
                self.assertReports(ev, rules, i, "does not beat", "same number of cards")
                return
        self.fail("no pair answered")

    def test_bomb_answered_by_a_non_bomb(self):
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "pass" and e["to_beat"].endswith("bomb"))
        held = [c for c in hand_at(ev, i) if c not in haggis.WILDS]
        e = ev[i]
        ev[i] = {"event": "play", "round": e["round"], "trick": e["trick"], "seat": e["seat"],
                 "combo": "single " + held[-1][:-1], "kind": "set", "cards": [held[-1]], "beats": e["to_beat"],
                 "points": 1, "left": e["left"] - 1, "offered": [1, 0, 0], "options": []}
        self.assertReports(ev, rules, i, "does not beat", "only a higher ranking bomb")

    def test_bomb_order(self):
        b = {n: (("bomb", n, 0), haggis.BOMBS.index(n)) for n in haggis.BOMBS}
        pair = (("set", 2, 1), 10)
        for n in haggis.BOMBS:
            self.assertTrue(haggis.beats(b[n], pair))
            self.assertFalse(haggis.beats(pair, b[n]))
        for x, y in zip(haggis.BOMBS, haggis.BOMBS[1:]):
            self.assertTrue(haggis.beats(b[y], b[x]), (y, x))
            self.assertFalse(haggis.beats(b[x], b[y]), (x, y))
        self.assertFalse(haggis.beats(b["JQ"], b["JQ"]))
        self.assertTrue(haggis.beats((("set", 1, 1), 11), (("set", 1, 1), 10)))  # "a Jack will beat a single 10"
        self.assertFalse(haggis.beats((("run", 2, 2), 11), (("run", 1, 4), 10)))

    def test_leaflet_examples(self):
        r = haggis.rules({}, {})
        # "9-10-Jack will beat 8-9-10"; "10-10-Jack-Queen can be played as a sequence to beat 9-9-10-10"
        self.assertIsNone(haggis.reads_as(["9S", "10S", "J"], ("run", 1, 3), 11, r))
        self.assertIsNone(haggis.reads_as(["10S", "10H", "J", "Q"], ("run", 2, 2), 11, r))
        self.assertIsNone(haggis.reads_as(["9S", "9D", "9C", "10S", "10D", "J"], ("run", 3, 2), 10, r))
        self.assertIsNotNone(haggis.reads_as(["9S", "9D", "10C", "10H"], ("run", 2, 2), 10, r))  # not the same suits
        self.assertIsNotNone(haggis.reads_as(["J", "Q"], ("set", 2, 1), 11, r))
        self.assertIsNone(haggis.reads_as(["K"], ("set", 1, 1), 13, r))
        self.assertIsNotNone(haggis.reads_as(["K"], ("set", 1, 1), 9, r))
        self.assertIsNone(haggis.reads_as(["5S", "5D", "5C", "5H", "J", "Q", "K"], ("set", 7, 1), 5, r))

    def test_enumeration_of_a_small_hand(self):
        r = haggis.rules({}, {})
        plays = haggis.enumerate_plays(["2S", "3S"], ["J"], r)
        names = sorted(haggis.combo_name(shape, top) + " " + " ".join(sorted(cs)) for (shape, cs), top in plays.items())
        self.assertEqual(names, ["pair of 2s 2S J", "pair of 3s 3S J", "run 2 to 4 2S 3S J", "single 2 2S",
                                 "single 3 3S", "single J J"])
        # 5S 6S J Q: a run of singles (5 to 8) and a run of pairs (5 to 6), each once at its highest rank
        plays = haggis.enumerate_plays(["5S", "6S"], ["J", "Q"], r)
        both = {haggis.combo_name(shape, top) for (shape, cs), top in plays.items() if len(cs) == 4}
        self.assertEqual(both, {"run 5 to 8", "run of pairs 5 to 6"})

    # turns and tricks
    def test_lead_by_the_trick_loser(self):
        ev, rules = hload(H_DEFAULTS)
        t = index_of(ev, lambda e: e["event"] == "trick" and e["round"] == 1)
        i = t + 1
        ev[i]["seat"] = other(ev[i]["seat"])
        self.assertReports(ev, rules, i, "it is %s's turn" % ev[t]["winner"], "leads to the next")

    def test_lead_after_a_bomb_by_the_taker(self):
        ev, rules = hload(H_DEFAULTS)
        t = index_of(ev, lambda e: e["event"] == "trick" and e["bomb"] and ev[ev.index(e) + 1]["event"] == "play")
        ev[t + 1]["seat"] = ev[t]["taker"]
        self.assertReports(ev, rules, t + 1, "no matter whether it was won by a bomb")

    def test_pass_by_the_wrong_seat(self):
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "pass")
        ev[i]["seat"] = other(ev[i]["seat"])
        self.assertReports(ev, rules, i, "turn", "or pass")

    def test_pass_on_a_lead(self):
        ev, rules = hload(H_DEFAULTS)
        t = index_of(ev, lambda e: e["event"] == "trick")
        e = ev[t + 1]
        ev[t + 1] = {"event": "pass", "round": e["round"], "trick": e["trick"], "seat": e["seat"], "to_beat": None,
                     "left": 17, "offered": [0, 0, 0], "options": []}
        self.assertReports(ev, rules, t + 1, "passes on the lead", "opening combination")

    def test_bomb_trick_taken_by_the_bomber(self):
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "trick" and e["bomb"])
        ev[i]["taker"] = ev[i]["winner"]
        self.assertReports(ev, rules, i, "taker", "go to the opponent")

    def test_trick_to_the_player_who_passed(self):
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "trick" and not e["bomb"])
        ev[i]["winner"] = ev[i]["taker"] = other(ev[i]["winner"])
        self.assertReports(ev, rules, i, "winner", "other player passes")

    def test_trick_card_count(self):
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "trick")
        ev[i]["cards"] += 1
        self.assertReports(ev, rules, i, "cards")

    # points of cards
    def test_play_points_leaflet(self):
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "play")
        ev[i]["points"] += 1
        self.assertReports(ev, rules, i, "points", "1 point for each card")

    def test_play_points_official(self):
        # the official fixture checked under the leaflet's one point a card
        ev, rules = hload(H_OFFICIAL)
        i = index_of(ev, lambda e: e["event"] == "play" and e["points"] != len(e["cards"]))
        self.assertReports(ev, dict(rules, captured_card_points="one_each"), i, "points")
        self.assertEqual([haggis.card_points(c, "official") for c in ("2S", "3S", "4D", "5C", "7H", "9D", "10S",
                                                                      "J", "Q", "K")],
                         [0, 1, 0, 1, 1, 1, 0, 2, 3, 5])

    def test_trick_points(self):
        ev, rules = hload(H_OFFICIAL)
        i = index_of(ev, lambda e: e["event"] == "trick" and e["points"] > 0)
        ev[i]["points"] -= 1
        self.assertReports(ev, rules, i, "points")

    # going out
    def test_going_out_not_noticed(self):
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "out")
        del ev[i]
        self.assertReports(ev, rules, i, "going out", "round is over")

    def test_going_out_noticed_early(self):
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "play" and e["left"] > 0)
        ev.insert(i + 1, {"event": "out", "round": ev[i]["round"], "trick": ev[i]["trick"], "seat": ev[i]["seat"],
                          "plays": 1})
        self.assertReports(ev, rules, i + 1, "still holds")

    def test_play_after_going_out(self):
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "out")
        ev.insert(i, {"event": "pass", "round": ev[i]["round"], "trick": ev[i]["trick"], "seat": other(ev[i]["seat"]),
                      "to_beat": ev[i - 1]["combo"], "left": 1, "offered": [0, 0, 0], "options": []})
        self.assertReports(ev, rules, i, "going out")

    def test_out_play_count(self):
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "out")
        ev[i]["plays"] += 1
        self.assertReports(ev, rules, i, "plays")

    # legal-play lists
    def test_pass_with_an_answer_uncounted(self):
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "pass" and sum(e["offered"]) > 0)
        ev[i]["offered"] = [0, 0, 0]
        ev[i]["options"] = []
        self.assertReports(ev, rules, i, "offered", "can beat")

    def test_answer_count_off_by_one(self):
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "play" and e["beats"] and sum(e["offered"]) > 8)
        ev[i]["offered"][1 if ev[i]["kind"] == "run" else 0] += 1
        self.assertReports(ev, rules, i, "offered")

    def test_lead_count_of_a_small_hand(self):
        ev, rules = hload(H_RANDOM)
        i = index_of(ev, lambda e: e["event"] == "play" and e["beats"] is None and len(hand_at(ev, ev.index(e)))
                     <= haggis.LEAD_ENUM_MAX and e["offered"][0] > 1)
        ev[i]["offered"][0] -= 1
        self.assertReports(ev, rules, i, "offered", "can lead")

    def test_option_dropped(self):
        ev, rules = hload(H_RANDOM)
        i = index_of(ev, lambda e: e["event"] == "play" and len(e["options"]) >= 2)
        mine = "%s (%s)" % (ev[i]["combo"], " ".join(ev[i]["cards"]))
        ev[i]["options"] = [o for o in ev[i]["options"] if o != mine]
        self.assertReports(ev, rules, i, "options")

    def test_option_that_does_not_beat(self):
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "pass" and 0 < len(e["options"]) < 8)
        held = [c for c in hand_at(ev, i) if c not in haggis.WILDS]
        ev[i]["options"].append("single %s (%s)" % (held[0][:-1], held[0]))
        self.assertReports(ev, rules, i, "options")

    # bets
    def test_bet_stake(self):
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "bet" and e["bet"] == "little")
        ev[i]["stake"] = 30
        self.assertReports(ev, rules, i, "stake", "Little bet")

    def test_bet_seen_under_simultaneous_betting(self):
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "bet")
        ev[i + 1]["seen"] = ev[i]["bet"]
        self.assertReports(ev, rules, i + 1, "seen", "simultaneous")

    def test_dealer_first_betting_order(self):
        ev, rules = hload(H_DEALER_FIRST)
        i = index_of(ev, lambda e: e["event"] == "bet")
        ev[i], ev[i + 1] = ev[i + 1], ev[i]
        self.assertReports(ev, rules, i, "bets first", "dealer_first")

    def test_dealer_first_leader_does_not_see(self):
        ev, rules = hload(H_DEALER_FIRST)
        i = index_of(ev, lambda e: e["event"] == "bet" and e["seen"] is not None)
        ev[i]["seen"] = None
        self.assertReports(ev, rules, i, "seen")

    # dealing and leading
    def test_dealer_not_the_leader_in_points(self):
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "deal" and e["round"] == 2)
        ev[i]["dealer"], ev[i]["leader"] = ev[i]["leader"], ev[i]["dealer"]
        self.assertReports(ev, rules, i, "deals", "leader in points")

    def test_dealer_leads(self):
        ev, rules = hload(H_DEFAULTS)
        ev[1]["leader"] = ev[1]["dealer"]
        self.assertReports(ev, rules, 1, "Non-dealer leads")

    def test_first_dealer_rule(self):
        ev, rules = hload(H_DEFAULTS)
        rules = dict(rules, first_dealer=other(ev[1]["dealer"]))
        self.assertReports(ev, rules, 1, "first_dealer")

    # the round's scoring
    def test_loser_hand_points(self):
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "round_end")
        ev[i]["left_hand_points"] += 1
        self.assertReports(ev, rules, i, "left_hand_points", "6 points for each card")
        ev, rules = hload(H_DEFAULTS)
        self.assertReports(ev, dict(rules, points_per_card_left=5), i, "left_hand_points")

    def test_loser_hand_wild_forgotten(self):
        ev, rules = hload(H_OFFICIAL)
        i = index_of(ev, lambda e: e["event"] == "round_end" and set(e["left_cards"]) & set("JQK"))
        ev[i]["left_cards"] = [c for c in ev[i]["left_cards"] if c not in haggis.WILDS]
        self.assertReports(ev, rules, i, "left_cards", "wild cards count")

    def test_official_loser_hand_card_points(self):
        ev, rules = hload(H_OFFICIAL)
        i = index_of(ev, lambda e: e["event"] == "round_end" and any(haggis.card_points(c, "official")
                                                                      for c in e["left_cards"]))
        self.assertReports(ev, dict(rules, loser_hand_card_points=False), i, "left_hand_points")

    def test_haggis_points(self):
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "round_end")
        ev[i]["haggis_points"] = 9
        self.assertReports(ev, rules, i, "haggis_points", "8 points for the Haggis")
        ev, rules = hload(H_OFFICIAL)
        self.assertReports(ev, dict(rules, haggis_scoring="flat"), index_of(ev, lambda e: e["event"] == "round_end"),
                           "haggis_points")

    def test_haggis_swapped(self):
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "round_end")
        ev[i]["haggis"][0] = ev[2]["cards"][0]
        self.assertReports(ev, rules, i, "not the one dealt")

    def test_lost_bet_to_the_bettor(self):
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "round_end" and any(
            b != "none" and s != e["went_out"] for s, b in zip("ab", e["bets"])))
        ev[i]["bet_points"] = [ev[i]["bet_points"][1], ev[i]["bet_points"][0]]
        self.assertReports(ev, rules, i, "bet_points", "score of the player who got out")

    def test_captured_points(self):
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "round_end")
        ev[i]["captured"][0] += 1
        ev[i]["points"][0] += 1
        ev[i]["scores"][0] += 1
        self.assertReports(ev, rules, i, "captured")

    def test_round_points_do_not_add_up(self):
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "round_end")
        ev[i]["points"][1] += 1
        self.assertReports(ev, rules, i, "points")

    def test_running_scores(self):
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "round_end" and e["round"] == 2)
        ev[i]["scores"][0] += 3
        self.assertReports(ev, rules, i, "scores")
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "deal" and e["round"] == 3)
        ev[i]["scores"][1] -= 1
        self.assertReports(ev, rules, i, "scores")

    # the game's end
    def test_game_goes_on_after_the_target(self):
        ev, rules = hload(H_DEFAULTS)
        rules = dict(rules, target_score=150)
        i = index_of(ev, lambda e: e["event"] == "round_end" and max(e["scores"]) >= 150)
        self.assertReports(ev, rules, i + 1, "the game goes on", "target_score = 150 ahead")

    def test_game_ends_before_the_target(self):
        ev, rules = hload(H_DEFAULTS)
        rules = dict(rules, target_score=300)
        i = index_of(ev, lambda e: e["event"] == "game_end")
        self.assertReports(ev, rules, i, "the game ends after round 7", "first to the target score")

    def test_game_goes_on_after_max_rounds(self):
        ev, rules = hload(H_DEFAULTS)
        rules = dict(rules, max_rounds=4)
        i = index_of(ev, lambda e: e["event"] == "deal" and e["round"] == 5)
        self.assertReports(ev, rules, i, "the game goes on after round 4", "max_rounds = 4 is reached")

    def test_capped_flag(self):
        ev, rules = hload(H_SHORT)
        i = index_of(ev, lambda e: e["event"] == "game_end")
        ev[i]["capped"] = False
        self.assertReports(ev, rules, i, "capped")
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "game_end")
        ev[i]["capped"] = True
        self.assertReports(ev, rules, i, "capped")

    def test_winner(self):
        ev, rules = hload(H_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "game_end")
        ev[i]["winner"] = other(ev[i]["winner"])
        self.assertReports(ev, rules, i, "winner")

    # records
    def test_record_disagrees(self):
        for field in ("points_a", "captured_b", "left_hand_points", "cards_left", "haggis_points", "tricks", "plays",
                      "bombs_a", "bombs_b", "score_b", "round"):
            ev, rules = hload(H_DEFAULTS)
            i = index_of(ev, lambda e: e["event"] == "record" and e["round"] == 4)
            ev[i][field] += 1
            self.assertReports(ev, rules, i, field)
        for field, value in (("dealer", "x"), ("went_out", "x"), ("bet_a", "big")):
            ev, rules = hload(H_DEFAULTS)
            i = index_of(ev, lambda e: e["event"] == "record" and e["round"] == 0)
            ev[i][field] = value
            self.assertReports(ev, rules, i, field)

    def test_record_row_missing(self):
        ev, rules = hload(H_DEFAULTS)
        ev.pop()
        self.assertReports(ev, rules, None, "record row")


if __name__ == "__main__":
    unittest.main()
