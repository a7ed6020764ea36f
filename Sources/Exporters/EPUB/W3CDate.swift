/// Dates as the package's `dc:date` takes them (W3CDTF): `1813`,
/// `1813-01` or `1813-01-28`.
public enum W3CDate {
    /// Whether `text` is a W3CDTF date without a time.
    public static func isValid(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return (1...3).contains(parts.count) && parts.enumerated().allSatisfy { index, part in
            part.count == (index == 0 ? 4 : 2) && part.allSatisfy { $0.isASCII && $0.isNumber }
        }
    }

    /// The date part of `text` when it is a W3CDTF date, or starts with
    /// one followed by a time (`2020-03-01T10:00:00Z` gives `2020-03-01`);
    /// nil for dates written otherwise (`March 1813`), which are left out.
    public static func datePart(of text: String) -> String? {
        let date = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return isValid(date) ? date : nil
    }
}
