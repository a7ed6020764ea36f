#!/usr/bin/env python3
"""Makes an EPUB 3 in Standard Ebooks' markup from a Project Gutenberg plain
text, for benchmarks on books the corpus lacks (Moby-Dick, the held-out book
of bench/epub-import.sh's bar).

    bench/gutenberg-epub.py BOOK.txt TEMPLATE.epub OUT.epub [TITLE] [AUTHOR]

Chapters start at lines such as "CHAPTER 1. Loomings." (also "CHAPTER I",
"ETYMOLOGY", "EXTRACTS", "Epilogue"); the Gutenberg header and licence,
when present, are left out. Paragraphs are the text's blank-line-separated
blocks; straight quotes become curly ones, "--" an em dash and _words_
italics, as Standard Ebooks writes them. One XHTML document per chapter,
marked up as the corpus's Pride and Prejudice is (a section with an h2,
then p elements), styled with TEMPLATE's CSS (the corpus P&P), with a nav
document and a package document. Why: ebooklib's time follows a book's
markup (elements), narrate's follows its text; Pride and Prejudice twice
(bench/long-epub.py) has many short paragraphs and abbreviations in
elements, and so flatters narrate beside ebooklib on a book of long
paragraphs (docs/performance.md, "A text-dense book"). Python's standard
library only."""
import html
import re
import sys
import zipfile

HEADING = re.compile(r"^(ETYMOLOGY\.?|EXTRACTS.*|CHAPTER [0-9IVXLC]+\b.*|Epilogue\.?)\s*$", re.M)

DOCUMENT = """<?xml version="1.0" encoding="utf-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" \
epub:prefix="z3998: http://www.daisy.org/z3998/2012/vocab/structure/" xml:lang="en-US">
\t<head>
\t\t<title>{title}</title>
{links}
\t</head>
\t<body epub:type="bodymatter z3998:fiction">
\t\t<section id="chapter-{number}" epub:type="chapter">
\t\t\t<h2 epub:type="title">{title}</h2>
{paragraphs}
\t\t</section>
\t</body>
</html>
"""


def chapters(text):
    text = text.replace("\r\n", "\n")
    start, end = text.find("*** START OF"), text.find("*** END OF")
    if start >= 0:
        text = text[text.index("\n", start) + 1:end if end > start else len(text)]
    heads = list(HEADING.finditer(text))
    for index, head in enumerate(heads):
        body = text[head.end():heads[index + 1].start() if index + 1 < len(heads) else len(text)]
        paragraphs = [" ".join(block.split()) for block in re.split(r"\n\s*\n", body) if block.strip()]
        yield head.group(1).strip(), paragraphs


def typeset(paragraph):
    text = html.escape(paragraph, quote=False).replace("--", "—")
    text = re.sub(r'(^|[\s(—])"', "\\1“", text).replace('"', "”")
    text = re.sub(r"(^|[\s(—“])'", "\\1‘", text).replace("'", "’")
    return re.sub(r"_([^_]+)_", r"<i>\1</i>", text)


def main(source, template_path, out_path, title="Moby Dick", author="Herman Melville"):
    book = list(chapters(open(source, encoding="utf-8", errors="replace").read()))
    if not book:
        sys.exit(f"gutenberg-epub: no chapter headings in {source}")
    template = zipfile.ZipFile(template_path)
    styles = [name for name in template.namelist() if name.startswith("epub/css/") and name.endswith(".css")]
    links = "\n".join(f'\t\t<link href="../css/{name[9:]}" rel="stylesheet" type="text/css"/>' for name in styles)
    out = zipfile.ZipFile(out_path, "w")
    out.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip")
    out.writestr("META-INF/container.xml", template.read("META-INF/container.xml"), zipfile.ZIP_DEFLATED)
    manifest = [f'\t\t<item href="css/{name[9:]}" id="{name[9:]}" media-type="text/css"/>' for name in styles]
    for name in styles:
        out.writestr(name, template.read(name), zipfile.ZIP_DEFLATED)
    spine, entries = [], []
    for number, (heading, paragraphs) in enumerate(book, 1):
        name = f"chapter-{number}.xhtml"
        body = "\n".join(f"\t\t\t<p>{typeset(p)}</p>" for p in paragraphs)
        document = DOCUMENT.format(title=html.escape(heading), links=links, number=number, paragraphs=body)
        out.writestr(f"epub/text/{name}", document, zipfile.ZIP_DEFLATED)
        manifest.append(f'\t\t<item href="text/{name}" id="{name}" media-type="application/xhtml+xml"/>')
        spine.append(f'\t\t<itemref idref="{name}"/>')
        entries.append(f'\t\t\t\t<li><a href="text/{name}">{html.escape(heading)}</a></li>')
    out.writestr("epub/toc.xhtml", f"""<?xml version="1.0" encoding="utf-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="en-US">
\t<head>
\t\t<title>Table of Contents</title>
\t</head>
\t<body epub:type="frontmatter">
\t\t<nav id="toc" epub:type="toc">
\t\t\t<h2>Table of Contents</h2>
\t\t\t<ol>
{chr(10).join(entries)}
\t\t\t</ol>
\t\t</nav>
\t</body>
</html>
""", zipfile.ZIP_DEFLATED)
    manifest.append('\t\t<item href="toc.xhtml" id="toc.xhtml" media-type="application/xhtml+xml" properties="nav"/>')
    out.writestr("epub/content.opf", f"""<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" dir="ltr" unique-identifier="uid" version="3.0" xml:lang="en-US">
\t<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
\t\t<dc:identifier id="uid">urn:uuid:5a0c3f2e-9d1b-4c55-8e3a-2b7f4d6c8e10</dc:identifier>
\t\t<dc:title>{html.escape(title)}</dc:title>
\t\t<dc:creator>{html.escape(author)}</dc:creator>
\t\t<dc:language>en-US</dc:language>
\t\t<meta property="dcterms:modified">2026-12-06T00:00:00Z</meta>
\t</metadata>
\t<manifest>
{chr(10).join(manifest)}
\t</manifest>
\t<spine>
{chr(10).join(spine)}
\t</spine>
</package>
""", zipfile.ZIP_DEFLATED)
    out.close()
    paragraphs = sum(len(p) for _, p in book)
    print(f"{out_path}: {len(book)} chapters, {paragraphs} paragraphs, {sum(len(x) for _, p in book for x in p)} characters")


if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
