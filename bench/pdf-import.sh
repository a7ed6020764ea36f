#!/usr/bin/env bash
# Benchmark (issue 26): narrate import (release build) of a PDF beside
# poppler's pdftotext and calibre's `ebook-convert BOOK.pdf out.txt` on the
# same file, in the same run. Without a PDF argument the book is the corpus
# EPUB printed to PDF by calibre with a running header and page numbers
# (as the tests make it), and by LibreOffice from pandoc's ODT when soffice
# is installed.
#
#   bench/pdf-import.sh [BOOK.pdf|BOOK.epub] [RUNS]
#
# BOOK defaults to ../shared/corpus/epub/se_jane-austen_pride-and-prejudice.epub,
# RUNS to 5. The tools take turns; wall time is the median of RUNS runs
# (bash's $EPOCHREALTIME, no harness process timed), peak memory the
# "maximum resident set size" /usr/bin/time reports for one more, untimed run. Needs pdftotext (poppler-utils) and
# /usr/bin/time; calibre to make the PDF from an EPUB and for its column.
# NARRATE overrides the binary.
set -euo pipefail
cd "$(dirname "$0")/.."

book=${1:-../shared/corpus/epub/se_jane-austen_pride-and-prejudice.epub}
runs=${2:-5}
narrate=${NARRATE:-.build/release/narrate}
[[ -f $book ]] || { echo "pdf-import: no such book: $book" >&2; exit 1; }
[[ -n ${NARRATE:-} ]] || scripts/setup release
command -v pdftotext >/dev/null || { echo "pdf-import: pdftotext is missing (apt-get install poppler-utils)" >&2; exit 1; }
source bench/calibre.sh

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
inputs=()
if [[ $book == *.pdf ]]; then
    cp "$book" "$scratch/book.pdf"
    inputs=(book)
else
    [[ -n $calibre ]] || { echo "pdf-import: calibre is needed to print $book to PDF" >&2; exit 1; }
    "$calibre" "$book" "$scratch/calibre.pdf" \
        --pdf-header-template '<p style="text-align:center; font-size:9pt">_TITLE_ — _SECTION_</p>' \
        --pdf-footer-template '<p style="text-align:center; font-size:9pt">_PAGENUM_</p>' >/dev/null 2>&1
    inputs=(calibre)
    if command -v soffice >/dev/null && command -v pandoc >/dev/null; then
        pandoc "$book" -o "$scratch/libreoffice.odt"
        soffice "-env:UserInstallation=file://$scratch/profile" --headless --convert-to pdf --outdir "$scratch" \
            "$scratch/libreoffice.odt" >/dev/null 2>&1
        inputs+=(libreoffice)
    fi
fi

bench=pdf-import
source bench/timing.sh

for ((i = 0; i < runs; i++)); do
    for input in "${inputs[@]}"; do
        file=$scratch/$input.pdf
        run "narrate-$input" "$narrate" import "$file" -o "$scratch/out.plist" --force --quiet
        run "pdftotext-$input" pdftotext "$file" "$scratch/out.txt"
        [[ -z $calibre ]] || run "calibre-$input" "$calibre" "$file" "$scratch/out-calibre.txt"
    done
done

echo "book: $book; $runs runs each, $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
echo "narrate: $("$narrate" --version 2>/dev/null | head -n 1 || echo unknown); $(pdftotext -v 2>&1 | head -n 1); calibre: ${calibre:+$("$calibre" --version 2>/dev/null | head -n 1)}"
echo "commands: narrate import BOOK.pdf -o out.plist --force --quiet; pdftotext BOOK.pdf out.txt; ebook-convert BOOK.pdf out.txt"
echo
for input in "${inputs[@]}"; do
    echo "$input $(stat -c %s "$scratch/$input.pdf") $(pdfinfo "$scratch/$input.pdf" | awk '/^Pages:/ { print $2 }') $(median_and_peak "narrate-$input") $(median_and_peak "pdftotext-$input") $(median_and_peak "calibre-$input")"
done | awk '
    BEGIN { printf "| PDF | bytes | pages | narrate (median) | narrate peak | pdftotext (median) | pdftotext peak | narrate / pdftotext | ebook-convert (median) | ebook-convert peak | ebook-convert / narrate |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n" }
    {
        calibre = $8 == "-" ? "—" : sprintf("%.0f ms", $8 / 1000)
        calibrePeak = $9 == "-" ? "—" : sprintf("%.1f MB", $9 / 1024)
        ratio = $8 == "-" ? "—" : sprintf("%.1f×", $8 / $4)
        printf "| %s | %d | %d | %.0f ms | %.1f MB | %.0f ms | %.1f MB | %.2f× | %s | %s | %s |\n", $1, $2, $3, $4 / 1000, $5 / 1024, $6 / 1000, $7 / 1024, $4 / $6, calibre, calibrePeak, ratio
    }'
