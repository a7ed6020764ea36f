import BookFiles
import Foundation

/// The AUDIO operands of `narrate align` as the files to decode: a folder
/// stands for the audio files in it (an unpacked LibriVox zip, a folder of
/// chapter files), in the order of their names with numbers compared as
/// numbers (`chapter 2` before `chapter 10`); hidden files and others are
/// left out.
public enum RecordingFiles {
    /// Endings of the files a folder contributes.
    static let audioExtensions: Set<String> = [
        "mp3", "m4a", "m4b", "aac", "mp4", "opus", "ogg", "oga", "flac", "wav", "wma", "webm", "mka", "aiff", "aif",
    ]

    /// `operands` with each folder replaced by its audio files.
    /// - Throws: ``Failure`` for a folder that cannot be read or holds no audio file.
    public static func expand(_ operands: [String]) throws -> [String] {
        var files: [String] = []
        for operand in operands {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: operand, isDirectory: &isFolder), isFolder.boolValue else {
                files.append(operand)
                continue
            }
            let names: [String]
            do { names = try FileManager.default.contentsOfDirectory(atPath: operand) } catch {
                throw Failure(operand, "cannot read the folder")
            }
            let audio = names.filter { !$0.hasPrefix(".") && audioExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
            guard !audio.isEmpty else {
                throw Failure(operand, "the folder holds no audio file (MP3, M4B, M4A, Opus, Ogg, FLAC, WAV)")
            }
            let folder = operand.hasSuffix("/") ? operand : operand + "/"
            files += audio.sorted(by: NaturalOrder.precedes).map { folder + $0 }
        }
        return files
    }
}
