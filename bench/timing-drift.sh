#!/usr/bin/env bash
# Word-cue drift (issue 18): speaks long inputs in one run each with
# `narrate speak INPUT -o X.wav --timings X.json`, finds every place in the
# WAV where sound begins after a pause of 100 ms or more (a word begins
# there) and prints how far the nearest word cue is: max, median and 90th
# percentile, in ms. Cues that drift away from the audio grow these errors
# with the length of the audio; the suite's TimingDriftTests do the same on
# 2 and 25 minutes. The measuring is that suite's CueErrors, run through
# TimingDriftTests/measuresTheCuesOfAGivenNarration (it fails above 20 ms).
#
#   bench/timing-drift.sh                     the four default runs below
#   bench/timing-drift.sh INPUT [OPTION...]   one input, with narrate speak options
#
# Defaults: 60 x "The cat sat on the mat." (2 min, the issue's repro), Pride
# and Prejudice chapters 1-12 from the corpus EPUB (--pages 3-14, 103 min),
# the same per word (--split word), and the whole novel (10.8 h: a 1.7 GB
# WAV in $TMPDIR, removed after measuring). Set NARRATE to a built binary
# to skip building the release one.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
scratch="${TMPDIR:-/tmp}/narrate-timing-drift"
mkdir -p "$scratch"
source "$root/bench/speak-measure.sh"
narrate="$(narrate_binary)"
(cd "$root" && swift build --build-tests >/dev/null 2>&1)
novel="$root/../shared/corpus/epub/se_jane-austen_pride-and-prejudice.epub"

# `run LABEL INPUT [OPTION...]`: speaks, measures, prints one line.
run() {
  local label="$1" input="$2"; shift 2
  local wav="$scratch/$label.wav" json="$scratch/$label.json"
  echo "$label: $narrate speak $input -o $wav --timings $json --force --quiet $*"
  read -r _ wall _ <<< "$(measure "$label" "$narrate" speak "$input" -o "$wav" --timings "$json" --force --quiet "$@")"
  local seconds=$(( ($(stat -c %s "$wav") - 44) / 44100 ))
  local result
  result=$(cd "$root" && NARRATE_CUE_AUDIO="$wav" NARRATE_CUE_TIMINGS="$json" \
    swift test --skip-build --filter measuresTheCuesOfAGivenNarration 2>&1 | grep -E '^cue errors:|Expectation failed' || true)
  printf '  %s s of audio, spoken in %s s; %s\n' "$seconds" "$wall" "$result"
  rm -f "$wav"
}

if (($#)); then
  run given "$@"
  exit
fi
python3 -c "print(' '.join(['The cat sat on the mat.'] * 60))" > "$scratch/repeat.txt"
run repeat-60 "$scratch/repeat.txt"
[ -f "$novel" ] || { echo "skipped the novel: $novel is absent (the shared corpus is not part of the project)"; exit; }
run chapters-1-12 "$novel" --pages 3-14
run chapters-1-12-per-word "$novel" --pages 3-14 --split word
run whole-novel "$novel"
