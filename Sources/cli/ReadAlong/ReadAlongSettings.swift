import Audiobooks
import Foundation
import ReadAlong
import Rendering

/// The options of `narrate speak BOOK -o OUT.epub`: the sync level and the
/// bitrate of the narration inside.
enum ReadAlongSettings {
    /// Whether `-o` names a read-along book (`.epub`, any case).
    static func isReadAlong(_ output: String?) -> Bool {
        guard let output, output != "-" else { return false }
        return output.lowercased().hasSuffix(".epub")
    }

    /// - Throws: ``UsageError`` for options a read-along book cannot take.
    static func parse(_ arguments: ParsedArguments, output: String) throws(UsageError) -> ReadAlongOutput {
        let sync = try arguments.choice("sync", as: SyncLevel.self) ?? .sentence
        for name in ["format", "per-chapter", "cover", "timings"] where arguments.value(name) != nil || arguments.flag(name) {
            throw UsageError("--\(name) does not apply to a read-along book (-o BOOK.epub)")
        }
        let bitrate = try arguments.value("bitrate").map { (text) throws(UsageError) in
            try AudiobookSettings.bitrate(text, format: ReadAlongOutput.audioFormat)
        }
        return ReadAlongOutput(path: output, sync: sync, bitrate: bitrate)
    }
}
