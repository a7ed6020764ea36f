#!/usr/bin/env bash
# The reader's highlight against the sound device over a long read (issue
# 18): runs ReaderDriftTests, which reads "The cat sat on the mat." aloud
# for MINUTES (default 10) with the espeak-ng voice on a private PulseAudio
# server whose sink is recorded, and prints how far the moment each
# sentence's first word is highlighted moves against the moment its sound
# begins in the recording. Real time: it takes MINUTES and a bit.
# Needs pulseaudio and pulseaudio-utils (scripts/setup installs them).
#
#   bench/reader-drift.sh [MINUTES]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
swift build --build-tests >/dev/null 2>&1
NARRATE_READER_DRIFT_MINUTES="${1:-10}" swift test --skip-build --filter theHighlightStaysOnTheSoundThroughALongRead 2>&1 |
  grep -E '^reader drift|Expectation failed|recorded an issue|✔ Test theHighlight|✘ Test theHighlight' || true
