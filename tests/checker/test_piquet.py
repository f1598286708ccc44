"""Piquet Regimental: real traces pass, and each corruption of them is reported.

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
import piquet  # noqa: E402
from test_piquet_chosen_deploy import CHOSEN_DEPLOY_FIXTURES  # noqa: E402
from test_piquet_chosen_maneuver import CHOSEN_MANEUVER_FIXTURES  # noqa: E402
from test_piquet_chosen_pair import CHOSEN_PAIR_FIXTURES  # noqa: E402
from test_piquet_deploy import DEPLOY_FIXTURES  # noqa: E402
from test_piquet_field import FIELD_FIXTURES  # noqa: E402
from test_piquet_first import FIRST_FIXTURES  # noqa: E402
from test_piquet_obstacles import OBSTACLE_FIXTURES  # noqa: E402
from test_piquet_piquets import PIQUETS_FIXTURES  # noqa: E402


# --- Piquet Regimental ------------------------------------------------------------------------------
P_DEFAULTS = "piquet-defaults-g0.jsonl"  # fire, withdrawals, rallies, a removal, hand plays, an assault
P_BATTERY = "piquet-battery-g4.jsonl"  # an eight-gun battery bombarding, a multi-unit assault
P_CORPS = "piquet-corps-g5.jsonl"  # a commander over two division players, initiative passed down
P_DRESS = "piquet-dress-rally-g12.jsonl"  # dress_lines_rally, tier steps, other costs
P_ATTACHED = "piquet-attached-g0.jsonl"  # a's commander attached to the 1st Line, detaching; Hussars through and on
P_RETIRE = "piquet-retire-g3.jsonl"  # an assault's last attacker maneuvers out of it
# Cavalry Wave Assaults: follows; a's Second meets b's Horse, through a's Lead, and fights it at once; b's Horse2
# follows Horse through Lead (taken unopposed); a's Lead fights Foot two rounds unrelieved; Horse2 relieves Horse.
P_ARTILLERY = "piquet-artillery-g2.jsonl"  # the foot battery attached to the 1st Line, horse guns to the Hussars
P_WAVES = "piquet-waves-g724.jsonl"
# fixtures/piquet-chosen-field.toml (both sides chosen), game 1453, the heuristics: on DECQ 1 KARD 7 a's Hussars complete
# their Move where they stand (b's Voltigeurs within reach: no `moves`), their attached Horse Guns with them, then lose
# the assault the Voltigeurs make on them on the same card and withdraw 0" -> -4"; the Horse Guns stay at 0.
P_ATTACHED_STAY = "piquet-chosen-field-g1453.jsonl"
# Army, corps and two divisions under the corps (bypass_levels = each_player): the army commander orders the
# divisions' regiments around the corps commander (3 IP, then 2), the corps commander passes initiative to the
# 1st Division.
P_ARMY = "piquet-army-g3.jsonl"
# The army with its two division commanders sharing the corps commander's deck (shares_deck): the 1st Division
# executes its 2nd Line's Move on a card the corps commander turned and used.
P_SHARED = "piquet-shared-g3.jsonl"
PIQUET_FIXTURES = [n for n in MANIFEST if MANIFEST[n][0] == "piquet"]


def pload(name):
    events = read_events(name)
    rules = check_traces.rules_of(piquet, DEFAULTS_PIQUET, MANIFEST[name][1:])
    return events, rules


# `fortunes rules piquet`'s defaults, as the driver reads them (the module falls back to the same)
DEFAULTS_PIQUET = {}


class PiquetTest(CheckerCase):
    MODEL = piquet

    def first(self, ev, event, start=0, **kw):
        return index_of(ev, lambda e: e["event"] == event and all(e.get(k) == v for k, v in kw.items()), start)

    def test_fixtures_pass(self):
        # 4 of chosen orders (test_piquet_chosen.py); the field's across (test_piquet_field.py), the Skirmish
        # Engagement's (test_piquet_deploy.py), chosen deployments' (test_piquet_chosen_deploy.py), chosen
        # maneuvers' (test_piquet_chosen_maneuver.py) and chosen twelve-gun companies' and aims across the field
        # (test_piquet_chosen_pair.py), piquets holding objectives' (test_piquet_piquets.py) and bridges and gates'
        # (test_piquet_obstacles.py) and kard_first's (test_piquet_first.py) besides
        self.assertEqual(len([n for n in PIQUET_FIXTURES if n not in FIELD_FIXTURES and n not in DEPLOY_FIXTURES
                              and n not in CHOSEN_DEPLOY_FIXTURES and n not in CHOSEN_MANEUVER_FIXTURES
                              and n not in CHOSEN_PAIR_FIXTURES and n not in PIQUETS_FIXTURES
                              and n not in OBSTACLE_FIXTURES and n not in FIRST_FIXTURES]), 17)
        for name in PIQUET_FIXTURES:
            events, rules = pload(name)
            self.assertEqual(self.problems(events, rules), [], name)

    def test_fixtures_pass_audited(self):
        # The settling checks skip what their indexes say there is nothing to look at (piquet.OWED and `owing`, the
        # removed and defeated, `field_v`, the KARD marks retire_gk, onward_gk, sent_gk and acted_gk): under AUDIT each
        # settling event and KARD verifies them against the regiments and players themselves (an AssertionError when
        # one is out of date).
        piquet._Game.AUDIT = True
        try:
            for name in PIQUET_FIXTURES:
                events, rules = pload(name)
                self.assertEqual(self.problems(events, rules), [], name)
        finally:
            piquet._Game.AUDIT = False

    def test_fixtures_cover_the_cases_the_corruptions_need(self):
        ev, _ = pload(P_DEFAULTS)
        kinds = {e["event"] for e in ev}
        for k in ("volley", "hit", "reload", "rally", "hand_play", "cast", "order", "assault_round", "execute"):
            self.assertIn(k, kinds)
        self.assertTrue(any(e["event"] == "moves" and e["why"] == "withdraws_unrallied" for e in ev))
        self.assertTrue(any(e["event"] == "status" and e["to"] == "removed" for e in ev))
        ev, _ = pload(P_CORPS)
        self.assertTrue(any(e["event"] == "pass" for e in ev))
        ev, _ = pload(P_BATTERY)
        self.assertTrue(any(e["event"] == "volley" and e["kind"] == "bombardment" for e in ev))
        self.assertTrue(any(e["event"] == "joins_assault" for e in ev))
        ev, _ = pload(P_DRESS)
        i = self.first(ev, "rally")
        self.assertEqual(ev[i - 2]["card"], "dress_lines*")

    # fire
    def test_volley_while_unloaded(self):
        ev, r = pload(P_DEFAULTS)
        i = self.first(ev, "volley")
        j = self.first(ev, "regiment", regiment=ev[i]["regiment"])
        ev[j]["loaded"] = False
        self.assertReports(ev, r, i, "fires while unloaded")

    def test_volley_twice_without_reloading(self):
        ev, r = pload(P_DEFAULTS)
        i = self.first(ev, "volley")
        ev.insert(i + 1, copy.deepcopy(ev[i]))
        self.assertReports(ev, r, i + 1, "fires twice")

    def test_volley_by_a_removed_regiment(self):
        ev, r = pload(P_DEFAULTS)
        k = self.first(ev, "status", to="removed")
        gone = ev[k]["regiment"]
        i = self.first(ev, "volley", k, side=ev[k]["side"])
        ev[i]["regiment"] = gone
        self.assertReports(ev, r, i, "removed regiment %r acts again" % gone)

    def test_volley_reading_wrong(self):
        ev, r = pload(P_DEFAULTS)
        i = self.first(ev, "volley")
        ev[i]["value"] = max(ev[i]["dice"]) - 1 if max(ev[i]["dice"]) > 1 else 2
        self.assertReports(ev, r, i, "reads")

    def test_volley_die_face_outside_the_die(self):
        ev, r = pload(P_DEFAULTS)
        i = self.first(ev, "volley", regiment="Fusiliers")  # line: d8
        ev[i]["dice"][0] = 9
        ev[i]["value"] = 9
        self.assertReports(ev, r, i, "cannot show")

    def test_volley_step_up_without_a_crushing_volley(self):
        ev, r = pload(P_DEFAULTS)
        i = self.first(ev, "volley", step=1)
        j = self.first(ev, "crushing_volley")
        self.assertLess(j, i)
        del ev[j]
        self.assertReports(ev, r, i - 1, "stepped")

    def test_volley_on_the_card_its_player_reloaded_on(self):
        ev, r = pload(P_DEFAULTS)
        i = self.first(ev, "reload", reloaded=True)
        e = ev[i]
        reg = e["regiment"]
        fire = {"event": "fire", "decq": e["decq"], "kard": e["kard"], "side": e["side"], "player": e["player"],
                "regiments": [reg], "target": "Hussars", "cost": 1, "fired": True, "ip": e["ip"] - 1}
        volley = {"event": "volley", "decq": e["decq"], "kard": e["kard"], "side": e["side"], "regiment": reg,
                  "target": "Hussars", "kind": "musketry", "dice": [3, 2, 1], "step": 0, "value": 3}
        ev[i + 1:i + 1] = [fire, volley]
        self.assertReports(ev, r, i + 2, "Reload card")

    def test_hit_elan_not_the_volleys(self):
        ev, r = pload(P_DEFAULTS)
        i = self.first(ev, "hit")
        ev[i]["elan_lost"] -= 1
        ev[i]["elan"] += 1
        self.assertReports(ev, r, i, "takes")

    # reloads
    def test_reload_while_loaded(self):
        ev, r = pload(P_DEFAULTS)
        i = self.first(ev, "reload", reloaded=True)
        dup = copy.deepcopy(ev[i])
        dup["ip"] -= dup["cost"]
        ev.insert(i + 1, dup)
        self.assertReports(ev, r, i + 1, "reloads while loaded")

    # Elan
    def test_elan_above_the_starting_elan_after_a_rally(self):
        ev, r = pload(P_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "rally" and e["boxes_left"] > 0)
        ev[i]["elan"] += 1
        self.assertReports(ev, r, i, "Elan after the rally")

    def test_elan_rising_without_a_rally(self):
        ev, r = pload(P_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "hit" and e["elan_lost"] > 0)
        ev[i]["elan"] += 1
        self.assertReports(ev, r, i, "Elan is")

    def test_assault_opening_elan_raised(self):
        ev, r = pload(P_DEFAULTS)
        i = self.first(ev, "assault_begins")
        ev[i]["elan"][1] += 1
        self.assertReports(ev, r, i, "the assault opens with Elan")

    # withdrawals of defeated, unrallied regiments
    def test_defeated_regiment_left_within_engagement_range(self):
        ev, r = pload(P_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "moves" and e["why"] == "withdraws_unrallied")
        gone = ev[i]["regiment"]
        del ev[i]
        at = index_of(ev, lambda e: e["event"] in piquet._Game.SETTLE, i)
        p = self.assertReports(ev, r, at, "defeated, unrallied", gone)
        self.assertIn("must immediately withdraw", p.rule)

    def test_defeated_regiment_not_withdrawing_after_its_defeat(self):
        ev, r = pload(P_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "moves" and e["why"] == "withdraws")
        ev[i]["to"] = ev[i]["from"]
        # the withdrawal's place is the model's (1" outside Engagement range: the scenario has no objectives)
        self.assertReports(ev, r, i, "withdraws from %d to %d" % (ev[i]["from"], ev[i]["from"]), "1\" outside")

    def test_defeated_regiment_never_withdrawing_after_its_defeat(self):
        ev, r = pload(P_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "moves" and e["why"] == "withdraws")
        gone = ev[i]["regiment"]
        del ev[i]
        # later moves start from where it stands now; the first settling point reports it
        at = index_of(ev, lambda e: e["event"] in piquet._Game.SETTLE, i)
        self.assertReports(ev, r, at, gone, "still stands")

    # cards
    def test_hand_play_of_a_card_not_held(self):
        ev, r = pload(P_DEFAULTS)
        i = self.first(ev, "hand_play")
        ev[i]["card"] = "officer_check*"
        ev[i]["hand"] = ev[i]["hand"][:-1] + ["officer_check*"]
        self.assertReports(ev, r, i, "hand")

    def test_card_turned_is_not_the_decks_top(self):
        ev, r = pload(P_DEFAULTS)
        i = self.first(ev, "turn", side="a")
        j = self.first(ev, "turn", i + 1, side="a")
        ev[i]["card"], ev[j]["card"] = ev[j]["card"], ev[i]["card"]
        self.assertReports(ev, r, i, "top card")

    def test_order_executed_on_a_card_not_used(self):
        ev, r = pload(P_DEFAULTS)
        i = self.first(ev, "execute")
        j = max(k for k in range(i) if ev[k]["event"] == "turn" and ev[k]["side"] == ev[i]["side"])
        ev[j]["choice"] = "pass"
        self.assertReports(ev, r, i, "card used this KARD is None")

    def test_a_group_casts_a_more_elite_regiments_dice(self):
        # The Grenadiers (elite, 3d10) and Fusiliers (line, 2d8) ordered as one brigade: the Fusiliers cast.
        ev, r = pload(P_DEFAULTS)
        i = self.first(ev, "execute", regiment="Fusiliers", **{"with": ["Grenadiers"]})
        ev[i]["regiment"], ev[i]["with"] = "Grenadiers", ["Fusiliers"]
        self.assertReports(ev, r, i, "least elite", "weakest link")

    def test_a_group_executes_as_one_when_each_regiment_casts_its_own(self):
        ev, r = pload(P_DEFAULTS)
        r = dict(r, group_casts="each_regiment")
        i = index_of(ev, lambda e: e["event"] == "execute" and e["with"])
        self.assertReports(ev, r, i, "casts its own")

    def test_regiments_not_ordered_together_execute_as_one(self):
        # Side a's 1st and 2nd Line, one brigade, begin with one free Move order and execute it as one; with the
        # 2nd Line put in a brigade of its own, each had an order of its own.
        ev, r = pload(P_DEFAULTS)
        i = self.first(ev, "execute", regiment="1st Line", order="move")
        self.assertEqual(ev[i]["with"], ["2nd Line"])
        self.assertFalse(any(e["event"] == "order" for e in ev[:i]))
        scenario = copy.deepcopy(r["_scenario"])
        second = next(g for g in scenario["a"]["regiments"] if g["name"] == "2nd Line")
        second["brigade"] = 9
        self.assertReports(ev, dict(r, _scenario=scenario), i, "not ordered together")

    def test_cavalry_later_rounds_cast_without_note_18s_step(self):
        # The trace was played with cavalry_later_step 0; read under -1, a cavalry attacker's second round against
        # infantry casts one step too high.
        ev, r = pload(P_BATTERY)
        cavalry = {e["regiment"] for e in ev if e["event"] == "regiment" and e["arm"] == "cavalry"}
        infantry = {e["regiment"] for e in ev if e["event"] == "regiment" and e["arm"] == "infantry"}
        rounds = {}
        i = None
        for k, e in enumerate(ev):
            if e["event"] == "assault_round" and e["defender"] in infantry:
                for a in set(e["attackers"]) & cavalry:
                    rounds[(e["defender"], a)] = rounds.get((e["defender"], a), 0) + 1
                    if rounds[(e["defender"], a)] == 2 and i is None:
                        i = k
        self.assertIsNotNone(i, "a cavalry attacker's second round against infantry")
        self.assertReports(ev, dict(r, cavalry_later_step=-1), i, "attacker's assault cast")

    def test_an_attached_commander_casts_before_detaching(self):
        ev, r = pload(P_ATTACHED)
        i = self.first(ev, "officer_check", side="a", action="detach")
        ev[i]["action"] = "cast"
        # The figure's rule is quoted, not attached artillery's.
        self.assertReports(ev, r, i, "casts for initiative while attached", "may not use the Officer Check card")

    def test_an_order_bought_at_once_after_detaching(self):
        ev, r = pload(P_ATTACHED)
        i = self.first(ev, "officer_check", side="a", action="detach")
        j = self.first(ev, "execute", i + 1, side="a", player=ev[i]["player"])
        ev[j]["bought"] = True
        self.assertReports(ev, r, j, "buys")

    def test_a_commander_detaches_twice(self):
        ev, r = pload(P_ATTACHED)
        i = self.first(ev, "officer_check", side="a", action="detach")
        j = self.first(ev, "officer_check", i + 1, side="a", player=ev[i]["player"])
        ev[j]["action"] = "detach"
        self.assertReports(ev, r, j, "attached to no regiment")

    def retiring(self):
        """The retire fixture, and the order out of the assault, its status, `retires`, `moves` and end."""
        ev, r = pload(P_RETIRE)
        s = self.first(ev, "status", to="retiring")
        o = max(i for i in range(s) if ev[i]["event"] == "order")
        t = self.first(ev, "retires", s)
        e = self.first(ev, "assault_ends", t, end="retired")
        return ev, r, o, s, t, e

    def test_an_assaulting_regiment_ordered_to_move(self):
        ev, r, o, _, _, _ = self.retiring()
        ev[o]["order"] = "move"
        self.assertReports(ev, r, o, "fighting an assault, is ordered to move")

    def test_a_retirement_not_four_inches_back(self):
        ev, r, _, _, t, _ = self.retiring()
        ev[t + 1]["to"] += 1
        for later in ev[t + 2:]:
            if later["event"] == "moves" and later["regiment"] == ev[t]["regiment"]:
                later["from"] += 1
                break
        self.assertReports(ev, r, t + 1, "retires to")

    def test_an_assault_its_last_attacker_left_ends_another_way(self):
        ev, r, _, _, _, e = self.retiring()
        ev[e]["end"] = "defender_wins"
        self.assertReports(ev, r, e, "ends defender_wins", "last attacker retired")

    def test_a_regiment_retires_with_no_maneuver_order_out(self):
        ev, r, _, _, t, _ = self.retiring()
        ev[t]["regiment"] = ev[t]["defender"]
        ev[t]["side"] = "b" if ev[t]["side"] == "a" else "a"
        self.assertReports(ev, r, t, "retires while fighting")

    def test_cavalry_through_goes_on_against_another_than_the_next_in_its_path(self):
        ev, r = pload(P_ATTACHED)
        i = index_of(ev, lambda e: e["event"] == "breakthrough" and e["through"] and e["elan"] > 0)
        j = self.first(ev, "assault_begins", i + 1, attacker=ev[i]["regiment"])
        self.assertEqual(ev[j]["defender"], "Grenadiers")
        # The one it broke through is not in its path.
        ev[j]["defender"] = "Fusiliers"
        self.assertReports(ev, r, j, "goes on against 'Fusiliers'")

    # Cavalry Wave Assaults (cavalry_waves)
    def test_waves_fixture_exercises_every_case(self):
        ev, r = pload(P_WAVES)
        stats = {}
        self.assertEqual(piquet.check(ev, r, stats), [])
        for k in ("second line relieves", "second line meets_breakthrough", "second line follows_breakthrough",
                  "moves follows", "moves relieved", "onward met by a second line"):
            self.assertGreaterEqual(stats.get(k, 0), 1, k)
        s = self.first(ev, "second_line", why="meets_breakthrough")
        self.assertEqual(ev[s + 2]["event"], "assault_begins")
        self.assertTrue(self.leads_second_round(ev) is not None)

    def leads_second_round(self, ev):
        """The index of the Lead's second round against Foot (unrelieved after its first)."""
        rounds = [i for i, e in enumerate(ev) if e["event"] == "assault_round" and e["attackers"] == ["Lead"]
                  and e["defender"] == "Foot"]
        for i, j in zip(rounds, rounds[1:]):
            if ev[j]["kard"] == ev[i]["kard"] + 1 and ev[j]["decq"] == ev[i]["decq"]:
                return j
        return None

    def next_kard(self, ev, i):
        """The first event of the KARD after event i's."""
        return index_of(ev, lambda e: e["event"] in ("turn", "hand_play") and e["kard"] != ev[i]["kard"], i)

    # Attached artillery
    def test_an_attached_company_moved_to_the_wrong_place(self):
        ev, r = pload(P_ARTILLERY)
        i = self.first(ev, "moves", why="attached")
        ev[i]["to"] += 1
        self.assertReports(ev, r, i, "not to its regiment")

    def test_an_attached_company_left_behind(self):
        ev, r = pload(P_ARTILLERY)
        i = self.first(ev, "moves", why="attached")
        del ev[i]
        # Found at the KARD's fire, after its cards, or at its end.
        fire = index_of(ev, lambda e: e["event"] in ("fire", "volley", "turn", "hand_play") and e["kard"] != ev[i - 1]["kard"]
                        or e["event"] in ("fire", "volley"), i)
        self.assertReports(ev, r, fire, "stayed at")

    def test_an_attached_company_stays_where_its_regiments_move_left_it(self):
        # The Hussars' Move completes with no `moves` (within reach already), then they withdraw from a lost assault on
        # the same KARD: the Horse Guns moved with the Move (standing at its place) and do not follow the withdrawal.
        ev, r = pload(P_ATTACHED_STAY)
        i = self.first(ev, "execute", regiment="Hussars", order="move")
        self.assertEqual(ev[i]["chips_left"], 0)
        w = self.first(ev, "moves", i, regiment="Hussars")
        self.assertEqual((ev[w]["why"], ev[w]["kard"], ev[w]["from"], ev[w]["to"]), ("withdraws", ev[i]["kard"], 0, -4))
        self.assertFalse(any(e["event"] == "moves" and e["regiment"] == "Horse Guns" for e in ev[i:w]))
        self.assertEqual(self.problems(ev, r), [])

    def test_an_attached_company_moving_on_its_own(self):
        ev, r = pload(P_ARTILLERY)
        i = self.first(ev, "moves", why="attached")
        again = copy.deepcopy(ev[i])
        again["from"], again["to"] = ev[i]["to"], ev[i]["to"] + 1
        ev.insert(i + 1, again)
        self.assertReports(ev, r, i + 1, "completed no Move order")

    def test_an_attached_company_ordered(self):
        ev, r = pload(P_ARTILLERY)
        i = self.first(ev, "order")
        ev[i]["regiments"] = ["Foot battery"]
        self.assertReports(ev, r, i, "attached to '1st Line'", "plus any attached artillery")

    def test_an_attachment_the_regiment_event_does_not_tell(self):
        ev, r = pload(P_ARTILLERY)
        i = self.first(ev, "regiment", regiment="Foot battery")
        del ev[i]["attached_to"]
        self.assertReports(ev, r, i, "attached_to")

    def test_a_follow_to_the_wrong_place(self):
        ev, r = pload(P_WAVES)
        i = self.first(ev, "moves", why="follows")
        ev[i]["to"] += 1
        self.assertReports(ev, r, i, "follows to", "second_line_inches (4) behind")

    def test_a_missing_follow(self):
        ev, r = pload(P_WAVES)
        i = self.first(ev, "moves", why="follows")
        del ev[i]
        self.assertReports(ev, r, self.next_kard(ev, i - 1), "did not follow its lead")

    def test_a_follow_with_no_lead_move_to_follow(self):
        ev, r = pload(P_WAVES)
        i = self.first(ev, "moves", why="follows")
        again = copy.deepcopy(ev[i])
        again["from"], again["to"] = ev[i]["to"], ev[i]["to"] - 1
        ev.insert(i + 1, again)
        self.assertReports(ev, r, i + 1, "its lead made no move to follow")

    def test_a_second_line_sent_in_with_no_breakthrough(self):
        ev, r = pload(P_WAVES)
        k = self.first(ev, "second_line", why="relieves")
        ev[k]["why"] = "follows_breakthrough"
        self.assertReports(ev, r, k, "which the lead did not break through")

    def test_a_second_line_meets_cavalry_that_did_not_break_its_lead(self):
        ev, r = pload(P_WAVES)
        k = self.first(ev, "second_line", why="meets_breakthrough")
        ev[k]["target"] = "Horse2"
        self.assertReports(ev, r, k, "did not break through its lead")

    def test_a_relief_after_the_leads_second_round(self):
        ev, r = pload(P_WAVES)
        m = self.leads_second_round(ev)
        ev.insert(m + 1, {"event": "second_line", "decq": ev[m]["decq"], "kard": ev[m]["kard"], "side": "a",
                          "regiment": "Second", "lead": "Lead", "target": "Foot", "why": "relieves"})
        self.assertReports(ev, r, m + 1, "did not fight its first round of that assault")

    def test_a_relieved_lead_not_moved(self):
        ev, r = pload(P_WAVES)
        k = self.first(ev, "second_line", why="relieves")
        mv = self.first(ev, "moves", k, why="relieved")
        self.assertEqual(ev[mv + 1]["event"], "status")
        del ev[mv]
        self.assertReports(ev, r, mv, "relieved by", "before withdrawing")

    def test_a_relieved_lead_withdrawn_to_the_wrong_place(self):
        ev, r = pload(P_WAVES)
        k = self.first(ev, "second_line", why="relieves")
        mv = self.first(ev, "moves", k, why="relieved")
        ev[mv]["to"] -= 1
        self.assertReports(ev, r, mv, "outside Engagement range")

    def test_an_order_to_a_second_line(self):
        ev, r = pload(P_WAVES)
        o = self.first(ev, "order", side="a", regiments=["Lead"])
        ev[o]["regiments"] = ["Lead", "Second"]
        self.assertReports(ev, r, o, "'Second', second line to 'Lead'", "is ordered")

    def test_a_second_line_opening_as_an_ordinary_regiment(self):
        ev, r = pload(P_WAVES)
        j = self.first(ev, "regiment", regiment="Second")
        del ev[j]["follows"]
        self.assertReports(ev, r, j, "follows")

    def test_follows_told_with_the_rule_off(self):
        ev, r = pload(P_WAVES)
        r = dict(r, cavalry_waves=False)
        self.assertReports(ev, r, self.first(ev, "regiment", regiment="Second"), "cavalry_waves False")

    def test_a_second_line_meeting_cavalry_fights_its_first_round_late(self):
        ev, r = pload(P_WAVES)
        s = self.first(ev, "second_line", why="meets_breakthrough")
        rd = self.first(ev, "assault_round", s, defender=ev[s]["target"])
        end = self.first(ev, "assault_ends", rd, defender=ev[s]["target"])
        self.assertEqual(ev[rd]["kard"], ev[s]["kard"])
        del ev[rd:end + 1]  # its round, the cavalry's defeat and the end, all gone from the KARD
        self.assertReports(ev, r, self.next_kard(ev, s), "did not fight its first round")

    def test_a_second_line_sent_in_while_fighting(self):
        ev, r = pload(P_WAVES)
        s = self.first(ev, "second_line", why="meets_breakthrough")
        f = self.first(ev, "status", s, regiment=ev[s]["regiment"], to="fighting")
        ev.insert(f + 1, copy.deepcopy(ev[s]))
        self.assertReports(ev, r, f + 1, "while fighting, not idle")

    def test_keep_into_a_full_hand(self):
        ev, r = pload(P_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "turn" and "swap" in e["options"] and e["choice"] == "pass")
        ev[i]["choice"] = "keep"
        ev[i]["options"] = ["use", "keep", "pass"]
        self.assertReports(ev, r, i, "cards held")

    def test_hand_size_not_the_quality_s(self):
        ev, r = pload(P_DEFAULTS)
        i = self.first(ev, "player", side="b")
        ev[i]["hand_size"] = 4  # an Average commander holds 3
        self.assertReports(ev, r, i, "holds 3 cards")

    def test_deal_with_a_basic_card_replaced(self):
        ev, r = pload(P_DEFAULTS)
        i = self.first(ev, "deal")
        k = ev[i]["deck"].index("officer_check")
        ev[i]["deck"][k] = "officer_check*"
        self.assertReports(ev, r, i, "basic cards")

    def test_deal_with_more_army_cards_than_the_army_deck(self):
        ev, r = pload(P_DEFAULTS)
        i = self.first(ev, "deal")
        ev[i]["deck"] = [c if not c.endswith("*") else "brilliant_leader*" for c in ev[i]["deck"]]
        self.assertReports(ev, r, i, "brilliant_leader army cards")

    def test_deal_of_17_cards(self):
        ev, r = pload(P_DEFAULTS)
        i = self.first(ev, "deal")
        ev[i]["deck"].pop()
        self.assertReports(ev, r, i, "17 cards")

    def test_deal_forgets_the_hand(self):
        ev, r = pload(P_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "deal" and e["hand"])
        ev[i]["hand"] = ev[i]["hand"][1:]
        self.assertReports(ev, r, i, "hand carried")

    # initiative
    def test_initiative_cast_not_3d6(self):
        ev, r = pload(P_DEFAULTS)
        i = self.first(ev, "cast")
        ev[i]["dice"][0] = 7
        ev[i]["total"] = sum(ev[i]["dice"])
        self.assertReports(ev, r, i, "not 3d6")

    def test_initiative_cast_lowers_the_ip(self):
        ev, r = pload(P_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "cast" and e["total"] > e["was"] and e["was"] > 0)
        ev[i]["ip"] = ev[i]["was"] - 1
        self.assertReports(ev, r, i, "IP")

    def test_opening_ip_not_the_sum(self):
        ev, r = pload(P_DEFAULTS)
        i = self.first(ev, "player")
        ev[i]["ip"] += 1
        self.assertReports(ev, r, i, "sum")

    def test_order_not_paid(self):
        ev, r = pload(P_DEFAULTS)
        i = self.first(ev, "order")
        ev[i]["ip"] += 1
        self.assertReports(ev, r, i, "IP after it")

    def test_ip_negative(self):
        ev, r = pload(P_CORPS)
        i = self.first(ev, "pass")
        ev[i]["amount"] += ev[i]["ip"] + 1  # more than the commander holds
        self.assertReports(ev, r, i, "negative")

    def test_the_heuristic_passes_to_another_than_its_neediest(self):
        ev, r = pload(P_CORPS)
        i = self.first(ev, "pass")
        ev[i]["to"] = "2nd Division" if ev[i]["to"] == "1st Division" else "1st Division"
        self.assertReports(ev, r, i, "neediest")

    def test_pass_not_added_up(self):
        ev, r = pload(P_CORPS)
        i = self.first(ev, "pass")
        ev[i]["to_ip"] += 1
        self.assertReports(ev, r, i, "after the pass")

    def test_pass_cost_not_paid(self):
        ev, r = pload(P_CORPS)
        i = self.first(ev, "pass")
        ev[i]["ip"] += 1
        self.assertReports(ev, r, i, "IP after it")

    def test_army_fixture_goes_around_two_players(self):
        ev, r = pload(P_ARMY)
        self.assertEqual([e["superior"] for e in ev if e["event"] == "player" and e["side"] == "a"],
                         [None, "Marshal", "Corps", "Corps"])
        i = self.first(ev, "order", player="Marshal")
        self.assertEqual((ev[i]["regiments"], ev[i]["cost"]), (["1st Line", "2nd Line"], 3))
        self.assertEqual(ev[self.first(ev, "pass")]["player"], "Corps")

    def test_an_order_around_two_players_paid_as_one(self):
        # bypass_levels = each_player (the fixture's): the 1st Division's regiments cost the army commander an order
        # and two bypasses (the corps commander and the division commander).
        ev, r = pload(P_ARMY)
        i = self.first(ev, "order", player="Marshal")
        ev[i]["cost"] -= 1
        ev[i]["ip"] += 1
        self.assertReports(ev, r, i, "additional IP", "going around")

    def test_a_pass_to_a_player_not_below(self):
        ev, r = pload(P_ARMY)
        i = self.first(ev, "pass")
        ev[i]["to"] = "Marshal"
        self.assertReports(ev, r, i, "not a player below")

    def test_a_player_answering_to_another_than_its_scenario_says(self):
        ev, r = pload(P_ARMY)
        i = self.first(ev, "player", player="2nd Division")
        ev[i]["superior"] = "Marshal"
        self.assertReports(ev, r, i, "answers to")

    def test_an_order_around_two_players_under_once(self):
        # bypass_levels = once (the default): the same order would cost an order and one bypass, 2 IP, not 3.
        ev, r = pload(P_ARMY)
        r = dict(r, bypass_levels="once")
        i = self.first(ev, "order", player="Marshal")
        self.assertReports(ev, r, i, "additional IP", "not 2")

    def test_shared_fixture_deals_no_deck_to_the_divisions(self):
        ev, r = pload(P_SHARED)
        players = {e["player"]: e for e in ev if e["event"] == "player" and e["side"] == "a"}
        self.assertEqual([players[n]["shares_deck"] for n in ("Marshal", "Corps", "1st Division", "2nd Division")],
                         [None, None, "Corps", "Corps"])
        self.assertEqual(players["1st Division"]["hand_size"], 0)
        self.assertFalse(any(e["event"] in ("deal", "turn", "hand_play") and e.get("player", "").endswith("Division")
                             for e in ev))
        self.assertEqual(sum(e["event"] == "shares" for e in ev), 2 * 18 * 6)

    def division_execution_on_a_used_corps_card(self, ev):
        used = {(e["decq"], e["kard"]) for e in ev
                if e["event"] == "turn" and e["player"] == "Corps" and e["choice"] == "use"}
        return index_of(ev, lambda e: e["event"] == "execute" and e["player"] == "1st Division"
                        and (e["decq"], e["kard"]) in used)

    def test_a_shared_card_executing_an_order_for_the_holder(self):
        # The corps commander's card, used by him, executing the 1st Division's order that the division commander
        # acts on himself on the same card: one card, one execution.
        ev, r = pload(P_SHARED)
        i = self.division_execution_on_a_used_corps_card(ev)
        ev[i]["player"] = "Corps"
        ev[i]["cost"] = 0
        ev[i]["ip"] = None
        self.assertReports(ev, r, i, "same deck", "shares the deck and acts on its cards")

    def test_a_division_sharing_no_card_its_holder_kept(self):
        # shared_card = turned: a card the corps commander keeps is the divisions' all the same.
        ev, r = pload(P_SHARED)
        i = index_of(ev, lambda e: e["event"] == "shares" and e["uses"])
        ev[i]["uses"] = False
        self.assertReports(ev, r, i, "shared_card = turned")

    def test_a_division_sharing_a_card_under_used_that_its_holder_kept(self):
        ev, r = pload(P_SHARED)
        r = dict(r, shared_card="used")
        kept = {(e["decq"], e["kard"]) for e in ev
                if e["event"] == "turn" and e["player"] == "Corps" and e["choice"] != "use"}
        i = index_of(ev, lambda e: e["event"] == "shares" and (e["decq"], e["kard"]) in kept)
        self.assertReports(ev, r, i, "shared_card = used")

    def test_a_division_with_a_deal_of_its_own(self):
        ev, r = pload(P_SHARED)
        i = self.first(ev, "player", player="1st Division")
        ev[i]["shares_deck"] = None
        self.assertReports(ev, r, i, "shares the deck")

    def test_decq_start_ip_off(self):
        ev, r = pload(P_DEFAULTS)
        i = self.first(ev, "decq_start", decq=2)
        ev[i]["ip_a"] = [ev[i]["ip_a"][0] + 1]
        self.assertReports(ev, r, i, "decq_start")

    # orders and executions
    def test_execution_by_the_wrong_card(self):
        ev, r = pload(P_DEFAULTS)
        i = self.first(ev, "execute", order="deploy")
        ev[i]["order"] = "maneuver"
        self.assertReports(ev, r, i, "needs maneuver")

    def test_execution_of_a_regiment_the_player_does_not_command(self):
        ev, r = pload(P_CORPS)
        i = index_of(ev, lambda e: e["event"] == "execute" and e["player"] == "1st Division" and e["order"] == "move")
        ev[i]["regiment"] = "3rd Line"  # infantry of the 2nd Division
        self.assertReports(ev, r, i, "does not command")

    def test_order_not_the_plans_next(self):
        ev, r = pload(P_DEFAULTS)
        i = self.first(ev, "order", order="maneuver")
        ev[i]["order"] = "move"
        self.assertReports(ev, r, i, "plan's next order is maneuver")

    def test_order_without_an_officer_check(self):
        ev, r = pload(P_DEFAULTS)
        i = self.first(ev, "order")
        self.assertEqual(ev[i - 1]["event"], "officer_check")
        ev[i - 1]["action"] = "cast"
        self.assertReports(ev, r, i, "Officer Check")

    def test_performance_cast_reading_wrong(self):
        ev, r = pload(P_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "execute" and e["casts"] and len(e["casts"][0]) > 1
                     and sorted(e["casts"][0])[-1] != sorted(e["casts"][0])[-2])
        ev[i]["removed"][0] = sorted(ev[i]["casts"][0])[-2]
        self.assertReports(ev, r, i, "reads")

    def test_extra_cast_free(self):
        ev, r = pload(P_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "execute" and len(e["casts"]) == 2 and e["figure"] == 0)
        ev[i]["ip"] += ev[i]["cost"]
        ev[i]["cost"] = 0
        self.assertReports(ev, r, i, "extra casts")

    def test_chips_not_carried(self):
        ev, r = pload(P_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "execute" and e["chips_left"] > 0)
        j = self.first(ev, "execute", i + 1, regiment=ev[i]["regiment"])
        ev[j]["chips"] += 1
        self.assertReports(ev, r, j, "chips")

    # rallies and removals
    def test_rally_failures_miscounted(self):
        ev, r = pload(P_DEFAULTS)
        i = index_of(ev, lambda e: e["event"] == "rally" and e["boxes_left"] > 0)
        ev[i]["failures"] -= 1
        self.assertReports(ev, r, i, "fails")

    def test_rally_with_the_wrong_need(self):
        ev, r = pload(P_DEFAULTS)
        i = self.first(ev, "rally", kind="defeated")
        ev[i]["kind"], ev[i]["need"] = "sound", 4
        self.assertReports(ev, r, i, "sound rally")

    def test_removed_regiment_rallied_again(self):
        ev, r = pload(P_DEFAULTS)
        k = self.first(ev, "status", to="removed")
        e = copy.deepcopy(ev[k - 1])
        self.assertEqual(e["event"], "rally")
        ev.insert(k + 1, e)
        self.assertReports(ev, r, k + 1, "acts again")

    def test_dress_lines_rally_only_under_the_option(self):
        ev, r = pload(P_DRESS)
        i = self.first(ev, "rally")
        r = dict(r, dress_lines_rally=False)
        self.assertReports(ev, r, i, "Officer Check")

    # assaults
    def test_assault_combined_cast_wrong(self):
        ev, r = pload(P_BATTERY)
        i = index_of(ev, lambda e: e["event"] == "assault_round" and len(e["attackers"]) == 2)
        ev[i]["combined"] = min(ev[i]["attacker_casts"])
        ev[i]["defender_elan"] += max(ev[i]["attacker_casts"]) - min(ev[i]["attacker_casts"])
        self.assertReports(ev, r, i, "combine")

    def test_bombardment_out_of_range(self):
        ev, r = pload(P_BATTERY)
        i = self.first(ev, "volley", kind="bombardment")
        j = self.first(ev, "regiment", regiment=ev[i]["target"])
        ev[j]["at"] = 40
        self.assertReports(ev, r, j, "opens at")

    # records and the end
    def test_record_disagrees(self):
        ev, r = pload(P_DEFAULTS)
        i = self.first(ev, "record")
        ev[i + 1]["ip_spent_a"] += 1
        self.assertReports(ev, r, i + 1, "ip_spent_a")

    def test_record_volleys_disagree(self):
        ev, r = pload(P_CORPS)
        i = self.first(ev, "record")
        ev[i]["volleys_b"] += 1
        self.assertReports(ev, r, i, "volleys_b")

    def test_game_end_elan_off(self):
        ev, r = pload(P_DEFAULTS)
        i = self.first(ev, "game_end")
        ev[i]["elan_a"][0] += 1
        self.assertReports(ev, r, i, "elan_a")

    def test_read_cast_follows_the_texts_example(self):
        # "a reliable line regiment will cast 2d8; if the cast is a 4 and a 6, the final die value is 6 ...
        # down one step, the result would be 4; down two steps would be 2; down three steps, 1; and down four
        # steps would be 0."
        self.assertEqual([piquet.read_cast([4, 6], -k) for k in range(5)], [6, 4, 2, 1, 0])
        # "a veteran elite regiment (3d10) up one step would be 4d10, up two steps would be 4d10 plus 1d12"
        self.assertEqual(piquet.up_dice(10, 3, 2, "next_type"), [10, 10, 10, 10, 12])


if __name__ == "__main__":
    unittest.main()
