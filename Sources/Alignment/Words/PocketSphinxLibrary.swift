import Glibc
import Synchronization

/// PocketSphinx (Debian's libpocketsphinx3 and its speaker-independent
/// en-us model, pocketsphinx-en-us), loaded with dlopen when word times
/// are first asked of a recording: the aligner works without it, placing
/// words by the warping alone. Every value crossing the boundary is a
/// pointer, an integer or a C string, so no header is needed.
struct PocketSphinxLibrary: @unchecked Sendable {  // immutable C function pointers
    typealias Arguments = @convention(c) () -> OpaquePointer?
    typealias ParseConfig = @convention(c) (OpaquePointer?, OpaquePointer?, Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, Int32) -> OpaquePointer?
    typealias FreeConfig = @convention(c) (OpaquePointer?) -> Int32
    typealias Initialize = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias Free = @convention(c) (OpaquePointer?) -> Int32
    typealias LookUp = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>?
    typealias AddWord = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32) -> Int32
    typealias SetGrammar = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    typealias SetSearch = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    typealias Utterance = @convention(c) (OpaquePointer?) -> Int32
    typealias ProcessRaw = @convention(c) (OpaquePointer?, UnsafePointer<Int16>?, Int, Int32, Int32) -> Int32
    typealias Hypothesis = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> UnsafePointer<CChar>?
    typealias Segments = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias NextSegment = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias SegmentWord = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    typealias SegmentFrames = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Void
    typealias FreeSegment = @convention(c) (OpaquePointer?) -> Void
    typealias SetLogFile = @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?

    let arguments: Arguments
    let parseConfig: ParseConfig
    let freeConfig: FreeConfig
    let initialize: Initialize
    let free: Free
    let lookUp: LookUp
    let addWord: AddWord
    let setGrammar: SetGrammar
    let setSearch: SetSearch
    let startUtterance: Utterance
    let endUtterance: Utterance
    let processRaw: ProcessRaw
    let hypothesis: Hypothesis
    let segments: Segments
    let nextSegment: NextSegment
    let segmentWord: SegmentWord
    let segmentFrames: SegmentFrames
    let freeSegment: FreeSegment
    /// sphinxbase's `err_set_logfp`: its log goes to one `FILE` for the
    /// whole process (Debian's build keeps no log per thread).
    let setLogFile: SetLogFile

    /// Whether the log is silenced; held while a decoder is made.
    /// sphinxbase's log file is one for the process, and `ps_init` given
    /// `-logfn` closed the one before it: two decoders made at once closed
    /// the same `FILE` twice (a deadlock in glibc's stream list, or a
    /// crash; 2026-12-04).
    private static let silenced = Mutex(false)

    /// Turns sphinxbase's log off (NULL: for every thread where it is
    /// shared), once, before any settings are parsed.
    func silenceLog() {
        Self.silenced.withLock { done in
            if !done { _ = setLogFile(nil) }
            done = true
        }
    }

    /// Makes a decoder from `config`, one at a time.
    func decoder(_ config: OpaquePointer) -> OpaquePointer? {
        // An address crosses the lock (a pointer is not Sendable).
        OpaquePointer(bitPattern: Self.silenced.withLock { _ in Int(bitPattern: UnsafeRawPointer(initialize(config))) })
    }

    /// A decoder for `sampleRate` with the en-us acoustic model and
    /// dictionary in `model`, and the samples per frame of its front end;
    /// `extra` settings added (a language model for free recognition).
    /// - Throws: ``AlignmentError/recognizer(_:)`` when a model file is missing or refused.
    func openDecoder(model: String, sampleRate: Int, extra: [String] = [], needs files: [String] = [])
        throws(AlignmentError) -> (decoder: OpaquePointer, frameShift: Int)
    {
        let framesPerSecond = 100
        // As sphinxbase's front end rounds it.
        let frameShift = Int(Double(sampleRate) / Double(framesPerSecond) + 0.5)
        var fft = 512
        while Double(fft) < 0.025625 * Double(sampleRate) { fft *= 2 }
        for file in ["/en-us/mdef", "/cmudict-en-us.dict"] + files where access(model + file, R_OK) != 0 {
            throw .recognizer("the PocketSphinx en-us model is not installed (\(model + file)); install the pocketsphinx-en-us package")
        }
        let arguments = [
            "-hmm", model + "/en-us", "-dict", model + "/cmudict-en-us.dict", "-samprate", String(sampleRate),
            "-nfft", String(fft), "-frate", String(framesPerSecond),
            // Every frame kept, so that frame numbers count from the stretch's start.
            "-remove_silence", "no",
        ] + extra
        // No -logfn: the log is off for the process.
        silenceLog()
        var pointers = arguments.map { strdup($0) }
        defer { pointers.forEach { Glibc.free($0) } }
        let config = pointers.withUnsafeMutableBufferPointer { buffer in
            parseConfig(nil, self.arguments(), Int32(buffer.count), buffer.baseAddress, 1)
        }
        guard let config else { throw .recognizer("PocketSphinx refused its settings") }
        defer { _ = freeConfig(config) }
        guard let decoder = decoder(config) else {
            throw .recognizer("PocketSphinx could not open its en-us model in \(model)")
        }
        return (decoder, frameShift)
    }

    /// Decodes `samples` as one utterance with `decoder`'s search in use:
    /// its best hypothesis and that path's score; nil when nothing was
    /// searched or no hypothesis found.
    func decodeUtterance(_ decoder: OpaquePointer, _ samples: UnsafeBufferPointer<Int16>) -> (text: String, score: Int32)? {
        guard startUtterance(decoder) == 0 else { return nil }
        let searched = processRaw(decoder, samples.baseAddress, samples.count, 0, 1)
        var score: Int32 = 0
        guard endUtterance(decoder) == 0, searched > 0, let text = hypothesis(decoder, &score) else { return nil }
        return (String(cString: text), score)
    }

    /// Whether a segment or hypothesis word is a word rather than silence
    /// or a filler (`<sil>`, `[NOISE]`, `<s>`, `+SPN+`).
    static func isWord(_ word: some StringProtocol) -> Bool {
        guard let first = word.first else { return false }
        return first != "<" && first != "[" && first != "+"
    }

    /// The library, loaded once per process; the failure says what to install.
    static let shared: Result<PocketSphinxLibrary, AlignmentError> = Result { () throws(AlignmentError) in try load() }

    private static let fileName = "libpocketsphinx.so.3"

    private static func load() throws(AlignmentError) -> PocketSphinxLibrary {
        guard let handle = dlopen(fileName, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            throw .recognizer("cannot load PocketSphinx (\(reason)); install the libpocketsphinx3 and pocketsphinx-en-us packages")
        }
        // dlsym searches the library's dependencies too: cmd_ln_* and err_* are libsphinxbase's.
        func symbol<Function>(_ name: String, as type: Function.Type) throws(AlignmentError) -> Function {
            guard let address = dlsym(handle, name) else { throw .recognizer("\(fileName) has no \(name); PocketSphinx 5prealpha is needed") }
            return unsafeBitCast(address, to: type)
        }
        return PocketSphinxLibrary(
            arguments: try symbol("ps_args", as: Arguments.self),
            parseConfig: try symbol("cmd_ln_parse_r", as: ParseConfig.self),
            freeConfig: try symbol("cmd_ln_free_r", as: FreeConfig.self),
            initialize: try symbol("ps_init", as: Initialize.self),
            free: try symbol("ps_free", as: Free.self),
            lookUp: try symbol("ps_lookup_word", as: LookUp.self),
            addWord: try symbol("ps_add_word", as: AddWord.self),
            setGrammar: try symbol("ps_set_jsgf_string", as: SetGrammar.self),
            setSearch: try symbol("ps_set_search", as: SetSearch.self),
            startUtterance: try symbol("ps_start_utt", as: Utterance.self),
            endUtterance: try symbol("ps_end_utt", as: Utterance.self),
            processRaw: try symbol("ps_process_raw", as: ProcessRaw.self),
            hypothesis: try symbol("ps_get_hyp", as: Hypothesis.self),
            segments: try symbol("ps_seg_iter", as: Segments.self),
            nextSegment: try symbol("ps_seg_next", as: NextSegment.self),
            segmentWord: try symbol("ps_seg_word", as: SegmentWord.self),
            segmentFrames: try symbol("ps_seg_frames", as: SegmentFrames.self),
            freeSegment: try symbol("ps_seg_free", as: FreeSegment.self),
            setLogFile: try symbol("err_set_logfp", as: SetLogFile.self))
    }
}
