#!/usr/bin/env bash
# Sentence splitting measured on the golden rules, narrate beside pySBD:
# the 52 English Golden Rules of pragmatic_segmenter and every case of
# pySBD's per-language tests (bench/golden-rules/golden-rules.json).
#
#   bench/golden-rules.sh [--failures]
#
# narrate reads each case as a text file in the case's language; pySBD runs
# each case with the settings its own tests use. Needs pysbd (pip) for the
# peer, from PYTHON (default python3); skipped with a message when missing.
# narrate's runner is built in a scratch package that links this checkout's
# sources (CONFIG=debug for a quicker build).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
rules="$root/bench/golden-rules/golden-rules.json"
python="${PYTHON:-python3}"
config="${CONFIG:-release}"
scratch="${TMPDIR:-/tmp}/narrate-golden-rules-$(id -u)"
mkdir -p "$scratch/bench"
ln -sfn "$root/Sources" "$scratch/Sources"
ln -sfn "$root/Tests" "$scratch/Tests"
ln -sfn "$root/bench/golden-rules" "$scratch/bench/golden-rules"
{ cat "$root/Package.swift"; echo
  echo 'package.targets.append(.executableTarget(name: "golden-rules", dependencies: ["BookModel", "Importers", "Segmentation"], path: "bench/golden-rules", exclude: ["golden-rules.json", "pysbd-golden.py"]))'
} > "$scratch/Package.swift"
(cd "$scratch" && swift build -c "$config" --product golden-rules >/dev/null)
"$scratch/.build/$config/golden-rules" "$rules" "$@" > "$scratch/narrate.txt"
if "$python" -c 'import pysbd' 2>/dev/null; then
  "$python" "$root/bench/golden-rules/pysbd-golden.py" "$rules" "$@" > "$scratch/pysbd.txt"
else
  echo "pySBD skipped: pysbd is not installed for $python (pip install pysbd)" >&2
  : > "$scratch/pysbd.txt"
fi
if [[ " $* " == *" --failures "* ]]; then
  echo "== narrate failures"; grep '^  ' "$scratch/narrate.txt" || true
  echo "== pySBD failures"; grep '^  ' "$scratch/pysbd.txt" || true
fi
printf '%-8s %9s %9s\n' language narrate pySBD
join -t $'\t' -a 1 <(grep -v '^  ' "$scratch/narrate.txt" | nl -ba -w4 -s$'\t' | awk -F'\t' '{print $2"\t"$3"\t"$1}' | sort -t $'\t' -k1,1) \
  <(grep -v '^  ' "$scratch/pysbd.txt" | sort -t $'\t' -k1,1) \
  | sort -t $'\t' -k3,3n | awk -F'\t' '{ printf "%-8s %9s %9s\n", $1, $2, ($4 == "" ? "-" : $4) }'
