#!/usr/bin/env python3
"""Play games with `fortunes replay SYSTEM --json` and check every event against an
independent model of the system's rules (one module per system, see common.py).

    python3 tests/checker/check_traces.py [--fortunes PATH] [--games N] [--seed S] [--jobs J] [SYSTEM...]

For each system (default: all registered) and each of its configurations it plays
games 0..N-1 of seed S, checks each trace, and prints one line: games and events
checked. On the first impossible event it prints the system, configuration, game,
event number, the event and the rule it breaks, and exits 1. Exit 2: the binary
could not be run or a trace could not be read.
"""

import argparse
import json
import multiprocessing
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import common  # noqa: E402
import haggerty  # noqa: E402
import haggis  # noqa: E402
import piquet  # noqa: E402
import sickles  # noqa: E402
import skirmish  # noqa: E402

# The systems the checker knows: name -> module (SYSTEM, DEFAULT_GAMES, CONFIGS, rules, check).
SYSTEMS = {m.SYSTEM: m for m in (haggerty, haggis, piquet, sickles, skirmish)}

DEFAULT_BINARY = "/root/.cache/fortunes-target/release/fortunes"


def find_binary(given):
    """The fortunes binary: `given`, else $FORTUNES, else the release build under $CARGO_TARGET_DIR (where CI builds
    it), else DEFAULT_BINARY, else the repository's target/release, else one on the PATH."""
    if given:
        return given
    target = os.environ.get("CARGO_TARGET_DIR")
    for p in (os.environ.get("FORTUNES"), target and os.path.join(target, "release", "fortunes"), DEFAULT_BINARY,
              os.path.join(HERE, "..", "..", "target", "release", "fortunes")):
        if p and os.path.isfile(p) and os.access(p, os.X_OK):
            return p
    return shutil.which("fortunes") or DEFAULT_BINARY


def sets_of(args):
    """The --set NAME=VALUE pairs of a configuration's arguments."""
    out = {}
    for i, a in enumerate(args):
        if a == "--set" and i + 1 < len(args):
            name, _, value = args[i + 1].partition("=")
            out[name] = value
        elif a.startswith("--set="):
            name, _, value = a[len("--set="):].partition("=")
            out[name] = value
    return out


def preset_of(args):
    """The --rules NAME of a configuration's arguments, or None."""
    out = None
    for i, a in enumerate(args):
        if a == "--rules" and i + 1 < len(args):
            out = args[i + 1]
        elif a.startswith("--rules="):
            out = a[len("--rules="):]
    return out


def rules_of(module, defaults, args):
    """The rule values a configuration plays under: defaults, then its --rules preset, then its --set values
    (a module with rules_args(defaults, args) reads the arguments itself, e.g. piquet's --scenario)."""
    if hasattr(module, "rules_args"):
        return module.rules_args(defaults, args)
    preset = preset_of(args)
    if preset is None:
        return module.rules(defaults, sets_of(args))
    return module.rules(defaults, sets_of(args), preset=preset)


def replay(binary, system, game, seed, args):
    """One game's decoded trace (a list of dicts), or raises RuntimeError."""
    return replay_range(binary, system, game, game, seed, args)[0]


def replay_range(binary, system, first, last, seed, args):
    """Games first..last (both included), one process for them all (`replay --games`, each game as it replays
    alone): a list of decoded traces, each starting at its `replay` header; or raises RuntimeError."""
    cmd = [binary, "replay", system, "--games", "%d..%d" % (first, last), "--seed", str(seed), "--json", "-j", "1"] \
        + list(args)
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("%s exited %d: %s" % (" ".join(cmd), p.returncode, p.stderr.strip()))
    games = []
    lines = [line for line in p.stdout.splitlines() if line.strip()]
    try:
        # One decode of the lines as an array: a quarter faster than one a line (Piquet's traces are about 100 kB a
        # game). A line holding two values, or a value split over two lines, changes the count.
        events = json.loads("[" + ",".join(lines) + "]")
        if len(events) != len(lines):
            raise ValueError("%d values on %d lines" % (len(events), len(lines)))
        for e in events:
            if not isinstance(e, dict):
                raise ValueError("not an object: %r" % (e,))
            if e.get("event") == "replay":
                games.append([])
            if not games:
                raise ValueError("an event before the first game's header")
            games[-1].append(e)
    except ValueError as err:
        raise RuntimeError("%s: not JSON lines: %s" % (" ".join(cmd), err))
    headers = [g[0].get("game") for g in games]
    if headers != list(range(first, last + 1)):
        raise RuntimeError("%s: games %r, not %d to %d" % (" ".join(cmd), headers, first, last))
    return games


# Worker state, set once per pool process.
_W = {}

# Games replayed by one process: start-up is paid once a chunk, not once a game.
CHUNK = 25


def _init(binary, system, seed, args, rules):
    _W.update(binary=binary, module=SYSTEMS[system], system=system, seed=seed, args=args, rules=rules)


def _chunk(first_last):
    """The results of games first..last: (game, events, first problem, replay error, stats) each, in order."""
    first, last = first_last
    try:
        games = replay_range(_W["binary"], _W["system"], first, last, _W["seed"], _W["args"])
    except RuntimeError as err:
        return [(first, 0, None, str(err), {})]
    out = []
    for game, events in zip(range(first, last + 1), games):
        stats = {}
        problems = _W["module"].check(events, _W["rules"], stats)
        out.append((game, len(events), (problems[0] if problems else None), None, stats))
    return out


def command_line(binary, system, game, seed, args):
    return " ".join([os.path.basename(binary), "replay", system, "--game", str(game), "--seed", str(seed),
                     "--json"] + list(args))


def run_config(binary, module, label, args, games, seed, jobs, defaults):
    rules = rules_of(module, defaults, args)
    start = time.time()
    n_events = 0
    seen = {}
    init = (binary, module.SYSTEM, seed, args, rules)
    chunks = [(g, min(g + CHUNK, games) - 1) for g in range(0, games, CHUNK)]
    if jobs > 1:
        pool = multiprocessing.Pool(jobs, initializer=_init, initargs=init)
        results = pool.imap(_chunk, chunks)
    else:
        pool = None
        _init(*init)
        results = map(_chunk, chunks)
    try:
        for game, n, problem, error, stats in (r for chunk in results for r in chunk):
            if error:
                print("%s [%s] game %d: could not replay: %s" % (module.SYSTEM, label, game, error))
                return 2
            n_events += n
            for k, v in stats.items():
                seen[k] = seen.get(k, 0) + v
            if problem is not None:
                print("%s [%s] game %d (seed %d): IMPOSSIBLE EVENT" % (module.SYSTEM, label, game, seed))
                print("  replay: %s" % command_line(binary, module.SYSTEM, game, seed, args))
                print("  " + str(problem).replace("\n", "\n  "))
                return 1
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
    print("%s [%s]: %d games, %d events checked, %.1f s%s"
          % (module.SYSTEM, label, games, n_events, time.time() - start,
             ("  (" + ", ".join("%s %d" % kv for kv in sorted(seen.items())) + ")") if seen else ""))
    # The situations a configuration exists to exercise (the module's EXPECTED, by label) must occur in its games,
    # when it plays at least the module's EXPECTED_GAMES (fewer may miss the rarer ones).
    expected = getattr(module, "EXPECTED", {}).get(label, ()) if games >= getattr(module, "EXPECTED_GAMES", 0) else ()
    missing = [k for k in expected if not seen.get(k)]
    if missing:
        print("%s [%s]: never exercised in %d games: %s" % (module.SYSTEM, label, games, ", ".join(missing)))
        return 1
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("systems", nargs="*", metavar="SYSTEM", help="systems to check (default: %s)" % ", ".join(SYSTEMS))
    ap.add_argument("--fortunes", help="the fortunes binary (default: %s)" % DEFAULT_BINARY)
    ap.add_argument("--games", type=int, help="games per configuration (default: the system's, e.g. 1000 for haggerty)")
    ap.add_argument("--seed", type=int, default=1, help="master seed (default 1)")
    ap.add_argument("--jobs", type=int, default=2, help="parallel replays (default 2)")
    a = ap.parse_args(argv)
    binary = find_binary(a.fortunes)
    systems = a.systems or list(SYSTEMS)
    for s in systems:
        if s not in SYSTEMS:
            ap.error("no checker for system %r (known: %s)" % (s, ", ".join(SYSTEMS)))
    total = time.time()
    for s in systems:
        module = SYSTEMS[s]
        p = subprocess.run([binary, "rules", s], capture_output=True, text=True)
        if p.returncode != 0:
            print("%s rules %s exited %d: %s" % (binary, s, p.returncode, p.stderr.strip()))
            return 2
        defaults = common.parse_rules_listing(p.stdout)
        games = a.games if a.games is not None else module.DEFAULT_GAMES
        for label, args in module.CONFIGS:
            rc = run_config(binary, module, label, args, games, a.seed, max(1, a.jobs), defaults)
            if rc:
                return rc
    print("all traces possible (%.1f s)" % (time.time() - total))
    return 0


if __name__ == "__main__":
    sys.exit(main())
