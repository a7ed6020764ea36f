import BookModel
import Foundation
import Importers
import Testing

@testable import TextPrimitives

/// Every corpus book and text, at every granularity, with and without
/// notes: no utterance without a word, and no note marker in what is
/// spoken when notes are not read. Skipped when ../shared/corpus is absent.
private let corpusFiles: [String] = {
    let folder = PlainTextFixture.corpusDirectory.deletingLastPathComponent()
    return ["epub", "text"].flatMap { kind in
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(kind).path)) ?? [])
            .sorted().map { "\(kind)/\($0)" }
    }
}()

private func book(_ file: String, _ granularity: Granularity, notes: Bool) throws -> Book {
    let url = PlainTextFixture.corpusDirectory.deletingLastPathComponent().appendingPathComponent(file)
    let bytes = [UInt8](try Data(contentsOf: url))
    var options = ImportOptions()
    options.granularity = granularity
    options.readsNotes = notes
    return file.hasPrefix("epub/")
        ? try Importing.epub(bytes: bytes, options: options).book : Importing.text(bytes: bytes, options: options).book
}

@Test(.enabled(if: !corpusFiles.isEmpty, "../shared/corpus is absent"), arguments: corpusFiles)
func noCorpusUtteranceIsWithoutAWord(_ file: String) throws {
    for granularity in [Granularity.word, .sentence, .paragraph] {
        for notes in [false, true] {
            let wordless = try book(file, granularity, notes: notes).utterances
                .filter { !$0.text.unicodeScalars.contains(where: ScalarClass.isLetterOrDigit) }
            #expect(wordless.isEmpty, "\(file) \(granularity) notes: \(notes): \(wordless.prefix(5).map(\.text))")
        }
    }
}

@Test(.enabled(if: !corpusFiles.isEmpty, "../shared/corpus is absent"), arguments: corpusFiles)
func noCorpusNoteMarkerIsSpokenWithoutNotes(_ file: String) throws {
    for page in try book(file, .sentence, notes: false).pages where !page.utterances.isEmpty {
        let scalars = Array(page.displayText.unicodeScalars)
        let markers = NoteMarkers.ranges(in: scalars).map { String(String.UnicodeScalarView(scalars[$0])) }
        #expect(markers.isEmpty, "\(file) \(page.title ?? ""): \(markers.prefix(5))")
    }
}
