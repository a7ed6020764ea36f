extension String {
    /// Runs of XML's white space (spaces, tabs, line breaks) as one space,
    /// none at the ends; other spaces (no-break spaces) kept, as an
    /// importer reading a label or metadata keeps them.
    var collapsingXMLWhitespace: String {
        split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }).joined(separator: " ")
    }
}
