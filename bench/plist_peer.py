"""Peer for bench/plist.sh: Python's plistlib generating, reading and writing
the same narrated-book plist, with wall time per step."""
import plistlib, random, sys, time

def generate(utterances):
    rng = random.Random(1)
    words = "whisky frisky hippidity hop up he goes to the treetop whirly twirly round and round".split()
    pages = []
    per_page = 100
    for p in range(utterances // per_page):
        items = []
        for u in range(per_page):
            props = {"rate": round(rng.uniform(0.3, 0.7), 3), "pitchMultiplier": round(rng.uniform(0.8, 1.4), 3)}
            if u % 10 == 9:
                props["postUtteranceDelay"] = 0.3
            if u % 7 == 0:
                props["volume"] = 1
            items.append({"utteranceString": rng.choice(words) + (", " if u % 5 == 4 else " "),
                          "utteranceProperties": props})
        pages.append({"backgroundImage": "page%d.jpg" % p, "utterances": items})
    return {"bookPages": pages}

def timed(label, action):
    start = time.perf_counter()
    result = action()
    print("%s %.2f" % (label, time.perf_counter() - start), flush=True)
    return result

if __name__ == "__main__":
    mode, path = sys.argv[1], sys.argv[2]
    if mode == "generate":
        book = generate(int(sys.argv[3]))
        fmt = plistlib.FMT_BINARY if sys.argv[4] == "binary" else plistlib.FMT_XML
        with open(path, "wb") as f:
            timed("plistlib-write", lambda: plistlib.dump(book, f, fmt=fmt, sort_keys=True))
    elif mode == "read":
        with open(path, "rb") as f:
            timed("plistlib-read", lambda: plistlib.load(f))
    elif mode == "roundtrip":
        fmt = plistlib.FMT_BINARY if sys.argv[4] == "binary" else plistlib.FMT_XML
        with open(path, "rb") as f:
            book = plistlib.load(f)
        with open(sys.argv[3], "wb") as f:
            plistlib.dump(book, f, fmt=fmt, sort_keys=True)
