/// A voice that makes no sound: it estimates when each word would be heard
/// from its length, the reader's speed and the authored delays, so the
/// highlight moves as if it were speaking (`narrate read --mute`, and the
/// fallback when there is no sound device).
public final class MutedVoice: ReaderVoice {
    public let name = "muted"

    public init() {}

    public func start(_ request: ReaderSpeechRequest) -> ReaderSpeechTiming {
        Self.estimate(request)
    }

    public func stop() {}

    /// Word starts estimated at 175 words a minute times `request.speed`
    /// for words of five letters, longer words taking longer; commas and sentence ends add a
    /// pause, and utterance delays are kept.
    public static func estimate(_ request: ReaderSpeechRequest) -> ReaderSpeechTiming {
        let scalars = Array(request.text.unicodeScalars)
        let beat = beatSeconds(speed: request.speed)
        let bounds = segmentBounds(request.segments)
        var time = 0.0, segment = -1
        var words: [ReaderSpeechTiming.WordStart] = []
        for word in request.words {
            while segment + 1 < bounds.count, bounds[segment + 1] <= word.lowerBound {
                if segment >= 0 { time += request.segments[segment].prosody.postUtteranceDelay ?? 0 }
                segment += 1
                time += request.segments[segment].prosody.preUtteranceDelay ?? 0
            }
            words.append(.init(range: word, time: time))
            time += beat * length(of: scalars[word.clamped(to: 0..<scalars.count)])
        }
        if segment >= 0 { time += request.segments[segment].prosody.postUtteranceDelay ?? 0 }
        return ReaderSpeechTiming(words: words, duration: time + beat)
    }

    /// Seconds of one beat, a five-letter word, at `speed` times normal
    /// (175 words a minute).
    static func beatSeconds(speed: Double) -> Double {
        60 / (175 * max(0.01, speed))
    }

    /// A word's length in beats: half a beat plus a tenth per letter, and a
    /// pause after punctuation.
    static func length(of word: ArraySlice<Unicode.Scalar>) -> Double {
        let letters = word.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }.count
        var beats = 0.5 + 0.1 * Double(letters)
        if let last = word.last(where: { !$0.properties.isWhitespace }), pausing.contains(last) { beats += 0.5 }
        return beats
    }

    /// The offset at which each segment starts.
    private static func segmentBounds(_ segments: [ReaderSpeechRequest.Segment]) -> [Int] {
        var bounds: [Int] = []
        var offset = 0
        for segment in segments {
            bounds.append(offset)
            offset += segment.text.unicodeScalars.count
        }
        return bounds
    }

    private static let pausing: Set<Unicode.Scalar> = [",", ";", ":", ".", "!", "?", "\u{2014}", "\u{3001}", "\u{3002}"]
}
