/// A place in a source document: a file or archive entry, and a line and column
/// inside it when known.
public struct SourceLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Path of the document: an archive entry such as `OEBPS/ch3.xhtml`, or a
    /// file name; `nil` when the book came from one unnamed stream.
    public var resource: String?
    /// 1-based line number; `nil` when unknown.
    public var line: Int?
    /// 1-based column, counted in characters; `nil` when unknown.
    public var column: Int?

    public init(resource: String? = nil, line: Int? = nil, column: Int? = nil) {
        self.resource = resource
        self.line = line
        self.column = column
    }

    /// `resource:line:column`, leaving out what is unknown; `line 12` when
    /// there is no resource.
    public var description: String {
        if resource == nil, let line { return "line \(line)" + (column.map { ":\($0)" } ?? "") }
        var parts: [String] = []
        if let resource { parts.append(resource) }
        if let line {
            parts.append(String(line))
            if let column { parts.append(String(column)) }
        }
        return parts.joined(separator: ":")
    }
}
