// libFuzzer entry point for the plist readers: any bytes must give a book or
// an ImportError, never a crash, hang or runaway allocation; a book read
// must also write back as a binary plist.
// Built and run by fuzz/run.sh, not by the package.
import BookFiles
import Exporters
import Importers

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for format in [InputFormat.xmlPropertyList, .binaryPropertyList, .jsonPropertyList] {
        guard let stream = try? NarratedPlistPageStream(source: MemoryByteSource(bytes), format: format),
            let book = try? BookImporter.drain(stream)
        else { continue }
        _ = try? NarratedPlistWriter.bytes(of: book, format: .binary)
    }
    return 0
}
