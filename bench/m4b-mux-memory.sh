#!/usr/bin/env bash
# How ffmpeg's MP4 muxer's memory grows with the length of an audiobook: the
# final mux narrate runs for .m4b (AAC frames in ADTS, 65 chapters, a cover,
# `-f ipod -brand "M4B " -movflags +faststart`), on 1×, 16× and 48× a
# 42-minute AAC file (espeak-ng speech, 64 kb/s, joined as ADTS frames join:
# byte for byte), beside the same mux written as fragmented MP4 (5-minute
# fragments). Prints the hours of audio and ffmpeg's peak resident memory
# (`/usr/bin/time -v`'s maximum RSS, shared libraries included).
#
#   bench/m4b-mux-memory.sh [TEXT]
#
# Default TEXT: the first 45,000 bytes of the corpus Alice. Needs espeak-ng,
# ffmpeg and GNU time; uses about 1.6 GB of disk under $TMPDIR.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
text="${1:-$root/../shared/corpus/text/en_alice.utf8.txt}"
scratch="${TMPDIR:-/tmp}/narrate-m4b-mux"
rm -rf "$scratch" && mkdir -p "$scratch" && cd "$scratch"
head -c 45000 "$text" > part.txt
espeak-ng -f part.txt -w part.wav
ffmpeg -nostdin -v error -i part.wav -c:a aac -aac_coder fast -b:a 64k -f adts -y x1.aac
for i in $(seq 16); do cat x1.aac; done > x16.aac
for i in 1 2 3; do cat x16.aac; done > x48.aac
rm -f part.wav
ffmpeg -nostdin -v error -f lavfi -i color=c=navy:s=300x300 -frames:v 1 -y cover.jpg
printf ';FFMETADATA1\ntitle=Bench\n' > meta.txt
for i in $(seq 0 64); do
  printf '[CHAPTER]\nTIMEBASE=1/1000\nSTART=%d\nEND=%d\ntitle=Chapter %d\n' $((i * 2000)) $((i * 2000 + 2000)) $((i + 1))
done >> meta.txt

common=(-nostdin -v error -itsoffset -0.046440 -i IN -i meta.txt -i cover.jpg -map 0:a -map_metadata 1 -map_chapters 1
  -c:a copy -map 2:v -c:v copy -disposition:v:0 attached_pic -f ipod -brand "M4B ")
peak() { # peak LABEL INPUT EXTRA... -> "hours MB"
  local label="$1" input="$2" hours
  shift 2
  /usr/bin/time -f "%M" -o "$label.rss" ffmpeg "${common[@]/IN/$input}" "$@" -y "$label.m4b"
  hours=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$label.m4b")
  printf '%-24s %6.1f h %8.1f MB\n' "$label" "$(echo "$hours / 3600" | bc -l)" "$(echo "$(cat "$label.rss") / 1024" | bc -l)"
  rm -f "$label.m4b"
}
echo "$(ffmpeg -version | head -1)"
for n in 1 16 48; do
  peak "standard-x$n" "x$n.aac" -movflags +faststart
  peak "fragmented-x$n" "x$n.aac" -movflags +default_base_moof -frag_duration 300000000
done
