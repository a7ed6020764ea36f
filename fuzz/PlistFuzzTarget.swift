// libFuzzer entry point for the plist readers: any bytes must give a book or
// an ImportError, never a crash, hang or runaway allocation.
// Built and run by fuzz/run.sh, not by the package.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for format in [InputFormat.xmlPropertyList, .binaryPropertyList, .jsonPropertyList] {
        if let result = try? NarratedPlistReader.read(bytes: bytes, format: format) {
            _ = try? NarratedPlistWriter.bytes(of: result.book, format: .binary)
        }
    }
    return 0
}
