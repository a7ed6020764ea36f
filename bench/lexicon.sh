#!/usr/bin/env bash
# Lexicon benchmark (issue 14): what a 10,000-entry lexicon adds to
# `narrate import` and `narrate speak` on a novel longer than Moby-Dick.
#
#   bench/lexicon.sh [IMPORT_RUNS] [SPEAK_RUNS]     (defaults 5 and 2)
#
# bench/lexicon-make.py builds the book (Pride and Prejudice + Alice + Pride
# and Prejudice from the corpus, ~1.5 MB of text: Moby-Dick is not in the
# corpus) and the lexicon (every capitalised word of the book, then made-up
# names, to 10,000; IPA and aliases). Each command runs without and with
# `--lexicon`, alternately; the best wall time of each is kept. The lexicon's
# matches are counted from `narrate import`'s plist. Also prints callgrind's
# instruction count of one import each way (valgrind; skipped when missing).
# Set NARRATE to a built binary to skip building.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
scratch="${TMPDIR:-/tmp}/narrate-lexicon-bench"
mkdir -p "$scratch"
source "$root/bench/speak-measure.sh"
import_runs="${1:-5}"
speak_runs="${2:-2}"
corpus="$root/../shared/corpus"
python3 "$root/bench/lexicon-make.py" "$corpus/epub/se_jane-austen_pride-and-prejudice.epub" \
  "$corpus/text/en_alice.utf8.txt" "$scratch/book.txt" "$scratch/names.lexicon"
narrate="$(narrate_binary)"
"$narrate" --version | head -1

best() { sort -n | head -1; }
run_both() {  # run_both RUNS LABEL ARGS...: best wall of each, alternating
  local runs="$1" label="$2"; shift 2
  : > "$scratch/$label.plain"; : > "$scratch/$label.lexicon"
  for ((i = 0; i < runs; i++)); do
    read -r _ wall _ <<< "$(measure "$label-plain" "$narrate" "$@")"; echo "$wall" >> "$scratch/$label.plain"
    read -r _ wall _ <<< "$(measure "$label-lexicon" "$narrate" "$@" --lexicon "$scratch/names.lexicon")"
    echo "$wall" >> "$scratch/$label.lexicon"
  done
  local plain lexicon
  plain=$(best < "$scratch/$label.plain"); lexicon=$(best < "$scratch/$label.lexicon")
  printf '%-8s %12s %14s %10s\n' "$label" "$plain" "$lexicon" "$(echo "scale=1; ($lexicon - $plain) * 100 / $plain" | bc)%"
}

printf '%-8s %12s %14s %10s\n' command "plain (s)" "lexicon (s)" added
run_both "$import_runs" import import "$scratch/book.txt" -o "$scratch/book.plist" --force --quiet
run_both "$speak_runs" speak speak "$scratch/book.txt" -o "$scratch/book.wav" --force --quiet
"$narrate" import "$scratch/book.txt" --lexicon "$scratch/names.lexicon" -o "$scratch/book.plist" --force --quiet
echo "pronunciations in the book: $(grep -c '<key>location</key>' "$scratch/book.plist")"
if command -v valgrind > /dev/null; then
  for mode in plain lexicon; do
    extra=(); [[ $mode == lexicon ]] && extra=(--lexicon "$scratch/names.lexicon")
    valgrind --tool=callgrind --callgrind-out-file="$scratch/callgrind.$mode" "$narrate" import "$scratch/book.txt" \
      -o "$scratch/cg.plist" --force --quiet "${extra[@]}" 2> "$scratch/callgrind.$mode.log"
    echo "import instructions ($mode): $(awk '/Collected/ {print $4}' "$scratch/callgrind.$mode.log")"
  done
fi
