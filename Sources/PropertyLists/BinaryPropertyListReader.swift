import BookModel
import Foundation

/// Reads Apple's binary property lists (`bplist00`) from bytes.
///
/// Every offset, length and object reference is checked against the buffer
/// before use. A container may be referenced only once (Apple's writers never
/// share containers), which rules out both cycles and the exponential blow-up
/// of a hostile file that nests one shared array in itself many times.
public struct BinaryPropertyListReader {
    package let bytes: UnsafeBufferPointer<UInt8>
    private let offsetSize: Int
    package let referenceSize: Int
    private let objectCount: Int
    private let offsetTable: Int
    package var containerSeen: [Bool]
    package var depth = 0

    /// Parses a whole binary plist into its root value.
    public static func parse(_ data: [UInt8]) throws(PropertyListError) -> PropertyListValue {
        let result: Result<PropertyListValue, PropertyListError> = data.withUnsafeBufferPointer { bytes in
            do throws(PropertyListError) {
                var reader = try BinaryPropertyListReader(bytes: bytes)
                let top = try reader.trailerTopObject()
                return .success(try reader.object(top))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// A reader over `bytes`, which must outlive it; checks the header and trailer.
    package init(bytes: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
        guard bytes.count >= 40, bytes.starts(with: "bplist00".utf8) else {
            throw Self.error(nil, "not a binary plist (bad header or too short)")
        }
        self.bytes = bytes
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        let count = Self.bigEndian(bytes[(trailer + 8)..<(trailer + 16)])
        let table = Self.bigEndian(bytes[(trailer + 24)..<(trailer + 32)])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), count > 0,
            count <= UInt64(bytes.count), table >= 8, table < UInt64(trailer),
            UInt64(trailer) - table >= count * UInt64(offsetSize)
        else { throw Self.error(nil, "corrupt trailer") }
        objectCount = Int(count)
        offsetTable = Int(table)
        containerSeen = Array(repeating: false, count: objectCount)
    }

    package func trailerTopObject() throws(PropertyListError) -> Int {
        let trailer = bytes.count - 32
        let top = Self.bigEndian(bytes[(trailer + 16)..<(trailer + 24)])
        guard top < UInt64(objectCount) else { throw Self.error(nil, "top object \(top) does not exist") }
        return Int(top)
    }

    // MARK: Objects

    package mutating func object(_ reference: Int) throws(PropertyListError) -> PropertyListValue {
        let offset = try offset(of: reference)
        let marker = bytes[offset]
        let info = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return .boolean(false)
            case 0x09: return .boolean(true)
            default: throw Self.error(reference, "unsupported object type 0x\(String(marker, radix: 16))")
            }
        case 0x1: return .integer(try integer(at: offset + 1, log2Size: info, reference))
        case 0x2: return .real(try real(at: offset + 1, log2Size: info, reference))
        case 0x3:
            guard marker == 0x33 else { throw Self.error(reference, "bad date marker") }
            let seconds = Double(bitPattern: Self.bigEndian(try slice(offset + 1, 8, reference)))
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        case 0x4:
            let (start, length) = try lengthAndStart(offset, info, reference)
            return .data(Array(try slice(start, length, reference)))
        case 0x5:
            let (start, length) = try lengthAndStart(offset, info, reference)
            return .string(String(decoding: UnsafeBufferPointer(rebasing: try slice(start, length, reference)), as: UTF8.self))
        case 0x6:
            let (start, length) = try lengthAndStart(offset, info, reference)
            return .string(try utf16String(start, length, reference))
        case 0xA: return .array(try array(offset, info, reference))
        case 0xD: return .dictionary(try dictionary(offset, info, reference))
        default:
            throw Self.error(reference, "unsupported object type 0x\(String(marker, radix: 16))")
        }
    }

    private mutating func array(_ offset: Int, _ info: Int, _ reference: Int) throws(PropertyListError) -> [PropertyListValue] {
        let (start, count) = try enterContainer(offset, info, reference, referencesPerEntry: 1)
        defer { depth -= 1 }
        var items: [PropertyListValue] = []
        items.reserveCapacity(count)
        for index in 0..<count {
            items.append(try object(try objectReference(at: start + index * referenceSize)))
        }
        return items
    }

    private mutating func dictionary(_ offset: Int, _ info: Int, _ reference: Int) throws(PropertyListError)
        -> PropertyListDictionary
    {
        let (start, count) = try enterContainer(offset, info, reference, referencesPerEntry: 2)
        defer { depth -= 1 }
        var dictionary = PropertyListDictionary(minimumCapacity: count)
        for index in 0..<count {
            let keyReference = try objectReference(at: start + index * referenceSize)
            guard case .string(let key) = try object(keyReference) else {
                throw Self.error(reference, "dictionary key is not a string")
            }
            dictionary[key] = try object(try objectReference(at: start + (count + index) * referenceSize))
        }
        return dictionary
    }

    package mutating func enterContainer(_ offset: Int, _ info: Int, _ reference: Int, referencesPerEntry: Int)
        throws(PropertyListError) -> (start: Int, count: Int)
    {
        guard !containerSeen[reference] else {
            throw Self.error(reference, "container referenced more than once (cycle or shared container)")
        }
        containerSeen[reference] = true
        depth += 1
        guard depth <= XMLPropertyListParser.maximumDepth else { throw Self.error(reference, "nesting too deep") }
        let (start, count) = try lengthAndStart(offset, info, reference)
        guard count <= (bytes.count - start) / (referencesPerEntry * referenceSize) else {
            throw Self.error(reference, "container of \(count) entries runs past the end of the file")
        }
        return (start, count)
    }

    // MARK: Scalars

    private func integer(at start: Int, log2Size: Int, _ reference: Int) throws(PropertyListError) -> Int64 {
        guard log2Size <= 4 else { throw Self.error(reference, "bad integer size") }
        let size = 1 << log2Size
        let field = try slice(start, size, reference)
        if size == 16 {
            // 128-bit integers: only values that fit in 64 bits are supported.
            let high = Self.bigEndian(field.prefix(8))
            guard high == 0 || high == UInt64.max else { throw Self.error(reference, "integer out of range") }
            return Int64(bitPattern: Self.bigEndian(field.suffix(8)))
        }
        let value = Self.bigEndian(field)
        // 1, 2 and 4-byte integers are unsigned; 8-byte ones are signed.
        return size == 8 ? Int64(bitPattern: value) : Int64(value)
    }

    private func real(at start: Int, log2Size: Int, _ reference: Int) throws(PropertyListError) -> Double {
        switch log2Size {
        case 2: return Double(Float(bitPattern: UInt32(Self.bigEndian(try slice(start, 4, reference)))))
        case 3: return Double(bitPattern: Self.bigEndian(try slice(start, 8, reference)))
        default: throw Self.error(reference, "bad real size")
        }
    }

    private func utf16String(_ start: Int, _ length: Int, _ reference: Int) throws(PropertyListError) -> String {
        guard length <= Int.max / 2 else { throw Self.error(reference, "string too long") }
        let field = try slice(start, length * 2, reference)
        var units: [UInt16] = []
        units.reserveCapacity(length)
        var index = field.startIndex
        while index < field.endIndex {
            units.append(UInt16(field[index]) << 8 | UInt16(field[index + 1]))
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// The start of an object's payload and its length, read from the marker's
    /// low nibble or, when that is 0xF, from the integer object after it.
    private func lengthAndStart(_ offset: Int, _ info: Int, _ reference: Int) throws(PropertyListError) -> (Int, Int) {
        guard info == 0x0F else { return (offset + 1, info) }
        let marker = try slice(offset + 1, 1, reference)[offset + 1]
        guard marker >> 4 == 0x1, marker & 0x0F <= 3 else { throw Self.error(reference, "bad length field") }
        let size = 1 << Int(marker & 0x0F)
        let length = Self.bigEndian(try slice(offset + 2, size, reference))
        guard length <= UInt64(bytes.count) else { throw Self.error(reference, "length \(length) exceeds the file") }
        return (offset + 2 + size, Int(length))
    }

    // MARK: Bounds-checked access

    package func offset(of reference: Int) throws(PropertyListError) -> Int {
        guard reference >= 0, reference < objectCount else {
            throw Self.error(nil, "reference to object \(reference), but there are \(objectCount)")
        }
        let entry = offsetTable + reference * offsetSize
        let offset = Self.bigEndian(bytes[entry..<(entry + offsetSize)])
        guard offset >= 8, offset < UInt64(offsetTable) else { throw Self.error(reference, "offset out of bounds") }
        return Int(offset)
    }

    package func objectReference(at position: Int) throws(PropertyListError) -> Int {
        Int(Self.bigEndian(try slice(position, referenceSize, nil)))
    }

    private func slice(_ start: Int, _ count: Int, _ reference: Int?) throws(PropertyListError) -> Slice<UnsafeBufferPointer<UInt8>> {
        guard start >= 0, count >= 0, start <= bytes.count, count <= bytes.count - start else {
            throw Self.error(reference, "object runs past the end of the file")
        }
        return bytes[start..<(start + count)]
    }

    private static func bigEndian(_ field: Slice<UnsafeBufferPointer<UInt8>>) -> UInt64 {
        var value: UInt64 = 0
        var index = field.startIndex
        while index < field.endIndex {
            value = value << 8 | UInt64(field.base[index])
            index += 1
        }
        return value
    }

    package static func error(_ reference: Int?, _ message: String) -> PropertyListError {
        .malformed(format: "binary plist", location: reference.map { "object \($0)" }, message: message)
    }
}
