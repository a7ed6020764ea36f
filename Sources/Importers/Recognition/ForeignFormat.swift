/// A kind of file narrate does not read, recognised by its content (its
/// magic number, or its first XML element), named for the one-line refusal:
/// "a PostScript document: narrate reads EPUB, FB2, HTML, DOCX, ODT, MOBI, AZW3, Markdown, PDF, plain text and narrated-book plists".
public struct ForeignFormat: Hashable, Sendable {
    /// What the file is, with its article: `a PostScript document`.
    public var name: String
    /// What the user can do instead, if anything: `convert it to text
    /// first, for example with pdftotext`.
    public var hint: String?

    public init(_ name: String, hint: String? = nil) {
        self.name = name
        self.hint = hint
    }

    /// Bytes that are neither a format narrate reads nor text.
    static let binaryData = ForeignFormat("binary data, not text")

    static let saveAsText = "save it as plain text or EPUB first"
    static let notText = "it holds no text to read"

    /// The foreign format the first bytes of a file show, if any; nil for
    /// formats narrate reads (zip, plists), XML that may be a plist, and
    /// anything that may be text.
    static func recognise(_ head: [UInt8]) -> ForeignFormat? {
        if let format = signatures.first(where: { $0.matches(head) }) { return format.format(head) }
        return MarkupRoot(head).flatMap(\.foreignFormat)
    }

    /// One magic number: bytes at an offset (and, for some, a further
    /// test), and the format they mean.
    private struct Signature: Sendable {
        var matches: @Sendable ([UInt8]) -> Bool
        var format: @Sendable ([UInt8]) -> ForeignFormat

        init(at offset: Int = 0, _ bytes: [UInt8], and also: (@Sendable ([UInt8]) -> Bool)? = nil,
             _ format: @escaping @Sendable ([UInt8]) -> ForeignFormat) {
            matches = { head in Self.has(bytes, at: offset, in: head) && (also?(head) ?? true) }
            self.format = format
        }

        init(at offset: Int = 0, _ bytes: [UInt8], and also: (@Sendable ([UInt8]) -> Bool)? = nil, _ format: ForeignFormat) {
            self.init(at: offset, bytes, and: also) { _ in format }
        }

        init(at offset: Int = 0, _ text: String, and also: (@Sendable ([UInt8]) -> Bool)? = nil, _ format: ForeignFormat) {
            self.init(at: offset, Array(text.utf8), and: also, format)
        }

        static func has(_ bytes: [UInt8], at offset: Int, in head: [UInt8]) -> Bool {
            head.count >= offset + bytes.count && head[offset..<offset + bytes.count].elementsEqual(bytes)
        }

        /// `RIFF` files: the form type at offset 8.
        static func riff(_ form: String) -> @Sendable ([UInt8]) -> Bool { { has(Array(form.utf8), at: 8, in: $0) } }

        /// An MPEG audio frame header after the `FF`: sync bits, a known
        /// version and layer (never `FF FE`/`FF FF`, UTF-16's byte-order
        /// marks), a valid bitrate.
        static func mpegAudioFrame(_ head: [UInt8]) -> Bool {
            guard head.count >= 3 else { return false }
            let second = head[1], third = head[2]
            guard second & 0xE0 == 0xE0, second & 0x18 != 0x08, second & 0x06 != 0, second < 0xFE else { return false }
            return third >> 4 != 0x0F && third & 0x0C != 0x0C
        }

        /// A DOS header whose `e_lfanew` points at `PE\0\0` within the head.
        static func portableExecutable(_ head: [UInt8]) -> Bool {
            guard head.count >= 0x40 else { return false }
            let offset = Int(head[0x3C]) | Int(head[0x3D]) << 8
            return has([0x50, 0x45, 0, 0], at: offset, in: head)
        }
    }

    private static let signatures: [Signature] = [
        Signature("%!PS", ForeignFormat("a PostScript document", hint: "convert it to text first, for example with ps2ascii")),
        Signature("AT&TFORM", ForeignFormat("a DjVu document", hint: "convert it to text first, for example with djvutxt")),
        Signature("{\\rtf", ForeignFormat("an RTF document", hint: saveAsText)),
        Signature([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1],
            ForeignFormat("a Microsoft Office document in the old binary format (DOC, XLS or PPT)", hint: saveAsText)),
        Signature([0x1F, 0x8B]) { gzip($0) },
        Signature([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00],
            ForeignFormat("an xz-compressed file", hint: "decompress it first: unxz -k FILE")),
        Signature("BZh", ForeignFormat("a bzip2-compressed file", hint: "decompress it first: bunzip2 -k FILE")),
        Signature([0x28, 0xB5, 0x2F, 0xFD],
            ForeignFormat("a zstd-compressed file", hint: "decompress it first: unzstd FILE")),
        Signature([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C],
            ForeignFormat("a 7-Zip archive", hint: "extract the book from it first")),
        Signature("Rar!\u{1A}\u{7}", ForeignFormat("a RAR archive", hint: "extract the book from it first")),
        Signature(at: 257, "ustar", ForeignFormat("a tar archive", hint: "extract the book from it first")),
        Signature([0xFF, 0xD8, 0xFF], ForeignFormat("a JPEG image", hint: notText)),
        Signature([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], ForeignFormat("a PNG image", hint: notText)),
        Signature("GIF8", ForeignFormat("a GIF image", hint: notText)),
        Signature("RIFF", and: Signature.riff("WEBP"), ForeignFormat("a WebP image", hint: notText)),
        Signature("II*\u{0}", ForeignFormat("a TIFF image", hint: notText)),
        Signature("MM\u{0}*", ForeignFormat("a TIFF image", hint: notText)),
        Signature("RIFF", and: Signature.riff("WAVE"), ForeignFormat("a WAV audio file", hint: notText)),
        Signature("RIFF", and: Signature.riff("AVI "), ForeignFormat("an AVI video", hint: notText)),
        Signature("ID3", ForeignFormat("an MP3 audio file", hint: notText)),
        Signature([0xFF], and: { Signature.mpegAudioFrame($0) }, ForeignFormat("an MP3 audio file", hint: notText)),
        Signature("OggS", ForeignFormat("an Ogg audio or video file", hint: notText)),
        Signature("fLaC", ForeignFormat("a FLAC audio file", hint: notText)),
        Signature(at: 4, Array("ftyp".utf8)) { mpeg4($0) },
        Signature([0x1A, 0x45, 0xDF, 0xA3], ForeignFormat("a Matroska or WebM video", hint: notText)),
        Signature("MThd", ForeignFormat("a MIDI file", hint: notText)),
        Signature([0x7F, 0x45, 0x4C, 0x46], ForeignFormat("an executable program (ELF)", hint: notText)),
        Signature("MZ", and: { Signature.portableExecutable($0) }, ForeignFormat("a Windows executable", hint: notText)),
        Signature([0xCF, 0xFA, 0xED, 0xFE], ForeignFormat("a macOS executable (Mach-O)", hint: notText)),
        Signature([0xCE, 0xFA, 0xED, 0xFE], ForeignFormat("a macOS executable (Mach-O)", hint: notText)),
        Signature([0xCA, 0xFE, 0xBA, 0xBE], ForeignFormat("a Java class file or macOS universal program", hint: notText)),
        Signature("SQLite format 3\u{0}", ForeignFormat("an SQLite database", hint: notText)),
    ]

    /// gzip, naming the file inside when the header does (`FNAME`).
    private static func gzip(_ head: [UInt8]) -> ForeignFormat {
        let hint = "decompress it first: gunzip -k FILE"
        guard head.count > 10, head[3] & 0x08 != 0, head[3] & 0x04 == 0 else {
            return ForeignFormat("a gzip-compressed file", hint: hint)
        }
        let name = head[10...].prefix { $0 != 0 }.prefix(80)
        guard let text = String(validating: name, as: UTF8.self), !text.isEmpty,
              text.unicodeScalars.allSatisfy({ $0.value >= 0x20 })
        else { return ForeignFormat("a gzip-compressed file", hint: hint) }
        return ForeignFormat("a gzip-compressed file (of \(text))", hint: hint)
    }

    /// ISO base media: audio brands (M4A, M4B) apart from video and images.
    private static func mpeg4(_ head: [UInt8]) -> ForeignFormat {
        let brand = head.count >= 12 ? String(decoding: head[8..<12], as: UTF8.self) : ""
        switch brand {
        case "M4A ", "M4B ", "M4P ": return ForeignFormat("an MPEG-4 audio file (M4A or M4B)", hint: notText)
        case "heic", "heix", "mif1", "avif": return ForeignFormat("an HEIF or AVIF image", hint: notText)
        case "qt  ": return ForeignFormat("a QuickTime video", hint: notText)
        default: return ForeignFormat("an MPEG-4 video or audio file", hint: notText)
        }
    }
}
