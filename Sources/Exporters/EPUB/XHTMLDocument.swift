import BookFiles

/// The frame of every XHTML content document narrate writes: the XML
/// declaration, `<html>` with the EPUB namespace and the language, the
/// title and the style sheet; the body is the caller's (already escaped).
enum XHTMLDocument {
    /// - Parameters:
    ///   - lexicon: the href of a PLS lexicon the document is said with.
    ///   - declaresSSML: the body has `ssml:` attributes.
    static func bytes(
        title: String, language: String, styleSheet: String, lexicon: String? = nil, declaresSSML: Bool = false,
        body: String
    ) -> [UInt8] {
        let lang = XMLText.escaped(language)
        let ssml = declaresSSML ? " xmlns:ssml=\"\(EPUBPronunciations.namespace)\"" : ""
        let lexiconLink = lexicon.map {
            "\n<link rel=\"pronunciation\" type=\"application/pls+xml\" hreflang=\"\(lang)\" href=\"\(XMLText.escaped($0))\"/>"
        } ?? ""
        return Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"\(ssml) xml:lang="\(lang)" lang="\(lang)">
            <head><meta charset="utf-8"/><title>\(XMLText.escaped(title))</title>
            <link rel="stylesheet" type="text/css" href="\(XMLText.escaped(styleSheet))"/>\(lexiconLink)</head>
            <body>
            \(body)</body>
            </html>

            """.utf8)
    }
}
