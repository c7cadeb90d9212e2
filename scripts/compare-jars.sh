#!/bin/sh
# Two builds of the cairn jar timed in one JVM, their worlds alternating, per stage:
#
#   scripts/compare-jars.sh A.jar B.jar SCENE [FROM TO ROUNDS]
#
# (defaults: steps 150..300 timed after 150 untimed, 9 rounds). Use it to judge a change of a few
# percent, which separate JVMs on a shared machine cannot resolve (docs/performance.md, "How to
# measure"); compare-builds.sh remains the way to compare against an old commit. Both jars must
# have StepProfile (commits from the solver's rework on).
set -e
a=${1:?usage: scripts/compare-jars.sh A.jar B.jar SCENE [FROM TO ROUNDS]}
b=${2:?usage: scripts/compare-jars.sh A.jar B.jar SCENE [FROM TO ROUNDS]}
scene=${3:?usage: scripts/compare-jars.sh A.jar B.jar SCENE [FROM TO ROUNDS]}
from=${4:-150}
to=${5:-300}
rounds=${6:-9}
work=target/compare-jars
rm -rf "$work"
mkdir -p "$work/a" "$work/b" "$work/driver"
javac -d "$work/a" -cp "$a" scripts/compare/StageRunner.java
javac -d "$work/b" -cp "$b" scripts/compare/StageRunner.java
javac -d "$work/driver" scripts/compare/SameJvm.java
java -cp "$work/driver" SameJvm "$scene" "$from" "$to" "$rounds" "$work/a" "$a" "$work/b" "$b"
