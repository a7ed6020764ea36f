import BookFiles

/// Reads the XML parts of an office document's zip.
enum OfficePart {
    /// The root element of the part at `path`; `format` names the document
    /// kind in the error (`DOCX`, `ODT`).
    /// - Throws: ``ImportError`` when the part is missing, too large or not XML.
    static func root(_ path: String, in archive: some Archive, format: String) throws(ImportError) -> XMLNode {
        let bytes = try PublicationOpener.read(path, from: archive)
        let document: XMLDocument
        do { document = try XMLDocument.parse(bytes) } catch {
            throw .malformed(format: "\(format) part", location: "\(path):\(error.line ?? 0)", message: error.message)
        }
        guard let root = document.root else {
            throw .malformed(format: "\(format) part", location: path, message: "it has no root element")
        }
        return root
    }
}
