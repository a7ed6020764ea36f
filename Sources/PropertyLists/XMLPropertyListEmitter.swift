import BookModel
import Foundation

/// Writes an XML property list in Apple's layout: the standard header and
/// DOCTYPE, one element per line, tab indentation, `<dict/>` for empty
/// containers.
public struct XMLPropertyListEmitter: PropertyListEmitter {
    private var sink: ByteSink
    private var depth = 0
    private var repeated = RepeatedValues()

    /// An emitter for a fragment of a document: no header, elements indented
    /// for `depth`, bytes collected in memory (in `buffer`, whose storage is
    /// reused).
    private init(fragmentAt depth: Int, buffer: inout [UInt8]) {
        sink = ByteSink.collecting(takingStorageOf: &buffer)
        self.depth = depth
    }

    /// Items rendered on every core, a batch at a time (so memory stays
    /// bounded), and written in order as soon as they are ready.
    public mutating func independentItems<Item>(_ items: [Item], _ emitItem: (Item, inout Self) throws -> Void) throws {
        let depth = depth
        let fragments = OrderedFragments(sink: sink)
        // The repeated values rendered so far go from one item to the next on each core.
        let renderings = RepeatedValues.Pool(repeated)
        var start = 0
        while start < items.count, fragments.failure == nil {
            let end = min(start + 64, items.count)
            fragments.render(items[start..<end], firstIndex: start) { buffer, item in
                var fragment = XMLPropertyListEmitter(fragmentAt: depth, buffer: &buffer)
                fragment.repeated = renderings.take()
                defer { renderings.giveBack(fragment.repeated) }
                try emitItem(item, &fragment)
                return fragment.sink.takeBytes()
            }
            start = end
        }
        sink = fragments.sink
        if let failure = fragments.failure { throw failure }
    }

    /// Copies the bytes of a value rendered before when there are some.
    public mutating func repeatable(_ key: RepeatKey, _ emit: (inout Self) throws -> Void) throws {
        if repeated.withRendering(of: key, depth: depth, { sink.append($0) }) { return }
        let (start, depthBefore) = (sink.count, depth)
        try emit(&self)
        guard depth == depthBefore else { return }
        _ = sink.withBytes(since: start) { repeated.keep($0, of: key, depth: depthBefore) }
    }

    public init(sink: ByteSink) {
        self.sink = sink
        self.sink.append(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """)
    }

    public mutating func beginDictionary(count: Int) throws { open(.dict, empty: count == 0) }
    public mutating func endDictionary() throws { try close(.dict) }
    public mutating func beginArray(count: Int) throws { open(.array, empty: count == 0) }
    public mutating func endArray() throws { try close(.array) }
    public mutating func key(_ key: String) throws { element(.key, escaping: key) }
    public mutating func key(static key: StaticString) throws {
        element(.key, bytes: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount), escaping: false)
    }
    public mutating func string(_ value: String) throws { element(.string, escaping: value) }
    public mutating func string(utf8 value: UnsafeBufferPointer<UInt8>) throws {
        element(.string, bytes: value, escaping: true)
    }
    public mutating func integer(_ value: Int64) throws {
        let tabs = depth
        sink.write(atMost: tabs + 2 * Self.longestTag + ByteWriter.longestDecimal) { writer in
            Self.write(integer: value, tabs: tabs, to: &writer)
        }
    }

    public mutating func entry(static key: StaticString, integer value: Int64) throws {
        let tabs = depth
        sink.write(atMost: 2 * tabs + 4 * Self.longestTag + key.utf8CodeUnitCount + ByteWriter.longestDecimal) { writer in
            Self.write(key, tabs: tabs, to: &writer)
            Self.write(integer: value, tabs: tabs, to: &writer)
        }
    }

    public mutating func entry(static key: StaticString, real value: Double) throws { writeReal(value, key: key) }

    /// A real's line (after its key's, when there is one): whole thousandths
    /// written from their count, other values as ``format(_:)`` gives them.
    private mutating func writeReal(_ value: Double, key: StaticString?) {
        let tabs = depth
        let thousandths = Self.thousandths(value)
        let formatted = thousandths == nil ? formatted(value) : []
        let keyLine = key.map { tabs + 2 * Self.longestTag + $0.utf8CodeUnitCount } ?? 0
        formatted.withUnsafeBufferPointer { bytes in
            let content = thousandths == nil ? bytes.count : ByteWriter.longestDecimal + 1
            sink.write(atMost: keyLine + tabs + 2 * Self.longestTag + content) { writer in
                if let key { Self.write(key, tabs: tabs, to: &writer) }
                writer.appendTabs(tabs)
                writer.append(static: Tag.real.opening)
                if let thousandths { writer.appendThousandths(thousandths) } else { writer.append(bytes) }
                writer.append(static: Tag.real.closing)
            }
        }
    }

    public mutating func entry(static key: StaticString, string value: String) throws {
        try value.withUTF8Bytes { try entry(static: key, utf8: $0) }
    }

    public mutating func entry(static key: StaticString, utf8 value: UnsafeBufferPointer<UInt8>) throws {
        let tabs = depth
        sink.write(atMost: 2 * tabs + 4 * Self.longestTag + key.utf8CodeUnitCount + 5 * value.count) { writer in
            Self.write(key, tabs: tabs, to: &writer)
            writer.appendTabs(tabs)
            writer.append(static: Tag.string.opening)
            writer.append(escapingMarkup: value)
            writer.append(static: Tag.string.closing)
        }
    }

    /// An integer's line: indentation and `<integer>VALUE</integer>`.
    private static func write(integer value: Int64, tabs: Int, to writer: inout ByteWriter) {
        writer.appendTabs(tabs)
        writer.append(static: Tag.integer.opening)
        writer.appendDecimal(value)
        writer.append(static: Tag.integer.closing)
    }

    /// A key's line: indentation and `<key>KEY</key>`.
    private static func write(_ key: StaticString, tabs: Int, to writer: inout ByteWriter) {
        writer.appendTabs(tabs)
        writer.append(static: Tag.key.opening)
        writer.append(static: key)
        writer.append(static: Tag.key.closing)
    }
    public mutating func real(_ value: Double) throws { writeReal(value, key: nil) }
    public mutating func boolean(_ value: Bool) throws {
        let tabs = depth
        sink.write(atMost: tabs + 8) { writer in
            writer.appendTabs(tabs)
            writer.append(static: value ? "<true/>\n" : "<false/>\n")
        }
    }
    public mutating func date(_ value: Date) throws { element(.date, raw: Array(PropertyListDate.format(value).utf8)) }

    public mutating func data(_ value: [UInt8]) throws {
        element(.data, raw: Array(Data(value).base64EncodedString().utf8))
    }

    public mutating func finish() throws {
        sink.append("</plist>\n")
        try sink.finish()
    }

    /// Reals as Apple writes them: integral values without a fraction, others
    /// in the shortest form that reads back exactly.
    package static func format(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-infinity" : "+infinity" }
        return BookDump.format(value)
    }

    /// `value` as a whole number of thousandths, when it is the `Double`
    /// nearest to one (prosody values are rounded to thousandths) and under
    /// a million: such a value's shortest exact form is that decimal, which
    /// ``ByteWriter/appendThousandths(_:)`` writes without formatting a
    /// `String`.
    package static func thousandths(_ value: Double) -> Int64? {
        guard value.magnitude < 1_000_000 else { return nil }
        let scaled = (value * 1000).rounded()
        guard scaled / 1000 == value else { return nil }
        return Int64(scaled)
    }

    /// Other values repeat too; each is formatted once.
    private var formattedReals: [UInt64: [UInt8]] = [:]

    private mutating func formatted(_ value: Double) -> [UInt8] {
        if let bytes = formattedReals[value.bitPattern] { return bytes }
        let bytes = Array(Self.format(value).utf8)
        if formattedReals.count < 4096 { formattedReals[value.bitPattern] = bytes }
        return bytes
    }

    /// The element names the emitter writes, with their markup as static
    /// strings (no arrays to look up, retain and release on every element).
    package enum Tag: Int {
        case dict, array, key, string, integer, real, date, data

        var opening: StaticString {
            switch self {
            case .dict: "<dict>"
            case .array: "<array>"
            case .key: "<key>"
            case .string: "<string>"
            case .integer: "<integer>"
            case .real: "<real>"
            case .date: "<date>"
            case .data: "<data>"
            }
        }

        var closing: StaticString {
            switch self {
            case .dict: "</dict>\n"
            case .array: "</array>\n"
            case .key: "</key>\n"
            case .string: "</string>\n"
            case .integer: "</integer>\n"
            case .real: "</real>\n"
            case .date: "</date>\n"
            case .data: "</data>\n"
            }
        }

        /// The opening tag of a container that has entries, on its own line.
        var openingLine: StaticString {
            switch self {
            case .dict: "<dict>\n"
            case .array: "<array>\n"
            default: "<>\n"  // only containers open a line
            }
        }

        var emptyLine: StaticString {
            switch self {
            case .dict: "<dict/>\n"
            case .array: "<array/>\n"
            default: "<>\n"  // only containers can be empty
            }
        }
    }

    private var openedEmpty: [Bool] = []

    private mutating func open(_ tag: Tag, empty: Bool) {
        let tabs = depth
        sink.write(atMost: tabs + Self.longestTag) { writer in
            writer.appendTabs(tabs)
            writer.append(static: empty ? tag.emptyLine : tag.openingLine)
        }
        openedEmpty.append(empty)
        if !empty { depth += 1 }
    }

    private mutating func close(_ tag: Tag) throws {
        guard openedEmpty.popLast() == false else { return }
        depth -= 1
        let tabs = depth
        sink.write(atMost: tabs + Self.longestTag) { writer in
            writer.appendTabs(tabs)
            writer.append(static: tag.closing)
        }
        try sink.flushIfFull()
    }

    private mutating func element(_ tag: Tag, raw: [UInt8]) {
        raw.withUnsafeBufferPointer { element(tag, bytes: $0, escaping: false) }
    }

    private mutating func element(_ tag: Tag, escaping text: String) {
        text.withUTF8Bytes { element(tag, bytes: $0, escaping: true) }
    }

    /// An element on its own line: indentation, tags and content written in one go.
    private mutating func element(_ tag: Tag, bytes: UnsafeBufferPointer<UInt8>, escaping: Bool) {
        let tabs = depth
        sink.write(atMost: tabs + 2 * Self.longestTag + bytes.count * (escaping ? 5 : 1)) { writer in
            writer.appendTabs(tabs)
            writer.append(static: tag.opening)
            if escaping { writer.append(escapingMarkup: bytes) } else { writer.append(bytes) }
            writer.append(static: tag.closing)
        }
    }

    /// No tag's markup is longer (`</integer>` and a line break).
    private static let longestTag = 12


}
