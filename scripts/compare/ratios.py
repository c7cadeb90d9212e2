"""One row of compare-builds.sh's table, from the old and new figures of each round on stdin
(old new old new ...), the scene's label as the argument (underscores for spaces)."""
import statistics
import sys

label = sys.argv[1].replace("_", " ")
v = [float(x) for x in sys.stdin.read().split()]
old, new = v[0::2], v[1::2]
ratios = [o / n for o, n in zip(old, new)]
mo, mn = statistics.median(old), statistics.median(new)
# The ratio is the median of the per-round ratios: each round times both builds in the same
# minutes, while the medians of the two columns may come from different rounds of a drifting
# machine.
per_round = ", ".join(f"{r:.1f}" for r in ratios)
print(f"| {label} | {mo:.3g} | {mn:.3g} | {statistics.median(ratios):.1f}x | {per_round} |")
