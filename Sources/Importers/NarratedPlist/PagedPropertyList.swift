import BookModel

/// A plist file read as ``NarratedPlistPageStream`` needs it: the root
/// dictionary once, with the elements of the page array handed over one at
/// a time, then the pages again, one at a time. The file is mapped, and what
/// has been read is released as the reading goes on.
protocol PagedPropertyList {
    /// Reads the root dictionary: every value whole, except the elements of
    /// `pagesKey`'s array, which go to `page` one by one.
    /// - Returns: the other entries; `pagesKey` maps to an empty array when
    ///   its elements were handed over, else to its value.
    mutating func readRoot(pagesKey: String, page: (PropertyListValue) throws(ImportError) -> Void)
        throws(ImportError) -> PropertyListDictionary
    /// Goes back to the first page, for ``nextPage()``.
    /// - Returns: false when there is no page array to read.
    mutating func restartPages() throws(ImportError) -> Bool
    /// The next page; nil after the last.
    mutating func nextPage() throws(ImportError) -> PropertyListValue?
    /// How far the pages read so far reach, from 0 to 1.
    var fractionRead: Double { get }
}

/// An XML plist, read front to back; the file is released behind the reader.
struct XMLPagedPropertyList: PagedPropertyList {
    private let file: MappedFile
    private let start: Int
    private var cursor: XMLPropertyListCursor
    private var pagesOffset: Int?
    private var pagesKey = ""

    /// - Returns: nil for a UTF-16 document, which only a whole parse reads.
    init?(file: MappedFile) {
        guard !file.bytes.starts(with: [0xFE, 0xFF]), !file.bytes.starts(with: [0xFF, 0xFE]) else { return nil }
        self.file = file
        start = file.bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        cursor = XMLPropertyListCursor(bytes: UnsafeBufferPointer(rebasing: file.bytes[start...]))
    }

    mutating func readRoot(pagesKey: String, page: (PropertyListValue) throws(ImportError) -> Void)
        throws(ImportError) -> PropertyListDictionary
    {
        self.pagesKey = pagesKey
        try cursor.openRootDictionary()
        var entries = PropertyListDictionary()
        while let key = try cursor.nextKey() {
            guard key == pagesKey else {
                entries[key] = try cursor.nextValue(forKey: key)
                continue
            }
            let offset = cursor.offset
            if let whole = try cursor.openArray(forKey: key) {
                entries[key] = whole
                pagesOffset = nil
                continue
            }
            while let element = try cursor.nextElement() {
                try page(element)
                file.release(upTo: start + cursor.offset)
            }
            entries[key] = .array([])
            pagesOffset = offset
        }
        return entries
    }

    mutating func restartPages() throws(ImportError) -> Bool {
        guard let pagesOffset else { return false }
        file.restartRelease(at: start + pagesOffset)
        cursor.rewind(toArrayAt: pagesOffset)
        _ = try cursor.openArray(forKey: pagesKey)
        return true
    }

    mutating func nextPage() throws(ImportError) -> PropertyListValue? {
        let page = try cursor.nextElement()
        file.release(upTo: start + cursor.offset)
        return page
    }

    var fractionRead: Double { Double(start + cursor.offset) / Double(max(1, file.bytes.count)) }
}

/// A binary plist, whose objects may lie anywhere in the file: the whole
/// mapping is released every few pages (the system reads back from its
/// cache what is touched again).
struct BinaryPagedPropertyList: PagedPropertyList {
    private static let pagesBetweenReleases = 16
    private let file: MappedFile
    private var reader: BinaryPropertyListReader
    private var pagesReference: Int?
    private var pageReferences: [Int] = []
    private var nextIndex = 0

    init(file: MappedFile) throws(ImportError) {
        self.file = file
        reader = try BinaryPropertyListReader(bytes: file.bytes)
    }

    mutating func readRoot(pagesKey: String, page: (PropertyListValue) throws(ImportError) -> Void)
        throws(ImportError) -> PropertyListDictionary
    {
        var entries = PropertyListDictionary()
        for (key, value) in try reader.rootEntries() {
            guard key == pagesKey, let references = try reader.elementReferences(of: value) else {
                entries[key] = try reader.object(value)
                continue
            }
            entries[key] = .array([])
            guard !references.isEmpty else { continue }
            for (index, reference) in references.enumerated() {
                try page(try reader.object(reference))
                if index % Self.pagesBetweenReleases == 0 { file.releaseAll() }
            }
            pagesReference = value
        }
        file.releaseAll()
        return entries
    }

    mutating func restartPages() throws(ImportError) -> Bool {
        guard let pagesReference else { return false }
        reader.forgetContainers()
        pageReferences = try reader.elementReferences(of: pagesReference) ?? []
        nextIndex = 0
        return true
    }

    mutating func nextPage() throws(ImportError) -> PropertyListValue? {
        guard nextIndex < pageReferences.count else { return nil }
        defer { nextIndex += 1 }
        if nextIndex % Self.pagesBetweenReleases == 0 { file.releaseAll() }
        return try reader.object(pageReferences[nextIndex])
    }

    var fractionRead: Double { pageReferences.isEmpty ? 0 : Double(nextIndex) / Double(pageReferences.count) }
}
