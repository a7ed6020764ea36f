import BookModel
import Foundation

/// Writes an XML property list in Apple's layout: the standard header and
/// DOCTYPE, one element per line, tab indentation, `<dict/>` for empty
/// containers.
public struct XMLPropertyListEmitter: PropertyListEmitter {
    private var sink: ByteSink
    private var depth = 0

    public init(sink: ByteSink) {
        self.sink = sink
        self.sink.append(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """)
    }

    public mutating func beginDictionary(count: Int) throws { try open("dict", empty: count == 0) }
    public mutating func endDictionary() throws { try close("dict") }
    public mutating func beginArray(count: Int) throws { try open("array", empty: count == 0) }
    public mutating func endArray() throws { try close("array") }
    public mutating func key(_ key: String) throws { element("key", escaping: key) }
    public mutating func string(_ value: String) throws { element("string", escaping: value) }
    public mutating func integer(_ value: Int64) throws { element("integer", raw: String(value)) }
    public mutating func real(_ value: Double) throws { element("real", raw: Self.format(value)) }
    public mutating func boolean(_ value: Bool) throws {
        indent()
        sink.append(value ? "<true/>\n" : "<false/>\n")
    }
    public mutating func date(_ value: Date) throws { element("date", raw: PropertyListDate.format(value)) }

    public mutating func data(_ value: [UInt8]) throws {
        element("data", raw: Data(value).base64EncodedString())
    }

    public mutating func finish() throws {
        sink.append("</plist>\n")
        try sink.finish()
    }

    /// Reals as Apple writes them: integral values without a fraction, others
    /// in the shortest form that reads back exactly.
    static func format(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-infinity" : "+infinity" }
        return BookDump.format(value)
    }

    private var openedEmpty: [Bool] = []

    private mutating func open(_ name: String, empty: Bool) throws {
        indent()
        sink.append(empty ? "<\(name)/>\n" : "<\(name)>\n")
        openedEmpty.append(empty)
        if !empty { depth += 1 }
    }

    private mutating func close(_ name: String) throws {
        guard openedEmpty.popLast() == false else { return }
        depth -= 1
        indent()
        sink.append("</\(name)>\n")
        try sink.flushIfFull()
    }

    private mutating func element(_ name: StaticString, raw: String) {
        indent()
        appendTag(name, closing: false)
        sink.append(raw)
        appendTag(name, closing: true)
    }

    private mutating func element(_ name: StaticString, escaping text: String) {
        indent()
        appendTag(name, closing: false)
        Self.appendEscaped(text, to: &sink)
        appendTag(name, closing: true)
    }

    /// `<name>`, or `</name>` and a line break.
    private mutating func appendTag(_ name: StaticString, closing: Bool) {
        sink.append(UInt8(ascii: "<"))
        if closing { sink.append(UInt8(ascii: "/")) }
        sink.append(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        sink.append(UInt8(ascii: ">"))
        if closing { sink.append(0x0A) }
    }

    private static let tabs = [UInt8](repeating: 0x09, count: 64)

    private mutating func indent() {
        if depth <= Self.tabs.count {
            sink.append(Self.tabs[0..<depth])
        } else {
            sink.append([UInt8](repeating: 0x09, count: depth))
        }
    }

    static func appendEscaped(_ text: String, to sink: inout ByteSink) {
        if !text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }) {
            sink.append(text)
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): sink.append("&amp;")
            case UInt8(ascii: "<"): sink.append("&lt;")
            case UInt8(ascii: ">"): sink.append("&gt;")
            default: sink.append(byte)
            }
        }
    }
}
