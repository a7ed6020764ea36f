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
