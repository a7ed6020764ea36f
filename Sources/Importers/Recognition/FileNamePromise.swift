/// The format a file's name promises: `.epub` an EPUB, `.plist`, `.bplist`
/// and `.json` a narrated-book plist, `.pdf` a PDF. Content decides the format; a name
/// that promises another is refused with what the file looks like instead
/// (a `.plist` holding prose is a mistake, not a book). Other names
/// (`.txt`, none) promise nothing.
enum FileNamePromise: Equatable {
    case epub
    case propertyList
    case pdf

    /// The promise of `fileName`'s extension (any case); nil for none.
    init?(fileName: String?) {
        guard let fileName, let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
        switch fileName[fileName.index(after: dot)...].lowercased() {
        case "epub": self = .epub
        case "plist", "bplist", "json": self = .propertyList
        case "pdf": self = .pdf
        default: return nil
        }
    }

    /// The promised format, as the refusal names it: `an EPUB (a zip archive)`.
    var expected: String {
        switch self {
        case .epub: "an EPUB (a zip archive)"
        case .propertyList: "a narrated-book plist"
        case .pdf: "a PDF document"
        }
    }

    /// Whether content of `format` keeps the promise.
    func isKept(by format: InputFormat) -> Bool {
        switch self {
        case .epub: format == .epub
        case .propertyList: [.xmlPropertyList, .binaryPropertyList, .jsonPropertyList].contains(format)
        case .pdf: format == .pdf
        }
    }

    /// The refusal when content of `format` breaks the promise; nil when it
    /// keeps it. `found` names the content when more is known than its format.
    func check(_ format: InputFormat, fileName: String, found: String? = nil) -> ImportError? {
        guard !isKept(by: format) else { return nil }
        return .mismatchedName(
            extension: Self.fileExtension(of: fileName), expected: expected, found: found ?? format.description,
            advice: Self.advice(for: format))
    }

    /// What to rename a readable file to, so that its name and content agree.
    private static func advice(for format: InputFormat) -> String? {
        switch format {
        case .plainText: "rename it .txt to read it as text"
        case .epub: "rename it .epub to read it"
        case .fictionBook: "rename it .fb2 to read it"
        case .html: "rename it .html to read it"
        case .wordDocument: "rename it .docx to read it"
        case .openDocumentText: "rename it .odt to read it"
        case .mobi: "rename it .mobi to read it"
        case .markdown: "rename it .md to read it"
        case .pdf: "rename it .pdf to read it"
        case .xmlPropertyList, .binaryPropertyList, .jsonPropertyList: "rename it .plist to read it"
        }
    }

    /// The extension as written, without the dot.
    static func fileExtension(of fileName: String) -> String {
        fileName.split(separator: ".").last.map(String.init) ?? ""
    }
}
