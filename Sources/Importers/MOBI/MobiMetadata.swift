import BookFiles
import BookModel

/// A Kindle book's metadata from its EXTH records, over what the package
/// libmobi rebuilds from them says: the identifier a reader knows the book
/// by (its ISBN, ASIN or source, not the database's number), the title and
/// language libmobi finds when the package has none.
enum MobiMetadata {
    /// EXTH tags read here.
    enum Tag {
        static let isbn = 104
        static let source = 112
        static let asin = 113
    }

    /// `package` (the rebuilt OPF's metadata) with the EXTH's facts over it:
    /// the identifier is `urn:isbn:` and the ISBN, else the ASIN, else the source.
    static func merged(_ container: MobiContainer, over package: BookMetadata) -> BookMetadata {
        var metadata = package
        metadata.title = package.title ?? container.title
        metadata.language = package.language ?? container.language
        let isbn = container.texts(Tag.isbn).first { !$0.isEmpty }.map { "urn:isbn:" + $0 }
        let identifiers = [Tag.asin, Tag.source].compactMap { container.texts($0).first { !$0.isEmpty } }
        if let identifier = isbn ?? identifiers.first { metadata.identifier = identifier }
        if metadata.isbn == nil, let isbn = container.texts(Tag.isbn).first {
            let digits = isbn.filter { $0.isNumber || $0 == "X" || $0 == "x" }.uppercased()
            if [10, 13].contains(digits.count) { metadata.isbn = digits }
        }
        return metadata
    }
}
