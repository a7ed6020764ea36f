import Foundation
import FoundationXML
import TestSupport

/// A read-along EPUB narrate wrote, unpacked for checking: its overlays'
/// clips, its documents' ids and text.
struct ReadAlongBook {
    /// One `<par>`: the content document and fragment, and the clip.
    struct Clip {
        var document: String
        var fragment: String
        var audio: String
        var begin: Double
        var end: Double
    }

    let folder: URL
    /// Every clip of every overlay, by SMIL file, in order.
    var overlays: [String: [Clip]] = [:]

    /// Unpacks `path` into `folder` with unzip.
    init(_ path: String, into folder: URL) throws {
        self.folder = folder
        let unzip = try ChildProcess.run("/usr/bin/env", ["unzip", "-qo", path, "-d", folder.path])
        guard unzip.status == 0 else { throw ChildProcessError("unzip cannot read \(path)") }
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let name = enumerator?.nextObject() as? String {
            guard name.hasSuffix(".smil") else { continue }
            overlays[name] = try Self.clips(folder.appendingPathComponent(name), base: (name as NSString).deletingLastPathComponent)
        }
    }

    private static func clips(_ smil: URL, base: String) throws -> [Clip] {
        let document = try XMLDocument(contentsOf: smil)
        return elements(named: "par", under: document.rootElement()).compactMap { node in
            let children = (node.children ?? []).compactMap { $0 as? XMLElement }
            guard let text = children.first(where: { $0.localName == "text" })?.value("src"),
                let audio = children.first(where: { $0.localName == "audio" })
            else { return nil }
            let parts = text.split(separator: "#", maxSplits: 1).map(String.init)
            return Clip(
                document: Self.resolve(parts[0], base: base), fragment: parts.count > 1 ? parts[1] : "",
                audio: Self.resolve(audio.value("src") ?? "", base: base),
                begin: seconds(audio.value("clipBegin")),
                end: seconds(audio.value("clipEnd")))
        }
    }

    /// The elements of a local name under `element`, in document order.
    static func elements(named name: String, under element: XMLElement?) -> [XMLElement] {
        guard let element else { return [] }
        let children = (element.children ?? []).compactMap { $0 as? XMLElement }
        return (element.localName == name ? [element] : []) + children.flatMap { elements(named: name, under: $0) }
    }

    /// `0:01:02.500` → 62.5.
    static func seconds(_ clock: String?) -> Double {
        (clock ?? "").split(separator: ":").reduce(0) { $0 * 60 + (Double($1) ?? .nan) }
    }

    static func resolve(_ href: String, base: String) -> String {
        var parts = base.isEmpty ? [] : base.split(separator: "/").map(String.init)
        for part in href.split(separator: "/").map(String.init) {
            if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(part) }
        }
        return parts.joined(separator: "/").removingPercentEncoding ?? ""
    }

    /// The text of a document with all markup taken away.
    static func text(of file: URL) throws -> String {
        try XMLDocument(contentsOf: file, options: [.nodePreserveWhitespace]).rootElement()?.stringValue ?? ""
    }

    /// The text of each element narrate gave an id (`narrate-…`), by id.
    func fragmentTexts(in document: String) throws -> [String: String] {
        let xml = try XMLDocument(contentsOf: folder.appendingPathComponent(document), options: [.nodePreserveWhitespace])
        var texts: [String: String] = [:]
        var pending = [xml.rootElement()].compactMap { $0 }
        while let element = pending.popLast() {
            if let id = element.value("id"), id.hasPrefix("narrate-"), !id.hasPrefix("narrate-section") {
                texts[id] = element.stringValue ?? ""
            }
            pending += (element.children ?? []).compactMap { $0 as? XMLElement }
        }
        return texts
    }

    /// The `id`s a document has.
    func ids(in document: String) throws -> Set<String> {
        let xml = try XMLDocument(contentsOf: folder.appendingPathComponent(document))
        var ids: Set<String> = []
        var pending = [xml.rootElement()].compactMap { $0 }
        while let element = pending.popLast() {
            if let id = element.value("id") { ids.insert(id) }
            pending += (element.children ?? []).compactMap { $0 as? XMLElement }
        }
        return ids
    }
}

extension XMLElement {
    /// An attribute's value by name (`attribute(forName:)` misses unprefixed
    /// attributes of namespaced elements in swift-corelibs-foundation).
    func value(_ name: String) -> String? {
        attributes?.first { $0.name == name || $0.localName == name }?.stringValue
    }
}
