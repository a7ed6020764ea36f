#!/usr/bin/env python3
"""Makes a longer EPUB for benchmarks from one the corpus has: every content
document of the spine is added a second (or Nth) time under a new name, at
the end of the spine, in the same order.

    bench/long-epub.py BOOK.epub OUT.epub [COPIES]

COPIES defaults to 2: Pride and Prejudice (122,883 words) twice is 245,766
words, about Moby-Dick's length (some 215,000), which the corpus lacks. It
has Moby-Dick's length, not its density: short paragraphs and abbreviations
in elements make ebooklib slower on it than on Moby-Dick, so it flatters
narrate beside ebooklib (bench/gutenberg-epub.py makes the real book).
The copies are the same XHTML, so the book reads as the original read
COPIES times over; the navigation document is left as it is (its entries
point at the first copy). Python's standard library only."""
import posixpath
import sys
import xml.etree.ElementTree as ET
import zipfile

OPF = "http://www.idpf.org/2007/opf"
CONTAINER = "urn:oasis:names:tc:opendocument:xmlns:container"


def main(source_path, out_path, copies):
    source = zipfile.ZipFile(source_path)
    container = ET.fromstring(source.read("META-INF/container.xml"))
    opf_path = container.find(f".//{{{CONTAINER}}}rootfile").get("full-path")
    base = posixpath.dirname(opf_path)
    opf = source.read(opf_path).decode("utf-8")
    package = ET.fromstring(opf)
    items = {item.get("id"): item for item in package.find(f"{{{OPF}}}manifest")}
    spine = [ref.get("idref") for ref in package.find(f"{{{OPF}}}spine")]
    documents = [idref for idref in spine if items[idref].get("media-type") == "application/xhtml+xml"
                 and "nav" not in (items[idref].get("properties") or "").split()]
    new_items, new_refs, new_files = [], [], {}
    for copy in range(2, copies + 1):
        for idref in documents:
            href = items[idref].get("href")
            stem, dot, extension = href.rpartition(".")
            new_href = f"{stem}-{copy}{dot}{extension}"
            new_id = f"{idref}-{copy}"
            new_items.append(f'<item id="{new_id}" href="{new_href}" media-type="application/xhtml+xml"/>')
            new_refs.append(f'<itemref idref="{new_id}"/>')
            new_files[posixpath.join(base, new_href)] = source.read(posixpath.join(base, href))
    # Inserted as text, so that the package keeps its own prefixes and layout.
    opf = opf.replace("</manifest>", "\n".join(new_items) + "\n</manifest>", 1)
    opf = opf.replace("</spine>", "\n".join(new_refs) + "\n</spine>", 1)
    with zipfile.ZipFile(out_path, "w") as out:
        out.writestr(zipfile.ZipInfo("mimetype"), source.read("mimetype"), compress_type=zipfile.ZIP_STORED)
        for name in source.namelist():
            if name == "mimetype":
                continue
            data = opf.encode("utf-8") if name == opf_path else source.read(name)
            out.writestr(name, data, compress_type=zipfile.ZIP_DEFLATED)
        for name, data in new_files.items():
            out.writestr(name, data, compress_type=zipfile.ZIP_DEFLATED)


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__.strip().splitlines()[4])
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) == 4 else 2)
