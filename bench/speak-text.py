#!/usr/bin/env python3
"""Writes the text of an EPUB's spine as plain text, one paragraph per line,
chapters separated by blank lines, so that narrate and espeak-ng can speak
exactly the same file.  Usage: speak-text.py BOOK.epub OUT.txt"""
import html.parser
import posixpath
import re
import sys
import zipfile


class Paragraphs(html.parser.HTMLParser):
    BLOCKS = {"p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "blockquote", "div", "tr", "br"}

    def __init__(self):
        super().__init__()
        self.lines, self.current, self.skip = [], [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "head"):
            self.skip += 1
        elif tag in self.BLOCKS:
            self.flush()

    def handle_endtag(self, tag):
        if tag in ("script", "style", "head"):
            self.skip -= 1
        elif tag in self.BLOCKS:
            self.flush()

    def handle_data(self, data):
        if not self.skip:
            self.current.append(data)

    def flush(self):
        text = re.sub(r"\s+", " ", "".join(self.current).replace("\u2060", "")).strip()
        if text:
            self.lines.append(text)
        self.current = []


def spine(archive):
    container = archive.read("META-INF/container.xml").decode()
    opf_path = re.search(r'full-path="([^"]+)"', container).group(1)
    opf = archive.read(opf_path).decode()
    manifest = dict(re.findall(r'<item\b[^>]*?id="([^"]+)"[^>]*?href="([^"]+)"', opf))
    manifest.update({i: h for h, i in re.findall(r'<item\b[^>]*?href="([^"]+)"[^>]*?id="([^"]+)"', opf)})
    base = posixpath.dirname(opf_path)
    for idref in re.findall(r'<itemref\b[^>]*?idref="([^"]+)"', opf):
        yield posixpath.join(base, manifest[idref])


def main(book, out):
    chapters = []
    with zipfile.ZipFile(book) as archive:
        for name in spine(archive):
            parser = Paragraphs()
            parser.feed(archive.read(name).decode("utf-8"))
            parser.flush()
            if parser.lines:
                chapters.append("\n".join(parser.lines))
    with open(out, "w", encoding="utf-8") as handle:
        handle.write("\n\n".join(chapters) + "\n")


if __name__ == "__main__":
    main(*sys.argv[1:3])
