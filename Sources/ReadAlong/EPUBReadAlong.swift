import BookFiles

/// Makes an EPUB read-along: the same book, every file as it was except
/// the content documents that are narrated (their spoken fragments wrapped
/// in spans), the package document (overlays, durations, EPUB 3), and the
/// files added beside the package in `narrate/`: one SMIL and one audio
/// file per narrated document and the style sheet that highlights the
/// fragment being read; an EPUB 2 book also gains a navigation document
/// made from its NCX.
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

    /// - Throws: ``ReadAlongError`` when the book has no readable package document.
    public init(archive: any Archive, sync: SyncLevel) throws(ReadAlongError) {
        self.archive = archive
        self.sync = sync
        packagePath = try Self.locatePackage(in: archive)
    }

    /// Writes the read-along book to `output` (a path replaced when the
    /// archive is closed).
    public func write(_ documents: [NarratedDocument], to output: String) throws(ReadAlongError) -> Report {
        var editor = try PackageEditor(bytes: read(packagePath), path: packagePath)
        editor.dropOverlays()
        editor.dropMissingAudio(in: archive)
        editor.upgrade()
        let folder = RelativePath.directory(of: packagePath) + "narrate/"
        let cssPath = folder + "read-along.css"
        var report = Report()
        var edited: [String: [UInt8]] = [:]
        var names = Set(archive.entryPaths)
        var audio: [(path: String, file: String)] = []
        for document in documents {
            let marker: ContentDocumentMarker
            do {
                marker = try ContentDocumentMarker(
                    bytes: read(document.contentPath), utterances: document.utterances, sync: sync,
                    styleSheet: RelativePath.href(to: cssPath, from: document.contentPath), html5: editor.isEPUB2)
            } catch let error as ReadAlongError {
                throw error
            } catch {
                report.skipped.append((document.contentPath, "not well-formed XHTML, so not made read-along"))
                continue
            }
            report.unmatched += marker.unmatched
            report.fragments += sync == .word ? document.utterances.reduce(0) { $0 + $1.words.count } : document.utterances.count
            guard !marker.clips.isEmpty else {
                report.skipped.append((document.contentPath, "none of its narrated text was found in it"))
                continue
            }
            edited[document.contentPath] = marker.bytes
            let stem = Self.uniqueStem(of: document.contentPath, in: folder, names: &names, extensions: ["smil", document.audioExtension])
            let overlay = MediaOverlay(
                contentPath: document.contentPath, audioPath: folder + stem + "." + document.audioExtension,
                smilPath: folder + stem + ".smil", clips: marker.clips, duration: marker.clips.last?.end ?? 0)
            report.overlays.append(overlay)
            audio.append((overlay.audioPath, document.audioFile))
            let audioID = editor.addItem(path: overlay.audioPath, mediaType: document.audioType, idStem: "narrate-audio-" + stem)
            _ = audioID
            let smilID = editor.addItem(path: overlay.smilPath, mediaType: "application/smil+xml", idStem: "narrate-smil-" + stem)
            editor.setOverlay(of: document.contentPath, to: smilID)
            editor.addMeta(property: "media:duration", value: XMLText.clock(overlay.clipDuration), refines: smilID)
        }
        var added: [(path: String, bytes: [UInt8])] = []
        if !report.overlays.isEmpty {
            editor.addItem(path: cssPath, mediaType: "text/css", idStem: "narrate-css")
            added.append((cssPath, Array(Self.styleSheet.utf8)))
            let total = report.overlays.reduce(0) { $0 + $1.clipDuration }
            editor.addMeta(property: "media:duration", value: XMLText.clock(total))
            editor.addMeta(property: "media:active-class", value: Self.activeClass)
        }
        if let navigation = try navigation(for: editor, names: &names) {
            editor.addItem(path: navigation.path, mediaType: "application/xhtml+xml", properties: "nav", idStem: "narrate-nav")
            added.append(navigation)
        }
        editor.setModified(PackageEditor.now())
        edited[packagePath] = editor.bytes
        added += report.overlays.map { ($0.smilPath, SMILDocument.bytes(of: $0)) }
        try writeArchive(to: output, edited: edited, dropped: Set(editor.droppedOverlays), added: added, audio: audio)
        return report
    }

    /// The navigation document an EPUB 2 book needs: made from its NCX.
    private func navigation(for editor: PackageEditor, names: inout Set<String>) throws(ReadAlongError)
        -> (path: String, bytes: [UInt8])?
    {
        guard editor.isEPUB2, !editor.hasNavigation else { return nil }
        let ncx = editor.ncxPath
        var entries = try ncx.map { (path) throws(ReadAlongError) in NavigationDocument.entries(ncx: try read(path)) } ?? []
        let folder = ncx.map(RelativePath.directory(of:)) ?? RelativePath.directory(of: packagePath)
        if entries.isEmpty, let first = editor.firstSpinePath {
            entries = [.init(title: "Start", href: RelativePath.href(to: first, from: folder + "x"), children: [])]
        }
        let stem = Self.uniqueStem(of: "nav.xhtml", in: folder, names: &names, extensions: ["xhtml"])
        return (folder + stem + ".xhtml", NavigationDocument.bytes(entries: entries, title: "Contents", language: nil))
    }

    private func writeArchive(
        to output: String, edited: [String: [UInt8]], dropped: Set<String>, added: [(path: String, bytes: [UInt8])],
        audio: [(path: String, file: String)]
    ) throws(ReadAlongError) {
        let kept: [PackageZip.File] = archive.entryPaths.filter { !dropped.contains($0) }.map { path in
            (path, { [archive] in try edited[path] ?? archive.read(path) })
        }
        try PackageZip.write(to: output, files: kept + added.map { file in (file.path, { file.bytes }) }, audio: audio)
    }

    private func read(_ path: String) throws(ReadAlongError) -> [UInt8] {
        do { return try archive.read(path) } catch { throw .archive(error.description) }
    }

    /// `chapter-1`, or `chapter-1-2` when a file of that name is taken.
    private static func uniqueStem(of path: String, in folder: String, names: inout Set<String>, extensions: [String]) -> String {
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

    /// The package document `META-INF/container.xml` names.
    private static func locatePackage(in archive: any Archive) throws(ReadAlongError) -> String {
        let containerPath = "META-INF/container.xml"
        guard let bytes = try? archive.read(containerPath), let document = try? XMLDocument.parse(bytes),
            let rootfiles = document.root?.firstChild(named: "rootfiles"),
            let fullPath = rootfiles.firstChild(named: "rootfile")?.attribute("full-path"),
            let path = ArchivePath.normalise(entryName: fullPath), archive.contains(path)
        else { throw .malformed(path: containerPath, message: "does not name a package document the book has") }
        return path
    }
}
