#!/usr/bin/env bash
# Resume benchmark: the whole book to one audiobook file, uninterrupted, then
# the same render killed outright (SIGKILL) once half of its pieces are
# encoded and run again, which resumes from them. Prints the wall time of
# each, the ratio resumed / full, the peak memory of each run's process tree,
# and whether the two files have the same chapters and length.
#
#   bench/resume.sh [BOOK.epub] [FORMAT]
#
# Default: the corpus Pride and Prejudice, m4b. Set NARRATE to a built binary
# to skip building (release build, every core).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
input="${1:-$root/../shared/corpus/epub/se_jane-austen_pride-and-prejudice.epub}"
format="${2:-m4b}"
[ -f "$input" ] || { echo "resume.sh: $input: no such file" >&2; exit 1; }
scratch="${TMPDIR:-/tmp}/narrate-resume"
rm -rf "$scratch" && mkdir -p "$scratch"
source "$root/bench/speak-measure.sh"
narrate="$(narrate_binary)"

probe() { ffprobe -v error -show_entries format=duration -show_chapters -of csv=p=0 "$1" | md5sum | cut -c1-12; }
duration() { ffprobe -v error -show_entries format=duration -of csv=p=0 "$1"; }

echo "book: $input; format $format; $(nproc) cores"
start=$(date +%s.%N)
/usr/bin/time -f "%M" -o "$scratch/full.mem" "$narrate" speak "$input" -o "$scratch/full.$format" -q
full=$(echo "$(date +%s.%N) - $start" | bc)

# The same job again, into its own folder so its work folder is its own.
mkdir -p "$scratch/killed"
"$narrate" speak "$input" -o "$scratch/killed/book.$format" -q &
pid=$!
pieces=0
total=0
while kill -0 "$pid" 2>/dev/null; do
    folder=$(ls -d "$scratch"/killed/.narrate-work-* 2>/dev/null | head -1 || true)
    if [ -n "$folder" ] && [ -f "$folder/order.json" ]; then
        total=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['plan']['pieceCount'])" "$folder/order.json")
        pieces=$(ls "$folder"/*.done 2>/dev/null | wc -l)
        if [ "$total" -gt 0 ] && [ $((pieces * 2)) -ge "$total" ]; then kill -KILL "$pid"; break; fi
    fi
    sleep 0.2
done
wait "$pid" 2>/dev/null || true
killed_at=$(echo "$(date +%s.%N) - $start - $full" | bc)
sleep 0.5
start=$(date +%s.%N)
/usr/bin/time -f "%M" -o "$scratch/resumed.mem" "$narrate" speak "$input" -o "$scratch/killed/book.$format" 2> "$scratch/resumed.err"
resumed=$(echo "$(date +%s.%N) - $start" | bc)
grep -h "resuming" "$scratch/resumed.err" || echo "(no resume notice)"
printf '%-10s %8s %8s\n' run wall_s maxrss_MB
printf '%-10s %8.1f %8.1f\n' full "$full" "$(echo "$(cat "$scratch/full.mem") / 1024" | bc -l)"
printf '%-10s %8.1f %8.1f   (killed after %s of %s pieces, %.1f s in)\n' resumed "$resumed" \
    "$(echo "$(cat "$scratch/resumed.mem") / 1024" | bc -l)" "$pieces" "$total" "$killed_at"
printf 'resumed / full: %.3f\n' "$(echo "$resumed / $full" | bc -l)"
echo "duration full $(duration "$scratch/full.$format") s, resumed $(duration "$scratch/killed/book.$format") s"
if [ "$(probe "$scratch/full.$format")" = "$(probe "$scratch/killed/book.$format")" ]; then
    echo "chapters and length: identical"
else
    echo "chapters and length: DIFFERENT"
    diff <(ffprobe -v error -show_chapters -of csv=p=0 "$scratch/full.$format") \
        <(ffprobe -v error -show_chapters -of csv=p=0 "$scratch/killed/book.$format") | head -5
fi
