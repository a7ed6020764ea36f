/// What the repair step changed in a book to make its read-along output
/// valid EPUB 3, counted by kind (see docs/readalong.md, "Repairs").
public struct RepairTally: Sendable, Equatable {
    /// One kind of repair, in the order the warning lists them.
    public enum Kind: Int, CaseIterable, Sendable, Comparable {
        /// A document libxml2 could read only in recovery mode, written back as XML.
        case recoveredDocuments
        /// A document even libxml2's recovery cannot read without losing text, read as HTML and written as XHTML.
        case htmlDocuments
        /// An element EPUB 3 no longer has (`<tt>`) given its HTML5 name.
        case obsoleteElements
        /// `<li>` outside any list, put in a `<ul>`.
        case strayListItems
        /// An `<hr>` inside a `<p>`, which may hold only phrasing content, moved before or after it.
        case blocksInParagraphs
        /// A second element with an id already taken, given a new id.
        case duplicateIDs
        /// Markup inside an NCX `<text>`, which may hold only text, taken out (its text kept).
        case markupInNCXText
        /// An element the NCX `<head>` may not hold (`<title>`, `<link>`: only `<meta>` may be there), removed.
        case foreignNCXHead
        /// A `<head>` without the `<title>` it must have, given the book's title.
        case missingTitles
        /// An NCX without the `dtb:uid` its head must hold, given the package's unique identifier.
        case missingNCXUID
        /// An EPUB 3 package without the navigation document it must have, given one (from its NCX, else a link to its start).
        case missingNavigation
        /// An `<a name>` anchor a link names by `#fragment`, given that id (HTML5 links reach ids only).
        case namedAnchors
        /// A link to a file missing its folder, pointed at the one file of that name the book has.
        case relocatedLinks
        /// A link to a file the book does not have, kept as text without `href`.
        case linksToMissingFiles
        /// A link to a `#fragment` its document does not have, pointed at the document.
        case linksToMissingFragments
        /// Package attributes written on `<metadata>` (`unique-identifier`, `version`), removed there.
        case misplacedPackageAttributes
        /// A package `unique-identifier` naming no identifier, pointed at the book's identifier.
        case uniqueIdentifier
        /// A unique identifier `urn:uuid:X` whose X is no UUID: `X` alone (in the NCX's `dtb:uid` too).
        case invalidUUID

        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }

        /// How a count of this kind reads in the warning: `190 duplicate ids`.
        func phrase(_ count: Int) -> String {
            let plural = count == 1 ? "" : "s"
            switch self {
            case .recoveredDocuments: return "\(count) document\(plural) not well-formed as XML (read in libxml2's recovery mode)"
            case .htmlDocuments: return "\(count) document\(plural) readable only as HTML (written back as XHTML)"
            case .obsoleteElements: return "\(count) obsolete element\(plural) (<tt> to <code>)"
            case .strayListItems: return "\(count) list item\(plural) outside a list (put in <ul>)"
            case .blocksInParagraphs: return "\(count) <hr> inside paragraphs (moved out)"
            case .foreignNCXHead: return "\(count) element\(plural) the NCX head may not hold (removed)"
            case .invalidUUID: return "a unique identifier marked urn:uuid: that is no UUID (the mark dropped)"
            case .duplicateIDs: return "\(count) duplicate id\(plural)"
            case .markupInNCXText: return "\(count) element\(plural) inside NCX labels"
            case .missingTitles: return "\(count) missing <title>\(plural)"
            case .missingNCXUID: return "the NCX's missing dtb:uid"
            case .missingNavigation: return "the missing navigation document"
            case .namedAnchors: return "\(count) <a name> anchor\(plural) given their name as id"
            case .relocatedLinks: return "\(count) link\(plural) to files missing their folder"
            case .linksToMissingFiles: return "\(count) link\(plural) to missing files (kept as text)"
            case .linksToMissingFragments: return "\(count) link\(plural) to missing fragments (pointed at their document)"
            case .misplacedPackageAttributes: return "\(count) package attribute\(plural) misplaced on <metadata>"
            case .uniqueIdentifier: return "the package's unique-identifier"
            }
        }
    }

    /// How many repairs of each kind were made.
    public private(set) var counts: [Kind: Int] = [:]

    public init() {}

    public var isEmpty: Bool { counts.isEmpty }

    mutating func add(_ kind: Kind, _ count: Int = 1) {
        guard count > 0 else { return }
        counts[kind, default: 0] += count
    }

    mutating func add(_ other: RepairTally) {
        for (kind, count) in other.counts { add(kind, count) }
    }

    /// `repaired 190 duplicate ids, 37 links to missing fragments (…)`; nil when nothing was repaired.
    public var summary: String? {
        guard !counts.isEmpty else { return nil }
        return "repaired " + counts.keys.sorted().map { $0.phrase(counts[$0] ?? 0) }.joined(separator: ", ")
    }
}
