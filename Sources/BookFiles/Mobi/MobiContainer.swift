import CMobi
import CMobiGuard
import Glibc

/// A MOBI, AZW3 or PRC book opened with libmobi and rebuilt as the files of
/// a publication: markup documents, style sheets, images, an OPF package
/// and an NCX table of contents, the way libmobi's own `mobitool` rebuilds
/// one as an EPUB. Its EXTH records (the book's metadata) come beside them.
/// The only type that sees libmobi; its handles live only inside ``init(bytes:limits:)``.
public struct MobiContainer {
    /// One EXTH record: its tag (100 author, 503 title, 201 cover offset…)
    /// and its value as text or as a number, by the tag's known type.
    public struct Record: Hashable, Sendable {
        /// The EXTH tag number.
        public var tag: Int
        /// The value of a text tag, decoded from the book's encoding; nil for other tags.
        public var text: String?
        /// The value of a numeric tag; nil for other tags.
        public var number: UInt32?
    }

    /// The headers as checked before libmobi read the book.
    public var database: PalmDatabase
    /// The rebuilt publication: `META-INF/container.xml`, `content.opf`,
    /// `partNNNNN.html` documents, `flowNNNNN.css`/`.svg` and
    /// `resourceNNNNN.jpg`/`.ncx`… named as libmobi's OPF refers to them.
    public var files: MemoryArchive
    /// The EXTH records in file order.
    public var records: [Record]
    /// The title libmobi finds (EXTH 503, else 99, else the header's full name).
    public var title: String?
    /// The language libmobi finds (EXTH 524, else the header's locale).
    public var language: String?
    /// Whether the text read is KF8 (an AZW3, or a hybrid's newer part).
    public var isKF8: Bool
    /// Whether the book's NCX index was damaged and left out (libmobi
    /// would loop writing it, ``MobiTableOfContents``): its chapters are
    /// then found as in a book without one.
    public var tableOfContentsIsDamaged: Bool

    /// libmobi's version as loaded: `0.11`.
    public static var libraryVersion: String { String(cString: mobi_version()) }

    /// The path of the package document in ``files``.
    public static let packagePath = "content.opf"

    /// Reads a whole book file.
    /// - Parameters:
    ///   - limits: the declared text may not pass `maxEntrySize`, the rebuilt
    ///     files together not `maxTotalSize` (the limits of a zip's entries).
    /// - Throws: ``MobiError`` for a file that is not a book, an encrypted
    ///   (DRM) one, one whose text would pass the limits, and what libmobi refuses.
    public init(bytes: [UInt8], limits: ArchiveLimits = ArchiveLimits()) throws(MobiError) {
        database = try PalmDatabase(bytes: bytes)
        let declared = UInt64(database.textLength)
        guard declared <= limits.maxEntrySize else { throw .tooLarge(size: declared, limit: limits.maxEntrySize) }
        // libmobi would free libxml2's global state under other threads: CMobiGuard stops it.
        guard narrate_libxml2_cleanup_disabled() == 1, let data = mobi_init() else { throw .library("out of memory") }
        defer { mobi_free(data) }
        try Self.check(Self.load(bytes, into: data))
        if mobi_is_encrypted(data) { throw .drmProtected(scheme: Int(data.pointee.rh?.pointee.encryption_type ?? 2)) }
        if mobi_is_replica(data) { throw .unsupported("a Kindle Print Replica (a PDF inside a MOBI file) holds no text narrate reads") }
        tableOfContentsIsDamaged = try !Self.tableOfContentsIsSafe(data)
        guard let rawml = mobi_init_rawml(data) else { throw .library("out of memory") }
        defer { mobi_free_rawml(rawml) }
        try Self.check(mobi_parse_rawml_opt(rawml, data, !tableOfContentsIsDamaged, true, true))
        files = try Self.files(of: rawml.pointee, limits: limits)
        records = Self.records(of: data)
        title = Self.take(mobi_meta_get_title(data))
        language = Self.take(mobi_meta_get_language(data))
        isKF8 = mobi_is_rawml_kf8(rawml)
    }

    /// The text values of the records tagged `tag`, in order.
    public func texts(_ tag: Int) -> [String] {
        records.compactMap { $0.tag == tag ? $0.text : nil }
    }

    /// The numeric value of the first record tagged `tag`.
    public func number(_ tag: Int) -> UInt32? {
        records.first { $0.tag == tag && $0.number != nil }?.number
    }

    /// Whether libmobi can write the book's NCX index: it is parsed alone
    /// first (no rebuilding) and checked to be a tree. True for a book without one.
    private static func tableOfContentsIsSafe(_ data: UnsafeMutablePointer<MOBIData>) throws(MobiError) -> Bool {
        guard mobi_exists_ncx(data) else { return true }
        guard let probe = mobi_init_rawml(data) else { throw .library("out of memory") }
        defer { mobi_free_rawml(probe) }
        try check(mobi_parse_rawml_opt(probe, data, true, false, false))
        guard let index = probe.pointee.ncx?.pointee else { return true }
        return MobiTableOfContents(index: index).isTree
    }

    /// Hands the bytes to libmobi as a read-only memory stream.
    private static func load(_ bytes: [UInt8], into data: UnsafeMutablePointer<MOBIData>) -> MOBI_RET {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, let file = fmemopen(UnsafeMutableRawPointer(mutating: base), buffer.count, "rb")
            else { return MOBI_ERROR }
            defer { fclose(file) }
            return mobi_load_file(data, file)
        }
    }

    /// The rebuilt files, with a container that names the package.
    private static func files(of rawml: MOBIRawml, limits: ArchiveLimits) throws(MobiError) -> MemoryArchive {
        var entries: [(String, [UInt8])] = [("META-INF/container.xml", Array(container.utf8))]
        var total: UInt64 = 0
        for (prefix, first, skipsFirst) in [("part", rawml.markup, false), ("flow", rawml.flow, true), ("resource", rawml.resources, false)] {
            var part = skipsFirst ? first?.pointee.next : first
            while let current = part?.pointee {
                part = current.next
                guard let name = name(of: current, prefix: prefix) else { continue }
                total += UInt64(current.size)
                guard UInt64(current.size) <= limits.maxEntrySize, total <= limits.maxTotalSize else {
                    throw .tooLarge(size: max(total, UInt64(current.size)), limit: limits.maxTotalSize)
                }
                entries.append((name, current.data.map { Array(UnsafeBufferPointer(start: $0, count: current.size)) } ?? []))
            }
        }
        return MemoryArchive(entries)
    }

    /// `part00003.html`, `flow00001.css`, `resource00002.jpg`; `content.opf`
    /// for the package; nil for fonts and media (encoded, and not read).
    private static func name(of part: MOBIPart, prefix: String) -> String? {
        switch part.type {
        case T_OPF: return packagePath
        case T_FONT, T_AUDIO, T_VIDEO, T_BREAK, T_UNKNOWN: return nil
        default:
            var meta = mobi_get_filemeta_by_type(part.type)
            let fileExtension = withUnsafeBytes(of: &meta.extension) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let number = String(part.uid)
            return prefix + String(repeating: "0", count: max(0, 5 - number.count)) + number + "." + fileExtension
        }
    }

    private static let container = """
        <?xml version="1.0"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
          <rootfiles><rootfile full-path="\(packagePath)" media-type="application/oebps-package+xml"/></rootfiles>
        </container>
        """

    /// The EXTH records, decoded by the types libmobi knows for their tags.
    private static func records(of data: UnsafeMutablePointer<MOBIData>) -> [Record] {
        var records: [Record] = []
        var next = data.pointee.eh
        while let header = next?.pointee {
            next = header.next
            var record = Record(tag: Int(header.tag))
            if let value = header.data?.assumingMemoryBound(to: UInt8.self) {
                switch mobi_get_exthtagmeta_by_tag(MOBIExthTag(rawValue: header.tag)).type {
                case EXTH_STRING: record.text = take(mobi_decode_exthstring(data, value, Int(header.size)))
                case EXTH_NUMERIC: record.number = mobi_decode_exthvalue(value, Int(header.size))
                default: break
                }
            }
            records.append(record)
        }
        return records
    }

    /// A string libmobi allocated, freed; nil for none.
    private static func take(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        defer { free(pointer) }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self)
    }

    /// Turns a libmobi status into an error.
    private static func check(_ status: MOBI_RET) throws(MobiError) {
        switch status {
        case MOBI_SUCCESS: return
        case MOBI_FILE_ENCRYPTED, MOBI_DRM_KEYNOTFOUND, MOBI_DRM_PIDINV, MOBI_DRM_UNSUPPORTED, MOBI_DRM_EXPIRED:
            throw .drmProtected(scheme: 2)
        case MOBI_DATA_CORRUPT, MOBI_BUFFER_END: throw .malformed("its data is corrupt or cut short")
        case MOBI_FILE_UNSUPPORTED: throw .unsupported("libmobi does not support this kind of MOBI document")
        case MOBI_MALLOC_FAILED: throw .library("an allocation failed (damaged sizes, or out of memory)")
        default: throw .library("error \(status.rawValue)")
        }
    }
}

extension MobiContainer.Record {
    init(tag: Int) {
        self.tag = tag
    }
}
