#!/usr/bin/env bash
# Speech benchmark: `narrate speak` (release) against `espeak-ng -f` on exactly
# the same plain-text file, in the same run: wall time and peak memory
# (/usr/bin/time -v), and the length of the audio each produced (sox).
#
#   bench/speak.sh [FILE.txt | BOOK.epub]
#
# Default: the corpus Pride and Prejudice, its spine written out as plain text
# by bench/speak-text.py (one paragraph per line) so both tools read the same
# bytes. Needs espeak-ng, sox and GNU time (apt: espeak-ng sox time). Set
# NARRATE to a built binary to skip building.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
input="${1:-$root/../shared/corpus/epub/se_jane-austen_pride-and-prejudice.epub}"
[ -f "$input" ] || { echo "speak.sh: $input: no such file" >&2; exit 1; }
scratch="${TMPDIR:-/tmp}/narrate-speak-bench"
mkdir -p "$scratch"
source "$root/bench/speak-measure.sh"
text="$scratch/book.txt"
book_text "$input" "$text"
narrate="$(narrate_binary)"
echo "input: $input -> $text ($(wc -c < "$text") bytes, $(wc -w < "$text") words)"

narrate_result=$(measure narrate "$narrate" speak "$text" -o "$scratch/narrate.wav" --force --quiet)
espeak_result=$(measure espeak-ng espeak-ng -f "$text" -w "$scratch/espeak.wav")
timings_result=$(measure narrate+timings "$narrate" speak "$text" -o "$scratch/narrate-t.wav" \
  --timings "$scratch/timings.json" --force --quiet)
epub_result=""
case "$input" in
  *.epub) epub_result=$(measure narrate-epub "$narrate" speak "$input" -o "$scratch/narrate-e.wav" --force --quiet) ;;
esac
printf '%-16s %10s %12s %14s\n' tool "wall (s)" "peak (MB)" "audio (s)"
results=("$narrate_result" "$espeak_result" "$timings_result")
[[ -n $epub_result ]] && results+=("$epub_result")
for result in "${results[@]}"; do
  read -r label wall rss <<< "$result"
  case "$label" in narrate) wav=narrate.wav ;; espeak-ng) wav=espeak.wav ;; narrate-epub) wav=narrate-e.wav ;; *) wav=narrate-t.wav ;; esac
  printf '%-16s %10s %12s %14.1f\n' "$label" "$wall" "$rss" "$(soxi -D "$scratch/$wav")"
done
read -r _ narrate_wall _ <<< "$narrate_result"
read -r _ espeak_wall _ <<< "$espeak_result"
echo "wall-time ratio narrate / espeak-ng: $(echo "scale=3; $narrate_wall / $espeak_wall" | bc)"
