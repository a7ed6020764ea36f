import Foundation
import Testing
import TestSupport

/// An alignment killed once one side was done (the recording decoded, or
/// the text spoken) goes on from it when the same command runs again, and
/// gives the alignment an uninterrupted run gives.
@Suite(
    .enabled(if: AlignCorpus.isPresent, "../shared/corpus is absent"),
    .enabled(if: AudiobookFixture.toolsAvailable, "ffmpeg is not installed (scripts/setup installs it)"))
struct AlignResumeTests {
    @Test func aKilledAlignmentGoesOnFromTheSideItFinished() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let speak = try NarrateProcess.run(
            ["speak", AlignCorpus.prideAndPrejudice, "--pages", "5", "--voice", "en-gb", "--rate", "0.9", "-o", "ch3.wav", "--timings", "truth.json", "-q"],
            in: directory)
        try #require(speak.status == 0, "\(speak.stderr)")
        // The same reading as an MP3 with ten minutes of other speech after it:
        // decoding it takes longer than speaking the text, so the text is the
        // side done first. (Not ten quiet minutes: a long quiet tail is a known
        // weakness of the warping, docs/alignment.md.)
        let other = try NarrateProcess.run(
            ["speak", NarrateProcess.fixture("align/unrelated.txt"), "--voice", "en-us", "-o", "other.wav", "-q"], in: directory)
        try #require(other.status == 0, "\(other.stderr)")
        var joined = try WAVSamples(path: directory.appendingPathComponent("ch3.wav").path)
        let speech = try WAVSamples(path: directory.appendingPathComponent("other.wav").path)
        while joined.samples.count < (636 + 600) * joined.sampleRate { joined.samples += speech.samples }
        try joined.write(to: directory.appendingPathComponent("ch3-tail.wav").path)
        let tail = try ChildProcess.run(
            "/usr/bin/env", ["ffmpeg", "-loglevel", "error", "-i", directory.appendingPathComponent("ch3-tail.wav").path,
                             "-c:a", "libmp3lame", "-b:a", "32k", directory.appendingPathComponent("ch3-tail.mp3").path])
        try #require(tail.status == 0, "\(tail.output)")
        var sides: Set<String> = []
        for recording in ["ch3-tail.mp3", "ch3.wav"] {
            sides.insert(try killAndResume(["align", AlignCorpus.prideAndPrejudice, recording, "--pages", "5", "--timings", "aligned.json", "-f"], in: directory))
        }
        #expect(sides.contains("reference.done"), "a finished reference was resumed at least once: \(sides)")
        let arguments = ["align", AlignCorpus.prideAndPrejudice, "ch3.wav", "--pages", "5", "--timings", "aligned.json"]

        // Killed again, then the recording changes: nothing of the earlier run is
        // taken for it, and its folder is cleaned away.
        let second = try start(arguments + ["-f"], in: directory)
        _ = try waitForASide(of: second, in: directory)
        kill(second.processIdentifier, SIGKILL)
        second.waitUntilExit()
        let recording = directory.appendingPathComponent("ch3.wav").path
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: recording)
        let changed = try NarrateProcess.run(arguments + ["-f"], in: directory)
        #expect(changed.status == 0 && !changed.stderr.contains("resuming"), "\(changed.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).allSatisfy { !$0.hasPrefix(".narrate-work") },
            "the killed run's folder was not cleaned")
    }

    /// Runs `arguments`, kills the run once a side is recorded, runs it again
    /// and checks that it went on from that side to the truth; returns the side.
    private func killAndResume(_ arguments: [String], in directory: URL) throws -> String {
        try? FileManager.default.removeItem(at: directory.appendingPathComponent("aligned.json"))
        let process = try start(arguments, in: directory)
        let finished = try waitForASide(of: process, in: directory)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try #require(process.terminationReason == .uncaughtSignal, "the alignment ended before a side was seen done")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("aligned.json").path))

        let resumed = try NarrateProcess.run(arguments, in: directory)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let said = finished == "recording.done" ? "the recording was decoded" : "the text was spoken"
        #expect(resumed.stderr.contains("narrate: resuming: "), "\(resumed.stderr)")
        #expect(resumed.stderr.contains(said) || resumed.stderr.contains("the text was spoken and the recording decoded"), "\(resumed.stderr)")
        let accuracy = try Accuracy(
            truth: OnsetTimes(path: directory.appendingPathComponent("truth.json").path),
            aligned: OnsetTimes(path: directory.appendingPathComponent("aligned.json").path))
        #expect(accuracy.notFound == 0 && accuracy.sentences.max <= 0.05, "\(accuracy)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).allSatisfy { !$0.hasPrefix(".narrate-work") },
            "the work folder is removed once the alignment is written")
        return finished
    }

    private func start(_ arguments: [String], in directory: URL) throws -> Process {
        let process = Process()
        process.executableURL = NarrateBinary.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Waits (at most two minutes) until the run has recorded a finished
    /// side in its work folder, then stops it at once; returns the record's name.
    private func waitForASide(of process: Process, in directory: URL) throws -> String {
        for _ in 0..<60_000 {
            let work = (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.filter { $0.hasPrefix(".narrate-work") } ?? []
            for folder in work {
                let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent(folder).path)) ?? []
                if let done = files.first(where: { $0 == "recording.done" || $0 == "reference.done" }) {
                    kill(process.processIdentifier, SIGSTOP)
                    return done
                }
            }
            guard process.isRunning else { break }
            usleep(2_000)
        }
        throw ChildProcessError("no side of the alignment finished")
    }
}
