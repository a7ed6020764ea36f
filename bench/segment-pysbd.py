"""pySBD's sentence segmentation on a UTF-8 text, paragraph (line) by
paragraph, for comparison with narrate (run by bench/segment.sh).

    python3 bench/segment-pysbd.py FILE [REPEATS]
"""
import sys
import time

import pysbd

path = sys.argv[1]
repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 1
data = open(path, "rb").read()
paragraphs = [line for line in data.decode("utf-8-sig").split("\n") if line.strip()]
segmenter = pysbd.Segmenter(language="en", clean=False)
best = float("inf")
count = 0
for _ in range(min(repeats, 2)):
    start = time.perf_counter()
    count = sum(len(segmenter.segment(p)) for p in paragraphs)
    best = min(best, time.perf_counter() - start)
print(f"pysbd: {count} sentences in {best:.4f} s = {len(data) / best / 1e6:.3f} MB/s")
