import BookFiles
/// Reads `META-INF/encryption.xml` and refuses books whose content is
/// encrypted (DRM). Font obfuscation (IDPF or Adobe) only scrambles fonts,
/// which narrate never reads, so it is not an error.
enum EncryptionCheck {
    static let path = "META-INF/encryption.xml"

    /// Algorithms that only obfuscate embedded fonts.
    static let fontObfuscation: Set<String> = [
        "http://www.idpf.org/2008/embedding", "http://ns.adobe.com/pdf/enc#RC",
    ]

    /// Archive paths encrypted with a real cipher (anything other than font
    /// obfuscation), as the file lists them.
    static func encryptedPaths(in bytes: [UInt8]) -> [String] {
        guard let root = try? XMLDocument.parse(bytes).root else { return ["(unreadable encryption.xml)"] }
        var reader = EncryptedDataReader()
        root.walk(&reader)
        return reader.paths
    }

    /// Throws when any of `contentPaths` is encrypted.
    static func check(_ archive: some Archive, contentPaths: Set<String>) throws(ImportError) {
        guard archive.contains(path), let bytes = try? archive.read(path) else { return }
        let encrypted = encryptedPaths(in: bytes)
        if let first = encrypted.first(where: { contentPaths.contains($0) || $0.hasPrefix("(") }) {
            let others = encrypted.count > 1 ? " and \(encrypted.count - 1) more resources are" : " is"
            throw .unsupported("the book is encrypted (DRM) and cannot be read: \(first)\(others) enciphered")
        }
    }
}

/// Collects the CipherReference URIs of EncryptedData elements whose method
/// is not font obfuscation.
private struct EncryptedDataReader: XMLVisitor {
    var paths: [String] = []
    private var algorithm: String?

    mutating func enter(_ node: XMLNode) -> Bool {
        guard node.kind == .element else { return false }
        switch node.name {
        case "EncryptedData": algorithm = nil
        case "EncryptionMethod": algorithm = node.attribute("Algorithm")
        case "CipherReference":
            let isFont = algorithm.map(EncryptionCheck.fontObfuscation.contains) ?? false
            if !isFont, let uri = node.attribute("URI"), let reference = ArchivePath.resolve(uri, relativeTo: "x") {
                paths.append(reference.path)
            }
        default: break
        }
        return true
    }
}
