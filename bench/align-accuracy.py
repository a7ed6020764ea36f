#!/usr/bin/env python3
"""Compares aligned timings with the truth: sentence and word onsets.

    bench/align-accuracy.py TRUTH.json ALIGNED.json [--scale X] [--shift S] [--wav TRUTH.wav]
                            [--found TRUTH.wav STRETCHED.wav]

TRUTH.json is `narrate speak … --timings` of the recording (Piper's exact
word times); ALIGNED.json is `narrate align … --timings` (or aeneas's JSON
sync map with --aeneas). The truth is scaled by X (sox tempo 0.8 → 1.25)
and shifted by S seconds (material added before it). Utterances are
matched by their text, in order; those missing from ALIGNED count as
not aligned. Prints one JSON line.

With --wav (the truth's own recording, 16-bit mono WAV), sentence onsets
are also measured against where the truth's sound begins: Piper states a
sentence's start at its first phoneme's first frame, and its audio often
rises out of the pause before that (up to 80 ms). The acoustic onset is
the stated start moved back over every 5 ms step louder than -45 dBFS,
at most 150 ms (never forward: a stated start inside silence is kept);
reported as "sentences_acoustic".

With --found (a reading stretched with sox tempo; needs numpy), each
scaled onset is replaced by where it is found again in STRETCHED.wav:
the 20 ms of TRUTH.wav from the onset, matched by normalised
cross-correlation within 40 ms of the scaled time (sox moves onsets up
to 20 ms off a linear mapping; Tests/CLITests/Align/StretchedTruth.swift
does the same in the suite). Onsets in near silence keep the scaled time,
and so do those whose best match scores under 0.8 (not copied whole by
sox: around pauses of a sped-up reading)."""
import json, sys, wave, array, math

def load(path):
    data = json.load(open(path))
    return data["utterances"]

def norm(text):
    return " ".join(text.split())

def finder(original, stretched, scale):
    """Where each onset of ORIGINAL is heard again in STRETCHED (see --found)."""
    import numpy as np
    def read(path):
        w = wave.open(path)
        return np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16).astype(np.float64) / 32768, w.getframerate()
    (source, rate), (target, _) = read(original), read(stretched)
    width, reach = int(0.020 * rate), int(0.040 * rate)
    def place(time):
        scaled, start = time * scale, int(round(time * rate))
        piece = source[start:start + width]
        if len(piece) < width or np.sqrt(np.mean(piece * piece)) < 10 ** (-50 / 20):
            return scaled
        centre = int(round(scaled * rate))
        first, last = max(centre - reach, 0), min(centre + reach, len(target) - width)
        if first > last:
            return scaled
        span = target[first:last + width]
        products = np.correlate(span, piece, mode="valid")
        sums = np.cumsum(np.concatenate([[0.0], span * span]))
        scores = products / np.sqrt((sums[width:] - sums[:-width]) * np.dot(piece, piece) + 1e-12)
        best = int(np.argmax(scores))
        return (first + best) / rate if scores[best] >= 0.8 else scaled
    return place

def main():
    args = sys.argv[1:]
    scale, shift, aeneas, cut = 1.0, 0.0, False, []
    if "--scale" in args:
        i = args.index("--scale"); scale = float(args[i + 1]); del args[i:i + 2]
    if "--shift" in args:
        i = args.index("--shift"); shift = float(args[i + 1]); del args[i:i + 2]
    wav = None
    if "--wav" in args:
        i = args.index("--wav"); wav = args[i + 1]; del args[i:i + 2]
    found = None
    if "--found" in args:
        i = args.index("--found"); found = finder(args[i + 1], args[i + 2], scale); del args[i:i + 3]
    if "--aeneas" in args:
        args.remove("--aeneas"); aeneas = True
    truth = [u for u in load(args[0]) if u["words"]]
    if aeneas:
        frags = json.load(open(args[1]))["fragments"]
        aligned = [{"text": " ".join(f["lines"]), "start": float(f["begin"]), "words": []} for f in frags]
    else:
        aligned = [u for u in load(args[1]) if u["words"]]
    by_text = {}
    for u in aligned:
        by_text.setdefault(norm(u["text"]), []).append(u)
    samples = None
    if wav:
        w = wave.open(wav); samples = array.array("h", w.readframes(w.getnframes()))
    def acoustic(start):
        if samples is None:
            return start
        s = int(start * 22050)
        def loud(k):
            part = samples[max(k, 0):k + 110]
            return bool(part) and 10 * math.log10(sum(x * x for x in part) / len(part) / 32768 ** 2 + 1e-10) > -45
        k = s
        while k > s - 3307 and loud(k - 110):
            k -= 110
        return k / 22050
    sent, sent_acoustic, word, missing = [], [], [], 0
    for u in truth:
        candidates = by_text.get(norm(u["text"]))
        if not candidates:
            missing += 1
            continue
        a = candidates.pop(0)
        place = found or (lambda time: time * scale)
        t = place(u["start"]) + shift
        sent.append(abs(a["start"] - t))
        sent_acoustic.append(abs(a["start"] - (acoustic(u["start"]) * scale + shift)))
        for tw, aw in zip(u["words"], a["words"]):
            word.append(abs(aw["start"] - (place(tw["start"]) + shift)))
    def stats(errors):
        if not errors:
            return {}
        errors = sorted(errors)
        return {"n": len(errors), "within50ms": round(sum(e <= 0.05 for e in errors) / len(errors), 4),
                "within100ms": round(sum(e <= 0.1 for e in errors) / len(errors), 4),
                "median_ms": round(errors[len(errors) // 2] * 1000, 1), "max_ms": round(errors[-1] * 1000, 1)}
    extra = {"sentences_acoustic": stats(sent_acoustic)} if wav else {}
    print(json.dumps({"sentences": stats(sent), **extra, "words": stats(word), "truth_sentences": len(truth), "not_aligned": missing}))

main()
