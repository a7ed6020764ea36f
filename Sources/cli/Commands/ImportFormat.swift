import PropertyLists

/// What `narrate import` writes: a narrated-book plist in one of its
/// three forms, or an EPUB 3 book.
enum ImportFormat: String, CaseIterable {
    case xml, binary, json, epub

    /// The plist form, or nil for EPUB.
    var plist: PropertyListFormat? { PropertyListFormat(rawValue: rawValue) }

    /// The format an output's name asks for when `--format` is not given:
    /// EPUB for `.epub`, else an XML plist.
    static func implied(by output: String?) -> ImportFormat {
        output.map { $0.lowercased().hasSuffix(".epub") } == true ? .epub : .xml
    }
}
