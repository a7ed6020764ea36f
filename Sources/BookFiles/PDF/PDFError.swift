/// Why a PDF could not be opened: poppler's error, in one line.
package enum PDFError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The document needs a password to be read.
    case encrypted
    /// The bytes are not a PDF poppler can read (damaged, truncated, not a PDF).
    case damaged(String)
    /// poppler-glib cannot be loaded (not installed, or too old): what to install.
    case unavailable(String)

    package var description: String {
        switch self {
        case .encrypted: "the PDF is encrypted: it needs a password to be read"
        case .damaged(let message), .unavailable(let message): message
        }
    }
}
