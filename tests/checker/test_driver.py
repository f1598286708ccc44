"""The driver: configurations read into rules as the models expect.

    python3 -m unittest discover -s tests/checker
"""

import copy
import json
import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import check_traces  # noqa: E402
from fixture import FIXTURES, MANIFEST, index_of  # noqa: E402
import haggerty  # noqa: E402
import haggis  # noqa: E402
import piquet  # noqa: E402
import sickles  # noqa: E402


class DriverTest(unittest.TestCase):
    def test_sets_of(self):
        args = ["--set", "jokers=0", "--strategy", "a=random", "--set=hand_size=5"]
        self.assertEqual(check_traces.sets_of(args), {"jokers": "0", "hand_size": "5"})

    def test_rules_listing(self):
        import common
        text = "jokers\n    default: 2\n    allowed: 0..=4\nhand_size_a\n    default: none\n"
        d = common.parse_rules_listing(text)
        self.assertEqual(d, {"jokers": "2", "hand_size_a": "none"})
        r = haggerty.rules(d, {"hand_size": "5"})
        self.assertEqual(haggerty.hand_sizes(r), {"a": 5, "b": 5})

    def test_rules_preset(self):
        args = ["--rules", "official", "--set", "points_per_card_left=4", "--strategy", "a=random"]
        self.assertEqual(check_traces.preset_of(args), "official")
        r = check_traces.rules_of(haggis, {"points_per_card_left": "6", "haggis_scoring": "flat"}, args)
        self.assertEqual((r["points_per_card_left"], r["haggis_scoring"], r["captured_card_points"]),
                         (4, "card_points", "official"))

    def test_find_binary(self):
        # --fortunes, else $FORTUNES, else the release build under $CARGO_TARGET_DIR (CI's), else the default
        import tempfile
        with tempfile.TemporaryDirectory() as d:
            exe = os.path.join(d, "release", "fortunes")
            os.makedirs(os.path.dirname(exe))
            with open(exe, "w") as f:
                f.write("#!/bin/sh\n")
            os.chmod(exe, 0o755)
            saved = {k: os.environ.get(k) for k in ("FORTUNES", "CARGO_TARGET_DIR")}
            try:
                os.environ.pop("FORTUNES", None)
                os.environ["CARGO_TARGET_DIR"] = d
                self.assertEqual(check_traces.find_binary(None), exe)
                self.assertEqual(check_traces.find_binary("/x/fortunes"), "/x/fortunes")
                os.environ["FORTUNES"] = exe + "-not-there"
                self.assertEqual(check_traces.find_binary(None), exe)  # not a file: the next
            finally:
                for k, v in saved.items():
                    if v is None:
                        os.environ.pop(k, None)
                    else:
                        os.environ[k] = v

    def test_replayed_lines_are_one_object_each(self):
        # A stand-in binary printing the lines given; replay_range splits them into games at their headers.
        import tempfile
        ok = ['{"event":"replay","game":0}', '{"event":"a"}', '', '{"event":"replay","game":1}']
        bad = {
            "two values on a line": ['{"event":"replay","game":0}', '{"event":"a"},{"event":"b"}'],
            "a value over two lines": ['{"event":"replay","game":0}', '{"event":', '"a"}'],
            "not an object": ['{"event":"replay","game":0}', '[1]'],
            "an event before the first game's header": ['{"event":"a"}', '{"event":"replay","game":0}'],
            "not JSON": ['{"event":"replay","game":0}', 'oops'],
        }
        with tempfile.TemporaryDirectory() as d:
            exe = os.path.join(d, "fortunes")

            def replayed(lines, last):
                with open(exe, "w") as f:
                    f.write("#!/bin/sh\ncat <<'EOF'\n%s\nEOF\n" % "\n".join(lines))
                os.chmod(exe, 0o755)
                return check_traces.replay_range(exe, "haggerty", 0, last, 1, [])

            self.assertEqual(replayed(ok, 1), [[{"event": "replay", "game": 0}, {"event": "a"}],
                                               [{"event": "replay", "game": 1}]])
            for what, lines in bad.items():
                with self.assertRaisesRegex(RuntimeError, "not JSON lines", msg=what):
                    replayed(lines, 0)

    @unittest.skipUnless(os.path.exists(check_traces.find_binary(None)), "no fortunes binary")
    def test_live_run_passes(self):
        p = subprocess.run([sys.executable, os.path.join(HERE, "check_traces.py"), "--games", "3", "--jobs", "1"],
                           capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        self.assertIn("all traces possible", p.stdout)


if __name__ == "__main__":
    unittest.main()
