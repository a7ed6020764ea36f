import BookFiles

/// The namespaces of WordprocessingML, transitional and strict, and the
/// attribute reading both share.
enum WordNamespace {
    static let main = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    static let strictMain = "http://purl.oclc.org/ooxml/wordprocessingml/main"
    static let relationships = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    static let strictRelationships = "http://purl.oclc.org/ooxml/officeDocument/relationships"

    /// A `w:` attribute of `node` (`w:val`, `w:id`), in either namespace.
    static func attribute(_ name: String, of node: XMLNode) -> String? {
        node.attribute(name, namespace: main) ?? node.attribute(name, namespace: strictMain)
    }

    /// An `r:` attribute (`r:embed`, `r:id`), in either namespace.
    static func relationship(_ name: String, of node: XMLNode) -> String? {
        node.attribute(name, namespace: relationships) ?? node.attribute(name, namespace: strictRelationships)
    }

    /// Whether a toggle property (`<w:b/>`, `<w:i w:val="0"/>`) is on.
    static func isOn(_ node: XMLNode) -> Bool {
        guard let value = attribute("val", of: node)?.lowercased() else { return true }
        return !["0", "false", "off", "none"].contains(value)
    }
}
