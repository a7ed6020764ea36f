#!/usr/bin/env python3
"""Peer for bench/epub-import.sh: the usual ebooklib + BeautifulSoup text
extraction of an EPUB, spine documents in order, text to stdout."""
import sys
import warnings

warnings.filterwarnings("ignore")
import ebooklib  # noqa: E402
from bs4 import BeautifulSoup  # noqa: E402
from ebooklib import epub  # noqa: E402

book = epub.read_epub(sys.argv[1], options={"ignore_ncx": True})
out = []
for idref, _linear in book.spine:
    item = book.get_item_with_id(idref)
    if item is None or item.get_type() != ebooklib.ITEM_DOCUMENT:
        continue
    soup = BeautifulSoup(item.get_content(), "lxml")
    out.append(soup.get_text("\n"))
sys.stdout.write("\n".join(out))
