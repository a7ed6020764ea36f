import CLibXML2

/// A parsed XML (or, as a fallback, HTML) document. The only code besides
/// ``XMLNode`` that knows libxml2 exists.
///
/// Parsing is safe against hostile input: no network, no external entities
/// or DTDs loaded (a loader that refuses everything is installed), entities
/// never substituted (``XMLNode`` reads text nodes itself and expands only
/// short, flat internal entities), libxml2's default depth and size limits
/// kept. Errors are collected, never printed.
package final class XMLDocument {
    let handle: xmlDocPtr
    /// The XML error that made the parser fall back to HTML; `nil` when the
    /// document was well-formed XML.
    package let recoveredError: XMLError?
    /// Why the HTML parser stopped before the end of the document (elements
    /// nested past libxml2's depth limit): the tree holds the document up
    /// to there and the rest is not read; `nil` when it read it all.
    package let truncation: XMLError?

    init(handle: xmlDocPtr, recoveredError: XMLError?, truncation: XMLError? = nil) {
        self.handle = handle
        self.recoveredError = recoveredError
        self.truncation = truncation
    }

    deinit { xmlFreeDoc(handle) }

    /// The version of the libxml2 loaded at run time: `2.9.14`.
    package static var libraryVersion: String {
        guard let text = __xmlParserVersion()?.pointee, let number = Int(String(cString: text)) else { return "unknown" }
        return "\(number / 10000).\(number / 100 % 100).\(number % 100)"
    }

    /// The root element; `nil` for a document without one.
    package var root: XMLNode? {
        guard let element = xmlDocGetRootElement(handle) else { return nil }
        return XMLNode(document: self, pointer: element)
    }

    /// Parses `bytes` as XML, honouring the declared encoding; when they are
    /// not well-formed and `htmlFallback` is set, parses them again with
    /// libxml2's forgiving HTML parser (for `&nbsp;` without a DTD, stray bytes).
    /// - Throws: ``XMLError`` with the XML error when no tree could be built.
    package static func parse(_ bytes: [UInt8], htmlFallback: Bool = false) throws(XMLError) -> XMLDocument {
        XMLSafety.install()
        // Content documents: non-ASCII text as character references when
        // that is sure to give the same tree and the text is mostly ASCII
        // (libxml2 reads ASCII text much faster); the original bytes
        // otherwise, and for every error.
        if htmlFallback, let rewritten = ASCIIReferences.rewriteWhenFaster(bytes), case .success(let handle) = parseXML(rewritten) {
            return XMLDocument(handle: handle, recoveredError: nil)
        }
        let xmlResult = parseXML(bytes)
        if case .success(let handle) = xmlResult { return XMLDocument(handle: handle, recoveredError: nil) }
        guard case .failure(let error) = xmlResult else { throw XMLError(line: nil, message: "unknown") }
        guard htmlFallback, let html = parseHTML(HTMLFallbackInput.prepare(bytes)) else { throw error }
        return XMLDocument(handle: html.document, recoveredError: error, truncation: html.truncation)
    }

    /// Parses `bytes` with libxml2's HTML parser, which reads tag soup as
    /// browsers do (unclosed elements, `&nbsp;`, upper-case names). Element
    /// names come out lower-cased and without namespaces.
    /// - Parameter encoding: the encoding to read the bytes in (`UTF-8`);
    ///   nil lets the parser find it (a `<meta charset>`, the XML
    ///   declaration's, else Windows-1252).
    /// - Throws: ``XMLError`` when no tree could be built at all (nothing
    ///   but white space, a document over 2 GB). A tree of only the first
    ///   part (elements nested past libxml2's depth limit) says so in
    ///   ``truncation``.
    package static func parse(html bytes: [UInt8], encoding: String? = nil) throws(XMLError) -> XMLDocument {
        XMLSafety.install()
        guard let html = parseHTML(HTMLFallbackInput.prepare(bytes), encoding: encoding) else {
            throw XMLError(line: nil, message: "no HTML document could be read")
        }
        return XMLDocument(handle: html.document, recoveredError: nil, truncation: html.truncation)
    }

    static let xmlOptions = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_NOERROR.rawValue
            | XML_PARSE_NOWARNING.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_COMPACT.rawValue)

    private static let htmlOptions = Int32(
        HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_RECOVER.rawValue)

    static func parseXML(_ bytes: [UInt8], options: Int32 = xmlOptions) -> Result<xmlDocPtr, XMLError> {
        guard bytes.count < Int32.max else { return .failure(XMLError(line: nil, message: "document too large")) }
        guard let context = xmlNewParserCtxt() else { return .failure(XMLError(line: nil, message: "out of memory")) }
        defer { xmlFreeParserCtxt(context) }
        let errors = XMLSafety.FirstError()
        XMLSafety.capture(context, into: errors)
        let document = withExtendedLifetime(errors) {
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    xmlCtxtReadMemory(context, $0.baseAddress, Int32(bytes.count), nil, nil, options)
                }
            }
        }
        if let document, context.pointee.wellFormed != 0 { return .success(document) }
        if let document { xmlFreeDoc(document) }
        return .failure(XMLSafety.firstError(errors, context: context))
    }

    /// The tree libxml2's HTML parser builds of `bytes`, and why it stopped
    /// before the end if it did; nil when it builds none.
    static func parseHTML(_ bytes: [UInt8], encoding chosen: String? = nil)
        -> (document: xmlDocPtr, truncation: XMLError?)?
    {
        guard bytes.count < Int32.max, let context = htmlNewParserCtxt() else { return nil }
        defer { htmlFreeParserCtxt(context) }
        let errors = XMLSafety.FirstError()
        XMLSafety.capture(context, into: errors)
        let encoding = chosen ?? XMLSafety.declaredEncoding(bytes)
        for candidate in encoding == nil ? [nil] : [encoding, nil] {
            let document = withExtendedLifetime(errors) {
                bytes.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) {
                        htmlCtxtReadMemory(context, $0.baseAddress, Int32(bytes.count), nil, candidate, htmlOptions)
                    }
                }
            }
            guard let document else { continue }
            return (document, context.pointee.disableSAX == 0 ? nil : XMLSafety.haltReason(context))
        }
        return nil
    }
}
