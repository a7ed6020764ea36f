import Audiobooks
import Foundation

/// `--per-chapter`: one file per page in a folder, named `NN - Title.ext`
/// (NN the page's number in the book), each with the book's tags, its own
/// title and track number, and the cover. Each file is moved into place as
/// soon as it is complete, and noted in the folder's `.narrate-chapters`
/// list with a fingerprint of everything that made it (page text and
/// prosody, options, format, tags, cover); a re-run skips files whose
/// fingerprint is unchanged, unless `--force`.
struct ChapterFolder {
    let run: RenderRun
    let directory: String
    let force: Bool

    init(run: RenderRun, directory: String, force: Bool) {
        self.run = run
        // `-o book/` names the folder `book`: no doubled slash in the paths made from it.
        var folder = directory
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        self.directory = folder
        self.force = force
    }

    /// The list of finished files and their fingerprints.
    private var manifestPath: String { directory + "/.narrate-chapters" }

    func write(_ pages: [BookOutline.PageInfo]) throws {
        var manifest = readManifest()
        let width = max(2, String(run.outline.pages.count).count)
        var todo: [(page: BookOutline.PageInfo, name: String, key: String)] = []
        for page in pages {
            let name = Self.fileName(page, width: width, format: run.job.output.audioFormat)
            let key = fingerprint(page)
            let exists = FileManager.default.fileExists(atPath: directory + "/" + name)
            if exists, !force {
                if manifest[name] == key { continue }
                throw Failure(directory + "/" + name, "already exists and is not the chapter narrate would write now (use --force to overwrite)")
            }
            todo.append((page, name, key))
        }
        guard !todo.isEmpty else { return }
        let plan = RenderPlan(eachPageOf: todo.map(\.page.index))
        let renderer = try run.renderer(plan)
        var timeline = AudiobookTimeline(plan: plan, sampleRate: RenderRun.sampleRate)
        try run.render(renderer, timeline: &timeline, pages: todo.map(\.page)) { piece in
            let (page, name, key) = todo[piece]
            let temporary = "\(run.folder.path)/chapter-\(piece).\(run.job.output.audioFormat.rawValue)"
            let track = (title: page.title, number: page.index + 1, count: run.outline.pages.count)
            try renderer.mux(pieces: [piece], tags: run.tags(track: track), chapters: [], cover: run.cover, output: temporary)
            guard rename(temporary, directory + "/" + name) == 0 else {
                throw AudiobookError.file(path: directory + "/" + name, message: "cannot move into place: \(systemMessage(errno))")
            }
            manifest[name] = key
            saveManifest(manifest)
        }
    }

    /// `07 - Chapter Title.m4b`: the title made safe on every file system.
    static func fileName(_ page: BookOutline.PageInfo, width: Int, format: AudiobookFormat) -> String {
        let number = String(page.index + 1)
        let padded = String(repeating: "0", count: max(0, width - number.count)) + number
        return "\(padded) - \(safeTitle(page.title)).\(format.rawValue)"
    }

    /// The title without characters Windows, macOS or Linux refuse in a
    /// name (`/ \ : * ? " < > |`, controls), without leading or trailing
    /// dots and spaces, at most 80 characters.
    static func safeTitle(_ title: String) -> String {
        let refused = Set("/\\:*?\"<>|")
        let cleaned = String(title.map { refused.contains($0) || $0.unicodeScalars.contains { $0.value < 0x20 } ? " " : $0 })
        let collapsed = cleaned.split(separator: " ").joined(separator: " ")
        let trimmed = String(collapsed.prefix(80)).trimmingCharacters(in: CharacterSet(charactersIn: " ."))
        return trimmed.isEmpty ? "Chapter" : trimmed
    }

    private func fingerprint(_ page: BookOutline.PageInfo) -> String {
        var digest = page.fingerprint
        digest.add(run.job.output.audioFormat.rawValue)
        digest.add(String(run.job.output.bitrate ?? 0))
        digest.add(Self.spokenOptions(run.job))
        digest.add(page.title)
        for pair in run.tags().pairs { digest.add(pair.key + "=" + pair.value) }
        digest.add(run.cover?.bytes ?? [])
        digest.add(NarrateVersion.current)
        return digest.hex
    }

    /// Every option that changes what is said or how it sounds, as JSON:
    /// the book's import options and lexicons, and the narration without
    /// the page selection (which chooses files, not what is in them).
    static func spokenOptions(_ job: RenderJob) -> String {
        var narration = job.narration
        narration.pages = nil
        narration.start = nil
        var book = job.book
        book.path = ""
        book.quiet = false
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = (try? encoder.encode(book)) ?? Data()
        return String(decoding: json, as: UTF8.self) + String(decoding: (try? encoder.encode(narration)) ?? Data(), as: UTF8.self)
    }

    /// `name → fingerprint` from `.narrate-chapters` (tab-separated lines); empty when absent.
    private func readManifest() -> [String: String] {
        var entries: [String: String] = [:]
        let text = (try? String(contentsOfFile: manifestPath, encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
            if fields.count == 2 { entries[fields[1]] = fields[0] }
        }
        return entries
    }

    /// Rewrites the list atomically (another run never sees half of it).
    private func saveManifest(_ entries: [String: String]) {
        let text = entries.sorted { $0.key < $1.key }.map { "\($0.value)\t\($0.key)\n" }.joined()
        try? Data(text.utf8).write(to: URL(fileURLWithPath: manifestPath), options: .atomic)
    }
}
