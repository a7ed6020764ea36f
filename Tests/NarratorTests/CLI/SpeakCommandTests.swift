import Foundation
import TestSupport
import Testing

/// `narrate speak` and `narrate voices` end to end, through the built binary.
struct SpeakCommandTests {
    private let story = ["Whirly, twirly, the squirrel ran up the tall tree.", "Then he hid his acorn in a hole."]

    @Test(arguments: ["json", "srt", "vtt"])
    func writesAWAVAndTimingsThatAgree(format: String) throws {
        let scratch = try ScratchDirectory()
        let plist = try scratch.perWordPlist("story.plist", pages: story, delays: [3: 0.5])
        let wav = scratch.file("story.wav"), timings = scratch.file("story.\(format)")
        let outcome = try NarrateProcess(arguments: ["speak", plist, "-o", wav, "--timings", timings]).run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let duration = try #require(soxDuration(wav))
        #expect(duration > 3 && duration < 15)
        let text = try String(contentsOfFile: timings, encoding: .utf8)
        #expect(text.contains("squirrel"))
        if format == "json" {
            let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            let utterances = try #require(json?["utterances"] as? [[String: Any]])
            #expect(utterances.count == 17)
            let ends = utterances.compactMap { $0["end"] as? Double }
            #expect(ends.allSatisfy { $0 <= duration })
        }
    }

    @Test func streamsAWAVToStandardOutput() throws {
        let scratch = try ScratchDirectory()
        let plist = try scratch.perWordPlist("story.plist", pages: story)
        let file = scratch.file("file.wav"), piped = scratch.file("piped.wav")
        let outcome = try NarrateProcess(arguments: ["speak", plist, "--format", "wav", "-o", "-"]).run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        try outcome.stdout.write(to: URL(fileURLWithPath: piped))
        #expect(try NarrateProcess(arguments: ["speak", plist, "-o", file]).run().status == 0)
        #expect(soxDuration(piped) != nil)
        // Standard output is a file here, so its header gets the real sizes too.
        #expect(outcome.stdout == (try Data(contentsOf: URL(fileURLWithPath: file))))
    }

    /// Runs a shell pipeline; its status and what it wrote to standard error.
    private func shell(_ script: String) throws -> (status: Int32, stderr: String) {
        let outcome = try NarrateBinary.run(["-c", script], program: URL(fileURLWithPath: "/bin/sh"))
        return (outcome.status, outcome.stderr)
    }

    @Test func aPipedWAVIsReadQuietlyBySoxAndFFmpegAndARedirectedOneHasItsRealSize() throws {
        let scratch = try ScratchDirectory()
        let plist = try scratch.perWordPlist("story.plist", pages: story)
        let narrate = "'\(NarrateProcess.executable.path)' speak -q '\(plist)' --format wav -o -"
        let sox = try shell("\(narrate) | sox -t wav - '\(scratch.file("sox.wav"))'")
        #expect(sox.status == 0 && sox.stderr.isEmpty, "\(sox.stderr)")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") {
            let ffmpeg = try shell("\(narrate) | ffmpeg -nostdin -loglevel warning -i - -f null - 2>&1 | grep -v 'Guessed Channel Layout' >&2")
            #expect(ffmpeg.stderr.isEmpty, "\(ffmpeg.stderr)")
        }
        let redirected = scratch.file("redirected.wav"), named = scratch.file("named.wav")
        #expect(try shell("\(narrate) > '\(redirected)'").status == 0)
        #expect(try NarrateProcess(arguments: ["speak", "-q", plist, "-o", named]).run().status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: redirected)) == Data(contentsOf: URL(fileURLWithPath: named)))
    }

    @Test func playsThroughThePlayerWhenThereIsOne() throws {
        let scratch = try ScratchDirectory()
        let plist = try scratch.perWordPlist("story.plist", pages: story)
        let played = scratch.file("played.wav")
        var process = NarrateProcess(arguments: ["speak", plist])
        process.environment["NARRATE_PLAYER"] = "cat > '\(played)'"
        let outcome = try process.run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(soxDuration(played) != nil)
    }

    @Test func failsClearlyWithoutASoundDevice() throws {
        let scratch = try ScratchDirectory()
        let plist = try scratch.perWordPlist("story.plist", pages: story)
        var process = NarrateProcess(arguments: ["speak", plist])
        process.environment["PATH"] = scratch.path
        process.environment["NARRATE_PLAYER"] = nil
        let outcome = try process.run()
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("no sound device") && outcome.stderr.contains("-o book.wav"))
    }

    @Test func failingPlayerIsReportedWithItsMessage() throws {
        let scratch = try ScratchDirectory()
        let plist = try scratch.perWordPlist("story.plist", pages: story)
        var process = NarrateProcess(arguments: ["speak", plist])
        process.environment["NARRATE_PLAYER"] = "echo 'audio open error: No such file or directory' >&2; exit 1"
        let outcome = try process.run()
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("audio open error") && outcome.stderr.contains("-o"))
    }

    @Test func ctrlCLeavesAWAVThatSoxReads() throws {
        let scratch = try ScratchDirectory()
        let sentence = "The quick brown fox jumps over the lazy dog while the cat watches."
        let pages = Array(repeating: Array(repeating: sentence, count: 20).joined(separator: " "), count: 200)
        let plist = try scratch.perWordPlist("long.plist", pages: pages)
        let wav = scratch.file("long.wav")
        let (process, _, err) = try NarrateProcess(arguments: ["speak", plist, "-o", wav]).start()
        // Wait until audio is being written to the temporary file, then interrupt.
        _ = waitFor { !process.isRunning || temporaryFileHasAudio(in: scratch.path) }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 130, "\(stderr)")
        #expect(stderr.contains("interrupted"))
        let duration = try #require(soxDuration(wav))
        #expect(duration > 0)
    }

    /// Polls `condition` until it holds or two minutes pass (a safety net
    /// against hanging, not a performance threshold).
    private func waitFor(_ condition: () -> Bool) -> Bool {
        for _ in 0..<6000 {
            if condition() { return true }
            usleep(20_000)
        }
        return false
    }

    private func temporaryFileHasAudio(in directory: String) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.contains { name in
            var status = stat()
            return name.hasPrefix(".long.wav") && stat(directory + "/" + name, &status) == 0 && status.st_size > 100_000
        }
    }

    @Test func ratesBelowEspeaksFloorAreSpokenAtTheSpeedAsked() throws {
        let scratch = try ScratchDirectory()
        let text = scratch.file("story.txt")
        try Data(story.joined(separator: " ").utf8).write(to: URL(fileURLWithPath: text))
        var durations: [String: Double] = [:]
        for rate in ["1", "0.5", "0.25"] {
            let wav = scratch.file("\(rate).wav")
            let outcome = try NarrateProcess(arguments: ["speak", "-q", text, "--prosody", "none", "--rate", rate, "-o", wav]).run()
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let duration: Double = try #require(soxDuration(wav))
            durations[rate] = duration
        }
        let (normal, half, quarter) = try (#require(durations["1"]), #require(durations["0.5"]), #require(durations["0.25"]))
        // espeak alone never goes below 80 wpm: 0.25 would be about 0.46.
        #expect(abs(half / normal - 2) < 0.3 && abs(quarter / normal - 4) < 0.5, "\(durations)")
    }

    @Test func unknownVoiceIsAUsageErrorNamingCloseOnes() throws {
        let scratch = try ScratchDirectory()
        let plist = try scratch.perWordPlist("story.plist", pages: story)
        let outcome = try NarrateProcess(arguments: ["speak", plist, "-o", scratch.file("x.wav"), "--voice", "en-uss"]).run()
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("unknown voice 'en-uss'") && outcome.stderr.contains("en-us"))
    }

    @Test(arguments: [
        (["--pages", "5-9"], Int32(1), "outside the book"),
        (["--from", "1:99"], 1, "has 9 utterances"),
        (["--timings", "t.txt"], 64, ".json, .srt or .vtt"),
        (["--rate", "9"], 64, "--rate"),
        (["--pages", "3-1"], 64, "--pages"),
    ])
    func badSelectionsAndOptionsAreExplained(extra: [String], status: Int32, message: String) throws {
        let scratch = try ScratchDirectory()
        let plist = try scratch.perWordPlist("story.plist", pages: story)
        let outcome = try NarrateProcess(arguments: ["speak", plist, "-o", scratch.file("x.wav")] + extra).run()
        #expect(outcome.status == status)
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
    }

    @Test func keepsAnExistingFileWithoutForce() throws {
        let scratch = try ScratchDirectory()
        let plist = try scratch.perWordPlist("story.plist", pages: story)
        let wav = scratch.file("x.wav")
        try Data("keep".utf8).write(to: URL(fileURLWithPath: wav))
        let outcome = try NarrateProcess(arguments: ["speak", plist, "-o", wav]).run()
        #expect(outcome.status == 1)
        #expect(try String(contentsOfFile: wav, encoding: .utf8) == "keep")
        #expect(try NarrateProcess(arguments: ["speak", plist, "-o", wav, "--force"]).run().status == 0)
        #expect(soxDuration(wav) != nil)
    }

    @Test func pagesAndFromChooseWhatIsSpoken() throws {
        let scratch = try ScratchDirectory()
        let plist = try scratch.perWordPlist("story.plist", pages: story)
        let timings = scratch.file("t.json")
        let outcome = try NarrateProcess(arguments: ["speak", plist, "-o", scratch.file("x.wav"), "--from", "2:3", "--timings", timings]).run()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: timings))) as? [String: Any]
        let first = (json?["utterances"] as? [[String: Any]])?.first
        #expect(first?["page"] as? Int == 2 && first?["utterance"] as? Int == 3 && first?["text"] as? String == "hid ")
    }

    @Test func voicesListsEspeakVoicesForALanguage() throws {
        let outcome = try NarrateProcess(arguments: ["voices", "fr"]).run()
        #expect(outcome.status == 0)
        let text = String(decoding: outcome.stdout, as: UTF8.self)
        #expect(text.contains("roa/fr") && !text.contains("gmw/en"))
        #expect(try NarrateProcess(arguments: ["voices", "xx-none"]).run().status == 1)
    }

    /// Issue 13: a book's own tag (`ja-jp`) and tags written otherwise
    /// (`en_GB`, `pt-br`) find their voices, in any case.
    @Test(arguments: [("ja-jp", "jpx/ja"), ("JA-JP", "jpx/ja"), ("en_GB", "gmw/en"), ("pt-br", "roa/pt-BR")])
    func voicesAndVoiceMatchTagsInAnyCaseWithTheirRegion(tag: String, voice: String) throws {
        let listed = try NarrateProcess(arguments: ["voices", tag]).run()
        #expect(listed.status == 0)
        #expect(String(decoding: listed.stdout, as: UTF8.self).contains(voice))
        let scratch = try ScratchDirectory()
        let text = scratch.file("t.txt")
        try "Hello.\n".write(toFile: text, atomically: true, encoding: .utf8)
        let spoken = try NarrateProcess(arguments: ["speak", text, "--voice", tag, "-o", scratch.file("t.wav"), "-q"]).run()
        #expect(spoken.status == 0, "\(spoken.stderr)")
    }
}
