#!/usr/bin/env bash
# Benchmark (issue 26): narrate import (release build) of FB2, HTML, DOCX,
# ODT, Markdown (GitHub's, with YAML front matter), MOBI and AZW3 books
# beside calibre's `ebook-convert BOOK out.txt` on the same file, in the
# same run. The books are conversions of one corpus EPUB, by pandoc (FB2,
# HTML, DOCX, ODT, Markdown) and by calibre (MOBI, AZW3, when it is
# installed); the EPUB itself is timed too, as the reference.
#
#   bench/document-import.sh [BOOK.epub] [RUNS]
#
# BOOK defaults to ../shared/corpus/epub/se_jane-austen_pride-and-prejudice.epub,
# RUNS to 5. The tools take turns; wall time is the median of RUNS runs
# (bash's $EPOCHREALTIME, no harness process timed), peak memory the
# "maximum resident set size" /usr/bin/time reports for one more, untimed run. Needs pandoc and /usr/bin/time;
# calibre (ebook-convert) for the comparison column, left empty without it.
# NARRATE overrides the binary; FORMATS="epub md" times only those.
set -euo pipefail
cd "$(dirname "$0")/.."

book=${1:-../shared/corpus/epub/se_jane-austen_pride-and-prejudice.epub}
runs=${2:-5}
narrate=${NARRATE:-.build/release/narrate}
[[ -f $book ]] || { echo "document-import: no such book: $book" >&2; exit 1; }
[[ -n ${NARRATE:-} ]] || scripts/setup release
command -v pandoc >/dev/null || { echo "document-import: pandoc is missing (apt-get install pandoc)" >&2; exit 1; }
source bench/calibre.sh

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
formats=(${FORMATS:-epub fb2 html docx odt md})
cp "$book" "$scratch/book.epub"
for format in "${formats[@]:1}"; do
    extra=()
    [[ $format == html ]] && extra=(--standalone)
    [[ $format == md ]] && extra=(--standalone --to gfm)
    pandoc "$book" -o "$scratch/book.$format" "${extra[@]}" 2>/dev/null
done
if [[ -n $calibre ]]; then
    for format in mobi azw3; do
        "$calibre" "$book" "$scratch/book.$format" >/dev/null 2>&1
        formats+=("$format")
    done
fi

bench=document-import
source bench/timing.sh

for ((i = 0; i < runs; i++)); do
    for format in "${formats[@]}"; do
        run "narrate-$format" "$narrate" import "$scratch/book.$format" -o "$scratch/out.plist" --force --quiet
        [[ -z $calibre ]] || run "calibre-$format" "$calibre" "$scratch/book.$format" "$scratch/out-$format.txt"
    done
done

echo "book: $book, converted by $(pandoc --version | head -n 1)${calibre:+ and $("$calibre" --version | head -n 1)}; $runs runs each, $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
echo "narrate: $("$narrate" --version 2>/dev/null | head -n 1 || echo unknown); calibre: ${calibre:+$("$calibre" --version | head -n 1)}"
echo "commands: narrate import BOOK -o out.plist --force --quiet; ebook-convert BOOK out.txt"
echo
for format in "${formats[@]}"; do
    echo "$format $(stat -c %s "$scratch/book.$format") $(median_and_peak "narrate-$format") $(median_and_peak "calibre-$format")"
done | awk '
    BEGIN { printf "| input | bytes | narrate (median) | narrate peak | ebook-convert (median) | ebook-convert peak | narrate is faster by |\n|---|---:|---:|---:|---:|---:|---:|\n" }
    {
        calibre = $5 == "-" ? "—" : sprintf("%.0f ms", $5 / 1000)
        calibrePeak = $6 == "-" ? "—" : sprintf("%.1f MB", $6 / 1024)
        ratio = $5 == "-" ? "—" : sprintf("%.1f×", $5 / $3)
        printf "| %s | %d | %.1f ms | %.1f MB | %s | %s | %s |\n", $1, $2, $3 / 1000, $4 / 1024, calibre, calibrePeak, ratio
    }'
