import BookFiles

/// The first page of a book that has a cover: the picture alone. It has
/// no text, so importers skip it.
struct EPUBCoverPage {
    let title: String
    let language: String
    /// The picture's href from the page.
    let image: String

    func bytes(styleSheet: String) -> [UInt8] {
        let body = """
            <section class="cover" epub:type="cover">
            <img src="\(XMLText.escaped(image))" alt="Cover"/>
            </section>

            """
        return XHTMLDocument.bytes(title: title, language: language, styleSheet: styleSheet, body: body)
    }
}
