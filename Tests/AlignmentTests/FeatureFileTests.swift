import Alignment
import Foundation
import Testing

/// A feature file kept for a later run and opened again there.
struct FeatureFileTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("features-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aKeptFileReopensWithTheSameNormalisedFrames() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let signal = MultiResolutionDTWTests.signal(20_000)
        let saved: FeatureFile.Saved
        let frames: FeatureMatrix
        do {
            let file = try FeatureFile(folder: folder.path, name: "signal.mfcc", dimension: 2)
            file.keepsFile = true
            for index in 0..<signal.count { try file.append(signal.frames(index..<(index + 1)).values) }
            try file.finish()
            saved = file.saved
            frames = try file.frames(9_000..<9_100)
        }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("signal.mfcc").path), "kept when the object went")
        let reopened = try FeatureFile(reopening: saved)
        #expect(reopened.count == 20_000)
        #expect(try reopened.frames(9_000..<9_100) == frames)
    }

    @Test func aFileShorterThanItsRecordIsRefused() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try FeatureFile(folder: folder.path, name: "short.mfcc", dimension: 2)
        file.keepsFile = true
        try file.append([1, 2])
        try file.append([3, 4])
        try file.finish()
        var saved = file.saved
        saved.count = 3
        #expect(throws: AlignmentError.self) { try FeatureFile(reopening: saved) }
    }

    @Test func anUnnamedFileGoesWithItsObject() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var path = ""
        do {
            let file = try FeatureFile(folder: folder.path, dimension: 2)
            path = file.path
            try file.finish()
        }
        #expect(!path.isEmpty && !FileManager.default.fileExists(atPath: path))
    }
}
