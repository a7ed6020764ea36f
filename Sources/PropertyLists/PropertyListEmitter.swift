import BookModel
import Foundation

/// Receives a property list as a stream of events, so a writer never needs the
/// whole document as a tree. Containers announce their size up front.
public protocol PropertyListEmitter {
    mutating func beginDictionary(count: Int) throws
    /// The key of the next dictionary entry; its value follows.
    mutating func key(_ key: String) throws
    /// A key fixed when narrate is built: ASCII letters only, so a writer
    /// may copy it as it is, with no escaping to check for.
    mutating func key(static key: StaticString) throws
    /// A dictionary entry with a key of ``key(static:)`` and its value, in
    /// one step (the same as the key, then the value).
    mutating func entry(static key: StaticString, integer value: Int64) throws
    mutating func entry(static key: StaticString, real value: Double) throws
    mutating func entry(static key: StaticString, string value: String) throws
    mutating func entry(static key: StaticString, utf8 value: UnsafeBufferPointer<UInt8>) throws
    mutating func endDictionary() throws
    mutating func beginArray(count: Int) throws
    mutating func endArray() throws
    mutating func string(_ value: String) throws
    /// A string given as valid UTF-8 (part of a longer text), which a
    /// writer may copy without making a `String` of it.
    mutating func string(utf8 value: UnsafeBufferPointer<UInt8>) throws
    mutating func integer(_ value: Int64) throws
    mutating func real(_ value: Double) throws
    mutating func boolean(_ value: Bool) throws
    mutating func date(_ value: Date) throws
    mutating func data(_ value: [UInt8]) throws
    /// Called once after the root value.
    mutating func finish() throws
    /// Emits the items of an array that do not depend on one another, each
    /// with `emitItem`; an emitter may render them concurrently, as long as
    /// the result is the same as emitting them in order.
    mutating func independentItems<Item>(_ items: [Item], _ emitItem: (Item, inout Self) throws -> Void) throws
    /// Emits what `emit` emits, which must depend on nothing but `key` and
    /// must leave the nesting as it found it (whole entries or values); an
    /// emitter may render it once and copy its bytes when the same key
    /// comes again at the same depth.
    mutating func repeatable(_ key: RepeatKey, _ emit: (inout Self) throws -> Void) throws
}

extension PropertyListEmitter {
    public mutating func key(static key: StaticString) throws {
        try self.key(key.description)
    }

    public mutating func string(utf8 value: UnsafeBufferPointer<UInt8>) throws {
        try string(String(decoding: value, as: UTF8.self))
    }

    public mutating func entry(static key: StaticString, integer value: Int64) throws {
        try self.key(static: key)
        try integer(value)
    }

    public mutating func entry(static key: StaticString, real value: Double) throws {
        try self.key(static: key)
        try real(value)
    }

    public mutating func entry(static key: StaticString, string value: String) throws {
        try self.key(static: key)
        try string(value)
    }

    public mutating func entry(static key: StaticString, utf8 value: UnsafeBufferPointer<UInt8>) throws {
        try self.key(static: key)
        try string(utf8: value)
    }

    public mutating func independentItems<Item>(_ items: [Item], _ emitItem: (Item, inout Self) throws -> Void) throws {
        for item in items { try emitItem(item, &self) }
    }

    public mutating func repeatable(_ key: RepeatKey, _ emit: (inout Self) throws -> Void) throws {
        try emit(&self)
    }
}

extension PropertyListEmitter {
    /// Emits a whole value, dictionaries with their keys sorted.
    public mutating func value(_ value: PropertyListValue) throws {
        switch value {
        case .string(let string): try self.string(string)
        case .integer(let integer): try self.integer(integer)
        case .real(let real): try self.real(real)
        case .boolean(let bool): try boolean(bool)
        case .date(let date): try self.date(date)
        case .data(let bytes): try data(bytes)
        case .array(let items):
            try beginArray(count: items.count)
            for item in items { try self.value(item) }
            try endArray()
        case .dictionary(let dictionary):
            try beginDictionary(count: dictionary.count)
            for entry in dictionary.sortedEntries {
                try key(entry.key)
                try self.value(entry.value)
            }
            try endDictionary()
        }
    }
}

/// The output formats of `narrate import --format`.
public enum PropertyListFormat: String, CaseIterable, Sendable {
    /// Apple's XML plist, with its header and tab-indented layout.
    case xml
    /// Apple's binary plist (`bplist00`).
    case binary
    /// JSON with the same structure (dates and data become strings).
    case json
}
