// libFuzzer entry point for what every input goes through first (issue 15):
// recognising the format from the content and the name, and then the whole
// import of whatever that says it is (zip archives through libzip with the
// truncation check and the zip-kind check, text through the control
// character check). Any bytes must give a book or an ImportError, never a
// crash, hang or runaway allocation.
// Built and run by fuzz/run.sh, not by the package.
import BookFiles
import Importers

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for name in ["book.epub", "book.plist", "book.txt", "book.md", "book"] {
        _ = try? InputFormat.recognise(Array(bytes.prefix(4096)), size: bytes.count, fileName: name)
    }
    _ = try? BookImporter.importBook(bytes: bytes, fileName: nil)
    return 0
}
