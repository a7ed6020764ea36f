import Foundation
import BookModel
@testable import InteractiveReader
import Narrator

/// A voice that records what the reader asks of it and answers with a fixed
/// schedule: each word one second, the sentence ending one second after its
/// last word.
final class RecordingReaderVoice: ReaderVoice {
    enum Call: Equatable {
        case start(text: String, speed: Double)
        case stop
    }

    let name = "recorder"
    private(set) var calls: [Call] = []
    /// Every request started, in order.
    private(set) var requests: [ReaderSpeechRequest] = []
    var failure: (any Error)?

    func start(_ request: ReaderSpeechRequest) throws -> ReaderSpeechTiming {
        if let failure { throw failure }
        calls.append(.start(text: request.text, speed: request.speed))
        requests.append(request)
        let words = request.words.enumerated().map { ReaderSpeechTiming.WordStart(range: $1, time: Double($0)) }
        return ReaderSpeechTiming(words: words, duration: Double(words.count))
    }

    func stop() { calls.append(.stop) }

    /// The texts started, in order.
    var started: [String] {
        calls.compactMap { if case .start(let text, _) = $0 { text } else { nil } }
    }

    func clear() { calls.removeAll() }
}

/// A page of one utterance per sentence, paragraphs ending in a newline.
func page(_ title: String? = nil, paragraphs: [[String]]) -> Page {
    var utterances: [Utterance] = []
    for (index, sentences) in paragraphs.enumerated() {
        for (sentenceIndex, sentence) in sentences.enumerated() {
            let last = sentenceIndex == sentences.count - 1
            utterances.append(Utterance(sentence + (last ? (index == paragraphs.count - 1 ? "" : "\n") : " ")))
        }
    }
    return Page(title: title, utterances: utterances)
}

/// Three pages: two paragraphs of two sentences, one paragraph of one, and
/// two one-sentence paragraphs.
let threePages = [
    page(paragraphs: [["One a.", "One b."], ["One c.", "One d."]]),
    page(paragraphs: [["Two a."]]),
    page(paragraphs: [["Three a."], ["Three b."]]),
]

/// Where the state is, as page, sentence and the sentence's text.
func place(_ state: ReaderState) -> String {
    let range = state.page.spokenRange(of: state.sentence)
    let text = String(String.UnicodeScalarView(state.page.scalars[range]))
    return "\(state.pageIndex + 1):\(state.sentence + 1) \(text)"
}
