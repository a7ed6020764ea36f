#!/usr/bin/env python3
"""Checks that every clip of a read-along book plays its own fragment.

    bench/readalong-clips.py BOOK [--pages A-B] [--sync sentence|word]

For each page N, makes the page read-along (`narrate speak BOOK --pages N
-o OUT.epub`) and narrates it again with its word timings (`narrate speak
BOOK --pages N -o OUT.wav --timings OUT.json`: the same narration, each
rendered by a fresh process) and compares, clip by clip, the letters and digits of the fragment the clip's `<text src>`
names with those of the words heard between clipBegin and clipEnd. A list
item's number is heard but not written, and is allowed before a fragment;
at word sync, a word the markup splits (ruby) is shared by its pieces.
Page numbers and ruby readings inside a fragment are not counted as written.
Also lists the words heard that no clip holds. Prints each clip that
differs and, per page, how many were checked; exits 1 when any differs. Set NARRATE to a built binary (default: the release build).
"""
import json
import os
import plistlib
import posixpath
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import urllib.parse
import zipfile

SMIL = "{http://www.w3.org/ns/SMIL}"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NARRATE = os.environ.get("NARRATE", os.path.join(ROOT, ".build/release/narrate"))


def seconds(clock):
    total = 0.0
    for part in clock.strip().split(":"):
        total = total * 60 + float(part)
    return total


def letters(text):
    """Letters and digits only, lowercased: how written and heard text are compared."""
    return "".join(re.findall(r"\w", text.lower())).replace("_", "")


EPUB_TYPE = "{http://www.idpf.org/2007/ops}type"


def spoken_text(element):
    """An element's text less what is not read aloud inside it: page numbers and ruby readings."""
    def within(node):
        unspoken = "pagebreak" in (node.get(EPUB_TYPE) or "") or node.get("role") == "doc-pagebreak"
        if unspoken or node.tag.rsplit("}", 1)[-1] in ("rt", "rp"):
            return ""
        return (node.text or "") + "".join(within(child) + (child.tail or "") for child in node)
    return within(element)


def overlays(epub):
    """{content document path: [(fragment text, begin, end)]} of every SMIL in the book."""
    book = zipfile.ZipFile(epub)
    documents, found = {}, {}
    for name in book.namelist():
        if not name.endswith(".smil"):
            continue
        for par in ET.fromstring(book.read(name)).iter(SMIL + "par"):
            source = par.find(SMIL + "text").get("src")
            audio = par.find(SMIL + "audio")
            path, fragment = source.split("#", 1)
            path = urllib.parse.unquote(path)
            path = posixpath.normpath(posixpath.join(posixpath.dirname(name), path))
            if path not in documents:
                documents[path] = {e.get("id"): spoken_text(e) for e in ET.fromstring(book.read(path)).iter() if e.get("id")}
            clip = (documents[path].get(fragment, ""), seconds(audio.get("clipBegin")), seconds(audio.get("clipEnd")))
            found.setdefault(path, []).append(clip)
    return found


def page_count(book, scratch):
    plist = os.path.join(scratch, "book.plist")
    subprocess.run([NARRATE, "import", book, "-o", plist, "--quiet"], check=True)
    with open(plist, "rb") as file:
        return len(plistlib.load(file)["bookPages"])


def heard(book, page, scratch):
    """The page's content document and its words (text, start, end), narrated alone."""
    wav, timings = os.path.join(scratch, "page.wav"), os.path.join(scratch, "page.json")
    subprocess.run([NARRATE, "speak", book, "--pages", str(page), "-o", wav, "--timings", timings, "--quiet", "--force"], check=True)
    with open(timings) as file:
        utterances = json.load(file)["utterances"]
    document = utterances[0]["source"].rsplit(":", 1)[0] if utterances else None
    return document, [(w["text"], w["start"], w["end"]) for u in utterances for w in u["words"]]


def main():
    args = sys.argv[1:]
    if not args or args[0].startswith("-"):
        sys.exit(__doc__)
    book, pages, sync = args[0], None, "sentence"
    if "--pages" in args:
        pages = args[args.index("--pages") + 1]
    if "--sync" in args:
        sync = args[args.index("--sync") + 1]
    with tempfile.TemporaryDirectory() as scratch:
        first, last = (1, page_count(book, scratch)) if not pages else (int(pages.split("-")[0]), int(pages.split("-")[-1]))
        wrong = checked = 0
        unheld = []
        for page in range(first, last + 1):
            epub = os.path.join(scratch, "page.epub")
            subprocess.run([NARRATE, "speak", book, "--pages", str(page), "-o", epub, "--sync", sync, "--quiet", "--force"], check=True)
            clips = overlays(epub)
            document, words = heard(book, page, scratch)
            if document not in clips and len(clips) == 1:
                document = next(iter(clips))  # a new book made from text or a plist: one page, one document
            for text, begin, end in clips.get(document, []):
                said = "".join(letters(w) for w, start, _ in words if begin - 0.005 <= start < end - 0.005)
                written = letters(text)
                checked += 1
                # A word the markup splits (ruby, an inline element inside
                # it) is heard once and shared by its pieces.
                within = [letters(w) for w, start, stop in words if start - 0.005 <= begin < stop - 0.005]
                split = sync == "word" and any(written in word for word in within)
                if said != written and not split and not (said.endswith(written) and said[: len(said) - len(written)].isdigit()):
                    wrong += 1
                    print(f"page {page} {document} {begin:.3f}-{end:.3f}: written {written!r}, heard {said!r}")
            # Words heard that no clip holds (beside a list item's number, which its item's clip holds).
            for word, start, _ in words:
                held = any(b - 0.005 <= start < e - 0.005 for _, b, e in clips.get(document, []))
                if not held and letters(word):
                    unheld.append(f"page {page}: {word!r} at {start:.3f}")
            print(f"page {page}: {len(clips.get(document, []))} clips checked", file=sys.stderr)
        for line in unheld:
            print("no clip holds " + line)
        print(f"{os.path.basename(book)} {sync}: {wrong} of {checked} clips do not play their fragment;"
              f" {len(unheld)} words heard are in no clip")
        sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
