#!/usr/bin/env bash
# Benchmark (issue 26): narrate import (release build) of Kindle books — a
# MOBI 6 and an AZW3 (KF8) that calibre's ebook-convert makes from one corpus
# EPUB — beside calibre's `ebook-convert BOOK out.txt` on the same file, in
# the same run (the tools take turns).
#
#   bench/mobi-import.sh [BOOK.epub] [RUNS]
#
# BOOK defaults to ../shared/corpus/epub/se_jane-austen_pride-and-prejudice.epub,
# RUNS to 5. Wall time is the median of RUNS runs (date +%s%N), peak memory
# the largest "maximum resident set size" /usr/bin/time reports over the
# runs. Needs calibre (ebook-convert) and /usr/bin/time. NARRATE overrides
# the binary.
set -euo pipefail
cd "$(dirname "$0")/.."

book=${1:-../shared/corpus/epub/se_jane-austen_pride-and-prejudice.epub}
runs=${2:-5}
narrate=${NARRATE:-.build/release/narrate}
[[ -f $book ]] || { echo "mobi-import: no such book: $book" >&2; exit 1; }
calibre=$(command -v ebook-convert) || { echo "mobi-import: ebook-convert is missing (apt-get install calibre)" >&2; exit 1; }
[[ -n ${NARRATE:-} ]] || scripts/setup release
# calibre's Qt needs no display for these outputs; as root its web engine needs no sandbox.
export QT_QPA_PLATFORM=offscreen QTWEBENGINE_DISABLE_SANDBOX=1 QTWEBENGINE_CHROMIUM_FLAGS=--no-sandbox

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
formats=(mobi azw3)
for format in "${formats[@]}"; do "$calibre" "$book" "$scratch/book.$format" >/dev/null 2>&1; done

bench=mobi-import
source bench/timing.sh

for ((i = 0; i < runs; i++)); do
    for format in "${formats[@]}"; do
        run "narrate-$format" "$narrate" import "$scratch/book.$format" -o "$scratch/out.plist" --force --quiet
        run "calibre-$format" "$calibre" "$scratch/book.$format" "$scratch/out-$format.txt"
    done
done

echo "book: $book, converted by $("$calibre" --version | head -n 1); $runs runs each, $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
echo "narrate: $("$narrate" --version 2>/dev/null | head -n 1 || echo unknown)"
echo "commands: narrate import BOOK -o out.plist --force --quiet; ebook-convert BOOK out.txt"
echo
for format in "${formats[@]}"; do
    echo "$format $(stat -c %s "$scratch/book.$format") $(median_and_peak "narrate-$format") $(median_and_peak "calibre-$format")"
done | awk '
    BEGIN { printf "| input | bytes | narrate (median) | narrate peak | ebook-convert (median) | ebook-convert peak | narrate is faster by |\n|---|---:|---:|---:|---:|---:|---:|\n" }
    { printf "| %s | %d | %.1f ms | %.1f MB | %.0f ms | %.1f MB | %.1f× |\n", $1, $2, $3 / 1000, $4 / 1024, $5 / 1000, $6 / 1024, $5 / $3 }'
