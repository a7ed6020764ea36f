import Foundation

/// Paths of the package's fixtures and of the shared corpus beside it.
public enum PackageFixtures {
    /// The package root, found from this file's path.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent("fixtures").appendingPathComponent(relativePath)
    }

    public static func bytes(_ relativePath: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url(relativePath)))
    }
}
