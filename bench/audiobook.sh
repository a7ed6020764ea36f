#!/usr/bin/env bash
# Audiobook benchmark: the whole book to .m4b and to .opus with
# `narrate speak BOOK -o book.m4b` (release build, every core), beside the
# pipeline a user would otherwise write — `espeak-ng -f book.txt -w book.wav`
# then ffmpeg with the same codec and bitrate (ffmpeg's defaults otherwise) —
# in the same run. Prints wall time, the ratio narrate / pipeline, peak
# memory (the whole process tree, summed, sampled every 0.2 s), file size,
# audio length, real-time factor and chapter count, then the ratios, the CPU
# time each used, and each process kind's own peak memory. narrate speaks about 9% longer than
# espeak-ng -f (its prosody: slower headings, sentence pauses), so sizes and
# wall times are also compared per second of audio.
#
#   bench/audiobook.sh [BOOK.epub] [FORMATS]
#
# Default: the corpus Pride and Prejudice, formats "m4b opus". Needs espeak-ng,
# ffmpeg and GNU time. Set NARRATE to a built binary to skip building.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
input="${1:-$root/../shared/corpus/epub/se_jane-austen_pride-and-prejudice.epub}"
formats="${2:-m4b opus}"
[ -f "$input" ] || { echo "audiobook.sh: $input: no such file" >&2; exit 1; }
scratch="${TMPDIR:-/tmp}/narrate-audiobook"
rm -rf "$scratch" && mkdir -p "$scratch"
source "$root/bench/speak-measure.sh"
narrate="$(narrate_binary)"
text="$scratch/book.txt"
book_text "$input" "$text"

codec_for() {
  case "$1" in
    m4b) echo "-c:a aac -b:a 64k -f ipod" ;;
    opus) echo "-c:a libopus -b:a 32k" ;;
    mp3) echo "-c:a libmp3lame -b:a 64k" ;;
    flac) echo "-c:a flac" ;;
  esac
}

echo "book: $input ($(wc -c < "$text") bytes of text); $(nproc) cores; $(ffmpeg -version | head -1)"
printf '%-22s %9s %9s %11s %10s %8s %9s\n' run wall_s peak_MB bytes audio_s rt_x chapters
for format in $formats; do
  out="$scratch/narrate.$format"
  read -r n_wall n_peak <<< "$(tree_peak "narrate-$format" "$narrate" speak "$input" -o "$out" --quiet)"
  pipe_out="$scratch/pipeline.$format"
  # shellcheck disable=SC2046
  read -r p_wall p_peak <<< "$(tree_peak "pipeline-$format" sh -c "espeak-ng -f '$text' -w '$scratch/book.wav' &&
    ffmpeg -nostdin -v error -y -i '$scratch/book.wav' $(codec_for "$format") '$pipe_out'")"
  for run in narrate pipeline; do
    file="$scratch/$run.$format"
    if [ $run = narrate ]; then wall=$n_wall peak=$n_peak; else wall=$p_wall peak=$p_peak; fi
    audio=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$file")
    chapters=$(ffprobe -v error -show_chapters -of csv=p=0 "$file" | wc -l)
    printf '%-22s %9.1f %9s %11s %10.1f %8.0f %9s\n' "$run.$format" "$wall" "$peak" "$(stat -c %s "$file")" \
      "$audio" "$(echo "$audio / $wall" | bc -l)" "$chapters"
  done
  n_audio=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$out")
  p_audio=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$pipe_out")
  echo "  $format: narrate / pipeline wall time = $(echo "scale=3; $n_wall / $p_wall" | bc)," \
    "size ratio = $(echo "scale=3; $(stat -c %s "$out") / $(stat -c %s "$pipe_out")" | bc)," \
    "bytes per second of audio ratio = $(echo "scale=3; $(stat -c %s "$out") / $n_audio / ($(stat -c %s "$pipe_out") / $p_audio)" | bc),"
  echo "  wall time per second of audio ratio = $(echo "scale=3; $n_wall / $n_audio / ($p_wall / $p_audio)" | bc)"
  echo "  CPU seconds (user + system, children included): narrate $(awk '{print $1 + $2}' "$scratch/narrate-$format.cpu")," \
    "pipeline $(awk '{print $1 + $2}' "$scratch/pipeline-$format.cpu")"
  echo "  peaks by process: narrate: $(cat "$scratch/narrate-$format.kinds")"
  echo "                    pipeline: $(cat "$scratch/pipeline-$format.kinds")"
  rm -f "$scratch/book.wav"
done
