import BookModel
import Foundation

/// A scalar as the binary format uniques it: equal strings, numbers and so on
/// are stored once and referenced from every container that holds them.
package enum BinaryScalar: Hashable {
    case string(ExactString)
    case integer(Int64)
    case real(UInt64)  // bit pattern, so -0.0 and NaN are told apart and equal to themselves
    case boolean(Bool)
    case date(UInt64)
    case data([UInt8])
}

/// A string compared and hashed by its UTF-8 bytes. `String` compares by
/// canonical equivalence (and hashes its NFC form, costly beyond ASCII), so
/// uniquing by `String` stored "é" and "e\u{301}" as one object: the second
/// spelling came back as the first.
package struct ExactString: Hashable {
    package var value: String

    package init(_ value: String) { self.value = value }

    package static func == (left: ExactString, right: ExactString) -> Bool {
        guard left.value.utf8.count == right.value.utf8.count else { return false }
        let same = left.value.utf8.withContiguousStorageIfAvailable { leftBytes in
            right.value.utf8.withContiguousStorageIfAvailable { rightBytes in
                guard let leftBase = leftBytes.baseAddress, let rightBase = rightBytes.baseAddress else { return true }
                return memcmp(leftBase, rightBase, leftBytes.count) == 0
            }
        }
        return (same ?? nil) ?? left.value.utf8.elementsEqual(right.value.utf8)
    }

    /// The UTF-8 bytes hashed as one buffer, copied into one first when the
    /// string does not store them so, so that equal bytes always hash alike.
    package func hash(into hasher: inout Hasher) {
        let hashed: Void? = value.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil { Array(value.utf8).withUnsafeBytes { hasher.combine(bytes: $0) } }
    }
}

/// First pass of a binary export: counts the objects the file will hold
/// (every container plus every distinct scalar), which fixes the width of
/// object references before anything is written.
public struct BinaryPropertyListCounter: PropertyListEmitter {
    private var scalars = Set<BinaryScalar>()
    private var containers = 0

    public init() {}

    /// Objects counted so far.
    public var objectCount: Int { scalars.count + containers }

    public mutating func beginDictionary(count: Int) throws { containers += 1 }
    public mutating func endDictionary() throws {}
    public mutating func beginArray(count: Int) throws { containers += 1 }
    public mutating func endArray() throws {}
    public mutating func key(_ key: String) throws { scalars.insert(.string(ExactString(key))) }
    public mutating func string(_ value: String) throws { scalars.insert(.string(ExactString(value))) }
    public mutating func integer(_ value: Int64) throws { scalars.insert(.integer(value)) }
    public mutating func real(_ value: Double) throws { scalars.insert(.real(value.bitPattern)) }
    public mutating func boolean(_ value: Bool) throws { scalars.insert(.boolean(value)) }
    public mutating func date(_ value: Date) throws {
        scalars.insert(.date(value.timeIntervalSinceReferenceDate.bitPattern))
    }
    public mutating func data(_ value: [UInt8]) throws { scalars.insert(.data(value)) }
    public mutating func finish() throws {}
}

/// Second pass of a binary export: writes `bplist00` objects as they complete
/// (children before their container), then the offset table and trailer.
/// Memory grows with the number of objects (one offset each) and distinct
/// scalars, not with the size of the text.
public struct BinaryPropertyListEmitter: PropertyListEmitter {
    private var sink: ByteSink
    private let referenceSize: Int
    private var offsets: [Int] = []
    private var uniqued: [BinaryScalar: Int] = [:]
    /// Open containers: their key references (dictionaries) and value references.
    private var frames: [(isDictionary: Bool, keys: [Int], values: [Int])] = []
    private var top = 0

    /// - Parameter objectCount: the count from ``BinaryPropertyListCounter``
    ///   for the same events.
    public init(sink: ByteSink, objectCount: Int) {
        self.sink = sink
        referenceSize = Self.byteWidth(of: UInt64(max(objectCount, 1)))
        self.sink.append(Array("bplist00".utf8))
    }

    public mutating func beginDictionary(count: Int) throws {
        frames.append((true, Array(reservingCapacity: count), Array(reservingCapacity: count)))
    }

    public mutating func beginArray(count: Int) throws {
        frames.append((false, [], Array(reservingCapacity: count)))
    }

    public mutating func endDictionary() throws { try endContainer(marker: 0xD0) }
    public mutating func endArray() throws { try endContainer(marker: 0xA0) }

    public mutating func key(_ key: String) throws {
        let reference = scalarReference(.string(ExactString(key)))
        frames[frames.count - 1].keys.append(reference)
    }

    public mutating func string(_ value: String) throws { add(scalarReference(.string(ExactString(value)))) }
    public mutating func integer(_ value: Int64) throws { add(scalarReference(.integer(value))) }
    public mutating func real(_ value: Double) throws { add(scalarReference(.real(value.bitPattern))) }
    public mutating func boolean(_ value: Bool) throws { add(scalarReference(.boolean(value))) }
    public mutating func date(_ value: Date) throws {
        add(scalarReference(.date(value.timeIntervalSinceReferenceDate.bitPattern)))
    }
    public mutating func data(_ value: [UInt8]) throws { add(scalarReference(.data(value))) }

    public mutating func finish() throws {
        let tableOffset = sink.count
        let offsetSize = Self.byteWidth(of: UInt64(tableOffset))
        sink.write(atMost: offsets.count * offsetSize) { writer in
            for offset in offsets { writer.appendBigEndian(UInt64(offset), width: offsetSize) }
        }
        sink.append([0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)])
        appendBigEndian(UInt64(offsets.count), width: 8)
        appendBigEndian(UInt64(top), width: 8)
        appendBigEndian(UInt64(tableOffset), width: 8)
        try sink.finish()
    }

    // MARK: Objects

    private mutating func endContainer(marker: UInt8) throws {
        guard let frame = frames.popLast() else { return }
        let reference = beginObject()
        appendMarker(marker, length: frame.values.count)
        let width = referenceSize
        sink.write(atMost: (frame.keys.count + frame.values.count) * width) { writer in
            for key in frame.keys { writer.appendBigEndian(UInt64(key), width: width) }
            for value in frame.values { writer.appendBigEndian(UInt64(value), width: width) }
        }
        add(reference)
        try sink.flushIfFull()
    }

    private mutating func add(_ reference: Int) {
        if frames.isEmpty { top = reference } else { frames[frames.count - 1].values.append(reference) }
    }

    private mutating func scalarReference(_ scalar: BinaryScalar) -> Int {
        if let existing = uniqued[scalar] { return existing }
        let reference = beginObject()
        write(scalar)
        uniqued[scalar] = reference
        return reference
    }

    private mutating func beginObject() -> Int {
        offsets.append(sink.count)
        return offsets.count - 1
    }

    private mutating func write(_ scalar: BinaryScalar) {
        switch scalar {
        case .boolean(let value): sink.append(value ? 0x09 : 0x08)
        case .integer(let value): appendInteger(value)
        case .real(let bits):
            sink.append(0x23)
            appendBigEndian(bits, width: 8)
        case .date(let bits):
            sink.append(0x33)
            appendBigEndian(bits, width: 8)
        case .data(let bytes):
            appendMarker(0x40, length: bytes.count)
            sink.append(bytes)
        case .string(let string): appendString(string.value)
        }
    }

    /// ASCII as it is; anything else as UTF-16, big-endian, transcoded from
    /// the scalars (`String.utf16` of a native string walks breadcrumbs).
    private mutating func appendString(_ string: String) {
        if string.isASCII {
            appendMarker(0x50, length: string.utf8.count)
            sink.append(string)
            return
        }
        let scalars = string.unicodeScalars
        let units = scalars.reduce(0) { $0 + ($1.value > 0xFFFF ? 2 : 1) }
        appendMarker(0x60, length: units)
        sink.write(atMost: units * 2) { writer in
            for scalar in scalars {
                if scalar.value > 0xFFFF {
                    let value = scalar.value - 0x10000
                    writer.appendBigEndian(UInt64(0xD800 + (value >> 10)), width: 2)
                    writer.appendBigEndian(UInt64(0xDC00 + (value & 0x3FF)), width: 2)
                } else {
                    writer.appendBigEndian(UInt64(scalar.value), width: 2)
                }
            }
        }
    }

    /// Non-negative integers in the fewest of 1, 2, 4 or 8 bytes; negative
    /// ones in 8 (the format reads shorter integers as unsigned).
    private mutating func appendInteger(_ value: Int64) {
        let width = value < 0 ? 8 : Self.byteWidth(of: UInt64(value))
        let log2Width: UInt8 = width == 1 ? 0 : width == 2 ? 1 : width <= 4 ? 2 : 3
        sink.append(0x10 | log2Width)
        appendBigEndian(UInt64(bitPattern: value), width: 1 << Int(log2Width))
    }

    private mutating func appendMarker(_ marker: UInt8, length: Int) {
        if length < 15 {
            sink.append(marker | UInt8(length))
        } else {
            sink.append(marker | 0x0F)
            appendInteger(Int64(length))
        }
    }

    private mutating func appendBigEndian(_ value: UInt64, width: Int) {
        sink.write(atMost: width) { $0.appendBigEndian(value, width: width) }
    }

    /// Bytes needed for an unsigned value: 1, 2, 4 or 8.
    package static func byteWidth(of value: UInt64) -> Int {
        value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
    }
}

extension Array {
    fileprivate init(reservingCapacity capacity: Int) {
        self.init()
        reserveCapacity(capacity)
    }
}
