#!/usr/bin/env bash
# Lexicon benchmark (issue 14): what a 10,000-entry lexicon adds to
# `narrate import` and `narrate speak` on a novel longer than Moby-Dick.
#
#   bench/lexicon.sh [IMPORT_RUNS] [SPEAK_RUNS]     (defaults 5 and 2)
#
# bench/lexicon-make.py builds the book (Pride and Prejudice + Alice + Pride
# and Prejudice from the corpus, ~1.5 MB of text: Moby-Dick is not in the
# corpus) and two 10,000-entry lexicons (IPA and aliases): names.lexicon, the
# book's names then made-up names, and names-capitals.lexicon, every
# capitalised word of the book ("The", "It" too) then made-up names, which
# matches twice as often. Each command runs without and with each
# `--lexicon`, in turn; the best wall time and the best CPU time (user +
# system, steadier on a shared machine) of each are kept. The matches are
# counted from `narrate import`'s plist. Times are taken in Python
# (perf_counter and getrusage, to the microsecond: GNU time's 10 ms steps are
# a tenth of an import); peak memory (maximum resident set, the largest of
# the runs) is printed for each. SPEAK_RUNS 0 leaves speak out. Also prints
# callgrind's instruction count of one import each way and of reading the
# names lexicon alone (valgrind; skipped when missing), steadier than times
# on a shared machine. Set NARRATE to a built binary to skip building.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
scratch="${TMPDIR:-/tmp}/narrate-lexicon-bench"
mkdir -p "$scratch"
source "$root/bench/speak-measure.sh"  # narrate_binary
import_runs="${1:-5}"
speak_runs="${2:-2}"
corpus="$root/../shared/corpus"
python3 "$root/bench/lexicon-make.py" "$corpus/epub/se_jane-austen_pride-and-prejudice.epub" \
  "$corpus/text/en_alice.utf8.txt" "$scratch/book.txt" "$scratch/names.lexicon"
narrate="$(narrate_binary)"
"$narrate" --version | head -1

best() { sort -n | head -1; }
# timed COMMAND...: "WALL CPU PEAK_MB" of one run (seconds; CPU is user +
# system), its output thrown away.
timed() {
  python3 - "$@" <<'PY'
import resource, subprocess, sys, time
start, before = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
print(f"{wall:.4f} {cpu:.4f} {after.ru_maxrss / 1024:.1f}")
PY
}
# run_all RUNS LABEL ARGS...: best wall time without a lexicon and with each.
run_all() {
  local runs="$1" label="$2"; shift 2
  ((runs > 0)) || return 0
  local modes=(plain names capitals)
  for mode in "${modes[@]}"; do : > "$scratch/$label.$mode"; : > "$scratch/$label.$mode.cpu"; : > "$scratch/$label.$mode.mb"; done
  for ((i = 0; i < runs; i++)); do
    for mode in "${modes[@]}"; do
      local extra=()
      [[ $mode == names ]] && extra=(--lexicon "$scratch/names.lexicon")
      [[ $mode == capitals ]] && extra=(--lexicon "$scratch/names-capitals.lexicon")
      read -r wall cpu mb <<< "$(timed "$narrate" "$@" "${extra[@]}")"
      echo "$wall" >> "$scratch/$label.$mode"
      echo "$cpu" >> "$scratch/$label.$mode.cpu"
      echo "$mb" >> "$scratch/$label.$mode.mb"
    done
  done
  local kind plain names capitals
  for kind in wall cpu; do
    local suffix=""; [[ $kind == cpu ]] && suffix=".cpu"
    plain=$(grep . "$scratch/$label.plain$suffix" | best); names=$(grep . "$scratch/$label.names$suffix" | best)
    capitals=$(grep . "$scratch/$label.capitals$suffix" | best)
    printf '%-14s %10s %10s %8s %12s %8s\n' "$label ($kind)" "$plain" "$names" \
      "$(echo "scale=1; ($names - $plain) * 100 / $plain" | bc)%" "$capitals" \
      "$(echo "scale=1; ($capitals - $plain) * 100 / $plain" | bc)%"
  done
  plain=$(sort -n "$scratch/$label.plain.mb" | tail -1); names=$(sort -n "$scratch/$label.names.mb" | tail -1)
  capitals=$(sort -n "$scratch/$label.capitals.mb" | tail -1)
  printf '%-14s %10s %10s %8s %12s %8s\n' "$label (MB)" "$plain" "$names" \
    "$(echo "scale=1; ($names - $plain) * 100 / $plain" | bc)%" "$capitals" \
    "$(echo "scale=1; ($capitals - $plain) * 100 / $plain" | bc)%"
}

printf '%-14s %10s %10s %8s %12s %8s\n' command "plain (s)" "names (s)" added "capitals (s)" added
run_all "$import_runs" import import "$scratch/book.txt" -o "$scratch/book.plist" --force --quiet
# The audio (26 h, over 4 GB) is streamed to /dev/null.
run_all "$speak_runs" speak speak "$scratch/book.txt" --format wav -o - --quiet
for lexicon in names names-capitals; do
  "$narrate" import "$scratch/book.txt" --lexicon "$scratch/$lexicon.lexicon" -o "$scratch/book.plist" --force --quiet
  echo "$lexicon.lexicon: $(grep -c '<key>location</key>' "$scratch/book.plist") pronunciations in the book"
done
if command -v valgrind > /dev/null; then
  # Valgrind 3.19 cannot read the DWARF 5 of the static Swift runtime in a
  # release build ("possibly corrupted debuginfo") and gives up: it runs a
  # copy without debug information (symbols stay).
  objcopy --strip-debug "$narrate" "$scratch/narrate-stripped"
  narrate="$scratch/narrate-stripped"
  for mode in plain names names-capitals; do
    extra=(); [[ $mode != plain ]] && extra=(--lexicon "$scratch/$mode.lexicon")
    valgrind --tool=callgrind --callgrind-out-file="$scratch/callgrind.$mode" "$narrate" import "$scratch/book.txt" \
      -o "$scratch/cg.plist" --force --quiet "${extra[@]}" 2> "$scratch/callgrind.$mode.log"
    count=$(awk '/Collected/ {print $4}' "$scratch/callgrind.$mode.log")
    [[ $mode == plain ]] && plain_count=$count
    echo "import instructions ($mode): $count ($(echo "scale=1; ($count - $plain_count) * 100 / $plain_count" | bc)% added)"
  done
  # What reading the lexicon alone costs: an import of a one-line text.
  echo "Hello." > "$scratch/line.txt"
  for mode in plain names; do
    extra=(); [[ $mode != plain ]] && extra=(--lexicon "$scratch/$mode.lexicon")
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$narrate" import "$scratch/line.txt" \
      -o "$scratch/cg.plist" --force --quiet "${extra[@]}" 2> "$scratch/callgrind.line.$mode.log"
  done
  echo "reading names.lexicon alone: $(awk '/Collected/ {gsub(",", "", $4); n[FILENAME] = $4} END {
    printf "%.1f M instructions", (n[ARGV[2]] - n[ARGV[1]]) / 1e6 }' "$scratch/callgrind.line.plain.log" "$scratch/callgrind.line.names.log")"
fi
