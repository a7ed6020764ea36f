import BookModel
import Foundation

/// Writes the JSON form of a property list, indented by two spaces. Reals
/// always carry a fraction or exponent so they read back as reals; dates
/// become ISO 8601 strings and data base64 strings (those two do not round
/// trip as their own types). NaN and infinities cannot be written.
public struct JSONPropertyListEmitter: PropertyListEmitter {
    private var sink: ByteSink
    private var depth = 0
    /// Per open container: whether it has had an entry yet.
    private var hasEntries: [Bool] = []
    private var afterKey = false

    public init(sink: ByteSink) {
        self.sink = sink
    }

    public mutating func beginDictionary(count: Int) throws { open("{") }
    public mutating func endDictionary() throws { try close("}") }
    public mutating func beginArray(count: Int) throws { open("[") }
    public mutating func endArray() throws { try close("]") }

    public mutating func key(_ key: String) throws {
        separate()
        Self.appendQuoted(key, to: &sink)
        sink.append(": ")
        afterKey = true
    }

    public mutating func string(_ value: String) throws {
        prepareValue()
        Self.appendQuoted(value, to: &sink)
    }

    public mutating func integer(_ value: Int64) throws {
        prepareValue()
        sink.appendDecimal(value)
    }

    public mutating func boolean(_ value: Bool) throws {
        prepareValue()
        sink.append(value ? "true" : "false")
    }

    public mutating func date(_ value: Date) throws { try string(PropertyListDate.format(value)) }
    public mutating func data(_ value: [UInt8]) throws { try string(Data(value).base64EncodedString()) }

    public mutating func real(_ value: Double) throws {
        guard value.isFinite else {
            throw PropertyListError.unsupported("JSON cannot hold the real number \(value); use --format xml or binary")
        }
        var text = String(value)  // shortest round-trip form: "1.0", "0.1", "1e-07"
        if !text.contains(where: { $0 == "." || $0 == "e" }) { text += ".0" }
        prepareValue()
        sink.append(text)
    }

    public mutating func finish() throws {
        sink.append("\n")
        try sink.finish()
    }

    private mutating func open(_ bracket: String) {
        prepareValue()
        sink.append(bracket)
        hasEntries.append(false)
        depth += 1
    }

    private mutating func close(_ bracket: String) throws {
        depth -= 1
        if hasEntries.popLast() == true { newline() }
        sink.append(bracket)
        try sink.flushIfFull()
    }

    /// Separates a value from what precedes it (nothing after a key).
    private mutating func prepareValue() {
        if afterKey { afterKey = false } else { separate() }
    }

    /// Writes the comma and line break before an entry of the open container.
    private mutating func separate() {
        guard let last = hasEntries.indices.last else { return }
        if hasEntries[last] { sink.append(",") }
        hasEntries[last] = true
        newline()
    }

    private mutating func newline() {
        sink.append(0x0A)
        for _ in 0..<depth { sink.append("  ") }
    }

    package static func appendQuoted(_ text: String, to sink: inout ByteSink) {
        sink.append(0x22)
        sink.append(text) { byte in
            switch byte {
            case 0x22: "\\\""
            case 0x5C: "\\\\"
            case 0x0A: "\\n"
            case 0x0D: "\\r"
            case 0x09: "\\t"
            case 0..<0x20: controlEscapes[Int(byte)]
            default: nil
            }
        }
        sink.append(0x22)
    }

    /// `\\u0000` … `\\u001f`.
    private static let controlEscapes: [StaticString] = [
        "\\u0000", "\\u0001", "\\u0002", "\\u0003", "\\u0004", "\\u0005", "\\u0006", "\\u0007", "\\u0008", "\\u0009", "\\u000a", "\\u000b", "\\u000c", "\\u000d", "\\u000e", "\\u000f", "\\u0010", "\\u0011", "\\u0012", "\\u0013", "\\u0014", "\\u0015", "\\u0016", "\\u0017", "\\u0018", "\\u0019", "\\u001a", "\\u001b", "\\u001c", "\\u001d", "\\u001e", "\\u001f",
    ]
}
