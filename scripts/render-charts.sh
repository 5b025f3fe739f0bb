#!/usr/bin/env bash
# Regenerates the charts (one pair per payload format) from a results.json and rasterises them to PNG
# for a human look.
#   scripts/render-charts.sh [RESULTS_JSON] [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
results=${1:-results.json}
out=${2:-target/charts}
mkdir -p "$out"
cargo run --quiet -- render --results "$results" --out "$out" --readme "$out/README.md"
pairs=()
for svg in "$out"/charts/*.svg; do
  [ -f "$svg" ] && pairs+=("$svg" "${svg%.svg}.png")
done
cargo run --quiet --example rasterise -- "${pairs[@]}"
