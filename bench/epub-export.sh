#!/usr/bin/env bash
# Benchmark (issue 26): `narrate import BOOK -o out.epub` (release build)
# beside calibre's `ebook-convert BOOK out.epub` on the same inputs, in the
# same run: a corpus EPUB, a corpus plain-text book, and pandoc's FB2 and
# DOCX conversions of the EPUB.
#
#   bench/epub-export.sh [BOOK.epub] [RUNS]
#
# BOOK defaults to ../shared/corpus/epub/se_jane-austen_pride-and-prejudice.epub,
# RUNS to 3. The tools take turns; wall time is the median of RUNS runs
# (bash's $EPOCHREALTIME, no harness process timed), peak memory the
# "maximum resident set size" /usr/bin/time reports for one more, untimed run. Needs calibre, pandoc and
# /usr/bin/time. NARRATE overrides the binary.
set -euo pipefail
cd "$(dirname "$0")/.."

book=${1:-../shared/corpus/epub/se_jane-austen_pride-and-prejudice.epub}
text=../shared/corpus/text/en_alice.utf8.txt
runs=${2:-3}
narrate=${NARRATE:-.build/release/narrate}
[[ -f $book ]] || { echo "epub-export: no such book: $book" >&2; exit 1; }
[[ -n ${NARRATE:-} ]] || scripts/setup release
for tool in pandoc ebook-convert; do
    command -v $tool >/dev/null || { echo "epub-export: $tool is missing (scripts/setup --tests)" >&2; exit 1; }
done
source bench/calibre.sh

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
inputs=(book.epub book.fb2 book.docx)
cp "$book" "$scratch/book.epub"
pandoc "$book" -o "$scratch/book.fb2" 2>/dev/null
pandoc "$book" -o "$scratch/book.docx" 2>/dev/null
if [[ -f $text ]]; then cp "$text" "$scratch/text.txt"; inputs+=(text.txt); fi

bench=epub-export
source bench/timing.sh

for ((i = 0; i < runs; i++)); do
    for input in "${inputs[@]}"; do
        run "narrate-$input" "$narrate" import "$scratch/$input" -o "$scratch/narrate-$input.epub" --force --quiet
        run "calibre-$input" ebook-convert "$scratch/$input" "$scratch/calibre-$input.epub"
    done
done

echo "book: $book, converted by $(pandoc --version | head -n 1); $runs runs each, $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
echo "narrate: $("$narrate" --version 2>/dev/null | head -n 1 || echo unknown); calibre: $(ebook-convert --version | head -n 1)"
echo "commands: narrate import BOOK -o out.epub --force --quiet; ebook-convert BOOK out.epub"
echo
for input in "${inputs[@]}"; do
    echo "$input $(stat -c %s "$scratch/$input") $(median_and_peak "narrate-$input") $(median_and_peak "calibre-$input") $(stat -c %s "$scratch/narrate-$input.epub") $(stat -c %s "$scratch/calibre-$input.epub")"
done | awk '
    BEGIN { printf "| input | bytes | narrate (median) | narrate peak | ebook-convert (median) | ebook-convert peak | narrate is faster by | EPUB bytes narrate / calibre |\n|---|---:|---:|---:|---:|---:|---:|---:|\n" }
    {
        printf "| %s | %d | %.0f ms | %.1f MB | %.0f ms | %.1f MB | %.1f× | %d / %d |\n", $1, $2, $3 / 1000, $4 / 1024, $5 / 1000, $6 / 1024, $5 / $3, $7, $8
    }'
