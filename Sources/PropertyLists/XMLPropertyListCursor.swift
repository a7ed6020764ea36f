import BookModel

/// Reads an XML plist whose root is a dictionary a piece at a time: the
/// root's keys one by one, each value whole, except one array whose elements
/// can be read one at a time. A streamed book so never holds its whole tree.
/// The checks and messages are those of ``XMLPropertyListParser/parse(_:)``.
package struct XMLPropertyListCursor {
    private var parser: XMLPropertyListParser
    private var isWrapped = false
    private var rootIsOpen = false

    /// A cursor over `bytes` (UTF-8, without a byte-order mark), which must
    /// outlive it.
    package init(bytes: UnsafeBufferPointer<UInt8>) {
        parser = XMLPropertyListParser(bytes: bytes)
    }

    /// Where the cursor is, in bytes from the start.
    package var offset: Int { parser.position }

    /// Moves past the prolog into the root dictionary.
    /// - Throws: when the document is malformed, or
    ///   ``PropertyListError/invalidStructure(keyPath:message:)`` when its root is
    ///   not a dictionary.
    package mutating func openRootDictionary() throws(PropertyListError) {
        try parser.skipProlog()
        guard var tag = try parser.readStartTag() else { throw parser.error("expected <plist> or a value") }
        isWrapped = tag.name == "plist"
        if isWrapped {
            guard !tag.isEmpty else { throw parser.error("<plist/> holds no value") }
            try parser.skipMisc()
            guard let inner = try parser.readStartTag() else { throw parser.error("expected a value inside <plist>") }
            tag = inner
        }
        guard tag.name == "dict" else {
            let value = try parser.parseValue(tag)
            throw .invalidStructure(keyPath: "", message: "expected a dictionary at the top level, found \(value.typeName)")
        }
        rootIsOpen = !tag.isEmpty
        if rootIsOpen { try parser.enter() }
    }

    /// The root dictionary's next key, with the cursor before its value; nil
    /// after the last, once the rest of the document has been checked.
    package mutating func nextKey() throws(PropertyListError) -> String? {
        guard rootIsOpen else { return try closeDocument() }
        try parser.skipMisc()
        if try parser.consumeEndTag("dict") {
            rootIsOpen = false
            parser.depth -= 1
            return try closeDocument()
        }
        guard let keyTag = try parser.readStartTag(), keyTag.name == "key" else {
            throw parser.error("expected <key> or </dict>")
        }
        return try parser.readText(of: keyTag)
    }

    /// The value after the key just read, whole.
    package mutating func nextValue(forKey key: String) throws(PropertyListError) -> PropertyListValue {
        try parser.skipMisc()
        guard let tag = try parser.readStartTag() else { throw parser.error("expected a value for key \"\(key)\"") }
        return try parser.parseValue(tag)
    }

    /// Opens the array after the key just read, for ``nextElement()``; when
    /// the value is not an array, or an empty one, returns it whole instead.
    package mutating func openArray(forKey key: String) throws(PropertyListError) -> PropertyListValue? {
        try parser.skipMisc()
        guard let tag = try parser.readStartTag() else { throw parser.error("expected a value for key \"\(key)\"") }
        guard tag.name == "array", !tag.isEmpty else { return try parser.parseValue(tag) }
        try parser.enter()
        return nil
    }

    /// The open array's next element; nil after the last.
    package mutating func nextElement() throws(PropertyListError) -> PropertyListValue? {
        try parser.skipMisc()
        if try parser.consumeEndTag("array") {
            parser.depth -= 1
            return nil
        }
        guard let tag = try parser.readStartTag() else { throw parser.error("expected a value or </array>") }
        return try parser.parseValue(tag)
    }

    /// Moves to `offset`, which ``offset`` gave just before an
    /// ``openArray(forKey:)`` inside the root dictionary, to read that array again.
    package mutating func rewind(toArrayAt offset: Int) {
        parser.position = offset
        parser.depth = 1
        rootIsOpen = true
    }

    private mutating func closeDocument() throws(PropertyListError) -> String? {
        try parser.skipMisc()
        if isWrapped {
            try parser.expectEndTag("plist")
            isWrapped = false
            try parser.skipMisc()
        }
        guard parser.position == parser.bytes.count else { throw parser.error("unexpected content after the root element") }
        return nil
    }
}
