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

    @Test func ctrlCMidRenderLeavesNoFileNoProcessAndTheWorkToResume() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = try AudiobookFixture.longText(in: directory, chapters: 40)
        let process = try start(["speak", book, "-o", "long.m4b"], in: directory)
        try waitForChunks(in: directory)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(left.count == 3 && left[0].hasPrefix(".narrate-work-") && left[1...] == ["long.txt", "stderr-long.m4b"], "\(left)")
        let message = try String(contentsOf: directory.appendingPathComponent("stderr-long.m4b"), encoding: .utf8)
        #expect(message.contains("narrate: interrupted; no audiobook written; run the same command again to continue"), "\(message)")
        #expect(processes(mentioning: directory.path).isEmpty, "workers or encoders outlived narrate")
        let again = try NarrateProcess.run(["speak", book, "-o", "long.m4b"], in: directory)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try ProbedAudio(directory.appendingPathComponent("long.m4b").path).chapters.count == 41)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).allSatisfy { !$0.hasPrefix(".narrate") })
    }

    /// A render killed outright (as by a crash or a reboot) after some of
    /// its pieces were encoded goes on from them when run again: the same
    /// chapters and length as an uninterrupted render, and those pieces
    /// are not rendered again. A changed option starts afresh.
    @Test(arguments: ["opus", "m4b", "epub"])
    func aKilledRenderResumesFromTheFinishedPieces(format: String) throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = try AudiobookFixture.longText(in: directory, chapters: 12)
        let environment = ["NARRATE_PIECE_CHARACTERS": "900"]
        let whole = try NarrateProcess.run(["speak", book, "-o", "whole.\(format)", "--jobs", "1"], in: directory, environment: environment)
        try #require(whole.status == 0, "\(whole.stderr)")
        let process = try start(["speak", book, "-o", "long.\(format)", "--jobs", "1"], in: directory, environment: environment)
        try waitForPieces(2, in: directory)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        usleep(300_000)  // the workers notice their parent has gone
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("long.\(format)").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).contains { $0.hasPrefix(".long.") },
            "the killed run's temporary output is there to be cleaned")
        let resumed = try NarrateProcess.run(["speak", book, "-o", "long.\(format)", "--jobs", "1"], in: directory, environment: environment)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let notice = resumed.stderr.split(separator: "\n").first { $0.hasPrefix("narrate: resuming: ") }
        let reused = notice.flatMap { Int($0.dropFirst("narrate: resuming: ".count).prefix { $0.isNumber }) } ?? 0
        #expect(reused >= 2, "\(resumed.stderr)")
        if format == "epub" {
            let first = try ReadAlongBook(directory.appendingPathComponent("whole.epub").path, into: directory.appendingPathComponent("a"))
            let second = try ReadAlongBook(directory.appendingPathComponent("long.epub").path, into: directory.appendingPathComponent("b"))
            let clips = { (book: ReadAlongBook) in book.overlays.keys.sorted().flatMap { book.overlays[$0] ?? [] }.map { "\($0.fragment) \($0.begin) \($0.end)" } }
            #expect(clips(first) == clips(second) && !clips(first).isEmpty)
        } else {
            let first = try ProbedAudio(directory.appendingPathComponent("whole.\(format)").path)
            let second = try ProbedAudio(directory.appendingPathComponent("long.\(format)").path)
            #expect(first.chapters.map(\.title) == second.chapters.map(\.title))
            #expect(zip(first.chapters, second.chapters).allSatisfy { abs($0.start - $1.start) < 0.002 }, "\(first.chapters) \(second.chapters)")
            #expect(abs(first.duration - second.duration) < 0.01)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).allSatisfy { !$0.hasPrefix(".") })
    }

    @Test func aChangedOptionStartsAfreshAndAStaleFolderIsCleaned() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = try AudiobookFixture.longText(in: directory, chapters: 12)
        let environment = ["NARRATE_PIECE_CHARACTERS": "900"]
        let process = try start(["speak", book, "-o", "long.opus", "--jobs", "1"], in: directory, environment: environment)
        try waitForPieces(1, in: directory)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        usleep(300_000)
        let changed = try NarrateProcess.run(["speak", book, "-o", "long.opus", "--jobs", "1", "--rate", "1.5"], in: directory, environment: environment)
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(!changed.stderr.contains("resuming"), "\(changed.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).allSatisfy { !$0.hasPrefix(".") },
            "the killed run's folder or temporary output was not cleaned")
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
    func start(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.executableURL = NarrateBinary.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let name = arguments[(arguments.firstIndex(of: "-o") ?? 0) + 1]
        let log = directory.appendingPathComponent("stderr-\(name)")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
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

    /// Waits (at most two minutes) until a resumable render has finished
    /// `count` pieces; returns its first piece's file.
    @discardableResult
    func waitForPieces(_ count: Int, in directory: URL) throws -> URL {
        for _ in 0..<1200 {
            let work = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".narrate-work") }
            for folder in work {
                let path = directory.appendingPathComponent(folder)
                let files = (try? FileManager.default.contentsOfDirectory(atPath: path.path)) ?? []
                if files.filter({ $0.hasSuffix(".done") }).count >= count,
                    let piece = files.sorted().first(where: { $0.hasPrefix("piece-0.") && !$0.hasSuffix(".done") && !$0.hasSuffix(".log") })
                {
                    return path.appendingPathComponent(piece)
                }
            }
            usleep(100_000)
        }
        throw ChildProcessError("no \(count) pieces finished within two minutes")
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
