# Sourced by the speech benchmarks: `measure LABEL COMMAND...` runs the
# command under GNU time into $scratch/LABEL.time and prints
# "LABEL WALL_SECONDS PEAK_MB".
measure() {
  local label="$1"; shift
  /usr/bin/time -v "$@" 2> "$scratch/$label.time" >/dev/null
  local wall rss
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$scratch/$label.time" |
    awk -F: '{ if (NF == 3) print $1*3600 + $2*60 + $3; else print $1*60 + $2 }')
  rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.1f", $2 / 1024}' "$scratch/$label.time")
  echo "$label $wall $rss"
}
