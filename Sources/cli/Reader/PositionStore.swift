import Rendering
import InteractiveReader
import BookModel
import Foundation

/// Remembers where each book was left, and at what speed, one small JSON
/// file per book under
/// `$XDG_STATE_HOME/narrate/positions` (default
/// `~/.local/state/narrate/positions`), named by a hash of the book's key.
public struct PositionStore: Sendable {
    /// The folder holding the position files.
    public var directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// The store the environment points at: `$XDG_STATE_HOME/narrate`, or
    /// `$HOME/.local/state/narrate`; `nil` when neither variable is set.
    public init?(environment: [String: String]) {
        let base: URL
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = URL(fileURLWithPath: state)
        } else if let home = environment["HOME"], !home.isEmpty {
            base = URL(fileURLWithPath: home).appendingPathComponent(".local/state")
        } else {
            return nil
        }
        directory = base.appendingPathComponent("narrate/positions")
    }

    /// The key a book is remembered by: its identifier when it has one,
    /// otherwise a hash of its titles and text.
    public static func key(for book: Book) -> String {
        if let identifier = book.metadata.identifier?.trimmingCharacters(in: .whitespaces), !identifier.isEmpty {
            return "id:" + identifier
        }
        var hash = StableDigest()
        for page in book.pages {
            hash.append(contentsOf: page.title ?? "")
            hash.append(contentsOf: "\u{1}")
            for utterance in page.utterances { hash.append(contentsOf: utterance.text) }
            hash.append(contentsOf: "\u{2}")
        }
        return "text:" + hash.hex
    }

    /// The saved position for `key`, or `nil` when there is none or the file
    /// is unreadable.
    public func position(for key: String) -> ReadingPosition? {
        entry(for: key)?.position
    }

    /// The speed the book was last read at (`+`, `−`, `--rate`); nil when
    /// none was saved (files written before speeds were).
    public func speed(for key: String) -> Double? {
        entry(for: key)?.speed
    }

    /// Saves `position` and `speed` for `key`, atomically.
    /// - Throws: when the folder cannot be created or the file written.
    public func save(_ position: ReadingPosition, speed: Double? = nil, for key: String, title: String?) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let entry = Entry(key: key, title: title, position: position, speed: speed)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(entry).write(to: file(for: key), options: .atomic)
    }

    /// The file for a key: its hash, so any identifier makes a safe name.
    public func file(for key: String) -> URL {
        var hash = StableDigest()
        hash.append(contentsOf: key)
        return directory.appendingPathComponent(hash.hex + ".json")
    }

    private func entry(for key: String) -> Entry? {
        guard let data = try? Data(contentsOf: file(for: key)),
              let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.key == key
        else { return nil }
        return entry
    }

    private struct Entry: Codable {
        var key: String
        var title: String?
        var position: ReadingPosition
        /// Absent in files written before speeds were remembered.
        var speed: Double?
    }
}
