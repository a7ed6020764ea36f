#!/usr/bin/env bash
# Segmentation benchmark: narrate's splitter and plain-text import, ICU's
# sentence iterator and pySBD, on the same text (default: the corpus Alice).
#
#   bench/segment.sh [FILE] [REPEATS]
#
# Needs libicu-dev (apt) and pysbd (pip) for the peers; each is skipped with
# a message when missing. narrate's bench is built in release mode in a
# scratch package that links this checkout's sources (the project's own
# Package.swift is left alone).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
file="${1:-$root/../shared/corpus/text/en_alice.utf8.txt}"
repeats="${2:-5}"
[ -f "$file" ] || { echo "segment.sh: $file: no such file" >&2; exit 1; }
scratch="${TMPDIR:-/tmp}/narrate-segment-bench"
mkdir -p "$scratch/bench"
ln -sfn "$root/Sources" "$scratch/Sources"
ln -sfn "$root/Tests" "$scratch/Tests"
ln -sfn "$root/bench/segment-bench" "$scratch/bench/segment-bench"
{ cat "$root/Package.swift"; echo
  echo 'package.targets.append(.executableTarget(name: "segment-bench", dependencies: ["BookModel", "Importers", "Segmentation", "TextPrimitives"], path: "bench/segment-bench"))'
} > "$scratch/Package.swift"
echo "input: $file ($(wc -c < "$file") bytes), best of $repeats runs"
(cd "$scratch" && swift build -c release --product segment-bench >/dev/null)
echo "== narrate"
"$scratch/.build/release/segment-bench" "$file" "$repeats"
echo "== ICU sentence break iterator (C, per paragraph)"
if pkg-config --exists icu-uc icu-i18n; then
  cc -O2 "$root/bench/segment-icu.c" $(pkg-config --cflags --libs icu-uc icu-i18n) -o "$scratch/segment-icu"
  "$scratch/segment-icu" "$file" en "$repeats"
  "$scratch/segment-icu" "$file" en@ss=standard "$repeats"
else
  echo "skipped: libicu-dev is not installed"
fi
echo "== pySBD"
if python3 -c 'import pysbd' 2>/dev/null; then
  python3 "$root/bench/segment-pysbd.py" "$file" "$repeats"
else
  echo "skipped: pysbd is not installed (pip install pysbd)"
fi
