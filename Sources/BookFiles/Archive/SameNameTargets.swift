/// Where a link to a file the book lacks most likely meant to point: the
/// one file of the same name. Converters such as Sphinx write links
/// relative to the wrong folder (`setup.xhtml` for `guide/setup.xhtml`).
///
/// Candidates are looked for group by group, in the order given (for an
/// EPUB: the linear spine, then the whole spine, then every file); the
/// first group holding any file of that name decides, and two there leave
/// the link unresolved (a book that carries its translations holds the
/// same names in several folders). The importer's table of contents and
/// the read-along repair both resolve links this way, so the chapters a
/// listener hears and the links a reader follows agree.
public struct SameNameTargets: Sendable {
    private let groups: [[Substring: [String]]]

    /// - Parameter groups: archive paths, most preferred group first.
    public init(preferring groups: [[String]]) {
        self.groups = groups.map { paths in Dictionary(grouping: Set(paths), by: Self.fileName) }
    }

    /// The one path of `path`'s file name in the first group that has any; nil when there is none, or several.
    public func target(for path: String) -> String? {
        guard let candidates = groups.lazy.compactMap({ $0[Self.fileName(path)] }).first, candidates.count == 1 else {
            return nil
        }
        return candidates[0]
    }

    /// The last component of an archive path.
    public static func fileName(_ path: String) -> Substring {
        path.split(separator: "/").last ?? Substring(path)
    }
}
