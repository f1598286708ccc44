"""Piquet Regimental's deployments and the optional Skirmish Engagement (piquet_deploy.py: `deployment`, `deploys`,
skirmishing cavalry's fire, `skirmishers_cast`, barred skirmisher assaults, prepared_step): a real trace passes, and
each corruption of it is reported.

    python3 -m unittest discover -s tests/checker
"""

import copy
import os
import sys
import types
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import check_traces  # noqa: E402
from fixture import MANIFEST, CheckerCase, index_of, read_events  # noqa: E402
import piquet  # noqa: E402
import piquet_deploy  # noqa: E402

# The commands that made this file's fixtures (`fortunes replay ... --json -j 1`, in fixtures.json too).
DEPLOY_FIXTURES = {
    # --scenario skirmishers, prepared_step=-1, game 16: a's 2nd Line's Move (its target the Line at 16", ordered into
    # the copse's near edge, 9") is barred by the skirmishing Voltigeurs (10", not its goal): it comes up to 7", takes
    # their cast [7, 4, 6] as 7 chips, and when those are gone the Voltigeurs fall back from 11" to 13" (1" outside
    # Engagement range of the copse's edge, beyond its far edge, 11") and it moves on into the copse (`horizon`); a's
    # 1st Line, whose target the Voltigeurs are, moves up to them with no cast; b's Line deploys into Prepared to
    # Receive Cavalry and out of it again (9.3" kept), a's Hussars assault it prepared; a's skirmishing Chasseurs (4"
    # formed, 6" skirmishing) assault the Voltigeurs (6.6" skirmishing) straight in and fire; a's 1st Line, under an
    # Assault order halted at the copse's edge (9"), comes up to the Voltigeurs' Engagement range (10", they stand at
    # 13" in the open) and takes their cast [4, 8, 8] as 8 chips, its next execution starting from them.
    "piquet-skirmishers-g16.jsonl": ["piquet", "--game", "16", "--seed", "1", "--scenario", "skirmishers",
                                     "--set", "prepared_step=-1"],
    # fixtures/piquet-skirmish.toml, game 1: a's formed Grenadiers (at 5") assault b's skirmishing Tirailleurs, who
    # came up to Engagement range of a's Chasseurs (a barred assault: `engages`, ordered to idle) and stand at 3",
    # behind them: not "between them and the formed unit's objective", so the Grenadiers go straight in (no `moves`
    # skirmishers, no cast), taking them in the rear; a's skirmishing Light Infantry, whose assault on the formed Line
    # is barred, take it unopposed (`objective_taken`) while it is defeated (it may not resist).
    "piquet-skirmish-g1.jsonl": ["piquet", "--game", "1", "--seed", "1", "--scenario",
                                 "tests/checker/fixtures/piquet-skirmish.toml"],
    # fixtures/piquet-skirmish-waves.toml, game 23: a's formed Lancers out-cast b's skirmishing Voltigeurs 6 to 3 on
    # their first round and attempt no breakthrough (the Voltigeurs are not formed); the skirmishing Scouts, their
    # second line, relieve them against the Voltigeurs and cast 3 to 8 on their first round (no breakthrough: they
    # skirmish); a's formed Lead breaks through b's formed Foot (30%, roll 19), and its skirmishing second line,
    # Second, follows it through against the Foot, defeated by cavalry (it may not resist): barred from assaulting the
    # formed Foot, but a target that may not resist is taken unopposed (`objective_taken`), as by any attacker.
    "piquet-skirmish-waves-g23.jsonl": ["piquet", "--game", "23", "--seed", "1", "--scenario",
                                        "tests/checker/fixtures/piquet-skirmish-waves.toml"],
    # fixtures/piquet-skirmish.toml, game 12: a's formed Grenadiers (at 5"), already Engaged with b's skirmishing
    # Tirailleurs (8"), are given an Assault order on them and take their cast [6, 7, 7] at once, right after the order
    # ("If already Engaged with skirmishers when ordered to move, the additional cast is taken immediately"): the
    # order's 4 chips and 7, 11, the next execution's; the Tirailleurs' own barred assault then takes them up to 3"
    # (`engages`, ordered to idle, no `closing`), behind the Grenadiers, who go in with no second cast.
    "piquet-skirmish-g12.jsonl": ["piquet", "--game", "12", "--seed", "1", "--scenario",
                                  "tests/checker/fixtures/piquet-skirmish.toml"],
    # fixtures/piquet-skirmish-prepared.toml, game 0: a's skirmishing Light Infantry (6") deploys into Prepared to
    # Receive Cavalry at its formed frontage (4"), and back into skirmish order; its barred assault on the defeated
    # Line takes it unopposed (`objective_taken`).
    "piquet-skirmish-prepared-g0.jsonl": ["piquet", "--game", "0", "--seed", "1", "--scenario",
                                          "tests/checker/fixtures/piquet-skirmish-prepared.toml"],
}
P_SKIRMISHERS = "piquet-skirmishers-g16.jsonl"
P_IMMEDIATE = "piquet-skirmish-g12.jsonl"
P_PREPARED = "piquet-skirmish-prepared-g0.jsonl"
P_BEHIND = "piquet-skirmish-g1.jsonl"
P_WAVES = "piquet-skirmish-waves-g23.jsonl"


def dload(name=P_SKIRMISHERS):
    events = read_events(name)
    rules = check_traces.rules_of(piquet, {}, MANIFEST.get(name, DEPLOY_FIXTURES[name])[1:])
    return events, rules


class PiquetDeployTest(CheckerCase):
    MODEL = piquet

    def first(self, ev, event, start=0, **kw):
        return index_of(ev, lambda e: e["event"] == event and all(e.get(k) == v for k, v in kw.items()), start)

    def test_fixtures_pass_and_exercise_the_skirmish_engagement(self):
        stats = {}
        for name, cmd in DEPLOY_FIXTURES.items():
            self.assertEqual(MANIFEST.get(name), cmd, name)
            ev, r = dload(name)
            self.assertEqual(piquet.check(ev, r, stats), [], name)
        for k in ("deploys formed to prepared", "deploys prepared to formed", "skirmishers casts", "moves skirmishers",
                  "volleys by skirmishing cavalry", "cavalry casts against prepared infantry",
                  "assaults on skirmishers by skirmish cavalry", "regiments opening in skirmish order",
                  "formed infantry in on skirmishers behind it, no cast", "assaults on skirmishers by formed cavalry",
                  "skirmishing second lines sent in", "second line relieves", "breakthroughs"):
            self.assertTrue(stats.get(k), k)

    def test_every_regiment_event_tells_its_deployment(self):
        # a trace with places across tells every regiment's deployment (the fixtures regenerated with it); only a
        # one-axis trace, from before deployments were told, is read all formed
        ev, r = dload()
        i = self.first(ev, "regiment", regiment="Line")
        self.assertEqual(ev[i]["deployment"], "formed")
        del ev[i]["deployment"]
        self.assertReports(ev, r, i, "'Line''s regiment event has `y` and `frontage` but no `deployment`",
                           "`deployment` how it stands")
        for name in MANIFEST:
            if name.startswith("piquet-"):
                self.assertTrue(all("deployment" in e for e in read_events(name) if e["event"] == "regiment"), name)

    # the opening
    def test_a_skirmish_frontage_not_half_again_the_most(self):
        self.assertEqual(piquet_deploy.skirmish_width(44), 66)  # 1000 men, 3 ranks: 4.4" cut, 6.6" skirmishing
        self.assertEqual(piquet_deploy.skirmish_width(93), 140)  # 13.95" rounded up to a tenth
        ev, r = dload()
        i = self.first(ev, "regiment", regiment="Voltigeurs")
        self.assertEqual((ev[i]["deployment"], ev[i]["frontage"]), ("skirmish", 6.6))
        ev[i]["frontage"] = 4.4  # its formed frontage
        self.assertReports(ev, r, i, "'Voltigeurs''s frontage is 4.4\"", "in skirmish order gives 6.6\"",
                           "50% greater than its maximum, formed frontage")
        ev, r = dload()
        i = self.first(ev, "regiment", regiment="Chasseurs")
        ev[i]["frontage"] = 4.0
        self.assertReports(ev, r, i, "'Chasseurs''s frontage is 4.0\"", "cavalry in skirmish order gives 6.0\"")

    def test_a_deployment_not_the_scenarios(self):
        ev, r = dload()
        i = self.first(ev, "regiment", regiment="Voltigeurs")
        ev[i]["deployment"] = "formed"
        self.assertReports(ev, r, i, "'Voltigeurs' opens formed, the scenario says skirmish", "Prepared to Receive")

    def test_formed_cavalry_opening_loaded(self):
        ev, r = dload()
        i = self.first(ev, "regiment", regiment="Hussars")
        self.assertFalse(ev[i]["loaded"])
        ev[i]["loaded"] = True
        self.assertReports(ev, r, i, "cavalry 'Hussars' opens loaded, formed", "skirmishing cavalry command")

    # Deploy orders
    def test_a_deploys_at_the_wrong_frontage(self):
        ev, r = dload()
        i = self.first(ev, "deploys", regiment="Line", to="prepared")
        self.assertEqual((ev[i]["frontage_from"], ev[i]["frontage"]), (9.3, 9.3))  # prepared: its frontage kept
        ev[i]["frontage"] = 5.8
        self.assertReports(ev, r, i, "'Line''s Deploy order 1", "makes it prepared at 5.8\"",
                           "it is prepared at 9.3\"", "preparing infantry to receive cavalry")
        ev, r = dload()
        i = self.first(ev, "deploys", regiment="Line", to="formed")
        ev[i]["frontage"] = 8.0
        self.assertReports(ev, r, i, "'Line''s Deploy order 2", "makes it formed at 8.0\"", "it is formed at 9.3\"")
        ev, r = dload()
        i = self.first(ev, "deploys", regiment="Line", to="prepared")
        ev[i]["frontage_from"] = 5.8
        self.assertReports(ev, r, i, "'Line' deploys from formed at 5.8\"; it stands formed at 9.3\"")

    def test_a_deploys_out_of_turn(self):
        # deploy_to = ["prepared", "formed"]: the first Deploy order prepares it, the second forms it
        ev, r = dload()
        i = self.first(ev, "deploys", regiment="Line", to="prepared")
        ev[i]["to"] = "formed"
        self.assertReports(ev, r, i, "'Line''s Deploy order 1 (deploy_to ['prepared', 'formed']: 'prepared') makes it "
                                     "formed at 9.3\"; it is prepared at 9.3\"")
        ev, r = dload()
        ev[i]["to"] = "skirmish"
        self.assertReports(ev, r, i, "'Line', not skirmishers, deploys into skirmish order",
                           "limited to specific units")

    def test_a_deploy_order_untold_or_told_without_deploy_to(self):
        ev, r = dload()
        i = self.first(ev, "deploys", regiment="Line")
        del ev[i]
        j = index_of(ev, lambda e: e["event"] in piquet._Game.SETTLE, i)  # told by the next settling event
        self.assertReports(ev, r, j, "'Line' completed a Deploy order (deploy_to ['prepared', 'formed']: 'prepared') "
                                     "and told no `deploys`")
        # the Voltigeurs' Deploy orders change nothing (no deploy_to)
        ev, r = dload()
        i = index_of(ev, lambda e: e["event"] == "execute" and e["regiment"] == "Voltigeurs" and e["order"] == "deploy"
                     and e["chips_left"] == 0)
        ev.insert(i + 1, dict(ev[i], event="deploys", **{"from": "skirmish", "to": "formed", "frontage_from": 6.6,
                                                          "frontage": 4.4}))
        for k in ("player", "with", "order", "chips", "figure", "bought", "casts", "removed", "chips_left", "cost",
                  "ip"):
            del ev[i + 1][k]
        self.assertReports(ev, r, i + 1, "'Voltigeurs' deploys with no Deploy order completed on this KARD (and no "
                                         "deploy_to: a Deploy order changes nothing)")
        # nor one of a regiment executing no Deploy order
        ev, r = dload()
        i = self.first(ev, "deploys", regiment="Line")
        ev.insert(i + 1, copy.deepcopy(ev[i]))
        self.assertReports(ev, r, i + 1, "'Line' deploys with no Deploy order completed on this KARD")

    # fire
    def test_a_formed_cavalry_volley(self):
        ev, r = dload()
        i = self.first(ev, "volley", regiment="Chasseurs")
        f = i - 1
        self.assertEqual((ev[f]["event"], ev[f]["regiments"]), ("fire", ["Chasseurs"]))
        ev[f]["regiments"] = ["Hussars"]
        ev[i]["regiment"] = "Hussars"
        self.assertReports(ev, r, i, "cavalry 'Hussars' fires, formed", "or skirmishing cavalry command",
                           "cavalry out of skirmish order is unloaded and never fires")

    def test_skirmishing_cavalry_fires_musketry(self):
        ev, r = dload()
        i = self.first(ev, "volley", regiment="Chasseurs")
        self.assertEqual(ev[i]["kind"], "musketry")
        ev[i]["kind"] = "artillery"
        self.assertReports(ev, r, i, "a artillery volley of 'Chasseurs'", "not musketry")

    # formed infantry going through skirmishers
    def test_a_skirmishers_cast_for_cavalry(self):
        ev, r = dload()
        i = self.first(ev, "skirmishers_cast")
        ev[i]["regiment"] = "Hussars"
        self.assertReports(ev, r, i, "cavalry 'Hussars' (formed) takes the skirmishers' cast; only formed infantry "
                                     "goes through", "formed cavalry \"do not pay the additional movement chip")

    def test_skirmishers_cast_chips_not_the_highest_die(self):
        ev, r = dload()
        i = self.first(ev, "skirmishers_cast", regiment="1st Line")
        self.assertEqual((ev[i]["dice"], ev[i]["chips"]), ([4, 8, 8], 8))
        ev[i]["chips"] = 4
        self.assertReports(ev, r, i, "'Voltigeurs''s unmodified cast [4, 8, 8] reads 8, the event says 4 chips",
                           "the highest die cast")
        ev, r = dload()
        ev[i]["dice"] = [4, 8]  # line,veteran: 3d8
        self.assertReports(ev, r, i, "'Voltigeurs''s unmodified cast is [4, 8], not 3d8")
        # the same under a Move order (the 2nd Line's)
        ev, r = dload()
        i = self.first(ev, "skirmishers_cast", regiment="2nd Line")
        self.assertEqual((ev[i]["dice"], ev[i]["chips"]), ([7, 4, 6], 7))
        ev[i]["chips"] = 6
        self.assertReports(ev, r, i, "'Voltigeurs''s unmodified cast [7, 4, 6] reads 7, the event says 6 chips")

    def test_the_next_execution_not_from_the_skirmishers_chips(self):
        ev, r = dload()
        i = self.first(ev, "skirmishers_cast", regiment="1st Line")
        j = self.first(ev, "execute", i, regiment="1st Line")
        self.assertEqual(ev[j]["chips"], 8)
        ev[j]["chips"] = 6  # the scenario's assault chips
        self.assertReports(ev, r, j, "'1st Line''s assault order has 8 chips left, the execution says 6")
        # a Move's too: the 2nd Line's next execution starts from the Voltigeurs' 7
        ev, r = dload()
        i = self.first(ev, "skirmishers_cast", regiment="2nd Line")
        j = self.first(ev, "execute", i, regiment="2nd Line")
        self.assertEqual(ev[j]["chips"], 7)
        ev[j]["chips"] = 8  # the scenario's move chips
        self.assertReports(ev, r, j, "'2nd Line''s move order has 7 chips left, the execution says 8")

    def test_a_skirmishers_cast_out_of_engagement_range(self):
        ev, r = dload()
        i = self.first(ev, "skirmishers_cast", regiment="1st Line")
        self.assertEqual((ev[i - 1]["why"], ev[i - 1]["from"], ev[i - 1]["to"]), ("skirmishers", 9, 10))
        del ev[i - 1]  # still at 9", the Voltigeurs at 13"
        self.assertReports(ev, r, i - 1, "'1st Line' takes the cast of 'Voltigeurs' from 9, outside its Engagement "
                                         "range (3)", "move the formed unit into Engagement range")
        ev, r = dload()
        ev[i - 1]["to"] = 11
        self.assertReports(ev, r, i - 1, "'1st Line' moves (skirmishers) from 9 to 11; up to Engagement range (3) of "
                                         "'Voltigeurs' at 13 is 10")

    def test_formed_infantry_going_in_without_going_through(self):
        ev, r = dload()
        i = self.first(ev, "skirmishers_cast", regiment="1st Line")
        # for the move up and the cast: into contact at once
        ev[i - 1:i + 1] = [{"event": "status", "decq": ev[i]["decq"], "kard": ev[i]["kard"], "side": "a",
                            "regiment": "1st Line", "from": "ordered", "to": "closing"}]
        self.assertReports(ev, r, i - 1, "'1st Line''s Assault order, its chips gone, goes closing without going "
                                         "through", "'Voltigeurs' (infantry skirmish, in the open",
                           "the result is given to the formed unit as additional movement chips")

    def test_a_second_skirmishers_cast(self):
        ev, r = dload()
        i = self.first(ev, "skirmishers_cast", regiment="1st Line")
        j = self.first(ev, "execute", i, regiment="1st Line")
        self.assertEqual(ev[j]["chips_left"], 0)
        ev.insert(j + 1, dict(ev[i], decq=ev[j]["decq"], kard=ev[j]["kard"]))
        self.assertReports(ev, r, j + 1, "'1st Line' takes the skirmishers' cast a second time on one Assault order")

    # a Move of formed infantry through skirmishers
    def test_a_move_through_cast_of_its_own_goal(self):
        # the 1st Line's Move goes up to the Voltigeurs, its target: they are its goal, not skirmishers in its way
        ev, r = dload()
        i = self.first(ev, "moves", regiment="1st Line")
        self.assertEqual((ev[i]["why"], ev[i]["from"], ev[i]["to"], ev[i + 1]["to"]), ("move", 0, 7, "idle"))
        ev[i]["why"] = "skirmishers"
        ev[i + 1] = {"event": "skirmishers_cast", "decq": ev[i]["decq"], "kard": ev[i]["kard"], "side": "a",
                     "regiment": "1st Line", "skirmishers": "Voltigeurs", "dice": [3, 5, 2], "chips": 5}
        self.assertReports(ev, r, i, "'1st Line' moves (skirmishers) from 0 to 7 under a Move order: 'Voltigeurs', "
                                     "the first enemy in its way, is its Move's goal",
                           "when the first enemy ahead or level that would stop it is skirmishers, not its goal")
        # the cast alone, after its move (idle): no Move order's chips on it
        ev, r = dload()
        ev.insert(i + 1, {"event": "skirmishers_cast", "decq": ev[i]["decq"], "kard": ev[i]["kard"], "side": "a",
                          "regiment": "1st Line", "skirmishers": "Voltigeurs", "dice": [3, 5, 2], "chips": 5})
        self.assertReports(ev, r, i + 1, "takes the cast of 'Voltigeurs' under a Move order: 'Voltigeurs', the first "
                                         "enemy in its way, is its Move's goal")
        # nor is its goal's cast taken in place of the skirmishers' in the 2nd Line's way
        ev, r = dload()
        i = self.first(ev, "skirmishers_cast", regiment="2nd Line")
        ev[i]["skirmishers"] = "Line"
        self.assertReports(ev, r, i, "'2nd Line' takes the cast of 'Line' under a Move order: 'Line', the first enemy "
                                     "in its way, is its Move's goal")

    def test_a_move_completing_without_the_cast_of_skirmishers_barring_it(self):
        ev, r = dload()
        i = self.first(ev, "skirmishers_cast", regiment="2nd Line")
        self.assertEqual((ev[i - 1]["why"], ev[i - 1]["from"], ev[i - 1]["to"]), ("skirmishers", 0, 7))
        # moved up to the Voltigeurs as a Move completed, idle
        ev[i - 1]["why"] = "move"
        ev[i] = {"event": "status", "decq": ev[i]["decq"], "kard": ev[i]["kard"], "side": "a", "regiment": "2nd Line",
                 "from": "ordered", "to": "idle"}
        self.assertReports(ev, r, i - 1, "'2nd Line''s completed Move order moves (move) without taking the cast of "
                                         "'Voltigeurs' barring its way", "ordered to 9 (Copse's near edge)",
                           "the first enemy ahead or level that would stop it is skirmishers")
        # neither moved nor cast: the order still ordered at the KARD's settling
        ev, r = dload()
        del ev[i - 1:i + 1]
        self.assertReports(ev, r, None, "'2nd Line''s completed Move order is done without taking the cast of "
                                        "'Voltigeurs' barring its way")
        # moved up, no cast
        ev, r = dload()
        del ev[i]
        self.assertReports(ev, r, None, "'2nd Line''s completed Move order is done without taking the cast")
        # and moved up short of their Engagement range
        ev, r = dload()
        ev[i - 1]["to"] = 6
        self.assertReports(ev, r, i - 1, "'2nd Line' moves (skirmishers) from 0 to 6 under a Move order; up to "
                                         "Engagement range (3) of 'Voltigeurs' is 7")

    def test_skirmishers_falling_back_to_the_wrong_place(self):
        ev, r = dload()
        i = self.first(ev, "moves", why="falls_back")
        self.assertEqual((ev[i]["regiment"], ev[i]["from"], ev[i]["to"]), ("Voltigeurs", 11, 13))
        self.assertEqual((ev[i + 1]["regiment"], ev[i + 1]["why"], ev[i + 1]["to"]), ("2nd Line", "horizon", 9))
        ev[i]["to"] = 12  # past the copse's far edge (11) only: not 1" outside Engagement range of its edge (9)
        self.assertReports(ev, r, i, "'Voltigeurs' falls back from 11 to 12; from '2nd Line''s Move ordered to 9 "
                                     "('Copse', far edge 11) it falls back to 13", "fall back to the far side")
        # not at all: the 2nd Line moves on with them still in its way
        ev, r = dload()
        del ev[i]
        self.assertReports(ev, r, i, "'2nd Line''s completed Move order moves (horizon), 'Voltigeurs' not having "
                                     "fallen back to 13 (it stands at 11)")
        # nor with no Move completing through them
        ev, r = dload()
        j = self.first(ev, "moves", why="move", regiment="Hussars")
        ev.insert(j, dict(ev[i], decq=ev[j]["decq"], kard=ev[j]["kard"], **{"from": 10, "to": 13}))
        self.assertReports(ev, r, j, "'Voltigeurs' falls back from 10 to 13, no formed infantry's Move order it "
                                     "barred completing again on this KARD")

    # skirmishers "between them and the formed unit's objective": ahead of the formed infantry or level
    def test_formed_infantry_going_in_on_skirmishers_behind_it(self):
        ev, r = dload(P_BEHIND)
        i = self.first(ev, "assault_begins", attacker="Grenadiers", defender="Tirailleurs")
        self.assertEqual(ev[i - 1]["to"], "closing")
        self.assertEqual(ev[i + 1]["why"], "assault")
        self.assertEqual((ev[i + 1]["from"], ev[i + 1]["to"]), (5, 3))  # side a at 5", the Tirailleurs at 3": behind
        self.assertEqual(piquet.check(ev, r), [])
        # their cast as chips, the skirmishers behind it: an error
        ev, r = dload(P_BEHIND)
        j = i - 1
        ev.insert(j, {"event": "skirmishers_cast", "decq": ev[j]["decq"], "kard": ev[j]["kard"], "side": "a",
                      "regiment": "Grenadiers", "skirmishers": "Tirailleurs", "dice": [3, 5, 2], "chips": 5})
        self.assertReports(ev, r, j, "side a's 'Grenadiers' at 5 takes the cast of 'Tirailleurs' at 3, behind it",
                           "skirmishers that are between them and the formed unit's objective")
        # nor does it come up to them first
        ev, r = dload(P_BEHIND)
        ev.insert(j, {"event": "moves", "decq": ev[j]["decq"], "kard": ev[j]["kard"], "side": "a",
                      "regiment": "Grenadiers", "from": 5, "to": 4, "y_from": None, "y_to": None,
                      "why": "skirmishers"})
        self.assertReports(ev, r, j, "'Grenadiers' moves (skirmishers), not going through skirmishers",
                           "they stand behind it ('Tirailleurs' at 3, 'Grenadiers' at 5)",
                           "skirmishers that are between them and the formed unit's objective")
        # "between": ahead of it or level with it along the axis, each side facing the other
        ns = types.SimpleNamespace
        between = piquet_deploy.Deploy.between
        self.assertTrue(between(None, ns(side="a", at=5), ns(at=5)))
        self.assertTrue(between(None, ns(side="a", at=5), ns(at=9)))
        self.assertFalse(between(None, ns(side="a", at=5), ns(at=3)))
        self.assertTrue(between(None, ns(side="b", at=9), ns(at=9)))
        self.assertTrue(between(None, ns(side="b", at=9), ns(at=3)))
        self.assertFalse(between(None, ns(side="b", at=9), ns(at=10)))

    # breakthroughs: "Battle cavalry that Assaults formed cavalry, infantry or artillery"
    def breakthrough_after(self, ev, i, regiment, defender_elan):
        g = ev[i]["attackers"].index(regiment)
        diff = ev[i]["attacker_casts"][g] - ev[i]["defender_cast"]
        return {"event": "breakthrough", "decq": ev[i]["decq"], "kard": ev[i]["kard"], "side": ev[i]["side"],
                "regiment": regiment, "chance": 5 * max(diff, 1), "roll": 100, "through": False, "d8": None,
                "d4": None, "elan": ev[i]["attacker_elan"][g], "defender_elan": defender_elan}

    def test_no_breakthrough_against_skirmishers(self):
        ev, r = dload(P_WAVES)
        i = index_of(ev, lambda e: e["event"] == "assault_round" and e["attackers"] == ["Lancers"])
        self.assertEqual((ev[i]["defender"], ev[i]["attacker_casts"], ev[i]["defender_cast"]), ("Voltigeurs", [6], 3))
        self.assertNotEqual(ev[i + 1]["event"], "breakthrough")  # out-cast on the first round, no attempt
        ev.insert(i + 1, self.breakthrough_after(ev, i, "Lancers", ev[i]["defender_elan"]))
        self.assertReports(ev, r, i + 1, "'Lancers' (cavalry formed) attempts a breakthrough on 'Voltigeurs' "
                                         "(infantry skirmish)", "Battle cavalry that Assaults formed cavalry")
        # nor by skirmishing cavalry (which may Assault only skirmishers): the Scouts' first round
        ev, r = dload(P_WAVES)
        i = index_of(ev, lambda e: e["event"] == "assault_round" and e["attackers"] == ["Scouts"])
        ev.insert(i + 1, self.breakthrough_after(ev, i, "Scouts", ev[i]["defender_elan"]))
        self.assertReports(ev, r, i + 1, "'Scouts' (cavalry skirmish) attempts a breakthrough on 'Voltigeurs'",
                           "never attempts one")
        # a formed defender's breakthrough stands
        ev, r = dload(P_WAVES)
        i = self.first(ev, "breakthrough", regiment="Lead")
        self.assertEqual((ev[i]["through"], ev[i - 1]["defender"]), (True, "Foot"))

    def test_a_skirmishing_second_line_sent_against_formed_troops(self):
        ev, r = dload(P_WAVES)
        i = self.first(ev, "breakthrough", regiment="Lead", through=True)
        # following its lead through the Foot, defeated by cavalry (it may not resist): taken unopposed
        j = self.first(ev, "second_line", regiment="Second")
        self.assertEqual((ev[j]["why"], ev[j]["target"], ev[j - 1]["event"], ev[j + 2]["event"]),
                         ("follows_breakthrough", "Foot", "assault_ends", "objective_taken"))
        # the Foot still formed (made fighting on: its defeat and withdrawal taken out): it resists, barred
        k = self.first(ev, "status", i, regiment="Foot", to="defeated_by_cavalry")
        self.assertEqual(ev[k - 1]["why"], "withdraws")
        del ev[k - 1:k + 1]
        self.assertEqual(ev[j - 2]["event"], "second_line")
        self.assertReports(ev, r, j - 2, "second line 'Second' sent in (follows_breakthrough): 'Second' (cavalry "
                                         "skirmish) assaults 'Foot' (infantry formed",
                           "Skirmishing units can Assault only other skirmishing units",
                           "It may also automatically Assault any unit that the lead regiment has broken-through")
        # relieving its lead against the formed Foot
        ev, r = dload(P_WAVES)
        ev.insert(i, {"event": "second_line", "decq": ev[i]["decq"], "kard": ev[i]["kard"], "side": "a",
                      "regiment": "Second", "lead": "Lead", "target": "Foot", "why": "relieves"})
        self.assertReports(ev, r, i, "second line 'Second' sent in (relieves): 'Second' (cavalry skirmish) assaults "
                                     "'Foot' (infantry formed")
        # the skirmishing Scouts relieving the Lancers against the skirmishing Voltigeurs pass
        ev, r = dload(P_WAVES)
        j = self.first(ev, "second_line", regiment="Scouts")
        self.assertEqual((ev[j]["why"], ev[j]["target"]), ("relieves", "Voltigeurs"))

    # skirmishers' assaults
    def test_a_barred_skirmisher_assault_that_begins(self):
        # "Skirmishing units can Assault only other skirmishing units": the skirmishing Chasseurs on the Line
        ev, r = dload()
        i = self.first(ev, "assault_begins", attacker="Chasseurs")
        self.assertEqual(ev[i]["defender"], "Voltigeurs")
        ev[i]["defender"] = "Line"
        self.assertReports(ev, r, i, "assault_begins: 'Chasseurs' (cavalry skirmish) assaults 'Line' (infantry "
                                     "prepared, in the open", "Skirmishing units can Assault only other skirmishing units")

    def test_a_barred_move_up_not_barred(self):
        ev, r = dload()
        i = self.first(ev, "moves", why="skirmishers", regiment="1st Line")
        ev[i]["why"] = "engages"
        self.assertReports(ev, r, i, "'1st Line' moves (engages), its assault not barred: '1st Line' (infantry "
                                     "formed) assaults 'Voltigeurs'")

    # skirmishers screen only while idle or ordered ("Assaults, once started, are fought out continuously")
    def test_skirmishers_not_idle_or_ordered_screen_nothing(self):
        ev, r = dload()
        i = self.first(ev, "moves", why="skirmishers", regiment="1st Line")
        self.assertEqual(ev[i + 1]["event"], "skirmishers_cast")
        for status in ("closing", "shaken"):
            ev, r = dload()
            ev.insert(i - 1, {"event": "status", "decq": ev[i]["decq"], "kard": ev[i]["kard"], "side": "b",
                              "regiment": "Voltigeurs", "from": "idle", "to": status})
            self.assertReports(ev, r, i + 1, "'1st Line' moves (skirmishers), not going through skirmishers",
                               "they are %s and screen nothing" % status, "fought out continuously")
        # nor fall back from a Move they barred: the Voltigeurs closing on the 2nd Line's completion
        ev, r = dload()
        i = self.first(ev, "moves", why="falls_back", regiment="Voltigeurs")
        self.assertEqual(ev[i - 1]["event"], "execute")
        ev.insert(i - 1, {"event": "status", "decq": ev[i]["decq"], "kard": ev[i]["kard"], "side": "b",
                          "regiment": "Voltigeurs", "from": "idle", "to": "closing"})
        self.assertReports(ev, r, i + 1, "'Voltigeurs' falls back from 11 to 13, no formed infantry's Move order it "
                                         "barred", "it is closing and screens nothing", "fought out continuously")

    # "If already Engaged with skirmishers when ordered to move, the additional cast is taken immediately"
    def test_a_cast_at_once_not_taken(self):
        ev, r = dload(P_IMMEDIATE)
        i = self.first(ev, "skirmishers_cast", regiment="Grenadiers")
        self.assertEqual([ev[i - 2]["event"], ev[i - 2]["order"], ev[i - 1]["to"]], ["order", "assault", "ordered"])
        del ev[i]
        j = index_of(ev, lambda e: e["event"] in piquet._Game.SETTLE, i)
        self.assertReports(ev, r, j, "'Grenadiers', given an assault order within Engagement range (3) of "
                                     "'Tirailleurs', takes no cast at once", "the additional cast is taken immediately")
        # taken only on a later KARD: reported at the order after it, as soon as the order is told
        ev, r = dload(P_IMMEDIATE)
        c = ev.pop(i)
        self.assertEqual(ev[i]["event"], "order")
        k = self.first(ev, "turn", i)
        c["kard"] = ev[k]["kard"]
        ev.insert(k + 1, c)
        self.assertReports(ev, r, i, "takes no cast at once")

    def test_a_cast_at_once_read_as_the_order_chips_alone(self):
        ev, r = dload(P_IMMEDIATE)
        i = self.first(ev, "skirmishers_cast", regiment="Grenadiers")
        j = self.first(ev, "execute", i, regiment="Grenadiers")
        self.assertEqual((ev[i]["chips"], ev[j]["chips"]), (7, 11))  # the order's 4 chips and the cast
        for wrong in (4, 7):
            ev[j]["chips"] = wrong
            self.assertReports(ev, r, j, "'Grenadiers''s assault order has 11 chips left, the execution says %d"
                               % wrong)

    def test_a_cast_at_once_twice_or_where_none_is_owed(self):
        ev, r = dload(P_IMMEDIATE)
        i = self.first(ev, "skirmishers_cast", regiment="Grenadiers")
        ev.insert(i + 1, dict(ev[i]))  # a second cast on the order
        self.assertReports(ev, r, i + 1, "'Grenadiers' (ordered, order 'assault') takes the skirmishers' cast, no "
                                         "Assault order's chips gone on this KARD")
        # after an order not on skirmishers it must go through: the Light Infantry, skirmishing, ordered on the Line
        ev, r = dload(P_IMMEDIATE)
        k = index_of(ev, lambda e: e["event"] == "status" and e["to"] == "ordered" and e["regiment"] == "Dragoons")
        self.assertEqual(ev[k - 1]["order"], "assault")
        ev.insert(k + 1, dict(ev[i], regiment="Dragoons", decq=ev[k]["decq"], kard=ev[k]["kard"]))
        self.assertReports(ev, r, k + 1, "cavalry 'Dragoons' (formed) takes the skirmishers' cast")

    # out of skirmish order into Prepared to Receive Cavalry: the formed frontage
    def test_prepared_out_of_skirmish_order_at_the_skirmish_frontage(self):
        ev, r = dload(P_PREPARED)
        i = self.first(ev, "deploys", regiment="Light Infantry", to="prepared")
        self.assertEqual((ev[i]["from"], ev[i]["frontage_from"], ev[i]["frontage"]), ("skirmish", 6.0, 4.0))
        ev[i]["frontage"] = 6.0
        self.assertReports(ev, r, i, "'Light Infantry''s Deploy order 1 (deploy_to ['prepared', 'skirmish']: "
                                     "'prepared') makes it prepared at 6.0\"; it is prepared at 4.0\"")

    # a barred skirmisher assault: only on a target that resists; ordered to idle, no closing
    def test_a_barred_assault_on_a_target_that_may_not_resist(self):
        ev, r = dload(P_BEHIND)
        i = self.first(ev, "objective_taken", regiment="Light Infantry", target="Line")
        self.assertEqual([ev[i - 1]["to"], ev[i + 1]["why"], ev[i + 2]["to"]], ["closing", "objective", "idle"])
        # barred as if the removed Line resisted: up to Engagement range and idle
        ev[i + 1]["why"], ev[i + 1]["to"] = "engages", ev[i + 1]["to"] - 3
        ev[i + 2]["from"] = "ordered"
        del ev[i - 1:i + 1]
        self.assertReports(ev, r, i - 1, "'Light Infantry' moves (engages) on 'Line', removed, which may not resist",
                           "Defeated, unrallied units may not resist Assault")

    def test_a_barred_assault_closing(self):
        ev, r = dload(P_BEHIND)
        i = self.first(ev, "moves", why="engages", regiment="Tirailleurs")
        self.assertEqual((ev[i + 1]["from"], ev[i + 1]["to"]), ("ordered", "idle"))
        ev[i + 1]["from"] = "closing"
        ev.insert(i + 1, dict(ev[i + 1], **{"from": "ordered", "to": "closing"}))
        self.assertReports(ev, r, i + 1, "'Tirailleurs''s barred assault, its chips gone, goes closing",
                           "Skirmishing units can Assault only other skirmishing units")

    # prepared_step
    def test_a_prepared_cast_read_at_the_wrong_step(self):
        ev, r = dload()
        self.assertEqual(r["prepared_step"], -1)
        i = index_of(ev, lambda e: e["event"] == "assault_round" and e["defender"] == "Line"
                     and "Hussars" in e["attackers"])
        k = ev[i]["attackers"].index("Hussars")
        self.assertEqual((ev[i]["attacker_dice"][k], ev[i]["attacker_casts"][k], ev[i]["combined"]), ([8, 8], 8, 8))
        # their 2d8 [8, 8] read 8 stepped or not: made [8, 7], read 7 (the 2nd Line's 8 still the combination's),
        # their breakthrough's chance 5 x (7 - 5)
        b = self.first(ev, "breakthrough", i, regiment="Hussars")
        ev[i]["attacker_dice"][k], ev[i]["attacker_casts"][k], ev[b]["chance"] = [8, 7], 7, 10
        self.assertEqual(piquet.check(ev, r), [])
        ev[i]["attacker_casts"][k] = 8  # read unstepped
        self.assertReports(ev, r, i, "an attacker's assault cast of 'Hussars': [8, 7] stepped -1 reads 7, the event "
                                     "says 8", "Prepared to Receive Cavalry at the time of the round is stepped")
        # the same trace under prepared_step = 0: the Hussars' cast read one step down
        ev, r = dload()
        ev[i]["attacker_dice"][k], ev[i]["attacker_casts"][k] = [8, 7], 7
        r["prepared_step"] = 0
        self.assertReports(ev, r, i, "[8, 7] stepped 0 reads 8, the event says 7")
        # and the step is the prepared defender's only: a formed Line's attackers are not stepped
        ev, r = dload()
        ev[i]["attacker_dice"][k], ev[i]["attacker_casts"][k] = [8, 7], 7
        j = self.first(ev, "deploys", regiment="Line", to="prepared")
        ev[j]["to"] = "formed"
        r["_scenario"] = copy.deepcopy(r["_scenario"])
        line = next(x for x in r["_scenario"]["b"]["regiments"] if x["name"] == "Line")
        line["deploy_to"] = ["formed", "formed"]
        for e in ev:
            if e["event"] == "deploys" and e["regiment"] == "Line":
                e["from"], e["to"] = "formed", "formed"
        self.assertReports(ev, r, i, "[8, 7] stepped 0 reads 8, the event says 7")


if __name__ == "__main__":
    unittest.main()
