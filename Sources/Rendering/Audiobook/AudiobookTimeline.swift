import Audiobooks
import Narrator

/// Where each rendered chunk lands in the finished audio (its piece's
/// place among the joined pieces, measured once each is encoded), and from that the
/// chapters and the word timings in the joined audio's time. Chapter starts
/// come from the narrator's own sample clock (its `pageStarted` marks).
public struct AudiobookTimeline {
    let plan: RenderPlan
    let sampleRate: Int
    /// Samples at the start of the joined audio its clock hides (the first
    /// AAC piece's priming; ``AudiobookRenderer/leadingTrim``).
    let leadingTrim: Int
    private var chunkBase: [Int: Int] = [:]
    private var chunkSamples: [Int: Int] = [:]
    /// Each encoded piece's length in the joined audio, in samples.
    public private(set) var pieceLengths: [Int: Int] = [:]

    public init(plan: RenderPlan, sampleRate: Int, leadingTrim: Int = 0) {
        self.plan = plan
        self.sampleRate = sampleRate
        self.leadingTrim = leadingTrim
    }

    /// Notes that a chunk's samples went to its encoder after `base` samples of its piece.
    public mutating func record(chunk: Int, base: Int, samples: Int) {
        chunkBase[chunk] = base
        chunkSamples[chunk] = samples
    }

    /// Notes how many samples an encoded piece takes in the joined audio
    /// (``AudiobookRenderer/joinedLength(ofPiece:samples:isLast:)``); a
    /// piece not noted takes its chunks' samples.
    public mutating func record(piece: Int, length: Int) {
        pieceLengths[piece] = length
    }

    /// Samples fed so far.
    public var samplesRecorded: Int { chunkSamples.values.reduce(0, +) }

    /// The samples a piece's chunks hold.
    public func samples(ofPiece piece: Int) -> Int {
        plan.chunks(ofPiece: piece).reduce(0) { $0 + (chunkSamples[$1] ?? 0) }
    }

    /// Where a piece begins in the joined audio, in samples.
    private func start(ofPiece piece: Int) -> Int {
        (0..<piece).reduce(0) { $0 + (pieceLengths[$1] ?? samples(ofPiece: $1)) }
    }

    /// The joined audio's length in seconds.
    public var duration: Double {
        Double(start(ofPiece: plan.pieceCount) - leadingTrim) / Double(sampleRate)
    }

    /// Where a chunk starts in the joined audio, in seconds.
    public func start(ofChunk chunk: Int) -> Double {
        Double(start(ofPiece: plan.chunks[chunk].piece) + (chunkBase[chunk] ?? 0)) / Double(sampleRate)
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
