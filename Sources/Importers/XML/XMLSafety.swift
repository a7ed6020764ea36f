import CLibXML2

/// libxml2 settings that keep hostile documents harmless, and error capture.
enum XMLSafety {
    /// Installs the refusing external-entity loader and initialises libxml2;
    /// safe to call any number of times.
    static func install() { _ = installed }

    private static let installed: Bool = {
        xmlInitParser()
        xmlSetExternalEntityLoader { _, _, _ in nil }
        return true
    }()

    /// Routes the context's errors to a handler that drops them (they are
    /// read back with ``lastError(of:)``) instead of printing to stderr.
    static func silence(_ context: xmlParserCtxtPtr) {
        guard let sax = context.pointee.sax else { return }
        sax.pointee.serror = { _, _ in }
        sax.pointee.error = nil
        sax.pointee.warning = nil
    }

    /// The context's most recent error.
    static func lastError(of context: xmlParserCtxtPtr) -> XMLError {
        guard let error = xmlCtxtGetLastError(context), error.pointee.code != 0 else {
            return XMLError(line: nil, message: "not well-formed")
        }
        let message = error.pointee.message.map { String(cString: $0) } ?? "error \(error.pointee.code)"
        let line = Int(error.pointee.line)
        return XMLError(line: line > 0 ? line : nil, message: message.trimmingASCIIWhitespace())
    }

    /// The `encoding="…"` of an XML declaration, for the HTML parser, which
    /// reads only `<meta charset>`.
    static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        let head = bytes.prefix(200)
        guard head.starts(with: Array("<?xml".utf8)), let end = head.firstIndex(of: UInt8(ascii: ">")) else {
            return nil
        }
        let declaration = Array(head[..<end])
        let key = Array("encoding=".utf8)
        guard let start = (0..<declaration.count).first(where: { declaration[$0...].starts(with: key) }) else {
            return nil
        }
        let name = declaration[(start + key.count)...].dropFirst().prefix {
            $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "'")
        }
        return name.isEmpty ? nil : String(decoding: name, as: UTF8.self)
    }
}
