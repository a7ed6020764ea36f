import Alignment
import Foundation
import Testing

/// Frames are counted in samples, and silence is told from sound.
struct MFCCAnalyzerTests {
    @Test func oneSecondGivesAFrameEvery220Samples() throws {
        let analyzer = try MFCCAnalyzer()
        let tone = (0..<22_050).map { Int16(8_000 * sin(Double($0) * 2 * .pi * 440 / 22_050)) }
        tone.withUnsafeBufferPointer { analyzer.append($0) }
        let features = analyzer.finish()
        #expect(features.frameCount == 101)  // 22,050 / 220 = 100.2: the last hop is padded
        #expect(features.sampleCount == 22_050)
        #expect(features.mfcc.dimension == MFCCAnalyzer.coefficients)
        #expect(abs(features.duration - 1) < 1e-9)
    }

    @Test func silenceIsQuieterThanATone() throws {
        let analyzer = try MFCCAnalyzer()
        analyzer.appendSilence(count: 2_200)
        let tone = (0..<2_200).map { Int16(8_000 * sin(Double($0) * 2 * .pi * 440 / 22_050)) }
        tone.withUnsafeBufferPointer { analyzer.append($0) }
        let loudness = analyzer.finish().loudness
        #expect(loudness[2] == -100)
        #expect(loudness[15] > -20)
    }

    @Test func refusesAWindowThatIsNotAPowerOfTwo() {
        #expect(throws: AlignmentError.self) { try MFCCAnalyzer(timing: FrameTiming(hop: 220, window: 500)) }
    }
}
