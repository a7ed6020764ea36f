import Glibc

/// Writes down what a stretch of a recording says, with PocketSphinx's
/// en-us acoustic model and its general language model (Debian's
/// pocketsphinx-en-us): free recognition, no text given. Rough (on a
/// clear natural voice most words right; on espeak-ng's far fewer), but
/// enough to find where in a book a recording begins
/// (``TranscriptLocator``). One decoder; not for two threads at once.
public final class SpeechTranscriber {
    private let library: PocketSphinxLibrary
    private let decoder: OpaquePointer

    /// The general language model, beside the acoustic model.
    static let languageModel = "/en-us.lm.bin"

    /// - Throws: ``AlignmentError/recognizer(_:)`` when PocketSphinx or its model cannot be loaded.
    public init(sampleRate: Int, model: String = WordRecognizer.englishModel) throws(AlignmentError) {
        let library = try PocketSphinxLibrary.shared.get()
        self.library = library
        decoder = try library.openDecoder(
            model: model, sampleRate: sampleRate, extra: ["-lm", model + Self.languageModel], needs: [Self.languageModel]
        ).decoder
    }

    deinit { _ = library.free(decoder) }

    /// The words heard in `samples`, lower case as the dictionary spells
    /// them (alternative pronunciations' marks and fillers left out); empty
    /// when nothing was recognised.
    public func transcript(of samples: UnsafeBufferPointer<Int16>) -> [String] {
        guard let (text, _) = library.decodeUtterance(decoder, samples) else { return [] }
        return text.split(separator: " ").compactMap { word in
            // "read(2)" is the dictionary's second pronunciation of "read".
            let spelling = word.split(separator: "(").first.map(String.init) ?? ""
            return PocketSphinxLibrary.isWord(spelling) ? spelling : nil
        }
    }
}
