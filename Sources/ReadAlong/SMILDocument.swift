import BookFiles

/// The SMIL document of one ``MediaOverlay`` (EPUB 3 Media Overlays 3.3):
/// a `<body>` holding one `<par>` per clip, each with its `<text>` fragment
/// and `<audio>` clip, inside a `<seq epub:textref>` for each section the
/// fragment lies in (so a reading system can skip or leave a section).
public enum SMILDocument {
    /// The SMIL file's bytes.
    public static func bytes(of overlay: MediaOverlay) -> [UInt8] {
        let text = RelativePath.href(to: overlay.contentPath, from: overlay.smilPath)
        let audio = XMLText.escaped(RelativePath.href(to: overlay.audioPath, from: overlay.smilPath))
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<smil xmlns=\"http://www.w3.org/ns/SMIL\" xmlns:epub=\"http://www.idpf.org/2007/ops\" version=\"3.0\">",
            "  <body>",
        ]
        lines.reserveCapacity(overlay.clips.count + 8)
        var open: [String] = []  // the sections whose <seq> is open, outermost first
        func indent() -> String { String(repeating: "  ", count: open.count + 2) }
        for (index, clip) in overlay.clips.enumerated() {
            let shared = zip(open, clip.sections).prefix { $0 == $1 }.count
            while open.count > shared {
                open.removeLast()
                lines.append(indent() + "</seq>")
            }
            for section in clip.sections[shared...] {
                lines.append(indent() + "<seq epub:textref=\"\(XMLText.escaped(text + "#" + section))\">")
                open.append(section)
            }
            lines.append(
                indent() + "<par id=\"p\(index + 1)\"><text src=\"\(XMLText.escaped(text + "#" + clip.fragment))\"/>"
                    + "<audio src=\"\(audio)\" clipBegin=\"\(XMLText.clock(clip.begin))\" clipEnd=\"\(XMLText.clock(clip.end))\"/></par>")
        }
        while !open.isEmpty {
            open.removeLast()
            lines.append(indent() + "</seq>")
        }
        lines += ["  </body>", "</smil>", ""]
        return Array(lines.joined(separator: "\n").utf8)
    }
}
