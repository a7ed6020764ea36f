#!/usr/bin/env bash
# narrate align beside aeneas on the same recording with a known truth.
#   bench/align.sh TEXT [NARRATE]
# Renders TEXT with the Piper voice (the "human" recording, whose word times
# are the truth), then aligns it with `narrate align` and with aeneas 1.7.3
# (in $AENEAS_VENV, default /tmp/aeneas/venv; see docs/alignment.md for the
# install), each timed with /usr/bin/time (wall clock, peak memory), and
# compares both with the truth (bench/align-accuracy.py).
set -euo pipefail
text=$(realpath "$1")
narrate=$(realpath "${2:-.build/release/narrate}")
venv=${AENEAS_VENV:-/tmp/aeneas/venv}
accuracy=$(realpath "$(dirname "$0")/align-accuracy.py")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
"$narrate" speak "$text" --engine piper -o human.wav --timings truth.json -q
seconds=$(soxi -D human.wav)
echo "recording: $seconds s"
report() { # name, time file
    local wall memory
    wall=$(awk '{print $1}' "$2"); memory=$(awk '{print $2}' "$2")
    echo "$1: $wall s wall, $(echo "$seconds / $wall" | bc -l | cut -c1-6)x real time, peak $((memory / 1024)) MB"
}
/usr/bin/time -f "%e %M" -o narrate.time "$narrate" align "$text" human.wav --timings narrate.json -q
report "narrate align" narrate.time
python3 "$accuracy" truth.json narrate.json --wav human.wav
if [[ -x $venv/bin/python ]]; then
    # aeneas gets one fragment per utterance narrate read (the same sentences).
    python3 -c 'import json,sys; print("\n".join(" ".join(u["text"].split()) for u in json.load(open("truth.json"))["utterances"] if u["words"]))' > fragments.txt
    /usr/bin/time -f "%e %M" -o aeneas.time "$venv/bin/python" -m aeneas.tools.execute_task human.wav fragments.txt \
        "task_language=eng|is_text_type=plain|os_task_file_format=json" aeneas.json \
        -r="tts=espeak-ng|ffmpeg_sample_rate=22050" > /dev/null
    report "aeneas 1.7.3" aeneas.time
    python3 "$accuracy" truth.json aeneas.json --aeneas --wav human.wav
else
    echo "aeneas: not installed in $venv"
fi
