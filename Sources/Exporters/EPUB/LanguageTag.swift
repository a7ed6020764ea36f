/// Language tags as the package and `xml:lang` take them.
enum LanguageTag {
    /// `tag` with `_` written `-` when it has the shape of a BCP 47 tag
    /// (`en`, `pt-BR`, `zh-Hant-TW`: a primary subtag of 2–3 letters,
    /// then subtags of 1–8 letters or digits); nil when absent or not a tag
    /// (`English`), which the caller replaces with `und`.
    static func sanitized(_ tag: String?) -> String? {
        guard let tag else { return nil }
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "_", omittingEmptySubsequences: false)
        }
        guard let primary = subtags.first, (2...3).contains(primary.count), primary.allSatisfy({ $0.isASCII && $0.isLetter }),
            subtags.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return nil }
        return subtags.joined(separator: "-")
    }
}
