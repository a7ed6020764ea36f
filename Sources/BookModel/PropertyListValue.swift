import Foundation

/// A property-list value, kept with its exact plist type so that keys narrate
/// does not interpret survive an import and export unchanged.
public enum PropertyListValue: Hashable, Sendable {
    case string(String)
    /// A plist `<integer>`: signed 64-bit.
    case integer(Int64)
    /// A plist `<real>`: a double.
    case real(Double)
    case boolean(Bool)
    case date(Date)
    case data([UInt8])
    case array([PropertyListValue])
    case dictionary(PropertyListDictionary)

    /// The plist type name, as used in error messages ("expected a number,
    /// found string").
    public var typeName: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .boolean: "boolean"
        case .date: "date"
        case .data: "data"
        case .array: "array"
        case .dictionary: "dictionary"
        }
    }

    /// The value as a double when it is an integer or a real.
    public var numberValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        default: nil
        }
    }
}

/// A plist dictionary that keeps its keys in the order they were read (or
/// added). Two dictionaries are equal when they hold the same key–value pairs,
/// whatever their order. Lookups are linear: plist dictionaries are small.
public struct PropertyListDictionary: Hashable, Sendable, ExpressibleByDictionaryLiteral, Sequence {
    /// One key and its value.
    public struct Entry: Hashable, Sendable {
        public var key: String
        public var value: PropertyListValue
        public init(key: String, value: PropertyListValue) {
            self.key = key
            self.value = value
        }
    }

    /// The entries in insertion order; keys are unique.
    public private(set) var entries: [Entry]

    public init() { entries = [] }

    /// An empty dictionary with room for `capacity` entries.
    public init(minimumCapacity capacity: Int) {
        entries = []
        entries.reserveCapacity(capacity)
    }

    public init(dictionaryLiteral elements: (String, PropertyListValue)...) {
        entries = []
        for (key, value) in elements { self[key] = value }
    }

    public var isEmpty: Bool { entries.isEmpty }
    public var count: Int { entries.count }
    public var keys: [String] { entries.map(\.key) }

    /// The value for `key`; setting `nil` removes the key, setting a key that
    /// exists replaces its value in place.
    public subscript(key: String) -> PropertyListValue? {
        get { entries.first { $0.key == key }?.value }
        set {
            let index = entries.firstIndex { $0.key == key }
            switch (index, newValue) {
            case (let index?, let value?): entries[index].value = value
            case (let index?, nil): entries.remove(at: index)
            case (nil, let value?): entries.append(Entry(key: key, value: value))
            case (nil, nil): break
            }
        }
    }

    public func makeIterator() -> IndexingIterator<[Entry]> { entries.makeIterator() }

    /// Entries sorted by key, the order Apple's writers use.
    public var sortedEntries: [Entry] { entries.sorted { $0.key < $1.key } }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && lhs.sortedEntries == rhs.sortedEntries
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(sortedEntries)
    }
}
