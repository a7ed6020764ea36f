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
  [[ -n ${NARRATE:-} ]] || (cd "$root" && scripts/setup release --tests >/dev/null 2>&1)
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

# `tree_peak LABEL COMMAND...`: runs the command; prints "WALL_SECONDS PEAK_MB"
# where the peak is the largest sum of the proportional set size (PSS:
# resident memory with shared pages divided among their users, so the shared
# libraries of several ffmpeg or narrate processes count once) of the
# command and all its descendants seen at once, sampled every 0.2 s. Each
# process kind's own peak (narrate, its _render workers, ffmpeg, espeak-ng)
# goes to $scratch/LABEL.kinds.
tree_peak() {
  local label="$1" start end peak=0 sum pid p pss kind
  shift
  start=$(date +%s.%N)
  /usr/bin/time -f "%U %S" -o "$scratch/$label.cpu" "$@" >/dev/null 2>"$scratch/stderr" &
  pid=$!
  : > "$scratch/$label.samples"
  while kill -0 "$pid" 2>/dev/null; do
    sum=0
    for p in $(ps -eo pid=,ppid= | awk -v root="$pid" '
        { parent[$1] = $2 }
        END { for (p in parent) { q = p; while (q != "" && q != 0 && q != root) q = parent[q]; if (q == root) print p } }'); do
      pss=$(awk '/^Pss:/ {print $2}' "/proc/$p/smaps_rollup" 2>/dev/null || true)
      [ -n "$pss" ] || continue
      kind=$( { tr '\0' ' ' < "/proc/$p/cmdline"; } 2>/dev/null | awk '{n = $1; sub(".*/", "", n); if ($2 == "_render") n = n " worker"; print n}')
      echo "$pss $kind" >> "$scratch/$label.samples"
      sum=$((sum + pss))
    done
    (( sum > peak )) && peak=$sum
    sleep 0.2
  done
  wait "$pid" || { cat "$scratch/stderr" >&2; return 1; }
  end=$(date +%s.%N)
  awk '{ kind = $2 (NF > 2 ? " " $3 : ""); if ($1 > top[kind]) top[kind] = $1 }
       END { for (k in top) printf "%s %.1f MB; ", k, top[k] / 1024 }' "$scratch/$label.samples" > "$scratch/$label.kinds"
  echo "$(echo "$end - $start" | bc) $(echo "scale=1; $peak / 1024" | bc)"
}
