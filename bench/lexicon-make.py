#!/usr/bin/env python3
"""Makes the inputs of bench/lexicon.sh: a long public-domain novel as plain
text, and a 10,000-entry lexicon for it.

Moby-Dick (1.2 MB of text) is not in the corpus and cannot be fetched here,
so the book is built from the corpus: Pride and Prejudice (its EPUB spine as
text, by speak-text.py), then Alice's Adventures in Wonderland, then Pride and
Prejudice again -- about 1.5 MB and 270,000 words, a little longer than
Moby-Dick.

Two lexicons of 10,000 entries in narrate's text format, nine in ten said in
IPA (made from the spelling), one in ten by an alias:
- OUT.lexicon, a name list: every word of the book that is never written in
  lower case (its names: Elizabeth, Darcy, Longbourn...), then made-up names
  that never match;
- OUT-capitals.lexicon, a harder case: every distinct capitalised word of the
  book, names and the words that start sentences ("The", "It"), so that it
  matches tens of thousands of times, then made-up names.

Usage: lexicon-make.py PRIDE.epub ALICE.txt OUT.txt OUT.lexicon"""
import collections
import os
import random
import re
import subprocess
import sys

SPELLING_TO_IPA = [
    ("tion", "ʃən"), ("th", "θ"), ("sh", "ʃ"), ("ch", "tʃ"), ("ph", "f"), ("ng", "ŋ"), ("ee", "iː"),
    ("oo", "uː"), ("ai", "eɪ"), ("ay", "eɪ"), ("ou", "aʊ"), ("ow", "aʊ"), ("oi", "ɔɪ"), ("ar", "ɑː"),
    ("er", "ɜː"), ("or", "ɔː"), ("a", "æ"), ("e", "ɛ"), ("i", "ɪ"), ("o", "ɒ"), ("u", "ʌ"), ("y", "i"),
    ("c", "k"), ("q", "k"), ("x", "ks"), ("j", "dʒ"), ("g", "ɡ"), ("r", "ɹ"), ("'", ""), ("’", ""),
]


def ipa(word):
    word, out = word.lower(), ""
    while word:
        for spelling, sound in SPELLING_TO_IPA:
            if word.startswith(spelling):
                out += sound
                word = word[len(spelling):]
                break
        else:
            out += word[0] if word[0] in "bdfhklmnpstvwz" else ""
            word = word[1:]
    return "ˈ" + out


def main():
    pride, alice, out_text, out_lexicon = sys.argv[1:5]
    here = os.path.dirname(os.path.abspath(__file__))
    pride_text = out_text + ".pride"
    subprocess.run([sys.executable, os.path.join(here, "speak-text.py"), pride, pride_text], check=True)
    parts = [open(pride_text, encoding="utf-8").read(), open(alice, encoding="utf-8").read()]
    book = parts[0] + "\n\n" + parts[1] + "\n\n" + parts[0]
    with open(out_text, "w", encoding="utf-8") as out:
        out.write(book)
    os.remove(pride_text)
    counts = collections.Counter(re.findall(r"\b[A-Z][a-z’']+\b", book))
    lower = set(re.findall(r"\b[a-z][a-z’']+\b", book))
    capitals = [word for word, _ in counts.most_common() if len(word) >= 2]
    names = [word for word in capitals if word.lower() not in lower]
    write(out_lexicon, names, counts)
    write(out_lexicon.replace(".lexicon", "-capitals.lexicon"), capitals, counts)
    print(f"{out_text}: {len(book.encode())} bytes, {len(book.split())} words; lexicons of 10,000 entries: "
          f"{len(names)} names of the book, or {len(capitals)} capitalised words")


def write(path, words, counts):
    words = list(words)
    known = set(counts)
    rng = random.Random(14)
    syllables = ["zor", "blax", "quin", "thar", "vel", "ish", "mok", "dra", "pell", "ux", "yor", "gan", "tris"]
    while len(words) < 10_000:
        word = "".join(rng.choice(syllables) for _ in range(rng.randint(2, 4))).capitalize()
        if word not in known:
            known.add(word)
            words.append(word)
    with open(path, "w", encoding="utf-8") as out:
        out.write("# 10,000 entries for bench/lexicon.sh\n")
        for index, word in enumerate(words[:10_000]):
            said = word.lower() + " said" if index % 10 == 9 else "/" + ipa(word) + "/"
            out.write(f"{word}\t{said}\n")


if __name__ == "__main__":
    main()
