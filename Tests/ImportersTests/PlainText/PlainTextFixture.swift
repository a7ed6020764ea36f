import Foundation
import TestSupport

/// Reads fixtures from `fixtures/text/` and corpus books from
/// `../shared/corpus/text/`, both found from this file's path.
enum PlainTextFixture {
    static func bytes(_ name: String) throws -> [UInt8] {
        try PackageFixtures.bytes("text/\(name)")
    }

    static let corpusDirectory = PackageFixtures.root.appendingPathComponent("../shared/corpus/text").standardized

    /// The corpus file's bytes, or nil (with a message) when the corpus is absent.
    static func corpus(_ name: String) -> [UInt8]? {
        let url = corpusDirectory.appendingPathComponent(name)
        guard let data = try? Data(contentsOf: url) else {
            print("skipped: \(url.path) is absent (the shared corpus is not part of the project)")
            return nil
        }
        return [UInt8](data)
    }
}
