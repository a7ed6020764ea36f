import Importers
import Testing

/// The eight-bytes-a-step scan for what may start a note marker, against
/// the definition read one byte at a time, on random byte strings of every
/// length and alignment, rich in the bytes that matter: `[`, `(`, digits,
/// B0–B9 after C2 or E2 81, their neighbours, and ordinary letters.
@Test func noteMarkerScanAgreesWithTheByteByByteDefinition() {
    let alphabet: [UInt8] = [0x5B, 0x28, 0x5A, 0x5C, 0x27, 0x29, 0x2F, 0x30, 0x35, 0x39, 0x3A, 0xAF, 0xB0, 0xB2, 0xB3,
        0xB4, 0xB9, 0xBA, 0xC2, 0xE2, 0x81, 0x80, 0x20, 0x61, 0x65, 0x74, 0xDB, 0xA8, 0x00, 0xFF]
    var generator = SystemRandomNumberGenerator()
    var disagreements = 0
    var found = 0
    for round in 0..<20_000 {
        let length = round % 40
        // Mostly letters, so that strings with no candidate at all are common too.
        let bytes: [UInt8] = (0..<length).map { _ in
            Int.random(in: 0..<4, using: &generator) == 0 ? alphabet.randomElement(using: &generator)! : 0x61
        }
        let expected = startsAMarker(bytes)
        found += expected ? 1 : 0
        let scanned = bytes.withUnsafeBufferPointer(SilentNoteMarkers.mayHoldMarker)
        if scanned != expected { disagreements += 1 }
    }
    #expect(disagreements == 0)
    #expect(found > 1_000 && found < 19_000)  // both answers were tested often
}

/// A byte that may start a marker: `[`, `(` or an ASCII digit, or the last
/// byte of `¹²³` (C2 B9/B2/B3) or of `⁰⁴⁵⁶⁷⁸⁹` (E2 81 B0/B4–B9).
private func startsAMarker(_ bytes: [UInt8]) -> Bool {
    bytes.indices.contains { index in
        let byte = bytes[index]
        if byte == 0x5B || byte == 0x28 || (0x30...0x39).contains(byte) { return true }
        if index >= 1, bytes[index - 1] == 0xC2, [0xB2, 0xB3, 0xB9].contains(byte) { return true }
        return index >= 2 && bytes[index - 2] == 0xE2 && bytes[index - 1] == 0x81
            && (byte == 0xB0 || (0xB4...0xB9).contains(byte))
    }
}
