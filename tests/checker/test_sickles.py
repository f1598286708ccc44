"""Hammerin' Sickles: real traces pass, and each corruption of them is reported.

    python3 -m unittest discover -s tests/checker
"""

import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import check_traces  # noqa: E402
from fixture import MANIFEST, CheckerCase, index_of, read_events  # noqa: E402
import sickles  # noqa: E402


# --- Hammerin' Sickles ------------------------------------------------------------------------------
S_DEFAULTS = "sickles-defaults-g0.jsonl"  # division returns (rolled, failed, no brigade left), reactivations
S_RANDOM = "sickles-random-g0.jsonl"  # held events used at an activation, held events lost
S_ENDTURN = "sickles-endturn-g9.jsonl"  # end_turn, not_this_turn, used_at_turn_end, Wild rolls, a spent chit
S_CANCEL = "sickles-cancelnext-g0.jsonl"  # cancel_next_chit (an event and a division chit cancelled), always
S_KEYS = "sickles-keychits-g0.jsonl"  # cancel_key_chits, never, 5 excluded, 4 Wild chits
S_SMALL = "sickles-small-g0.jsonl"  # fixtures/sickles-small.toml: a side with no brigade in play, a killed chit
SICKLES_FIXTURES = [n for n in MANIFEST if MANIFEST[n][0] == "sickles"]


def sload(name):
    events = read_events(name)
    rules = check_traces.rules_of(sickles, {}, MANIFEST[name][1:])
    return events, rules


class SicklesTest(CheckerCase):
    MODEL = sickles

    def first(self, ev, event, start=0, pred=None, **kw):
        return index_of(ev, lambda e: e["event"] == event and all(e.get(k) == v for k, v in kw.items())
                        and (pred is None or pred(e)), start)

    def test_fixtures_pass(self):
        self.assertEqual(len(SICKLES_FIXTURES), 6)
        for name in SICKLES_FIXTURES:
            events, rules = sload(name)
            self.assertEqual(self.problems(events, rules), [], name)

    def test_fixtures_cover_the_cases_the_corruptions_need(self):
        ev, _ = sload(S_RANDOM)
        self.assertTrue(any(e["event"] == "held_used" and e["at"] == "activation" for e in ev))
        self.assertTrue(any(e["event"] == "held_lost" for e in ev))
        ev, _ = sload(S_ENDTURN)
        self.assertTrue(any(e["event"] == "fortunes_of_war" and e["unplayed"] for e in ev))
        self.assertTrue(any(e["event"] == "held_used" and e["at"] == "turn_end" for e in ev))
        self.assertTrue(any(e["event"] == "no_activation" and e["by"] == "division" for e in ev))
        ev, _ = sload(S_CANCEL)
        self.assertTrue(any(e["event"] == "draw" and e["cancelled"] and e["number"] for e in ev))
        ev, _ = sload(S_SMALL)
        self.assertTrue(any(e["event"] == "no_activation" and e["by"] == "cic" for e in ev))

    # the draw
    def test_chit_drawn_twice_in_a_turn(self):
        ev, r = sload(S_DEFAULTS)
        i = self.first(ev, "draw", pred=lambda e: e["number"] is not None)
        j = self.first(ev, "draw", i + 1, turn=ev[i]["turn"], pred=lambda e: e["number"] is not None)
        for k in ("chit", "side", "number"):
            ev[j][k] = ev[i][k]
        self.assertReports(ev, r, j, "not in the cup", "randomly draw one chit from the draw cup")

    def test_excluded_event_drawn(self):
        ev, r = sload(S_DEFAULTS)
        x = self.first(ev, "excluded", side="b")
        n = ev[x]["events"][0]
        j = self.first(ev, "draw", x, pred=lambda e: e["number"] is not None and e["side"] == "b")
        ev[j].update(chit="event %d (b)" % n, number=n)
        self.assertReports(ev, r, j, "event %d (b)" % n, "not in the cup")

    def test_chit_of_a_division_not_arrived_drawn(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "draw", turn=1, chit="Hood (a)")
        ev[j]["chit"] = "Anderson (a)"
        self.assertReports(ev, r, j, "'Anderson (a)' is drawn but it is not in the cup")

    def test_spent_division_chit_drawn_again(self):
        ev, r = sload(S_DEFAULTS)
        i = self.first(ev, "division_return", returned=False)
        d = "%s (%s)" % (ev[i]["division"], ev[i]["side"])
        j = self.first(ev, "draw", i, turn=ev[i]["turn"], pred=lambda e: e["number"] is None
                       and e["chit"] not in (d, "Fortunes of War") and e["chit"] != "Wild"
                       and not e["chit"].startswith("CIC") and e["side"] == ev[i]["side"])
        if any(e["event"] == "draw" and e["chit"] == d for e in ev[i:j]):
            self.skipTest("the chit comes back")
        ev[j]["chit"] = d
        self.assertReports(ev, r, j, "not in the cup")

    def test_returned_chit_not_counted_in_left(self):
        ev, r = sload(S_DEFAULTS)
        i = self.first(ev, "division_return", returned=True)
        j = self.first(ev, "draw", i)
        ev[j]["left"] -= 1
        self.assertReports(ev, r, j, "left")

    def test_position_skips(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "draw", position=3)
        ev[j]["position"] = 4
        self.assertReports(ev, r, j, "position")

    def test_turn_goes_on_after_the_cup_is_empty(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "turn_end")
        last = max(k for k in range(j) if ev[k]["event"] == "draw")
        self.assertEqual(ev[last]["left"], 0)
        extra = dict(ev[last], position=ev[last]["position"] + 1)
        ev.insert(j, extra)
        self.assertReports(ev, r, j, "empty cup", "If any chits remain")

    def test_turn_ends_before_the_cup_is_empty(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "turn_end")
        last = max(k for k in range(j) if ev[k]["event"] == "draw")
        del ev[last:j]  # the last chit is never drawn
        self.assertReports(ev, r, last, "the draw stops while the cup still holds", "Otherwise, go to Phase E")

    def test_chits_drawn_off(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "turn_end")
        ev[j]["chits_drawn"] += 1
        self.assertReports(ev, r, j, "chits_drawn")

    # the Command Decision Phase and the cup
    def test_wrong_puller(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "turn_start", turn=2)
        ev[j]["puller"] = "a"
        self.assertReports(ev, r, j, "puller", "even")

    def test_in_play_includes_a_division_not_arrived(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "turn_start", turn=1)
        ev[j]["in_play"][0].append("Anderson 1")
        self.assertReports(ev, r, j, "in_play")

    def test_key_chit_excluded(self):
        ev, r = sload(S_DEFAULTS)
        k = self.first(ev, "key_chit", side="a")
        x = self.first(ev, "excluded", side="a")
        ev[x]["events"][0] = ev[k]["number"]
        self.assertReports(ev, r, x, "key chit", "excluded")

    def test_exclusion_before_the_key_chits(self):
        ev, r = sload(S_DEFAULTS)
        k = self.first(ev, "key_chit", side="b")
        ev[k], ev[k + 1] = ev[k + 1], ev[k]
        self.assertEqual(ev[k]["event"], "excluded")
        self.assertReports(ev, r, k, "before both key chits")

    def test_too_few_excluded(self):
        ev, r = sload(S_DEFAULTS)
        x = self.first(ev, "excluded", side="b")
        ev[x]["events"].pop()
        self.assertReports(ev, r, x, "excluded_events = 3")

    def test_two_key_chits(self):
        ev, r = sload(S_DEFAULTS)
        k = self.first(ev, "key_chit", side="a")
        ev.insert(k + 1, dict(ev[k]))
        self.assertReports(ev, r, k + 1, "second key chit")

    def test_excluded_event_in_the_cup(self):
        ev, r = sload(S_DEFAULTS)
        x = self.first(ev, "excluded", side="a")
        c = self.first(ev, "cup", x)
        ev[c]["chits"].append("event %d (a)" % ev[x]["events"][1])
        self.assertReports(ev, r, c, "excluded events", "in the cup")

    def test_cup_lacks_the_key_chit(self):
        ev, r = sload(S_DEFAULTS)
        k = self.first(ev, "key_chit", side="b")
        c = self.first(ev, "cup", k)
        ev[c]["chits"].remove("event %d (b)" % ev[k]["number"])
        self.assertReports(ev, r, c, "lacks", "Key Chit")

    def test_cup_with_a_third_wild_chit(self):
        ev, r = sload(S_DEFAULTS)
        c = self.first(ev, "cup")
        ev[c]["chits"].append("Wild")
        self.assertReports(ev, r, c, "too many", "both Wild chits")

    def test_cup_with_the_chit_of_a_division_not_arrived(self):
        ev, r = sload(S_DEFAULTS)
        c = self.first(ev, "cup", turn=2)
        self.assertIn("Caldwell (b)", ev[c]["off"])
        ev[c]["chits"].append("Caldwell (b)")
        self.assertReports(ev, r, c, "Caldwell (b)", "Divisions that are in the game")

    def test_cup_with_a_killed_chit(self):
        ev, r = sload(S_DEFAULTS)  # the illustrative scenario kills Birney's chit on turns 5 and 6
        c = self.first(ev, "cup", turn=5)
        self.assertIn("Birney (b)", ev[c]["off"])
        ev[c]["off"].remove("Birney (b)")
        ev[c]["chits"].append("Birney (b)")
        self.assertReports(ev, r, c, "Birney (b)")

    def test_killed_chit_kept_out_after_it_re_enters(self):
        ev, r = sload(S_DEFAULTS)
        c = self.first(ev, "cup", turn=7)
        ev[c]["chits"].remove("Birney (b)")
        ev[c]["off"].append("Birney (b)")
        self.assertReports(ev, r, c, "Birney (b)")

    def test_off_misses_a_division(self):
        ev, r = sload(S_DEFAULTS)
        c = self.first(ev, "cup", turn=1)
        ev[c]["off"].remove("Anderson (a)")
        self.assertReports(ev, r, c, "off")

    # events, held events
    def test_event_drawn_for_the_wrong_side(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "event_drawn")
        ev[j]["side"] = "b" if ev[j]["side"] == "a" else "a"
        self.assertReports(ev, r, j, "side", "owning player")

    def test_key_flag_wrong(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "event_drawn")
        ev[j]["key"] = not ev[j]["key"]
        self.assertReports(ev, r, j, "key")

    def test_held_event_used_twice(self):
        ev, r = sload(S_RANDOM)
        i = self.first(ev, "held_used", at="activation")
        side, turn = ev[i]["side"], ev[i]["turn"]
        j = self.first(ev, "activation", i + 2, side=side, turn=turn,
                       pred=lambda e: not ev[ev.index(e) - 1]["event"] == "held_used")
        ev.insert(j, dict(ev[i]))
        self.assertReports(ev, r, j, "holds none", "next brigade activation")

    def test_held_event_used_after_it_was_lost(self):
        ev, r = sload(S_RANDOM)
        i = self.first(ev, "held_lost")
        side = ev[i]["side"]
        j = self.first(ev, "activation", i, side=side)
        if ev[j - 1]["event"] == "held_used":
            j -= 1
            ev[j]["events"] = list(ev[i]["events"])
        else:
            ev.insert(j, {"event": "held_used", "turn": ev[j]["turn"], "side": side, "events": ev[i]["events"],
                          "at": "activation"})
        self.assertReports(ev, r, j, "held")

    def test_held_event_not_used_at_the_next_activation(self):
        ev, r = sload(S_RANDOM)
        i = self.first(ev, "held_used", at="activation")
        del ev[i]
        self.assertReports(ev, r, i, "while holding events", "next brigade activation")

    def test_held_used_names_other_events(self):
        ev, r = sload(S_RANDOM)
        i = self.first(ev, "held_used", at="activation")
        ev[i]["events"] = [n for n in range(1, 10) if n not in ev[i]["events"]][:1]
        self.assertReports(ev, r, i, "are used")

    def test_held_event_used_with_no_activation(self):
        ev, r = sload(S_RANDOM)
        i = self.first(ev, "event_drawn", use_now=False)
        ev.insert(i + 1, {"event": "held_used", "turn": ev[i]["turn"], "side": ev[i]["side"],
                          "events": [ev[i]["number"]], "at": "activation"})
        self.assertReports(ev, r, i + 1, "no brigade activation")

    def test_held_event_lost_under_used_at_turn_end(self):
        ev, r = sload(S_ENDTURN)
        i = self.first(ev, "held_used", at="turn_end")
        ev[i]["event"] = "held_lost"
        self.assertReports(ev, r, i, "used_at_turn_end", "gather all nine")

    def test_held_event_used_under_lost_at_turn_end(self):
        ev, r = sload(S_RANDOM)
        i = self.first(ev, "held_lost")
        ev[i]["event"] = "held_used"
        ev[i]["at"] = "turn_end"
        self.assertReports(ev, r, i, "lost_at_turn_end")

    def test_held_event_neither_used_nor_lost(self):
        ev, r = sload(S_RANDOM)
        i = self.first(ev, "held_lost")
        del ev[i]
        self.assertReports(ev, r, i, "neither used nor lost")

    # activations
    def test_activation_of_a_brigade_not_offered(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "activation", by="division", pred=lambda e: e["brigade"].startswith("Hood"))
        ev[j]["brigade"] = "McLaws 1"
        self.assertReports(ev, r, j, "not offered", "belongs to the drawn Division")

    def test_activation_of_a_brigade_of_the_other_side(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "activation", by="cic", side="a")
        ev[j]["brigade"] = "Birney 1"
        self.assertReports(ev, r, j, "not offered", "side b's")

    def test_division_chit_reactivates_its_brigade(self):
        ev, r = sload(S_DEFAULTS)
        i = self.first(ev, "division_return", returned=True)
        div, turn = ev[i]["division"], ev[i]["turn"]
        a = ev[i - 1]
        j = self.first(ev, "activation", i, by="division", turn=turn,
                       pred=lambda e: e["brigade"].startswith(div + " "))
        ev[j]["offered"].append(a["brigade"])
        ev[j]["brigade"] = a["brigade"]
        self.assertReports(ev, r, j, "offered", "not already been activated by the Division Activation Chit")

    def test_not_this_turn_offers_a_brigade_a_cic_chit_moved(self):
        ev, r = sload(S_ENDTURN)
        for i, e in enumerate(ev):
            if e["event"] == "activation" and e["by"] in ("cic", "wild"):
                b = e["brigade"]
                div = b.rsplit(" ", 1)[0]
                later = [k for k in range(i + 1, len(ev)) if ev[k]["event"] == "activation"
                         and ev[k]["by"] == "division" and ev[k]["turn"] == e["turn"]
                         and ev[k]["brigade"].startswith(div + " ") and b not in ev[k]["offered"]]
                if later:
                    j = later[0]
                    break
        else:
            self.fail("no division activation after a CIC pick of its division")
        ev[j]["offered"].append(b)
        ev[j]["brigade"] = b
        self.assertReports(ev, r, j, "offered", "division_eligible")

    def test_cic_offers_less_than_every_brigade(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "activation", by="cic")
        ev[j]["offered"].pop()
        self.assertReports(ev, r, j, "offered", "any one of his Brigades")

    def test_fresh_wrong(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "activation", pred=lambda e: len(e["fresh"]) < len(e["offered"]))
        ev[j]["fresh"] = list(ev[j]["offered"])
        self.assertReports(ev, r, j, "fresh")

    def test_nth_wrong(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "activation", pred=lambda e: e["nth"] > 1)
        ev[j]["nth"] = 1
        self.assertReports(ev, r, j, "nth")

    def test_unknown_order(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "activation")
        ev[j]["order"] = "charge"
        self.assertReports(ev, r, j, "four Orders")

    def test_cic_activation_with_no_brigade_in_play(self):
        ev, r = sload(S_SMALL)
        j = self.first(ev, "no_activation", by="cic")
        ev[j] = {"event": "activation", "turn": ev[j]["turn"], "side": ev[j]["side"], "by": "cic", "offered": [],
                 "fresh": [], "brigade": "Birney 1", "nth": 1, "order": "attack"}
        self.assertReports(ev, r, j, "no_activation")

    def test_spent_division_chit_activates(self):
        ev, r = sload(S_ENDTURN)
        j = self.first(ev, "no_activation", by="division")
        div = ev[j]["chit"].rsplit(" (", 1)[0]
        ev[j] = {"event": "activation", "turn": ev[j]["turn"], "side": ev[j]["side"], "by": "division",
                 "offered": [div + " 1"], "fresh": [], "brigade": div + " 1", "nth": 2, "order": "attack"}
        self.assertReports(ev, r, j, "no brigade of it is eligible")

    def test_division_chit_with_eligible_brigades_spent(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "activation", by="division")
        ev[j] = {"event": "no_activation", "turn": ev[j]["turn"], "side": ev[j]["side"], "by": "division",
                 "chit": "x"}
        self.assertReports(ev, r, j, "activation")

    # division returns
    def test_division_returned_on_a_roll_above_its_rating(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "division_return", returned=False, pred=lambda e: e["roll"] is not None)
        ev[j]["returned"] = True
        self.assertReports(ev, r, j, "the roll %d against rating %d says spent" % (ev[j]["roll"], ev[j]["rating"]),
                           "discarded for the turn or placed back")

    def test_division_spent_on_a_roll_within_its_rating(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "division_return", returned=True)
        ev[j]["returned"] = False
        self.assertReports(ev, r, j, "says back")

    def test_division_roll_changed(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "division_return", returned=True)
        ev[j]["roll"] = ev[j]["rating"] + 1
        self.assertReports(ev, r, j, "says spent")

    def test_division_returned_with_no_eligible_brigade(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "division_return", eligible_left=False)
        ev[j]["returned"] = True
        self.assertReports(ev, r, j, "no eligible brigade is left")

    def test_eligible_left_wrong(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "division_return", eligible_left=False)
        ev[j]["eligible_left"] = True
        self.assertReports(ev, r, j, "eligible_left")

    def test_rating_not_the_scenarios(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "division_return", division="Hood")
        ev[j]["rating"] = 6
        self.assertReports(ev, r, j, "rating")

    def test_division_returned_under_never(self):
        ev, r = sload(S_KEYS)
        j = self.first(ev, "division_return", eligible_left=True)
        ev[j]["returned"] = True
        self.assertReports(ev, r, j, "division_return = never")

    def test_division_spent_under_always(self):
        ev, r = sload(S_CANCEL)
        j = self.first(ev, "division_return", eligible_left=True)
        ev[j]["returned"] = False
        self.assertReports(ev, r, j, "division_return = always")

    def test_roll_cast_under_always(self):
        ev, r = sload(S_CANCEL)
        j = self.first(ev, "division_return", eligible_left=True)
        ev[j]["roll"] = 2
        self.assertReports(ev, r, j, "a return roll 2 is cast")

    # dice
    def test_return_roll_off_the_die(self):
        for face in (0, 7):
            ev, r = sload(S_DEFAULTS)
            j = self.first(ev, "division_return", pred=lambda e: e["roll"] is not None)
            ev[j]["roll"] = face
            self.assertReports(ev, r, j, "no face of a d6")

    def test_wild_roll_off_the_die(self):
        ev, r = sload(S_ENDTURN)
        j = self.first(ev, "wild_roll")
        ev[j]["roll"] = 7
        self.assertReports(ev, r, j, "no face of a d6")

    def test_wild_roll_gives_the_wrong_side(self):
        ev, r = sload(S_ENDTURN)
        j = self.first(ev, "wild_roll")
        ev[j]["side"] = "b" if ev[j]["side"] == "a" else "a"
        self.assertReports(ev, r, j, "side", "Wild")

    def test_wild_chit_acts_under_wild_effect_none(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "draw", chit="Wild")
        ev.insert(j + 1, {"event": "wild_roll", "turn": ev[j]["turn"], "roll": 2, "side": "a"})
        self.assertReports(ev, r, j + 1, "wild_effect = none")

    # Fortunes of War
    def test_fortunes_blocks_too_little(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "fortunes_of_war", pred=lambda e: e["blocked"][0])
        ev[j]["blocked"][0].pop()
        self.assertReports(ev, r, j, "blocked", "cancel_remaining_events")

    def test_fortunes_effect_not_the_rule(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "fortunes_of_war")
        ev[j]["effect"] = "cancel_key_chits"
        self.assertReports(ev, r, j, "effect", "may block its use")

    def test_fortunes_under_cancel_key_chits_blocks_a_non_key_event(self):
        ev, r = sload(S_KEYS)
        j = self.first(ev, "fortunes_of_war")
        t = ev[j]["turn"]
        keys = {e["side"]: e["number"] for e in ev if e["event"] == "key_chit" and e["turn"] == t}
        c = self.first(ev, "cup", turn=t)
        drawn = {e["chit"] for e in ev[c:j] if e["event"] == "draw"}
        other = next(n for n in range(1, 10) if n != keys["a"] and "event %d (a)" % n in ev[c]["chits"]
                     and "event %d (a)" % n not in drawn)
        ev[j]["blocked"][0] = sorted(ev[j]["blocked"][0] + [other])
        self.assertReports(ev, r, j, "blocked", "cancel_key_chits")

    def test_fortunes_position_wrong(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "fortunes_of_war")
        ev[j]["position"] += 1
        self.assertReports(ev, r, j, "position")

    def test_draw_goes_on_after_end_turn(self):
        ev, r = sload(S_ENDTURN)
        j = self.first(ev, "fortunes_of_war", pred=lambda e: e["unplayed"])
        d = ev[j - 1]
        ev.insert(j + 1, {"event": "draw", "turn": d["turn"], "position": d["position"] + 1,
                          "chit": ev[j]["unplayed"][0], "side": None, "number": None, "cancelled": False,
                          "left": 0})
        self.assertReports(ev, r, j + 1, "after Fortunes of War ended the draw")

    def test_end_turn_unplayed_incomplete(self):
        ev, r = sload(S_ENDTURN)
        j = self.first(ev, "fortunes_of_war", pred=lambda e: e["unplayed"])
        ev[j]["unplayed"].pop()
        self.assertReports(ev, r, j, "unplayed", "end_turn")

    def test_chit_after_fortunes_not_cancelled(self):
        ev, r = sload(S_CANCEL)
        j = self.first(ev, "draw", cancelled=True)
        ev[j]["cancelled"] = False
        self.assertReports(ev, r, j, "cancelled", "the next chit drawn is discarded")

    def test_cancelled_event_still_handed_over(self):
        ev, r = sload(S_CANCEL)
        j = self.first(ev, "draw", cancelled=True, pred=lambda e: e["number"] is not None)
        ev.insert(j + 1, {"event": "event_drawn", "turn": ev[j]["turn"], "side": ev[j]["side"],
                          "number": ev[j]["number"], "key": False, "use_now": True})
        self.assertReports(ev, r, j + 1, "nothing else is told of it")

    def test_chit_cancelled_without_fortunes(self):
        ev, r = sload(S_CANCEL)
        j = self.first(ev, "draw", position=1, pred=lambda e: e["chit"] != "Fortunes of War")
        ev[j]["cancelled"] = True
        self.assertReports(ev, r, j, "cancelled")

    # turn end, game end, records
    def test_idle_wrong(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "turn_end", pred=lambda e: e["idle"][0])
        ev[j]["idle"][0].pop()
        self.assertReports(ev, r, j, "idle")

    def test_game_too_short(self):
        ev, r = sload(S_DEFAULTS)
        i = self.first(ev, "turn_start", turn=8)
        j = self.first(ev, "game_end")
        del ev[i:j]
        self.assertReports(ev, r, i, "turn 8's start")

    def test_record_activations_off(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "record", turn=3)
        ev[j]["activations_a"] += 1
        self.assertReports(ev, r, j, "activations_a")

    def test_record_key_fate_off(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "record", key_fate_b="blocked")
        ev[j]["key_fate_b"] = "used"
        self.assertReports(ev, r, j, "key_fate_b")

    def test_record_fortunes_position_off(self):
        ev, r = sload(S_DEFAULTS)
        j = self.first(ev, "record")
        ev[j]["fortunes_position"] += 1
        self.assertReports(ev, r, j, "fortunes_position")

    def test_record_returned_and_blocked_off(self):
        for k in ("returned_b", "events_blocked_a", "events_used_b", "reactivations_a", "idle_brigades_b",
                  "key_position_a", "first_activation", "chits_drawn", "events_excluded_b", "puller", "key_a"):
            ev, r = sload(S_RANDOM)
            j = self.first(ev, "record", turn=2)
            ev[j][k] = "x" if isinstance(ev[j][k], str) else ev[j][k] + 1
            self.assertReports(ev, r, j, k)

    def test_record_row_missing(self):
        ev, r = sload(S_DEFAULTS)
        ev.pop()
        self.assertReports(ev, r, None, "record rows")

    def test_killed_chit_of_the_small_scenario(self):
        ev, r = sload(S_SMALL)
        c = self.first(ev, "cup", turn=2)
        self.assertIn("Pickett (a)", ev[c]["off"])
        ev[c]["off"].remove("Pickett (a)")
        self.assertReports(ev, r, c, "off")

    def test_rules_args_reads_scenario_and_sets(self):
        r = sickles.rules_args({"turns": "none", "cic_chits": "1"},
                               ["--scenario", "tests/checker/fixtures/sickles-small.toml", "--set", "cic_chits=2",
                                "--set", "fortunes_of_war=none"])
        self.assertEqual((r["turns"], r["cic_chits"], r["fortunes_of_war"], r["_scenario"]["turns"]),
                         (None, 2, "none", 5))


if __name__ == "__main__":
    unittest.main()
