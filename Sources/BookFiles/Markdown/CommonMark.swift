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
    ///   - readsTables: whether pipe tables are tables (else their rows are text).
    package static func html(_ markdown: [UInt8], lineOffset: Int = 0, readsTables: Bool = true) -> Rendering {
        guard let parser = cmark_parser_new(options) else { return Rendering() }
        defer { cmark_parser_free(parser) }
        for name in extensionNames where readsTables || name != "table" {
            if let syntax = registeredExtension(name) { cmark_parser_attach_syntax_extension(parser, syntax) }
        }
        markdown.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        guard let root = cmark_parser_finish(parser) else { return Rendering() }
        defer { cmark_node_free(root) }
        guard let rendered = cmark_render_html(root, options, cmark_parser_get_syntax_extensions(parser)) else { return Rendering() }
        defer { free(rendered) }
        let html = UnsafeBufferPointer(start: rendered, count: strlen(rendered)).map { UInt8(bitPattern: $0) }
        var rendering = Rendering(html: markingNotes(SourceLineAligner(lineOffset: lineOffset).aligned(html)))
        (rendering.depth, rendering.deepestLine) = deepest(root)
        rendering.deepestLine += lineOffset
        return rendering
    }

    /// The HTML cmark made, and how deep its elements nest.
    package struct Rendering: Sendable {
        /// The HTML fragment.
        package var html: [UInt8] = []
        /// The most elements (blocks and inlines, not text) nested in one
        /// another, 0 for an empty document.
        package var depth = 0
        /// The Markdown line of the deepest element; 0 for none.
        package var deepestLine = 0
    }

    /// The deepest nesting of elements under `root`, and the line where it is.
    private static func deepest(_ root: OpaquePointer) -> (depth: Int, line: Int) {
        guard let iterator = cmark_iter_new(root) else { return (0, 0) }
        defer { cmark_iter_free(iterator) }
        var depth = 0, deepest = (depth: 0, line: 0)
        while true {
            let event = cmark_iter_next(iterator)
            guard event != CMARK_EVENT_DONE else { break }
            guard let node = cmark_iter_get_node(iterator), node != root else { continue }
            let type = cmark_node_get_type(node)
            guard !notElements.contains(type) else { continue }
            if event == CMARK_EVENT_EXIT {
                depth -= 1
                continue
            }
            if depth + 1 > deepest.depth { deepest = (depth + 1, Int(cmark_node_get_start_line(node))) }
            // Leaves are entered, never exited.
            if !leafElements.contains(type) { depth += 1 }
        }
        return deepest
    }

    /// Nodes that make no HTML element: text, soft breaks, raw HTML (all leaves).
    private static let notElements = [CMARK_NODE_TEXT, CMARK_NODE_SOFTBREAK, CMARK_NODE_HTML_INLINE, CMARK_NODE_HTML_BLOCK]
    /// Elements that are leaves, which cmark's iterator enters but never exits.
    private static let leafElements = [CMARK_NODE_THEMATIC_BREAK, CMARK_NODE_CODE_BLOCK, CMARK_NODE_LINEBREAK, CMARK_NODE_CODE]

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
