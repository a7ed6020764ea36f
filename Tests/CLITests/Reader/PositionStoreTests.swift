import BookModel
import Foundation
import InteractiveReader
import Narrator
import Testing

@testable import narrate

private func temporaryStore() throws -> PositionStore {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("narrate-positions-\(UUID().uuidString)")
    return PositionStore(directory: url)
}

@Test func savesAndRestoresAPositionPerBook() throws {
    let store = try temporaryStore()
    defer { try? FileManager.default.removeItem(at: store.directory) }
    #expect(store.position(for: "id:a") == nil)
    try store.save(ReadingPosition(page: 3, offset: 120), for: "id:a", title: "A")
    try store.save(ReadingPosition(page: 1, offset: 0), for: "id:b", title: nil)
    #expect(store.position(for: "id:a") == ReadingPosition(page: 3, offset: 120))
    try store.save(ReadingPosition(page: 4, offset: 7), for: "id:a", title: "A")
    #expect(store.position(for: "id:a") == ReadingPosition(page: 4, offset: 7))
    #expect(store.position(for: "id:b") == ReadingPosition(page: 1, offset: 0))
}

@Test func remembersTheSpeedWithThePlace() throws {
    let store = try temporaryStore()
    defer { try? FileManager.default.removeItem(at: store.directory) }
    try store.save(ReadingPosition(page: 2, offset: 5), speed: 1.7, for: "id:a", title: "A")
    #expect(store.speed(for: "id:a") == 1.7)
    #expect(store.position(for: "id:a") == ReadingPosition(page: 2, offset: 5))
    // A file written before speeds were remembered has none.
    try Data(#"{"key":"id:old","position":{"page":1,"offset":0}}"#.utf8).write(to: store.file(for: "id:old"))
    #expect(store.speed(for: "id:old") == nil && store.position(for: "id:old") == ReadingPosition(page: 1, offset: 0))
}

@Test func ignoresAnUnreadableFile() throws {
    let store = try temporaryStore()
    defer { try? FileManager.default.removeItem(at: store.directory) }
    try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
    try Data("{not json".utf8).write(to: store.file(for: "id:x"))
    #expect(store.position(for: "id:x") == nil)
}

@Test(arguments: [
    (["XDG_STATE_HOME": "/s", "HOME": "/h"], "/s/narrate/positions"),
    (["HOME": "/h"], "/h/.local/state/narrate/positions"),
    (["XDG_STATE_HOME": "relative", "HOME": "/h"], "/h/.local/state/narrate/positions"),
])
func findsTheStateFolderFromTheEnvironment(environment: [String: String], expected: String) {
    #expect(PositionStore(environment: environment)?.directory.path == expected)
}

@Test func hasNoStoreWithoutAHome() {
    #expect(PositionStore(environment: [:]) == nil)
}

@Test func keysABookByItsIdentifierOrElseItsText() {
    let text = [Page(title: "I", utterances: [Utterance("Once upon a time.")])]
    let identified = Book(metadata: BookMetadata(title: "T", identifier: "urn:isbn:123"), pages: text)
    let renamed = Book(metadata: BookMetadata(title: "Other", identifier: "urn:isbn:123"), pages: [])
    #expect(PositionStore.key(for: identified) == "id:urn:isbn:123")
    #expect(PositionStore.key(for: renamed) == PositionStore.key(for: identified))
    let anonymous = Book(pages: text)
    let resplit = Book(pages: [Page(title: "I", utterances: [Utterance("Once "), Utterance("upon a time.")])])
    let changed = Book(pages: [Page(title: "I", utterances: [Utterance("Once upon a time!")])])
    #expect(PositionStore.key(for: anonymous).hasPrefix("text:"))
    #expect(PositionStore.key(for: anonymous) == PositionStore.key(for: resplit))
    #expect(PositionStore.key(for: anonymous) != PositionStore.key(for: changed))
}
