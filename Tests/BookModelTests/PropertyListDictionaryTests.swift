import BookModel
import Testing

@Test func dictionariesWithTheSameEntriesInAnotherOrderAreEqual() {
    let a: PropertyListDictionary = ["a": .integer(1), "b": .string("x")]
    let b: PropertyListDictionary = ["b": .string("x"), "a": .integer(1)]
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(a.keys == ["a", "b"])
}

@Test func integerAndRealWithTheSameValueDiffer() {
    #expect(PropertyListValue.integer(1) != .real(1))
    let a: PropertyListDictionary = ["rate": .integer(1)]
    let b: PropertyListDictionary = ["rate": .real(1)]
    #expect(a != b)
}

@Test func settingAKeyReplacesInPlaceAndNilRemoves() {
    var dictionary: PropertyListDictionary = ["a": .integer(1), "b": .integer(2)]
    dictionary["a"] = .integer(3)
    #expect(dictionary.keys == ["a", "b"])
    #expect(dictionary["a"] == .integer(3))
    dictionary["a"] = nil
    #expect(dictionary.keys == ["b"])
    #expect(dictionary.count == 1)
}
