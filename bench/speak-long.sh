#!/usr/bin/env bash
# Long-book speech benchmark: `narrate speak` (release) against `espeak-ng -f`
# on the same long plain-text file, COPIES copies of one book end to end:
# wall time, peak memory (/usr/bin/time -v) and audio length (from the WAV
# bytes, counted through a pipe: no file is written). Before
# that, narrate's peak memory for the first page of 1, 3 and COPIES copies,
# which shows whether memory grows with the book's length.
#
#   bench/speak-long.sh [COPIES] [FILE.txt | BOOK.epub]
#
# Default: 10 copies of the corpus Pride and Prejudice, written out as plain
# text by bench/speak-text.py (about 7 MB; espeak-ng alone takes about five
# minutes). Needs espeak-ng and GNU time. Set NARRATE to a built binary
# to skip building.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
copies="${1:-10}"
input="${2:-$root/../shared/corpus/epub/se_jane-austen_pride-and-prejudice.epub}"
[ -f "$input" ] || { echo "speak-long.sh: $input: no such file" >&2; exit 1; }
scratch="${TMPDIR:-/tmp}/narrate-speak-long"
mkdir -p "$scratch"
source "$root/bench/speak-measure.sh"
one="$scratch/one.txt"
book_text "$input" "$one"
copy() { for _ in $(seq "$1"); do cat "$one"; echo; done > "$scratch/book-x$1.txt"; }
narrate="$(narrate_binary)"

echo "first page only (import and memory as the book grows):"
for n in 1 3 "$copies"; do
  copy "$n"
  read -r _ wall rss <<< "$(measure "first-page-x$n" "$narrate" speak "$scratch/book-x$n.txt" --pages 1 \
    -o "$scratch/first.wav" --force --quiet)"
  printf '  %3s copies %10s bytes %8s s %8s MB\n' "$n" "$(wc -c < "$scratch/book-x$n.txt")" "$wall" "$rss"
done

text="$scratch/book-x$copies.txt"
echo "whole book: $text ($(wc -c < "$text") bytes, $(wc -w < "$text") words)"
# The audio goes through a pipe and is only counted: ten novels make about
# 18 GB of WAV (past the 4 GB a WAV header can describe).
narrate_result=$(measure narrate sh -c "'$narrate' speak '$text' --format wav -o - --quiet | wc -c > '$scratch/narrate.bytes'")
espeak_result=$(measure espeak-ng sh -c "espeak-ng -f '$text' --stdout | wc -c > '$scratch/espeak-ng.bytes'")
printf '%-10s %10s %12s %14s\n' tool "wall (s)" "peak (MB)" "audio (s)"
for result in "$narrate_result" "$espeak_result"; do
  read -r label wall rss <<< "$result"
  printf '%-10s %10s %12s %14.1f\n' "$label" "$wall" "$rss" "$(( ($(cat "$scratch/$label.bytes") - 44) / 44100 ))"
done
read -r _ narrate_wall _ <<< "$narrate_result"
read -r _ espeak_wall _ <<< "$espeak_result"
echo "wall-time ratio narrate / espeak-ng: $(echo "scale=3; $narrate_wall / $espeak_wall" | bc)"
