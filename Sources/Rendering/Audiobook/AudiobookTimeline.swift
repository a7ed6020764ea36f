import Audiobooks
import Narrator

/// Where each rendered chunk lands in the finished audio, and from that the
/// chapters and the word timings in the joined audio's time. Chapter starts
/// come from the narrator's own sample clock (its `pageStarted` marks).
public struct AudiobookTimeline {
    let plan: RenderPlan
    let sampleRate: Int
    /// Seconds each join between pieces adds (the Opus pre-skip).
    let joinDelay: Double
    private var chunkBase: [Int: Int] = [:]
    private var chunkSamples: [Int: Int] = [:]

    public init(plan: RenderPlan, sampleRate: Int, joinDelay: Double) {
        self.plan = plan
        self.sampleRate = sampleRate
        self.joinDelay = joinDelay
    }

    /// Notes that a chunk's samples went to its encoder after `base` samples of its piece.
    public mutating func record(chunk: Int, base: Int, samples: Int) {
        chunkBase[chunk] = base
        chunkSamples[chunk] = samples
    }

    /// Samples fed so far.
    public var samplesRecorded: Int { chunkSamples.values.reduce(0, +) }

    /// The audio's length in seconds, joins included.
    public var duration: Double {
        Double(samplesRecorded) / Double(sampleRate) + Double(max(plan.pieceCount - 1, 0)) * joinDelay
    }

    /// Where a chunk starts in the joined audio, in seconds.
    public func start(ofChunk chunk: Int) -> Double {
        let piece = plan.chunks[chunk].piece
        let before = plan.chunks.indices.filter { plan.chunks[$0].piece < piece }.reduce(0) { $0 + (chunkSamples[$1] ?? 0) }
        return Double(before + (chunkBase[chunk] ?? 0)) / Double(sampleRate) + Double(piece) * joinDelay
    }

    /// The chapters of the joined audio from the chunks' marks, and each
    /// utterance timing moved into the joined audio's samples.
    /// - Parameters:
    ///   - titles: the chapter title of each page index.
    ///   - marks: reads a chunk's marks.
    ///   - timing: receives every utterance, in order.
    public func chapters(
        titles: [Int: String], marks: (Int) throws -> [RenderMark], timing: (UtteranceTiming) -> Void,
        pageStarted: (_ page: Int, _ sample: Int) -> Void = { _, _ in }
    ) throws -> [Chapter] {
        var starts: [(page: Int, time: Double)] = []
        for chunk in plan.chunks.indices {
            let origin = start(ofChunk: chunk)
            let shift = Int((origin * Double(sampleRate)).rounded())
            for mark in try marks(chunk) {
                switch mark {
                case .page(let index, let sample):
                    starts.append((index, origin + Double(sample) / Double(sampleRate)))
                    pageStarted(index, sample + shift)
                case .utterance(let utterance): timing(Self.shifted(utterance, by: shift))
                }
            }
        }
        return starts.enumerated().map { offset, start in
            let end = offset + 1 < starts.count ? starts[offset + 1].time : duration
            return Chapter(title: titles[start.page] ?? Chapter.title(nil, pageIndex: start.page),
                start: offset == 0 ? 0 : start.time, end: end)
        }
    }

    private static func shifted(_ timing: UtteranceTiming, by shift: Int) -> UtteranceTiming {
        var moved = timing
        moved.startSample += shift
        moved.endSample += shift
        for index in moved.words.indices {
            moved.words[index].startSample += shift
            moved.words[index].endSample += shift
        }
        return moved
    }
}
