/// One content document's media overlay: which fragment of it is heard
/// when, in its audio file. What both the EPUB path (fragments wrapped in
/// an existing document) and a generated publication produce, and what
/// ``SMILDocument`` and ``PackageEditor`` write out.
public struct MediaOverlay: Hashable, Sendable {
    /// A fragment of the document and the clip of audio that speaks it.
    public struct Clip: Hashable, Sendable {
        /// The `id` of the element in the content document.
        public var fragment: String
        /// Seconds from the start of the audio file; `end > begin`.
        public var begin: Double
        public var end: Double
        /// The `id`s of the sections (`<section>`, `<article>`, `<aside>`)
        /// the fragment lies in, outermost first: the overlay's nested
        /// `<seq>` elements.
        public var sections: [String]

        public init(fragment: String, begin: Double, end: Double, sections: [String] = []) {
            self.fragment = fragment
            self.begin = begin
            self.end = end
            self.sections = sections
        }
    }

    /// Archive path of the content document (`OEBPS/ch1.xhtml`).
    public var contentPath: String
    /// Archive path of its audio file.
    public var audioPath: String
    /// Archive path of the SMIL document to write.
    public var smilPath: String
    /// The clips in reading order, not overlapping.
    public var clips: [Clip]
    /// The audio file's length in seconds.
    public var duration: Double

    public init(contentPath: String, audioPath: String, smilPath: String, clips: [Clip], duration: Double) {
        self.contentPath = contentPath
        self.audioPath = audioPath
        self.smilPath = smilPath
        self.clips = clips
        self.duration = duration
    }

    /// The clips with each one ending where the next begins. Reading systems
    /// play an overlay clip by clip and skip the audio between clips, so
    /// without this the pauses after sentences and headings would be lost,
    /// and so would speech no fragment holds (a spoken list number, a
    /// picture's description); now each is heard with the fragment before it.
    public static func joined(_ clips: [Clip]) -> [Clip] {
        var joined = clips
        for index in joined.indices.dropLast() { joined[index].end = max(joined[index].end, joined[index + 1].begin) }
        return joined
    }

    /// The overlay's play time: the sum of its clips, as `media:duration` counts it.
    public var clipDuration: Double { clips.reduce(0) { $0 + ($1.end - $1.begin) } }
}
