import BookFiles
import Foundation

/// Writes the images pages use as backgrounds into a folder, at their archive
/// paths, so an exported plist's names point at real files. Each file is
/// written atomically; nothing is written outside the folder.
enum ImageExtractor {
    /// Copies each of `paths` (normalised archive paths) from `archive` into
    /// `directory`, creating subfolders as needed.
    /// - Throws: ``ImportError/unsupported(_:)`` naming the file that could not be written.
    static func extract(_ paths: [String], from archive: some Archive, into directory: String) throws(ImportError) {
        let root = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        for path in Set(paths).sorted() {
            let components = path.split(separator: "/").map(String.init)
            guard !components.isEmpty, !components.contains(where: { $0 == ".." || $0 == "." }) else {
                throw .unsupported("\(path): image path leaves the extraction folder")
            }
            let bytes: [UInt8]
            do { bytes = try archive.read(path) } catch { throw ImportError(error) }
            let target = components.reduce(root) { $0.appendingPathComponent($1) }
            try write(bytes, to: target, under: root, components: components)
        }
    }

    private static func write(_ bytes: [UInt8], to target: URL, under root: URL, components: [String])
        throws(ImportError)
    {
        do {
            var folder = root
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            for component in components.dropLast() {
                folder.appendPathComponent(component)
                try refuseSymbolicLink(folder)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            try refuseSymbolicLink(target)
            try Data(bytes).write(to: target, options: .atomic)
        } catch let error as ImportError {
            throw error
        } catch {
            throw .unsupported("\(target.path): cannot write image: \(error.localizedDescription)")
        }
    }

    private static func refuseSymbolicLink(_ url: URL) throws {
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        if attributes?[.type] as? FileAttributeType == .typeSymbolicLink {
            throw ImportError.unsupported("\(url.path): is a symbolic link; refusing to write an image through it")
        }
    }
}
