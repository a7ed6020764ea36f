#!/usr/bin/env bash
# Validates the read-along output of every corpus book at both sync levels:
# `narrate speak BOOK -o OUT.epub --sync LEVEL` for each EPUB (and text) in
# ../shared/corpus, then EPUBCheck over all outputs in one JVM
# (scripts/epubcheck-folder.java), and over the inputs too, so what a book
# brings with it is told apart from what narrate adds; the repairs narrate
# made to reach valid EPUB 3 (its `repaired …` warning) are listed too.
#
#   bench/readalong-epubcheck.sh [BOOK...]
#
# Default: every file under ../shared/corpus/epub and ../shared/corpus/text.
# Set NARRATE to a built binary to skip building. Prints one line per book
# and level (seconds, errors, warnings) and EPUBCheck's messages, by kind, in
# $scratch/outputs.log and $scratch/inputs.log. Exits non-zero when a book
# failed to render or an output is not clean (the inputs' messages do not count).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
scratch="${TMPDIR:-/tmp}/narrate-readalong-epubcheck"
rm -rf "$scratch" && mkdir -p "$scratch/out" "$scratch/in"
source "$root/bench/speak-measure.sh"
narrate="$(narrate_binary)"
jar=/usr/share/java/epubcheck.jar
books=("$@")
rendered=0 failed=0
if ((${#books[@]} == 0)); then books=("$root"/../shared/corpus/epub/*.epub "$root"/../shared/corpus/text/*.txt); fi

for book in "${books[@]}"; do
  name=$(basename "${book%.*}")
  [[ $book == *.epub ]] && cp "$book" "$scratch/in/$name.epub"
  for sync in sentence word; do
    start=$(date +%s.%N)
    if "$narrate" speak "$book" -o "$scratch/out/$name-$sync.epub" --sync "$sync" 2> "$scratch/$name-$sync.err"; then
      printf '%-50s %-8s %7.1f s\n' "$name" "$sync" "$(echo "$(date +%s.%N) - $start" | bc)"
      rendered=$((rendered + 1))
    else
      failed=$((failed + 1))
      printf '%-50s %-8s failed: %s\n' "$name" "$sync" "$(tail -1 "$scratch/$name-$sync.err")"
    fi
  done
done
java -cp "$jar" "$root/scripts/epubcheck-folder.java" "$scratch/in" > "$scratch/inputs.log" 2>&1 || true
java -cp "$jar" "$root/scripts/epubcheck-folder.java" "$scratch/out" > "$scratch/outputs.log" 2>&1 || true
echo "repairs (what the input needed to give valid EPUB 3):"
grep -h ': repaired ' "$scratch"/*-sentence.err 2>/dev/null | sed 's/^/  /' || true
echo "inputs:";  grep -E '^[^ ]+\.epub: ' "$scratch/inputs.log" | sed 's/^/  /' || true
echo "outputs:"; grep -E '^[^ ]+\.epub: ' "$scratch/outputs.log" | sed 's/^/  /' || true
echo "output messages by kind:"
grep -E '^(ERROR|WARNING|FATAL)' "$scratch/outputs.log" | sed -E 's/\(-?[0-9]+,-?[0-9]+\)//; s/: .*\.epub\/([^:]*):/: \1:/' | cut -c1-160 |
  sort | uniq -c | sort -rn | head -40 || true
clean=$(grep -cE '^[^ ]+\.epub: 0 errors, 0 warnings, 0 fatal$' "$scratch/outputs.log" || true)
echo "clean: $clean of $rendered rendered; $failed failed to render"
((failed == 0 && clean == rendered))
