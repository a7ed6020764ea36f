import Audiobooks
import BookFiles
import Foundation
import Importers
import Narrator
import ProsodyHeuristics
import ReadAlong
import Testing

@testable import Rendering

/// The job is the one value a render's processes share: every field must
/// survive the trip through the render order, and a sample that sets every
/// field keeps this test honest when a field is added.
struct RenderJobTests {
    static var everyField: RenderJob {
        var options = ImportOptions()
        options.granularity = .word
        options.prosody = .expressive
        options.includeNonlinear = true
        options.speakAltText = true
        options.readsNotes = true
        options.readsContents = true
        options.extractImagesTo = "pictures"
        options.language = "pt-BR"
        options.archiveLimits = ArchiveLimits(megabytes: 2_048)
        options.requiresText = true
        options.pauses = PauseLengths(sentence: 0.3, paragraph: 0.9, chapter: 2.5)
        var book = BookRequest(path: "/books/story.epub", options: options, lexicons: ["a.pls", "b.lexicon"], strict: true, quiet: true)
        book.looksBesideBook = false
        var narration = NarrationOptions(
            voice: "piper:en_US-joe-medium", mapping: ProsodyMapping(rateScale: 1.5, pitchScale: 0.75, volumeScale: 1.25), pages: 3...5,
            start: UtterancePosition(page: 3, utterance: 7))
        narration.engine = .piper
        narration.voicesDirectory = "/voices"
        narration.exactPauses = true
        narration.dialogueVoice = "en-us"
        narration.voiceMap = VoiceMap(
            chapters: [.init(number: 2, title: nil, voice: "fr"), .init(number: nil, title: "Coda", voice: "de")],
            speakers: [.init(name: "Holmes", voice: "en-gb")])
        let output = AudiobookOutput(path: "out/book.m4b", format: .m4b, bitrate: 48_000, cover: "cover.jpg", perChapter: true,
            timings: "book.vtt", library: true, narrator: "Nora Reader")
        return RenderJob(book: book, narration: narration, output: .audiobook(output), jobs: 3)
    }

    @Test func theSampleSetsEveryFieldOfTheOptions() {
        let job = Self.everyField
        for (label, value, fallback) in [
            ("ImportOptions", Mirror(reflecting: job.book.options), Mirror(reflecting: ImportOptions())),
            ("NarrationOptions", Mirror(reflecting: job.narration), Mirror(reflecting: NarrationOptions())),
            ("BookRequest", Mirror(reflecting: job.book), Mirror(reflecting: BookRequest(path: ""))),
        ] {
            for (field, fieldDefault) in zip(value.children, fallback.children) {
                #expect("\(field.value)" != "\(fieldDefault.value)", "\(label).\(field.label ?? "?") keeps its default in the sample")
            }
        }
    }

    @Test(arguments: [
        RenderJobTests.everyField.output,
        .readAlong(ReadAlongOutput(path: "read-along.epub", sync: .word, bitrate: 24_000)),
        .audiobook(AudiobookOutput(path: "-", format: .opus)),
    ])
    func aJobComesBackFromItsRenderOrderWhole(output: RenderOutput) throws {
        var job = Self.everyField
        job.output = output
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("order-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let plan = RenderPlan(pages: [(0, 100), (1, 2_000), (2, 50)], workers: 2, pieces: 2)
        let path = try RenderOrder(job: job, plan: plan, book: "00ff").save(in: folder)
        let read = try RenderOrder.load(path)
        #expect(read.job == job)
        #expect(read.plan == plan)
        #expect(read.book == "00ff")
    }

    @Test func anOrderFromSomethingElseSaysSo() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("order-\(UUID().uuidString).json").path
        try Data("{\"job\": 1}".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: Failure.self) { try RenderOrder.load(path) }
    }

    /// A worker renders its chunk's pages, from the job's start only when it falls in them.
    @Test func aWorkersNarrationIsItsChunksPages() throws {
        var job = Self.everyField
        job.narration.pages = nil
        job.narration.start = UtterancePosition(page: 4, utterance: 2)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("worker-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let plan = RenderPlan(eachPageOf: [3, 4, 5])
        let path = try RenderOrder(job: job, plan: plan, book: "").save(in: folder)
        let first = try RenderWorker(orderPath: path, chunk: 0)
        let second = try RenderWorker(orderPath: path, chunk: 1)
        #expect(first.narration.pages == 4...4 && first.narration.start == nil)
        #expect(second.narration.pages == 5...5 && second.narration.start == UtterancePosition(page: 4, utterance: 2))
        #expect(second.narration.mapping == job.narration.mapping && second.narration.voice == job.narration.voice)
        #expect(throws: Failure.self) { try RenderWorker(orderPath: path, chunk: 3) }
    }
}
