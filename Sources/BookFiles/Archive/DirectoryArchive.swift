import Foundation

/// An exploded container: the files under a folder, read by normalised path.
/// Only regular files are listed; symbolic links are not followed, so nothing
/// outside the folder can be read.
public struct DirectoryArchive: Archive {
    /// The folder, as given.
    public let root: String
    private let limits: ArchiveLimits
    public private(set) var entryPaths: [String] = []
    private var known: Set<String> = []

    /// Lists the regular files under `root`.
    /// - Throws: ``ArchiveError/notAnArchive(_:)`` when `root` is not a folder.
    public init(root: String, limits: ArchiveLimits = ArchiveLimits()) throws(ArchiveError) {
        self.root = root
        self.limits = limits
        guard let enumerator = FileManager.default.enumerator(atPath: root) else {
            throw .notAnArchive("\(root) is not a folder")
        }
        while let relative = enumerator.nextObject() as? String {
            guard Self.isRegularFile(root + "/" + relative), let path = ArchivePath.normalise(entryName: relative)
            else { continue }
            entryPaths.append(path)
            known.insert(path)
        }
        entryPaths.sort()
    }

    public func contains(_ path: String) -> Bool { known.contains(path) }

    public func read(_ path: String) throws(ArchiveError) -> [UInt8] {
        guard known.contains(path) else { throw .missingEntry(path) }
        let url = URL(fileURLWithPath: root).appendingPathComponent(path)
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? UInt64 ?? 0
        guard size <= limits.maxEntrySize else {
            throw .entryTooLarge(path: path, size: size, limit: limits.maxEntrySize)
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw .corruptEntry(path: path, message: "cannot be read")
        }
        return [UInt8](data)
    }

    private static func isRegularFile(_ path: String) -> Bool {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return attributes?[.type] as? FileAttributeType == .typeRegular
    }
}
