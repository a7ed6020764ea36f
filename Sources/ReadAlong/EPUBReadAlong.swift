import BookFiles

/// Makes an EPUB read-along: the same book, every file as it was except
/// the content documents that are narrated (their spoken fragments wrapped
/// in spans), the package document (overlays, durations, EPUB 3), and the
/// files added beside the package in `narrate/`: one SMIL and one audio
/// file per narrated document and the style sheet that highlights the
/// fragment being read; an EPUB 2 book (or an EPUB 3 one without it) also
/// gains a navigation document made from its NCX.
public struct EPUBReadAlong {
    /// A content document and what was narrated from it.
    public struct NarratedDocument: Sendable {
        /// Archive path of the XHTML document.
        public var contentPath: String
        /// What was said, in order, timed in `audioFile`.
        public var utterances: [TimedUtterance]
        /// The encoded audio (a file on disk, stored into the book as is).
        public var audioFile: String
        /// Its extension and media type (`mp3`, `audio/mpeg`).
        public var audioExtension: String
        public var audioType: String

        public init(contentPath: String, utterances: [TimedUtterance], audioFile: String, audioExtension: String,
            audioType: String)
        {
            self.contentPath = contentPath
            self.utterances = utterances
            self.audioFile = audioFile
            self.audioExtension = audioExtension
            self.audioType = audioType
        }
    }

    /// What writing found that the caller may want to warn about.
    public struct Report: Sendable {
        /// The overlays written.
        public var overlays: [MediaOverlay] = []
        /// Documents left without an overlay, and why.
        public var skipped: [(path: String, reason: String)] = []
        /// Utterances or words whose text was not found in their document.
        public var unmatched = 0
        /// Utterances or words narrated in all.
        public var fragments = 0
        /// What the book needed repaired so that the output is valid EPUB 3.
        public var repairs = RepairTally()
    }

    /// The CSS class reading systems give the fragment being read.
    public static let activeClass = "narrate-active"
    static let styleSheet = """
        /* Added by narrate: how a reading system shows the fragment being read aloud. */
        .\(activeClass) {
            background-color: #fff0a0;
            color: #000000;
        }

        """

    let archive: any Archive
    /// The package document's archive path.
    public let packagePath: String
    public let sync: SyncLevel
    /// What the narration read beyond the main text (notes, contents).
    public let reading: ReadingChoices

    /// - Parameters:
    ///   - packagePath: the package document's archive path, as the
    ///     importer located it (`BookImporter.openEPUB`), so that the book
    ///     is opened by one set of rules.
    ///   - reading: what the import read beyond the main text, which is
    ///     looked for in the documents too.
    public init(archive: any Archive, packagePath: String, sync: SyncLevel, reading: ReadingChoices = ReadingChoices()) {
        self.archive = archive
        self.sync = sync
        self.packagePath = packagePath
        self.reading = reading
    }

    /// Writes the read-along book to `output` (a path replaced when the
    /// archive is closed).
    public func write(_ documents: [NarratedDocument], to output: String) throws(ReadAlongError) -> Report {
        var book = try Assembly(archive: archive, packagePath: packagePath, sync: sync)
        book.reading = reading
        for document in documents { try book.add(document, reading: read) }
        book.finishOverlays()
        if let navigation = try navigation(for: book.editor, edited: book.edited, names: &book.names) {
            book.editor.addItem(path: navigation.path, mediaType: "application/xhtml+xml", properties: "nav", idStem: "narrate-nav")
            book.added.append(navigation)
            if !book.editor.isEPUB2 { book.report.repairs.add(.missingNavigation) }
        }
        book.editor.setModified(PackageEditor.now())
        book.edited[packagePath] = book.editor.bytes
        book.added += book.report.overlays.map { ($0.smilPath, SMILDocument.bytes(of: $0)) }
        try writeArchive(
            to: output, edited: book.edited, dropped: Set(book.editor.droppedOverlays).union(book.droppedAudio), added: book.added,
            audio: book.audio)
        return book.report
    }

    /// What the book becomes, gathered document by document before it is written.
    private struct Assembly {
        var editor: PackageEditor
        let sync: SyncLevel
        var reading = ReadingChoices()
        /// Where narrate's files go: `narrate/` beside the package.
        let folder: String
        var report = Report()
        /// New bytes of the files that change.
        var edited: [String: [UInt8]] = [:]
        /// Every entry name taken.
        var names: Set<String>
        var added: [(path: String, bytes: [UInt8])] = []
        var audio: [(path: String, file: String)] = []
        /// The entry each audio file went in: documents narrated by one file
        /// (an aligned recording's chapter files, or one M4B) share its entry.
        var audioEntries: [String: String] = [:]
        /// CSS that keeps the look of what the repair step changed.
        var repairStyle = ""
        /// The audio only the book's own overlays played, left out (``PackageEditor/dropOverlayAudio(in:)``).
        var droppedAudio: Set<String> = []

        var cssPath: String { folder + "read-along.css" }

        init(archive: any Archive, packagePath: String, sync: SyncLevel) throws(ReadAlongError) {
            let bytes: [UInt8]
            do { bytes = try archive.read(packagePath) } catch { throw .archive(error.description) }
            editor = try PackageEditor(bytes: bytes, path: packagePath)
            editor.dropOverlays()
            droppedAudio = editor.dropOverlayAudio(in: archive)
            editor.dropFragmentItems()
            editor.dropMissingAudio(in: archive)
            editor.dropOrphanRefinements()
            editor.upgrade()
            let repair = BookRepair(archive: archive, editor: &editor)
            edited = repair.repaired
            report.repairs = repair.tally
            repairStyle = repair.styleRules
            self.sync = sync
            folder = RelativePath.directory(of: packagePath) + "narrate/"
            names = Set(archive.entryPaths)
        }

        /// Wraps a document's fragments and ties it to its overlay; a
        /// document that is not well-formed, or where none of its narrated
        /// text is found, stays as it was.
        mutating func add(_ document: NarratedDocument, reading read: (String) throws(ReadAlongError) -> [UInt8])
            throws(ReadAlongError)
        {
            let marker: ContentDocumentMarker
            let repaired = edited[document.contentPath]
            let original = try read(document.contentPath)
            do {
                marker = try ContentDocumentMarker(
                    bytes: repaired ?? original, utterances: document.utterances, sync: sync,
                    styleSheet: RelativePath.href(to: cssPath, from: document.contentPath), html5: editor.isEPUB2,
                    reading: reading, imported: repaired == nil ? nil : original)
            } catch {
                report.skipped.append((document.contentPath, "not well-formed XHTML, so not made read-along"))
                return
            }
            report.unmatched += marker.unmatched
            report.fragments += sync == .word ? document.utterances.reduce(0) { $0 + $1.words.count } : document.utterances.count
            guard !marker.clips.isEmpty else {
                report.skipped.append((document.contentPath, "none of its narrated text was found in it"))
                return
            }
            edited[document.contentPath] = marker.bytes
            let stem = EPUBReadAlong.uniqueStem(
                of: document.contentPath, in: folder, names: &names, extensions: ["smil", document.audioExtension])
            let shared = audioEntries[document.audioFile]
            let overlay = MediaOverlay(
                contentPath: document.contentPath, audioPath: shared ?? folder + stem + "." + document.audioExtension,
                smilPath: folder + stem + ".smil", clips: MediaOverlay.joined(marker.clips), duration: marker.clips.last?.end ?? 0)
            report.overlays.append(overlay)
            if shared == nil {
                audioEntries[document.audioFile] = overlay.audioPath
                audio.append((overlay.audioPath, document.audioFile))
                editor.addItem(path: overlay.audioPath, mediaType: document.audioType, idStem: "narrate-audio-" + stem)
            }
            let smilID = editor.addItem(path: overlay.smilPath, mediaType: "application/smil+xml", idStem: "narrate-smil-" + stem)
            editor.setOverlay(of: document.contentPath, to: smilID)
            editor.addMeta(property: "media:duration", value: XMLText.clock(overlay.clipDuration), refines: smilID)
        }

        /// The style sheet, the book's total duration and the active class, once there is an overlay.
        mutating func finishOverlays() {
            guard !report.overlays.isEmpty else { return }
            editor.addItem(path: cssPath, mediaType: "text/css", idStem: "narrate-css")
            let repaired = repairStyle.isEmpty ? "" : "/* Added by narrate's repairs: the book's own rules for elements EPUB 3 no longer has, renamed; lists around stray items. */\n" + repairStyle
            added.append((cssPath, Array((EPUBReadAlong.styleSheet + repaired).utf8)))
            let total = report.overlays.reduce(0) { $0 + $1.clipDuration }
            editor.addMeta(property: "media:duration", value: XMLText.clock(total))
            editor.addMeta(property: "media:active-class", value: EPUBReadAlong.activeClass)
        }
    }

    /// The navigation document an EPUB 2 book needs (and an EPUB 3 one that
    /// lacks it): made from its NCX, else one link to the first spine item
    /// titled with the book's title.
    private func navigation(for editor: PackageEditor, edited: [String: [UInt8]], names: inout Set<String>)
        throws(ReadAlongError)
        -> (path: String, bytes: [UInt8])?
    {
        guard !editor.hasNavigation else { return nil }
        let ncx = editor.ncxPath
        var entries = try ncx.map { (path) throws(ReadAlongError) in NavigationDocument.entries(ncx: try edited[path].orThrowing { () throws(ReadAlongError) in try read(path) }) } ?? []
        let folder = ncx.map(RelativePath.directory(of:)) ?? RelativePath.directory(of: packagePath)
        if entries.isEmpty, let first = editor.firstSpinePath {
            entries = [.init(title: editor.title.flatMap { $0.isEmpty ? nil : $0 } ?? "Start", href: RelativePath.href(to: first, from: folder + "x"), children: [])]
        }
        let stem = Self.uniqueStem(of: "nav.xhtml", in: folder, names: &names, extensions: ["xhtml"])
        return (folder + stem + ".xhtml", NavigationDocument.bytes(entries: entries, title: "Contents", language: nil))
    }

    private func writeArchive(
        to output: String, edited: [String: [UInt8]], dropped: Set<String>, added: [(path: String, bytes: [UInt8])],
        audio: [(path: String, file: String)]
    ) throws(ReadAlongError) {
        let kept: [EPUBZip.File] = archive.entryPaths.filter { !dropped.contains($0) }.map { path in
            (path, { [archive] in try edited[path] ?? archive.read(path) })
        }
        try PackageZip.write(to: output, files: kept + added.map { file in (file.path, { file.bytes }) }, audio: audio)
    }

    private func read(_ path: String) throws(ReadAlongError) -> [UInt8] {
        do { return try archive.read(path) } catch { throw .archive(error.description) }
    }

    /// `chapter-1`, or `chapter-1-2` when a file of that name is taken.
    fileprivate static func uniqueStem(of path: String, in folder: String, names: inout Set<String>, extensions: [String]) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? "document"
        let bare = file.split(separator: ".").dropLast().joined(separator: ".")
        let stem = bare.isEmpty ? "document" : bare
        var candidate = stem
        var number = 1
        while extensions.contains(where: { names.contains(folder + candidate + "." + $0) }) {
            number += 1
            candidate = stem + "-" + String(number)
        }
        for ext in extensions { names.insert(folder + candidate + "." + ext) }
        return candidate
    }
}

extension Optional {
    /// The value, else what `fallback` gives (with its typed error; `??` would erase it).
    fileprivate func orThrowing(_ fallback: () throws(ReadAlongError) -> Wrapped) throws(ReadAlongError) -> Wrapped {
        if let self { return self }
        return try fallback()
    }
}
