import BookFiles

/// The frame of every XHTML content document narrate writes: the XML
/// declaration, `<html>` with the EPUB namespace and the language, the
/// title and the style sheet; the body is the caller's (already escaped).
enum XHTMLDocument {
    static func bytes(title: String, language: String, styleSheet: String, body: String) -> [UInt8] {
        let lang = XMLText.escaped(language)
        return Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="\(lang)" lang="\(lang)">
            <head><meta charset="utf-8"/><title>\(XMLText.escaped(title))</title>
            <link rel="stylesheet" type="text/css" href="\(XMLText.escaped(styleSheet))"/></head>
            <body>
            \(body)</body>
            </html>

            """.utf8)
    }
}
