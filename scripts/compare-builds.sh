#!/bin/sh
# Times this checkout against an older commit on the benchmark scenes, the two builds interleaved
# (old, new, old, new, ...), and prints a Markdown table: the median ms per step of each build
# over the rounds, the median of the rounds' ratios, and each round's ratio (docs/performance.md,
# "Figures").
#
#   scripts/compare-builds.sh OLD_COMMIT [ROUNDS]     (from the repository root; ROUNDS defaults to 3)
#
# Each round runs each build in a fresh JVM on three fresh worlds, seven for the short pyramid of 55
# (scripts/compare/StepTimer.java: step 0 untimed, the mean of the rest, the median of the worlds). The old commit is built in
# target/compare/OLD_COMMIT (a git worktree); this checkout is built with `mvn package`. The
# machine should be otherwise idle: a compile beside it moves the figures by tens of percent.
set -e
old=${1:?usage: scripts/compare-builds.sh OLD_COMMIT [ROUNDS]}
rounds=${2:-3}
root=$(pwd)
work=$root/target/compare
mkdir -p "$work"
if [ ! -d "$work/$old" ]; then
  git worktree add --detach "$work/$old" "$old" >/dev/null
fi
echo "building $old and this checkout" >&2
(cd "$work/$old" && mvn -B -ntp -q package -DskipTests) >&2
mvn -B -ntp -q package -DskipTests >&2
for build in old new; do
  if [ $build = old ]; then jar=$work/$old/examples/target/cairn.jar; else jar=$root/examples/target/cairn.jar; fi
  mkdir -p "$work/timer-$build"
  javac -d "$work/timer-$build" -cp "$jar" "$root/scripts/compare/StepTimer.java"
done
# scene file, timed steps + 1, worlds per JVM, sleep setting, label (the short runs take more
# worlds, so that the median one runs on compiled code)
scenes="examples/scenes/box3d/large_pyramid.scene 41 3 as-written box3d/large_pyramid
examples/scenes/box3d/many_pyramids.scene 21 3 as-written box3d/many_pyramids
examples/scenes/pyramid-820.scene 300 3 sleep-off pyramid-820_(sleep_off)
examples/scenes/rain.scene 300 3 as-written rain
examples/scenes/pyramid.scene 600 7 sleep-off pyramid_of_55_(sleep_off)"
echo "| scene | $old | this checkout | ratio | ratios per round |"
echo "|---|---|---|---|---|"
echo "$scenes" | while read -r scene steps worlds sleep label; do
  results=""
  r=1
  while [ $r -le "$rounds" ]; do
    a=$(java -cp "$work/timer-old:$work/$old/examples/target/cairn.jar" StepTimer "$scene" "$steps" "$worlds" "$sleep")
    b=$(java -cp "$work/timer-new:$root/examples/target/cairn.jar" StepTimer "$scene" "$steps" "$worlds" "$sleep")
    echo "  $label round $r: $a / $b ms" >&2
    results="$results $a $b"
    r=$((r + 1))
  done
  echo "$results" | python3 "$root/scripts/compare/ratios.py" "$label"
done
echo "(load average at the end: $(cut -d' ' -f1-3 /proc/loadavg))"
