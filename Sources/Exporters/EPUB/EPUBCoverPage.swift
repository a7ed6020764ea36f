import BookFiles

/// The first page of a book that has a cover: the picture alone. It has
/// no text, so importers skip it.
struct EPUBCoverPage {
    let title: String
    let language: String
    /// The picture's href from the page.
    let image: String

    func bytes(styleSheet: String) -> [UInt8] {
        let lang = XMLText.escaped(language)
        return Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="\(lang)" lang="\(lang)">
            <head><meta charset="utf-8"/><title>\(XMLText.escaped(title))</title>
            <link rel="stylesheet" type="text/css" href="\(XMLText.escaped(styleSheet))"/></head>
            <body>
            <section class="cover" epub:type="cover">
            <img src="\(XMLText.escaped(image))" alt="Cover"/>
            </section>
            </body>
            </html>

            """.utf8)
    }
}
