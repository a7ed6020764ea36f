import BookModel

/// Reading a binary plist whose root is a dictionary one piece at a time:
/// its entries as references, and any value on demand, with the checks of a
/// whole parse (every container read once, bounded nesting).
extension BinaryPropertyListReader {
    /// The root dictionary's keys, in file order, with the references of
    /// their values.
    /// - Throws: when the file is malformed, or
    ///   ``PropertyListError/invalidStructure(keyPath:message:)`` when the root is
    ///   not a dictionary.
    package mutating func rootEntries() throws(PropertyListError) -> [(key: String, value: Int)] {
        let top = try trailerTopObject()
        let offset = try offset(of: top)
        guard bytes[offset] >> 4 == 0xD else {
            let root = try object(top)
            throw .invalidStructure(keyPath: "", message: "expected a dictionary at the top level, found \(root.typeName)")
        }
        let (start, count) = try enterContainer(offset, Int(bytes[offset] & 0x0F), top, referencesPerEntry: 2)
        var entries: [(key: String, value: Int)] = []
        for index in 0..<count {
            guard case .string(let key) = try object(try objectReference(at: start + index * referenceSize)) else {
                throw Self.error(top, "dictionary key is not a string")
            }
            entries.append((key, try objectReference(at: start + (count + index) * referenceSize)))
        }
        return entries
    }

    /// The references of an array's elements, the array counted as read;
    /// nil when the object is not an array.
    package mutating func elementReferences(of reference: Int) throws(PropertyListError) -> [Int]? {
        let offset = try offset(of: reference)
        guard bytes[offset] >> 4 == 0xA else { return nil }
        let (start, count) = try enterContainer(offset, Int(bytes[offset] & 0x0F), reference, referencesPerEntry: 1)
        var references: [Int] = []
        references.reserveCapacity(count)
        for index in 0..<count {
            references.append(try objectReference(at: start + index * referenceSize))
        }
        return references
    }

    /// Forgets which containers were read, to read the file again.
    package mutating func forgetContainers() {
        containerSeen = Array(repeating: false, count: containerSeen.count)
        depth = 0
    }
}
