#!/usr/bin/env python3
"""Where each chapter's audio starts in an audiobook, against its chapter mark.

    bench/chapter-onsets.py BOOK.wav BOOK.json AUDIOBOOK...

BOOK.wav and BOOK.json are `narrate speak BOOK -o BOOK.wav --timings BOOK.json`
(one process). For each chapter of each AUDIOBOOK (read with ffprobe) the
script aligns the loudness envelope (5 ms frames) of the 4 s of audiobook
audio around the chapter mark with the WAV's around the same page's start,
and prints the offset that aligns them best: how far the mark is from where
the page's audio really starts in the file (encoder priming, padding, joins).
The WAV render's page lengths differ from the audiobook's by a few ms per
page (espeak-ng's synthesis carries state from one call to the next, and
the audiobook's pages are rendered by several processes), which is why the
marks are measured against the audio around each one, not the WAV's clock.
Needs ffmpeg, ffprobe and numpy.
"""
import json, subprocess, sys, tempfile, os
import numpy as np

RATE, FRAME = 22050, 110  # 5 ms frames


def envelope(samples):
    frames = len(samples) // FRAME
    power = samples[: frames * FRAME].astype(np.float64).reshape(frames, FRAME) ** 2
    return np.log10(power.mean(axis=1) + 1.0)


def decode(path):
    raw = tempfile.NamedTemporaryFile(suffix=".raw", delete=False).name
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", path, "-f", "s16le", "-ac", "1", "-ar", str(RATE), raw], check=True)
    data = np.memmap(raw, dtype=np.int16, mode="r")
    os.unlink(raw)  # the mapping keeps it readable
    return data


def chapters(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-show_chapters", "-of", "json", path], capture_output=True, text=True, check=True)
    return [float(c["start_time"]) for c in json.loads(out.stdout)["chapters"]]


def main():
    wav, timings, books = sys.argv[1], sys.argv[2], sys.argv[3:]
    reference = decode(wav)
    pages = [p["start"] for p in json.load(open(timings))["pages"]]
    for book in books:
        audio, marks = decode(book), chapters(book)
        offsets = []
        for mark, page in zip(marks[1:], pages[1:]):
            a0, r0 = int((mark - 0.5) * RATE), int((page - 0.5) * RATE)
            ref = envelope(reference[r0 : r0 + 4 * RATE])
            best, best_lag = None, 0
            for lag in range(-200, 201):  # ±1 s
                start = a0 + lag * FRAME
                if start < 0:
                    continue
                seg = envelope(audio[start : start + 4 * RATE])
                if len(seg) != len(ref):
                    continue
                score = np.corrcoef(seg, ref)[0, 1]
                if best is None or score > best:
                    best, best_lag = score, lag
            offsets.append(abs(best_lag) * FRAME / RATE * 1000)
        drift = [abs(m - p) * 1000 for m, p in zip(marks, pages)]
        print(f"{book}: {len(marks)} chapters; mark to audio: max {max(offsets):.0f} ms, median {np.median(offsets):.0f} ms "
              f"(5 ms frames); mark to the one-process WAV's page start: max {max(drift):.0f} ms")


main()
