import BookFiles

/// A part's relationships (`word/_rels/document.xml.rels`): what each
/// `r:id` of the part points at, resolved to an archive path; links
/// outside the package are left out.
struct WordRelationships {
    /// Archive paths by relationship id.
    private(set) var targets: [String: String] = [:]
    /// Archive paths by relationship type's last word (`footnotes`, `styles`).
    private(set) var byType: [String: String] = [:]

    /// The relationships of the part at `part` (`word/document.xml`) in `archive`; none when it has no rels part.
    init(of part: String, in archive: some Archive) {
        let folder = part.split(separator: "/").dropLast().joined(separator: "/")
        let name = part.split(separator: "/").last.map(String.init) ?? part
        let relsPath = (folder.isEmpty ? "" : folder + "/") + "_rels/" + name + ".rels"
        guard let bytes = try? archive.read(relsPath), let document = try? XMLDocument.parse(bytes),
            let root = document.root
        else { return }
        for relationship in root.childElements where relationship.name == "Relationship" {
            guard relationship.attribute("TargetMode") != "External", let id = relationship.attribute("Id"),
                let target = relationship.attribute("Target"), let path = Self.resolve(target, from: part)
            else { continue }
            targets[id] = path
            if let type = relationship.attribute("Type")?.split(separator: "/").last { byType[String(type)] = path }
        }
    }

    /// A target relative to the part's folder, or absolute in the package (`/word/media/image1.png`).
    private static func resolve(_ target: String, from part: String) -> String? {
        target.hasPrefix("/") ? ArchivePath.resolve(String(target.dropFirst()), relativeTo: "")?.path
            : ArchivePath.resolve(target, relativeTo: part)?.path
    }
}
