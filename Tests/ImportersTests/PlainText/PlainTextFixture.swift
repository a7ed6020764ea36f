import Foundation
import TestSupport

/// Reads fixtures from `fixtures/text/` and corpus books from
/// `../shared/corpus/text/`, both found from this file's path.
enum PlainTextFixture {
    static func bytes(_ name: String) throws -> [UInt8] {
        try PackageFixtures.bytes("text/\(name)")
    }

    static let corpusDirectory = PackageFixtures.root.appendingPathComponent("../shared/corpus/text").standardized

    /// Whether the shared corpus is there; tests that need it are skipped,
    /// saying why, when it is not.
    static let corpusIsPresent = FileManager.default.fileExists(atPath: corpusDirectory.path)

    /// The corpus file's bytes, or nil when it cannot be read.
    static func corpus(_ name: String) -> [UInt8]? {
        (try? Data(contentsOf: corpusDirectory.appendingPathComponent(name))).map { [UInt8]($0) }
    }
}
