import CCmarkGFM
import Glibc

/// GitHub Flavored Markdown (CommonMark with tables, strikethrough and
/// footnotes) turned into HTML by libcmark-gfm, the only file that knows
/// the library exists. cmark parses in time linear in its input for all
/// but a few known inputs and never fails: any text is a document.
package enum CommonMark {
    /// The HTML body of `markdown`: a fragment (no `<html>` or `<head>`),
    /// UTF-8, invalid sequences replaced by U+FFFD. Raw HTML in the text
    /// is kept (narrate reads it as text, nothing runs it). Footnotes come
    /// out as cmark writes them (`<sup class="footnote-ref">` references,
    /// a closing `<section class="footnotes">`) with the ARIA roles of
    /// notes and back-links added, so they read as an EPUB's notes do.
    /// Each block starts on the line of the fragment its Markdown started
    /// on (see ``SourceLineAligner``).
    /// - Parameters:
    ///   - markdown: UTF-8 text.
    ///   - lineOffset: lines before `markdown` in its file, added to its line numbers.
    package static func html(_ markdown: [UInt8], lineOffset: Int = 0) -> [UInt8] {
        guard let parser = cmark_parser_new(options) else { return [] }
        defer { cmark_parser_free(parser) }
        for name in extensionNames {
            if let syntax = registeredExtension(name) { cmark_parser_attach_syntax_extension(parser, syntax) }
        }
        markdown.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        guard let root = cmark_parser_finish(parser) else { return [] }
        defer { cmark_node_free(root) }
        guard let rendered = cmark_render_html(root, options, cmark_parser_get_syntax_extensions(parser)) else { return [] }
        defer { free(rendered) }
        let html = UnsafeBufferPointer(start: rendered, count: strlen(rendered)).map { UInt8(bitPattern: $0) }
        return markingNotes(SourceLineAligner(lineOffset: lineOffset).aligned(html))
    }

    /// Footnotes, raw HTML kept, UTF-8 checked, blocks marked with their
    /// source lines; `--` and quotes left as written.
    private static let options = CMARK_OPT_FOOTNOTES | CMARK_OPT_UNSAFE | CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_SOURCEPOS

    /// The GFM extensions that change what a book's text is: tables read as
    /// cells, not rows of pipes; `~~struck~~` without its tildes.
    private static let extensionNames = ["table", "strikethrough"]

    /// The extension named `name`, registering the core extensions once per process.
    private static func registeredExtension(_ name: String) -> OpaquePointer? {
        _ = registration
        return cmark_find_syntax_extension(name)
    }

    /// cmark-gfm's global extension registry, filled once, thread-safely.
    private static let registration: Void = cmark_gfm_core_extensions_ensure_registered()

    /// cmark's footnote markup with the roles the content rules know
    /// (`doc-endnotes`, `doc-backlink`); the references are bare note
    /// markers (a number in `<sup><a href="#fn-1">`) and read as such.
    private static func markingNotes(_ html: [UInt8]) -> [UInt8] {
        var text = String(decoding: html, as: UTF8.self)
        guard text.contains("data-footnotes") else { return html }
        text = text.replacing("<section class=\"footnotes\" data-footnotes>",
            with: "<section class=\"footnotes\" data-footnotes role=\"doc-endnotes\">")
        text = text.replacing("class=\"footnote-backref\"", with: "class=\"footnote-backref\" role=\"doc-backlink\"")
        return Array(text.utf8)
    }
}
