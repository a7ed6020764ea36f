import BookFiles
import BookModel
import PropertyLists

/// Why an input could not be imported. The text says what went wrong and where
/// inside the input; the caller adds the file name.
public enum ImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input's structure or types are wrong at a key path, such as
    /// `bookPages[1].utterances[3].utteranceProperties.rate`.
    case invalidStructure(keyPath: String, message: String)
    /// The bytes are not well-formed in their format (XML, binary plist, JSON,
    /// zip). `location` is a line, offset or archive entry when known.
    case malformed(format: String, location: String?, message: String)
    /// The input is well-formed but something it needs is missing or refused
    /// (an EPUB without a package document, an encrypted book, a zip bomb).
    case unsupported(String)
    /// A warning became fatal because of `--strict`.
    case strict(Warning)
    /// The input is a kind of file narrate does not read (PostScript, an image, a
    /// Word document, binary data…).
    case notABook(ForeignFormat)
    /// The file's name promises one format (`.epub`, `.plist`) and its
    /// content is another: `found` says what it looks like, `advice` what
    /// to do about it, if anything.
    case mismatchedName(extension: String, expected: String, found: String, advice: String?)
    /// The input has no bytes at all, whatever its name.
    case empty
    /// The whole book has no text to read (blank pages, only pictures), and
    /// ``ImportOptions/requiresText`` is set.
    case noText
    /// An archive would expand past a size limit (a zip bomb, or a very
    /// large book): ``ArchiveLimits`` decides; the text names entry and limit.
    case tooLarge(String)

    public var description: String {
        switch self {
        case .invalidStructure(let keyPath, let message):
            keyPath.isEmpty ? message : "\(keyPath): \(message)"
        case .malformed(let format, let location, let message):
            (location.map { "\($0): " } ?? "") + "malformed \(format): \(message)"
        case .unsupported(let message):
            message
        case .strict(let warning):
            "\(warning) (--strict)"
        case .notABook(let format):
            "\(format.name): narrate reads \(Self.readableFormats)" + (format.hint.map { "; \($0)" } ?? "")
        case .mismatchedName(let fileExtension, let expected, let found, let advice):
            "the name ends in .\(fileExtension) but the file is not \(expected): it looks like \(found)"
                + (advice.map { " (\($0))" } ?? "")
        case .empty:
            "the input is empty (0 bytes): there is nothing to read"
        case .noText:
            ImportError.noTextMessage
        case .tooLarge(let message):
            message
        }
    }
}

extension ImportError {
    /// What narrate reads, as refusals list it.
    /// What a book without text is called: an error with
    /// ``ImportOptions/requiresText``, a warning without.
    static let noTextMessage = "the book has no readable text"

    public static let readableFormats = "EPUB, FB2, HTML, DOCX, ODT, MOBI, AZW3, Markdown, PDF, plain text and narrated-book plists"

    /// The import error for an archive problem: damaged or foreign input is
    /// malformed, limits and encryption are refusals.
    init(_ error: ArchiveError) {
        switch error {
        case .notAnArchive(let message): self = .malformed(format: "EPUB", location: nil, message: message)
        case .corruptEntry(let path, let message): self = .malformed(format: "zip entry", location: path, message: message)
        case .entryTooLarge, .totalSizeExceeded: self = .tooLarge(error.description)
        default: self = .unsupported(error.description)
        }
    }

    /// The import error for a Kindle book libmobi cannot read: damaged
    /// headers are malformed, DRM and limits are refusals.
    init(_ error: MobiError) {
        switch error {
        case .malformed, .library: self = .malformed(format: "MOBI", location: nil, message: error.description)
        case .tooLarge: self = .tooLarge(error.description)
        case .drmProtected, .unsupported: self = .unsupported(error.description)
        }
    }

    /// The import error for a file that cannot be opened, mapped or read.
    init(_ error: FileError) {
        self = .unsupported(error.message)
    }

    /// The import error for a property list that cannot be parsed or holds
    /// the wrong structure: the same text, case for case.
    init(_ error: PropertyListError) {
        switch error {
        case .invalidStructure(let keyPath, let message): self = .invalidStructure(keyPath: keyPath, message: message)
        case .malformed(let format, let location, let message):
            self = .malformed(format: format, location: location, message: message)
        case .unsupported(let message): self = .unsupported(message)
        }
    }

    /// Runs a property-list step, turning its error into an import error.
    static func propertyList<T>(_ body: () throws(PropertyListError) -> T) throws(ImportError) -> T {
        do { return try body() } catch { throw ImportError(error) }
    }

    /// Runs a file step, turning its error into an import error.
    static func file<T>(_ body: () throws(FileError) -> T) throws(ImportError) -> T {
        do { return try body() } catch { throw ImportError(error) }
    }
}
