import Rendering

/// A key press as the reader understands it.
enum Key: Hashable {
    case character(Character)
    case up, down, left, right, pageUp, pageDown
    case enter, escape, backspace
    /// Ctrl-C or Ctrl-D: quit.
    case interrupt
    /// A sequence the reader does not use (function keys, Home…).
    case other
}

/// Turns the bytes a raw-mode terminal sends into keys: UTF-8 characters,
/// control keys, and CSI/SS3 escape sequences (`ESC [ A`, `ESC O C`,
/// `ESC [ 1 ; 5 D`). A sequence cut between two reads is kept until the
/// rest arrives; ``flush()`` turns a lone pending ESC into ``Key/escape``.
struct KeyDecoder {
    private var pending: [UInt8] = []

    /// Decodes newly read bytes.
    mutating func feed(_ bytes: [UInt8]) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            guard let (key, length) = Self.decode(pending[index...]) else { break }
            keys.append(key)
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// Ends an incomplete sequence after a pause: a pending ESC is the
    /// Escape key, anything else is dropped.
    mutating func flush() -> [Key] {
        defer { pending.removeAll() }
        return pending.first == 0x1B ? [.escape] : []
    }

    /// Whether bytes are waiting for the rest of a sequence.
    var hasPending: Bool { !pending.isEmpty }

    /// The key at the start of `bytes` and its length; `nil` when more bytes
    /// are needed.
    private static func decode(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        guard let first = bytes.first else { return nil }
        switch first {
        case 0x1B: return escapeSequence(bytes)
        case 0x03, 0x04: return (.interrupt, 1)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case ..<0x20: return (.other, 1)
        case ..<0x80: return (.character(Character(Unicode.Scalar(first))), 1)
        default: return utf8Character(bytes)
        }
    }

    private static func escapeSequence(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        let introducer = bytes[start + 1]
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else { return (.escape, 1) }
        var index = start + 2
        // Parameter and intermediate bytes, then one final byte.
        while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) { index += 1 }
        guard index < bytes.endIndex else { return bytes.count > 32 ? (.other, bytes.count) : nil }
        let length = index - start + 1
        switch bytes[index] {
        case UInt8(ascii: "A"): return (.up, length)
        case UInt8(ascii: "B"): return (.down, length)
        case UInt8(ascii: "C"): return (.right, length)
        case UInt8(ascii: "D"): return (.left, length)
        case UInt8(ascii: "~") where bytes[start + 2] == UInt8(ascii: "5"): return (.pageUp, length)
        case UInt8(ascii: "~") where bytes[start + 2] == UInt8(ascii: "6"): return (.pageDown, length)
        default: return (.other, length)
        }
    }

    private static func utf8Character(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        let first = bytes[bytes.startIndex]
        let length: Int
        switch first {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (.other, 1)
        }
        guard bytes.count >= length else { return nil }
        let text = String(decoding: bytes.prefix(length), as: UTF8.self)
        guard let character = text.first, text.count == 1, character != "\u{FFFD}" else {
            return (.other, length)
        }
        return (.character(character), length)
    }
}
