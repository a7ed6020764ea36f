#!/usr/bin/env bash
# Benchmark: narrate import (release build) of an EPUB against pandoc and a
# Python ebooklib + BeautifulSoup extraction, in the same run, same file.
#
#   bench/epub-import.sh [BOOK.epub] [RUNS]
#
# BOOK defaults to ../shared/corpus/epub/se_jane-austen_pride-and-prejudice.epub,
# RUNS to 10. narrate writes a new file each run (NARRATE_REPLACE=1: it
# replaces the last run's). The three tools take turns; wall time is the
# median of RUNS runs (bash's $EPOCHREALTIME: no process of the harness is
# timed with the tool); peak memory is the "maximum resident set size"
# /usr/bin/time reports for one more, untimed run of each tool.
# Needs: pandoc (apt), python3 with ebooklib, beautifulsoup4 and lxml (pip;
# set PYTHON to a venv's python3), /usr/bin/time. NARRATE overrides the binary.
set -euo pipefail
cd "$(dirname "$0")/.."

book=${1:-../shared/corpus/epub/se_jane-austen_pride-and-prejudice.epub}
runs=${2:-10}
python=${PYTHON:-python3}
narrate=${NARRATE:-.build/release/narrate}
[[ -f $book ]] || { echo "epub-import: no such book: $book" >&2; exit 1; }
[[ -n ${NARRATE:-} ]] || scripts/setup release --tests
command -v pandoc >/dev/null || { echo "epub-import: pandoc is missing (apt-get install pandoc)" >&2; exit 1; }
"$python" -c 'import ebooklib, bs4, lxml' 2>/dev/null \
    || { echo "epub-import: $python lacks ebooklib/beautifulsoup4/lxml (pip install ebooklib beautifulsoup4 lxml)" >&2; exit 1; }

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

bench=epub-import
source bench/timing.sh

# The tools take turns, run after run, so that the machine's drifting load
# (it is shared) falls on all of them alike.
# narrate's last output is removed first, untimed, as a conversion writes a
# new file (replacing one costs about 4 ms more on ext4: NARRATE_REPLACE=1).
for ((i = 0; i < runs; i++)); do
    [[ -n ${NARRATE_REPLACE:-} ]] || rm -f "$scratch/book.plist"
    run narrate "$narrate" import "$book" -o "$scratch/book.plist" --force --quiet
    run pandoc pandoc -f epub -t plain "$book" -o "$scratch/book.txt"
    run ebooklib "$python" bench/epub_ebooklib.py "$book"
done

# summary NAME: prints "NAME median_us peak_kb".
summary() { echo "$1 $(median_and_peak "$1")"; }
{ summary narrate; summary pandoc; summary ebooklib; } >"$scratch/results"

echo "book: $book ($(stat -c %s "$book") bytes), $runs runs each, $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
echo "narrate: $("$narrate" --version 2>/dev/null | head -n 1 || echo unknown), $(pandoc --version | head -n 1), ebooklib $("$python" -c 'import importlib.metadata as m; print(m.version("ebooklib"))')"
echo
awk '
    { name[NR] = $1; us[NR] = $2; kb[NR] = $3 }
    END {
        printf "| tool | wall time (median) | peak memory | narrate is faster by |\n|---|---:|---:|---:|\n"
        for (i = 1; i <= NR; i++)
            printf "| %s | %.1f ms | %.1f MB | %s |\n", name[i], us[i] / 1000, kb[i] / 1024,
                i == 1 ? "—" : sprintf("%.1f×", us[i] / us[1])
    }' "$scratch/results"
