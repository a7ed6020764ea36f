import Foundation
import Testing

@testable import Rendering

/// AUDIO operands: a folder stands for its audio files, in natural order.
struct RecordingFilesTests {
    @Test func aFolderIsItsAudioFilesAndOtherOperandsStay() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recording-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["10.mp3", "9.MP3", "cover.jpg", ".hidden.mp3", "notes.txt", "1.m4b"] {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data([0])))
        }
        #expect(try RecordingFiles.expand(["intro.wav", folder, "credits.flac"])
            == ["intro.wav", folder + "/1.m4b", folder + "/9.MP3", folder + "/10.mp3", "credits.flac"])
    }

    @Test func aFolderWithoutAudioIsRefusedInOneLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(FileManager.default.createFile(atPath: folder + "/readme.txt", contents: Data([0])))
        #expect(throws: Failure.self) { try RecordingFiles.expand([folder]) }
    }
}
