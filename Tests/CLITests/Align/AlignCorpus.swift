import Foundation
import TestSupport

/// The corpus book the aligner's end-to-end tests read (they are skipped when ../shared/corpus is absent).
enum AlignCorpus {
    static let prideAndPrejudice = PackageFixtures.root
        .appendingPathComponent("../shared/corpus/epub/se_jane-austen_pride-and-prejudice.epub").standardized.path
    static let isPresent = FileManager.default.fileExists(atPath: prideAndPrejudice)
    /// The W3C test book with its own reading and Media Overlays.
    static let mediaOverlayBook = PackageFixtures.root
        .appendingPathComponent("../shared/corpus/epub/w3c-epub-tests_mol-navigation.epub").standardized.path
    static let hasMediaOverlayBook = FileManager.default.fileExists(atPath: mediaOverlayBook)
}
