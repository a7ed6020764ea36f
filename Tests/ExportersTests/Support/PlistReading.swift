import BookModel

/// The parts of a plist read back that the tests look at: each is nil when
/// the value is not of that type, so a wrong shape fails the comparison.
extension PropertyListValue {
    var array: [PropertyListValue]? {
        if case .array(let items) = self { items } else { nil }
    }

    var string: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// The value at `key` of a dictionary.
    subscript(key: String) -> PropertyListValue? {
        if case .dictionary(let dictionary) = self { dictionary[key] } else { nil }
    }
}
