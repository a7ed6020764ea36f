import BookFiles
import BookModel

/// The `dc:identifier` of a converted book: the source's own identifier
/// when it has one (and, when it claims to be a `urn:uuid:`, is one: a
/// false one is an EPUBCheck warning), else a `urn:uuid:` derived from the book's content,
/// so converting the same book twice gives the same identifier and a
/// reading system keeps its place and notes across the two.
enum BookIdentifier {
    /// The source's identifier, or one derived from `book`.
    static func of(_ book: Book) -> String {
        if let identifier = book.metadata.identifier?.trimmingASCIIWhitespace(), XMLText.escaped(identifier).contains(where: { !$0.isWhitespace }), !isFalseUUID(identifier) {
            return identifier
        }
        return derived(from: book)
    }

    /// `urn:uuid:` (any case) followed by anything but a UUID's 8-4-4-4-12 hex digits.
    static func isFalseUUID(_ identifier: String) -> Bool {
        guard identifier.lowercased().hasPrefix("urn:uuid:") else { return false }
        let groups = identifier.dropFirst(9).split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) != [8, 4, 4, 4, 12] || !groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }

    /// A UUID (version 8, RFC 9562: made by the application) whose 122
    /// free bits are two ``StableDigest``s of the title, authors and the
    /// pages' titles and text, salted differently.
    static func derived(from book: Book) -> String {
        var first = StableDigest(), second = StableDigest()
        second.add("narrate EPUB identifier")
        feed(book, into: &first)
        feed(book, into: &second)
        var bytes = bigEndianBytes(first.value) + bigEndianBytes(second.value)
        bytes[6] = (bytes[6] & 0x0F) | 0x80  // version 8
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // the RFC 4122 variant
        let hex = bytes.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }
        let groups = [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }
        return "urn:uuid:" + groups.joined(separator: "-")
    }

    private static func feed(_ book: Book, into digest: inout StableDigest) {
        digest.add(book.metadata.title ?? "")
        for author in book.metadata.authors { digest.add(author) }
        for page in book.pages {
            digest.add(page.title ?? "")
            for utterance in page.utterances { digest.append(contentsOf: utterance.text) }
            digest.add("")
        }
    }

    private static func bigEndianBytes(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
    }
}
