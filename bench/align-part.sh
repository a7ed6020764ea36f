#!/usr/bin/env bash
# A recording of part of a book aligned with the whole book, three ways:
# found by listening (no --pages), told (--pages PAGES), and the whole text
# spoken for reference (--no-recognizer, as before the listening), each timed
# with /usr/bin/time (wall clock, peak memory) and compared with the truth.
#   bench/align-part.sh BOOK PAGES [NARRATE]
# The Piper voice reads PAGES of BOOK (the "human" recording, whose times are
# the truth). Needs the Piper voice and pocketsphinx-en-us (scripts/setup --tests).
set -euo pipefail
book=$(realpath "$1")
pages=$2
narrate=$(realpath "${3:-.build/release/narrate}")
accuracy=$(realpath "$(dirname "$0")/align-accuracy.py")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
"$narrate" speak "$book" --pages "$pages" --engine piper -o human.wav --timings truth.json -q
seconds=$(soxi -D human.wav)
echo "book: $book, pages $pages read by Piper: $seconds s, $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
run() { # name, arguments...
    local name=$1
    shift
    /usr/bin/time -f "%e %M" -o "$name.time" "$narrate" align "$book" human.wav --timings "$name.json" "$@" 2> "$name.err" || true
    echo "$name: $(awk '{printf "%.1f s wall, peak %d MB", $1, $2 / 1024}' "$name.time")"
    grep -E "reads part of the text|ends before the text|not found" "$name.err" | head -n 3 | cut -c1-160 | sed 's/^/    /' || true
    python3 "$accuracy" truth.json "$name.json" --wav human.wav | head -n 2 | sed 's/^/    /'
}
run found
run told --pages "$pages"
run whole --no-recognizer
