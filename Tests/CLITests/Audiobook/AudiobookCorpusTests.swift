import Foundation
import Testing
import TestSupport

/// Real books from ../shared/corpus converted at once, one of them killed
/// midway and converted again.
@Suite(.enabled(if: AudiobookFixture.toolsAvailable, "ffmpeg and ffprobe are not installed (scripts/setup installs them)"))
struct AudiobookCorpusTests {
    static let corpus = PackageFixtures.root.appendingPathComponent("../shared/corpus/epub").standardized
    static let corpusIsPresent = FileManager.default.fileExists(atPath: corpus.path)
    static let books = [
        ("idpf_wasteland.epub", "opus"), ("idpf_childrens-literature.epub", "m4b"),
        ("debian_live-manual.en.epub", "mp3"), ("idpf_kusamakura-japanese-vertical-writing.epub", "flac"),
    ]

    @Test(.enabled(if: corpusIsPresent, "../shared/corpus/epub is absent"))
    func fourCorpusBooksAtOnceOneKilledAndRerunAllEndValid() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func arguments(_ book: (String, String)) -> [String] {
            ["speak", Self.corpus.appendingPathComponent(book.0).path, "-o", "\(book.0).\(book.1)", "--pages", "1-2", "--quiet"]
        }
        let runs = try Self.books.map { book -> Process in
            let process = Process()
            process.executableURL = NarrateBinary.executable
            process.arguments = arguments(book)
            process.currentDirectoryURL = directory
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        usleep(300_000)
        kill(runs[0].processIdentifier, SIGTERM)
        for run in runs { run.waitUntilExit() }
        #expect(runs.dropFirst().allSatisfy { $0.terminationStatus == 0 })
        let rerun = try NarrateProcess.run(arguments(Self.books[0]), in: directory)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        for (name, format) in Self.books {
            let audio = try ProbedAudio(directory.appendingPathComponent("\(name).\(format)").path)
            #expect(audio.chapters.count == 2 && audio.chapters.allSatisfy { !$0.title.isEmpty }, "\(name): \(audio.chapters)")
            #expect(audio.duration > 1 && audio.tags["title"] != nil, "\(name)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).allSatisfy { !$0.hasPrefix(".") })
    }
}
