import Alignment
import Audiobooks
import BookModel
import Foundation
import Narrator
import ReadAlong

/// One run of `narrate align BOOK AUDIO… -o OUT.epub`: speaks the book with
/// espeak-ng for reference (features and exact times only), decodes the
/// recording with ffmpeg, aligns the two, and writes the read-along EPUB
/// with the recording's audio (one MP3 per document, cut where its first
/// sentence begins) and, on request, the timings. Nothing appears at the
/// destinations until they are complete.
public struct AlignWriter {
    public let job: AlignJob
    public let force: Bool

    public init(job: AlignJob, force: Bool) {
        self.job = job
        self.force = force
    }

    public func run(_ host: RenderHost) throws {
        let context = host.context
        let ffmpeg: FFmpeg
        do { ffmpeg = try FFmpeg.locate(for: ReadAlongOutput.audioFormat, environment: ProcessInfo.processInfo.environment) } catch {
            throw Failure(nil, "ffmpeg is needed to read the recording and was not found on the PATH (Debian: apt install ffmpeg)")
        }
        for path in self.job.audio where !FileManager.default.isReadableFile(atPath: path) {
            throw Failure(path, FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file")
        }
        let book = try self.job.output.map { try OutputFile($0.path, force: force, input: self.job.book.path) }
        let timings = try self.job.timings.map { try OutputFile($0, force: force, input: self.job.book.path) }
        let stages = AlignProgress(host: host)
        // One look at each file's headers: its length (progress, and whether it reads part of the book), chapter
        // marks (anchors) and codec (copied into the book or not). Chapter marks are a help, not a need: a file
        // ffprobe cannot read has none (and its decoding says why).
        let probes = self.job.audio.map { try? ffmpeg.probe($0, log: "/dev/null") }
        let durations = probes.map { $0?.duration }
        let recordingSeconds = durations.contains(nil) ? nil : durations.reduce(0) { $0 + ($1 ?? 0) }
        // A recording of part of the book: the part it reads, found by listening, is aligned.
        let job = try ReadingPlace.located(
            self.job, recordingSeconds: recordingSeconds, ffmpeg: ffmpeg, context: context, shouldStop: host.shouldStop
        ) { stages.show("listening for the part of the text read") }
        // Kept when the run is interrupted: the same command goes on from each side done (AlignCheckpoint).
        let folder = try WorkFolder(beside: job.output?.path ?? job.timings ?? "./x", creatingParent: false, key: AlignCheckpoint.key(job))
        // What an earlier run finished, read before anything is made afresh in the folder.
        let done: (reference: ReferenceSpeech?, recording: Recording?) = folder.isResumed
            ? (AlignCheckpoint.reference(in: folder.path), AlignCheckpoint.recording(in: folder.path)) : (nil, nil)
        if !job.book.quiet, let what = Self.resumed(reference: done.reference != nil, recording: done.recording != nil) {
            context.printError("narrate: resuming: \(what) by an earlier run")
        }
        // Let go of once the text is spoken: a second reference (at the reading's pace) needs the engine.
        var speaker = done.reference == nil ? try ReferenceSpeech.speaker(job, context: context, folder: folder) : nil
        let sampleRate = speaker?.sampleRate ?? done.reference?.features.timing.sampleRate ?? RenderRun.sampleRate
        let rate = Double(sampleRate)
        stages.showSpeakingAndDecoding(recordingSeconds: recordingSeconds)
        // The reference and the recording are analysed at once, one on each core.
        let (reference, recording) = try SideBySide.run(shouldStop: host.shouldStop) { shouldStop in
            if let reference = done.reference { return reference }
            guard let speaker else { throw Failure(nil, "no voice was opened for the reference speech") }
            let reference = try speaker.speak(shouldStop: shouldStop) { stages.spoke(upTo: Double($0) / rate) }
            try AlignCheckpoint.save(reference, in: folder.path)
            return reference
        } and: { shouldStop in
            if let recording = done.recording { return recording }
            let recording = try Recording.decode(
                job.audio, chapterMarks: probes.map { $0?.chapterStarts ?? [] }, ffmpeg: ffmpeg, folder: folder, sampleRate: sampleRate,
                shouldStop: shouldStop
            ) {
                stages.decoded(upTo: Double($0) / rate)
            }
            try AlignCheckpoint.save(recording, in: folder.path)
            return recording
        }
        speaker = nil
        stages.show("aligning")
        let audible = AudibleStretch(loudness: recording.features.loudness)
        guard audible.hasSound else {
            throw Failure(job.audio.count == 1 ? job.audio[0] : nil, "the recording is silent: there is no speech to align the text with")
        }
        var alignment = try BookAlignment(reference: reference, recording: recording, audible: audible, folder: folder)
        var paced: ReferenceSpeech?
        // A reading much slower or faster than the reference voice is
        // followed far better by a reference spoken at its pace.
        func alignedAtPace(_ pacedJob: AlignJob) throws -> (ReferenceSpeech, BookAlignment) {
            stages.show("speaking the text again at the reading's pace")
            let again = try ReferenceSpeech.speaker(pacedJob, context: context, folder: folder, features: AlignCheckpoint.pacedFeatures)
                .speak(shouldStop: host.shouldStop)
            stages.show("aligning")
            return (again, try BookAlignment(reference: again, recording: recording, audible: audible, folder: folder))
        }
        if let pacedJob = Self.pacedJob(job, pace: alignment.paces.summed) {
            (paced, alignment) = try alignedAtPace(pacedJob)
        } else if alignment.missesSentences, let pacedJob = Self.pacedJob(job, pace: alignment.paces.extent)
        {
            // Sentences not found can be a pace far from the reference's
            // hidden by neighbours that took their time (a reading at 1.5×,
            // 2026-12-04); or sentences the recording lacks, which make the
            // stretch from the first sentence found to the last look fast.
            // The reference spoken at that stretch's pace is kept when the
            // sentences' own paces agree better with it (``SentencePaces/spread``).
            let (again, trial) = try alignedAtPace(pacedJob)
            if let spread = trial.paces.spread, spread < alignment.paces.spread ?? .infinity { (paced, alignment) = (again, trial) }
        }
        if let paced { try AlignCheckpoint.save(paced, in: folder.path) }
        let voice = paced?.voice ?? reference.voice
        if job.recognizesWords, (alignment.matchToChance ?? 0) >= Self.naturalVoiceMatch {
            stages.show("listening for the text")
            let verdict = try ReadingCheck.verdict(alignment, recording: recording, voice: voice, shouldStop: host.shouldStop)
            if case .saysSomethingElse(let heard, let scored) = verdict {
                stages.finish()
                throw Failure(
                    job.audio.count == 1 ? job.audio[0] : nil,
                    "the recording does not seem to read this text: the speech recogniser heard \(heard) of \(scored) of its sentences where the alignment put them (a recording of part of the text needs --from or --pages; --no-recognizer aligns it anyway)")
            }
        }
        if job.wantsWords, job.recognizesWords {
            stages.show("placing words")
            let outcome = try RecognizedWords.place(in: &alignment, recording: recording, voice: voice, shouldStop: host.shouldStop)
            if case .unavailable(let reason) = outcome, !job.book.quiet {
                context.printError("narrate: word times from the warping alone: \(reason)")
            }
        }
        stages.finish()
        report(alignment, recording: recording, context: context)
        try context.checkStrict()
        if let book, let output = job.output {
            guard let destination = book.pathToWrite else { throw Failure(output.path, "cannot write a read-along book here") }
            try AlignedBookWriter(
                job: job, output: output, alignment: alignment, recording: recording, probes: probes, ffmpeg: ffmpeg, folder: folder)
                .write(to: destination, context: context)
            chmod(destination, 0o644)
            try book.commit()
        }
        if let timings, let path = job.timings, let format = TimingsFormat(path: path) {
            let writer = TimingsWriter(descriptor: timings.descriptor, format: format, sampleRate: alignment.sampleRate)
            var page: Int?
            for utterance in alignment.utterances where utterance.isAligned {
                let recorded = alignment.recorded(utterance)
                // A page starts where its first sentence found in the recording does.
                if recorded.position.page != page {
                    page = recorded.position.page
                    writer.pageStarted(recorded.position.page, atSample: recorded.startSample)
                }
                writer.utteranceSpoken(recorded, confidence: utterance.span.confidence)
            }
            do { try writer.finish() } catch { throw Failure(path, error.description) }
            try timings.commit()
        }
        folder.remove()
    }

    /// The job with its reference rate matched to the recording's `pace`
    /// (``SentencePaces/summed`` of the first alignment), when
    /// ``AlignJob/matchesPace`` and the two are more than
    /// ``AlignJob/paceTolerance`` apart; nil to keep the alignment.
    static func pacedJob(_ job: AlignJob, pace: Double?) -> AlignJob? {
        guard job.matchesPace, let pace, pace.isFinite, pace > 0,
            max(pace, 1 / pace) > AlignJob.paceTolerance
        else { return nil }
        var paced = job
        let scale = job.narration.mapping.rateScale / pace
        paced.narration.mapping.rateScale = min(max(scale, 0.25), 4)
        return paced
    }

    /// What an earlier run did, said in a line; nil for nothing.
    static func resumed(reference: Bool, recording: Bool) -> String? {
        switch (reference, recording) {
        case (true, true): "the text was spoken and the recording decoded"
        case (true, false): "the text was spoken"
        case (false, true): "the recording was decoded"
        case (false, false): nil
        }
    }

    /// Says what the recording holds that the text does not, and which
    /// sentences were not found in it.
    private func report(_ alignment: BookAlignment, recording: Recording, context: CommandContext) {
        let rate = Double(alignment.sampleRate)
        for part in alignment.unmatched() where !job.book.quiet {
            let name = partName(startingAt: part.start, recording: recording, rate: rate)
            let head = Double(part.head.count) / rate, tail = Double(part.tail.count) / rate
            if part.isWhole {
                if head >= Self.noticeableSeconds { context.printError("narrate: \(name): none of its \(Self.clock(head)) is in the text; left out") }
                continue
            }
            if head >= Self.noticeableSeconds {
                context.printError("narrate: \(name): the first \(Self.clock(head)) are not in the text (an introduction?); left out")
            }
            if tail >= Self.noticeableSeconds {
                context.printError("narrate: \(name): the last \(Self.clock(tail)) are not in the text (credits?); left out")
            }
        }
        let warnings = context.warnings(about: job.book.path)
        let lastSpoken = alignment.utterances.lastIndex { !$0.reference.words.isEmpty }
        for run in alignment.missing {
            let first = alignment.utterances[run.lowerBound].reference
            let text = first.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            let excerpt = text.count > 40 ? String(text.prefix(40)).trimmingCharacters(in: .whitespaces) + "…" : text
            if let lastSpoken, run.upperBound == lastSpoken + 1 {
                warnings.warn(Self.unreadEnd(run.count, excerpt: excerpt,
                    pages: first.position.page..<(alignment.utterances[lastSpoken].reference.position.page + 1)))
                continue
            }
            let what = run.count == 1 ? "a sentence" : "\(run.count) sentences"
            let at = Self.clock(Double(alignment.utterances[run.lowerBound].span.samples.lowerBound) / rate)
            warnings.warn("page \(first.position.page + 1): \(what) from “\(excerpt)” not found in the recording (near \(at)); not highlighted")
        }
    }

    /// The warning for sentences not found at the end of the text: the
    /// recording stops before the text does (a reading of its first
    /// chapters), or leaves its last sentences out.
    static func unreadEnd(_ count: Int, excerpt: String, pages: Range<Int>) -> String {
        let place = pages.count > 1 ? "pages \(pages.lowerBound + 1)-\(pages.upperBound)" : "page \(pages.lowerBound + 1)"
        let what = count == 1 ? "its last sentence, “\(excerpt)”, is" : "its last \(count) sentences, from “\(excerpt)”, are"
        return "\(place): the recording ends before the text: \(what) not in it; not highlighted (--pages aligns only the pages it reads)"
    }

    /// The file a part of the recording is in, with the chapter's place in it
    /// when the part is a chapter: `book.m4b (the chapter at 12:03.4)`.
    private func partName(startingAt start: Int, recording: Recording, rate: Double) -> String {
        let file = recording.fileStarts.lastIndex { $0 <= start } ?? 0
        let name = file < job.audio.count ? job.audio[file] : job.audio.last ?? ""
        let fileStart = file < recording.fileStarts.count ? recording.fileStarts[file] : 0
        return start == fileStart ? name : "\(name) (the chapter at \(Self.clock(Double(start - fileStart) / rate)))"
    }

    /// A recording whose match is at least this share of the chance level
    /// (``BookAlignment/matchToChance``) is not plainly an espeak-ng voice
    /// reading the text (those lie at 0.1–0.4): a natural voice reading
    /// it, or speech of something else (both 0.7–0.8), which the
    /// recogniser tells apart (``ReadingCheck``).
    static let naturalVoiceMatch = 0.6

    /// Head or tail material shorter than this goes unmentioned.
    static let noticeableSeconds = 2.0

    /// `1:02:03.4` or `12.3 s`.
    static func clock(_ seconds: Double) -> String {
        guard seconds >= 60 else { return String(format: "%.1f s", seconds) }
        let whole = Int(seconds)
        let fraction = Int((seconds - Double(whole)) * 10)
        let hours = whole / 3600, minutes = whole / 60 % 60, rest = whole % 60
        return (hours > 0 ? "\(hours):" + String(format: "%02d", minutes) : "\(minutes)") + ":" + String(format: "%02d.%d", rest, fraction)
    }
}

/// The stage an alignment is at, on a terminal: while the text is spoken
/// and the recording decoded (at once, on two threads), how much of each is
/// done — `narrate: speaking the text (1:02:03.4 so far), decoding the
/// recording (45%)…` — at most five times a second.
final class AlignProgress: @unchecked Sendable {  // state behind `lock`
    private let host: RenderHost
    private let lock = NSLock()
    private var stage = ""
    private var spoken: Double?
    private var decoded = 0.0
    private var recordingSeconds: Double?
    private var shown = 0.0

    init(host: RenderHost) { self.host = host }

    /// Whether anything is shown (a terminal, not `--quiet`).
    var isShown: Bool { host.progress != nil && host.context.stderrIsTerminal }

    func show(_ stage: String) {
        lock.withLock {
            self.stage = stage
            spoken = nil
        }
        draw(force: true)
    }

    /// The two sides at once: the recording lasts `seconds` in all (nil when unknown).
    func showSpeakingAndDecoding(recordingSeconds seconds: Double?) {
        lock.withLock {
            stage = ""
            spoken = 0
            decoded = 0
            recordingSeconds = seconds
        }
        draw(force: true)
    }

    /// The reference has been spoken up to `seconds`.
    func spoke(upTo seconds: Double) {
        lock.withLock { spoken = seconds }
        draw(force: false)
    }

    /// The recording has been decoded up to `seconds`.
    func decoded(upTo seconds: Double) {
        lock.withLock { decoded = seconds }
        draw(force: false)
    }

    func finish() {
        guard isShown else { return }
        lock.withLock { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    private func draw(force: Bool) {
        guard isShown else { return }
        lock.withLock {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let time = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
            guard force || time - shown >= 0.2 else { return }
            shown = time
            FileHandle.standardError.write(Data("\r\u{1B}[Knarrate: \(line)…".utf8))
        }
    }

    /// What is shown, `lock` held.
    private var line: String { Self.line(stage: stage, spoken: spoken, decoded: decoded, recordingSeconds: recordingSeconds) }

    /// The stage, or how far the two sides have come: the reference spoken
    /// for `spoken` seconds, the recording decoded for `decoded` of its
    /// `recordingSeconds` (a percentage; the time decoded when its length is unknown).
    static func line(stage: String, spoken: Double?, decoded: Double, recordingSeconds: Double?) -> String {
        guard let spoken else { return stage }
        let recording = recordingSeconds.map { total in "\(Int((min(decoded / max(total, 0.001), 1) * 100).rounded(.down)))%" }
            ?? AlignWriter.clock(decoded) + " so far"
        return "speaking the text (\(AlignWriter.clock(spoken)) so far), decoding the recording (\(recording))"
    }
}
