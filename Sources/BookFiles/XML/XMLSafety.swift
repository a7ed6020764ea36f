import CLibXML2

/// libxml2 settings that keep hostile documents harmless, and error capture.
package enum XMLSafety {
    /// Installs the refusing external-entity loader, initialises libxml2 and
    /// drops errors raised outside a parser context (encoding and I/O errors
    /// that libxml2 would otherwise print to stderr). The error handler is
    /// per thread in libxml2, so this runs before every parse.
    package static func install() {
        _ = installed
        xmlSetStructuredErrorFunc(nil) { _, _ in }
    }

    private static let installed: Bool = {
        xmlInitParser()
        xmlSetExternalEntityLoader { _, _, _ in nil }
        return true
    }()

    /// Keeps the first error of a parse; reached through the context's `_private`.
    package final class FirstError {
        var error: XMLError?
    }

    /// Routes the context's errors into `box` (the first one is kept)
    /// instead of printing them to stderr. `box` must outlive the parse.
    package static func capture(_ context: xmlParserCtxtPtr, into box: FirstError) {
        context.pointee._private = Unmanaged.passUnretained(box).toOpaque()
        guard let sax = context.pointee.sax else { return }
        sax.pointee.error = nil
        sax.pointee.warning = nil
        sax.pointee.serror = { userData, error in
            guard let context = userData?.assumingMemoryBound(to: xmlParserCtxt.self),
                let raw = context.pointee._private, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue
            else { return }
            let box = Unmanaged<FirstError>.fromOpaque(raw).takeUnretainedValue()
            if box.error == nil { box.error = XMLSafety.describe(error) }
        }
    }

    /// The first error captured, else the context's last one.
    package static func firstError(_ box: FirstError, context: xmlParserCtxtPtr) -> XMLError {
        if let error = box.error { return error }
        guard let error = xmlCtxtGetLastError(context), error.pointee.code != 0 else {
            return XMLError(line: nil, message: "not well-formed")
        }
        return describe(error)
    }

    /// Why a parse stopped before the end of its document: its context's
    /// last error (libxml2 halts on elements nested past its depth limit,
    /// 256, and on no other error of a document that fits in memory), in
    /// words for a reader: libxml2's own names an option narrate does not
    /// offer.
    static func haltReason(_ context: xmlParserCtxtPtr) -> XMLError {
        guard let error = xmlCtxtGetLastError(context), error.pointee.code != 0 else {
            return XMLError(line: nil, message: "the parser stopped before the end of the document")
        }
        let last = describe(error)
        guard last.message.hasPrefix("Excessive depth in document") else { return last }
        return XMLError(line: last.line, message: "elements nested more than 256 deep (libxml2's limit): the text from here on is not read")
    }

    private static func describe(_ error: xmlErrorPtr) -> XMLError {
        let message = error.pointee.message.map { String(cString: $0) } ?? "error \(error.pointee.code)"
        let line = Int(error.pointee.line)
        // Some messages run on over a second line ("…indicate encoding !\nBytes: 0x97…"): errors are one line.
        let oneLine = message.split(whereSeparator: \.isNewline).map { String($0).trimmingASCIIWhitespace() }.joined(separator: " ")
        return XMLError(line: line > 0 ? line : nil, message: oneLine)
    }

    /// The `encoding="…"` of an XML declaration, for the HTML parser, which
    /// reads only `<meta charset>`.
    package static func declaredEncoding(_ bytes: [UInt8]) -> String? {
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
