#!/usr/bin/env bash
# Benchmark: narrate vs Python's plistlib reading and writing a generated
# narrated-book plist of N utterances (default 1,000,000), XML and binary.
# Reports wall time and peak memory (max RSS) of each, and the ratios.
#   bench/plist.sh [UTTERANCES]
# NARRATE overrides the binary (and skips the build).
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-1000000}
[[ -n ${NARRATE:-} ]] || scripts/setup release --tests
narrate=$(realpath "${NARRATE:-.build/release/narrate}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# measure LABEL COMMAND…: prints "LABEL seconds maxRSS-MB"
measure() {
    local label=$1; shift
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null
    read -r seconds kb <"$work/time"
    printf '%-34s %8.2f s %8.0f MB\n' "$label" "$seconds" "$((kb / 1024))"
    echo "$seconds" >"$work/last"
}
ratio() { python3 -c "print('%.1fx' % ($1 / max($2, 0.01)))"; }

echo "book: $count utterances ($((count / 100)) pages); $(nproc) cores; $(date -u +%F)"
for format in xml binary; do
    python3 bench/plist_peer.py generate "$work/book.$format" "$count" "$format" >/dev/null
    size=$(du -m "$work/book.$format" | cut -f1)
    echo "-- $format ($size MB)"
    measure "plistlib read ($format)" python3 bench/plist_peer.py read "$work/book.$format"
    peer_read=$(cat "$work/last")
    measure "narrate info (read, $format)" "$narrate" info --quiet "$work/book.$format"
    ours_read=$(cat "$work/last")
    measure "plistlib read+write ($format)" python3 bench/plist_peer.py roundtrip "$work/book.$format" "$work/peer.out" "$format"
    peer_rw=$(cat "$work/last")
    measure "narrate import (read+write, $format)" "$narrate" import --quiet --force --format "$format" "$work/book.$format" -o "$work/ours.out"
    ours_rw=$(cat "$work/last")
    peer_write=$(python3 -c "print($peer_rw - $peer_read)")
    ours_write=$(python3 -c "print(max($ours_rw - $ours_read, 0.01))")
    printf '   write alone (read+write minus read): plistlib %.2f s, narrate %.2f s\n' "$peer_write" "$ours_write"
    echo "   narrate is faster by: read $(ratio "$peer_read" "$ours_read"), write $(ratio "$peer_write" "$ours_write"), read+write $(ratio "$peer_rw" "$ours_rw")"
    cmp -s <(python3 -c "import plistlib,sys; print(plistlib.load(open(sys.argv[1],'rb'))==plistlib.load(open(sys.argv[2],'rb')))" "$work/book.$format" "$work/ours.out") <(echo True) \
        && echo "   output equal to input (checked with plistlib)" || echo "   OUTPUT DIFFERS FROM INPUT"
done
