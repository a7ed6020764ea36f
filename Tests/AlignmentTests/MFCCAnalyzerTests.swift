import Alignment
import Foundation
import Testing

/// Frames are counted in samples, and silence is told from sound.
struct MFCCAnalyzerTests {
    @Test func oneSecondGivesAFrameEvery220Samples() throws {
        let analyzer = try MFCCAnalyzer()
        let tone = (0..<22_050).map { Int16(8_000 * sin(Double($0) * 2 * .pi * 440 / 22_050)) }
        tone.withUnsafeBufferPointer { analyzer.append($0) }
        let features = try analyzer.finish()
        #expect(features.frameCount == 101)  // 22,050 / 220 = 100.2: the last hop is padded
        #expect(features.sampleCount == 22_050)
        #expect(features.mfcc.dimension == MFCCAnalyzer.coefficients)
        #expect(abs(features.duration - 1) < 1e-9)
    }

    @Test func featuresWrittenToAFileReadBackNormalised() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mfcc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tone = (0..<22_050).map { (index: Int) -> Int16 in
            let frequency = Double(200 + index / 50)  // a rising tone: every frame differs
            return Int16(8_000 * sin(Double(index) * 2 * .pi * frequency / 22_050))
        }
        let inMemory = try MFCCAnalyzer()
        tone.withUnsafeBufferPointer { inMemory.append($0) }
        let expected = try inMemory.finish().mfcc.normalized()
        let file = try FeatureFile(folder: folder.path, dimension: MFCCAnalyzer.coefficients)
        let analyzer = try MFCCAnalyzer(destination: file, keepsLoudness: false)
        tone.withUnsafeBufferPointer { analyzer.append($0) }
        let features = try analyzer.finish()
        #expect(features.mfcc.count == 0 && features.loudness.isEmpty && features.frameCount == 101)
        #expect(file.count == 101)
        let read = try file.frames(40..<60)
        let largest = zip(read.values, expected.frames(40..<60).values).map { abs($0 - $1) }.max() ?? 1
        #expect(largest < 1e-3, "differs by \(largest)")
    }

    @Test func silenceIsQuieterThanATone() throws {
        let analyzer = try MFCCAnalyzer()
        analyzer.appendSilence(count: 2_200)
        let tone = (0..<2_200).map { Int16(8_000 * sin(Double($0) * 2 * .pi * 440 / 22_050)) }
        tone.withUnsafeBufferPointer { analyzer.append($0) }
        let loudness = try analyzer.finish().loudness
        #expect(loudness[2] == -100)
        #expect(loudness[15] > -20)
    }

    @Test func refusesAWindowThatIsNotAPowerOfTwo() {
        #expect(throws: AlignmentError.self) { try MFCCAnalyzer(timing: FrameTiming(hop: 220, window: 500)) }
    }
}
