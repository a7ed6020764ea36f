import Testing

@testable import PropertyLists

@Test func entityDeclarationsAreRefusedSoNothingExpands() {
    let laughs = """
        <?xml version="1.0"?>
        <!DOCTYPE plist [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
        <plist><string>&b;&b;&b;</string></plist>
        """
    #expect(throws: PropertyListError.self) { try XMLPropertyListParser.parse(Array(laughs.utf8)) }
    let external = """
        <?xml version="1.0"?>
        <!DOCTYPE plist [<!ENTITY x SYSTEM "file:///etc/passwd">]>
        <plist><string>&x;</string></plist>
        """
    #expect(throws: PropertyListError.self) { try XMLPropertyListParser.parse(Array(external.utf8)) }
}

@Test func deepNestingIsAnErrorNotACrash() {
    let depth = 100_000
    let xml = "<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</plist>"
    #expect(throws: PropertyListError.self) { try XMLPropertyListParser.parse(Array(xml.utf8)) }
    let json = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    #expect(throws: PropertyListError.self) { try JSONPropertyListParser.parse(Array(json.utf8)) }
}

@Test func invalidUTF8IsAnError() {
    let bytes = Array("<plist><string>".utf8) + [0xFF, 0xFE, 0x41] + Array("</string></plist>".utf8)
    #expect(throws: PropertyListError.self) { try XMLPropertyListParser.parse(bytes) }
}

/// A binary plist whose root array holds itself.
private func cyclicBinaryPlist() -> [UInt8] {
    var bytes = Array("bplist00".utf8)
    bytes += [0xA1, 0x00]  // object 0: array of one element, reference 0
    let tableOffset = bytes.count
    bytes += [0x08]  // offset of object 0
    bytes += [0, 0, 0, 0, 0, 0, 1, 1] + bigEndian(1) + bigEndian(0) + bigEndian(UInt64(tableOffset))
    return bytes
}

private func bigEndian(_ value: UInt64) -> [UInt8] {
    (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (UInt64($0) * 8)) }
}

@Test func binaryCyclesAreRefused() {
    do {
        _ = try BinaryPropertyListReader.parse(cyclicBinaryPlist())
        Issue.record("cycle accepted")
    } catch {
        #expect("\(error)".contains("referenced more than once"))
    }
}
