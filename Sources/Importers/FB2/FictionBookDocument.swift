import BookFiles
import BookModel
import TextPrimitives

/// An FB2 (FictionBook 2) e-book read from its bytes: the metadata of its
/// `<description>`, the sections of its main bodies as pages, the bodies
/// named `notes` or `comments` kept apart, and the `<binary>` images the
/// pages and the cover use.
struct FictionBookDocument {
    /// From `<description>`; the cover is a binary id, nil when it names none or its binary is missing.
    var metadata: BookMetadata
    /// Pages of the main bodies, in order.
    var sections: [DocumentSection] = []
    /// One page per notes body (`<body name="notes">`), titled by it, its blocks marked as notes.
    var notes: [DocumentSection] = []
    /// Decoded images by binary id: the cover and the pages' images.
    var images: [String: [UInt8]] = [:]
    /// Problems that do not stop the reading.
    var warnings: [Warning] = []

    /// Parses an FB2 document.
    /// - Parameter resource: the name utterances' sources give (the file name).
    /// - Throws: ``ImportError/malformed(format:location:message:)`` for
    ///   bytes that are not well-formed XML, ``ImportError/unsupported(_:)``
    ///   for XML whose root is not `<FictionBook>`.
    init(bytes: [UInt8], resource: String?) throws(ImportError) {
        let document: XMLDocument
        do { document = try XMLDocument.parse(bytes) } catch {
            throw .malformed(format: "FB2", location: error.line.map { "line \($0)" }, message: error.message)
        }
        guard let root = document.root, root.name == "FictionBook" else {
            let found = document.root.map { "<\($0.name)>" } ?? "no element"
            throw .unsupported("not an FB2 document: its root is \(found), expected <FictionBook>")
        }
        metadata = FictionBookMetadata(root.firstChild(named: "description")).metadata
        var wanted = Set(metadata.coverImage.map { [$0] } ?? [])
        for body in root.childElements where body.name == "body" {
            let isNotes = Self.isNotes(body)
            let read = FictionBookBodyReader.sections(of: body, resource: resource, cutsPages: !isNotes)
            if isNotes {
                var page = DocumentSection(
                    title: body.attribute("name").map(Self.notesTitle), blocks: TextBlock.notes(read.sections.flatMap(\.blocks)))
                if let title = FictionBookMetadata.text(body.firstChild(named: "title")) { page.title = title }
                notes.append(page)
            } else {
                sections += read.sections
                wanted.formUnion(read.images)
            }
        }
        readImages(root, wanted: wanted)
    }

    /// `<body name="notes">` and `<body name="comments">` hold notes.
    private static func isNotes(_ body: XMLNode) -> Bool {
        ["notes", "comments", "footnotes"].contains(body.attribute("name")?.lowercased() ?? "")
    }

    private static func notesTitle(_ name: String) -> String {
        name.lowercased() == "comments" ? "Comments" : "Notes"
    }

    /// Decodes the `<binary>` elements whose ids are `wanted`; one that is
    /// not base64 is left out with a warning (its page shows no image).
    private mutating func readImages(_ root: XMLNode, wanted: Set<String>) {
        for binary in root.childElements where binary.name == "binary" {
            guard let id = binary.attribute("id"), wanted.contains(id), images[id] == nil else { continue }
            let text = binary.textContent(limit: 64 << 20)
            guard let bytes = Base64.decode(text.utf8) else {
                warnings.append(Warning("the image \(id) is not valid base64; it is left out", at: "line \(binary.line)"))
                continue
            }
            images[id] = bytes
        }
        if let cover = metadata.coverImage, images[cover] == nil {
            warnings.append(Warning("the cover page names the image #\(cover), which the book does not hold"))
            metadata.coverImage = nil
        }
    }

    /// The book as a page stream: the notes pages last, read only with `--notes`.
    func pageStream(options: ImportOptions, sourceFile: String?) -> SectionedPageStream {
        var metadata = metadata
        metadata.sourceFile = sourceFile
        if let language = options.language { metadata.language = language }
        let pages = options.readsNotes ? sections + notes : sections
        return SectionedPageStream(metadata: metadata, sections: pages, resources: images, options: options)
    }
}
