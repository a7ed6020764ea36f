import PropertyLists

/// What `narrate import` writes: a narrated-book plist in one of its
/// three forms, or an EPUB 3 book.
enum ImportFormat: String, CaseIterable {
    case xml, binary, json, epub

    /// The plist form, or nil for EPUB.
    var plist: PropertyListFormat? { PropertyListFormat(rawValue: rawValue) }

    /// The format an output's name asks for when `--format` is not given:
    /// EPUB for `.epub`, a JSON plist for `.json`, a binary one for
    /// `.bplist`, else an XML plist.
    static func implied(by output: String?) -> ImportFormat {
        let name = output?.lowercased() ?? ""
        if name.hasSuffix(".epub") { return .epub }
        if name.hasSuffix(".json") { return .json }
        if name.hasSuffix(".bplist") { return .binary }
        return .xml
    }

    /// The extension of the output named for the input when `-o` is not
    /// given: `.epub`, `.json`, else `.plist`.
    var defaultExtension: String {
        switch self {
        case .epub: ".epub"
        case .json: ".json"
        case .xml, .binary: ".plist"
        }
    }
}
