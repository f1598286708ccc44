"""Haggerty: real traces pass, and each corruption of them is reported.

    python3 -m unittest discover -s tests/checker
"""

import copy
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import check_traces  # noqa: E402
from fixture import MANIFEST, CheckerCase, index_of, read_events  # noqa: E402
import haggerty  # noqa: E402

HAGGERTY_FIXTURES = [n for n in MANIFEST if MANIFEST[n][0] == "haggerty"]


DEFAULTS = "haggerty-defaults-g0.jsonl"  # reshuffle after a's refill empties the pile
HAND5 = "haggerty-hand5-g0.jsonl"  # a reshuffle in the middle of a's refill
HOARDER = "haggerty-endgame-hoarder-g1.jsonl"  # passes, lone rounds, the pile runs dry under end_game
JOKERS = "haggerty-previous-first-g7.jsonl"  # a joker tie kept by the previous first player
RANDOM = "haggerty-random-g0.jsonl"  # passes followed by the other seat's lone rounds


def load(name):
    events = read_events(name)
    rules = haggerty.rules({}, check_traces.sets_of(MANIFEST[name]))
    return events, rules


def hand_before(events, i):
    """The hand the seat of chain event i holds: its reveal's hand less its cards played this round."""
    e = events[i]
    seat, turn, rnd = e["seat"], e["turn"], e["round"]
    j = index_of(events, lambda x: x["event"] == "reveal" and x["seat"] == seat and x["turn"] == turn
                 and x["round"] == rnd)
    hand = list(events[j]["hand"])
    hand.remove(events[j]["card"])
    for x in events[j + 1:i]:
        if x["event"] == "chain" and x["seat"] == seat and x["card"] is not None:
            hand.remove(x["card"])
    return hand


def round_cards(events, turn, rnd, seat):
    """The cards a seat played in a round, in order (revealed card first)."""
    out = []
    for x in events:
        if x.get("turn") == turn and x.get("round") == rnd and x.get("seat") == seat:
            if x["event"] in ("reveal", "chain") and x["card"] is not None:
                out.append(x["card"])
    return out


class CheckerTest(CheckerCase):
    MODEL = haggerty

    # the real traces are possible
    def test_fixtures_pass(self):
        for name in HAGGERTY_FIXTURES:
            events, rules = load(name)
            self.assertEqual(self.problems(events, rules), [], name)

    def test_fixtures_cover_the_cases_the_corruptions_need(self):
        ev, _ = load(HAND5)
        self.assertTrue(any(e["event"] == "reshuffle" for e in ev))
        ev, _ = load(HOARDER)
        self.assertTrue(ev[-2]["ended_by_deck"])
        ev, _ = load(JOKERS)
        self.assertTrue(any(e["event"] == "initiative" and e["joker_tie"] and e["coin"] is None for e in ev))

    # a card revealed or played that is not in the seat's hand
    def test_reveal_of_a_card_not_in_hand(self):
        ev, rules = load(DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "reveal" and e["seat"] == "a" and e["card"])
        other = ev[i + 1]
        self.assertEqual(other["seat"], "b")
        ev[i]["card"] = other["hand"][0]  # a card b holds
        self.assertReports(ev, rules, i, "not in its hand", "seat b's hand", "chooses a card from his hand")

    def test_chain_of_a_card_not_in_hand(self):
        ev, rules = load(DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "chain" and e["card"])
        held = hand_before(ev, i)
        stranger = next(c for c in sorted(haggerty.deck(2), key=haggerty.key, reverse=True)
                        if c not in held and haggerty.outranks(c, ev[i]["last"]))
        ev[i]["card"] = stranger
        self.assertReports(ev, rules, i, "not in its hand")

    # the initiative to the wrong seat
    def test_initiative_to_the_lower_card(self):
        ev, rules = load(DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "initiative" and e["contested"] and not e["joker_tie"])
        ev[i]["first"] = "a" if ev[i]["first"] == "b" else "b"
        self.assertReports(ev, rules, i, "outranks", "highest ranked card is the First Player")

    def test_suit_order_decides_equal_ranks(self):
        # a 7 of Clubs against a 7 of Diamonds: Clubs is first (Hearts > Clubs > Diamonds > Spades)
        self.assertTrue(haggerty.outranks("7C", "7D"))
        self.assertTrue(haggerty.outranks("7H", "7C"))
        self.assertTrue(haggerty.outranks("7D", "7S"))
        self.assertTrue(haggerty.outranks("7S", "6H"))
        self.assertTrue(haggerty.outranks("KS", "QH"))
        self.assertTrue(haggerty.outranks("2S", "AH"))
        self.assertTrue(haggerty.outranks("JOKER", "KH"))
        self.assertFalse(haggerty.outranks("JOKER", "JOKER"))
        self.assertTrue(haggerty.outranks("JH", "JS"))  # the text's example: Lee's Jack of Hearts over Grant's Jack of Spades

    def test_joker_tie_not_kept_by_the_previous_first_player(self):
        ev, rules = load(JOKERS)
        i = index_of(ev, lambda e: e["event"] == "initiative" and e["joker_tie"] and e["coin"] is None)
        ev[i]["first"] = "a" if ev[i]["first"] == "b" else "b"
        self.assertReports(ev, rules, i, "previous first player")

    # a chained card that does not outrank
    def test_first_player_chain_below_its_last_card(self):
        ev, rules = load(DEFAULTS)
        for i, e in enumerate(ev):
            if e["event"] == "chain" and e["card"]:
                low = [c for c in hand_before(ev, i) if not haggerty.outranks(c, e["last"])]
                if low:
                    e["card"] = low[0]
                    self.assertReports(ev, rules, i, "does not outrank", "MUST outrank")
                    return
        self.fail("no chain with a lower card in hand")

    def test_second_player_chain_below_the_first_players_last_card(self):
        # a card above the second player's own last card but not above the first player's last one
        for name in HAGGERTY_FIXTURES:
            ev, rules = load(name)
            firsts = {}
            for i, e in enumerate(ev):
                if e["event"] == "initiative" and e["contested"]:
                    firsts[(e["turn"], e["round"])] = e["first"]
                if e["event"] != "chain" or firsts.get((e["turn"], e["round"])) in (None, e["seat"]):
                    continue
                first = firsts[(e["turn"], e["round"])]
                first_last = round_cards(ev, e["turn"], e["round"], first)[-1]
                between = [c for c in hand_before(ev, i)
                           if haggerty.outranks(c, e["last"]) and not haggerty.outranks(c, first_last)]
                if between:
                    e["card"] = between[0]
                    self.assertReports(ev, rules, i, "does not outrank", "last card played by the First Player")
                    return
        self.fail("no second-player chain with a card between its own last card and the first player's")

    # legal lists
    def test_legal_omits_a_card(self):
        ev, rules = load(DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "chain" and len(e["legal"]) >= 2)
        keep = ev[i]["card"]
        ev[i]["legal"] = [c for c in ev[i]["legal"] if c == keep] or ev[i]["legal"][:1]
        self.assertReports(ev, rules, i, "omits")

    def test_legal_includes_a_forbidden_card(self):
        ev, rules = load(DEFAULTS)
        for i, e in enumerate(ev):
            if e["event"] == "chain":
                low = [c for c in hand_before(ev, i) if not haggerty.outranks(c, e["last"])]
                if low:
                    e["legal"] = sorted(e["legal"] + low[:1], key=haggerty.key)
                    self.assertReports(ev, rules, i, "includes")
                    return
        self.fail("no chain with a lower card in hand")

    def test_chain_not_offered(self):
        ev, rules = load(HOARDER)
        i = index_of(ev, lambda e: e["event"] == "chain" and e["card"] is None)
        del ev[i]
        self.assertReports(ev, rules, i, "not asked")

    # a card in two places at once
    def test_card_drawn_from_the_other_hand(self):
        ev, rules = load(DEFAULTS)
        a = index_of(ev, lambda e: e["event"] == "refill" and e["seat"] == "a")
        b = index_of(ev, lambda e: e["event"] == "refill" and e["seat"] == "b")
        dup = ev[a]["hand"][0]
        old = ev[b]["drawn"][0]
        ev[b]["drawn"][0] = dup
        ev[b]["hand"] = sorted([dup if c == old else c for c in ev[b]["hand"]], key=haggerty.key)
        self.assertReports(ev, rules, b, "not in the draw pile", "seat a's hand")

    def test_card_drawn_from_the_discards(self):
        ev, rules = load(DEFAULTS)
        played = ev[index_of(ev, lambda e: e["event"] == "reveal")]["card"]  # discarded in turn 1
        i = index_of(ev, lambda e: e["event"] == "refill" and e["turn"] == 2)
        old = ev[i]["drawn"][0]
        ev[i]["drawn"][0] = played
        ev[i]["hand"] = [played if c == old else c for c in ev[i]["hand"]]
        self.assertReports(ev, rules, i, "not in the draw pile", "the discards")

    def test_pile_count_off(self):
        ev, rules = load(DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "refill" and e["turn"] == 3)
        ev[i]["pile"] += 1
        self.assertReports(ev, rules, i, "pile")

    # refills and reshuffles
    def test_refill_short_of_the_hand_size(self):
        ev, rules = load(DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "refill" and e["turn"] == 2)
        dropped = ev[i]["drawn"].pop()
        ev[i]["hand"].remove(dropped)
        ev[i]["pile"] += 1
        self.assertReports(ev, rules, i, "not its hand size", "replenishing his hand")

    def test_reshuffle_while_the_pile_holds_enough(self):
        ev, rules = load(DEFAULTS)
        r = index_of(ev, lambda e: e["event"] == "reshuffle")
        a = index_of(ev, lambda e: e["event"] == "refill" and e["turn"] == ev[r]["turn"])
        self.assertLess(a, r)  # in this game a's refill emptied the pile; move the reshuffle before it
        ev.insert(a, ev.pop(r))
        self.assertReports(ev, rules, a, "still holds")

    def test_reshuffled_pile_cards_must_be_drawn_first(self):
        # in HAND5 the pile held 4 cards when a needed 5: those 4 must be among a's drawn cards
        ev, rules = load(HAND5)
        r = index_of(ev, lambda e: e["event"] == "reshuffle")
        i = r + 1
        self.assertEqual(ev[i]["event"], "refill")
        # the 4 old pile cards: the deck less everything seen before; swap one for a reshuffled card
        seen_before = set()
        for e in ev[:r]:
            if e["event"] == "refill":
                seen_before.update(e["drawn"])
        old_pile = [c for c in haggerty.deck(2) if c not in seen_before]
        self.assertEqual(len(old_pile), 4)
        victim = next(c for c in ev[i]["drawn"] if c in old_pile)
        repl = next(c for c in seen_before if c not in ev[i]["drawn"])
        ev[i]["drawn"] = [repl if c == victim else c for c in ev[i]["drawn"]]
        ev[i]["hand"] = [repl if c == victim else c for c in ev[i]["hand"]]
        self.assertReports(ev, rules, i, "not drawn before")

    def test_reshuffle_under_end_game(self):
        ev, rules = load(DEFAULTS)
        rules = dict(rules, empty_draw_pile="end_game")
        r = index_of(ev, lambda e: e["event"] == "reshuffle")
        self.assertReports(ev, rules, r, "empty_draw_pile = end_game")

    def test_game_goes_on_after_the_pile_ran_dry(self):
        ev, rules = load(HOARDER)
        rules = dict(rules, empty_draw_pile="reshuffle")
        i = index_of(ev, lambda e: e["event"] == "refill" and len(e["hand"]) < 6)
        self.assertReports(ev, rules, i, "instead of reshuffling")

    # passing
    def test_seat_acts_after_it_passed(self):
        ev, rules = load(RANDOM)
        for i, e in enumerate(ev):
            if e["event"] == "reveal" and e["card"] is None:
                j = next((k for k in range(i + 1, len(ev)) if ev[k]["event"] == "reveal"
                          and ev[k]["turn"] == e["turn"] and ev[k]["round"] > e["round"]), None)
                if j is not None:
                    again = dict(e, round=ev[j]["round"], card=e["hand"][0])
                    ev.insert(j, again)
                    self.assertReports(ev, rules, j, "after it passed", "may not participate")
                    return
        self.fail("no pass followed by a round of the other seat")

    def test_seat_with_cards_skipped(self):
        ev, rules = load(DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "reveal" and e["turn"] == 1 and e["round"] == 2 and e["seat"] == "b")
        del ev[i]
        self.assertReports(ev, rules, i, "neither reveals nor passes")

    # turns, turn_end, game_end, record
    def test_more_turns_than_the_rule_says(self):
        ev, rules = load(DEFAULTS)
        rules = dict(rules, turns=9)
        i = index_of(ev, lambda e: e["event"] == "refill" and e["turn"] == 10)
        self.assertReports(ev, rules, i, "a turn after the last")

    def test_turn_end_played_count(self):
        ev, rules = load(DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "turn_end")
        ev[i]["played"][0] += 1
        self.assertReports(ev, rules, i, "played")

    def test_turn_end_unit_actions(self):
        ev, rules = load(DEFAULTS)
        rules = dict(rules, unit_actions_low=4)  # the trace was played with 3 for A, 2, 3
        i = index_of(ev, lambda e: e["event"] == "turn_end")
        self.assertReports(ev, rules, i, "unit_actions", "three actions")

    def test_turn_end_rounds(self):
        ev, rules = load(HOARDER)
        i = index_of(ev, lambda e: e["event"] == "turn_end")
        ev[i]["rounds"] += 1  # the pass-only closing step is not a round
        self.assertReports(ev, rules, i, "rounds")

    def test_game_end_reshuffles(self):
        ev, rules = load(DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "game_end")
        ev[i]["reshuffles"] -= 1
        self.assertReports(ev, rules, i, "reshuffles")

    def test_record_disagrees(self):
        for field in ("initiative_a", "passes_a", "cards_left_a", "lone_rounds_b", "contested_rounds"):
            ev, rules = load(HOARDER)
            i = index_of(ev, lambda e: e["event"] == "record")
            ev[i][field] += 1
            self.assertReports(ev, rules, i, field)
        ev, rules = load(DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "record")
        ev[i]["first_initiative"] = "a" if ev[i]["first_initiative"] == "b" else "b"
        self.assertReports(ev, rules, i, "first_initiative")

    def test_problem_names_its_event(self):
        ev, rules = load(DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "initiative" and e["contested"])
        ev[i]["first"] = "a" if ev[i]["first"] == "b" else "b"
        text = str(self.problems(copy.deepcopy(ev), rules)[0])
        self.assertIn("event %d" % (i + 1), text)
        self.assertIn('"event":"initiative"', text)
        self.assertIn("rule:", text)


if __name__ == "__main__":
    unittest.main()
