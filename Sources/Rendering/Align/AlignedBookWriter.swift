import Audiobooks
import BookModel
import Foundation
import Narrator
import ReadAlong

/// Writes the read-along book of an alignment: the utterances found,
/// grouped by content document (an EPUB) or page (a generated book), and
/// the book made by the read-along writer with the recording's audio.
///
/// The recording's own files go in as they are when reading systems play
/// them (MP3, or AAC in MP4: EPUB 3's audio types), no `--bitrate` asks for
/// another encoding, and each group lies within one file: no second
/// encoding, and no quality lost; the clips point into each file.
/// Otherwise each group's stretch of the recording is encoded as its MP3,
/// from just before its first sentence to where the next group's begins,
/// so nothing the narrator said between them is lost; the head before the
/// first sentence and the tail after the last are left out.
struct AlignedBookWriter {
    let job: AlignJob
    let output: ReadAlongOutput
    let alignment: BookAlignment
    let recording: Recording
    /// What ffprobe read of each AUDIO file (nil for one it could not).
    let probes: [AudioProbe?]
    let ffmpeg: FFmpeg
    let folder: WorkFolder

    /// Lead before a group's first sentence, in seconds (breath, not the previous chapter).
    static let lead = 0.4
    /// Kept after the last sentence of the book, in seconds.
    static let trail = 1.0

    /// One content document or page and what was found of it.
    struct Group {
        var key: String
        var page: Int
        var utterances: [BookAlignment.Utterance]
    }

    func write(to destination: String, context: CommandContext) throws {
        let epub = try BookOpener.openEPUB(job.book)
        let groups = self.groups(byDocument: epub != nil)
        guard !groups.isEmpty else { throw Failure(job.audio.first, "no sentence of the book was found in the recording") }
        let audio = try copied(groups) ?? encoded(groups)
        let (audioFiles, origins, audioExtension, audioType) = (audio.files, audio.origins, audio.fileExtension, audio.mediaType)
        let report: EPUBReadAlong.Report
        do {
            if let epub {
                let reading = ReadingChoices(readsNotes: job.book.options.readsNotes, readsContents: job.book.options.readsContents)
                let documents = groups.indices.map { index in
                    EPUBReadAlong.NarratedDocument(
                        contentPath: groups[index].key, utterances: timed(groups[index], from: origins[index]),
                        audioFile: audioFiles[index], audioExtension: audioExtension, audioType: audioType)
                }
                report = try EPUBReadAlong(archive: epub.archive, packagePath: epub.packagePath, sync: output.sync, reading: reading)
                    .write(documents, to: destination)
            } else {
                let titles = try pageTitles(context: context)
                let pages = groups.indices.map { index in
                    GeneratedReadAlong.Page(
                        title: titles[groups[index].page] ?? "Page \(groups[index].page + 1)", image: nil,
                        utterances: timed(groups[index], from: origins[index]), audioFile: audioFiles[index])
                }
                let stream = try BookOpener.open(job.book, context: context, inMemory: false)
                let cover = stream.metadata.coverImage.flatMap {
                    PagePictures(stream: stream, bookPath: job.book.path).picture(named: $0)
                }
                report = try GeneratedReadAlong(
                    metadata: stream.metadata, sync: output.sync, audioExtension: audioExtension, audioType: audioType,
                    cover: cover.map(GeneratedReadAlong.Image.init)
                ).write(pages, to: destination)
            }
        } catch let error as ReadAlongError {
            throw Failure(job.book.path, error.description)
        }
        let warnings = context.warnings(about: job.book.path)
        for (path, reason) in report.skipped { warnings.warn("\(path): \(reason)") }
    }

    /// Each group's audio file, and the sample of the recording its time 0 is.
    struct GroupAudio {
        var files: [String]
        var origins: [Int]
        var fileExtension: String
        var mediaType: String
    }

    /// The recording's own files, when they can go in the book as they are
    /// (all MP3, or all AAC in MP4, no `--bitrate`, each group within one
    /// file); nil otherwise.
    private func copied(_ groups: [Group]) -> GroupAudio? {
        guard !job.reencodes, !job.audio.isEmpty else { return nil }
        guard probes.count == job.audio.count else { return nil }
        let kind: (fileExtension: String, mediaType: String)
        if probes.allSatisfy({ $0?.codec == "mp3" && $0?.container == "mp3" }) {
            kind = ("mp3", "audio/mpeg")
        } else if probes.allSatisfy({ $0?.codec == "aac" && $0?.container?.contains("mp4") == true }) {
            kind = ("m4a", "audio/mp4")
        } else {
            return nil
        }
        let starts = recording.fileStarts
        var files: [String] = [], origins: [Int] = []
        for group in groups {
            let first = group.utterances.first?.span.samples.lowerBound ?? 0
            let file = starts.lastIndex { $0 <= first } ?? 0
            let end = file + 1 < starts.count ? starts[file + 1] : alignment.recordingSamples
            guard file < job.audio.count, group.utterances.allSatisfy({ $0.span.samples.lowerBound < end }) else { return nil }
            files.append(job.audio[file])
            origins.append(starts[file])
        }
        return GroupAudio(files: files, origins: origins, fileExtension: kind.fileExtension, mediaType: kind.mediaType)
    }

    /// Each group's stretch of the recording encoded as an MP3 of its own.
    private func encoded(_ groups: [Group]) throws -> GroupAudio {
        let cuts = self.cuts(groups)
        var files: [String] = []
        for (index, cut) in cuts.enumerated() {
            let path = folder.path + "/part-\(index).mp3"
            do {
                try ffmpeg.encode(
                    raw: recording.rawPath, samples: cut, sampleRate: alignment.sampleRate, format: ReadAlongOutput.audioFormat,
                    bitrate: output.bitrate, output: path, log: folder.path + "/encode.log")
            } catch { throw Failure(output.path, error.description) }
            files.append(path)
        }
        return GroupAudio(files: files, origins: cuts.map(\.lowerBound), fileExtension: "mp3", mediaType: "audio/mpeg")
    }

    /// The utterances found, grouped by document (or page) in order.
    private func groups(byDocument: Bool) -> [Group] {
        var groups: [Group] = []
        for utterance in alignment.utterances where utterance.isAligned {
            let page = utterance.reference.position.page
            let key = byDocument ? utterance.reference.source?.resource ?? "" : String(page)
            if groups.last?.key == key { groups[groups.count - 1].utterances.append(utterance) } else {
                groups.append(Group(key: key, page: page, utterances: [utterance]))
            }
        }
        return groups.filter { !$0.key.isEmpty }
    }

    /// Each group's stretch of the recording, end to end.
    private func cuts(_ groups: [Group]) -> [Range<Int>] {
        let rate = Double(alignment.sampleRate)
        let lead = Int(Self.lead * rate)
        let starts = groups.map { $0.utterances.first?.span.samples.lowerBound ?? 0 }
        let ends = groups.map { $0.utterances.last?.span.samples.upperBound ?? 0 }
        var cuts: [Range<Int>] = []
        for index in groups.indices {
            let start = index == 0 ? max(starts[0] - lead, 0) : cuts[index - 1].upperBound
            let end = index + 1 < groups.count
                ? max(ends[index], starts[index + 1] - lead)
                : min(ends[index] + Int(Self.trail * rate), alignment.recordingSamples)
            cuts.append(start..<max(end, start + 1))
        }
        return cuts
    }

    /// A group's utterances timed from `origin` (a sample of the recording).
    private func timed(_ group: Group, from origin: Int) -> [TimedUtterance] {
        let rate = Double(alignment.sampleRate)
        func seconds(_ sample: Int) -> Double { Double(sample - origin) / rate }
        return group.utterances.map { utterance in
            let timing = alignment.recorded(utterance)
            return TimedUtterance(
                text: timing.text, begin: seconds(timing.startSample), end: seconds(max(timing.endSample, timing.startSample + 1)),
                words: timing.words.map { .init(range: $0.range, begin: seconds($0.startSample), end: seconds(max($0.endSample, $0.startSample + 1))) },
                language: timing.language, line: timing.source?.line)
        }
    }

    /// Each page's chapter title, for a generated book.
    private func pageTitles(context: CommandContext) throws -> [Int: String] {
        let outline = try BookOutline(try BookOpener.open(job.book, context: context, inMemory: false))
        return Dictionary(uniqueKeysWithValues: outline.pages.map { ($0.index, $0.title) })
    }
}
