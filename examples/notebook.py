"""A notebook-style walk through a fortunes experiment with polars.

Runs the Haggerty hand-size experiment (side a holds 4 to 8 cards, side b
6), then reads the Parquet tables fortunes wrote and answers, with the
intervals fortunes computed at the game level:

  1. how often does side a lead the round at each hand size?
  2. what does each hand size change against 6 cards, paired by game?
  3. which hand size makes the initiative even?
  4. how does the first round of a turn differ from the rest?

    FORTUNES=target/release/fortunes python3 examples/notebook.py [OUT_DIR]

FORTUNES names the binary (default: `fortunes` on the PATH); OUT_DIR the
folder to write (default: a temporary one).
"""

import os
import subprocess
import sys
import tempfile

import polars as pl

fortunes = os.environ.get("FORTUNES", "fortunes")
out = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="fortunes-")
here = os.path.dirname(os.path.abspath(__file__))
experiment = os.path.join(here, "..", "experiments", "haggerty-hand-size.toml")

# 20,000 games a variant is enough for a notebook; the shipped report uses
# 200,000. The same seed gives the same tables on any machine.
subprocess.run(
    [fortunes, "run", experiment, "--games", "20000", "--out", out, "--quiet"],
    check=True,
    stdout=subprocess.DEVNULL,
)

# 1. metrics.parquet: one row per variant and per-game series, with the
# game as the unit of its interval.
metrics = pl.read_parquet(os.path.join(out, "metrics.parquet"))
initiative = (
    metrics.filter((pl.col("metric") == "initiative") & (pl.col("seat") == "a"))
    .select("hand_size_a", "games", "value", "ci_low", "ci_high")
    .sort("hand_size_a")
)
print("1. side a's share of contested initiatives, by its hand size")
print(initiative)

# 2. differences.parquet: each variant against the reference (6 cards),
# paired by game. paired_se against unpaired_se shows what the pairing
# gained: little here, since another hand size deals other cards; much
# where variants share their deals (a player's tuning, say).
differences = (
    pl.read_parquet(os.path.join(out, "differences.parquet"))
    .filter((pl.col("metric") == "initiative") & (pl.col("seat") == "a"))
    .select("hand_size_a", "difference", "ci_low", "ci_high", "paired_se", "unpaired_se")
    .sort("hand_size_a")
)
print("\n2. against 6 cards, paired by game")
print(differences)

# 3. The hand sizes whose interval holds an even share.
even = initiative.filter((pl.col("ci_low") <= 0.5) & (pl.col("ci_high") >= 0.5))
print("\n3. hand sizes that make the initiative even:", even["hand_size_a"].to_list())

# 4. summary.parquet: every statistic, here initiative by round of the turn
# (a breakdown that is not a per-game series: its interval is over
# clusters of whole games).
summary = pl.read_parquet(os.path.join(out, "summary.parquet"))
by_round = (
    summary.filter(
        (pl.col("metric") == "initiative")
        & (pl.col("seat") == "a")
        & (pl.col("by") == "round")
        & (pl.col("hand_size_a") == 4)
    )
    .select("level_value", "value", "ci_low", "ci_high", "n")
    .sort("level_value")
)
print("\n4. with 4 cards, side a's initiative by round of the turn")
print(by_round)

assert initiative.height == 5, "one row per hand size"
assert even["hand_size_a"].to_list() == [6], "only equal hands are even"
