#!/bin/sh
# Builds the library jars twice from scratch and compares their bytes (reproducible builds:
# project.build.outputTimestamp in the root pom). Run from the repository root.
set -e
sums() {
  sha256sum engine3d/target/engine3d-*.jar scene-dsl/target/scene-dsl-*.jar
}
mvn -B -ntp -q clean package -DskipTests -pl engine3d,scene-dsl -am
sums > target-first.sha256
sleep 2
mvn -B -ntp -q clean package -DskipTests -pl engine3d,scene-dsl -am
sums > target-second.sha256
if diff target-first.sha256 target-second.sha256; then
  echo "reproducible: $(wc -l < target-first.sha256) jars built twice, the same bytes"
  rm -f target-first.sha256 target-second.sha256
else
  echo "not reproducible: the jars above differ between two builds" >&2
  rm -f target-first.sha256 target-second.sha256
  exit 1
fi
