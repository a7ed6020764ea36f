#!/usr/bin/env bash
# Speaks every corpus book whole and compares the length of the speech with
# the listening time `narrate info` estimates (issue 15): prints
#   BOOK ESTIMATED_S SPOKEN_S ERROR_%
# Two books at a time; about 2.5 minutes of CPU for the whole corpus.
#   bench/listening-time.sh [CORPUS_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
source "$root/bench/speak-measure.sh"
narrate=$(narrate_binary)
corpus=${1:-$root/../shared/corpus}
export narrate scratch
one() {
  local book=$1 name estimate spoken
  name=$(basename "$book")
  estimate=$("$narrate" info -q --chapters "$book" | awk '/^Chapters:/ {c=1; next}
    c { s=0; for (i = 2; i < NF; i += 2) { if ($(i+1) == "h") s += $i * 3600; else if ($(i+1) == "min") s += $i * 60;
        else if ($(i+1) == "s") s += $i; else break }; t += s } END { print t }')
  "$narrate" speak -q "$book" -o "$scratch/$name.wav"
  spoken=$(soxi -D "$scratch/$name.wav")
  rm -f "$scratch/$name.wav"
  awk -v b="$name" -v e="$estimate" -v s="$spoken" 'BEGIN { printf "%s %d %.0f %+.1f\n", b, e, s, (e - s) / s * 100 }'
}
export -f one
ls "$corpus"/epub/*.epub "$corpus"/text/*.txt | xargs -P 2 -I{} bash -c 'one "$@"' _ {}
