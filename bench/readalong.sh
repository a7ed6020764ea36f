#!/usr/bin/env bash
# Read-along benchmark: the whole book to a word-synced read-along EPUB
# (`narrate speak BOOK -o book.epub --sync word`) beside the same book to an
# audiobook (`narrate speak BOOK -o book.m4b`), one after the other in the
# same run, release build, every core. Prints wall time, peak memory (the
# whole process tree, summed; see tree_peak in bench/speak-measure.sh), CPU
# seconds, size, and the ratio read-along / audiobook (target ≤ 1.2, peak
# < 150 MB).
#
#   bench/readalong.sh [BOOK.epub] [SYNC]
#
# Default: the corpus Pride and Prejudice, SYNC word. Set NARRATE to a built
# binary to skip building.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
input="${1:-$root/../shared/corpus/epub/se_jane-austen_pride-and-prejudice.epub}"
sync="${2:-word}"
[ -f "$input" ] || { echo "readalong.sh: $input: no such file" >&2; exit 1; }
scratch="${TMPDIR:-/tmp}/narrate-readalong"
rm -rf "$scratch" && mkdir -p "$scratch"
source "$root/bench/speak-measure.sh"
narrate="$(narrate_binary)"

echo "book: $input; $(nproc) cores; sync $sync; load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-12s %9s %9s %9s %12s\n' run wall_s cpu_s peak_MB bytes
read -r a_wall a_peak <<< "$(tree_peak audiobook "$narrate" speak "$input" -o "$scratch/book.m4b" --quiet)"
read -r r_wall r_peak <<< "$(tree_peak readalong "$narrate" speak "$input" -o "$scratch/book.epub" --sync "$sync" --quiet)"
for run in audiobook readalong; do
  if [ $run = audiobook ]; then wall=$a_wall peak=$a_peak file=book.m4b; else wall=$r_wall peak=$r_peak file=book.epub; fi
  printf '%-12s %9.1f %9.1f %9s %12s\n' "$run" "$wall" "$(awk '{print $1 + $2}' "$scratch/$run.cpu")" "$peak" \
    "$(stat -c %s "$scratch/$file")"
done
echo "  read-along / audiobook wall time = $(echo "scale=3; $r_wall / $a_wall" | bc)," \
  "CPU time = $(echo "scale=3; $(awk '{print $1 + $2}' "$scratch/readalong.cpu") / $(awk '{print $1 + $2}' "$scratch/audiobook.cpu")" | bc)"
echo "  peaks by process: audiobook: $(cat "$scratch/audiobook.kinds")"
echo "                    read-along: $(cat "$scratch/readalong.kinds")"
echo "  overlays: $(unzip -l "$scratch/book.epub" | grep -c '\.smil$'), clips: $(unzip -p "$scratch/book.epub" '*.smil' | grep -c '<par ')"
