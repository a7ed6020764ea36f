import PropertyLists
import Testing

/// Integers in decimal, written in place: every digit count, both signs and
/// the two ends of `Int64`, as Swift prints them.
@Test func writesEveryIntegerAsSwiftPrintsIt() {
    var values: [Int64] = [0, Int64.max, Int64.min, Int64.min + 1]
    var power: Int64 = 1
    for _ in 0...18 {
        values += [power, power - 1, power + 1, -power, -(power - 1), 9 * power]
        if power <= Int64.max / 10 { power *= 10 }
    }
    var storage: [UInt8] = []
    var sink = ByteSink.collecting(takingStorageOf: &storage)
    for value in values {
        sink.appendDecimal(value)
        sink.append(UInt8(ascii: " "))
    }
    let written = String(decoding: sink.takeBytes(), as: UTF8.self)
    #expect(written == values.map { String($0) + " " }.joined())
}

/// Reals that are whole thousandths (every prosody value) are written from
/// their count of thousandths, byte for byte as the general formatter
/// writes them: every value from -100 to 100 in steps of 0.001, then
/// random ones up to a million; other values go through the formatter.
@Test func writesThousandthsAsTheFormatterDoes() throws {
    var generator = SystemRandomNumberGenerator()
    let counts = Array(Int64(-100_000)...100_000)
        + (0..<20_000).map { _ in Int64.random(in: -999_999_999...999_999_999, using: &generator) }
    var storage: [UInt8] = []
    var sink = ByteSink.collecting(takingStorageOf: &storage)
    for count in counts {
        let thousandths = try #require(XMLPropertyListEmitter.thousandths(Double(count) / 1000))
        #expect(thousandths == count)
        sink.write(atMost: 24) { $0.appendThousandths(thousandths) }
        sink.append(UInt8(ascii: " "))
    }
    let written = String(decoding: sink.takeBytes(), as: UTF8.self).split(separator: " ")
    try #require(written.count == counts.count)
    var mismatches: [String] = []
    for (count, text) in zip(counts, written) where text != XMLPropertyListEmitter.format(Double(count) / 1000) {
        mismatches.append("\(count): \(text) ≠ \(XMLPropertyListEmitter.format(Double(count) / 1000))")
    }
    #expect(mismatches.first == nil, "\(mismatches.count) values differ")
    for other in [0.1234, 1.0 / 3, 0.0005, 1e-7, 1_000_000.5, 2e15, .nan, .infinity, -.infinity] {
        #expect(XMLPropertyListEmitter.thousandths(other) == nil, "\(other)")
    }
    #expect(XMLPropertyListEmitter.thousandths(-0.0) == 0)
    #expect(XMLPropertyListEmitter.format(-0.0) == "0")
}
