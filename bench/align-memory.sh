#!/usr/bin/env bash
# Peak memory of narrate align against the recording's length.
#   bench/align-memory.sh BOOK.epub PAGES… [-- NARRATE…]
# For each page range (3-4, 5-10, 5-22 …) renders that part of BOOK with
# espeak-ng's en-gb voice at 0.9x as the "recording" (its word times are
# the truth), aligns it with each NARRATE binary (default
# .build/release/narrate) under /usr/bin/time -v, and prints the
# recording's length, wall and CPU time, peak memory and accuracy.
set -euo pipefail
book=$(realpath "$1"); shift
pages=(); while [[ $# -gt 0 && $1 != -- ]]; do pages+=("$1"); shift; done
[[ ${1:-} == -- ]] && shift
binaries=("$@"); [[ ${#binaries[@]} -eq 0 ]] && binaries=(.build/release/narrate)
accuracy=$(realpath "$(dirname "$0")/align-accuracy.py")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
first=$(realpath "${binaries[0]}")
for range in "${pages[@]}"; do
    "$first" speak "$book" --pages "$range" --voice en-gb --rate 0.9 -o "$work/rec.wav" --timings "$work/truth.json" -q
    seconds=$(soxi -D "$work/rec.wav")
    for binary in "${binaries[@]}"; do
        /usr/bin/time -v "$(realpath "$binary")" align "$book" "$work/rec.wav" --pages "$range" --timings "$work/out.json" -q -f 2> "$work/time.txt"
        wall=$(grep "Elapsed" "$work/time.txt" | awk '{print $NF}')
        cpu=$(awk '/User time|System time/ {s += $NF} END {print s}' "$work/time.txt")
        peak=$(awk '/Maximum resident/ {print int($NF / 1024)}' "$work/time.txt")
        echo "pages $range, $(printf %.0f "$seconds") s of recording, $binary: wall $wall, CPU $cpu s, peak $peak MB, $(python3 "$accuracy" "$work/truth.json" "$work/out.json" | cut -c1-120)"
    done
done
