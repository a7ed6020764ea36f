# Sourced by the speech benchmarks (after setting $root and $scratch).

# `book_text INPUT OUT`: the book's text as one plain-text file, the same
# bytes for narrate and espeak-ng (an EPUB's spine written out by
# bench/speak-text.py, a text file copied).
book_text() {
  case "$1" in
    *.epub) python3 "$root/bench/speak-text.py" "$1" "$2" ;;
    *) cp "$1" "$2" ;;
  esac
}

# The narrate binary: $NARRATE, else a release build made by scripts/setup.
narrate_binary() {
  [[ -n ${NARRATE:-} ]] || (cd "$root" && scripts/setup release >/dev/null 2>&1)
  echo "${NARRATE:-$root/.build/release/narrate}"
}

# `measure LABEL COMMAND...` runs the command under GNU time into
# $scratch/LABEL.time and prints "LABEL WALL_SECONDS PEAK_MB".
measure() {
  local label="$1"; shift
  /usr/bin/time -v "$@" 2> "$scratch/$label.time" >/dev/null
  local wall rss
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$scratch/$label.time" |
    awk -F: '{ if (NF == 3) print $1*3600 + $2*60 + $3; else print $1*60 + $2 }')
  rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.1f", $2 / 1024}' "$scratch/$label.time")
  echo "$label $wall $rss"
}
