#!/bin/sh
# Regenerates the pictures in docs/images with the project's own `cairn render` (docs/viewer.md).
# Run from the repository root after building (README.md): ./scripts/doc-images.sh
set -e
out=docs/images
mkdir -p "$out"
./cairn render examples/scenes/pyramid.scene --out "$out/pyramid.png" --width 640 --height 480
./cairn render examples/scenes/ragdoll.scene --at 1.5 --out "$out/ragdoll.png" --width 640 --height 480
./cairn render examples/scenes/compound.scene --at 1 --out "$out/compound.png" --width 640 --height 480
./cairn render examples/scenes/newtons-cradle.scene --seconds 2.5 --fps 20 --width 400 --height 300 \
    --camera eye=0.8,1.65,2.2 target=0,1.42,0 --out "$out/newtons-cradle.gif"
./cairn render examples/scenes/dominoes.scene --seconds 3 --fps 15 --width 400 --height 300 --out "$out/dominoes.gif"
./cairn render examples/scenes/bullets.scene --seconds 1.5 --fps 20 --width 400 --height 300 \
    --camera eye=3,5,10 target=6,0.5,0 --out "$out/bullets.gif"
./cairn plot examples/scenes/bounce.scene --seconds 4 --out "$out/bounce-energy.png" --width 640 --height 400
# The stability experiment's chart (60 s runs), written beside its CSV under target/.
./cairn experiment stability --seconds 60 --csv target/stability.csv > /dev/null
cp target/stability.png "$out/stability.png"
# The rest experiment's displacement against time (a minute of each stack, about 90 s on 2 cores).
./cairn experiment rest --csv target/rest.csv > /dev/null
cp target/rest.png "$out/rest.png"
# A screenshot of the viewer (cairn view) in headless Chromium, where it is installed.
if [ -x /usr/bin/chromium ]; then
  port=18799
  ./cairn view examples/scenes/pyramid.scene --no-browser --port $port > /dev/null 2>&1 &
  viewer=$!
  sleep 3
  profile=$(mktemp -d)
  /usr/bin/chromium --headless --no-sandbox --disable-gpu --enable-unsafe-swiftshader --use-angle=swiftshader \
      --disable-background-networking --disable-component-update --disable-sync --no-first-run \
      --user-data-dir="$profile" --window-size=1200,800 --virtual-time-budget=8000 \
      --screenshot="$out/viewer.png" "http://127.0.0.1:$port/" > /dev/null 2>&1 || true
  kill $viewer
  rm -rf "$profile"
fi
