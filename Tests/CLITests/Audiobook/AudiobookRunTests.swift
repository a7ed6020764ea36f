import Foundation
import Testing
import TestSupport

/// How audiobook runs end: one file per chapter and re-runs, Ctrl-C midway,
/// several conversions at once.
@Suite(.enabled(if: AudiobookFixture.toolsAvailable, "ffmpeg and ffprobe are not installed (scripts/setup installs them)"))
struct AudiobookRunTests {
    @Test func filesPerChapterAreNumberedTitledTaggedAndSkippedWhenUnchanged() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = try AudiobookFixture.epub(in: directory)
        let first = try NarrateProcess.run(["speak", book, "--per-chapter", "--format", "mp3", "-o", "out"], in: directory)
        try #require(first.status == 0, "\(first.stderr)")
        let names = AudiobookFixture.titles.enumerated().map { "0\($0.offset + 1) - \($0.element).mp3" }
        let folder = directory.appendingPathComponent("out")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted() == names)
        for (index, name) in names.enumerated() {
            let audio = try ProbedAudio(folder.appendingPathComponent(name).path)
            #expect(audio.tags["title"] == AudiobookFixture.titles[index] && audio.tags["album"] == "Les Écureuils")
            #expect(audio.tags["track"] == "\(index + 1)/3", "\(audio.tags)")
            #expect(audio.hasCover && audio.duration > 1)
        }
        let before = try modificationDates(folder, names)
        let again = try NarrateProcess.run(["speak", book, "--per-chapter", "--format", "mp3", "-o", "out"], in: directory)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try modificationDates(folder, names) == before, "a re-run rewrote unchanged chapters")

        let changed = try NarrateProcess.run(["speak", book, "--per-chapter", "--format", "mp3", "-o", "out", "--rate", "1.2"], in: directory)
        #expect(changed.status == 1 && changed.stderr.contains("already exists"), "\(changed.stderr)")
        let forced = try NarrateProcess.run(
            ["speak", book, "--per-chapter", "--format", "mp3", "-o", "out", "--rate", "1.2", "--force"], in: directory)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try modificationDates(folder, names) != before)
    }

    @Test func ctrlCMidRenderLeavesNoFileNoWorkFolderAndNoProcess() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = try AudiobookFixture.longText(in: directory, chapters: 40)
        let process = try start(["speak", book, "-o", "long.m4b"], in: directory)
        try waitForChunks(in: directory)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["long.txt", "stderr-long.m4b"])
        let message = try String(contentsOf: directory.appendingPathComponent("stderr-long.m4b"), encoding: .utf8)
        #expect(message.contains("narrate: interrupted; no audiobook written"), "\(message)")
        #expect(processes(mentioning: directory.path).isEmpty, "workers or encoders outlived narrate")
    }

    @Test func fourConversionsAtOnceOneKilledAndRerunAllEndValid() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = try AudiobookFixture.longText(in: directory, chapters: 8)
        let outputs = ["a.opus", "b.m4b", "c.mp3", "d.flac"]
        let runs = try outputs.map { try start(["speak", book, "-o", $0, "--jobs", "2"], in: directory) }
        try waitForChunks(in: directory)
        kill(runs[3].processIdentifier, SIGTERM)
        for run in runs { run.waitUntilExit() }
        #expect(runs.prefix(3).allSatisfy { $0.terminationStatus == 0 })
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("d.flac").path))
        let rerun = try NarrateProcess.run(["speak", book, "-o", "d.flac"], in: directory)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        for output in outputs {
            let audio = try ProbedAudio(directory.appendingPathComponent(output).path)
            #expect(audio.chapters.count == 9 && audio.duration > 60, "\(output): \(audio.chapters.count) chapters, \(audio.duration) s")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).allSatisfy { !$0.hasPrefix(".narrate") })
    }

    /// Starts narrate in the background, its standard error to `stderr-OUTPUT`.
    func start(_ arguments: [String], in directory: URL) throws -> Process {
        let process = Process()
        process.executableURL = NarrateBinary.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let name = arguments[(arguments.firstIndex(of: "-o") ?? 0) + 1]
        let log = directory.appendingPathComponent("stderr-\(name)")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Waits (at most a minute) until some worker has written audio.
    func waitForChunks(in directory: URL) throws {
        for _ in 0..<600 {
            let work = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".narrate-work") }
            for folder in work {
                let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent(folder).path)) ?? []
                if files.contains(where: { $0.hasSuffix(".pcm") }) { return }
            }
            usleep(100_000)
        }
        Issue.record("no worker started within a minute")
    }

    /// Processes whose command line mentions `text`.
    func processes(mentioning text: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { Int($0) != nil }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            return line.contains(text) ? line : nil
        }
    }

    private func modificationDates(_ folder: URL, _ names: [String]) throws -> [Date] {
        try names.map { try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent($0).path)[.modificationDate] as? Date ?? .distantPast }
    }
}
