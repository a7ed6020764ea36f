import BookFiles
import BookFiles
import BookModel
import PropertyLists
import PropertyLists

/// A plist read as ``NarratedPlistPageStream`` needs it: the root
/// dictionary once, with the elements of the page array handed over one at
/// a time, then (unless ``keepsCheckedPages``) the pages again, one at a
/// time. A file is mapped, and what has been read is released as the
/// reading goes on.
protocol PagedPropertyList {
    /// True when the pages handed over by ``readRoot(pagesKey:page:)`` are
    /// the book's (kept as decoded then); false when they are only checked
    /// and read again with ``nextPage()``, so that memory stays flat.
    var keepsCheckedPages: Bool { get }
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
    let keepsCheckedPages = false
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
        try ImportError.propertyList { () throws(PropertyListError) in try cursor.openRootDictionary() }
        var entries = PropertyListDictionary()
        while let key = try ImportError.propertyList({ () throws(PropertyListError) in try cursor.nextKey() }) {
            guard key == pagesKey else {
                entries[key] = try ImportError.propertyList { () throws(PropertyListError) in try cursor.nextValue(forKey: key) }
                continue
            }
            let offset = cursor.offset
            if let whole = try ImportError.propertyList({ () throws(PropertyListError) in try cursor.openArray(forKey: key) }) {
                entries[key] = whole
                pagesOffset = nil
                continue
            }
            while let element = try ImportError.propertyList({ () throws(PropertyListError) in try cursor.nextElement() }) {
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
        _ = try ImportError.propertyList { () throws(PropertyListError) in try cursor.openArray(forKey: pagesKey) }
        return true
    }

    mutating func nextPage() throws(ImportError) -> PropertyListValue? {
        let page = try ImportError.propertyList { () throws(PropertyListError) in try cursor.nextElement() }
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
    let keepsCheckedPages = false
    private let file: MappedFile
    private var reader: BinaryPropertyListReader
    private var pagesReference: Int?
    private var pageReferences: [Int] = []
    private var nextIndex = 0

    init(file: MappedFile) throws(ImportError) {
        self.file = file
        reader = try ImportError.propertyList { () throws(PropertyListError) in try BinaryPropertyListReader(bytes: file.bytes) }
    }

    mutating func readRoot(pagesKey: String, page: (PropertyListValue) throws(ImportError) -> Void)
        throws(ImportError) -> PropertyListDictionary
    {
        var entries = PropertyListDictionary()
        let rootEntries = try ImportError.propertyList { () throws(PropertyListError) in try reader.rootEntries() }
        for (key, value) in rootEntries {
            let references = key == pagesKey
                ? try ImportError.propertyList { () throws(PropertyListError) in try reader.elementReferences(of: value) }
                : nil
            guard let references else {
                entries[key] = try ImportError.propertyList { () throws(PropertyListError) in try reader.object(value) }
                continue
            }
            entries[key] = .array([])
            guard !references.isEmpty else { continue }
            for (index, reference) in references.enumerated() {
                try page(ImportError.propertyList { () throws(PropertyListError) in try reader.object(reference) })
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
        pageReferences = try ImportError.propertyList { () throws(PropertyListError) in try reader.elementReferences(of: pagesReference) } ?? []
        nextIndex = 0
        return true
    }

    mutating func nextPage() throws(ImportError) -> PropertyListValue? {
        guard nextIndex < pageReferences.count else { return nil }
        defer { nextIndex += 1 }
        if nextIndex % Self.pagesBetweenReleases == 0 { file.releaseAll() }
        return try ImportError.propertyList { () throws(PropertyListError) in try reader.object(pageReferences[nextIndex]) }
    }

    var fractionRead: Double { pageReferences.isEmpty ? 0 : Double(nextIndex) / Double(pageReferences.count) }
}

/// A plist parsed whole (JSON, UTF-16 XML, or any plist in memory): the
/// pages are handed over, and kept, as the tree is released.
struct TreePagedPropertyList: PagedPropertyList {
    let keepsCheckedPages = true
    private var root: PropertyListValue?

    init(root: consuming PropertyListValue) {
        self.root = root
    }

    mutating func readRoot(pagesKey: String, page: (PropertyListValue) throws(ImportError) -> Void)
        throws(ImportError) -> PropertyListDictionary
    {
        guard let value = root.take() else { return [:] }
        let typeName = value.typeName
        guard case .dictionary(var entries) = consume value else {
            throw .invalidStructure(keyPath: "", message: "expected a dictionary at the top level, found \(typeName)")
        }
        guard case .array(var pages)? = entries[pagesKey] else { return entries }
        entries[pagesKey] = .array([])
        for index in pages.indices {
            let element = pages[index]
            pages[index] = .boolean(false)  // release the page's part of the tree
            try page(element)
        }
        return entries
    }

    mutating func restartPages() -> Bool { false }

    mutating func nextPage() -> PropertyListValue? { nil }

    var fractionRead: Double { 1 }
}
